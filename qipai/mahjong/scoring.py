"""Itemised scores and payments.

A result is never a bare number: the client shows each fan with its Chinese name and each
payment with its reason, and the tests check the items. Payments are transfers between parties
(seats 0-3, the table's pot, the house), so any list of them sums to zero by construction;
``net`` makes that visible per party.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

POT = -1
"""The table's pot as a party (Lengzi 锅底); it outlives the hand in the ``Match``."""

HOUSE = -2
"""The house as a party (table fees, pot remainders)."""

# What a fan's value counts (``Ruleset.fan_unit``), for the reference screen's value column.
FAN_DOUBLES = "doubles"  # fan that add up, each doubling what the win is paid
FAN_POINTS = "points"  # 国标's points (番) that add up and are paid point for point


@dataclass(frozen=True)
class Fan:
    """One scoring item: a pattern, a root, a kong, a bonus. ``name_en`` is the ruleset's own
    English name where its rules book has one (国标's competition names); a client glosses the
    others itself."""

    name_zh: str
    value: int
    name_en: str = ""

    def to_wire(self) -> dict:
        wire: dict = {"name": self.name_zh, "value": self.value}
        if self.name_en:
            wire["name_en"] = self.name_en
        return wire

    @classmethod
    def from_wire(cls, data: dict) -> Fan:
        return cls(str(data["name"]), int(data["value"]), str(data.get("name_en") or ""))


def fan_table(*fans: Fan) -> dict[str, Fan]:
    """A ruleset's fans by name: its scoring takes each from here and its reference screen
    lists them all (``Ruleset.fan_reference``), so a value is written once."""
    return {fan.name_zh: fan for fan in fans}


@dataclass(frozen=True)
class Payment:
    """A transfer of ``amount`` points from payer to payee, with the rule that caused it."""

    payer: int
    payee: int
    amount: int
    reason: str

    def to_wire(self) -> dict:
        return {
            "payer": self.payer,
            "payee": self.payee,
            "amount": self.amount,
            "reason": self.reason,
        }

    @classmethod
    def from_wire(cls, data: dict) -> Payment:
        return cls(int(data["payer"]), int(data["payee"]), int(data["amount"]), str(data["reason"]))


@dataclass(frozen=True)
class WinScore:
    """The value of one winning hand.

    ``fan`` is after the cap and is what the multiplier uses; ``raw_fan`` is before it, because
    the Sichuan passed-win rule (SC-12) compares uncapped fan.
    """

    fans: tuple[Fan, ...]
    fan: int
    raw_fan: int

    def to_wire(self) -> dict:
        return {"fans": [f.to_wire() for f in self.fans], "fan": self.fan, "raw_fan": self.raw_fan}


@dataclass(frozen=True)
class WinRecord:
    """Who won, on which tile, from whom (``discarder`` None = self-draw), for how much."""

    seat: int
    tile: int
    discarder: int | None
    score: WinScore
    robbed_kong: bool = False
    after_kong: bool = False

    @property
    def self_draw(self) -> bool:
        return self.discarder is None

    def to_wire(self) -> dict:
        return {
            "seat": self.seat,
            "tile": self.tile,
            "discarder": self.discarder,
            "score": self.score.to_wire(),
            "robbed_kong": self.robbed_kong,
            "after_kong": self.after_kong,
        }


def net(payments: Iterable[Payment]) -> dict[int, int]:
    """Balance per party; the values always sum to zero."""
    totals: dict[int, int] = {}
    for p in payments:
        totals[p.payer] = totals.get(p.payer, 0) - p.amount
        totals[p.payee] = totals.get(p.payee, 0) + p.amount
    return totals


@dataclass(frozen=True)
class Settlement:
    """The itemised end of a hand: the wins with their fans and every payment, in order."""

    wins: tuple[WinRecord, ...]
    payments: tuple[Payment, ...]
    exhaustive_draw: bool
    forfeited: tuple[Payment, ...] = field(default=())

    def seat_totals(self) -> list[int]:
        totals = net(self.payments)
        return [totals.get(seat, 0) for seat in range(4)]

    def to_wire(self) -> dict:
        return {
            "wins": [w.to_wire() for w in self.wins],
            "payments": [p.to_wire() for p in self.payments],
            "exhaustive_draw": self.exhaustive_draw,
            "forfeited": [p.to_wire() for p in self.forfeited],
            "totals": self.seat_totals(),
        }


def multiplier(fan: int) -> int:
    """The doubling table shared by the Sichuan family: 1 fan = x1, 2 = x2, 3 = x4 ..."""
    return 1 << (fan - 1) if fan >= 1 else 1
