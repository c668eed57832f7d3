"""Choose the options of a new Go table with one key per option (the limits are the hall's: it
answers `bad_option` if a combination is outside the rules book, and we show that). The ranked
(升降级战) switch asks for the core's one ranked table whole, and is offered only to whom the
core lets open one (``may_create_ranked``).

The opponent field offers the ladder of :mod:`qipai.go.ladder`, weakest first, each rung with
the rank the ladder bench measured for it; "the hall's bot" is whatever the hall seats by
default (GNU Go when installed). A rung that gives stones sets the handicap line to its stones
(the table it was measured at). Every word is in the UI language (client/i18n.py)."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding

from client.i18n import Strings
from client.screens.choice_form import ChoiceForm
from qipai.go.ladder import RUNGS, Rung
from qipai.go.options import may_create_ranked, ranked_table

SIZES = (9, 13, 19)
CLOCKS: tuple[tuple[str, dict[str, int] | None], ...] = (  # (its words' key, its wire form)
    ("go_clock_none", None),
    ("go_clock_5", {"main": 300, "periods": 3, "period": 30}),
    ("go_clock_10", {"main": 600, "periods": 3, "period": 30}),
    ("go_clock_20", {"main": 1200, "periods": 3, "period": 30}),
    ("go_clock_byoyomi", {"main": 0, "periods": 5, "period": 30}),
)
KOMI = (3.5, 0.0, 3.75)
HANDICAPS = (0, 2, 3, 4, 5, 6, 7, 8, 9)
OPPONENTS: tuple[str | Rung, ...] = ("a person", "the hall's bot", *RUNGS, "hot-seat")
OPPONENT_WORDS = {
    "a person": "go_opponent_person",
    "the hall's bot": "go_opponent_hall_bot",
    "hot-seat": "go_opponent_hotseat",
}


def rung_label(rung: Rung, strings: Strings | None = None) -> str:
    """How a rung reads to a player: the measured rank, who plays, and the stones it gives."""
    strings = strings or Strings()
    if rung.engine == "gnugo":
        who = strings("rung_gnugo", n=rung.strength)
    elif rung.strength:
        who = strings("rung_search", n=rung.strength)
    else:
        who = strings("rung_simple")
    label = strings("rung_label", kyu=rung.kyu, who=who)
    return strings("rung_takes", label=label, n=rung.handicap) if rung.handicap else label


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
            if _stones(self.value("opponent")):  # that rung is measured at its own handicap
                self.pick("opponent", _even(self.value("opponent")))
        if name == "opponent":
            self._follow_the_rung(self.value("opponent"))
        if self.value("ranked"):  # another choice moved off the ranked table: a friendly one
            self.pick("ranked", False)

    def _follow_the_rung(self, opponent: str | Rung) -> None:
        """A rung that gives stones sets the table's handicap (and komi 0, GO-10); leaving it
        for an even opponent puts the even game back."""
        stones = _stones(opponent)
        if stones:
            self.pick("handicap", stones)
            self.pick("komi", 0.0)
        elif _stones(OPPONENTS[self.picked["opponent"] - 1]):  # the one cycled away from
            self.pick("handicap", 0)
            self.pick("komi", 3.5)

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
            if opponent.handicap:  # the rung's own game (the form already shows it)
                options.update(handicap=opponent.handicap, komi=0.0)
        elif opponent == "the hall's bot":
            options["bot"] = "white"
        elif opponent == "hot-seat":
            options["hotseat"] = True
        return options

    def lines(self) -> list[str]:
        strings = self.strings
        size = self.value("size")
        handicap = self.value("handicap")
        stones = strings("go_handicap_stones", n=handicap) if handicap else None
        return [
            strings("go_new_title"),
            "1  " + strings("go_new_board", size=size),
            "2  " + strings("go_new_clock", clock=strings(self.value("clock")[0])),
            "3  " + strings("go_new_komi", komi=f"{self.value('komi'):g}"),
            "4  " + strings("go_new_handicap", handicap=stones or strings("go_handicap_none")),
            "5  " + strings("go_new_opponent", opponent=_opponent(self.value("opponent"), strings)),
            f"6  {self._ranked_line()}",
        ]

    def _ranked_line(self) -> str:
        strings = self.strings
        if not self.ranked_offered:
            return strings("new_ranked_local" if self.local else "new_ranked_guest")
        return strings("new_ranked_on" if self.value("ranked") else "new_ranked_off")


def _opponent(value: str | Rung, strings: Strings) -> str:
    return rung_label(value, strings) if isinstance(value, Rung) else strings(OPPONENT_WORDS[value])


def _stones(opponent: str | Rung) -> int:
    return opponent.handicap if isinstance(opponent, Rung) else 0


def _even(opponent: Rung) -> str | Rung:
    """The even rung played by the same bot, or the hall's bot when the ladder has none."""
    return next((r for r in RUNGS if r.name == opponent.bot), "the hall's bot")
