"""The start screen: play Go or mahjong locally (hot-seat or against bots) or connect to a hall,
with the last hall remembered. Every choice is one key, shown on the screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from client.hall_errors import ui_language
from client.i18n import Strings
from client.screens.binding_words import speak_bindings
from client.screens.size_guard import SizeGuard

SIZES = (9, 13, 19)

class StartScreen(SizeGuard, Screen):
    AUTO_FOCUS = ""  # None would mean the app's "*": the address box, back from a dialog
    DEFAULT_CSS = """
    StartScreen { align: center middle; }
    StartScreen #start { width: 100%; max-width: 72; height: auto; border: round $primary; padding: 1 2; }
    StartScreen #size { margin-top: 1; }
    StartScreen Input { margin-top: 1; }
    """
    BINDINGS = [
        Binding("l", "local(False)", "Hot-seat", id="start.hotseat"),
        Binding("b", "local(True)", "Vs bot", id="start.bot"),
        Binding("s", "cycle_size", "Size", id="start.size"),
        Binding("j", "mahjong", "Mahjong", id="start.mahjong"),
        Binding("c", "focus_address", "Connect", id="start.connect", priority=True),
        Binding("q", "quit_app", "Quit", id="start.quit"),
        Binding("escape", "blur", "Back", id="start.back", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.size_choice = 0

    @property
    def strings(self) -> Strings:
        return Strings(ui_language(self.app))

    def compose(self) -> ComposeResult:
        with Vertical(id="start"):
            yield Static(self.strings("start_welcome"), id="welcome", markup=False)
            yield Static(id="size", markup=False)
            # Nothing selected on focus: a key typed by mistake must not wipe the address.
            yield Input(
                placeholder=self.strings("start_address"), id="address", select_on_focus=False
            )
        yield Footer()

    def on_mount(self) -> None:
        speak_bindings(self, self.strings, hall=True)
        self._show_size()
        # The hall named on the command line (`qipai HOST:PORT`), else the last one reached: if
        # the named one cannot be reached, the box holds it to correct, not an older address.
        launch = getattr(self.app, "launch", None)
        settings = getattr(self.app, "settings", None)
        if launch is not None and launch.mode == "connect" and launch.address:
            self.query_one("#address", Input).value = launch.address
        elif settings is not None:
            self.query_one("#address", Input).value = settings.last_server

    def on_screen_resume(self) -> None:
        """Back from the log-in, the lobby or a lost hall, nothing has focus: the address box
        is edited only after `c`, never by keys meant for another screen."""
        self.set_focus(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`c` is a priority key, so the address box has focus before the next key of a burst
        arrives; while the box has focus, `c` is just a letter."""
        if action == "focus_address":
            return not isinstance(self.focused, Input)
        return True

    def _show_size(self) -> None:
        size = SIZES[self.size_choice]
        self.query_one("#size", Static).update(self.strings("start_size", size=size))

    def action_cycle_size(self) -> None:
        self.size_choice = (self.size_choice + 1) % len(SIZES)
        self._show_size()

    def action_local(self, bot: bool) -> None:
        self.app.play_local(SIZES[self.size_choice], "white" if bot else None, None)

    def action_mahjong(self) -> None:
        # Imported on first use: it pulls in the mahjong analysis tables (about 0.3 s), which
        # the start screen's first frame must not wait for.
        from client.screens.start_mahjong import StartMahjongScreen

        self.app.push_screen(StartMahjongScreen(), self._mahjong_chosen)

    def _mahjong_chosen(self, choice: tuple[str, int] | None) -> None:
        if choice is not None:
            self.app.play_local_mahjong(*choice)

    def action_focus_address(self) -> None:
        self.set_focus(self.query_one("#address", Input))  # at once, before the next keys

    def action_blur(self) -> None:
        self.set_focus(None)

    def action_quit_app(self) -> None:
        self.app.run_action("quit")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.set_focus(None)
        if event.value.strip():
            self.app.open_hall(event.value)
