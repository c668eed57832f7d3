"""Keys that do nothing say so, and `?` lists the screen's keys.

A player who presses a key the screen has no use for (or one whose action is not on offer at
this moment: `w` with no win to take) is told so on the screen's status line, with the hint that
`?` shows every key; `?` opens an overlay listing the screen's keys, those on offer now first.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from client.hall_errors import ui_language
from client.i18n import Strings


def key_name(key: str, strings: Strings | None = None) -> str:
    return (strings or Strings()).key(key)


def padded(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal cells (a wide character takes two)."""
    return text + " " * max(0, width - cell_len(text))


class KeyHelpScreen(ModalScreen[None]):
    """The keys of the screen below: what each does, and whether it does it now."""

    DEFAULT_CSS = """
    KeyHelpScreen { align: center middle; }
    KeyHelpScreen #help { width: 100%; max-width: 72; height: auto; max-height: 100%;
        border: round $primary; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,question_mark,enter,q", "close", "Close", id="help.close")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(self.text, id="keys", markup=False)

    def action_close(self) -> None:
        self.dismiss()


class KeyHelp:
    """Mixed into a Screen: the screen's `say(text)` if it has one shows what a key did not do,
    else a notification does."""

    def on_key(self, event: events.Key) -> None:
        screen = self  # a Screen (this is its mixin)
        strings = Strings(ui_language(screen.app))  # type: ignore[attr-defined]
        if event.key == "question_mark" and "question_mark" not in screen.active_bindings:  # type: ignore[attr-defined]
            event.stop()
            self.action_keys()
            return
        if not event.is_printable or event.character is None:
            return
        active = screen.active_bindings.get(event.key)  # type: ignore[attr-defined]
        if active is not None and active.enabled:
            return
        name = key_name(event.key, strings)
        own = [b for b in self._own_bindings() if event.key in b.key.split(",") and b.description]
        if own:
            what = " / ".join(dict.fromkeys(b.description for b in own))
            text = strings("key_not_now", name=name, what=what)
        else:
            text = strings("key_does_nothing", name=name)
        say = getattr(screen, "say", None)
        if callable(say):
            say(text)
        else:
            screen.app.notify(text, timeout=3)  # type: ignore[attr-defined]

    def action_keys(self) -> None:
        """`?`: the list of the screen's keys (a screen may bind it to show it in its footer)."""
        strings = Strings(ui_language(self.app))  # type: ignore[attr-defined]
        self.app.push_screen(KeyHelpScreen(self.key_list(strings)))  # type: ignore[attr-defined]

    def _own_bindings(self) -> list[Binding]:
        """The screen's own keys, in the order it declares them."""
        return [b for _, b in self._bindings]  # type: ignore[attr-defined]

    def key_list(self, strings: Strings) -> str:
        """Every key the screen (and the app) binds, with a description: on offer first."""
        grouped: dict[tuple[str, str], list[str]] = {}  # one line for d and enter: Discard
        for binding in self._own_bindings():
            if binding.description:
                grouped.setdefault((binding.action, binding.description), []).append(binding.key)
        now, later = [], []
        active = self.active_bindings  # type: ignore[attr-defined]
        for (_, description), keys in grouped.items():
            line = f"  {padded('/'.join(key_name(k, strings) for k in keys), 10)} {description}"
            on = any(k in active and active[k].enabled for k in keys)
            (now if on else later).append(line)
        lines = [strings("keys_now"), *now]
        if later:
            lines += ["", strings("keys_later"), *later]
        return "\n".join([*lines, *self.help_extra(strings), "", strings("keys_close")])

    def help_extra(self, strings: Strings) -> list[str]:
        """More for the list: what the screen's own marks mean (the mahjong table's tiles)."""
        return []
