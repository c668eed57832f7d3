"""A screen that cannot be drawn in the terminal says so, plainly, with the size it needs.

Every screen fits 60x20 (the mahjong table has a compact layout down to it); some need more (a
19x19 Go board is 21 rows before its title and keys). Rather than a board cut in half, with a
stray glyph where a widget was clipped, such a screen is covered by one notice naming the size it
needs and the size the terminal has (the rest of the screen is hidden meanwhile, its keys still
work); the notice goes as soon as the window is big enough.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Static

from client.hall_errors import ui_language

SMALLEST = (60, 20)  # every screen fits this; the README promises it

WORDS = {
    "en": "The terminal is too small for this screen: it is {width}x{height}, and this screen "
    "needs at least {need_width}x{need_height} (columns x rows). Enlarge the window, or make "
    "the font smaller.",
    "zh": "终端窗口太小：现在是 {width}x{height}，这个画面至少需要 {need_width}x{need_height}"
    "（列x行）。请把窗口放大，或把字体调小。",
}


class TooSmall(Static):
    """The notice, alone on the screen."""

    DEFAULT_CSS = """
    TooSmall { width: 100%; height: 1fr; padding: 1 2; color: $warning; text-style: bold; }
    """


class SizeGuard:
    """Mixed into a Screen: `min_size` is what the screen needs (columns, rows)."""

    MIN_SIZE = SMALLEST

    def min_size(self) -> tuple[int, int]:
        return self.MIN_SIZE

    def too_small_keys(self) -> str:
        """What the notice adds about the keys, which work on behind it though the footer is
        hidden (a screen whose keys cannot be typed into a field says which ones)."""
        return ""

    def on_resize(self, _: events.Resize) -> None:
        self.guard_size()

    def on_screen_resume(self) -> None:
        self.guard_size()

    def on_mount(self) -> None:
        self.call_after_refresh(self.guard_size)  # once the screen's own widgets are there

    def guard_size(self) -> None:
        screen = self  # a Screen (this is its mixin)
        width, height = screen.app.size  # type: ignore[attr-defined]
        need_width, need_height = self.min_size()
        shown = screen.query_children(TooSmall)  # type: ignore[attr-defined]
        if width >= need_width and height >= need_height:
            if shown:
                shown.remove()
                for child in screen.children:  # type: ignore[attr-defined]
                    if child.has_class("-hidden-too-small"):
                        child.remove_class("-hidden-too-small")
                        child.styles.clear_rule("display")
            return
        language = ui_language(screen.app)  # type: ignore[attr-defined]
        text = WORDS.get(language, WORDS["en"]).format(
            width=width, height=height, need_width=need_width, need_height=need_height
        )
        if keys := self.too_small_keys():
            text = f"{text} {keys}"
        if shown:
            shown.first().update(text)
        else:
            screen.mount(TooSmall(text, markup=False), before=0)  # type: ignore[attr-defined]
        for child in screen.children:  # type: ignore[attr-defined]
            if isinstance(child, TooSmall) or child.has_class("-hidden-too-small"):
                continue
            if not child.styles.inline.has_rule("display"):  # one hidden by its screen stays so
                child.add_class("-hidden-too-small")
                child.styles.display = "none"
