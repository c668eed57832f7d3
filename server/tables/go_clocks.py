"""The Go table's time: the byo-yomi clocks (GO-07/08, counted by ``qipai.go.clock`` on trio's
clock so that tests can jump time), the ranked scoring phase's 5 minutes (GO-04 e) and the
adjournment of an untimed game whose player stays away (GO-12).

One task per table sleeps until the next of these deadlines; every check is cheap, so waking
early is harmless.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

import trio

from qipai.go import OVER, PLAY, SCORING, Color, Game
from qipai.go.clock import GameClock

from ..store import AdjournedGame
from .go_record import COLOR_SEAT, record_text

if TYPE_CHECKING:
    from .host import GoHost

RANKED_SCORING_SECONDS = 5 * 60
ADJOURN_AFTER = 10 * 60


class GoTimekeeping:
    """The clocks and timers part of a Go table (mixed into ``GoTable``)."""

    hall: GoHost
    game: Game
    clock: GameClock | None
    undo_request: str | None
    adjourned: int | None
    _scoring_since: float
    _timer: trio.CancelScope | None
    _stopped_clocks: dict[Color, dict[str, Any]]
    paused_until: float | None

    async def run(self) -> None:
        async with trio.open_nursery() as nursery:
            if self.options.bot is not None:
                nursery.start_soon(self.hall.bots.play_go, self, self.options.bot)
            while True:
                with trio.CancelScope(deadline=self._next_deadline()) as timer:
                    self._timer = timer
                    await trio.sleep_forever()
                self._timer = None
                self.pause_check()
                self.flag_check()
                self.scoring_time_check()
                self.absence_check()

    def wake(self) -> None:
        """Bring the timer forward when the next deadline moved earlier.

        A later deadline is left alone: the task wakes at the old one, finds nothing due and
        waits again for the new one.  Each move pushes the deadline later (the other side's
        clock starts now), and moving a trio deadline costs more than all the checks of one
        early wake-up, so this spares nearly every move a re-arm.
        """
        super().wake()
        timer = self._timer
        if timer is not None:
            deadline = self._next_deadline()
            if deadline < timer.deadline:
                timer.deadline = deadline

    def _next_deadline(self) -> float:
        if not self.running or self.game.phase == OVER:
            return float("inf")
        if self.adjournable and self.offline_since:
            return min(self.offline_since.values()) + ADJOURN_AFTER
        if self.paused_until is not None:
            return self.paused_until
        if self.game.phase == SCORING:
            if self.options.friendly:
                return float("inf")
            return self._scoring_since + RANKED_SCORING_SECONDS
        expires = self.clock.expires_at() if self.clock else None
        return float("inf") if expires is None else expires

    @property
    def adjournable(self) -> bool:
        """Untimed games between two people; hot-seat and bot games just wait for their player."""
        options = self.options
        return self.clock is None and not options.hotseat and options.bot is None

    def absence_check(self) -> None:
        """GO-12: an untimed game whose player stays away for 10 minutes is adjourned."""
        if not self.running or not self.adjournable or not self.offline_since:
            return
        if self.game.phase == OVER:
            return
        seat, since = min(self.offline_since.items(), key=lambda item: item[1])
        if trio.current_time() < since + ADJOURN_AFTER:
            return
        self._stop_clock()
        self.undo_request = None
        self.adjourned = self.hall.allocate_game_id()
        names = {s: (o.name if o else "") for s, o in self.seats.items()}
        options = json.dumps(self.options.to_wire())
        self.hall.record_adjourned(
            self.id,
            AdjournedGame(
                id=self.adjourned,
                room=self.room,
                options=options,
                black=names["black"],
                white=names["white"],
                record=record_text(
                    self.game, options, names["black"], names["white"], self.notes, self.hall.place
                ),
                left_by=seat,
                adjourned_at=time.time(),
            ),
        )
        self.publish("adjourned", by=seat, game=self.adjourned)
        self.hall.table_changed(self)
        self.hall.close_if_abandoned(self)

    def scoring_time_check(self) -> None:
        """GO-04 e: a ranked scoring phase without agreement in 5 minutes resumes play."""
        if not self.running or self.game.phase != SCORING or self.options.friendly:
            return
        if trio.current_time() < self._scoring_since + RANKED_SCORING_SECONDS:
            return
        seat = COLOR_SEAT[self.game.to_move]
        with self.logged_change():
            self._resume(seat)
            self._log("resume", seat, {})

    def flag_check(self) -> None:
        """End the game if the running side's time is up (GO-08)."""
        if self.clock is None or not self.running or self.game.phase == OVER:
            return
        loser = self.clock.flag(trio.current_time())
        if loser is None:
            return
        with self.logged_change():
            self.game.lose_on_time(loser)
            self.publish("timeout", by=COLOR_SEAT[loser])
            self.finish()
            self._log("timeout", COLOR_SEAT[loser], {})

    def _clock_view(self) -> dict[str, Any] | None:
        clock = self.clock
        if clock is None:
            return None
        now = trio.current_time()
        running = clock.running
        view: dict[str, Any] = {"running": COLOR_SEAT[running] if running else None}
        stopped = self._stopped_clocks
        for color, seat in COLOR_SEAT.items():
            if color is running:
                view[seat] = clock_entry(clock, color, now)
            else:
                entry = stopped.get(color)
                if entry is None:
                    entry = stopped[color] = clock_entry(clock, color, now)
                view[seat] = entry
        return view

    def _turn_passed(self, color: Color) -> None:
        self._stop_clock()
        if self.game.phase == PLAY:
            self._start_clock(color.other)

    def _note_clock(self, color: Color) -> None:
        """The mover's clock after his move, for the record's BL/WL (``GoNotes.moved``)."""
        if self.clock is not None:
            self.notes.moved(len(self.game.moves), self.clock.remaining(color, trio.current_time()))

    def _start_clock(self, color: Color) -> None:
        if self.clock is not None:
            self.clock.start(color, trio.current_time())
            self._stopped_clocks.clear()

    def _stop_clock(self) -> None:
        if self.clock is not None and self.clock.running is not None:
            self.clock.stop(trio.current_time())

    def _restart_clock(self) -> None:
        self._stop_clock()
        self._start_clock(self.game.to_move)


def clock_entry(clock: GameClock, color: Color, now: float) -> dict[str, Any]:
    """One side's clock as the view shows it: the main time, or the period once in byo-yomi."""
    left = clock.remaining(color, now)
    assert left is not None
    return {
        "main": round(left.main if left.main > 0 else left.period, 3),
        "periods": left.periods,
        "period": clock.control.period_seconds if clock.control else 0,
        "byoyomi": left.main <= 0,
    }
