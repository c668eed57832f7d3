"""Winning hands for the guobiao cross-check, and the bridge to PyMahjongGB's tile names.

The generator builds a hand from sets (chows, pungs, exposed/added/concealed kongs) and a pair,
or a special form, then picks the winning tile and the situational flags so that each is
possible: ``make_hand(rng)`` is random, ``targeted`` builds hands aimed at named fans.
"""

from __future__ import annotations

import random

from qipai.mahjong.notation import Meld, MeldKind
from qipai.mahjong.rulesets.guobiao_fans import GuobiaoHand

_SUIT_LETTERS = "WBT"
_HONOUR_NAMES = ("F1", "F2", "F3", "F4", "J1", "J2", "J3")


def oracle_name(kind: int) -> str:
    """PyMahjongGB's name of a kind: W 万 (characters), B 饼 (dots), T 条 (bamboo), F winds, J dragons."""
    if kind < 27:
        return f"{_SUIT_LETTERS[kind // 9]}{kind % 9 + 1}"
    return _HONOUR_NAMES[kind - 27]


def oracle_fans(hand: GuobiaoHand) -> dict[str, int]:
    """PyMahjongGB's itemised fans of ``hand`` as {English name: value × count}."""
    import MahjongGB

    packs = []
    for meld in hand.melds:
        if meld.kind is MeldKind.CHOW:
            packs.append(("CHI", oracle_name(meld.tiles[1]), 2))
        elif meld.kind is MeldKind.PUNG:
            packs.append(("PENG", oracle_name(meld.tiles[0]), 1))
        else:
            packs.append(("GANG", oracle_name(meld.tiles[0]), 0 if meld.is_concealed else 1))
    result = MahjongGB.MahjongFanCalculator(
        tuple(packs),
        tuple(oracle_name(k) for k in hand.concealed),
        oracle_name(hand.winning),
        hand.flowers,
        hand.self_drawn,
        hand.fourth_tile,
        hand.kong,
        hand.last_tile,
        hand.seat_wind,
        hand.prevalent_wind,
        True,
    )
    return {name_en: value * count for value, count, _zh, name_en in result}


def ours(hand: GuobiaoHand) -> dict[str, int]:
    from qipai.mahjong.rulesets.guobiao_fans import score_hand

    return {item.name_en: item.value * item.count for item in score_hand(hand).items}


def make_hand(rng: random.Random) -> GuobiaoHand | None:
    """A random winning hand (four sets and a pair, or seven pairs), or ``None`` when the draw
    used more than four copies of a kind."""
    counts = [0] * 34
    sets: list[tuple[str, int]] = []
    style = rng.random()
    if style < 0.1:
        return _flags(rng, _special(rng), None)
    if style < 0.18:
        kinds = rng.sample(range(34), 7)
        tiles = [k for k in kinds for _ in range(2)]
        win = rng.choice(tiles)
        tiles.remove(win)
        return _flags(rng, GuobiaoHand(tuple(sorted(tiles)), win), None)
    suits = rng.sample(range(3), rng.choice((1, 2, 3)))
    theme = rng.choice(_THEMES)
    pool = sorted(k for k in range(34) if _THEMES_TEST[theme](k) and (k >= 27 or k // 9 in suits))
    if not pool:
        return None
    starts = [k for k in pool if k < 27 and k % 9 <= 6 and k + 1 in pool and k + 2 in pool]
    for _ in range(4):
        if starts and rng.random() < 0.55:
            first = rng.choice(starts)
            sets.append(("chow", first))
            for k in (first, first + 1, first + 2):
                counts[k] += 1
        else:
            kind = rng.choice(pool)
            sets.append(("pung", kind))
            counts[kind] += 3
    pair = rng.choice(pool)
    counts[pair] += 2
    if max(counts) > 4:
        return None
    kongs = 0.35 if theme == "kongs" else 0.1
    melds: list[Meld] = []
    concealed: list[int] = [pair, pair]
    for shape, kind in sets:
        roll = rng.random()
        if shape == "chow":
            tiles = (kind, kind + 1, kind + 2)
            if roll < 0.3:
                melds.append(Meld(MeldKind.CHOW, tiles))
            else:
                concealed.extend(tiles)
        elif roll < 0.25:
            melds.append(Meld(MeldKind.PUNG, (kind,) * 3))
        elif roll < 0.25 + kongs and counts[kind] == 3:
            melds.append(Meld(MeldKind.KONG_EXPOSED, (kind,) * 4))
            counts[kind] += 1
        elif roll < 0.25 + 2 * kongs and counts[kind] == 3:
            melds.append(Meld(MeldKind.KONG_CONCEALED, (kind,) * 4))
            counts[kind] += 1
        else:
            concealed.extend((kind,) * 3)
    win = rng.choice(concealed)
    concealed.remove(win)
    return _flags(rng, GuobiaoHand(tuple(sorted(concealed)), win, tuple(melds)), counts)


def _flags(rng: random.Random, hand: GuobiaoHand, counts) -> GuobiaoHand:
    self_drawn = rng.random() < 0.4
    held = list(hand.concealed) + [hand.winning]
    for meld in hand.melds:
        held.extend(meld.tiles)
    in_hand = held.count(hand.winning)
    fourth = hand.winning not in hand.concealed and rng.random() < 0.3
    kong = rng.random() < 0.06 and (
        (self_drawn and any(m.is_kong for m in hand.melds)) or (not self_drawn and in_hand == 1)
    )
    fourth = fourth and not kong
    return GuobiaoHand(
        hand.concealed,
        hand.winning,
        hand.melds,
        flowers=rng.choice((0, 0, 0, 1, 2, 3)),
        self_drawn=self_drawn,
        fourth_tile=fourth,
        kong=kong,
        last_tile=rng.random() < 0.05 and not kong,
        seat_wind=rng.randrange(4),
        prevalent_wind=rng.randrange(4),
    )


_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_THEMES_TEST = {
    "open": lambda k: True,
    "kongs": lambda k: True,
    "winds": lambda k: k < 31,
    "dragons": lambda k: k < 27 or k >= 31,
    "terminals": lambda k: k in _ORPHANS,
    "suited terminals": lambda k: k < 27 and k in _ORPHANS,
    "honours": lambda k: k >= 27,
    "upper": lambda k: k < 27 and k % 9 >= 5,
    "middle": lambda k: k < 27 and 3 <= k % 9 <= 5,
    "lower": lambda k: k < 27 and k % 9 <= 3,
    "green": lambda k: k in (19, 20, 21, 23, 25, 32),
    "even": lambda k: k < 27 and k % 9 % 2 == 1,
    "fives": lambda k: k < 27 and 2 <= k % 9 <= 6,
}
"""Tile pools aimed at the fans random sets rarely make: 大四喜, 清幺九, 全大, 绿一色, 全双刻, ..."""
_THEMES = tuple(_THEMES_TEST)
_KNIT_ORDERS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def _special(rng: random.Random) -> GuobiaoHand:
    """Targeted at the forms random sets never make: 十三幺, 连七对, 九莲宝灯, 组合龙, 全不靠,
    七星不靠, 一色双龙会 and 三色双龙会."""
    form = rng.randrange(7)
    if form == 5:
        suit = rng.randrange(3) * 9
        tiles = [suit + r for r in (0, 1, 2, 0, 1, 2, 6, 7, 8, 6, 7, 8, 4, 4)]
    elif form == 6:
        first, second, third = rng.sample((0, 9, 18), 3)
        tiles = [s + r for s in (first, second) for r in (0, 1, 2, 6, 7, 8)] + [third + 4] * 2
    elif form == 0:
        tiles = [*_ORPHANS, rng.choice(_ORPHANS)]
    elif form == 1:
        start = rng.randrange(3) * 9 + rng.randrange(3)
        tiles = [k for k in range(start, start + 7) for _ in range(2)]
    elif form == 2:
        suit = rng.randrange(3) * 9
        tiles = [suit + r for r in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [
            suit + rng.randrange(9)
        ]
    else:
        order = rng.choice(_KNIT_ORDERS)
        knit = [
            suit * 9 + start + 3 * step
            for suit, start in zip(order, (0, 1, 2), strict=True)
            for step in range(3)
        ]
        if form == 3:
            rest = [
                (rng.randrange(27, 34),) * 3,
            ]
            pair = rng.randrange(27, 34)
            if rest[0][0] == pair:
                pair = 27 + (pair - 26) % 7
            tiles = knit + list(rest[0]) + [pair, pair]
        else:
            honours = rng.sample(range(27, 34), rng.choice((5, 6, 7)))
            tiles = rng.sample(knit, 14 - len(honours)) + honours
    win = rng.choice(tiles)
    tiles.remove(win)
    return GuobiaoHand(tuple(sorted(tiles)), win)
