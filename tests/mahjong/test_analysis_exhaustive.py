"""Exhaustive checks that pass only if the table-driven analysis is exactly right.

Every single-suit count vector (each count 0..4, at most 14 tiles) and every honour vector is
compared with a brute-force recursive definition of the standard shape: the lowest tile of a
complete group must start a pung, a chow or (once) the pair. Waits of every single-suit hand
of 1, 4, 7, 10 and 13 tiles are compared with trying every kind (MJ-10: not a kind whose four
copies the hand holds). Shanten must satisfy the two equations that define it: a 3n+2 hand
that is not complete is as far as its best discard, and a 3n+1 hand is one more than its best
draw.
"""

from __future__ import annotations

from functools import cache
from itertools import product

import pytest

from qipai.mahjong.analysis import (
    Decomposition,
    SetShape,
    decompositions,
    is_standard_win,
    shanten,
    waits,
)

SUIT_STARTS = (0, 9, 18)
EAST, ONE_PIN, FIVE_PIN = 27, 9, 13


@cache
def group_vectors(ranks: int) -> list[tuple[int, ...]]:
    """Every vector of one group (built when a test first asks: not at collection)."""
    return [v for v in product(range(5), repeat=ranks) if sum(v) <= 14]


@cache
def brute_complete(group: tuple[int, ...], pairs: int, chows: bool) -> bool:
    """Sets (and ``pairs`` pairs) cover the group exactly; recursion on the lowest tile."""
    low = next((rank for rank, count in enumerate(group) if count), None)
    if low is None:
        return pairs == 0
    rest = list(group)
    if group[low] >= 3:
        rest[low] -= 3
        if brute_complete(tuple(rest), pairs, chows):
            return True
        rest[low] += 3
    if chows and low + 2 < len(group) and group[low + 1] and group[low + 2]:
        for offset in range(3):
            rest[low + offset] -= 1
        if brute_complete(tuple(rest), pairs, chows):
            return True
        for offset in range(3):
            rest[low + offset] += 1
    if pairs and group[low] >= 2:
        rest[low] -= 2
        if brute_complete(tuple(rest), pairs - 1, chows):
            return True
    return False


def brute_win(counts: list[int]) -> bool:
    """Whole hand: one group holds the pair, every other group is sets only."""
    groups = (
        (tuple(counts[0:9]), True),
        (tuple(counts[9:18]), True),
        (tuple(counts[18:27]), True),
        (tuple(counts[27:34]), False),
    )
    sets_only = [brute_complete(group, 0, chows) for group, chows in groups]
    return any(
        brute_complete(group, 1, chows) and all(sets_only[:index] + sets_only[index + 1 :])
        for index, (group, chows) in enumerate(groups)
    )


def in_suit(vector: tuple[int, ...], start: int = 0) -> list[int]:
    counts = [0] * 34
    counts[start : start + len(vector)] = vector
    return counts


def test_win_check_equals_brute_force_on_every_single_suit_vector():
    for vector in group_vectors(9):
        total = sum(vector)
        counts = in_suit(vector)
        expected = total % 3 == 2 and brute_complete(vector, 1, True)
        assert is_standard_win(counts) == expected, vector
        if total % 3 == 0 and total <= 12:
            # sets only: completed by a pair elsewhere
            counts[EAST] = 2
            assert is_standard_win(counts) == brute_complete(vector, 0, True), vector


def test_the_other_suits_use_the_same_table():
    for vector in group_vectors(9)[::7]:
        expected = sum(vector) % 3 == 2 and brute_complete(vector, 1, True)
        assert is_standard_win(in_suit(vector, 9)) == expected
        assert is_standard_win(in_suit(vector, 18)) == expected


def test_win_check_equals_brute_force_on_every_honour_vector():
    for vector in group_vectors(7):
        expected = sum(vector) % 3 == 2 and brute_complete(vector, 1, False)
        assert is_standard_win(in_suit(vector, 27)) == expected, vector


def test_mixed_hands_agree_with_brute_force():
    # Two suits and honours together, small enough to enumerate: pairs may sit anywhere.
    small = [v for v in group_vectors(9) if sum(v) <= 5][::3]
    for first, second in product(small, small[::5]):
        counts = in_suit(first)
        counts[9:18] = second
        if sum(counts) % 3 == 2 and sum(counts) <= 14:
            assert is_standard_win(counts) == brute_win(counts)


@pytest.mark.parametrize("size", [1, 4, 7, 10, 13])
def test_waits_equal_brute_force_on_every_single_suit_hand(size):
    others = (ONE_PIN, FIVE_PIN, EAST)  # an empty suit or the honours: the same by symmetry
    for vector in group_vectors(9):
        if sum(vector) != size:
            continue
        counts = in_suit(vector)
        expected = []
        grown = list(vector)
        for kind in range(9):
            if grown[kind] == 4:
                continue  # MJ-10: all four copies are in the hand already
            grown[kind] += 1
            if brute_complete(tuple(grown), 1, True):  # the other groups are empty
                expected.append(kind)
            grown[kind] -= 1
        for kind in others:
            counts[kind] += 1
            if brute_win(counts):
                expected.append(kind)
            counts[kind] -= 1
        assert waits(counts) == expected, vector


def brute_decompositions(group: tuple[int, ...], pairs: int) -> set[tuple]:
    """Every (pair rank, sorted sets) reading of a single-suit group."""
    low = next((rank for rank, count in enumerate(group) if count), None)
    if low is None:
        return {(None, ())} if pairs == 0 else set()
    found = set()
    rest = list(group)
    options = []
    if group[low] >= 3:
        options.append(((SetShape.PUNG, low), (low, low, low), 0))
    if low + 2 < 9 and group[low + 1] and group[low + 2]:
        options.append(((SetShape.CHOW, low), (low, low + 1, low + 2), 0))
    if pairs and group[low] >= 2:
        options.append((None, (low, low), 1))
    for shape, tiles, used_pair in options:
        for tile in tiles:
            rest[tile] -= 1
        for pair, sets in brute_decompositions(tuple(rest), pairs - used_pair):
            if shape is None:
                found.add((low, sets))
            else:
                found.add((pair, tuple(sorted(sets + (shape,), key=lambda s: (s[1], s[0])))))
        for tile in tiles:
            rest[tile] += 1
    return found


def test_decompositions_equal_brute_force_on_every_complete_suit():
    checked = 0
    for vector in group_vectors(9):
        if sum(vector) % 3 != 2 or not brute_complete(vector, 1, True):
            continue
        expected = {
            Decomposition(pair, tuple(sorted(sets, key=lambda s: (s[1], s[0]))))
            for pair, sets in brute_decompositions(vector, 1)
        }
        found = {
            Decomposition(d.pair, tuple(sorted(d.sets, key=lambda s: (s[1], s[0]))))
            for d in decompositions(in_suit(vector))
        }
        assert len(found) == len(decompositions(in_suit(vector))), vector  # no duplicates
        assert found == expected, vector
        checked += 1
    assert checked > 5000


def test_shanten_satisfies_its_defining_equations_on_every_13_and_14_tile_suit_vector():
    draws = list(range(9)) + [ONE_PIN, FIVE_PIN, EAST]
    for vector in group_vectors(9):
        total = sum(vector)
        if total < 13:
            continue
        counts = in_suit(vector)
        value = shanten(counts)
        if total % 3 == 2:
            if is_standard_win(counts):
                assert value == -1, vector
                continue
            best = 99
            for kind in range(9):
                if counts[kind]:
                    counts[kind] -= 1
                    best = min(best, shanten(counts))
                    counts[kind] += 1
            assert value == best, vector
        else:
            best = 99
            for kind in draws:
                if counts[kind] < 4:
                    counts[kind] += 1
                    best = min(best, shanten(counts))
                    counts[kind] -= 1
            assert value == best + 1, vector
            assert (value == 0) == bool(waits(counts)), vector
