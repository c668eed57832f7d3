"""Choose the options of a new Go table with one key per option (the limits are the hall's: it
answers `bad_option` if a combination is outside the rules book, and we show that). The ranked
(升降级战) switch asks for the core's one ranked table whole, and is offered only to whom the
core lets open one (``may_create_ranked``).

The opponent field offers the ladder of :mod:`qipai.go.ladder`, weakest first, each rung with
the rank the ladder bench measured for it; "the hall's bot" is whatever the hall seats by
default (GNU Go when installed)."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding

from client.hall_errors import ui_language
from client.i18n import Strings
from client.screens.choice_form import ChoiceForm
from qipai.go.ladder import RUNGS, Rung
from qipai.go.options import may_create_ranked, ranked_table

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
OPPONENTS: tuple[str | Rung, ...] = ("a person", "the hall's bot", *RUNGS, "hot-seat")


def rung_label(rung: Rung) -> str:
    """How a rung reads to a player: who plays and the measured rank."""
    if rung.engine == "gnugo":
        who = f"GNU Go level {rung.strength}"
    elif rung.strength:
        who = f"search bot {rung.strength}"
    else:
        who = "simple bot"
    return f"about {rung.kyu} kyu, {who}"


class NewTableScreen(ChoiceForm[dict[str, Any]]):
    BINDINGS = [
        Binding("1", "cycle('size')", "Size", id="new.size"),
        Binding("2", "cycle('clock')", "Clock", id="new.clock"),
        Binding("3", "cycle('komi')", "Komi", id="new.komi"),
        Binding("4", "cycle('handicap')", "Handicap", id="new.handicap"),
        Binding("5", "cycle('opponent')", "Opponent", id="new.opponent"),
        Binding("6", "cycle('ranked')", "Ranked", id="new.ranked"),
        Binding("enter", "create", "Create", id="new.create"),
        Binding("escape", "cancel", "Cancel", id="new.cancel"),
    ]
    CHOICES = {
        "size": SIZES,
        "clock": CLOCKS,
        "komi": KOMI,
        "handicap": HANDICAPS,
        "opponent": OPPONENTS,
        "ranked": (False, True),
    }

    def __init__(self, local: bool = False, guest: bool = False) -> None:
        super().__init__()
        self.local = local
        self.ranked_offered = may_create_ranked(guest=guest, local=local)
        if local:  # nobody else can sit at a local hall's table
            self.pick("opponent", "hot-seat")

    def cycled(self, name: str) -> None:
        if name == "ranked":
            if not self.ranked_offered:
                self.pick("ranked", False)
            elif self.value("ranked"):
                self._show_ranked()
            return
        if name == "handicap":
            self.pick("komi", 0.0 if self.value("handicap") else 3.5)
        if self.value("ranked"):  # another choice moved off the ranked table: a friendly one
            self.pick("ranked", False)

    def _show_ranked(self) -> None:
        """The other lines show the ranked table's values, so what is created is what is read."""
        table = ranked_table()
        clock = table.clock.to_wire() if table.clock else None
        self.pick("size", table.size)
        self.pick("komi", table.komi)
        self.pick("handicap", table.handicap)
        self.pick("clock", next(c for c in CLOCKS if c[1] == clock))
        self.pick("opponent", "a person")

    def result(self) -> dict[str, Any]:
        return self.options()

    def options(self) -> dict[str, Any]:
        """The wire options of docs/protocol.md section 5."""
        if self.value("ranked"):
            return ranked_table().to_wire()
        options: dict[str, Any] = {
            "size": self.value("size"),
            "komi": self.value("komi"),
            "handicap": self.value("handicap"),
            "clock": self.value("clock")[1],
        }
        opponent = self.value("opponent")
        if isinstance(opponent, Rung):
            options.update(bot="white", bot_level=opponent.name)
        elif opponent == "the hall's bot":
            options["bot"] = "white"
        elif opponent == "hot-seat":
            options["hotseat"] = True
        return options

    def lines(self) -> list[str]:
        size = self.value("size")
        return [
            "New Go table",
            f"1  board     {size}x{size}",
            f"2  clock     {self.value('clock')[0]}",
            f"3  komi      {self.value('komi'):g} stones",
            f"4  handicap  {self.value('handicap') or 'none'}",
            f"5  opponent  {_opponent(self.value('opponent'))}",
            f"6  {self._ranked_line()}",
        ]

    def _ranked_line(self) -> str:
        strings = Strings(ui_language(self.app))
        if not self.ranked_offered:
            return strings("new_ranked_local" if self.local else "new_ranked_guest")
        return strings("new_ranked_on" if self.value("ranked") else "new_ranked_off")


def _opponent(value: str | Rung) -> str:
    return rung_label(value) if isinstance(value, Rung) else value
