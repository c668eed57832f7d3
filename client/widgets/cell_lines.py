"""A Line API widget that keeps what it shows as lines of styled cells and, when they change,
refreshes only the span of each line that differs.

This is what keeps an update cheap on the wire: a stone placed or a clock ticking rewrites a few
cells, not a line and never the widget, and neighbouring cells of one style are sent as one run.
"""

from __future__ import annotations

from rich.cells import get_character_cell_size
from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

Cell = tuple[str, str]
"""One terminal cell: its character ("" for the right half of a wide one) and the component
class that styles it."""

BLANK = (" ", "")


def text_cells(text: str, component: str) -> list[Cell]:
    """Cells of `text`, wide (CJK) characters taking two: measured, never assumed."""
    cells: list[Cell] = []
    for character in text:
        cells.append((character, component))
        if get_character_cell_size(character) == 2:
            cells.append(("", component))
    return cells


def changed_span(old: list[Cell], new: list[Cell]) -> tuple[int, int] | None:
    """First and last cell index where two lines differ (widened to whole wide characters)."""
    length = max(len(old), len(new))
    padded_old = old + [BLANK] * (length - len(old))
    padded_new = new + [BLANK] * (length - len(new))
    differing = [i for i in range(length) if padded_old[i] != padded_new[i]]
    if not differing:
        return None
    first, last = differing[0], differing[-1]
    if first > 0 and (padded_old[first][0] == "" or padded_new[first][0] == ""):
        first -= 1
    if last + 1 < length and (padded_old[last + 1][0] == "" or padded_new[last + 1][0] == ""):
        last += 1
    return first, last


class CellLines(Widget):
    """Subclasses implement `build_lines`; call `redraw` after the state they draw changes."""

    DEFAULT_CSS = "CellLines { width: auto; height: auto; }"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._lines: list[list[Cell]] = []

    def build_lines(self) -> list[list[Cell]]:
        raise NotImplementedError

    def text_lines(self) -> list[str]:
        """What a colourless terminal shows, one string a line."""
        return ["".join(ch for ch, _ in line) for line in self._lines]

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((len(line) for line in self._lines), default=0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines)

    def redraw(self) -> None:
        lines = self.build_lines()
        old = self._lines
        self._lines = lines
        widest = max((len(line) for line in lines), default=0)
        if len(lines) != len(old) or widest > max((len(line) for line in old), default=0):
            self.refresh(layout=True)
            return
        for y, (before, after) in enumerate(zip(old, lines, strict=True)):
            span = changed_span(before, after)
            if span is not None:
                self.refresh(Region(span[0], y, span[1] - span[0] + 1, 1))

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if y >= len(self._lines):
            return Strip.blank(width, self.rich_style)
        line = self._lines[y]
        styles: dict[str, Style] = {}
        segments = []
        start = 0
        for end in range(1, len(line) + 1):
            if end == len(line) or line[end][1] != line[start][1]:
                component = line[start][1]
                if component not in styles:
                    styles[component] = (
                        self.get_component_rich_style(component) if component else self.rich_style
                    )
                text = "".join(ch for ch, _ in line[start:end])
                segments.append(Segment(text, styles[component]))
                start = end
        strip = Strip(segments, len(line))
        return strip.extend_cell_length(width, self.rich_style).crop(0, width)
