"""Choose a new mahjong table: the room (its ruleset), the match length and who fills the seats,
one key per option. The hall checks every value (`bad_option`) and we show its answer."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from client.mahjong_cli import ROOMS
from qipai.mahjong.rulesets import RULESETS

LENGTHS: tuple[tuple[str, dict[str, int]], ...] = (
    ("4 hands", {"hands": 4}),
    ("8 hands", {"hands": 8}),
    ("16 hands", {"hands": 16}),
    ("1 hand", {"hands": 1}),
    ("1 round", {"rounds": 1}),
    ("4 rounds", {"rounds": 4}),
)
SEATING = ("four people", "me and 3 bots", "hot-seat, 4 players", "hot-seat + 2 bots")
SEATING_OPTIONS: dict[str, dict[str, Any]] = {
    "four people": {},
    "me and 3 bots": {"bots": 3, "timed": False},
    "hot-seat, 4 players": {"hotseat": True, "timed": False},
    "hot-seat + 2 bots": {"hotseat": True, "bots": 2, "timed": False},
}


def room_title(room: str) -> str:
    ruleset = RULESETS.get("sichuan" if room == "xuezhan" else room)
    title = ruleset.title_zh if ruleset is not None else room
    return title + " 血战到底" if room == "xuezhan" else title


class MahjongNewTableScreen(ModalScreen[tuple[str, dict[str, Any]] | None]):
    """Dismissed with (room, options) for `create_table`, or None."""

    DEFAULT_CSS = """
    MahjongNewTableScreen { align: center middle; }
    MahjongNewTableScreen #form { width: 50; height: auto; border: round $primary; padding: 0 1; }
    """
    BINDINGS = [
        Binding("1", "cycle('room')", "Rules", id="mjnew.room"),
        Binding("2", "cycle('length')", "Length", id="mjnew.length"),
        Binding("3", "cycle('seating')", "Seats", id="mjnew.seating"),
        Binding("enter", "create", "Create", id="mjnew.create"),
        Binding("escape", "cancel", "Cancel", id="mjnew.cancel"),
    ]
    CHOICES: dict[str, tuple[Any, ...]] = {"room": ROOMS, "length": LENGTHS, "seating": SEATING}

    def __init__(self, local: bool = False) -> None:
        super().__init__()
        self.picked = dict.fromkeys(self.CHOICES, 0)
        if local:  # nobody else can sit at a local hall's table
            self.picked["seating"] = SEATING.index("me and 3 bots")

    def compose(self) -> ComposeResult:
        with Vertical(id="form"):
            yield Static(id="options", markup=False)
            yield Static("enter create   esc cancel", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    def value(self, name: str) -> Any:
        return self.CHOICES[name][self.picked[name]]

    def action_cycle(self, name: str) -> None:
        self.picked[name] = (self.picked[name] + 1) % len(self.CHOICES[name])
        self._show()

    def request(self) -> tuple[str, dict[str, Any]]:
        """The room and the wire options of docs/protocol.md (the mahjong options)."""
        return self.value("room"), {
            **self.value("length")[1],
            **SEATING_OPTIONS[self.value("seating")],
        }

    def _show(self) -> None:
        lines = [
            "New mahjong table",
            f"1  rules   {room_title(self.value('room'))} ({self.value('room')})",
            f"2  length  {self.value('length')[0]}",
            f"3  seats   {self.value('seating')}",
        ]
        self.query_one("#options", Static).update("\n".join(lines))

    def action_create(self) -> None:
        self.dismiss(self.request())

    def action_cancel(self) -> None:
        self.dismiss(None)


def lobby_cells(summary: dict[str, Any]) -> tuple[str, ...]:
    """A mahjong table in the lobby's columns: rules, match length, the four seats (two per
    column), phase and spectators."""
    options = summary.get("options") or {}
    seats = summary.get("seats") or {}
    names = [seats.get(str(s)) or "(free)" for s in range(4)]
    length = (
        f"{options['rounds']} rounds" if options.get("rounds") else f"{options.get('hands')} hands"
    )
    watching = summary.get("spectators", 0)
    return (
        str(summary.get("table")),
        room_title(str(summary.get("room"))),
        length,
        f"{names[0]}, {names[1]}",
        f"{names[2]}, {names[3]}",
        str(summary.get("phase", "")),
        str(watching) if watching else "",
    )
