"""Stepping through stored hands action by action: the replay viewer's (牌谱) positions.

A stored hand is its ruleset, options, seed, dealer, the table state it started from and every
action (docs/protocol.md, "Stored hands"), so every position of it is rebuilt by the table
machine itself; a viewer trusts nothing but the record. A position is shown either all open
(every hand face up, as at the hand's end: a finished hand hides nothing any more) or as one
seat saw it at that moment, through the machine's own ``seat_view`` and event redaction, so
a seat's replay hides exactly what that seat could not see.

Claim-window passes are folded into the step before them: each discard is answered by up to
three passes, and stepping through those would show nothing happening. A step is one action
that is not a pass, with the passes that follow it.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from qipai.mahjong.rulesets import replay_record
from qipai.mahjong.table.actions import Action, ActionType
from qipai.mahjong.table.errors import MalformedAction
from qipai.mahjong.table.machine import HandMachine
from qipai.mahjong.table.views import meld_wire, seat_view

CLAIMS = frozenset({ActionType.PUNG, ActionType.KONG, ActionType.WIN, ActionType.CHOW})


@dataclass(frozen=True)
class Step:
    """What the step did: the action (None for the deal), how many passes closed the claim
    window after it, and for a claim the tile that was on offer."""

    number: int
    action: Action | None
    passes: int = 0
    offered: int | None = None


class HandReplay:
    """One stored hand (a ``game_record`` answer, or a saved file's entry) ready to step."""

    def __init__(self, stored: dict[str, Any]) -> None:
        record = stored.get("record") if isinstance(stored, dict) else None
        if not isinstance(record, dict):
            raise MalformedAction("a stored hand is a map with its record")
        table_state = record.get("table_state")
        if table_state is not None and not isinstance(table_state, dict):
            raise MalformedAction("a stored hand's table state is a map")
        self.stored = stored
        self._record = record
        self.end = self._deal(record.get("actions"))  # the whole record is checked here
        self.actions = list(self.end.actions)
        self.steps = _steps(self.actions)
        self._machine = self._deal([])
        self._offers()

    def _deal(self, actions: object) -> HandMachine:
        """The hand replayed through ``actions`` (``replay_record`` refuses anything but a list
        of well-formed, legal actions). The table state is copied: a ruleset may change it."""
        state = self._record.get("table_state")
        return replay_record({**self._record, "actions": actions}, copy.deepcopy(state))

    def _offers(self) -> None:
        """Each claim step's offered tile: the machine's open window just before it."""
        for number, step in enumerate(self.steps):
            if step.action is not None and step.action.type in CLAIMS:
                window = self.machine(number - 1).window
                if window is not None:
                    self.steps[number] = dataclasses.replace(step, offered=window.tile)

    @property
    def hand_number(self) -> int:
        number = self.stored.get("hand_number")
        return number if type(number) is int else 1

    @property
    def players(self) -> list[str]:
        names = self.stored.get("players")
        if isinstance(names, list) and len(names) == 4:
            return [str(n) for n in names]
        return [f"seat {s}" for s in range(4)]

    @property
    def settlement(self) -> dict[str, Any] | None:
        """The settlement the hall stored (an escaped hand's too, which the machine has not:
        its actions end where the escape cut the hand short)."""
        stored = self.stored.get("settlement")
        if isinstance(stored, dict):
            return stored
        return self.end.settlement.to_wire() if self.end.settlement else None

    @property
    def escaped(self) -> dict[str, Any] | None:
        escaped = self.stored["record"].get("escaped")
        return escaped if isinstance(escaped, dict) else None

    @property
    def last(self) -> int:
        """The number of the last step (0 is the deal)."""
        return len(self.steps) - 1

    def machine(self, step: int) -> HandMachine:
        """The hand after ``step`` (0 = just dealt), replayed through the machine."""
        step = max(0, min(self.last, step))
        applied = self.steps[step].number
        machine = self._machine
        if len(machine.actions) > applied:  # back: from the deal again (a hand takes ~10 ms)
            machine = self._deal([])
        for index in range(len(machine.actions), applied):
            machine.apply(self.actions[index])
        self._machine = machine
        return machine

    def view(self, step: int, seat: int | None) -> dict[str, Any]:
        """The position after ``step`` as the core's view map: ``seat`` as that seat saw it
        then, None all open."""
        machine = self.machine(step)
        return seat_view(machine, seat) if seat is not None else open_view(machine)

    def events(self, step: int, seat: int | None) -> list[dict[str, Any]]:
        """The hand's events up to ``step``, redacted for ``seat`` (None: every private part,
        as an open replay shows every draw)."""
        machine = self.machine(step)
        if seat is not None:
            return [event.for_seat(seat) for event in machine.events]
        return [event.for_seat(event.to) for event in machine.events]


def open_view(hand: HandMachine) -> dict[str, Any]:
    """Every hand and every concealed kong face up: the public view with nothing hidden."""
    view = seat_view(hand, None)
    for wire, state in zip(view["seats"], hand.seats, strict=True):
        wire["hand"] = sorted(state.concealed)
        wire["melds"] = [meld_wire(meld) for meld in state.melds]
    return view


def _steps(actions: list[Action]) -> list[Step]:
    """Step 0 is the deal; each later step ends after an action that is not a pass and the
    passes right after it (claim windows answered by nobody)."""
    steps = [Step(0, None)]
    for index, action in enumerate(actions):
        last = steps[-1]
        if action.type is ActionType.PASS and last.action is not None:
            steps[-1] = Step(index + 1, last.action, last.passes + 1, last.offered)
        else:
            steps.append(Step(index + 1, action))
    return steps


def match_replays(stored: Iterable[dict[str, Any]]) -> list[HandReplay]:
    """One match's stored hands, each checked, in the order they were played."""
    hands = [HandReplay(hand) for hand in stored]
    return sorted(hands, key=lambda hand: hand.hand_number)


__all__ = ["HandReplay", "Step", "match_replays", "open_view"]
