"""What the player sees while the hall is away and the client is trying to get back: why, when
the next attempt is, and how long the client keeps trying, over the table they will return to.

It lasts until the hall answers (the table underneath then carries on) or the player stops
trying; it has no field, so keys typed meanwhile (a password, a move) land nowhere."""

from __future__ import annotations

import asyncio
import contextlib
import time

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from client.i18n import Strings
from client.reconnect import clock


class HallAwayScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HallAwayScreen { align: center middle; }
    HallAwayScreen #away { width: 66; max-width: 100%; height: auto; border: round $warning; padding: 1 2; }
    HallAwayScreen #headline { text-style: bold; height: auto; }
    HallAwayScreen #countdown { color: $warning; height: auto; }
    HallAwayScreen #failure { color: $text-muted; height: auto; }
    """
    BINDINGS = [
        Binding("enter", "try_now", "Try now", id="away.try_now", priority=True),
        Binding("escape", "stop", "Stop trying", id="away.stop", priority=True),
    ]

    gives_way_to_tables = True  # a held seat's snapshot means the hall is back (client/app.py)

    def __init__(self, strings: Strings, headline: str, give_up_at: float) -> None:
        super().__init__()
        self.strings = strings
        self.headline_text = headline
        self.give_up_at = give_up_at
        self.next_try_at: float | None = None
        self.attempt = 0
        self.stopped = False
        self._now = asyncio.Event()

    def compose(self) -> ComposeResult:
        words = self.strings
        with Vertical(id="away"):
            yield Static(self.headline_text, id="headline", markup=False)
            yield Static(words("away_seat"), markup=False)
            yield Static("", id="countdown", markup=False)
            yield Static("", id="failure", markup=False)
            yield Static(words("away_keys"), markup=False)

    def on_mount(self) -> None:
        self._show_countdown()
        self.set_interval(0.5, self._show_countdown)

    def headline(self, text: str) -> None:
        self.headline_text = text
        if self.is_mounted:
            self.query_one("#headline", Static).update(text)

    async def countdown(self, delay: float, attempt: int) -> None:
        """Wait `delay` seconds before attempt `attempt`, or less if the player says now."""
        self.attempt = attempt
        self.next_try_at = time.monotonic() + delay
        self._now.clear()
        self._show_countdown()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._now.wait(), delay)
        self.next_try_at = None
        self._show_countdown()

    def failed(self, why: str) -> None:
        if self.is_mounted:
            self.query_one("#failure", Static).update(why)

    def countdown_text(self) -> str:
        words = self.strings
        left = clock(self.give_up_at - time.monotonic())
        if self.next_try_at is None:
            return words("away_trying", attempt=self.attempt, left=left)
        seconds = max(0, round(self.next_try_at - time.monotonic()))
        return words("away_next", seconds=seconds, attempt=self.attempt, left=left)

    def _show_countdown(self) -> None:
        if self.is_mounted:
            self.query_one("#countdown", Static).update(self.countdown_text())

    def action_try_now(self) -> None:
        self._now.set()

    def action_stop(self) -> None:
        self.stopped = True
        self._now.set()
