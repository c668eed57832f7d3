"""What the Go review and the mahjong replay share: a record stepped with the arrows, home and
end, a number typed into a one-line field to jump (`g`), and `q` to close.

The screen's own keys must step even while the jump field exists, so the field takes focus only
while it is open, and esc closes the field before it closes the screen.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input, Static

from client.hall_errors import ui_language
from client.i18n import Strings
from client.screens.binding_words import speak_bindings
from client.screens.key_help import KeyHelp
from client.screens.size_guard import SizeGuard

STEP_CSS = """
#message { height: 1; padding: 0 1; color: $warning; }
#jump { display: none; height: 1; border: none; padding: 0 1; }
#jump.typing { display: block; }
"""


def stepper_bindings(what: str, jump: str) -> list[Binding]:
    """The stepping keys, their ids under ``what`` (review, replay) and `g` described as what
    it jumps to."""
    return [
        Binding("left", "go(-1)", "Back", id=f"{what}.back"),
        Binding("right", "go(1)", "Forward", id=f"{what}.forward"),
        Binding("home", "to_start", "Start", id=f"{what}.start"),
        Binding("end", "to_end", "End", id=f"{what}.end"),
        Binding("g", "jump", jump, id=f"{what}.jump"),
        Binding("q", "close", "Close", id=f"{what}.close"),
        Binding("escape", "stop_jump", "Back", id=f"{what}.stop_jump", show=False),
    ]


class StepperScreen(KeyHelp, SizeGuard, Screen[None]):
    """A subclass binds ``stepper_bindings``, says how far the record goes (``last_step``), names
    its strings (``WORDS``) and draws a step (``show_step``); it yields ``jump_field()`` and a ``#message`` line."""

    AUTO_FOCUS = None  # the screen's keys step; the jump field takes focus only when opened
    WORDS = ""  # the prefix of the screen's strings: `{WORDS}_keys`, `_jump`, `_bad_jump`

    def __init__(self, at: int = 0) -> None:
        super().__init__()
        self.at = at
        self._on_number: Callable[[str], None] | None = None

    @property
    def strings(self) -> Strings:
        return Strings(ui_language(self.app))

    def last_step(self) -> int:
        raise NotImplementedError

    def show_step(self) -> None:
        raise NotImplementedError

    def jump_prompt(self) -> str:
        """The placeholder of `g`'s field."""
        return self.strings(f"{self.WORDS}_jump", total=self.last_step())

    def jump_refused(self, text: str) -> str:
        """What `g` says to a number it cannot go to."""
        return self.strings(f"{self.WORDS}_bad_jump", text=text, total=self.last_step())

    def keys_text(self) -> str:
        """The keys line the message line shows when nothing else is to be said."""
        return self.strings(f"{self.WORDS}_keys")

    def too_small_keys(self) -> str:
        return self.strings("too_small_keys")

    def on_mount(self) -> None:
        """The footer and `?` in the UI language (the keys stay the same), and the first step."""
        speak_bindings(self, self.strings)
        self.show_step()

    @staticmethod
    def jump_field() -> Input:
        return Input(id="jump", disabled=True)  # no focus for it until a key opens it

    def say(self, text: str) -> None:
        self.query_one("#message", Static).update(text)

    def action_go(self, delta: int) -> None:
        self.go_to(self.at + delta)

    def action_to_start(self) -> None:
        self.go_to(0)

    def action_to_end(self) -> None:
        self.go_to(self.last_step())

    def go_to(self, step: int) -> None:
        self.at = max(0, min(self.last_step(), step))
        self.show_step()

    def action_jump(self) -> None:
        self.ask_number(self.jump_prompt(), self._jump_to)

    def _jump_to(self, text: str) -> None:
        if text.isdigit() and int(text) <= self.last_step():
            self.go_to(int(text))
            self.say(self.keys_text())
        else:
            self.say(self.jump_refused(text))

    def ask_number(self, placeholder: str, then: Callable[[str], None]) -> None:
        """Open the one-line field; ``then`` gets what was typed when enter is pressed."""
        field = self.query_one("#jump", Input)
        field.placeholder = placeholder
        field.value = ""
        field.add_class("typing")
        field.disabled = False
        field.focus()
        self._on_number = then

    def action_stop_jump(self) -> None:
        field = self.query_one("#jump", Input)
        if field.has_class("typing"):
            field.remove_class("typing")
            field.disabled = True
            self._on_number = None
            self.set_focus(None)
        else:
            self.action_close()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        then = self._on_number
        if then is not None:
            then(event.value.strip())
        self.action_stop_jump()

    def action_close(self) -> None:
        self.dismiss()
