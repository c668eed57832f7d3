"""The side panel of the Go table: both players with their clocks and captures, the move number,
whose turn it is, the scoring-phase count and the result, and a hint for every key.

Each fact is its own one-line Static updated only when its text changes, so a clock tick or a
move rewrites a few cells, not the panel.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from client.coords import point_name
from client.go_view import BLACK, COLOURS, WHITE, ClockView, GoView

GLYPH = {BLACK: "X", WHITE: "O"}
NAME = {BLACK: "Black", WHITE: "White"}


def format_clock(clock: ClockView | None, now: float) -> str:
    """`4:51 +3x30s` in main time, `0:23 byo 2` in byo-yomi, `--:--` without a clock."""
    if clock is None:
        return "--:--"
    reading = clock.remaining_at(now)
    if reading.flagged:
        return "0:00 flag"
    if not reading.byoyomi:
        extra = f" +{reading.periods}x{int(clock.period)}s" if reading.periods else ""
        return _mmss(reading.left) + extra
    return f"{_mmss(reading.left)} byo {reading.periods}"


def _mmss(seconds: float) -> str:
    whole = max(0, int(seconds + 0.999))
    return f"{whole // 60}:{whole % 60:02d}"


def status_text(view: GoView) -> str:
    if view.phase == "over":
        return f"Result: {result_text(view)}"
    if view.phase == "waiting":
        return "Waiting for an opponent"
    if view.phase == "scoring":
        count = view.count or {}
        return f"Count X {count.get(BLACK, 0):g} O {count.get(WHITE, 0):g}"
    turn = f"{NAME[view.to_move]} to play" if view.to_move in NAME else ""
    return f"Move {view.move_number}  {turn}"


def result_text(view: GoView) -> str:
    result = view.result or {}
    reason = {"resign": " (resigned)", "time": " (on time)"}.get(result.get("reason"), "")
    return f"{result.get('text', '?')}{reason}"


def last_move_text(view: GoView) -> str:
    last = view.last_move
    if isinstance(last, tuple):
        return f"Last: {point_name(last[0], last[1], view.size)}"
    return f"Last: {last}" if last else "Last: -"


def notice_text(view: GoView) -> str:
    if view.undo_request:
        asker = NAME.get(view.undo_request, view.undo_request)
        return f"{asker} asks to undo"
    if view.phase == "scoring":
        done = ", ".join(NAME[c] for c in COLOURS if c in view.confirmed)
        return f"Confirmed: {done}" if done else "Mark dead groups"
    return ""


def key_hints(view: GoView) -> list[str]:
    """The keys that do something now, as the player should read them."""
    if view.is_spectator:
        return ["q leave (watching)"]
    if view.phase == "over":
        return ["q leave"]
    hints = ["arrows/hjkl move"]
    if view.phase == "scoring":
        hints += ["enter toggle dead", "c confirm  m resume"]
    elif view.phase == "play":
        hints.append("enter play  : type pt")
        hints.append("p pass  u undo" if view.may("undo_request") else "p pass")
    if view.may("undo_accept"):
        hints.append("y accept  n decline undo")
    hints.append("R resign  q leave" if view.may("resign") else "q leave")
    return hints


class GoPanel(Vertical):
    DEFAULT_CSS = """
    GoPanel { width: 1fr; min-width: 28; height: auto; padding: 0 1; }
    GoPanel > Static { height: 1; }
    GoPanel > .go-panel--gap { height: 1; }
    GoPanel > #hints { height: auto; color: $text-muted; }
    """

    def __init__(self, view: GoView, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view = view
        self._texts: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        for colour in COLOURS:
            yield Static(id=f"{colour}-name", markup=False)
            yield Static(id=f"{colour}-clock", markup=False)
        yield Static(id="status", markup=False)
        yield Static(id="last", markup=False)
        yield Static(id="notice", markup=False)
        yield Static(id="spectators", markup=False)
        yield Static(classes="go-panel--gap")
        yield Static(id="hints", markup=False)

    def on_mount(self) -> None:
        for widget_id, text in self._texts.items():
            self.query_one(f"#{widget_id}", Static).update(text)

    def show(self, view: GoView, now: float) -> None:
        self.view = view
        for colour in COLOURS:
            turn = ">" if view.phase == "play" and view.to_move == colour else " "
            you = " (you)" if colour in view.seats and len(view.seats) == 1 else ""
            player = view.players.get(colour, "-")
            self._set(f"{colour}-name", f"{turn}{GLYPH[colour]} {NAME[colour]} {player}{you}")
        self.tick(now)
        self._set("status", status_text(view))
        self._set("last", last_move_text(view))
        self._set("notice", notice_text(view))
        self._set("spectators", f"Watching: {view.spectators}" if view.spectators else "")
        self._set("hints", "\n".join(key_hints(view)))

    def tick(self, now: float) -> None:
        """Redraw the clocks only: called every second while a clock runs."""
        for colour in COLOURS:
            clock = format_clock(self.view.clocks.get(colour), now)
            captured = self.view.captures.get(colour, 0)
            self._set(f"{colour}-clock", f"   {clock:<15} cap {captured}")

    def text_of(self, widget_id: str) -> str:
        return self._texts.get(widget_id, "")

    def _set(self, widget_id: str, text: str) -> None:
        if self._texts.get(widget_id) == text:
            return
        self._texts[widget_id] = text
        if self.is_mounted:
            self.query_one(f"#{widget_id}", Static).update(text)
