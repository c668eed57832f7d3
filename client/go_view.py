"""The Go table as the client holds it: a typed copy of the server's view of one seat.

All wire knowledge of the Go view lives in `GoView.from_wire`, so the widgets never read raw
dicts and a protocol change touches one function. Nothing here judges legality: forbidden points
and legal actions are whatever the server listed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from client.coords import parse_point
from client.i18n import Strings
from qipai.go.clock import TimeLeft
from qipai.go.ladder import RUNGS

BLACK = "black"
WHITE = "white"
COLOURS = (BLACK, WHITE)
STONE_OF = {"X": BLACK, "O": WHITE}


@dataclass(frozen=True)
class ClockView:
    """One player's clock as the hall sent it, received at `as_of` (client monotonic seconds).

    `main` is main time left, or once `byoyomi` is true the time left in the current period;
    `period` is the length of a fresh period.
    """

    main: float = 0.0
    periods: int = 0
    period: float = 0.0
    byoyomi: bool = False
    running: bool = False
    as_of: float = 0.0

    def remaining_at(self, now: float) -> TimeLeft:
        """What the player has left at `now`: the hall's reading counted on by the engine's own
        byo-yomi count, so the panel shows what the hall decides at that instant (it stays the
        judge of a flag fall; this only fills the seconds between its updates)."""
        if self.byoyomi:
            reading = TimeLeft(0.0, self.periods, self.main, flagged=self.periods <= 0)
        else:
            reading = TimeLeft(self.main, self.periods, self.period)
        if not self.running:
            return reading
        return reading.after(max(0.0, now - self.as_of), self.period)


@dataclass(frozen=True)
class BetLine:
    bettor: str
    side: str
    amount: int


@dataclass(frozen=True)
class BetsView:
    """A golden table's bets as the hall lists them (platform.md §5): everyone's bets, the pool
    per side, the limits to show, and once the game is stored each bettor's net."""

    open: bool = False
    bets: tuple[BetLine, ...] = ()
    pool: dict[str, int] = field(default_factory=lambda: {BLACK: 0, WHITE: 0})
    minimum: int = 10
    maximum: int = 10_000
    per_spectator: int = 2
    close_at_ply: int = 50
    refunded: bool = False
    nets: dict[str, int] | None = None
    """None until the pool is settled."""

    def left_for(self, name: str) -> int:
        """Bets `name` has not used yet: shown to them, the hall still judges the bet."""
        return max(0, self.per_spectator - sum(1 for b in self.bets if b.bettor == name))

    @classmethod
    def from_wire(cls, bets: dict[str, Any] | None) -> BetsView | None:
        if bets is None:
            return None
        limits = bets.get("limits") or {}
        outcome = bets.get("outcome")
        bettors = (outcome or {}).get("bettors") or {}
        return cls(
            open=bool(bets.get("open")),
            bets=tuple(
                BetLine(str(b["bettor"]), str(b["side"]), int(b["amount"]))
                for b in bets.get("bets") or ()
            ),
            pool={c: int((bets.get("pool") or {}).get(c, 0)) for c in COLOURS},
            minimum=int(limits.get("min", 10)),
            maximum=int(limits.get("max", 10_000)),
            per_spectator=int(limits.get("per_spectator", 2)),
            close_at_ply=int(bets.get("close_at_ply", 50)),
            refunded=bool((outcome or {}).get("refunded")),
            nets=None if outcome is None else {n: int(o["net"]) for n, o in bettors.items()},
        )


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
    territory: dict[str, frozenset[tuple[int, int]]] = field(default_factory=dict)
    confirmed: frozenset[str] = frozenset()
    undo_request: str | None = None
    result: dict[str, Any] | None = None
    players: dict[str, str] = field(default_factory=dict)
    spectators: int = 0
    seats: frozenset[str] = frozenset()
    legal: frozenset[str] = frozenset()
    forbidden: frozenset[tuple[int, int]] = frozenset()
    komi: float | None = None
    handicap: int = 0
    table: int | None = None
    seq: int | None = None
    bets: BetsView | None = None
    ranked: bool = False
    """The table's options say it is not friendly: a ranked (golden) table."""

    @property
    def is_spectator(self) -> bool:
        return not self.seats

    def may(self, action: str) -> bool:
        return action in self.legal

    @classmethod
    def from_wire(
        cls, view: dict[str, Any], received_at: float, strings: Strings | None = None
    ) -> GoView:
        """Read the hall's Go view (docs/protocol.md section 6); the seat labels are in the
        language of ``strings`` (English without)."""
        strings = strings or Strings()
        game = view["game"]
        you = view.get("you") or {}
        size = int(game["size"])
        grid = tuple(tuple(STONE_OF.get(ch) for ch in row) for row in game["board"])
        last = game.get("last_move")
        if isinstance(last, str) and last != "pass":
            last = parse_point(last, size)
        raw_clocks = game.get("clocks") or {}
        running = raw_clocks.get("running")
        clocks = {
            colour: _clock_from_wire(raw_clocks[colour], colour == running, received_at)
            for colour in COLOURS
            if isinstance(raw_clocks.get(colour), dict)
        }
        seats = view.get("seats") or {}
        return cls(
            size=size,
            grid=grid,
            to_move=game.get("to_move"),
            last_move=last,
            captures={c: int((game.get("captures") or {}).get(c, 0)) for c in COLOURS},
            move_number=int(game.get("move_number", 0)),
            clocks=clocks,
            phase=game.get("phase", "play"),
            dead=_points(game.get("dead"), size),
            count=game.get("count"),
            territory={
                name: _points(names, size) for name, names in (game.get("territory") or {}).items()
            },
            confirmed=frozenset(game.get("confirmed") or ()),
            undo_request=game.get("undo_request"),
            result=game.get("result"),
            players={c: _seat_label(seats.get(c), strings) for c in COLOURS},
            spectators=int(view.get("spectators", 0)),
            seats=frozenset(s for s in you.get("seats") or () if s in COLOURS),
            legal=frozenset(you.get("legal") or ()),
            forbidden=_points(you.get("forbidden"), size),
            komi=game.get("komi"),
            handicap=int(game.get("handicap") or 0),
            table=view.get("table"),
            seq=view.get("seq"),
            bets=BetsView.from_wire(game.get("bets")),
            ranked=(view.get("options") or {}).get("friendly", True) is False,
        )


def _points(names: list[str] | None, size: int) -> frozenset[tuple[int, int]]:
    return frozenset(parse_point(name, size) for name in names or ())


def _seat_label(seat: dict[str, Any] | None, strings: Strings) -> str:
    if not seat:
        return strings("seat_free")
    name = str(seat.get("name", "?"))
    if seat.get("bot"):
        level = seat.get("bot_level")
        if not level:
            return strings("seat_bot", name=name)
        return strings("seat_bot_rank", name=name, rank=rank_of(level, strings))
    return name if seat.get("online", True) else strings("seat_away", name=name)


def rank_of(level: str, strings: Strings | None = None) -> str:
    """A ladder rung's measured rank, or its name for a rung this client does not know."""
    for rung in RUNGS:
        if rung.name == level:
            return (strings or Strings())("rank_about", kyu=rung.kyu)
    return level


def _clock_from_wire(raw: dict[str, Any], running: bool, received_at: float) -> ClockView:
    return ClockView(
        main=float(raw.get("main", 0.0)),
        periods=int(raw.get("periods", 0)),
        period=float(raw.get("period", 0.0)),
        byoyomi=bool(raw.get("byoyomi", False)),
        running=running,
        as_of=received_at,
    )
