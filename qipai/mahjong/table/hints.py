"""The seat's hint line, judged by the machine: what the seat waits on, which discards leave it
ready, and how far it is from ready otherwise.

A wait is a kind that would make a win the ruleset accepts as a plain discard win (MJ-10: the
same judgement as 查大叫), so a ruleset that refuses some shape-complete wins (Baicheng's
requirements) lists only the true ones; a kind the seat holds all four of is no wait.

The hint goes into every view of the seat, so the machine keeps it per seat until the seat's
tiles, its melds, its void or what the ruleset's judgement reads from the table change
(``Ruleset.win_judgement_key``): never per event or per receiver.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from qipai.mahjong.analysis import shanten
from qipai.mahjong.tiles import NUM_KINDS

if TYPE_CHECKING:
    from qipai.mahjong.table.machine import HandMachine


@dataclass(frozen=True)
class SeatHint:
    """``waits`` holding 13, ``ready_discards`` (discard kind, its waits) holding 14, and
    ``shanten`` (exchanges still needed, -1 complete) when neither lists anything; at
    ``shanten`` 0 a hand ready by shape whose wins the ruleset all refuses, ``cannot_win``
    holds the ruleset's reason codes (Baicheng's unmet requirements), so it is told why."""

    waits: tuple[int, ...] = ()
    ready_discards: tuple[tuple[int, tuple[int, ...]], ...] = ()
    shanten: int | None = None
    cannot_win: tuple[str, ...] = ()

    def to_wire(self) -> dict:
        return {
            "waits": list(self.waits),
            "ready_discards": [
                {"discard": kind, "waits": list(waits)} for kind, waits in self.ready_discards
            ],
            "shanten": self.shanten,
            "cannot_win": list(self.cannot_win),
        }


def hint_key(hand: HandMachine, seat: int) -> Hashable:
    """Everything the hint of ``seat`` depends on. The concealed tiles as they are (their
    kinds would do, but counting them costs more than the few misses of a tile of the same
    kind coming back)."""
    state = hand.seats[seat]
    return (
        tuple(state.concealed),
        tuple(state.melds),
        state.void,
        hand.ruleset.win_judgement_key(hand, seat),
    )


def seat_hint(hand: HandMachine, seat: int) -> SeatHint:
    state = hand.seats[seat]
    counts = state.counts()
    held = sum(counts) + 3 * len(state.melds)
    if held == 13:
        found = tuple(sorted(hand.winning_kinds(seat, counts)))
        if found:
            return SeatHint(waits=found)
        distance = _distance(hand, seat, counts)
        refused = hand.win_refusals(seat, counts) if distance == 0 else ()
        return SeatHint(shanten=distance, cannot_win=refused)
    if held != 14:
        return SeatHint()
    distance = _distance(hand, seat, counts)
    if distance > 0:  # a discard takes a 14-tile hand at best one step nearer: none is ready
        return SeatHint(shanten=distance)
    ready = []
    for kind in range(NUM_KINDS):
        if counts[kind]:
            counts[kind] -= 1
            found = tuple(sorted(hand.winning_kinds(seat, counts)))
            counts[kind] += 1
            if found:
                ready.append((kind, found))
    if ready:
        return SeatHint(ready_discards=tuple(ready))
    refused = _refusals_after_a_discard(hand, seat, counts) if distance == 0 else ()
    return SeatHint(shanten=distance, cannot_win=refused)


def _refusals_after_a_discard(hand: HandMachine, seat: int, counts: list[int]) -> tuple[str, ...]:
    """Holding 14 ready by shape but no discard leaving a true wait: why each is refused."""
    reasons: dict[str, None] = {}
    for kind in range(NUM_KINDS):
        if counts[kind]:
            counts[kind] -= 1
            reasons.update(dict.fromkeys(hand.win_refusals(seat, counts)))
            counts[kind] += 1
    return tuple(reasons)


def _distance(hand: HandMachine, seat: int, counts: list[int]) -> int:
    ruleset = hand.ruleset
    concealed = not hand.seats[seat].melds
    return shanten(
        counts,
        seven_pairs=ruleset.seven_pairs and concealed,
        quads_as_two_pairs=ruleset.quads_as_two_pairs,
        thirteen_orphans=ruleset.thirteen_orphans and concealed,
    )
