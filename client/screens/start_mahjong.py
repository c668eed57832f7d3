"""Mahjong from the start screen: pick the rules and whether three bots or this keyboard fill
the other seats, then the app opens the table exactly as `qipai local mahjong` does. The rooms
are the local hall's, so the core registry's (``local_rooms``)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from client.hall_errors import ui_language
from client.i18n import Strings
from client.mahjong_cli import local_rooms
from client.screens.binding_words import speak_bindings

ROOM_KEYS = min(9, len(local_rooms()))
"""One digit key per room of the local hall."""
OPPONENTS: tuple[tuple[int, str], ...] = (
    (3, "startmj_bots"),
    (0, "startmj_hotseat"),
)
"""(bots, the key of what it means): the `--bots` of the command line."""


class StartMahjongScreen(ModalScreen[tuple[str, int] | None]):
    """Dismissed with (room, bots) for the app's local mahjong table, or None."""

    DEFAULT_CSS = """
    StartMahjongScreen { align: center middle; }
    StartMahjongScreen #mahjong { width: 60; height: auto; border: round $primary; padding: 0 1; }
    """
    BINDINGS = [
        *(
            Binding(str(n), f"rules({n - 1})", "Rules", show=n == 1, key_display=f"1-{ROOM_KEYS}")
            for n in range(1, ROOM_KEYS + 1)
        ),
        Binding("o", "cycle_opponents", "Opponents", id="startmj.opponents"),
        Binding("enter", "deal", "Deal", id="startmj.deal"),
        Binding("escape", "cancel", "Back", id="startmj.back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.rooms = local_rooms()
        self.room = 0
        self.opponents = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="mahjong"):
            yield Static(id="choices", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        speak_bindings(self, Strings(ui_language(self.app)), hall=True)
        self._show()

    def action_rules(self, index: int) -> None:
        if index < len(self.rooms):
            self.room = index
            self._show()

    def action_cycle_opponents(self) -> None:
        self.opponents = (self.opponents + 1) % len(OPPONENTS)
        self._show()

    def action_deal(self) -> None:
        self.dismiss((list(self.rooms)[self.room], OPPONENTS[self.opponents][0]))

    def action_cancel(self) -> None:
        self.dismiss(None)

    def _show(self) -> None:
        """The chosen rules carry a `>` (not only a colour: NO_COLOR terminals see it too)."""
        words = Strings(ui_language(self.app))
        lines = [words("startmj_title"), "", words("startmj_rules", n=len(self.rooms))]
        for index, (room_id, room) in enumerate(self.rooms.items()):
            mark = ">" if index == self.room else " "
            lines.append(
                words("startmj_room", mark=mark, n=index + 1, name=room.name_zh, id=room_id)
            )
        who = words(OPPONENTS[self.opponents][1])
        lines += ["", words("startmj_opponents", who=who), "", words("startmj_keys")]
        self.query_one("#choices", Static).update("\n".join(lines))
