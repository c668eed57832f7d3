"""The tiles a ready hand waits on (听 / 叫, MJ-10), from the completion masks of its groups.

One tile changes one group only, so a 3n+1-tile hand can wait only when all groups but one
are complete (that one completes through its precomputed mask: into sets and the pair if no
other group holds the pair, into sets alone if exactly one does), or when all groups are
complete and two of them hold a pair (either pair may become a pung). No search is involved.
"""

from __future__ import annotations

from collections.abc import Sequence

from qipai.mahjong.analysis.counts import SMALL_COUNTS, HandCountsError, check_counts
from qipai.mahjong.analysis.shape_tables import COMPLETE, HAS_PAIR, HONOURS, SUIT
from qipai.mahjong.tiles import TERMINALS_AND_HONOURS

SMALL_GROUP = 7


def _small_vectors(ranks: int, most: int = SMALL_GROUP) -> list[bytes]:
    if ranks == 0:
        return [b""]
    return [
        bytes((first,)) + rest
        for first in range(min(4, most) + 1)
        for rest in _small_vectors(ranks - 1, most - first)
    ]


_SUIT = SUIT.status
_HONOURS = HONOURS.status
_SMALL_SUIT = {key: _SUIT.get(key, 0) for key in _small_vectors(9)}
_SMALL_HONOURS = {key: _HONOURS.get(key, 0) for key in _small_vectors(7)}
"""Every group of up to seven tiles, hopeless ones included: nearly all groups in play, in a
table small enough to stay in the CPU cache."""
_KINDS = {
    start: tuple(
        tuple(start + rank for rank in range(9) if mask >> rank & 1) for mask in range(512)
    )
    for start in (0, 9, 18, 27)
}
"""``_KINDS[start][mask]``: the kinds of the group starting at ``start`` named by a rank mask."""
_ORPHANS = frozenset(TERMINALS_AND_HONOURS)
_NO_MIDDLE = bytes(7)


def waits(
    counts: Sequence[int],
    *,
    seven_pairs: bool = False,
    quads_as_two_pairs: bool = True,
    thirteen_orphans: bool = False,
    melded: Sequence[int] | None = None,
) -> list[int]:
    """The sorted kinds that complete a 3n+1-tile concealed hand (MJ-10).

    A kind counts only if the player does not already hold all four copies of it: pass the
    count vector of the player's declared melds as ``melded`` so that a melded pung of ``k``
    plus one concealed ``k`` rules ``k`` out (its last copy is in the player's own hand).
    The special shapes are included only when the ruleset enables them.
    """
    try:
        key = bytes(counts)
        total = sum(counts)
        valid = len(key) == 34 and total % 3 == 1 and total <= 14 and not key.strip(SMALL_COUNTS)
    except (TypeError, ValueError):
        valid = False
    if not valid:
        check_counts(counts)
        raise HandCountsError(f"a waiting hand has 3n+1 concealed tiles, not {sum(counts)}")
    found = _standard_waits(key)
    if (seven_pairs or thirteen_orphans) and total == 13:
        extra = set(found)
        if seven_pairs:
            extra |= _seven_pairs_waits(key, quads_as_two_pairs)
        if thirteen_orphans:
            extra |= _thirteen_orphans_waits(key)
        found = sorted(extra)
    if melded is not None:
        if len(melded) != len(key):
            raise HandCountsError(f"melded counts need {len(key)} entries, not {len(melded)}")
        found = [kind for kind in found if key[kind] + melded[kind] < 4]
    return found


def _standard_waits(key: bytes) -> list[int]:
    # Honours first: isolated honours reject most random hands at the first lookup.
    status = _SMALL_HONOURS.get(key[27:])
    if status is None:
        status = _HONOURS.get(key[27:], 0)
    if status & COMPLETE:
        short, paired = -1, [(27, status)] if status & HAS_PAIR else []
    elif status:
        short, short_mask, paired = 27, status, []
    else:
        return []
    for start in (0, 9, 18):
        status = _SMALL_SUIT.get(key[start : start + 9])
        if status is None:
            status = _SUIT.get(key[start : start + 9], 0)
        if status & COMPLETE:
            if status & HAS_PAIR:
                paired.append((start, status))
        elif short >= 0 or not status:
            return []
        else:
            short, short_mask = start, status
    if short >= 0:
        return list(_KINDS[short][short_mask & 511]) if len(paired) <= 1 else []
    if len(paired) != 2:
        return []
    (first, first_mask), (second, second_mask) = paired
    return sorted(_KINDS[first][first_mask & 511] + _KINDS[second][second_mask & 511])


def _seven_pairs_waits(key: bytes, quads_as_two_pairs: bool) -> set[int]:
    if key.count(1) + key.count(3) != 1:  # exactly one kind short of a pair
        return set()
    single = key.find(1)
    if single >= 0 and (quads_as_two_pairs or 4 not in key):
        return {single}
    return {key.find(3)} if quads_as_two_pairs else set()


def _thirteen_orphans_waits(key: bytes) -> set[int]:
    if key[1:8] != _NO_MIDDLE or key[10:17] != _NO_MIDDLE or key[19:26] != _NO_MIDDLE:
        return set()  # a 2..8 of some suit: not thirteen orphans
    missing = {kind for kind in _ORPHANS if not key[kind]}
    if not missing:
        return set(_ORPHANS)
    return missing if len(missing) == 1 else set()
