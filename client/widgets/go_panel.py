"""The side panel of the Go table: both players with their clocks and captures, the move number,
whose turn it is, the score estimate while it is shown, the scoring-phase count and the result,
and a hint for every key.

Drawn with CellLines, so a clock tick or a move rewrites the few cells that changed.
"""

from __future__ import annotations

from client.coords import point_name
from client.go_view import BLACK, COLOURS, WHITE, ClockView, GoView
from client.i18n import Strings
from client.widgets.cell_lines import Cell, CellLines, text_cells

GLYPH = {BLACK: "X", WHITE: "O"}


def format_clock(clock: ClockView | None, now: float) -> str:
    """`4:51 +3x30s` in main time, `0:23 byo 2` in byo-yomi, `--:--` without a clock."""
    if clock is None:
        return "--:--"
    left = clock.remaining_at(now)
    if left.flagged:
        return "0:00 flag"
    if not left.in_byoyomi:
        extra = f" +{left.periods}x{int(clock.period)}s" if left.periods else ""
        return _mmss(left.main) + extra
    return f"{_mmss(left.period)} byo {left.periods}"


def _mmss(seconds: float) -> str:
    whole = max(0, int(seconds + 0.999))
    return f"{whole // 60}:{whole % 60:02d}"


def status_text(view: GoView, strings: Strings) -> str:
    if view.phase == "over":
        return strings("gt_result", text=result_text(view, strings))
    if view.phase == "waiting":
        return strings("gt_waiting")
    if view.phase == "ending":
        return strings("gt_ending")
    if view.phase == "scoring":
        count = view.count or {}
        return strings(
            "gt_count", black=f"{count.get(BLACK, 0):g}", white=f"{count.get(WHITE, 0):g}"
        )
    turn = strings("gt_to_play", colour=colour_name(view.to_move, strings))
    return strings("gt_move", n=view.move_number, turn=turn if view.to_move in COLOURS else "")


def colour_name(colour: str | None, strings: Strings) -> str:
    """Black / White, 黑 / 白; anything else the hall may send is shown as it came."""
    return strings(f"go_{colour}") if colour in COLOURS else str(colour)


def result_text(view: GoView, strings: Strings) -> str:
    result = view.result or {}
    reasons = {"resign": "gt_resigned", "time": "gt_on_time"}
    reason = strings(reasons[result["reason"]]) if result.get("reason") in reasons else ""
    return f"{result.get('text', '?')}{reason}"


def last_move_text(view: GoView, strings: Strings) -> str:
    last = view.last_move
    if isinstance(last, tuple):
        move = point_name(last[0], last[1], view.size)
    else:
        move = strings("gt_pass") if last == "pass" else last or "-"
    return strings("gt_last", move=move)


def notice_text(view: GoView, strings: Strings) -> str:
    if view.undo_request:
        return strings("gt_undo_asked", colour=colour_name(view.undo_request, strings))
    if view.phase == "scoring":
        done = ", ".join(colour_name(c, strings) for c in COLOURS if c in view.confirmed)
        return strings("gt_confirmed", names=done) if done else strings("gt_mark_dead")
    return ""


def count_lines(view: GoView, strings: Strings) -> list[str]:
    """The count as the book adds it (stones + territory + half the dame), then Black's count
    against the baseline after komi and the handicap's N/2: the sum, not only the verdict."""
    count = view.count or {}
    if "black_stones" not in count:
        return ["", "", "", "", ""]
    lines = [
        strings(
            "go_count",
            glyph=GLYPH[colour],
            stones=count[f"{colour}_stones"],
            area=count[f"{colour}_territory"],
            dame=f"{count['dame'] / 2:g}",
            total=f"{count[colour]:g}",
        )
        for colour in COLOURS
    ]
    handicap = strings("go_handicap", n=f"{view.handicap / 2:g}") if view.handicap else ""
    verdict = strings(
        "go_verdict",
        black=f"{count[BLACK]:g}",
        komi=f"{view.komi or 0:g}",
        handicap=handicap,
        baseline=f"{count['baseline']:g}",
    )
    return [*lines, strings("go_parts"), verdict, strings("go_legend")]


def key_hints(view: GoView, strings: Strings) -> list[str]:
    """The keys of this phase. They follow the phase, not the turn, so the hints (and the bytes
    sent to the terminal) stay put from move to move; a key pressed out of turn gets the hall's
    `not_your_turn`."""
    if view.is_spectator:
        return [strings("gt_hint_watching")]
    if view.phase not in ("play", "scoring"):
        return [strings("gt_hint_leave")]
    hints = ["gt_hint_move"]
    if view.phase == "scoring":
        hints += ["gt_hint_dead", "gt_hint_confirm"]
    else:
        hints += ["gt_hint_play", "gt_hint_pass"]
    if view.may("undo_accept"):
        hints.append("gt_hint_undo")
    hints.append("gt_hint_resign")
    return [strings(hint) for hint in hints]


PANEL_LINES = (
    "black-name",
    "black-clock",
    "white-name",
    "white-clock",
    "status",
    "estimate",
    "estimate-legend",
    "count-black",
    "count-white",
    "count-parts",
    "count-verdict",
    "count-legend",
    "last",
    "notice",
    "spectators",
    "gap",
    "hints",
)


class GoPanel(CellLines):
    """One fact a line in one style (hints muted), so a change costs the line up to its last
    changed cell and a single run of text; the turn marker `>` leads the line for the same
    reason."""

    DEFAULT_CSS = """
    GoPanel { width: 1fr; min-width: 28; height: auto; }
    GoPanel > .go-panel--hint { color: $text-muted; }
    """
    COMPONENT_CLASSES = {"go-panel--hint"}

    def __init__(self, view: GoView, strings: Strings | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view = view
        self.strings = strings or Strings()
        self._texts: dict[str, str] = dict.fromkeys(PANEL_LINES, "")
        self.show(view, 0.0)

    def show_estimate(self, result: str | None) -> None:
        """The score estimate's lines while its overlay is on the board (None: hidden)."""
        shown = result is not None
        self._texts["estimate"] = self.strings("go_estimate", text=result) if shown else ""
        self._texts["estimate-legend"] = self.strings("go_estimate_legend") if shown else ""
        self.redraw()

    def show(self, view: GoView, now: float) -> None:
        self.view = view
        for colour in COLOURS:
            turn = ">" if view.phase == "play" and view.to_move == colour else " "
            mine = colour in view.seats and len(view.seats) == 1
            you = self.strings("go_you") if mine else ""
            player = view.players.get(colour, "-")
            name = self.strings(f"go_{colour}")
            self._texts[f"{colour}-name"] = f"{turn}{GLYPH[colour]} {name} {player}{you}"
        self._texts["status"] = status_text(view, self.strings)
        names = ("count-black", "count-white", "count-parts", "count-verdict", "count-legend")
        for name, text in zip(names, count_lines(view, self.strings), strict=True):
            self._texts[name] = text
        self._texts["last"] = last_move_text(view, self.strings)
        self._texts["notice"] = notice_text(view, self.strings)
        spectators = self.strings("gt_watching", n=view.spectators) if view.spectators else ""
        self._texts["spectators"] = spectators
        self._texts["hints"] = "\n".join(key_hints(view, self.strings))
        self.tick(now)

    def tick(self, now: float) -> None:
        """Recompute the clocks (called every second while one runs) and redraw what changed."""
        for colour in COLOURS:
            clock = format_clock(self.view.clocks.get(colour), now)
            captured = self.view.captures.get(colour, 0)
            self._texts[f"{colour}-clock"] = f"   {clock:<15} {self.strings('gt_cap', n=captured)}"
        self.redraw()

    def text_of(self, line: str) -> str:
        return self._texts[line]

    def build_lines(self) -> list[list[Cell]]:
        lines: list[list[Cell]] = []
        for name in PANEL_LINES:
            if name == "hints":
                hints = self._texts[name].splitlines()
                lines += [text_cells(f" {hint}", "go-panel--hint") for hint in hints]
            elif name.startswith(("count-", "estimate")) and not self._texts[name]:
                continue  # the count's lines take room only while there is a count to add up
            else:
                # A leading space instead of CSS padding: padding is drawn as its own run.
                lines.append(text_cells(f" {self._texts[name]}", ""))
        return lines
