"""A small form of options, each cycled through its values by one number key: the new Go table
and the new mahjong table both ask this way. The values are the hall's to judge (`bad_option`);
the form only offers them and builds the request.

A subclass names its choices (`CHOICES`, each a tuple of values), its keys (`BINDINGS` with
`cycle('name')`, `create` and `cancel`, each with its own id so users can remap them), the
lines it shows, and what it is dismissed with.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from client.hall_errors import ui_language
from client.i18n import Strings
from client.screens.binding_words import speak_bindings

Result = TypeVar("Result")


class ChoiceForm(ModalScreen[Result | None], Generic[Result]):
    DEFAULT_CSS = """
    ChoiceForm { align: center middle; }
    ChoiceForm #form { width: 56; height: auto; border: round $primary; padding: 0 1; }
    """
    CHOICES: ClassVar[dict[str, tuple[Any, ...]]] = {}

    def __init__(self) -> None:
        super().__init__()
        self.picked = dict.fromkeys(self.CHOICES, 0)

    @property
    def strings(self) -> Strings:
        return Strings(ui_language(self.app))

    def compose(self) -> ComposeResult:
        with Vertical(id="form"):
            yield Static(id="options", markup=False)
            yield Static(self.strings("form_hint"), markup=False)
        yield Footer()

    def on_mount(self) -> None:
        speak_bindings(self, self.strings)  # the footer's words in the UI language
        self._show()

    def value(self, name: str) -> Any:
        return self.CHOICES[name][self.picked[name]]

    def pick(self, name: str, value: Any) -> None:
        self.picked[name] = self.CHOICES[name].index(value)

    def action_cycle(self, name: str) -> None:
        self.picked[name] = (self.picked[name] + 1) % len(self.CHOICES[name])
        self.cycled(name)
        self._show()

    def cycled(self, name: str) -> None:
        """After a choice moved: keep the other choices consistent with it (a hook)."""

    def lines(self) -> list[str]:
        raise NotImplementedError

    def result(self) -> Result:
        raise NotImplementedError

    def _show(self) -> None:
        self.query_one("#options", Static).update("\n".join(self.lines()))

    def action_create(self) -> None:
        self.dismiss(self.result())

    def action_cancel(self) -> None:
        self.dismiss(None)
