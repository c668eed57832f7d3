"""The Go board, drawn with Textual's Line API.

Each screen line is built from the view, kept, and compared with the next view so that only the
cells that changed are refreshed (see CellLines): an opponent's move costs a few cells of terminal
output rather than the board, which is what a player on a slow SSH link feels. Everything is plain ASCII
(stones `X`/`O`, last move in `( )`, cursor in `[ ]`), so it reads the same without colour and in
any terminal, whatever its idea of ambiguous-width glyphs.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding
from textual.events import Click, Key
from textual.message import Message

from client.coords import COLUMNS, CoordinateError, parse_point, point_name
from client.go_view import BLACK, GoView
from client.widgets.cell_lines import Cell, CellLines

LABEL_WIDTH = 3


def _stars(corners: tuple[int, ...], centre: int) -> frozenset[tuple[int, int]]:
    return frozenset((x, y) for x in corners for y in corners) | {(centre, centre)}


# Scoring-phase marks on empty points, readable without colour (the panel has the legend);
# dead stones are drawn lower-case and dim. A gap to seal is also dame, so it is looked up first.
TERRITORY_MARKS = (("seal", "?"), ("black", "-"), ("white", "="), ("dame", ","))

STAR_POINTS = {19: _stars((3, 9, 15), 9), 13: _stars((3, 9), 6), 9: _stars((2, 6), 4)}


class GoBoard(CellLines, can_focus=True):
    """Shows a GoView; arrows/hjkl move the cursor, enter chooses the point under it.

    Labels, grid, stones and the last-move brackets share the widget's own style on purpose:
    Textual rewrites a changed line from the widget's left edge, and every change of style on
    the way costs an escape sequence, so one style keeps a move to a few dozen bytes. The cursor
    (reverse) and dead or forbidden points (dim) are the only styled cells, and all of them read
    without colour.
    """

    DEFAULT_CSS = """
    GoBoard { width: auto; height: auto; }
    GoBoard > .go-board--cursor { text-style: reverse bold; }
    GoBoard > .go-board--dead { text-style: dim; }
    GoBoard > .go-board--forbidden { text-style: dim; }
    """
    COMPONENT_CLASSES = {
        "go-board--cursor",
        "go-board--dead",
        "go-board--forbidden",
    }
    BINDINGS = [
        Binding("up,k", "move_cursor(0, -1)", "Up", id="board.up", show=False),
        Binding("down,j", "move_cursor(0, 1)", "Down", id="board.down", show=False),
        Binding("left,h", "move_cursor(-1, 0)", "Left", id="board.left", show=False),
        Binding("right,l", "move_cursor(1, 0)", "Right", id="board.right", show=False),
        Binding("enter,space", "choose", "Play", id="board.choose"),
    ]

    @dataclass
    class PointChosen(Message):
        """The player picked a point (by enter, a click or a typed name)."""

        board: GoBoard
        x: int
        y: int
        name: str

        @property
        def control(self) -> GoBoard:
            return self.board

    @dataclass
    class Typing(Message):
        """The typed point changed: `text` is what is typed so far, None when typing ended;
        `error` is the code of a point that could not be read."""

        board: GoBoard
        text: str | None
        error: str | None = None

    def __init__(self, view: GoView, *, show_cursor: bool = True, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view = view
        self.cursor = (view.size // 2, view.size // 2)
        self.show_cursor = show_cursor
        self.typed: str | None = None
        self._lines = self.build_lines()

    def show(self, view: GoView) -> None:
        """Take a new view and redraw the lines that differ from what is on screen."""
        resized = view.size != self.view.size
        self.view = view
        if resized:
            self.cursor = (view.size // 2, view.size // 2)
        self.redraw()

    def set_cursor(self, x: int, y: int) -> None:
        size = self.view.size
        self.cursor = (min(max(x, 0), size - 1), min(max(y, 0), size - 1))
        self.redraw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter is offered only while a point can be chosen: to play or to mark dead stones."""
        if action == "choose":
            return self.show_cursor and self.view.phase in ("play", "scoring")
        return True

    def action_move_cursor(self, dx: int, dy: int) -> None:
        self.set_cursor(self.cursor[0] + dx, self.cursor[1] + dy)

    def action_choose(self) -> None:
        x, y = self.cursor
        self.post_message(self.PointChosen(self, x, y, point_name(x, y, self.view.size)))

    def start_typing(self) -> None:
        self.typed = ""
        self.post_message(self.Typing(self, self.typed))

    def on_key(self, event: Key) -> None:
        """Typing a point (`:` then e.g. `d4` and enter) is handled here, in the board's own key
        order, rather than by moving focus to an input box: keys that arrive together (a fast
        typist, a paste, an SSH link delivering a burst) must not overtake the focus change."""
        if self.typed is None:
            if event.character == ":":
                event.stop()
                event.prevent_default()
                self.start_typing()
            return
        event.stop()
        event.prevent_default()
        error = None
        if event.key == "escape":
            self.typed = None
        elif event.key == "backspace":
            self.typed = self.typed[:-1]
        elif event.key == "enter":
            typed, self.typed = self.typed, None
            try:
                x, y = parse_point(typed, self.view.size)
            except CoordinateError as bad:
                error = bad.code
            else:
                self.set_cursor(x, y)
                self.action_choose()
        elif event.character and event.character.isalnum() and len(self.typed) < 3:
            self.typed += event.character.upper()
        self.post_message(self.Typing(self, self.typed, error))

    def on_click(self, event: Click) -> None:
        x, y = (event.x - LABEL_WIDTH) // 2, event.y - 1
        if 0 <= x < self.view.size and 0 <= y < self.view.size:
            self.set_cursor(x, y)
            self.action_choose()

    def on_focus(self) -> None:
        self.redraw()

    def on_blur(self) -> None:
        self.redraw()

    def build_lines(self) -> list[list[Cell]]:
        size = self.view.size
        labels = [(" ", "")] * LABEL_WIDTH
        for x in range(size):
            labels += [(" ", ""), (COLUMNS[x], "")]
        labels += [(" ", "")] * (LABEL_WIDTH + 1)
        return [labels] + [self._row_cells(y) for y in range(size)] + [labels]

    def _row_cells(self, y: int) -> list[Cell]:
        view, size = self.view, self.view.size
        row_label = f"{size - y:>2} "
        cells: list[Cell] = [(ch, "") for ch in row_label]
        separators: list[Cell] = [(" ", "")] * (size + 1)
        if isinstance(view.last_move, tuple) and view.last_move[1] == y:
            lx = view.last_move[0]
            separators[lx] = ("(", "")
            separators[lx + 1] = (")", "")
        cursor_here = self.show_cursor and self.cursor[1] == y
        if cursor_here:  # the last move's ( ) stay: on it, the cursor is the reversed point
            cx = self.cursor[0]
            for at, bracket in ((cx, "["), (cx + 1, "]")):
                if separators[at][0] not in "()":
                    separators[at] = (bracket, "go-board--cursor")
        for x in range(size):
            cells.append(separators[x])
            point = self._point_cell(x, y)
            if cursor_here and x == self.cursor[0] and self.has_focus:
                point = (point[0], "go-board--cursor")
            cells.append(point)
        cells.append(separators[size])
        cells += [(ch, "") for ch in f" {size - y:<2}"]
        return cells

    def _point_cell(self, x: int, y: int) -> Cell:
        stone = self.view.grid[y][x]
        if stone is not None:
            dead = (x, y) in self.view.dead
            glyph = "X" if stone == BLACK else "O"
            if dead:
                return glyph.lower(), "go-board--dead"
            return glyph, ""
        for name, mark in TERRITORY_MARKS:
            if (x, y) in self.view.territory.get(name, ()):
                return mark, ""
        glyph = "+" if (x, y) in STAR_POINTS.get(self.view.size, ()) else "."
        if (x, y) in self.view.forbidden:
            return glyph, "go-board--forbidden"
        return glyph, ""
