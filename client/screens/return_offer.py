"""At log-in, a player with an adjourned Go game (GO-12) is asked whether to go back to it:
such a game is lost by whoever left if nobody resumes it within a day, and only the players can
resume it. (A running game needs no question: the hall puts the player back at its table.)"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from client.i18n import Strings


def adjourned_line(game: dict[str, Any], strings: Strings) -> str:
    black, white = str(game.get("black", "")), str(game.get("white", ""))
    left = white if game.get("left_by") == "white" else black
    return strings(
        "offer_adjourned", game=game.get("game", "?"), black=black, white=white, left=left
    )


class ReturnOfferScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    ReturnOfferScreen { align: center middle; }
    ReturnOfferScreen #offer { width: 66; max-width: 100%; height: auto; border: round $primary; padding: 1 2; }
    ReturnOfferScreen #title { text-style: bold; }
    ReturnOfferScreen #message { color: $warning; height: auto; }
    """
    BINDINGS = [
        Binding("enter", "resume", "Resume", id="offer.resume", priority=True),
        Binding("g", "games", "My games", id="offer.games"),
        Binding("escape", "later", "Not now", id="offer.later"),
    ]

    gives_way_to_tables = True  # the resumed game's table replaces it (client/app.py)

    def __init__(self, strings: Strings, game: dict[str, Any]) -> None:
        super().__init__()
        self.strings = strings
        self.game = game
        self.resuming = False

    def compose(self) -> ComposeResult:
        words = self.strings
        with Vertical(id="offer"):
            yield Static(words("offer_title"), id="title", markup=False)
            yield Static(adjourned_line(self.game, words), id="game", markup=False)
            yield Static(words("offer_both"), markup=False)
            yield Static(words("offer_keys"), markup=False)
            yield Static("", id="message", markup=False)

    def action_resume(self) -> None:
        """The app's worker, not this screen's: the table that opens takes this screen away."""
        if not self.resuming:
            self.resuming = True
            self.app.run_worker(self._resume, group="resume", exclusive=True)

    async def _resume(self) -> None:
        failure = await self.app.resume_adjourned(int(self.game["game"]))
        self.resuming = False
        if failure is not None and self.is_mounted:
            self.query_one("#message", Static).update(failure)

    def action_games(self) -> None:
        from client.screens.games import GamesScreen

        self.dismiss()
        self.app.push_screen(GamesScreen())

    def action_later(self) -> None:
        self.dismiss()
