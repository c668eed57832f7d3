"""The Baicheng treasure (明宝, ruleset-baicheng.md §4): which tile it is, and winning by it.

The treasure is the top tile of the wall's second-to-last stack, turned face-up after the deal;
when it is used up the tile below it takes over, and after that there is none (BC-04). Drawing
a tile of the treasure's kind completes any ready hand (摸宝, BC-05): the treasure stands for the
waiting tile that scores best (BC-15), or is itself the wait (宝中宝).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import IntEnum

from qipai.mahjong.notation import HandText
from qipai.mahjong.rulesets.baicheng_requirements import unmet_requirement
from qipai.mahjong.rulesets.baicheng_scoring import winner_fans
from qipai.mahjong.rulesets.lengzi_waits import own_waits
from qipai.mahjong.scoring import Fan, fan_table

USED_UP = 3
"""The treasure is used up when its other three copies are all visible (BC-04a)."""

FAN = fan_table(
    Fan("宝中宝", 2),
    Fan("摸宝", 1),
)
"""Every fan of the ruleset (FAN values are written here only)."""


class TreasureStage(IntEnum):
    TOP = 0
    BOTTOM = 1
    NONE = 2


def treasure_stage(top: int, bottom: int, visible: Sequence[int]) -> TreasureStage:
    """Which indicator is the treasure, given ``visible[k]``: face-up copies in discards and melds.

    The first indicator, once turned, is itself a visible copy of its kind for the second one.
    """
    if visible[top] < USED_UP:
        return TreasureStage.TOP
    if visible[bottom] + (top == bottom) < USED_UP:
        return TreasureStage.BOTTOM
    return TreasureStage.NONE


def treasure_kind(top: int, bottom: int, visible: Sequence[int]) -> int | None:
    stage = treasure_stage(top, bottom, visible)
    return (top, bottom, None)[stage]


def ready_waits(hand: HandText) -> tuple[int, ...]:
    """The kinds that would make a legal Baicheng win of this 13-tile hand (MJ-10)."""
    return tuple(
        kind for kind in own_waits(hand) if unmet_requirement(replace(hand, winning=kind)) is None
    )


@dataclass(frozen=True)
class TreasureWin:
    """A win by drawing the treasure: ``hand.winning`` is the tile it stands for."""

    hand: HandText
    fan: Fan


def treasure_win(hand: HandText, treasure: int, *, winner_is_dealer: bool) -> TreasureWin | None:
    """The best win a ready hand makes by drawing the treasure, or None if it is not ready."""
    ready = ready_waits(hand)
    if not ready:
        return None
    if treasure in ready:
        return TreasureWin(replace(hand, winning=treasure), FAN["宝中宝"])
    moubao = FAN["摸宝"]

    def value(kind: int) -> int:
        completed = replace(hand, winning=kind)
        return winner_fans(
            completed, self_draw=True, winner_is_dealer=winner_is_dealer, treasure_fan=moubao
        ).fan

    best = max(ready, key=value)
    return TreasureWin(replace(hand, winning=best), moubao)
