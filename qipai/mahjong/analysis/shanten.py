"""Distance from ready (向听 / shanten): -1 complete, 0 ready, k = k tile exchanges from ready.

The standard shape combines the four group rows of ``distance_tables`` by min-plus over how the
n sets are shared between the groups; the combination of two rows is memoised, so a call is
four lookups of group vectors and three of row pairs. Seven pairs and thirteen orphans have
closed formulas.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence

from qipai.mahjong.analysis.counts import (
    MAX_CONCEALED,
    HandCountsError,
    check_counts,
    checked_key,
)
from qipai.mahjong.analysis.distance_tables import CLASSES, TOTAL_BITS, Row, group_rows
from qipai.mahjong.analysis.shape_tables import BUILDING, HONOURS, SUIT, build_group_tables
from qipai.mahjong.tiles import TERMINALS_AND_HONOURS

_TOTAL_MASK = (1 << TOTAL_BITS) - 1
_rows: list[Row] = []
_row_ids: dict[Row, int] = {}
_full_rows: dict[bytes, int] = {}
"""Every suit and honour vector (the 9-byte and 7-byte keys never collide)."""
_small_rows: dict[bytes, int] = {}
"""The suit and honour vectors of at most ``SMALL_GROUP`` tiles again, in a small dict of fresh
keys: nearly every group in play is that small, and a table that stays in the CPU cache is
looked up markedly faster than the full one."""
SMALL_GROUP = 7
_SPLIT = struct.Struct("9s9s9s7s").unpack
"""The three suits' and the honours' keys in one call."""
_two_suits: list[list[int]] = []
"""``_two_suits[a][b]``: row id of two groups with row ids a and b; likewise for three suits."""
_three_suits: list[list[int]] = []
_by_total: list[list[tuple[int, ...]]] = []
"""``_by_total[three suits][honours][total]``: the whole hand's standard shanten."""
_SPLITS = tuple(
    tuple(
        (2 * m + p, 2 * (target // 2 - m) + target % 2 - p)
        for m in range(target // 2 + 1)
        for p in range(target % 2 + 1)
    )
    for target in range(CLASSES)
)
"""For each target class, the ways to share its sets and pair between two groups."""


def build_shanten_tables() -> None:
    """Build the tables (a few seconds, once); the first ``shanten`` call does it if nobody has.

    Besides the group rows, every combination of rows is precomputed: there are only about
    180 distinct rows, so a hand's shanten is then four dictionary and four list lookups.
    """
    if _full_rows:
        return
    with BUILDING:
        if _full_rows:
            return
        build_group_tables()
        honours = group_rows(HONOURS, _rows, _row_ids)
        suits = group_rows(SUIT, _rows, _row_ids)
        suit_ids = sorted({value >> TOTAL_BITS for value in suits.values()})
        honour_ids = sorted({value >> TOTAL_BITS for value in honours.values()})
        two = _combination_table(suit_ids, suit_ids)
        three = _combination_table(
            sorted({row for line in two for row in line if row >= 0}), suit_ids
        )
        three_ids = sorted({row for line in three for row in line if row >= 0})
        whole = _combination_table(three_ids, honour_ids)
        by_total = [
            [_shanten_by_total(_rows[row]) if row >= 0 else () for row in line] for line in whole
        ]
        _two_suits.extend(two)
        _three_suits.extend(three)
        _by_total.extend(by_total)
        small = [key for table in (suits, honours) for key in table if sum(key) <= SMALL_GROUP]
        small.sort(key=sum)  # fresh keys, fewest tiles first: the groups met most often share cache
        _small_rows.update(
            (bytes(bytearray(key)), (suits if len(key) == SUIT.ranks else honours)[key])
            for key in small
        )
        _full_rows.update({**honours, **suits})  # last and in one step: the "built" mark


ShantenTables = tuple[
    list[Row], dict[bytes, int], dict[bytes, int], list[list[int]], list[list[int]], list
]


def shanten_tables_built() -> bool:
    return bool(_full_rows)


def shanten_tables() -> ShantenTables:
    """The built tables, for ``table_blob`` to keep."""
    build_shanten_tables()
    return _rows, _full_rows, _small_rows, _two_suits, _three_suits, _by_total


def install_shanten_tables(tables: ShantenTables) -> None:
    """Fill the tables from ``shanten_tables`` of an earlier process, unless they are built."""
    rows, full_rows, small_rows, two_suits, three_suits, by_total = tables
    with BUILDING:
        if _full_rows:
            return
        _rows.extend(rows)
        _row_ids.update((row, row_id) for row_id, row in enumerate(rows))
        _two_suits.extend(two_suits)
        _three_suits.extend(three_suits)
        _by_total.extend(by_total)
        _small_rows.update(small_rows)
        _full_rows.update(full_rows)  # last: the "built" mark


def shanten(
    counts: Sequence[int],
    *,
    seven_pairs: bool = False,
    thirteen_orphans: bool = False,
    quads_as_two_pairs: bool = True,
) -> int:
    """-1 for a complete hand, 0 for a ready one, else the tile exchanges still needed to be
    ready. Takes 3n+1 or 3n+2 concealed tiles; the special shapes count only when enabled
    (they need all 13 or 14 tiles concealed)."""
    try:
        groups = _SPLIT(bytearray(counts))  # exactly 34 ints 0..255, or an error
    except (TypeError, ValueError, struct.error):
        first, second, third, honours = _any_group_rows(counts)
    else:
        try:
            first = _small_rows[groups[0]]
            second = _small_rows[groups[1]]
            third = _small_rows[groups[2]]
            honours = _small_rows[groups[3]]
        except KeyError:
            first, second, third, honours = _larger_group_rows(counts, groups)
    total = (first + second + third + honours) & _TOTAL_MASK
    if total % 3 == 0 or total > 14:
        check_counts(counts)
        raise HandCountsError(f"shanten needs 3n+1 or 3n+2 concealed tiles, not {total}")
    suits = _three_suits[_two_suits[first >> TOTAL_BITS][second >> TOTAL_BITS]][third >> TOTAL_BITS]
    result = _by_total[suits][honours >> TOTAL_BITS][total]
    if total >= 13:
        if seven_pairs:
            result = min(result, seven_pairs_shanten(counts, quads_as_two_pairs=quads_as_two_pairs))
        if thirteen_orphans:
            result = min(result, thirteen_orphans_shanten(counts))
    return result


def path_shanten(counts: Sequence[int], kept: Sequence[bool]) -> int:
    """Shanten of the whole hand towards a shape made of the kept groups only (``kept``: the
    three suits and the honours, in that order): the tiles of the other groups count as thrown
    away, and the target stays the whole hand's (its sets and a pair). So a hand aiming at a
    one-suit pattern (清一色, with the honours 混一色) reads how far it is from that pattern."""
    check_counts(counts)
    total = sum(counts)
    if total % 3 == 0 or total > MAX_CONCEALED:
        raise HandCountsError(f"shanten needs 3n+1 or 3n+2 concealed tiles, not {total}")
    build_shanten_tables()
    key = bytearray(counts)
    for group, keep in enumerate(kept):
        if not keep:
            start = group * 9
            key[start : start + (9 if group < 3 else 7)] = bytes(9 if group < 3 else 7)
    first, second, third, honours = (_full_rows[g] >> TOTAL_BITS for g in _SPLIT(key))
    suits = _three_suits[_two_suits[first][second]][third]
    return _by_total[suits][honours][total]


def _larger_group_rows(counts: Sequence[int], groups: tuple[bytes, ...]) -> list[int]:
    """A group of more than ``SMALL_GROUP`` tiles (common in a hand kept to two suits, as
    Sichuan's void makes it): from the full table, whose vectors are all valid, so only the
    tile total needs a check (four large groups would overflow the summed field)."""
    try:
        found = [_full_rows[groups[0]], _full_rows[groups[1]], _full_rows[groups[2]]]
        found.append(_full_rows[groups[3]])
    except KeyError:  # the first call, or a count above 4
        return _any_group_rows(counts)
    if sum(value & _TOTAL_MASK for value in found) > MAX_CONCEALED:
        return _any_group_rows(counts)  # raises
    return found


def _any_group_rows(counts: Sequence[int]) -> list[int]:
    """The slow path: build the tables if not yet done, and look a group of more than
    ``SMALL_GROUP`` tiles up in the full ones, or raise ``HandCountsError`` for a bad vector."""
    build_shanten_tables()
    return [_full_rows[group] for group in _SPLIT(checked_key(counts))]


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


def _shanten_by_total(row: Row) -> tuple[int, ...]:
    return tuple(row[total // 3 * 2 + 1] - 1 for total in range(15))


def _combination_table(lefts: list[int], rights: list[int]) -> list[list[int]]:
    """``table[left][right]`` = row id of the two groups together (-1 where never asked)."""
    found: dict[tuple[int, int], int] = {}
    for left in lefts:
        left_row = _rows[left]
        for right in rights:
            right_row = _rows[right]
            row = tuple(min(left_row[i] + right_row[j] for i, j in splits) for splits in _SPLITS)
            row_id = _row_ids.get(row)
            if row_id is None:
                row_id = _row_ids[row] = len(_rows)
                _rows.append(row)
            found[left, right] = row_id
    table = [[-1] * (max(rights) + 1) for _ in range(max(lefts) + 1)]
    for (left, right), row_id in found.items():
        table[left][right] = row_id
    return table
