"""What a Chinese Official (国标) hand is worth: the fan calculator for a stated hand.

``score_hand(GuobiaoHand(...))`` reads the hand every way it can be read (four sets and a pair,
with or without a knitted straight; seven pairs; thirteen orphans; honours and knitted tiles),
counts each reading's fans, applies the exclusions of ``guobiao_fan_table`` (不重复) and keeps the
reading with the highest total (就高不就低). docs/guobiao.md says which rules it follows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache, reduce
from itertools import combinations, product
from operator import and_, itemgetter, or_
from typing import NamedTuple

from qipai.mahjong.analysis import SetShape, waits
from qipai.mahjong.analysis.counts import checked_key
from qipai.mahjong.analysis.shape_tables import HONOURS, SUIT, build_group_tables
from qipai.mahjong.notation import Meld, MeldKind
from qipai.mahjong.rulesets.guobiao_fan_table import FANS
from qipai.mahjong.tiles import NUM_KINDS, TileError, to_counts

MINIMUM_FAN = 8
"""起和番: the fans (flowers not counted) a hand needs to win."""

_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_ORPHAN_SET = frozenset(_ORPHANS)
_FIVES = frozenset((4, 13, 22))
_GREEN = frozenset((19, 20, 21, 23, 25, 32))
REVERSIBLE = frozenset((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 33))
_HONOUR_PUNG_FANS = (
    (frozenset((27, 28, 29, 30)), 1, 9, 38, 0),
    (frozenset((31, 32, 33)), 2, 10, 54, 59),
)
"""The winds' and the dragons' pung fans, by how many of their kinds are punged: all (大四喜,
大三元), all but one with the last as the pair (小四喜, 小三元), all but one (三风刻, 双箭刻),
one (箭刻; a lone wind pung is 圈风刻 / 门风刻 or 幺九刻, counted apart)."""
KNITS = tuple(
    tuple(
        suit * 9 + rank
        for suit, start in zip(order, (0, 1, 2), strict=True)
        for rank in (start, start + 3, start + 6)
    )
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)
_KNIT_TILES = tuple(itemgetter(*knit) for knit in KNITS)
"""Each knitted straight's counts read out of a count vector in one C call."""
_ORPHAN_TILES = itemgetter(*_ORPHANS)


@dataclass(frozen=True)
class GuobiaoHand:
    """A winning hand as the table states it.

    ``concealed`` holds the concealed tiles without the winning tile (concealed kongs are melds);
    ``fourth_tile`` is 和绝张, ``kong`` the kong-related flag (杠上开花 self-drawn, 抢杠和 on a
    discard), ``last_tile`` the wall's last tile (妙手回春 / 海底捞月); winds are 0..3 = E S W N.
    """

    concealed: tuple[int, ...]
    winning: int
    melds: tuple[Meld, ...] = ()
    flowers: int = 0
    self_drawn: bool = False
    fourth_tile: bool = False
    kong: bool = False
    last_tile: bool = False
    seat_wind: int = 0
    prevalent_wind: int = 0


@dataclass(frozen=True)
class FanItem:
    number: int
    name_zh: str
    name_en: str
    value: int
    count: int


@dataclass(frozen=True)
class FanScore:
    items: tuple[FanItem, ...]

    @property
    def total(self) -> int:
        return sum(item.value * item.count for item in self.items)

    @property
    def total_without_flowers(self) -> int:
        return sum(item.value * item.count for item in self.items if item.number != 81)

    @property
    def may_win(self) -> bool:
        """The 8-fan minimum: below it a declared win is a 错和, which the table refuses."""
        return self.total_without_flowers >= MINIMUM_FAN


class NotAWinError(TileError):
    """The stated tiles do not make a winning shape."""

    code = "not_a_win"


class _Set(NamedTuple):
    """One set of a reading. A tuple, not a dataclass: readings make and read many of them."""

    pung: bool
    kind: int
    concealed: bool
    kong: MeldKind | None
    """``None`` for a pung or chow that is not a kong."""
    melded: bool
    five: bool
    """Whether it holds a suited five (全带五 asks it of every set)."""
    outside: bool
    """Whether it holds a terminal or honour (全带幺 asks it of every set)."""


def _make_set(
    pung: bool, kind: int, concealed: bool, kong: MeldKind | None = None, melded: bool = False
) -> _Set:
    """A set with the flags the whole-hand set fans ask, worked out once when it is made."""
    rank = kind % 9
    if kind >= 27:
        five, outside = False, pung
    elif pung:
        five, outside = rank == 4, rank in (0, 8)
    else:
        five, outside = 2 <= rank <= 4, rank in (0, 6)
    return _Set(pung, kind, concealed, kong, melded, five, outside)


def score_hand(hand: GuobiaoHand) -> FanScore:
    """The itemised fans of the best reading of ``hand``; raises ``NotAWinError`` if none."""
    counts = to_counts(hand.concealed + (hand.winning,))
    all_counts = list(counts)
    for meld in hand.melds:
        for kind in meld.tiles[:3]:  # a kong counts as its first three tiles
            all_counts[kind] += 1
    if len(hand.concealed) + 3 * len(hand.melds) != 13:
        raise NotAWinError("a hand holds 13 tiles before its winning tile (a kong counts three)")
    best: dict[int, int] | None = None
    best_total = -1
    hand_wide = _hand_wide_fans(all_counts, hand)
    situational = hand.last_tile or hand.kong or hand.fourth_tile or _fourth_in_melds(hand)
    for fans in _readings(hand, counts):
        fans.update(hand_wide)
        _exclude(fans)
        if 62 in fans and 80 in fans:
            del fans[62], fans[80]
            fans[56] = 1
        if situational:
            _situational(hand, fans)
        if not any(fans.values()):  # the flowers are not in yet
            fans[43] = 1
        if hand.flowers:
            fans[81] = hand.flowers
        total = _total(fans)
        if total > best_total:
            best, best_total = fans, total
    if best is None:
        raise NotAWinError("these tiles do not make a winning hand")
    return FanScore(tuple([_item(n, c) for n, c in sorted(best.items()) if c]))


@lru_cache(maxsize=1024)
def _item(number: int, count: int) -> FanItem:
    row = FANS[number]
    return FanItem(number, row.name_zh, row.name_en, row.value, count)


def _fourth_in_melds(hand: GuobiaoHand) -> bool:
    """和绝张 by the winner's own melds: the other three copies in one of his exposed pungs."""
    return any(len(m.tiles) == 3 and hand.winning in m.tiles for m in hand.melds)


def _total(fans: dict[int, int]) -> int:
    values = _VALUES
    return sum([values[n] * c for n, c in fans.items()])


def _readings(hand: GuobiaoHand, counts: list[int]):
    melded = tuple([_meld_set(meld.kind, meld.tiles) for meld in hand.melds])
    win = hand.winning
    nine_gates = _nine_gates(hand)
    if not hand.melds:
        if not counts.count(1) and not counts.count(3):  # fourteen tiles in pairs
            yield _seven_pairs(counts)
        orphans = _ORPHAN_TILES(counts)
        if 0 not in orphans and sum(orphans) == 14:
            yield {7: 1}
        knitted = _honours_and_knitted(counts)
        if knitted is not None:
            yield knitted
    for sets, pair in _readings_of(counts):
        sets = _mark_win(sets, pair, win, hand.self_drawn)
        yield _standard_fans(hand, sets + melded, pair, None, nine_gates)
    if len(hand.melds) <= 1:
        for knit, held in zip(KNITS, _KNIT_TILES, strict=True):
            if 0 not in held(counts):
                rest = list(counts)
                for k in knit:
                    rest[k] -= 1
                for sets, pair in _readings_of(rest):
                    yield _standard_fans(hand, sets + melded, pair, knit, nine_gates)


@lru_cache(maxsize=1024)
def _meld_set(kind: MeldKind, tiles: tuple[int, ...]) -> _Set:
    """The set a declared meld is in every reading; there are few melds, so each is made once
    (keyed by its fields: hashing them is quicker than hashing the ``Meld``)."""
    if kind is MeldKind.CHOW:
        return _make_set(False, tiles[0], False, melded=True)
    concealed = kind is MeldKind.KONG_CONCEALED
    return _make_set(True, tiles[0], concealed, kind if kind.is_kong else None, not concealed)


def _readings_of(counts: list[int]) -> tuple[tuple[tuple[_Set, ...], int], ...]:
    """The standard readings of a real hand as (sets, pair), in the project's table order.

    Each suit and the honours are read on their own (``_group``: a hand's suits repeat far more
    often than whole hands do); a reading is one choice per group, and only a hand with exactly
    one group holding a pair has any."""
    key = checked_key(counts)
    per_group = []
    pairs = 0
    for start, end, known in _GROUPS:
        group_key = key[start:end]
        found = known.get(group_key)
        if found is None:
            found = _group(start, group_key)
            if found is None:
                return ()
            known[group_key] = found
        if any(group_key):
            pairs += found[0]
            per_group.append(found[1])
    if pairs != 1:
        return ()
    if len(per_group) == 1:
        return per_group[0]
    return tuple(_joined(choice) for choice in product(*per_group))


def _group(
    start: int, group_key: bytes
) -> tuple[int, tuple[tuple[tuple[_Set, ...], int | None], ...]] | None:
    """Whether one suit (or the honours, from kind ``start``) holds a pair, and its arrangements
    as concealed ``_Set``s with the pair's kind (``None`` without one); ``None`` if the group
    is not complete. Kept per group key: the keys are bounded by the shape tables."""
    tables = SUIT if start < 27 else HONOURS
    build_group_tables()
    arrangements = tables.arrangements.get(group_key)
    if arrangements is None:
        return None
    readings = tuple(
        (
            tuple(_CONCEALED_SETS[shape is SetShape.PUNG, start + rank] for shape, rank in sets),
            None if pair is None else start + pair,
        )
        for pair, sets in arrangements
    )
    return tables.pairs[group_key], readings


def _joined(
    choice: tuple[tuple[tuple[_Set, ...], int | None], ...],
) -> tuple[tuple[_Set, ...], int]:
    """One reading from one arrangement of each group: their sets in order, and the one pair."""
    sets: tuple[_Set, ...] = ()
    pair = -1
    for group_sets, group_pair in choice:
        sets += group_sets
        if group_pair is not None:
            pair = group_pair
    return sets, pair


_GROUPS = tuple((start, start + ranks, {}) for start, ranks in ((0, 9), (9, 9), (18, 9), (27, 7)))
"""Each group's first and past-the-end kind, and its complete keys read so far (``_group``)."""
_CONCEALED_SETS = {
    (pung, kind): _make_set(pung, kind, True) for pung in (True, False) for kind in range(NUM_KINDS)
}
"""Every concealed set a reading can hold, made once (a ``_Set`` is immutable)."""
_EXPOSED_PUNGS = tuple(_make_set(True, kind, False) for kind in range(NUM_KINDS))
"""The pung a discard completed, by kind: exposed (not 暗刻) though made in the hand."""


def _standard(counts: list[int]):
    """Every way to read ``counts`` as sets and one pair (as lists of unmarked ``_Set``); unlike
    the tables it accepts a fifth copy, which the reference's wait count considers."""
    for pair in range(NUM_KINDS):
        if counts[pair] >= 2:
            rest = list(counts)
            rest[pair] -= 2
            for sets in _sets(rest, 0):
                yield sets, pair


def _sets(counts: list[int], start: int):
    kind = start
    while kind < NUM_KINDS and not counts[kind]:
        kind += 1
    if kind == NUM_KINDS:
        yield []
        return
    if counts[kind] >= 3:
        counts[kind] -= 3
        for rest in _sets(counts, kind):
            yield [_make_set(True, kind, True), *rest]
        counts[kind] += 3
    if kind < 27 and kind % 9 <= 6 and counts[kind + 1] and counts[kind + 2]:
        for k in (kind, kind + 1, kind + 2):
            counts[k] -= 1
        for rest in _sets(counts, kind):
            yield [_make_set(False, kind, True), *rest]
        for k in (kind, kind + 1, kind + 2):
            counts[k] += 1


def _mark_win(sets: tuple[_Set, ...], pair: int, win: int, self_drawn: bool) -> tuple[_Set, ...]:
    """A discard completing a concealed pung makes it exposed, unless the tile fits elsewhere."""
    if self_drawn or pair == win or any(not s.pung and s.kind <= win <= s.kind + 2 for s in sets):
        return sets
    marked = list(sets)
    for index, s in enumerate(sets):
        if s.pung and s.kind == win:
            marked[index] = _EXPOSED_PUNGS[win]
            break
    return tuple(marked)


def _seven_pairs(counts: list[int]) -> dict[int, int]:
    kinds = [k for k in range(NUM_KINDS) if counts[k]]
    fans: dict[int, int] = {}
    if (
        len(kinds) == 7
        and kinds[0] < 27
        and kinds[6] - kinds[0] == 6
        and kinds[0] // 9 == kinds[6] // 9
    ):
        fans[6] = 1
    else:
        fans[19] = 1
    return fans


def _honours_and_knitted(counts: list[int]) -> dict[int, int] | None:
    """全不靠 or 七星不靠 (with 组合龙 when all nine knitted tiles are in): fourteen different
    kinds, the suited ones all from one knitted straight."""
    if max(counts) > 1 or _knit_holding_all_suited(counts) is None:
        return None
    fans = {20: 1} if sum(counts[27:]) == 7 else {34: 1}
    if sum(counts[:27]) == 9:
        fans[35] = 1
    return fans


def _hand_wide_fans(all_counts: list[int], hand: GuobiaoHand) -> dict[int, int]:
    """The fans read from the tiles and the concealment alone, the same for every reading."""
    fans: dict[int, int] = {}
    present = set(hand.concealed)
    present.add(hand.winning)
    for meld in hand.melds:
        present.update(meld.tiles)
    _tile_fans(fans, all_counts, present)
    _concealment(fans, hand)
    return fans


def _tile_flags(kind: int) -> int:
    """What one kind is, as bits: its suit or honour group, its rank, and the tile sets some
    fans ask every tile to come from (green, reversible, terminals and honours)."""
    flags = 0
    if kind < 27:
        flags |= _SUIT_BIT << (kind // 9) | _RANK_BIT << (kind % 9)
        if kind % 9 in (0, 8):
            flags |= _TERMINAL
    else:
        flags |= _WIND if kind <= 30 else _DRAGON
    if kind in _GREEN:
        flags |= _GREEN_TILE
    if kind in REVERSIBLE:
        flags |= _REVERSIBLE_TILE
    if kind in _ORPHANS:
        flags |= _ORPHAN
    return flags


_SUIT_BIT = 1  # three bits, one a suit
_WIND, _DRAGON, _TERMINAL, _GREEN_TILE, _REVERSIBLE_TILE, _ORPHAN = (
    1 << bit for bit in range(3, 9)
)
_SUITS = 0b111 * _SUIT_BIT
_HONOURS = _WIND | _DRAGON
_RANK_BIT = 1 << 9  # nine bits, one a rank
_FLAGS = tuple(_tile_flags(kind) for kind in range(NUM_KINDS))
_RANKS = {  # fans whose every tile is suited and of these ranks, the narrowest first
    25: (6, 7, 8),
    26: (3, 4, 5),
    27: (0, 1, 2),
    36: (5, 6, 7, 8),
    37: (0, 1, 2, 3),
}
_RANK_MASKS = {fan: sum(_RANK_BIT << r for r in ranks) for fan, ranks in _RANKS.items()}


def _tile_fans(fans: dict[int, int], all_counts: list[int], present: set[int]) -> None:
    """The fans read from which kinds the hand holds: one OR and one AND of their flags."""
    flags = [_FLAGS[kind] for kind in present]
    some = reduce(or_, flags)
    every = reduce(and_, flags)
    hogs = all_counts.count(4)
    suits = bin(some & _SUITS).count("1")
    honours = some & _HONOURS
    if every & _GREEN_TILE:
        fans[3] = 1
    if suits == 1:
        fans[49 if honours else 22] = 1
    if not suits:
        fans[11] = 1
    if suits == 2:
        fans[75] = 1
    if not honours:
        fans[76] = 1
    if every & _REVERSIBLE_TILE:
        fans[40] = 1
    if every & _ORPHAN:
        if not honours:
            fans[8] = 1
        elif suits:
            fans[18] = 1
    if not honours and not some & _TERMINAL:
        fans[68] = 1
    if not honours:
        ranks = some & ~(_RANK_BIT - 1)
        fan = next((f for f, mask in _RANK_MASKS.items() if not ranks & ~mask), 0)
        if fan:
            fans[fan] = 1
    if suits == 3 and some & _WIND and some & _DRAGON:
        fans[51] = 1
    if hogs:
        fans[64] = hogs


def _concealment(fans: dict[int, int], hand: GuobiaoHand) -> None:
    """门前清, 不求人 and 全求人: they depend on the melds and the self-draw, not the reading."""
    concealed_melds = sum([m.kind is MeldKind.KONG_CONCEALED for m in hand.melds])
    if concealed_melds == len(hand.melds):
        fans[62] = 1
    if hand.self_drawn:
        fans[80] = 1
    elif len(hand.melds) == 4 and not concealed_melds:
        fans[52] = 1


def _standard_fans(
    hand: GuobiaoHand,
    sets: tuple[_Set, ...],
    pair: int,
    knitted: tuple[int, ...] | None,
    nine_gates: bool,
) -> dict[int, int]:
    """The fans of one reading as sets and a pair (with a knitted straight when ``knitted``);
    ``nine_gates`` is a fact of the hand, worked out once for all its readings."""
    fans: dict[int, int] = {} if knitted is None else {35: 1}
    pungs = []
    chows = []
    for s in sets:
        if s.pung:
            pungs.append(s)
        else:
            chows.append(s.kind)
    terminal_pungs = _pung_set_fans(fans, hand, pungs, pair) if pungs else 0
    if len(chows) + (3 if knitted else 0) == 4 and pair < 27:
        fans[63] = 1
    if knitted is None:
        if pair in _FIVES and all(s.five for s in sets):
            fans[31] = 1
        if pair in _ORPHAN_SET and all(s.outside for s in sets):
            fans[55] = 1
    _chow_fans(fans, chows, pair)
    if nine_gates:
        fans[4] = 1
        terminal_pungs -= 1
    if terminal_pungs:
        fans[73] = terminal_pungs
    _wait_fans(fans, hand, sets, pair)
    return fans


def _pung_set_fans(fans: dict[int, int], hand: GuobiaoHand, pungs: list[_Set], pair: int) -> int:
    """Adds the fans of the pungs and kongs; returns how many are 幺九刻 (terminal or honour
    pungs no other fan counts), which 九莲宝灯 may still take one from."""
    honours = [s.kind for s in pungs if s.kind >= 27]
    winds = [kind for kind in honours if kind <= 30]
    if honours:
        _honour_fans(fans, hand, honours, winds, pair)
    kongs = [s for s in pungs if s.kong]
    if kongs:
        _kong_fans(fans, kongs)
    concealed_pungs = [s.concealed for s in pungs].count(True)
    if concealed_pungs == 4:
        fans[12] = 1
    elif concealed_pungs == 3:
        fans[33] = 1
    elif concealed_pungs == 2:
        fans[66] = 1
    if len(pungs) == 4:
        fans[48] = 1
        if all(s.kind < 27 and s.kind % 9 % 2 == 1 for s in pungs) and pair < 27 and pair % 9 % 2:
            fans[21] = 1
    suited = [s.kind for s in pungs if s.kind < 27]
    if len(suited) >= 2:
        fans.update(_pung_fans(tuple(sorted(suited))))
    orphans = [s.kind for s in pungs if s.kind in _ORPHAN_SET]
    if not orphans:
        return 0
    honoured = {27 + hand.prevalent_wind, 27 + hand.seat_wind, 31, 32, 33}
    if len(winds) >= 3:
        honoured.update((27, 28, 29, 30))
    return len(orphans) - len(honoured.intersection(orphans))


def _honour_fans(
    fans: dict[int, int], hand: GuobiaoHand, honours: list[int], winds: list[int], pair: int
) -> None:
    """The fans of the wind and dragon pungs (``honours``, the winds among them ``winds``)."""
    for kinds, every, short_with_pair, short, one in _HONOUR_PUNG_FANS:
        held = len(kinds.intersection(honours))  # distinct kinds: one pung each
        if held == len(kinds):
            fans[every] = 1
        elif held == len(kinds) - 1:
            fans[short_with_pair if pair in kinds else short] = 1
        elif held == 1 and one:
            fans[one] = 1
    if 27 + hand.prevalent_wind in winds:
        fans[60] = 1
    if 27 + hand.seat_wind in winds:
        fans[61] = 1


def _kong_fans(fans: dict[int, int], kongs: list[_Set]) -> None:
    concealed_kongs = [s.kong for s in kongs].count(MeldKind.KONG_CONCEALED)
    melded_kongs = len(kongs) - concealed_kongs
    if len(kongs) == 4:
        fans[5] = 1
    elif len(kongs) == 3:
        fans[17] = 1
    else:
        if concealed_kongs == 2:
            fans[53] = 1
        elif concealed_kongs == 1 and melded_kongs == 1:
            fans[82] = 1
        elif concealed_kongs == 1:
            fans[67] = 1
        if melded_kongs == 2:
            fans[57] = 1
        elif melded_kongs == 1:
            fans[74] = 1


def _nine_gates(hand: GuobiaoHand) -> bool:
    """九莲宝灯: the thirteen concealed tiles are 1112345678999 of one suit, whatever the winning tile."""
    if hand.melds or hand.winning >= 27:
        return False
    suit = hand.winning // 9 * 9
    return hand.concealed[0] == suit and hand.concealed == tuple(suit + r for r in _NINE_GATES)


_NINE_GATES = (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)


@lru_cache(maxsize=1 << 15)
def _pung_fans(kinds: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The fans among suited pungs (节高, 三同刻, 双同刻 ...): a pure function of their sorted
    kinds, of which there are 20,826 sets of two to four, so each is worked out once."""
    fans: dict[int, int] = {}
    _count_pung_fans(fans, kinds)
    return tuple(fans.items())


def _count_pung_fans(fans: dict[int, int], kinds: tuple[int, ...]) -> None:
    if len(kinds) == 4:
        ordered = sorted(kinds)
        if len({k // 9 for k in ordered}) == 1 and all(
            b - a == 1 for a, b in zip(ordered, ordered[1:], strict=False)
        ):
            fans[15] = 1
            return
    for trio in combinations(kinds, 3):
        ordered = sorted(trio)
        suits = {k // 9 for k in ordered}
        ranks = sorted(k % 9 for k in ordered)
        if len(suits) == 1 and all(b - a == 1 for a, b in zip(ordered, ordered[1:], strict=False)):
            fans[24] = 1
        elif len(suits) == 3 and len(set(ranks)) == 1:
            fans[32] = 1
        elif len(suits) == 3 and ranks[1] - ranks[0] == 1 and ranks[2] - ranks[1] == 1:
            fans[42] = 1
    if 32 not in fans:
        doubles = sum(1 for a, b in combinations(kinds, 2) if a // 9 != b // 9 and a % 9 == b % 9)
        if doubles:
            fans[65] = doubles


def _chow_fans(fans: dict[int, int], chows: list[int], pair: int) -> None:
    """Adds the chow fans; no other fan has their numbers, so they are set, not summed. Only a
    suited five as the pair counts (三色双龙会, 一色双龙会), so any other pair shares one key."""
    if len(chows) >= 2:
        fans.update(_chow_fan_counts(*_suits_relabelled(chows, pair if pair in _FIVES else -1)))


def _suits_relabelled(chows: list[int], pair: int) -> tuple[tuple[int, ...], int]:
    """The chows and pair with the suits renamed in the order they first appear. The chow fans
    only ask whether suits are the same or different, so every renaming has the same fans, and
    the cache holds one entry for all six."""
    renamed = {}
    relabelled = []
    for kind in chows:
        suit = renamed.setdefault(kind // 9, len(renamed))
        relabelled.append(suit * 9 + kind % 9)
    if pair >= 0:
        pair = renamed.setdefault(pair // 9, len(renamed)) * 9 + pair % 9
    return tuple(relabelled), pair


@lru_cache(maxsize=1 << 15)
def _chow_fan_counts(chows: tuple[int, ...], pair: int) -> tuple[tuple[int, int], ...]:
    """The chow fans of these chows (in this order) with this pair: a pure function of the two,
    and a hand has only so many chow sets, so it is worked out once for each."""
    fans: dict[int, int] = {}
    _count_chow_fans(fans, list(chows), pair)
    return tuple(fans.items())


def _count_chow_fans(fans: dict[int, int], chows: list[int], pair: int) -> None:
    if len(chows) == 4:
        ordered = sorted(chows)
        same_suit = len({k // 9 for k in ordered}) == 1
        steps = {b - a for a, b in zip(ordered, ordered[1:], strict=False)}
        if same_suit and steps == {0}:
            fans[14] = 1
            return
        if same_suit and (steps == {1} or steps == {2}):
            fans[16] = 1
            return
        suits = sorted({k // 9 for k in ordered})
        if (
            len(suits) == 2
            and all(sorted(k % 9 for k in ordered if k // 9 == s) == [0, 6] for s in suits)
            and pair < 27
            and pair % 9 == 4
            and pair // 9 not in suits
        ):
            fans[29] = 1
            return
        if (
            same_suit
            and ordered[0] % 9 == 0
            and ordered == [ordered[0]] * 2 + [ordered[0] + 6] * 2
            and pair == ordered[0] + 4
        ):
            fans[13] = 1
            return
    for trio in combinations(range(len(chows)), 3):
        fan = _three_chow_fan(sorted(chows[i] for i in trio), pair)
        if fan:
            fans[fan] = 1
            others = [i for i in range(len(chows)) if i not in trio]
            best = 0
            for other in others:
                for i in trio:
                    pair_fan = _two_chow_fan(chows[i], chows[other])
                    if (
                        pair_fan
                        and pair_fan not in FANS[fan].implies
                        and (not best or pair_fan < best)
                    ):
                        best = pair_fan
            if best:
                fans[best] = fans.get(best, 0) + 1
            return
    edges = [
        (i, j, f)
        for i, j in combinations(range(len(chows)), 2)
        if (f := _two_chow_fan(chows[i], chows[j]))
    ]
    best_pick: tuple[tuple[int, int, int], ...] = ()
    best_value = 0
    for size in range(1, min(len(edges), len(chows) - 1) + 1):
        for pick in combinations(edges, size):
            if _acyclic(pick, len(chows)) and _distinct(pick):
                value = sum(FANS[f].value for _, _, f in pick)
                if value > best_value or (
                    value == best_value
                    and sorted(f for *_, f in pick) < sorted(f for *_, f in best_pick)
                ):
                    best_pick, best_value = pick, value
    for _, _, f in best_pick:
        fans[f] = fans.get(f, 0) + 1


def _distinct(edges) -> bool:
    """不得相同: one chow does not make the same fan twice."""
    used = [(i, f) for i, _, f in edges] + [(j, f) for _, j, f in edges]
    return len(used) == len(set(used))


def _acyclic(edges, nodes: int) -> bool:
    parent = list(range(nodes))

    def root(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for i, j, _ in edges:
        a, b = root(i), root(j)
        if a == b:
            return False
        parent[a] = b
    return True


def _three_chow_fan(ordered: list[int], pair: int) -> int:
    suits = [k // 9 for k in ordered]
    ranks = sorted(k % 9 for k in ordered)
    if len(set(suits)) == 1:
        if ordered[0] == ordered[2]:
            return 23
        if ranks == [0, 3, 6]:
            return 28
        if ordered[1] - ordered[0] == ordered[2] - ordered[1] in (1, 2):
            return 30
        return 0
    if len(set(suits)) == 3:
        if len(set(ranks)) == 1:
            return 41
        if ranks == [0, 3, 6]:
            return 39
        if ranks[1] - ranks[0] == 1 and ranks[2] - ranks[1] == 1:
            return 50
    return 0


def _two_chow_fan(a: int, b: int) -> int:
    if a == b:
        return 69
    if a // 9 != b // 9:
        return 70 if a % 9 == b % 9 else 0
    if abs(a - b) == 3:
        return 71
    if {a % 9, b % 9} == {0, 6}:
        return 72
    return 0


def _wait_fans(fans, hand: GuobiaoHand, sets, pair: int) -> None:
    """边张, 坎张 or 单钓将 by where this reading puts the winning tile, if it was the only wait."""
    win = hand.winning
    edge = closed = False
    for s in sets:
        if not s.pung and not s.melded and s.kind <= win <= s.kind + 2:
            start = s.kind
            if (win == start + 2 and start % 9 == 0) or (win == start and start % 9 == 6):
                edge = True
            elif win == start + 1:
                closed = True
    if edge:
        fan = 77
    elif closed:
        fan = 78
    elif pair == win:
        fan = 79
    else:
        return
    if _single_wait(hand.concealed, len(hand.melds)):
        fans[fan] = 1


@lru_cache(maxsize=4096)
def _single_wait(concealed: tuple[int, ...], melds: int) -> bool:
    """Whether one kind alone completes the thirteen tiles (kinds already held four times
    included, as the reference counts them), for the one-wait fans 边张, 坎张 and 单钓将. Most
    hands that ask have two standard waits, so the rarer shapes are looked at only if not."""
    base = to_counts(concealed)
    found = set(waits(base, seven_pairs=not melds, thirteen_orphans=not melds))
    if len(found) > 1:
        return False
    for kind in range(NUM_KINDS) if 4 in base else ():
        if base[kind] == 4:
            counts = list(base)
            counts[kind] += 1
            if next(_standard(counts), None) is not None:
                found.add(kind)
    found.update(knitted_waits(base, melds))
    return len(found) == 1


def knitted_win(counts: Sequence[int], melds: int) -> bool:
    """Whether concealed ``counts`` (the winning tile in, ``melds`` sets declared) make one of
    the knitted shapes the table machine does not know: 组合龙 with a set and a pair (at most
    one set declared), or 全不靠 / 七星不靠 (all concealed)."""
    if melds > 1 or sum(counts) + 3 * melds != 14:
        return False
    counts = list(counts)
    return _knit_win(counts) or (not melds and _honours_and_knitted_shape(counts))


def knitted_waits(counts: Sequence[int], melds: int) -> tuple[int, ...]:
    """The kinds that complete thirteen tiles into a knitted shape (:func:`knitted_win`): those
    that complete a 组合龙 with a set and a pair, and those that make a 全不靠."""
    if melds > 1 or sum(counts) + 3 * melds != 13:
        return ()
    found = set(_honours_and_knitted_waits(counts)) if not melds else set()
    trial = list(counts)
    for kind in _knitted_straight_candidates(counts):
        trial[kind] += 1
        if _knit_win(trial):
            found.add(kind)
        trial[kind] -= 1
    return tuple(sorted(found))


def _knitted_straight_candidates(counts: Sequence[int]) -> Sequence[int]:
    """The kinds that could complete a whole knitted straight (组合龙): any kind if the hand
    holds all nine tiles of one, else the one it lacks of each it holds eight of."""
    missing = [held(counts).count(0) for held in _KNIT_TILES]
    if 0 in missing:
        return range(NUM_KINDS)
    return [
        kind
        for knit, lacking in zip(KNITS, missing, strict=True)
        if lacking == 1
        for kind in knit
        if not counts[kind]
    ]


def _honours_and_knitted_waits(counts: Sequence[int]) -> list[int]:
    """The kinds that make thirteen concealed tiles a 全不靠: the tiles are all different and
    the suited ones (six at least, since there are only seven honours) come from one knitted
    straight, which no other can also hold (two share at most three tiles); then any honour
    or tile of that straight not yet held completes it."""
    if max(counts) > 1:
        return []
    knit = _knit_holding_all_suited(counts)
    if knit is None:
        return []
    return [kind for kind in (*knit, *range(27, NUM_KINDS)) if not counts[kind]]


def _honours_and_knitted_shape(counts: list[int]) -> bool:
    return max(counts) <= 1 and _knit_holding_all_suited(counts) is not None


def _knit_holding_all_suited(counts: Sequence[int]) -> tuple[int, ...] | None:
    """The first knitted straight that holds every suited kind of ``counts`` (no kind twice):
    the one whose held tiles number as many as the suited tiles."""
    suited = sum(counts[:27])
    for knit, held in zip(KNITS, _KNIT_TILES, strict=True):
        if 9 - held(counts).count(0) == suited:
            return knit
    return None


def _knit_win(counts: list[int]) -> bool:
    for knit, held in zip(KNITS, _KNIT_TILES, strict=True):
        if 0 not in held(counts):
            rest = list(counts)
            for k in knit:
                rest[k] -= 1
            if next(_standard(rest), None) is not None:
                return True
    return False


def _exclude(fans: dict[int, int]) -> None:
    """不重复: drop every fan another counted fan implies."""
    implied = _NOTHING.union(*[_IMPLIES[number] for number, count in fans.items() if count])
    for number in implied & fans.keys():
        del fans[number]


_NOTHING: frozenset[int] = frozenset()
_IMPLIES = {number: frozenset(row.implies) for number, row in FANS.items()}
_VALUES = {number: row.value for number, row in FANS.items()}


def _situational(hand: GuobiaoHand, fans: dict[int, int]) -> None:
    if hand.last_tile:
        fans[44 if hand.self_drawn else 45] = 1
    unheld = hand.winning not in hand.concealed
    if hand.kong and hand.self_drawn and any(m.is_kong for m in hand.melds):
        fans[46] = 1
    elif hand.kong and not hand.self_drawn and unheld:
        fans[47] = 1
    in_melds = sum(m.tiles.count(hand.winning) for m in hand.melds if not m.is_kong)
    if (hand.fourth_tile or in_melds == 3) and unheld:
        fans[58] = 1
    _exclude(fans)
