"""The pieces of a hand's state, kept apart from the machine that moves them."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from qipai.mahjong.rulesets.base import TableMeld
from qipai.mahjong.scoring import Payment, WinRecord
from qipai.mahjong.table.actions import Action
from qipai.mahjong.tiles import NUM_KINDS, kind_of


class Phase(StrEnum):
    DECLARE_VOID = "declare_void"  # 定缺: every seat chooses at once, in secret
    TURN = "turn"  # one seat holds an extra tile and must discard, kong or win
    CLAIM = "claim"  # a discard is on offer
    ROB = "rob"  # an added kong may be robbed
    ENDED = "ended"


@dataclass
class KongRecord:
    """A kong with the money it earned, so 杠上炮 can transfer it and 退税 can refund it."""

    seat: int
    kind: int
    type: str
    from_seat: int | None
    payments: list[Payment] = field(default_factory=list)
    transferred: bool = False

    @property
    def income(self) -> int:
        return sum(p.amount for p in self.payments)


@dataclass
class PassedWin:
    kind: int
    raw_fan: int


@dataclass
class SeatState:
    concealed: list[int] = field(default_factory=list)
    melds: list[TableMeld] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)
    void: int | None = None
    win: WinRecord | None = None
    left: bool = False
    passed: list[PassedWin] = field(default_factory=list)
    draws: int = 0
    last_drawn: int | None = None
    drawn_at_remaining: int = 0

    def counts(self) -> list[int]:
        counts = [0] * NUM_KINDS
        for tile in self.concealed:
            counts[kind_of(tile)] += 1
        return counts


@dataclass
class ClaimWindow:
    actor: int  # the discarder, or the konger for a robbing window
    tile: int
    robbing: bool
    options: dict[int, list[Action]]
    answers: dict[int, Action] = field(default_factory=dict)
    kong_chain: tuple[KongRecord, ...] = ()
