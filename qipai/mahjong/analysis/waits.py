"""The tiles a ready hand waits on (听 / 叫, MJ-10), from the completion masks of its groups.

One tile changes one group only, so a 3n+1-tile hand can wait only when all groups but one
are complete (that one completes through its precomputed mask: into sets and the pair if no
other group holds the pair, into sets alone if exactly one does), or when all groups are
complete and two of them hold a pair (either pair may become a pung). No search is involved.

Most hands asked about are far from ready, so what a call costs is its fixed part. Each group
is valued by one lookup as small counters in separate bit fields, and the sum of the four
values counts them for the whole hand at once: its tiles, its standard shape (how many groups
are short or hopeless or hold a pair), whether exactly one kind is odd (seven pairs) and
whether any suit tile of rank 2..8 is held (thirteen orphans). One more lookup of that sum
names what can complete the hand, or that its tile total is wrong, or (nearly always) nothing.
"""

from __future__ import annotations

import itertools
import struct
from collections.abc import Iterable, Sequence

from qipai.mahjong.analysis.counts import (
    MAX_CONCEALED,
    HandCountsError,
    check_counts,
    checked_key,
)
from qipai.mahjong.analysis.shape_tables import (
    BUILDING,
    COMPLETE,
    HAS_PAIR,
    HONOURS,
    SUIT,
    GroupTables,
    build_group_tables,
)
from qipai.mahjong.tiles import TERMINALS_AND_HONOURS

SMALL_GROUP = 7
"""Every group of up to this many tiles (nearly every group in play), hopeless ones included,
is valued in a table small enough to stay in the CPU cache."""
MORE_GROUP = 8
"""A second table, looked up only when the first misses, holds every group of up to this many
tiles and every complete or nearly complete one; a hand that needs any other group (a hopeless
one of 9 or more tiles) is rare enough to have it valued when it turns up."""

_TILES = 31
"""Bit fields of a group value: the tiles (bits 0..4), the shape code (5..9), the odd code
(10..13) and whether ranks 2..8 are held (14..16). Each is wide enough for the sum over four
groups from the small table (at most 28 tiles) or over a checked hand (at most 14)."""
_SHAPE_SHIFT = 5
_ODD_SHIFT = 10
_MIDDLE_SHIFT = 14
_SUMS = 1 << 17
_PAIRED, _SHORT, _HOPELESS = 1, 3, 6
"""Shape codes of a group (0 is complete without the pair). Their sum over the groups is 3 or
4 exactly for one short group beside at most one pair, 2 exactly for two paired groups, when
the tile total is 3n+1: the only standard shapes that one tile can complete."""

_ONE_SHORT, _TWO_PAIRED, _SEVEN_PAIRS, _ORPHANS, _BAD_TOTAL = 1, 2, 4, 8, 16
"""Verdicts on a sum of group values, as bits."""


def _verdict(sums: int) -> int:
    """What a sum of group values allows, worked out once for every possible sum."""
    tiles = sums & _TILES
    if tiles not in (1, 4, 7, 10, 13):
        return _BAD_TOTAL
    shape = sums >> _SHAPE_SHIFT & 31
    verdict = _ONE_SHORT if shape in (3, 4) else _TWO_PAIRED if shape == 2 else 0
    if tiles == 13 and sums >> _ODD_SHIFT & 15 == 1:
        verdict |= _SEVEN_PAIRS
    if tiles == 13 and not sums >> _MIDDLE_SHIFT:
        verdict |= _ORPHANS
    return verdict


def _group_value(tables: GroupTables, key: bytes) -> int:
    status = tables.status.get(key, 0)
    if status & COMPLETE:
        shape = _PAIRED if status & HAS_PAIR else 0
    else:
        shape = _SHORT if status else _HOPELESS
    odd = min(2, sum(count & 1 for count in key))  # enough to tell "exactly one" in the sum
    middle = tables.ranks == 9 and any(key[1:8])
    return middle << _MIDDLE_SHIFT | odd << _ODD_SHIFT | shape << _SHAPE_SHIFT | sum(key)


def _vectors(ranks: int, most: int) -> list[bytes]:
    """Every group vector of ``ranks`` counts 0..4 with at most ``most`` tiles."""
    if ranks == 0:
        return [b""]
    return [
        bytes((first,)) + rest
        for first in range(min(4, most) + 1)
        for rest in _vectors(ranks - 1, most - first)
    ]


def _group_values(small: bool) -> dict[bytes, int]:
    """Suits and honours in one table: their keys differ in length (9 and 7 bytes).

    The small table is filled fewest tiles first, keys made afresh in that order: the groups
    met most often then share cache lines, which makes lookups measurably faster."""
    values: dict[int, int] = {}
    table = {}
    for tables in (SUIT, HONOURS):
        if small:
            keys: Iterable[bytes] = _vectors(tables.ranks, SMALL_GROUP)
        else:
            keys = itertools.chain(_vectors(tables.ranks, MORE_GROUP), tables.status)
        for key in keys:
            if small or sum(key) > SMALL_GROUP:
                value = _group_value(tables, key)
                table[key] = values.setdefault(value, value)  # a few hundred distinct values
    if small:
        return {bytes(bytearray(key)): table[key] for key in sorted(table, key=sum)}
    return table


_VERDICTS: list[int] = []
_GROUPS: dict[bytes, int] = {}
_MORE_GROUPS: dict[bytes, int] = {}
_STATUS: dict[bytes, int] = {}
"""Empty until the first call that misses ``_GROUPS`` fills them (``build_wait_tables``, about
a second): a lookup in the empty ``_GROUPS`` fails into the slow path, which builds them, so
the fast path pays nothing for being lazy."""


def build_wait_tables() -> None:
    """Fill the tables in place (once): the group tables first, ``_GROUPS`` last, so a caller
    that finds ``_GROUPS`` filled finds the rest filled too."""
    if _GROUPS:
        return
    with BUILDING:
        if _GROUPS:
            return
        build_group_tables()
        _VERDICTS.extend(_verdict(sums) for sums in range(_SUMS))
        _STATUS.update(SUIT.status)
        _STATUS.update(HONOURS.status)
        _MORE_GROUPS.update(_group_values(small=False))
        _GROUPS.update(_group_values(small=True))


WaitTables = tuple[list[int], dict[bytes, int], dict[bytes, int]]


def wait_tables_built() -> bool:
    return bool(_GROUPS)


def wait_tables() -> WaitTables:
    """The built tables (``table_blob`` keeps them); the status maps come from the group
    tables, which are always built afresh."""
    build_wait_tables()
    return _VERDICTS, _GROUPS, _MORE_GROUPS


def install_wait_tables(tables: WaitTables) -> None:
    """Fill the tables from ``wait_tables`` of an earlier process, unless they are built."""
    verdicts, groups, more = tables
    with BUILDING:
        if _GROUPS:
            return
        build_group_tables()
        _VERDICTS.extend(verdicts)
        _STATUS.update(SUIT.status)
        _STATUS.update(HONOURS.status)
        _MORE_GROUPS.update(more)
        _GROUPS.update(groups)


_SPLIT = struct.Struct("9s9s9s7s").unpack
"""The three suits' and the honours' keys in one call."""
_GROUP_TABLES = ((0, SUIT), (9, SUIT), (18, SUIT), (27, HONOURS))
_STARTS = tuple(start for start, _ in _GROUP_TABLES)
_KINDS = {
    start: tuple(
        tuple(start + rank for rank in range(9) if mask >> rank & 1) for mask in range(512)
    )
    for start in _STARTS
}
"""``_KINDS[start][mask]``: the kinds of the group starting at ``start`` named by a rank mask."""
_ORPHANS_KINDS = frozenset(TERMINALS_AND_HONOURS)
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

    ``counts`` may be any sequence of 34 ints, but a ``bytearray`` is the fast form: the
    group keys are cut from it directly, where a list's 34 ints are converted one by one, a
    third of a call on a hand that waits on nothing. A caller that asks often keeps its
    counts in a ``bytearray``: ``counts[kind] += 1`` works on it as on a list.
    """
    try:
        # A bytearray is cut as it is (a copy would cost nearly what the split does); a list is
        # converted, which checks its 34 entries are ints 0..255: anything else is an error.
        first, second, third, honours = _SPLIT(
            counts if type(counts) is bytearray else bytearray(counts)
        )
    except (TypeError, ValueError, struct.error):
        (first, second, third, honours), verdict = _checked_groups(counts)
    else:
        try:
            verdict = _VERDICTS[
                _GROUPS[first] + _GROUPS[second] + _GROUPS[third] + _GROUPS[honours]
            ]
        except KeyError:
            verdict = _larger_groups_verdict(counts, (first, second, third, honours))
    if verdict:
        groups = (first, second, third, honours)
        found = _completions(verdict, groups, seven_pairs, quads_as_two_pairs, thirteen_orphans)
    else:
        found = []
    if melded is not None:
        found = _not_all_held(found, counts, melded)
    return found


def _not_all_held(found: list[int], counts: Sequence[int], melded: Sequence[int]) -> list[int]:
    """The kinds of which the player does not hold all four copies (a helper of its own: a
    comprehension in ``waits`` would put its arguments in cells, a cost on every call)."""
    if len(melded) != len(counts):
        raise HandCountsError(f"melded counts need {len(counts)} entries, not {len(melded)}")
    return [kind for kind in found if counts[kind] + melded[kind] < 4]


def _larger_groups_verdict(counts: Sequence[int], groups: tuple[bytes, ...]) -> int:
    """The verdict when a group has more than ``SMALL_GROUP`` tiles (one random hand in sixty):
    from the second table, whose groups are all valid, so only the tile total needs a check;
    anything else (a bad vector, the first call, a rare hopeless group) takes the slow path."""
    sums = tiles = 0
    for group in groups:
        value = _GROUPS.get(group)
        if value is None:
            value = _MORE_GROUPS.get(group)
            if value is None:
                return _checked_groups(counts)[1]
        sums += value
        tiles += value & _TILES  # summed apart: four large groups would overflow the field
    return _VERDICTS[sums] if tiles <= MAX_CONCEALED else _checked_groups(counts)[1]


def _checked_groups(counts: Sequence[int]) -> tuple[tuple[bytes, ...], int]:
    """The slow path, for a bad vector (raise ``HandCountsError``), the first call (build the
    tables) or a group missing from the table: value the groups afresh (at most 14 tiles keep
    the sum in its fields)."""
    groups = _SPLIT(checked_key(counts))
    build_wait_tables()
    sums = 0
    for (_, tables), group in zip(_GROUP_TABLES, groups, strict=True):
        value = _GROUPS.get(group)
        if value is None:
            value = _MORE_GROUPS.get(group)
        sums += _group_value(tables, group) if value is None else value
    return groups, _VERDICTS[sums]


def _completions(
    verdict: int,
    groups: tuple[bytes, ...],
    seven_pairs: bool,
    quads_as_two_pairs: bool,
    thirteen_orphans: bool,
) -> list[int]:
    """The kinds completing a hand whose verdict says that something might (or raise for a
    wrong tile total). Groups come in kind order, so their kinds need no sorting."""
    if verdict & _BAD_TOTAL:
        key = b"".join(groups)
        if sum(key) > MAX_CONCEALED:
            check_counts(key)  # names the problem
        raise HandCountsError(f"a waiting hand has 3n+1 concealed tiles, not {sum(key)}")
    found: list[int] = []
    if verdict & (_ONE_SHORT | _TWO_PAIRED):
        short = verdict & _ONE_SHORT
        for start, group in zip(_STARTS, groups, strict=True):
            status = _STATUS.get(group, 0)
            if (status and not status & COMPLETE) if short else status & HAS_PAIR:
                found += _KINDS[start][status & 511]
    if seven_pairs and verdict & _SEVEN_PAIRS or thirteen_orphans and verdict & _ORPHANS:
        key = b"".join(groups)
        extra = set(found)
        if seven_pairs:
            extra |= _seven_pairs_waits(key, quads_as_two_pairs)
        if thirteen_orphans:
            extra |= _thirteen_orphans_waits(key)
        found = sorted(extra)
    return found


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
    missing = {kind for kind in _ORPHANS_KINDS if not key[kind]}
    if not missing:
        return set(_ORPHANS_KINDS)
    return missing if len(missing) == 1 else set()
