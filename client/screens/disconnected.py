"""What the player sees when the hall is lost for good: one question, with no field to type in.

A player back from a drop believes they are about to log in again: they press `c` (connect) and
type their password. Here `c` or enter connect to the same hall again, and every other key does
nothing, so the password lands in nothing until the log-in screen (whose password box hides it)
is open, and no letter of it can start a game or edit the hall address on the start screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from client.hall_errors import ui_language
from client.i18n import Strings
from client.screens.binding_words import speak_bindings
from client.screens.login import LoginScreen


class DisconnectedScreen(ModalScreen[None]):
    """Over the start screen; replaced by the log-in screen in one step once the hall answers,
    so no key of a burst falls through to the start screen's commands in between."""

    DEFAULT_CSS = """
    DisconnectedScreen { align: center middle; }
    DisconnectedScreen #disconnected { width: 64; height: auto; border: round $error; padding: 1 2; }
    DisconnectedScreen #status { color: $warning; height: auto; }
    """
    BINDINGS = [
        Binding("c,enter", "again", "Connect again", id="disconnected.again", priority=True),
        Binding("escape", "back", "Start screen", id="disconnected.back"),
    ]

    def __init__(self, address: str, reason: str) -> None:
        super().__init__()
        self.address = address
        self.reason = reason
        self.connecting = False

    @property
    def strings(self) -> Strings:
        return Strings(ui_language(self.app))

    def compose(self) -> ComposeResult:
        words = self.strings
        with Vertical(id="disconnected"):
            yield Static(words("disc_lost", address=self.address), markup=False)
            yield Static(self.reason, id="reason", markup=False)
            yield Static(words("disc_keys"), markup=False)
            yield Static("", id="status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        speak_bindings(self, self.strings, hall=True)

    def action_again(self) -> None:
        if self.connecting:
            return  # one attempt at a time; the keys of a password typed meanwhile do nothing
        self.connecting = True
        self.query_one("#status", Static).update(
            self.strings("disc_connecting", address=self.address)
        )
        self.run_worker(self._again, group="reconnect", exclusive=True)

    async def _again(self) -> None:
        failure = await self.app.reach_hall(self.address)
        self.connecting = False
        if failure is None:
            self.app.switch_screen(LoginScreen(self.app.settings.last_name))
        else:
            self.query_one("#status", Static).update(failure)

    def action_back(self) -> None:
        if not self.connecting:
            self.dismiss()
