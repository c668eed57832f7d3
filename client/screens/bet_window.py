"""The bet window of a golden table (押币, 000:L57–61): pick a side, pick an amount, confirm.

As in the seed, the chosen side is marked like a radio button and its pool is highlighted (in
yellow, and with brackets for terminals without colour). The balance and the limits are shown
so the choice is informed; whether the bet stands is the hall's answer, shown here when it
refuses, with the window left open to try again.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from client.connection import HallError
from client.go_view import BLACK, WHITE, GoView
from client.hall_errors import explain, ui_language
from client.i18n import Strings
from client.screens.table_screen import Hall

STEPS = (10, 50, 100, 500, 1_000, 5_000, 10_000)
"""What + and - step through: the seed's "click the amount", from the smallest bet to the cap."""
AMOUNT_DIGITS = 6
SIDE_WORDS = {BLACK: "bet_side_black", WHITE: "bet_side_white"}


def side_name(side: object, strings: Strings) -> str:
    """A side as the window names it (``X Black 黑方``; ``X 黑方`` in 中文), ``?`` if unknown."""
    return strings(SIDE_WORDS[side]) if side in SIDE_WORDS else "?"


class BetWindow(ModalScreen[dict[str, Any] | None]):
    """Dismissed with the hall's reply to `bet`, or None when cancelled."""

    DEFAULT_CSS = """
    BetWindow { align: center middle; }
    BetWindow #window { width: 60; height: auto; border: double $warning; padding: 0 1; }
    BetWindow #error { color: $error; height: auto; }
    BetWindow #keys { color: $text-muted; }
    """
    BINDINGS = [
        Binding("left,x", "side('black')", "Black", id="bet.black"),
        Binding("right,o", "side('white')", "White", id="bet.white"),
        Binding("plus,equals_sign", "step(1)", "More", id="bet.more"),
        Binding("minus", "step(-1)", "Less", id="bet.less"),
        Binding("backspace", "erase", "Erase", id="bet.erase", show=False),
        Binding("enter", "confirm", "Confirm", id="bet.confirm"),
        Binding("escape", "cancel", "Cancel", id="bet.cancel"),
    ]

    def __init__(self, hall: Hall, table: int, view: GoView, me: str) -> None:
        super().__init__()
        self.hall = hall
        self.table = table
        self.view = view
        self.me = me
        self.side = BLACK
        self.amount = ""
        self.balance: int | None = None
        self.sending = False

    @property
    def strings(self) -> Strings:
        return Strings(ui_language(self.app))

    def compose(self) -> ComposeResult:
        with Vertical(id="window"):
            yield Static(id="form")
            yield Static("", id="error", markup=False)
            yield Static(self.strings("bet_keys"), id="keys", markup=False)

    def on_mount(self) -> None:
        self._show()
        self.run_worker(self._load_balance, group="balance", exclusive=True)

    async def _load_balance(self) -> None:
        try:
            profile = await self.hall.request("profile")
        except HallError as error:
            self.say(explain(error, ui_language(self.app)))
            return
        self.balance = int(profile.get("balance", 0))
        self._show()

    def form_text(self) -> Text:
        bets = self.view.bets
        assert bets is not None
        words = self.strings
        text = Text()
        text.append(words("bet_title", table=self.table), style="bold")
        text.append(words("bet_ply", ply=self.view.move_number, close=bets.close_at_ply) + "\n\n")
        text.append(words("bet_side"))
        for side in (BLACK, WHITE):
            mark = "(*)" if side == self.side else "( )"
            player = self.view.players.get(side, "")
            text.append(f"{mark} {side_name(side, words)} {player[:8]}  ")
        text.append("\n" + words("bet_pool"))
        for side in (BLACK, WHITE):
            pool = f"{side_name(side, words)[:1]} {bets.pool[side]:,}"
            if side == self.side:
                text.append(f"[{pool}]", style="bold yellow")
            else:
                text.append(f" {pool} ")
            text.append("   ")
        text.append("\n" + words("bet_amount", amount=self.amount or "") + "\n\n")
        held = "..." if self.balance is None else f"{self.balance:,}"
        limits = {"minimum": f"{bets.minimum:,}", "maximum": f"{bets.maximum:,}"}
        left = bets.left_for(self.me)
        text.append(words("bet_limits", held=held, bets=bets.per_spectator, left=left, **limits))
        return text

    def show_view(self, view: GoView) -> None:
        """The table changed under the window (another bet, a move): keep pool and ply live."""
        self.view = view
        self._show()
        if view.bets is not None and not view.bets.open:
            self.say(self.strings("bet_closed"))

    def _show(self) -> None:
        if self.is_mounted:
            self.query_one("#form", Static).update(self.form_text())

    def say(self, text: str) -> None:
        self.query_one("#error", Static).update(text)

    def on_key(self, event: events.Key) -> None:
        """Digits type the amount (there is no text box to focus first)."""
        if event.character is not None and event.character.isdigit():
            event.stop()
            if len(self.amount) < AMOUNT_DIGITS and (self.amount or event.character != "0"):
                self.amount += event.character
                self._show()

    def action_side(self, side: str) -> None:
        self.side = side
        self._show()

    def action_step(self, direction: int) -> None:
        current = int(self.amount or 0)
        if direction > 0:
            bigger = [s for s in STEPS if s > current]
            self.amount = str(bigger[0] if bigger else STEPS[-1])
        else:
            smaller = [s for s in STEPS if s < current]
            self.amount = str(smaller[-1] if smaller else STEPS[0])
        self._show()

    def action_erase(self) -> None:
        self.amount = self.amount[:-1]
        self._show()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_confirm(self) -> None:
        if not self.amount:
            self.say(self.strings("bet_no_amount"))
            return
        if not self.sending:
            self.sending = True
            self.run_worker(self._send(int(self.amount)), group="bet", exclusive=True)

    async def _send(self, amount: int) -> None:
        try:
            reply = await self.hall.request("bet", table=self.table, side=self.side, amount=amount)
        except HallError as error:
            self.sending = False
            self.say(explain(error, ui_language(self.app)))
            return
        self.dismiss(reply)
