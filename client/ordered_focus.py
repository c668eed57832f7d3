"""The base of the qipai apps: every key and paste reaches the field focused at its turn.

Textual forwards each key to the widget focused when the app takes it from its queue, and runs an
ordinary binding only once the key has bubbled back up from that widget's own queue. Tab is such
a binding (the screen's), so the keys that follow a Tab in one burst (a paste, tmux send-keys, a
laggy SSH link) were forwarded to the field Tab was leaving before the Tab moved the focus: `bob`,
Tab, `pw` gave the name `bobp`. Here Tab and shift+tab are priority bindings, run when the app
takes the key and before it forwards the next one; and a Tab inside a paste into a log-in field
moves on there too, before the rest of the paste and the keys after it are forwarded.
"""

from __future__ import annotations

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.widgets import Input


class TabbedField(Input):
    """A field where a pasted Tab moves on to the next field, as a typed one does (a name and
    password pasted together), and focusing selects nothing, so the next key replaces nothing."""

    def __init__(self, value: str = "", **fields: object) -> None:
        super().__init__(value, select_on_focus=False, **fields)


class OrderedFocusApp(App):
    BINDINGS = [
        Binding("tab", "app.focus_next", "Next field", id="app.next", show=False, priority=True),
        Binding(
            "shift+tab",
            "app.focus_previous",
            "Previous field",
            id="app.previous",
            show=False,
            priority=True,
        ),
    ]

    async def on_event(self, event: events.Event) -> None:
        if (
            isinstance(event, events.Paste)
            and not event.is_forwarded
            and isinstance(self.focused, TabbedField)
        ):
            self._paste_across_fields(event.text)
        else:
            await super().on_event(event)

    def _paste_across_fields(self, text: str) -> None:
        first, *following = text.split("\t")
        self.focused._forward_event(events.Paste(first))
        for piece in following:
            field = self.screen.focus_next()
            if field is not None:
                field._forward_event(events.Paste(piece))
