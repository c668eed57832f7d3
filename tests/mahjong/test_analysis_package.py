"""Cross-check with the PyPI ``mahjong`` package (its 34-count API) on seeded random hands.

The package's ``Agari`` also accepts seven pairs (distinct pairs only) and thirteen orphans, and
its ``Shanten`` counts sets and partial sets; our analysis is table-driven and exact. They must
agree everywhere except where the rules differ on purpose: Sichuan counts four of a kind as two
pairs of a seven-pairs hand, the package does not.
"""

from __future__ import annotations

import random

import pytest
from mahjong.agari import Agari
from mahjong.shanten import Shanten

from qipai.mahjong.analysis import (
    is_seven_pairs,
    is_standard_win,
    is_thirteen_orphans,
    shanten,
    waits,
)
from qipai.mahjong.analysis.shanten import seven_pairs_shanten
from qipai.mahjong.tiles import parse_kinds, to_counts

HANDS = 4000


def random_hand(rng: random.Random, size: int) -> list[int]:
    counts = [0] * 34
    for tile in rng.sample(range(136), size):
        counts[tile >> 2] += 1
    return counts


def random_complete_hand(rng: random.Random) -> list[int]:
    while True:
        counts = [0] * 34
        for _ in range(4):
            kind = rng.randrange(34)
            if kind < 27 and kind % 9 <= 6 and rng.random() < 0.6:
                for offset in range(3):
                    counts[kind + offset] += 1
            else:
                counts[kind] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            return counts


def package_win(counts: list[int]) -> bool:
    return Agari.is_agari(counts)


def our_win_like_the_package(counts: list[int]) -> bool:
    """The package's notion: standard, distinct seven pairs, or thirteen orphans."""
    return (
        is_standard_win(counts)
        or (sum(counts) == 14 and is_seven_pairs(counts, quads_as_two_pairs=False))
        or is_thirteen_orphans(counts)
    )


@pytest.mark.parametrize("size", [14, 11, 8, 5, 2])
def test_win_check_agrees_on_random_hands(size):
    rng = random.Random(size)
    for _ in range(HANDS):
        counts = random_hand(rng, size)
        assert our_win_like_the_package(counts) == package_win(counts), counts


def test_win_check_agrees_on_random_complete_and_nearly_complete_hands():
    rng = random.Random(99)
    for _ in range(HANDS):
        counts = random_complete_hand(rng)
        assert is_standard_win(counts) and package_win(counts)
        # swap one tile for a random other kind: usually no longer complete
        gone = rng.choice([k for k in range(34) if counts[k]])
        new = rng.choice([k for k in range(34) if counts[k] < 4 and k != gone])
        counts[gone] -= 1
        counts[new] += 1
        assert our_win_like_the_package(counts) == package_win(counts), counts


@pytest.mark.parametrize("size", [14, 13, 11, 10, 8, 7, 5, 4, 2, 1])
def test_standard_shanten_agrees_on_random_hands(size):
    rng = random.Random(1000 + size)
    for _ in range(HANDS):
        counts = random_hand(rng, size)
        assert shanten(counts) == Shanten.calculate_shanten_for_regular_hand(counts), counts


def test_shanten_with_special_shapes_agrees_when_pairs_must_be_distinct():
    rng = random.Random(7)
    for _ in range(HANDS):
        counts = random_hand(rng, rng.choice([13, 14]))
        ours = shanten(counts, seven_pairs=True, thirteen_orphans=True, quads_as_two_pairs=False)
        assert ours == Shanten.calculate_shanten(counts), counts


def test_shanten_agrees_on_hands_crowded_with_few_kinds():
    # Many copies of few kinds: the cases where counting partial sets is hardest.
    rng = random.Random(11)
    for _ in range(HANDS):
        kinds = rng.sample(range(34), rng.randint(3, 7))
        pool = [kind for kind in kinds for _ in range(4)]
        size = rng.choice([s for s in (14, 13, 11, 10, 8, 7) if s <= len(pool)])
        counts = to_counts(rng.sample(pool, size))
        assert shanten(counts) == Shanten.calculate_shanten_for_regular_hand(counts), counts


def test_waits_agree_with_a_loop_of_the_packages_win_check():
    rng = random.Random(5)
    for _ in range(HANDS):
        counts = random_complete_hand(rng)
        counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
        expected = []
        for kind in range(34):
            if counts[kind] < 4:
                counts[kind] += 1
                if package_win(counts):
                    expected.append(kind)
                counts[kind] -= 1
        ours = waits(counts, seven_pairs=True, quads_as_two_pairs=False, thirteen_orphans=True)
        assert ours == expected, counts


def test_four_of_a_kind_as_two_pairs_is_the_one_deliberate_difference():
    hand = to_counts(parse_kinds("1122m 3344p 5555s 66s"))
    assert not package_win(hand)
    assert Shanten.calculate_shanten_for_chiitoitsu_hand(hand) == 1  # six distinct pairs
    assert is_seven_pairs(hand, quads_as_two_pairs=True)
    assert not is_seven_pairs(hand, quads_as_two_pairs=False)
    assert seven_pairs_shanten(hand, quads_as_two_pairs=True) == -1
    assert seven_pairs_shanten(hand, quads_as_two_pairs=False) == 1
    ready = to_counts(parse_kinds("1122m 3344p 555s 66s"))
    assert waits(ready, seven_pairs=True) == parse_kinds("5s")
    assert waits(ready, seven_pairs=True, quads_as_two_pairs=False) == []
    ready[24] += 1  # the package's loop: 5s completes nothing
    assert not package_win(ready)
