"""A running Go game survives the hall: its log (``server.action_log``) and its rebuild.

Each accepted action is logged with what the engine needs to repeat it (seat, point, the
hot-seat's seat field), the clocks as they stand after it (so the time used by every move is
kept exactly), the table's ``seq`` and, once the game is over, its record id. A restart
replays the entries through the table's own handlers with no audience and no clock, then sets
the clocks to the last entry's and keeps them stopped until both players are back or
``RESTORE_GRACE`` has passed (nobody moves meanwhile, bots included); from then on an absent player is a dropped one (GO-08's clock
runs, GO-12's adjournment counts). A golden game's bets are the ledger's, read back from it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import trio

from qipai.go import OVER, PLAY, Color
from qipai.go.clock import TimeLeft
from qipai.go.options import GoOptions
from qipai.platform.betting import BetBook

from .. import bets as stored_bets
from .base import Occupant
from .go_record import SEAT_COLOR

if TYPE_CHECKING:
    from ..action_log import LiveTable
    from .go import GoTable
    from .host import GoHost

RESTORE_GRACE = 60.0
"""Seconds a restored game's clocks wait for an absent player before running again."""


class GoDurable:
    """The log and rebuild part of a Go table (mixed into ``GoTable``)."""

    paused_until: float | None = None
    """While set, a restored game's clocks wait for its players (``RESTORE_GRACE``)."""
    _replaying = False

    def _log_open(self: GoTable) -> None:
        log = self.hall.action_log
        if log is None:
            return
        self.action_log = log
        seats = {s: [o.name, o.bot] for s, o in self.seats.items() if o is not None}
        header = {
            "options": self.options_wire,
            "seats": seats,
            "created_by": self.created_by,
            "record": self.record_id,
            "ranks": dict(self.notes.ranks),
        }
        log.open(self, self.room, header)

    @contextmanager
    def logged_change(self: GoTable) -> Iterator[None]:
        """What is published inside waits for the commit of the entry logged after it."""
        self.changing = True
        try:
            yield
        finally:
            self.changing = False

    def _log(self: GoTable, action: str, seat: str, message: dict[str, Any]) -> None:
        log = self.action_log
        if log is None or self._replaying:
            return
        entry: dict[str, Any] = {"a": action, "s": seat, "q": self.seq}
        for key in ("point", "seat"):
            if message.get(key) is not None:
                entry[key] = message[key]
        if self.clock is not None:
            entry["c"] = self.clock.left_between_turns()
        if self.game.phase == OVER:
            entry["r"] = self.record_id
        log.append(self, entry)

    @classmethod
    def restored(cls: type[GoTable], hall: GoHost, live: LiveTable) -> GoTable:
        """The table as its log left it; raises if the log does not replay (the hall then
        gives the table up, ``Hall._give_up``)."""
        header = live.header
        options = GoOptions.from_wire(header["options"])
        table = cls(hall, live.id, options, header["created_by"])
        table.seats = {s: Occupant(name, bool(bot)) for s, (name, bot) in header["seats"].items()}
        table.started = True
        table.record_id = header["record"]
        table.notes.ranks = dict(header.get("ranks") or {})
        if table.golden:
            ref = stored_bets.game_ref(table.record_id)
            players = frozenset(o.name for o in table.seats.values() if o is not None)
            entries = stored_bets.pool_entries(hall.store.db, ref)
            table.book = BetBook.from_ledger(ref, players, entries)
        clock, table.clock = table.clock, None
        table._replaying = True
        for entry in live.entries:
            table._replay(entry)
        table._replaying = False
        table.clock = clock
        if clock is not None and live.entries:
            clock.set_left(live.entries[-1]["c"])
        if live.entries:
            table.seq = live.entries[-1]["q"]
        now = trio.current_time()
        table._scoring_since = now
        for seat, occupant in table.seats.items():
            if occupant is not None and not occupant.bot:
                table.offline_since[seat] = now
        table.action_log = hall.action_log
        if table.game.phase == OVER:
            table.finish()  # its result was not committed: store it now, under the same id
        elif any(not o.bot for o in table.seats.values() if o is not None):
            table.paused_until = now + RESTORE_GRACE
        return table

    def _replay(self: GoTable, entry: dict[str, Any]) -> None:
        action = entry["a"]
        if action == "timeout":
            self.game.lose_on_time(SEAT_COLOR[entry["s"]])
            self.publish("timeout", by=entry["s"])
        else:
            message = {k: entry[k] for k in ("point", "seat") if k in entry}
            getattr(self, f"_do_{action}")(entry["s"], message)
            if action in ("play", "pass") and "c" in entry:
                self._note_logged_clock(entry["c"])
        if "r" in entry:
            self.record_id = entry["r"]

    def _note_logged_clock(self: GoTable, left: list[list[float | int]]) -> None:
        """A replayed move's clock reading, from its entry (the clock is off while a log is
        replayed): the record's BL/WL of a restored game are those the game had."""
        clock = self.options.clock
        mover = self.game.moves[-1].color
        main, periods = left[0 if mover is Color.BLACK else 1]
        period = float(clock.period) if clock else 0.0
        self.notes.moved(len(self.game.moves), TimeLeft(float(main), int(periods), period))

    def presence(self: GoTable, name: str, online: bool) -> None:
        super().presence(name, online)  # type: ignore[misc]
        if online and self.paused_until is not None and not self.offline_since:
            self.unpause()

    def unpause(self: GoTable) -> None:
        """Both players are back (or the grace is over): the player to move's clock runs."""
        if self.paused_until is None:
            return
        self.paused_until = None
        clock = self.clock
        if self.running and self.game.phase == PLAY and clock is not None and not clock.running:
            self._start_clock(self.game.to_move)
        self.publish("unpaused")

    def pause_check(self: GoTable) -> None:
        if self.paused_until is not None and trio.current_time() >= self.paused_until:
            self.unpause()
