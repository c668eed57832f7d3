"""Mahjong from the start screen: pick the rules and whether three bots or this keyboard fill
the other seats, then the app opens the table exactly as `qipai local mahjong` does. Imported on
`j`, not with the start screen: the ruleset titles pull in the mahjong analysis tables."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from client.mahjong_cli import ROOMS
from client.screens.mahjong_new_table import room_title

OPPONENTS: tuple[tuple[int, str], ...] = (
    (3, "three bots (you play one seat)"),
    (0, "hot-seat, four players on this keyboard"),
)
"""(bots, what it means): the `--bots` of the command line."""


class StartMahjongScreen(ModalScreen[tuple[str, int] | None]):
    """Dismissed with (room, bots) for the app's local mahjong table, or None."""

    DEFAULT_CSS = """
    StartMahjongScreen { align: center middle; }
    StartMahjongScreen #mahjong { width: 60; height: auto; border: round $primary; padding: 0 1; }
    """
    BINDINGS = [
        *(
            Binding(str(n), f"rules({n - 1})", "Rules", show=n == 1, key_display="1-5")
            for n in range(1, len(ROOMS) + 1)
        ),
        Binding("o", "cycle_opponents", "Opponents", id="startmj.opponents"),
        Binding("enter", "deal", "Deal", id="startmj.deal"),
        Binding("escape", "cancel", "Back", id="startmj.back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.room = 0
        self.opponents = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="mahjong"):
            yield Static(id="choices", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    def action_rules(self, index: int) -> None:
        self.room = index
        self._show()

    def action_cycle_opponents(self) -> None:
        self.opponents = (self.opponents + 1) % len(OPPONENTS)
        self._show()

    def action_deal(self) -> None:
        self.dismiss((ROOMS[self.room], OPPONENTS[self.opponents][0]))

    def action_cancel(self) -> None:
        self.dismiss(None)

    def _show(self) -> None:
        """The chosen rules carry a `>` (not only a colour: NO_COLOR terminals see it too)."""
        lines = ["Mahjong here, on this machine", "", "rules (1-5):"]
        for index, room in enumerate(ROOMS):
            mark = ">" if index == self.room else " "
            lines.append(f" {mark} {index + 1}  {room_title(room)}  {room}")
        lines += [
            "",
            f"o  opponents: {OPPONENTS[self.opponents][1]}",
            "",
            "enter deal   esc back",
        ]
        self.query_one("#choices", Static).update("\n".join(lines))
