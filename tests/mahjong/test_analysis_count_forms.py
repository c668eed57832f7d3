"""``waits`` takes the count vector as a list, a tuple, ``bytes`` or a ``bytearray`` alike.

A caller that keeps its counts as a ``bytearray`` (it supports the same ``counts[kind] += 1``
as a list) spares ``waits`` converting 34 ints, a third of a call on a hand that waits on
nothing, so the answers, and the errors for bad vectors, must not depend on the form.
"""

from __future__ import annotations

import random

import pytest

from qipai.mahjong.analysis import HandCountsError, waits
from qipai.mahjong.notation import parse_hand
from qipai.mahjong.tiles import parse_kinds, to_counts

FLAGS = [
    {},
    {"seven_pairs": True},
    {"seven_pairs": True, "quads_as_two_pairs": False, "thirteen_orphans": True},
]


def random_hand(rng: random.Random, size: int) -> list[int]:
    counts = [0] * 34
    for tile in rng.sample(range(136), size):
        counts[tile >> 2] += 1
    return counts


def ready_hand(rng: random.Random) -> list[int]:
    """A complete hand of four pungs or chows and a pair, less one tile: it waits on something."""
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
            counts[rng.choice([kind for kind, count in enumerate(counts) if count])] -= 1
            return counts


@pytest.mark.parametrize("flags", FLAGS)
def test_every_form_of_the_counts_gives_the_same_waits(flags):
    rng = random.Random(18)
    hands = [random_hand(rng, size) for size in (1, 4, 7, 10, 13) for _ in range(300)]
    hands += [ready_hand(rng) for _ in range(1500)]
    hands.append(to_counts([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]))  # 13 orphans
    for hand in hands:
        expected = waits(hand, **flags)
        assert waits(bytearray(hand), **flags) == expected
        assert waits(bytes(hand), **flags) == expected
        assert waits(tuple(hand), **flags) == expected


def test_melded_counts_may_be_a_bytearray_too():
    # MJ-10: a melded pung of 5p plus a concealed 5p leaves no fifth copy to wait on.
    hand = parse_hand("5p [555p] 123m 456m 789m")
    concealed = hand.concealed_counts()
    melded = to_counts(tile for meld in hand.melds for tile in meld.tiles)
    assert waits(bytearray(concealed)) == parse_kinds("5p")
    assert waits(bytearray(concealed), melded=bytearray(melded)) == []


@pytest.mark.parametrize(
    "bad",
    [bytes(33), bytes([5] + [0] * 33), bytes([4] * 4 + [0] * 30), bytes(35), bytes([2] + [0] * 33)],
)
def test_bad_vectors_in_bytes_are_the_same_typed_errors(bad):
    for form in (bytes, bytearray):
        with pytest.raises(HandCountsError) as caught:
            waits(form(bad))
        assert caught.value.code == "bad_hand_counts"
