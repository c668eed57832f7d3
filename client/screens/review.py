"""Review: step through a recorded Go game, from the games screen, the result screen or
`qipai review FILE.sgf`, or the game so far from its table (`v`, for a spectator who came late).

The keys and the jump field are the stepper's (screens/stepper.py), shared with the mahjong
replay. Every position comes from the core's replay of the record (qipai/go/replay.py); the screen only
draws it, with the move, the captures so far, the record's comments (the table chat, for a game
of the hall) and the clock times recorded after each move, and at the last move the result.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Footer, Static

from client.coords import COLUMNS
from client.go_view import BLACK, WHITE, GoView
from client.i18n import Strings
from client.screens.size_guard import SMALLEST
from client.screens.stepper import STEP_CSS, StepperScreen, stepper_bindings
from client.widgets.go_board import GoBoard
from qipai.go.points import Color
from qipai.go.replay import Replay, Step

SEAT = {Color.BLACK: BLACK, Color.WHITE: WHITE}


def board_view(step: Step) -> GoView:
    """The position at a step as the board widget draws it (screen rows from the top)."""
    game = step.game
    size = game.size
    grid = tuple(tuple(SEAT.get(c) if c else None for c in row) for row in game.board)
    last = None
    if step.move is not None and step.move.point is not None:
        col, row = step.move.point
        last = (col, size - 1 - row)
    return GoView(
        size=size,
        grid=grid,
        to_move=SEAT[game.to_move],
        last_move=last,
        captures={SEAT[c]: n for c, n in game.captures.items()},
        move_number=step.ply,
        phase=game.phase,
        dead=frozenset((c, size - 1 - r) for c, r in game.dead_stones),
    )


def clock_text(seconds: float) -> str:
    whole = max(0, int(seconds))
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


def review_lines(replay: Replay, step: Step, strings: Strings, estimate: bool = True) -> list[str]:
    """The panel beside the board: who played, the move, captures, clocks, comments, result;
    the estimator's count at the end only where ``estimate`` (never for a player of a ranked
    game still going, ``may_see_estimate``)."""
    root = replay.record.root
    lines = []
    for colour, name, rank in ((strings("black"), "PB", "BR"), (strings("white"), "PW", "WR")):
        player = root.get(name, "").strip() or "?"
        lines.append(f"{colour}: {player} {root.get(rank, '').strip()}".rstrip())
    if step.move is None:
        lines.append(strings("review_start", total=replay.plies))
    else:
        colour = strings("black" if step.move.color is Color.BLACK else "white")
        lines.append(strings("review_move", n=step.ply, total=replay.plies))
        if step.move.point is None:
            lines.append(strings("review_pass", colour=colour))
        else:
            col, row = step.move.point
            lines.append(strings("review_stone", colour=colour, point=f"{COLUMNS[col]}{row + 1}"))
    captures = step.game.captures
    lines.append(
        strings("review_captures", black=captures[Color.BLACK], white=captures[Color.WHITE])
    )
    if step.time_left:
        black, white = (step.time_left.get(c) for c in (Color.BLACK, Color.WHITE))
        lines.append(
            strings(
                "review_clock",
                black="--:--" if black is None else clock_text(black),
                white="--:--" if white is None else clock_text(white),
            )
        )
    lines.extend(step.comments)
    if step.ply == replay.plies:
        if step.game.result is not None:
            lines.append(strings("review_result", text=step.game.result.text))
        elif estimate and replay.end_estimate:
            lines.append(strings("review_estimate", text=replay.end_estimate))
        if replay.recorded_result:
            lines.append(strings("review_recorded", text=replay.recorded_result))
    return lines


class ReviewScreen(StepperScreen):
    DEFAULT_CSS = (
        """
    ReviewScreen { layout: vertical; }
    ReviewScreen #title { height: 1; background: $panel; padding: 0 1; }
    ReviewScreen #table { height: auto; }
    ReviewScreen #side { width: 1fr; height: auto; padding: 0 1; }
    """
        + STEP_CSS
    )
    WORDS = "review"
    BINDINGS = stepper_bindings(WORDS, "Jump to move")

    def __init__(self, replay: Replay, ply: int | None = None, estimate: bool = True) -> None:
        super().__init__(replay.plies if ply is None else max(0, min(replay.plies, ply)))
        self.replay = replay
        self.estimate = estimate

    @property
    def ply(self) -> int:
        return self.at

    def min_size(self) -> tuple[int, int]:
        """The board as the Go table draws it beside a panel of 27 columns: 19x19 needs 72x24."""
        size = self.replay.record.game.size
        return max(SMALLEST[0], 2 * size + 7 + 27), max(SMALLEST[1], size + 5)

    def compose(self) -> ComposeResult:
        root = self.replay.record.root
        title = self.strings(
            "review_title",
            black=root.get("PB", "").strip() or "?",
            white=root.get("PW", "").strip() or "?",
        )
        step = self.replay.step(self.ply)
        yield Static(title, id="title", markup=False)
        with Horizontal(id="table"):
            board = GoBoard(board_view(step), show_cursor=False, id="board")
            board.can_focus = False  # its arrows move a cursor; here they step through moves
            yield board
            yield Static("", id="side", markup=False)
        yield Static(self.keys_text(), id="message", markup=False)
        yield self.jump_field()
        yield Footer()

    def last_step(self) -> int:
        return self.replay.plies

    def show_step(self) -> None:
        step = self.replay.step(self.ply)
        self.query_one(GoBoard).show(board_view(step))
        self.query_one("#side", Static).update(self.side_text())

    def side_text(self) -> str:
        step = self.replay.step(self.ply)
        return "\n".join(review_lines(self.replay, step, self.strings, self.estimate))
