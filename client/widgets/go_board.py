"""The Go board, drawn with Textual's Line API.

Each screen line is built from the view, kept, and compared with the next view so that only the
lines that changed are refreshed: an opponent's move costs a line or two of terminal output rather
than the whole board, which is what a player on a slow SSH link feels. Everything is plain ASCII
(stones `X`/`O`, last move in `( )`, cursor in `[ ]`), so it reads the same without colour and in
any terminal, whatever its idea of ambiguous-width glyphs.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from client.coords import COLUMNS, point_name
from client.go_view import BLACK, GoView

LABEL_WIDTH = 3


def _stars(corners: tuple[int, ...], centre: int) -> frozenset[tuple[int, int]]:
    return frozenset((x, y) for x in corners for y in corners) | {(centre, centre)}


STAR_POINTS = {19: _stars((3, 9, 15), 9), 13: _stars((3, 9), 6), 9: _stars((2, 6), 4)}

Cell = tuple[str, str]
"""One terminal cell: its character and the component class that styles it."""


def board_width(size: int) -> int:
    return 2 * LABEL_WIDTH + 2 * size + 1


class GoBoard(Widget, can_focus=True):
    """Shows a GoView; arrows/hjkl move the cursor, enter chooses the point under it."""

    DEFAULT_CSS = """
    GoBoard { width: auto; height: auto; }
    GoBoard > .go-board--label { color: $text-muted; }
    GoBoard > .go-board--grid { color: $text-muted; }
    GoBoard > .go-board--black { text-style: bold; }
    GoBoard > .go-board--white { text-style: bold; }
    GoBoard > .go-board--marker { color: $warning; text-style: bold; }
    GoBoard > .go-board--cursor { text-style: reverse bold; }
    GoBoard > .go-board--dead { text-style: dim; }
    GoBoard > .go-board--forbidden { text-style: dim; }
    """
    COMPONENT_CLASSES = {
        "go-board--label",
        "go-board--grid",
        "go-board--black",
        "go-board--white",
        "go-board--marker",
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

    def __init__(self, view: GoView, *, show_cursor: bool = True, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view = view
        self.cursor = (view.size // 2, view.size // 2)
        self.show_cursor = show_cursor
        self._lines = self._build_lines()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return board_width(self.view.size)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.view.size + 2

    def show(self, view: GoView) -> None:
        """Take a new view and redraw the lines that differ from what is on screen."""
        resized = view.size != self.view.size
        self.view = view
        if resized:
            self.cursor = (view.size // 2, view.size // 2)
        self._redraw(full=resized)

    def set_cursor(self, x: int, y: int) -> None:
        size = self.view.size
        self.cursor = (min(max(x, 0), size - 1), min(max(y, 0), size - 1))
        self._redraw()

    def text_lines(self) -> list[str]:
        """The board as plain text, one string a line: what a colourless terminal shows."""
        return ["".join(ch for ch, _ in line) for line in self._lines]

    def action_move_cursor(self, dx: int, dy: int) -> None:
        self.set_cursor(self.cursor[0] + dx, self.cursor[1] + dy)

    def action_choose(self) -> None:
        x, y = self.cursor
        self.post_message(self.PointChosen(self, x, y, point_name(x, y, self.view.size)))

    def on_click(self, event: Click) -> None:
        x, y = (event.x - LABEL_WIDTH) // 2, event.y - 1
        if 0 <= x < self.view.size and 0 <= y < self.view.size:
            self.set_cursor(x, y)
            self.action_choose()

    def on_focus(self) -> None:
        self._redraw()

    def on_blur(self) -> None:
        self._redraw()

    def render_line(self, y: int) -> Strip:
        if y >= len(self._lines):
            return Strip.blank(self.size.width)
        styles: dict[str, Style] = {}
        segments = []
        line = self._lines[y]
        start = 0
        for end in range(1, len(line) + 1):
            if end == len(line) or line[end][1] != line[start][1]:
                component = line[start][1]
                if component not in styles:
                    styles[component] = self.get_component_rich_style(component)
                text = "".join(ch for ch, _ in line[start:end])
                segments.append(Segment(text, styles[component]))
                start = end
        return Strip(segments, len(line)).extend_cell_length(self.size.width)

    def _redraw(self, full: bool = False) -> None:
        lines = self._build_lines()
        if full or len(lines) != len(self._lines):
            self._lines = lines
            self.refresh(layout=True)
            return
        changed = [
            y for y, (old, new) in enumerate(zip(self._lines, lines, strict=True)) if old != new
        ]
        self._lines = lines
        width = max(self.size.width, board_width(self.view.size))
        for y in changed:
            self.refresh(Region(0, y, width, 1))

    def _build_lines(self) -> list[list[Cell]]:
        size = self.view.size
        labels = [(" ", "go-board--label")] * LABEL_WIDTH
        for x in range(size):
            labels += [(" ", "go-board--label"), (COLUMNS[x], "go-board--label")]
        labels += [(" ", "go-board--label")] * (LABEL_WIDTH + 1)
        return [labels] + [self._row_cells(y) for y in range(size)] + [labels]

    def _row_cells(self, y: int) -> list[Cell]:
        view, size = self.view, self.view.size
        row_label = f"{size - y:>2} "
        cells: list[Cell] = [(ch, "go-board--label") for ch in row_label]
        separators: list[Cell] = [(" ", "go-board--grid")] * (size + 1)
        if isinstance(view.last_move, tuple) and view.last_move[1] == y:
            lx = view.last_move[0]
            separators[lx] = ("(", "go-board--marker")
            separators[lx + 1] = (")", "go-board--marker")
        cursor_here = self.show_cursor and self.cursor[1] == y
        if cursor_here:
            cx = self.cursor[0]
            separators[cx] = ("[", "go-board--cursor")
            separators[cx + 1] = ("]", "go-board--cursor")
        for x in range(size):
            cells.append(separators[x])
            point = self._point_cell(x, y)
            if cursor_here and x == self.cursor[0] and self.has_focus:
                point = (point[0], "go-board--cursor")
            cells.append(point)
        cells.append(separators[size])
        cells += [(ch, "go-board--label") for ch in f" {size - y:<2}"]
        return cells

    def _point_cell(self, x: int, y: int) -> Cell:
        stone = self.view.grid[y][x]
        if stone is not None:
            dead = (x, y) in self.view.dead
            glyph = "X" if stone == BLACK else "O"
            if dead:
                return glyph.lower(), "go-board--dead"
            return glyph, "go-board--black" if stone == BLACK else "go-board--white"
        glyph = "+" if (x, y) in STAR_POINTS.get(self.view.size, ()) else "."
        if (x, y) in self.view.forbidden:
            return glyph, "go-board--forbidden"
        return glyph, "go-board--grid"
