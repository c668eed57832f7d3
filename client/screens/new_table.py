"""Choose the options of a new Go table with one key per option (the limits are the hall's: it
answers `bad_option` if a combination is outside the rules book, and we show that)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

SIZES = (9, 13, 19)
CLOCKS: tuple[tuple[str, dict[str, int] | None], ...] = (
    ("no clock", None),
    ("5 min + 3x30 s", {"main": 300, "periods": 3, "period": 30}),
    ("10 min + 3x30 s", {"main": 600, "periods": 3, "period": 30}),
    ("20 min + 3x30 s", {"main": 1200, "periods": 3, "period": 30}),
    ("byo-yomi only 5x30 s", {"main": 0, "periods": 5, "period": 30}),
)
KOMI = (3.5, 0.0, 3.75)
HANDICAPS = (0, 2, 3, 4, 5, 6, 7, 8, 9)
OPPONENTS = ("a person", "a bot", "hot-seat")


class NewTableScreen(ModalScreen[dict[str, Any] | None]):
    DEFAULT_CSS = """
    NewTableScreen { align: center middle; }
    NewTableScreen #form { width: 50; height: auto; border: round $primary; padding: 0 1; }
    """
    BINDINGS = [
        Binding("1", "cycle('size')", "Size", id="new.size"),
        Binding("2", "cycle('clock')", "Clock", id="new.clock"),
        Binding("3", "cycle('komi')", "Komi", id="new.komi"),
        Binding("4", "cycle('handicap')", "Handicap", id="new.handicap"),
        Binding("5", "cycle('opponent')", "Opponent", id="new.opponent"),
        Binding("enter", "create", "Create", id="new.create"),
        Binding("escape", "cancel", "Cancel", id="new.cancel"),
    ]
    CHOICES = {
        "size": SIZES,
        "clock": CLOCKS,
        "komi": KOMI,
        "handicap": HANDICAPS,
        "opponent": OPPONENTS,
    }

    def __init__(self, local: bool = False) -> None:
        super().__init__()
        self.picked = dict.fromkeys(self.CHOICES, 0)
        if local:  # nobody else can sit at a local hall's table
            self.picked["opponent"] = OPPONENTS.index("hot-seat")

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
        if name == "handicap":
            self.picked["komi"] = KOMI.index(0.0 if self.value("handicap") else 3.5)
        self._show()

    def options(self) -> dict[str, Any]:
        """The wire options of docs/protocol.md section 5."""
        options: dict[str, Any] = {
            "size": self.value("size"),
            "komi": self.value("komi"),
            "handicap": self.value("handicap"),
            "clock": self.value("clock")[1],
        }
        opponent = self.value("opponent")
        if opponent == "a bot":
            options["bot"] = "white"
        elif opponent == "hot-seat":
            options["hotseat"] = True
        return options

    def _show(self) -> None:
        size = self.value("size")
        lines = [
            "New Go table",
            f"1  board     {size}x{size}",
            f"2  clock     {self.value('clock')[0]}",
            f"3  komi      {self.value('komi'):g} stones",
            f"4  handicap  {self.value('handicap') or 'none'}",
            f"5  opponent  {self.value('opponent')}",
        ]
        self.query_one("#options", Static).update("\n".join(lines))

    def action_create(self) -> None:
        self.dismiss(self.options())

    def action_cancel(self) -> None:
        self.dismiss(None)
