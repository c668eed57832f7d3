"""Japanese byo-yomi as a pure state machine (GO-07, GO-08).

The clock never reads the time: the caller passes monotonic timestamps in seconds. A server starts
a side's turn at ``t``, stops it when the move arrives at ``t2``, and sleeps until
:meth:`GameClock.expires_at` to detect a flag fall without polling.

Rules of the count: main time runs first; then each period of ``period_seconds`` must contain a
move. A move made inside a period gives that same period back in full; a period that runs out is
used up and the next begins. When the last period runs out the flag falls.

The edges, all decided the same way (a count that reaches zero is over at that instant): main
time that reaches exactly 0 has ended and the first period has begun in full; a period that
reaches exactly 0 is used up and the next one has begun; the flag falls at the exact instant the
last period (or, without byo-yomi, the main time) runs out, so a move stamped at
``expires_at()`` is too late. :meth:`TimeLeft.after` is the one count of the project: the
server's clock counts with it, and so does a client filling the seconds between two of the
hall's readings, so both show at any instant what the server decides at that instant.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from qipai.go.errors import GoError
from qipai.go.points import Color


@dataclass(frozen=True)
class TimeControl:
    """Main time plus ``periods`` x ``period_seconds`` of byo-yomi."""

    main_seconds: float
    periods: int = 0
    period_seconds: float = 0.0

    def __post_init__(self) -> None:
        if self.main_seconds < 0 or self.periods < 0 or self.period_seconds < 0:
            raise GoError("bad_time_control", "times and periods cannot be negative")
        if self.periods and self.period_seconds <= 0:
            raise GoError("bad_time_control", "byo-yomi periods need a positive length")
        if self.main_seconds == 0 and self.periods == 0:
            raise GoError("bad_time_control", "no time at all: use an untimed clock instead")


RANKED_19 = TimeControl(main_seconds=20 * 60, periods=3, period_seconds=30)  # GO-07


@dataclass(frozen=True)
class TimeLeft:
    """A side's clock at one instant: main time, whole periods left, time left in the current
    period (equal to ``period_seconds`` while main time lasts)."""

    main: float
    periods: int
    period: float
    flagged: bool = False

    @property
    def in_byoyomi(self) -> bool:
        return self.main <= 0 and not self.flagged

    def after(self, elapsed: float, period_seconds: float) -> TimeLeft:
        """This reading ``elapsed`` seconds later with the clock running all that time.

        ``period_seconds`` is the length of a fresh period. A reading taken inside a period
        (``period`` short of it) counts on as if that period had begun ``period_seconds -
        period`` seconds earlier; at the start of a turn the two are equal and nothing shifts.
        """
        if self.flagged:
            return self
        main, periods, period = self.main, self.periods, self.period
        shift = period_seconds - period if periods else 0.0
        # A count that lands within EDGE of a boundary has reached it: a reading taken between
        # whole instants (a client counting on from the hall's view) must meet the same edges as
        # the hall's own count, which float subtraction misses by an ulp.
        if elapsed + EDGE >= main + periods * period_seconds - shift:
            return FLAGGED
        if elapsed + EDGE < main:
            return TimeLeft(main - elapsed, periods, period)
        over = elapsed - main + shift
        used = min(math.floor((over + EDGE) / period_seconds), periods - 1)
        left = min(period_seconds, period_seconds - (over - used * period_seconds))
        return TimeLeft(0.0, periods - used, left)


FLAGGED = TimeLeft(0.0, 0, 0.0, flagged=True)
EDGE = 1e-9
"""Seconds within which a count has reached an edge (far below what any clock can measure)."""


class GameClock:
    """Two sides' byo-yomi clocks, at most one running. ``control=None`` is untimed."""

    def __init__(self, control: TimeControl | None) -> None:
        self.control = control
        self._main = {c: control.main_seconds if control else 0.0 for c in Color}
        self._periods = {c: control.periods if control else 0 for c in Color}
        self.running: Color | None = None
        self._since = 0.0
        self.flagged: Color | None = None
        self._starts: dict[Color, TimeLeft] = {}
        """``_turn_start``'s readings, each valid while ``_main`` holds the very float it was
        made from and ``_periods`` the same count."""

    @property
    def timed(self) -> bool:
        return self.control is not None

    def start(self, color: Color, now: float) -> None:
        """Begin ``color``'s turn at ``now``."""
        if self.running is not None:
            raise GoError("clock_running", f"{self.running.name.lower()}'s clock is running")
        if self.flagged is not None:
            raise GoError("flag_fallen", f"{self.flagged.name.lower()}'s flag has fallen")
        self.running = Color(color)
        self._since = now

    def stop(self, now: float) -> Color | None:
        """End the running turn at ``now`` (a move, a pass, or play stopping for scoring).

        Returns the side whose flag fell before ``now`` (that side loses, GO-08), else None.
        """
        color = self.running
        if color is None:
            raise GoError("clock_stopped", "no clock is running")
        if now < self._since:
            raise GoError("clock_backwards", "time cannot run backwards")
        self.running = None
        if self.control is None:
            return None
        left = self._turn_start(color).after(now - self._since, self.control.period_seconds)
        if left.flagged:
            self._main[color] = 0.0
            self._periods[color] = 0
            self.flagged = color
            return color
        self._main[color] = left.main
        self._periods[color] = left.periods
        return None

    def _turn_start(self, color: Color) -> TimeLeft:
        """``color``'s clock as its turn begins (or as it was left): every period full. Asked
        several times a move (the stop, the record's reading, each view's running clock) while
        it changes once a turn, so the last one made is kept while it still says the same."""
        kept = self._starts.get(color)
        main, periods = self._main[color], self._periods[color]
        if kept is None or kept.main is not main or kept.periods != periods:  # the same float
            kept = self._starts[color] = TimeLeft(main, periods, self.control.period_seconds)
        return kept

    def remaining(self, color: Color, now: float) -> TimeLeft | None:
        """What ``color`` has left at ``now`` (counting the running turn); None when untimed."""
        if self.control is None:
            return None
        if self.flagged is color:
            return FLAGGED
        if self.running is color:
            elapsed = max(0.0, now - self._since)
            return self._turn_start(color).after(elapsed, self.control.period_seconds)
        return self._turn_start(color)

    def left_between_turns(self) -> list[list[float | int]]:
        """Each side's clock as its next turn would begin, black then white: what a stopped
        game keeps (the server logs it with each move, so a restart resumes the same times)."""
        return [[self._main[c], self._periods[c]] for c in (Color.BLACK, Color.WHITE)]

    def set_left(self, left: list[list[float | int]]) -> None:
        """Stop the clocks at ``left`` (from ``left_between_turns``): a restored game's times."""
        self.running = None
        for color, (main, periods) in zip((Color.BLACK, Color.WHITE), left, strict=True):
            self._main[color] = float(main)
            self._periods[color] = int(periods)

    def expires_at(self) -> float | None:
        """The instant the running side's flag falls; None if untimed or nothing is running."""
        color = self.running
        if self.control is None or color is None:
            return None
        return self._since + self._main[color] + self._periods[color] * self.control.period_seconds

    def flag(self, now: float) -> Color | None:
        """The side whose flag has fallen by ``now`` (it is also recorded), else None."""
        if self.flagged is not None:
            return self.flagged
        deadline = self.expires_at()
        if deadline is not None and now >= deadline:
            return self.stop(now)
        return None
