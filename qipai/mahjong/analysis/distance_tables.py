"""Exact distances to a complete group, for every possible group vector, built once on first use.

For a group vector ``c`` (one suit, or the honours) and a target of ``m`` sets plus ``p`` pairs
(m = 0..4, p = 0..1), the *distance* is the fewest tiles that must be drawn (discarding others)
to hold such a target: ``min |T - c|+`` over the complete target vectors ``T``. Distances of
groups add up, because groups share no kinds, so a whole hand's distance to n sets and a pair
is a small min-plus combination of four table rows, and ``shanten = distance - 1``. Unlike
counting sets and partial sets, this respects the four copies of each kind exactly.

How the table is built without search: ``|T| - |T - c|+`` is the overlap ``|min(T, c)|``, and
the best overlap equals the largest ``|y|`` over vectors ``y <= c`` that lie *below some target*.
So: (1) mark every target by its class, (2) close the marks downward (a vector is below a target
of a class if it is one or some ``y + e_k`` is), (3) give each marked vector its size, and (4)
close the sizes upward with a running maximum. Each step visits each of the ~405,000 suit
vectors (each count 0..4, at most 14 tiles) once with one step per rank. The per-class maxima
are packed as thermometer codes in one integer, so "maximum for all ten classes at once" is a
single bitwise or. Rows are interned: vectors with equal rows share one row id.
"""

from __future__ import annotations

from array import array

from qipai.mahjong.analysis.counts import MAX_CONCEALED
from qipai.mahjong.analysis.shape_tables import GroupTables

MAX_SETS = 4
CLASSES = (MAX_SETS + 1) * 2
"""Targets ``(m sets, p pairs)`` as class ``2m + p``."""
_SLOT = 15
"""Bits per class in the packed code: sizes 0..14 as thermometer codes."""
TOTAL_BITS = 5
"""Low bits of a table value that hold the group's tile count: the four groups' values of a
hand summed keep the hand's total (at most 4 x 14) in these bits, saving a pass over the counts."""

Row = tuple[int, ...]
"""Distances to class ``2m + p`` for the ten classes; a hand needing n sets reads ``row[2n+1]``."""


def group_rows(shapes: GroupTables, rows: list[Row], row_ids: dict[Row, int]) -> dict[bytes, int]:
    """``{group vector: row_id << TOTAL_BITS | tile count}`` for every vector of the group type,
    appending new rows to the shared ``rows`` / ``row_ids``."""
    ranks = shapes.ranks
    powers = [5 ** (ranks - 1 - rank) for rank in range(ranks)]
    keys, indexes, totals = _vectors(ranks)
    packed = [0] * 5**ranks
    for key in shapes.pairs:
        total = sum(key)
        packed[_index(key, powers)] |= 1 << (total // 3 * 2 + total % 3 // 2)
    for position in range(len(keys) - 1, -1, -1):
        if totals[position] < MAX_CONCEALED:
            key = keys[position]
            index = indexes[position]
            below = packed[index]
            for rank in range(ranks):
                if key[rank] < 4:
                    below |= packed[index + powers[rank]]
            packed[index] = below
    spread = [_spread(classes) for classes in range(1 << CLASSES)]
    distinct: dict[int, int] = {}
    for position, key in enumerate(keys):
        index = indexes[position]
        best = spread[packed[index]] * ((1 << totals[position]) - 1)
        for rank in range(ranks):
            if key[rank]:
                best |= packed[index - powers[rank]]
        packed[index] = distinct.setdefault(best, best)  # few distinct codes: share them
    values_of_code: dict[int, int] = {}
    shared: dict[int, int] = {}
    table: dict[bytes, int] = {}
    for position, key in enumerate(keys):
        index = indexes[position]
        code = packed[index]
        packed[index] = 0  # release each packed code once read: it keeps the build's peak low
        row_id = values_of_code.get(code)
        if row_id is None:
            row = _row(code)
            row_id = row_ids.get(row)
            if row_id is None:
                row_id = row_ids[row] = len(rows)
                rows.append(row)
            values_of_code[code] = row_id
        value = row_id << TOTAL_BITS | totals[position]
        table[key] = shared.setdefault(value, value)
    return table


def _vectors(ranks: int) -> tuple[list[bytes], array, bytearray]:
    """All group vectors with counts 0..4 and at most 14 tiles, in increasing index order."""
    keys: list[bytes] = [b""]
    indexes = array("q", [0])
    totals = bytearray(1)
    digits = [bytes((d,)) for d in range(5)]
    for _ in range(ranks):
        grown_keys: list[bytes] = []
        grown_indexes = array("q")
        grown_totals = bytearray()
        for key, index, total in zip(keys, indexes, totals, strict=True):
            for d in range(min(4, MAX_CONCEALED - total) + 1):
                grown_keys.append(key + digits[d])
                grown_indexes.append(index * 5 + d)
                grown_totals.append(total + d)
        keys, indexes, totals = grown_keys, grown_indexes, grown_totals
    return keys, indexes, totals


def _index(key: bytes, powers: list[int]) -> int:
    return sum(count * power for count, power in zip(key, powers, strict=True))


def _spread(classes: int) -> int:
    """One at the bottom of each given class's slot: times a thermometer code fills those slots."""
    return sum(1 << (_SLOT * c) for c in range(CLASSES) if classes >> c & 1)


def _row(code: int) -> Row:
    """Distances from the packed best overlaps (the empty vector lies below every target, so
    every class has an overlap, possibly zero)."""
    mask = (1 << _SLOT) - 1
    return tuple(
        target // 2 * 3 + target % 2 * 2 - (code >> (_SLOT * target) & mask).bit_count()
        for target in range(CLASSES)
    )
