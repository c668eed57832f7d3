"""Partial screen updates that start where the change starts, not at the widget's left edge.

Textual (8.x) writes a changed part of a line by rewriting each widget's piece of that line
from the widget's left edge up to the end of the change (`ChopsUpdate.render_segments`), so a
discard at the end of a river rewrote the whole river line with an escape sequence for every
tile in it, and a turn mark in the top seat's header rewrote the indent before it. Here the
pieces are written from the first segment the change touches (as Textual's own
`__rich_console__` path for the same update does): whole segments are skipped, never split,
so a wide character is never cut. A screen opts in with `use_cropped_updates`; the mahjong
table does (bench/mahjong_tui.py measures it).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from rich.control import Control
from textual._compositor import ChopsUpdate, Compositor
from textual.screen import Screen
from textual.strip import Strip


class CroppedChopsUpdate(ChopsUpdate):
    """A `ChopsUpdate` whose pieces begin at the segment holding the change's first cell."""

    def render_segments(self, console: Console) -> str:
        sequences: list[str] = []
        append = sequences.append
        move_to = Control.move_to
        last_y = self.spans[-1][0]
        for y, x1, x2 in self.spans:
            for end, (x, strip) in zip(self.chop_ends[y], self.chops[y].items(), strict=False):
                if strip is None or x > x2 or end <= x1:
                    continue
                if x < x1:
                    x, strip = skip_before(x, strip, x1)
                if end > x2:
                    strip = strip.crop(0, min(end, x2) - x)
                append(move_to(x, y).segment.text)
                append(strip.render(console))
            if y != last_y:
                append("\n")
        return "".join(sequences)


def skip_before(x: int, strip: Strip, x1: int) -> tuple[int, Strip]:
    """The strip without its whole segments that end at or before cell ``x1``, and where what
    is left begins."""
    segments = list(strip)
    skipped = 0
    for segment in segments:
        width = cell_len(segment.text)
        if x + width > x1:
            break
        x += width
        skipped += 1
    rest = segments[skipped:]
    return x, Strip(rest, sum(cell_len(s.text) for s in rest))


class CroppingCompositor(Compositor):
    def render_partial_update(self) -> ChopsUpdate | None:
        update = super().render_partial_update()
        if update is None:
            return None
        return CroppedChopsUpdate(update.chops, update.spans, update.chop_ends)


def use_cropped_updates(screen: Screen) -> None:
    """Call from the screen's ``__init__``, before it is mounted."""
    screen._compositor = CroppingCompositor()
