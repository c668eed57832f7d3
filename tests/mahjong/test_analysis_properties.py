"""Whole-hand properties across suits: the analysis functions must agree with each other."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.mahjong.analysis import (
    classify_wait,
    decompositions,
    is_seven_pairs,
    is_standard_win,
    shanten,
    waits,
)
from qipai.mahjong.analysis.shape_tables import SetShape


def hand_of(tiles: list[int]) -> list[int]:
    counts = [0] * 34
    for tile in tiles:
        counts[tile >> 2] += 1
    return counts


def hands(sizes: tuple[int, ...]):
    return (
        st.sampled_from(sizes)
        .flatmap(
            lambda size: st.lists(st.integers(0, 135), min_size=size, max_size=size, unique=True)
        )
        .map(hand_of)
    )


def complete_hands():
    """Random sets and a pair (3n+2 tiles, n = 0..4) that fit in the tile set."""

    def build(seed: int) -> list[int]:
        rng = random.Random(seed)
        while True:
            counts = [0] * 34
            for _ in range(rng.randint(0, 4)):
                kind = rng.randrange(34)
                if kind < 27 and kind % 9 <= 6 and rng.random() < 0.5:
                    for offset in range(3):
                        counts[kind + offset] += 1
                else:
                    counts[kind] += 3
            counts[rng.randrange(34)] += 2
            if max(counts) <= 4:
                return counts

    return st.integers(0, 2**32).map(build)


@settings(max_examples=300, deadline=None)
@given(hands((13, 10, 7, 4, 1)))
def test_waits_are_exactly_the_kinds_that_complete_the_hand(counts):
    expected = []
    for kind in range(34):
        if counts[kind] < 4:
            counts[kind] += 1
            if is_standard_win(counts):
                expected.append(kind)
            counts[kind] -= 1
    assert waits(counts) == expected
    assert (shanten(counts) == 0) == bool(expected)


@settings(max_examples=300, deadline=None)
@given(complete_hands())
def test_every_decomposition_rebuilds_the_hand(counts):
    assert is_standard_win(counts)
    assert shanten(counts) == -1
    found = decompositions(counts)
    assert found and len(set(found)) == len(found)
    for reading in found:
        rebuilt = [0] * 34
        rebuilt[reading.pair] += 2
        for shape, first in reading.sets:
            for offset in (0, 1, 2):
                rebuilt[first + (offset if shape is SetShape.CHOW else 0)] += 1
        assert rebuilt == counts


@settings(max_examples=200, deadline=None)
@given(complete_hands(), st.data())
def test_wait_class_is_consistent_with_waits_and_decompositions(counts, data):
    win = data.draw(st.sampled_from([k for k in range(34) if counts[k]]))
    found = classify_wait(counts, win)
    before = counts.copy()
    before[win] -= 1
    assert found.waits == tuple(waits(before))
    assert win in found.waits
    if found.single:
        assert found.waits == (win,)
    if found.closed or found.edge:
        assert win < 27
    if found.edge:
        assert win % 9 in (2, 6)


@settings(max_examples=300, deadline=None)
@given(hands((14, 11, 8, 5, 2)))
def test_shanten_of_a_3n_plus_2_hand_is_its_best_discard(counts):
    value = shanten(counts)
    if is_standard_win(counts):
        assert value == -1
        assert decompositions(counts)
        return
    assert not decompositions(counts)
    best = min(
        shanten([c - (k == kind) for k, c in enumerate(counts)])
        for kind in range(34)
        if counts[kind]
    )
    assert value == best


@settings(max_examples=200, deadline=None)
@given(hands((14,)))
def test_seven_pairs_needs_only_even_counts(counts):
    assert is_seven_pairs(counts, quads_as_two_pairs=True) == all(c % 2 == 0 for c in counts)
    assert is_seven_pairs(counts, quads_as_two_pairs=False) == all(c in (0, 2) for c in counts)
