"""A one-line `Static` (the table's prompt and message lines) whose update repaints only the
cells from the first one that changed to the end of the longer text.

`Static.update` repaints the whole line, padding included: at every turn of play the prompt
(`bob to play`, `Your turn ...`) and the message line went out whole. An update to the same
text sends nothing. Used with `client.cropped_updates`, which writes a repaint from where it
starts (bench/mahjong_tui.py measures both).
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.geometry import Region
from textual.widgets import Static


class ChangedLine(Static):
    def __init__(self, text: str = "", **kwargs) -> None:
        super().__init__(text, markup=False, **kwargs)
        self._text = text
        self._changed: Region | None = None

    def update(self, content: object = "", *, layout: bool = False) -> None:
        text = str(content)
        if text == self._text:
            return
        self._changed = changed_cells(self._text, text, self.styles.padding.left)
        self._text = text
        super().update(text, layout=False)

    def refresh(self, *regions: Region, **kwargs) -> ChangedLine:
        changed, self._changed = self._changed, None
        if changed is not None and not regions and not kwargs.get("layout"):
            regions = (changed,)  # the repaint `Static.update` asks for, narrowed
        return super().refresh(*regions, **kwargs)


def changed_cells(old: str, new: str, left: int) -> Region:
    """The cells of line 0 from the first character that differs to the end of the longer
    text, ``left`` cells in (the padding)."""
    same = 0
    for a, b in zip(old, new, strict=False):
        if a != b:
            break
        same += 1
    start = cell_len(new[:same])
    end = max(cell_len(old), cell_len(new))
    return Region(left + start, 0, max(1, end - start), 1)
