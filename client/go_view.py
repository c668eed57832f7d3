"""The Go table as the client holds it: a typed copy of the server's view of one seat.

All wire knowledge of the Go view lives in `GoView.from_wire`, so the widgets never read raw
dicts and a protocol change touches one function. Nothing here judges legality: forbidden points
and legal actions are whatever the server listed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from client.coords import parse_point

BLACK = "black"
WHITE = "white"
COLOURS = (BLACK, WHITE)
STONE_OF = {"X": BLACK, "B": BLACK, "x": BLACK, "O": WHITE, "W": WHITE, "o": WHITE}


@dataclass(frozen=True)
class ClockView:
    """One player's clock as of `as_of` (client monotonic seconds when the snapshot arrived)."""

    main: float = 0.0
    periods: int = 0
    period: float = 0.0
    running: bool = False
    as_of: float = 0.0
    untimed: bool = True

    def remaining_at(self, now: float) -> ClockReading:
        """What the player sees at `now`, counting down only the running clock; the server stays
        the judge of flag fall, this only fills the seconds between its updates."""
        if not self.running or self.untimed:
            return ClockReading(self.main, self.periods, self.period)
        main = self.main - max(0.0, now - self.as_of)
        if main > 0:
            return ClockReading(main, self.periods, self.period)
        over, periods = -main, self.periods
        while periods > 0 and over >= self.period > 0:
            over -= self.period
            periods -= 1
        if periods == 0:
            return ClockReading(0.0, 0, 0.0)
        return ClockReading(0.0, periods, self.period - over)


@dataclass(frozen=True)
class ClockReading:
    main: float
    periods: int
    period_left: float


@dataclass(frozen=True)
class GoView:
    size: int
    grid: tuple[tuple[str | None, ...], ...]
    to_move: str | None = BLACK
    last_move: tuple[int, int] | str | None = None
    captures: dict[str, int] = field(default_factory=lambda: {BLACK: 0, WHITE: 0})
    move_number: int = 0
    clocks: dict[str, ClockView] = field(default_factory=dict)
    phase: str = "play"
    dead: frozenset[tuple[int, int]] = frozenset()
    count: dict[str, float] | None = None
    confirmed: frozenset[str] = frozenset()
    undo_request: str | None = None
    result: str | None = None
    players: dict[str, str] = field(default_factory=dict)
    spectators: int = 0
    seats: frozenset[str] = frozenset()
    legal: frozenset[str] = frozenset()
    forbidden: frozenset[tuple[int, int]] = frozenset()
    komi: float | None = None

    @classmethod
    def empty(cls, size: int) -> GoView:
        return cls(size=size, grid=tuple((None,) * size for _ in range(size)))

    @property
    def is_spectator(self) -> bool:
        return not self.seats

    def may(self, action: str) -> bool:
        return action in self.legal

    @classmethod
    def from_wire(cls, view: dict[str, Any], received_at: float = 0.0) -> GoView:
        size = int(view["size"])
        grid = tuple(tuple(STONE_OF.get(ch) for ch in row) for row in view["board"])
        points = lambda names: frozenset(parse_point(n, size) for n in names or ())  # noqa: E731
        last = view.get("last_move")
        if isinstance(last, str) and last not in ("pass", "resign"):
            last = parse_point(last, size)
        clocks = {
            colour: _clock_from_wire(raw, colour == view.get("clock_running"), received_at)
            for colour, raw in (view.get("clocks") or {}).items()
        }
        seat = view.get("you")
        seats = frozenset(COLOURS if seat == "both" else (seat,) if seat in COLOURS else ())
        return cls(
            size=size,
            grid=grid,
            to_move=view.get("to_move"),
            last_move=last,
            captures={c: int((view.get("captures") or {}).get(c, 0)) for c in COLOURS},
            move_number=int(view.get("move_number", 0)),
            clocks=clocks,
            phase=view.get("phase", "play"),
            dead=points(view.get("dead")),
            count=view.get("count"),
            confirmed=frozenset(view.get("confirmed") or ()),
            undo_request=view.get("undo_request"),
            result=view.get("result"),
            players=dict(view.get("players") or {}),
            spectators=int(view.get("spectators", 0)),
            seats=seats,
            legal=frozenset(view.get("legal") or ()),
            forbidden=points(view.get("forbidden")),
            komi=view.get("komi"),
        )


def _clock_from_wire(raw: dict[str, Any] | None, running: bool, received_at: float) -> ClockView:
    if not raw:
        return ClockView()
    return ClockView(
        main=float(raw.get("main", 0.0)),
        periods=int(raw.get("periods", 0)),
        period=float(raw.get("period", 0.0)),
        running=running,
        as_of=received_at,
        untimed=False,
    )
