"""What the pilot tests of a single screen share: an app that holds a (fake) hall and opens one
screen, and a wait for something the screen shows after the hall answers."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App
from textual.screen import Screen
from textual.widgets import Static


class OneScreenApp(App):
    """The screens read ``app.hall``; the screen is made on mount, when an app is running."""

    def __init__(self, hall, screen: Callable[[], Screen]) -> None:
        super().__init__()
        self.hall = hall
        self.first = screen

    def on_mount(self) -> None:
        self.push_screen(self.first())


async def until(pilot, check: Callable[[], object], what: str) -> None:
    """The hall answers in its own task: give it up to four seconds of pauses."""
    for _ in range(200):
        await pilot.pause(0.02)
        if check():
            return
    raise AssertionError(f"never happened: {what}")


def static_text(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())
