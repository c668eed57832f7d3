"""The tiles a ready hand waits on (听 / 叫, MJ-10), from the completion masks of its groups.

One tile changes one group only, so a 3n+1-tile hand can wait only when all groups but one
are complete (the one then completes through its precomputed mask), or when all groups are
complete and two of them hold a pair (each pair may turn into a pung). No search is involved.
"""

from __future__ import annotations

from collections.abc import Sequence

from qipai.mahjong.analysis.counts import HandCountsError, check_counts
from qipai.mahjong.analysis.shape_tables import HONOURS, SUIT
from qipai.mahjong.tiles import TERMINALS_AND_HONOURS

_SUIT_PAIRS = SUIT.pairs
_SUIT_COMPLETIONS = SUIT.completions
_HONOUR_PAIRS = HONOURS.pairs
_HONOUR_COMPLETIONS = HONOURS.completions
_GROUPS = (
    (0, 9, _SUIT_PAIRS, _SUIT_COMPLETIONS),
    (9, 18, _SUIT_PAIRS, _SUIT_COMPLETIONS),
    (18, 27, _SUIT_PAIRS, _SUIT_COMPLETIONS),
    (27, 34, _HONOUR_PAIRS, _HONOUR_COMPLETIONS),
)
_ORPHANS = frozenset(TERMINALS_AND_HONOURS)


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
    check_counts(counts)
    if sum(counts) % 3 != 1:
        raise HandCountsError(f"a waiting hand has 3n+1 concealed tiles, not {sum(counts)}")
    found = _standard_waits(counts)
    if seven_pairs and sum(counts) == 13:
        found |= _seven_pairs_waits(counts, quads_as_two_pairs)
    if thirteen_orphans and sum(counts) == 13:
        found |= _thirteen_orphans_waits(counts)
    if melded is not None:
        if len(melded) != len(counts):
            raise HandCountsError(f"melded counts need {len(counts)} entries, not {len(melded)}")
        found = {kind for kind in found if counts[kind] + melded[kind] < 4}
    return sorted(found)


def _standard_waits(counts: Sequence[int]) -> set[int]:
    short: tuple[int, int] | None = None
    paired: list[tuple[int, int]] = []
    for start, end, pairs, completions in _GROUPS:
        key = bytes(counts[start:end])
        pair = pairs.get(key)
        if pair is None:
            if short is not None:
                return set()
            short = (start, completions.get(key, 0))
        elif pair:
            paired.append((start, completions.get(key, 0)))
    if short is not None:
        if len(paired) > 1:
            return set()
        masks = [short]
    elif len(paired) == 2:
        masks = paired
    else:
        return set()
    return {start + rank for start, mask in masks for rank in range(9) if mask >> rank & 1}


def _seven_pairs_waits(counts: Sequence[int], quads_as_two_pairs: bool) -> set[int]:
    odd = [kind for kind, count in enumerate(counts) if count % 2]
    if len(odd) != 1:
        return set()
    single = odd[0]
    if counts[single] == 3 and quads_as_two_pairs:
        return {single}
    if counts[single] == 1 and (quads_as_two_pairs or 4 not in counts):
        return {single}
    return set()


def _thirteen_orphans_waits(counts: Sequence[int]) -> set[int]:
    if any(count and kind not in _ORPHANS for kind, count in enumerate(counts)):
        return set()
    missing = {kind for kind in _ORPHANS if not counts[kind]}
    if not missing:
        return set(_ORPHANS)
    return missing if len(missing) == 1 else set()
