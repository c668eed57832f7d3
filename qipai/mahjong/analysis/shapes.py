"""Is a concealed hand complete, and in how many ways: the standard shape and the special ones.

The number of sets is not fixed: a concealed part of 3n+2 tiles needs n sets and a pair, so a
hand with exposed melds is passed as its concealed tiles alone and works unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from qipai.mahjong.analysis.counts import MAX_CONCEALED, SMALL_COUNTS, check_counts, checked_key
from qipai.mahjong.analysis.shape_tables import (
    HONOURS,
    SUIT,
    GroupArrangement,
    SetShape,
    build_group_tables,
)
from qipai.mahjong.tiles import TERMINALS_AND_HONOURS

_SUIT_PAIRS = SUIT.pairs
_HONOUR_PAIRS = HONOURS.pairs
"""Bound once, filled in place on first use (``build_group_tables``)."""
_GROUP_STARTS = (0, 9, 18, 27)
_PAIRED, _PAIRED_QUADS = bytes((0, 2)), bytes((0, 2, 4))
"""The counts seven pairs allows (``is_seven_pairs``: ``key.strip`` leaves nothing)."""


@dataclass(frozen=True)
class Decomposition:
    """One reading of a complete standard hand: the pair's kind and the sets, each as its shape
    and its first kind (a chow ``(CHOW, 3)`` is 4m 5m 6m), sorted by kind."""

    pair: int
    sets: tuple[tuple[SetShape, int], ...]


def is_standard_win(counts: Sequence[int]) -> bool:
    """n sets and one pair (mahjong-common §9.1), from four table lookups."""
    try:
        key = bytes(counts)
        found = _SUIT_PAIRS.get(key[0:9])
        if found is not None:
            pairs = found
            found = _SUIT_PAIRS.get(key[9:18])
            if found is not None:
                pairs += found
                found = _SUIT_PAIRS.get(key[18:27])
                if found is not None:
                    pairs += found
                    found = _HONOUR_PAIRS.get(key[27:])
                    if found is not None and len(key) == 34:
                        return pairs + found == 1
        if not _HONOUR_PAIRS:  # the first call: build the tables, then ask them
            build_group_tables()
            return is_standard_win(counts)
        if len(key) == 34 and not key.strip(SMALL_COUNTS) and sum(counts) <= MAX_CONCEALED:
            return False
    except (TypeError, ValueError):
        pass  # not a vector of small ints: check_counts below names the problem
    check_counts(counts)
    return False


def is_seven_pairs(counts: Sequence[int], *, quads_as_two_pairs: bool) -> bool:
    """Fourteen concealed tiles in pairs; four of a kind is two pairs only where the ruleset
    says so (Sichuan's 龙七对), otherwise the seven pairs must be distinct kinds."""
    key = checked_key(counts)  # checked in C: asked for every discard a seat could win on
    if sum(key) != 14:
        return False
    return not key.strip(_PAIRED_QUADS if quads_as_two_pairs else _PAIRED)


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    """十三幺: one of each terminal and honour plus a duplicate of one of them (ZY-04)."""
    check_counts(counts)
    if sum(counts) != 14:
        return False
    return (
        all(counts[kind] >= 1 for kind in TERMINALS_AND_HONOURS)
        and sum(counts[kind] for kind in TERMINALS_AND_HONOURS) == 14
    )


def decompositions(counts: Sequence[int]) -> list[Decomposition]:
    """Every standard reading of a complete hand (empty if it is not complete), so that scoring
    can pick the one most favourable to the winner (MJ-11)."""
    key = checked_key(counts)
    build_group_tables()
    per_group: list[tuple[GroupArrangement, ...]] = []
    for start in _GROUP_STARTS:
        tables = SUIT if start < 27 else HONOURS
        found = tables.arrangements.get(key[start : start + tables.ranks])
        if found is None:
            return []
        per_group.append(found)
    result = []
    for choice in product(*per_group):
        pair_kinds = [
            start + pair
            for start, (pair, _) in zip(_GROUP_STARTS, choice, strict=True)
            if pair is not None
        ]
        if len(pair_kinds) != 1:
            continue
        sets = tuple(
            (shape, start + rank)
            for start, (_, group_sets) in zip(_GROUP_STARTS, choice, strict=True)
            for shape, rank in group_sets
        )
        result.append(Decomposition(pair_kinds[0], sets))
    return result
