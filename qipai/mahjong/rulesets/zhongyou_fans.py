"""众游世界 fans (ruleset-zhongyou.md §5): the base table of ZY-09, the seed's additions, the limit.

Every applicable item is listed with its value (ZY-17) and the total is capped at the 9-fan
爆和 (ZY-08). A hand that decomposes several ways is scored the way that is worth most (MJ-11).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from qipai.mahjong.analysis import SetShape, decompositions, is_thirteen_orphans
from qipai.mahjong.notation import HandText, MeldKind
from qipai.mahjong.scoring import Fan, WinScore, fan_table
from qipai.mahjong.tiles import DRAGONS, WINDS, is_honour, is_terminal, suit_of

LIMIT = 9
"""爆和: the most a hand is paid (ZY-08)."""

NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
WIND_NAMES = "东南西北"
DRAGON_NAMES = ("中", "发", "白")

FAN = fan_table(
    Fan("平胡", 1),
    Fan("对对胡", 3),
    Fan("混一色", 3),
    Fan("清一色", 7),
    Fan("小三元", 5),
    Fan("门前清", 1),
    Fan("自摸", 1),
    Fan("杠开", 1),
    Fan("海底捞针", 1),
    Fan("鸡胡", 0),
    Fan("十三幺", LIMIT),
    Fan("大三元", LIMIT),
    Fan("大四喜", LIMIT),
    Fan("小四喜", LIMIT),
    Fan("字一色", LIMIT),
    Fan("清幺九", LIMIT),
    Fan("九莲宝灯", LIMIT),
    Fan("十八罗汉", LIMIT),
    Fan("天和", LIMIT),
    Fan("人和", LIMIT),
    Fan("地和", LIMIT),
    Fan("箭刻", 1),
    Fan("门风", 1),
    Fan("圈风", 1),
)
"""Every fan of the ruleset (FAN values are written here only)."""


@dataclass(frozen=True)
class ZhongyouMoment:
    """What the table knows about the win besides the tiles (§5.1).

    ``robbing`` counts as a self-draw without a bonus; ``last_tile`` is the last tile of the wall
    drawn by the winner (海底捞针); ``heavenly``/``human``/``earthly`` are 天和/人和/地和, judged by
    the table (ZY-18).
    """

    seat_wind: int
    round_wind: int
    self_draw: bool
    after_kong: bool = False
    robbing: bool = False
    last_tile: bool = False
    heavenly: bool = False
    human: bool = False
    earthly: bool = False


@dataclass(frozen=True)
class _Sets:
    """One reading of the whole hand: every set as (is_chow, kind, is_kong) and the pair."""

    sets: tuple[tuple[bool, int, bool], ...]
    pair: int


def _readings(hand: HandText) -> list[_Sets]:
    melded = tuple((m.kind is MeldKind.CHOW, m.tiles[0], m.is_kong) for m in hand.melds)
    counts = hand.concealed_counts(with_winning=True)
    return [
        _Sets(melded + tuple((shape is SetShape.CHOW, k, False) for shape, k in d.sets), d.pair)
        for d in decompositions(counts)
    ]


def _all_kinds(hand: HandText) -> list[int]:
    kinds = [*hand.concealed, *([hand.winning] if hand.winning is not None else [])]
    for meld in hand.melds:
        kinds.extend(meld.tiles)
    return kinds


def _limit_hands(hand: HandText, reading: _Sets, kinds: list[int]) -> list[Fan]:
    triplets = [k for chow, k, _ in reading.sets if not chow]
    dragon_pungs = sum(k in DRAGONS for k in triplets)
    wind_pungs = sum(k in WINDS for k in triplets)
    names = []
    if dragon_pungs == 3:
        names.append("大三元")
    if wind_pungs == 4:
        names.append("大四喜")
    elif wind_pungs == 3 and reading.pair in WINDS:
        names.append("小四喜")
    if all(is_honour(k) for k in kinds):
        names.append("字一色")
    if all(is_terminal(k) for k in kinds):
        names.append("清幺九")
    if not hand.melds and _nine_gates(hand):
        names.append("九莲宝灯")
    if sum(kong for _, _, kong in reading.sets) == 4:
        names.append("十八罗汉")
    return [FAN[name] for name in names]


def _nine_gates(hand: HandText) -> bool:
    counts = hand.concealed_counts(with_winning=True)
    suits = {suit_of(k) for k, c in enumerate(counts) if c}
    if len(suits) != 1 or None in suits:
        return False
    (suit,) = suits
    ranks = counts[suit * 9 : suit * 9 + 9]
    return all(have >= need for have, need in zip(ranks, NINE_GATES, strict=True))


def _pattern_fans(hand: HandText, reading: _Sets, kinds: list[int], moment: ZhongyouMoment):
    fans = _limit_hands(hand, reading, kinds)
    triplets = [k for chow, k, _ in reading.sets if not chow]
    if not triplets and reading.pair not in (*DRAGONS, moment.seat_wind, moment.round_wind):
        fans.append(FAN["平胡"])
    if len(triplets) == 4:
        fans.append(FAN["对对胡"])
    suits = {suit_of(k) for k in kinds} - {None}
    honours = any(is_honour(k) for k in kinds)
    if len(suits) == 1:
        fans.append(FAN["混一色"] if honours else FAN["清一色"])
    dragon_pungs = [k for k in triplets if k in DRAGONS]
    if len(dragon_pungs) == 2 and reading.pair in DRAGONS:
        fans.append(FAN["小三元"])
    elif len(dragon_pungs) < 3:
        fans.extend(Fan(f"{DRAGON_NAMES[k - 31]}刻", FAN["箭刻"].value) for k in dragon_pungs)
    if moment.seat_wind in triplets:
        fans.append(Fan(f"门风{WIND_NAMES[moment.seat_wind - 27]}", FAN["门风"].value))
    if moment.round_wind in triplets:
        fans.append(Fan(f"圈风{WIND_NAMES[moment.round_wind - 27]}", FAN["圈风"].value))
    return fans


def _moment_fans(hand: HandText, moment: ZhongyouMoment) -> list[Fan]:
    fans = []
    for flag, name in ((moment.heavenly, "天和"), (moment.human, "人和"), (moment.earthly, "地和")):
        if flag:
            fans.append(FAN[name])
    if all(m.kind is MeldKind.KONG_CONCEALED for m in hand.melds):
        fans.append(FAN["门前清"])
    if moment.self_draw or moment.robbing:
        fans.append(FAN["自摸"])
    if moment.after_kong:
        fans.append(FAN["杠开"])
    if moment.last_tile and moment.self_draw:
        fans.append(FAN["海底捞针"])
    return fans


def _score(fans: Iterable[Fan]) -> WinScore:
    fans = tuple(fans) or (FAN["鸡胡"],)
    raw = sum(f.value for f in fans)
    return WinScore(fans=fans, fan=min(raw, LIMIT), raw_fan=raw)


def zhongyou_score(hand: HandText, moment: ZhongyouMoment) -> WinScore | None:
    """The itemised value of a complete hand, or None if it is not a winning shape."""
    extra = _moment_fans(hand, moment)
    if not hand.melds and is_thirteen_orphans(hand.concealed_counts(with_winning=True)):
        return _score([FAN["十三幺"], *extra])
    kinds = _all_kinds(hand)
    best: WinScore | None = None
    for reading in _readings(hand):
        score = _score([*_pattern_fans(hand, reading, kinds, moment), *extra])
        if best is None or score.raw_fan > best.raw_fan:
            best = score
    return best
