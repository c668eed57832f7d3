"""Hot-seat: between two players' turns a blank screen hides the hand until the next player,
and only they, presses a key - so the one who just played never sees the next hand."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static


class MahjongCoverScreen(Screen[int]):
    DEFAULT_CSS = """
    MahjongCoverScreen { align: center middle; background: $background; }
    MahjongCoverScreen #cover { width: auto; height: auto; border: heavy $accent; padding: 1 4; }
    MahjongCoverScreen #cover Static { width: auto; }
    """

    def __init__(self, seat: int, title: str, prompt: str) -> None:
        super().__init__()
        self.seat = seat
        self.title_text = title
        self.prompt = prompt

    def compose(self) -> ComposeResult:
        with Vertical(id="cover"):
            yield Static(self.title_text, id="who", markup=False)
            yield Static(self.prompt, id="press", markup=False)

    def show_seat(self, seat: int, title: str, prompt: str) -> None:
        """Another seat came up while the cover was still on: name that one instead."""
        self.seat = seat
        self.query_one("#who", Static).update(title)
        self.query_one("#press", Static).update(prompt)

    def on_key(self, event: events.Key) -> None:
        """Any key uncovers (ctrl+q still quits: the app's binding has priority)."""
        event.stop()
        self.dismiss(self.seat)
