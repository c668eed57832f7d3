"""Log in or register at a hall: name, password, enter logs in, ctrl+r registers."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from client.connection import HallError
from client.hall_errors import explain, ui_language
from client.i18n import Strings
from client.ordered_focus import TabbedField
from client.screens.binding_words import speak_bindings
from client.screens.size_guard import SizeGuard


class LoginScreen(SizeGuard, Screen):
    DEFAULT_CSS = """
    LoginScreen { align: center middle; }
    LoginScreen #login { width: 60; height: auto; border: round $primary; padding: 1 2; }
    LoginScreen #message { color: $warning; height: auto; }
    """
    BINDINGS = [
        # Enter is a priority binding so that it runs in the app's key order: the focus moves
        # to the password before the next key is delivered, even when keys arrive in a burst
        # (a paste, an SSH link), so a typed password can never land in the name field.
        Binding("enter", "next_field", "Log in", id="login.enter", priority=True),
        Binding("ctrl+r", "submit('register')", "Register", id="login.register", priority=True),
        Binding("escape", "back", "Back", id="login.back"),
    ]

    def __init__(self, name: str = "") -> None:
        super().__init__()
        self.initial_name = name

    @property
    def strings(self) -> Strings:
        return Strings(ui_language(self.app))

    def compose(self) -> ComposeResult:
        address = getattr(self.app, "address", "")
        words = self.strings
        with Vertical(id="login"):
            yield Static(words("login_head", address=address), markup=False)
            yield TabbedField(self.initial_name, placeholder=words("login_name"), id="name")
            yield TabbedField(placeholder=words("login_password"), password=True, id="password")
            yield Static(words("login_keys"), markup=False)
            yield Static("", id="message", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        speak_bindings(self, self.strings, hall=True)
        self.query_one("#password" if self.initial_name else "#name", Input).focus()

    def action_next_field(self) -> None:
        name = self.query_one("#name", Input)
        if self.focused is name:
            self.set_focus(self.query_one("#password", Input))
        else:
            self.action_submit("login")

    def action_submit(self, kind: str) -> None:
        """Read the fields only after both have taken the keys already on their way: a priority
        binding runs ahead of them, so `ann<enter>secret<enter>` in one burst would otherwise
        find the password still half typed."""
        name_box, password_box = self.query_one("#name", Input), self.query_one("#password", Input)
        name_box.call_later(password_box.call_later, self._submit_typed, kind)

    def _submit_typed(self, kind: str) -> None:
        name = self.query_one("#name", Input).value.strip()
        password = self.query_one("#password", Input).value
        if not name or not password:
            self.query_one("#message", Static).update(self.strings("login_empty"))
            return
        self.run_worker(self._submit(kind, name, password), group="login", exclusive=True)

    async def _submit(self, kind: str, name: str, password: str) -> None:
        hall = self.app.hall
        if hall is None:
            return
        try:
            reply = await hall.request(kind, name=name, password=password)
        except HallError as error:
            self.query_one("#message", Static).update(explain(error, ui_language(self.app)))
            return
        self.app.logged_in(str(reply.get("name", name)), reply)

    def action_back(self) -> None:
        self.run_worker(self.app.close_hall())
        self.dismiss()
