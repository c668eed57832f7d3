"""Hot-seat claims without telling who could claim (MJ-08).

When several people share one keyboard, every discard (and every added kong that could be
robbed) brings up this same screen, whoever can claim: the tile, who let it go, and a key per
seat at the keyboard. A player who wants the tile presses their seat key (then gets their own
cover and their options, or "nothing to claim"); space says nobody claims. Because it looks the
same after every discard, its presence tells the table nothing, and it hides every hand. When
two here can claim the same tile, each answers for their own seat: after the first, the window
comes back for the others.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static


@dataclass(frozen=True)
class ClaimSeat:
    """A seat at the keyboard that may ask for the tile: its key is its seat number + 1."""

    seat: int
    label: str  # wind and name, e.g. "S bob"

    @property
    def key(self) -> str:
        return str(self.seat + 1)


class MahjongClaimWindowScreen(Screen[int | None]):
    """Dismissed with the seat whose key was pressed, or None for space (nobody claims)."""

    DEFAULT_CSS = """
    MahjongClaimWindowScreen { align: center middle; background: $background; }
    MahjongClaimWindowScreen #window {
        width: auto; height: auto; border: heavy $accent; padding: 1 2;
    }
    MahjongClaimWindowScreen #window Static { width: auto; }
    """

    def __init__(self, headline: str, ask: str, seats: list[ClaimSeat], nobody: str) -> None:
        super().__init__()
        self.headline = headline
        self.ask = ask
        self.seats = seats
        self.nobody = nobody

    def compose(self) -> ComposeResult:
        with Vertical(id="window"):
            yield Static(self.headline, id="tile", markup=False)
            yield Static(self.ask, id="ask", markup=False)
            yield Static(self.seat_keys(), id="seats", markup=False)
            yield Static(self.nobody, id="nobody", markup=False)

    def seat_keys(self) -> str:
        return "   ".join(f"{seat.key}: {seat.label}" for seat in self.seats)

    def on_key(self, event: events.Key) -> None:
        """Seat keys and space answer; other keys are swallowed, so a stray key neither claims
        nor passes (ctrl+q still quits: the app's binding has priority)."""
        event.stop()
        if event.key == "space":
            self.dismiss(None)
            return
        for seat in self.seats:
            if event.key == seat.key:
                self.dismiss(seat.seat)
                return
