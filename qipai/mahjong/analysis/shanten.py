"""Distance from ready (向听 / shanten): -1 complete, 0 ready, k = k tile exchanges from ready.

The standard shape combines the four group rows of ``distance_tables`` by min-plus over how the
n sets are shared between the groups; the combination of two row ids is memoised, so a call
is four lookups of group vectors and three of row pairs. Seven pairs and thirteen orphans have
closed formulas.
"""

from __future__ import annotations

from collections.abc import Sequence

from qipai.mahjong.analysis.counts import HandCountsError, check_counts
from qipai.mahjong.analysis.distance_tables import CLASSES, DistanceTable, Row
from qipai.mahjong.analysis.shape_tables import HONOURS, SUIT
from qipai.mahjong.tiles import TERMINALS_AND_HONOURS

_rows: list[Row] = []
_row_ids: dict[Row, int] = {}
_combined: dict[int, int] = {}
_suit_rows: dict[bytes, int] = {}
_honour_rows: dict[bytes, int] = {}


def prepare_tables() -> None:
    """Build the distance tables now (about a second) instead of at the first ``shanten`` call."""
    if not _suit_rows:
        honours = DistanceTable(HONOURS, _rows, _row_ids)
        suits = DistanceTable(SUIT, _rows, _row_ids)
        _honour_rows.update(honours.row_ids)
        _suit_rows.update(suits.row_ids)


def shanten(
    counts: Sequence[int],
    *,
    seven_pairs: bool = False,
    thirteen_orphans: bool = False,
    quads_as_two_pairs: bool = True,
) -> int:
    """The fewest tile exchanges before the hand is ready, minus... i.e. -1 for a complete hand,
    0 for a ready one. Takes 3n+1 or 3n+2 concealed tiles; special shapes only when enabled
    (they need all 13 or 14 tiles concealed)."""
    if not _suit_rows:
        prepare_tables()
    try:
        first = _suit_rows[bytes(counts[0:9])]
        second = _suit_rows[bytes(counts[9:18])]
        third = _suit_rows[bytes(counts[18:27])]
        honours = _honour_rows[bytes(counts[27:34])]
        total = sum(counts)
    except (KeyError, TypeError, ValueError):
        check_counts(counts)
        raise
    if total % 3 == 0 or len(counts) != 34:
        check_counts(counts)
        raise HandCountsError(f"shanten needs 3n+1 or 3n+2 concealed tiles, not {total}")
    row = _combined.get(first << 16 | second)
    if row is None:
        row = _combined[first << 16 | second] = _combine(first, second)
    both = _combined.get(row << 16 | third)
    if both is None:
        both = _combined[row << 16 | third] = _combine(row, third)
    row = _combined.get(both << 16 | honours)
    if row is None:
        row = _combined[both << 16 | honours] = _combine(both, honours)
    result = _rows[row][total // 3 * 2 + 1] - 1
    if total >= 13:
        if seven_pairs:
            result = min(result, seven_pairs_shanten(counts, quads_as_two_pairs=quads_as_two_pairs))
        if thirteen_orphans:
            result = min(result, thirteen_orphans_shanten(counts))
    return result


def seven_pairs_shanten(counts: Sequence[int], *, quads_as_two_pairs: bool) -> int:
    """Six minus the pairs held; with distinct pairs required, kinds missing cost extra."""
    if quads_as_two_pairs:
        return 6 - sum(count // 2 for count in counts)
    pairs = sum(count >= 2 for count in counts)
    kinds = sum(count >= 1 for count in counts)
    return 6 - pairs + max(0, 7 - kinds)


def thirteen_orphans_shanten(counts: Sequence[int]) -> int:
    """Thirteen minus the orphan kinds held, one less again if one of them is doubled."""
    held = sum(1 for kind in TERMINALS_AND_HONOURS if counts[kind])
    doubled = any(counts[kind] >= 2 for kind in TERMINALS_AND_HONOURS)
    return 13 - held - doubled


def _combine(first: int, second: int) -> int:
    left, right = _rows[first], _rows[second]
    row = []
    for target in range(CLASSES):
        sets, pairs = divmod(target, 2)
        row.append(
            min(
                left[2 * m + p] + right[2 * (sets - m) + pairs - p]
                for m in range(sets + 1)
                for p in range(pairs + 1)
            )
        )
    combined = tuple(row)
    found = _row_ids.get(combined)
    if found is None:
        found = _row_ids[combined] = len(_rows)
        _rows.append(combined)
    return found
