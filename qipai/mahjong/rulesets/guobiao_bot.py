"""How far a 国标 hand is from the 8-fan minimum, for the bot (``Ruleset.requirements_missing``).

A hand of plain chows and pungs is worth a few fans and can never win in this room, so the
bot has to aim at a pattern from its first discards. This counts, for the common ways to reach
eight fans (docs/guobiao.md, "The bot"), the tiles the hand still lacks for each, and returns
the fewest: the bot weighs every candidate discard by it, so it keeps the tiles of the pattern
it is nearest to, and a ready hand whose waits all fall short counts as not ready.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from qipai.mahjong.rulesets.guobiao_fans import KNITS, REVERSIBLE
from qipai.mahjong.tiles import NUM_KINDS

HAND = 13
PUNG_SLOTS = (3, 3, 3, 3, 2)
"""Four pungs and a pair: 碰碰和."""
SHORT_OF_EIGHT = 1
"""A pattern worth 6 (混一色, 碰碰和) needs something more, counted as one tile further."""

_STRAIGHTS = tuple(
    tuple(suit * 9 + part * 3 + rank for part, suit in enumerate(suits) for rank in range(3))
    for suits in {*permutations(range(3)), (0, 0, 0), (1, 1, 1), (2, 2, 2)}
)
"""清龙 (one suit) and 花龙 (the three parts in three suits): nine kinds each."""
_TRIPLE_CHOWS = tuple(
    tuple(suit * 9 + start + step for suit in range(3) for step in range(3)) for start in range(7)
)
"""三色三同顺: the same chow in the three suits."""
_ABOVE_FIVE = frozenset(suit * 9 + rank for suit in range(3) for rank in range(5, 9))
_BELOW_FIVE = frozenset(suit * 9 + rank for suit in range(3) for rank in range(4))


def fans_missing(kinds: Sequence[int], opened: bool) -> int:
    """The fewest tiles the hand (its kinds, concealed and melded) lacks for one of the
    patterns: 清龙 / 花龙, 三色三同顺, 清一色, 混一色 or 碰碰和 and a little more, 推不倒,
    大于五 / 小于五, and while nothing is claimed 七对, 全不靠 and 组合龙."""
    counts = [0] * NUM_KINDS
    for kind in kinds:
        counts[kind] += 1
    held = len(kinds)
    suits = [sum(counts[suit * 9 : suit * 9 + 9]) for suit in range(3)]
    honours = sum(counts[27:])
    missing = [
        min(_absent(counts, group) for group in _STRAIGHTS),
        min(_absent(counts, group) for group in _TRIPLE_CHOWS),
        held - max(suits),
        held - max(suits) - honours + SHORT_OF_EIGHT,
        _pung_deficit(counts) + SHORT_OF_EIGHT,
        held - sum(counts[k] for k in REVERSIBLE),
        held - sum(counts[k] for k in _ABOVE_FIVE),
        held - sum(counts[k] for k in _BELOW_FIVE),
    ]
    if not opened:
        missing.append(max(0, 7 - sum(c // 2 for c in counts)))
        useful = max(sum(1 for k in knit if counts[k]) for knit in KNITS)
        missing.append(max(0, HAND - useful - sum(1 for k in range(27, NUM_KINDS) if counts[k])))
        missing.append(9 - useful)
    return max(0, min(missing))


def _absent(counts: list[int], group: Sequence[int]) -> int:
    return sum(1 for kind in group if not counts[kind])


def _pung_deficit(counts: list[int]) -> int:
    best = sorted(counts, reverse=True)[: len(PUNG_SLOTS)]
    return sum(max(0, slot - count) for slot, count in zip(PUNG_SLOTS, best, strict=True))
