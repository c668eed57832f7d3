"""The Go ladder: the opponents a player can choose, weakest first, each with its measured rank.

A rung is named on the wire by what plays it: ``simple`` (the one-pass bot of
:mod:`qipai.go.bot`), ``mcts:N`` (the search bot of :mod:`qipai.go.mcts` with N playouts a
move) or ``gnugo:L`` (GNU Go at level L, only where the hall has it); ``@K`` after the name
makes a rung for beginners: that bot plays White and gives the player K handicap stones
(``simple@3``), so its rank is the one a player needs to score half against it so.  The ranks are not
guessed: they are the figures ``bench/go_ladder.py`` printed for these rungs on 9x9 in the run
written in ``MEASURED_BY`` (its one assumption, GNU Go level 10 at about 8 kyu and 100 Elo a
kyu, is the bench's anchor).  A new run of the bench gives the new figures to put here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from qipai.go.bot import SimpleBot
from qipai.go.errors import BadOptions
from qipai.go.mcts import MctsBot

MEASURED_BY = (
    "python bench/go_ladder.py --pairs simple,mcts:300 --load bench/data/go_ladder_2026-12-02.jsonl"
    " bench/data/go_ladder_handicap_2026-12-02.jsonl bench/data/go_ladder_simple_2026-12-02.jsonl"
    " bench/data/go_ladder_2026-12-03.jsonl bench/data/go_ladder_2026-12-03b.jsonl"
    "  (9x9, komi 3.5 stones, 0 with stones; the games were played with --save by: --games 6"
    " --seed 7 --pairs simple,mcts:300 mcts:300,gnugo:1 gnugo:1,gnugo:5 gnugo:5,gnugo:10 /"
    " --games 6 --seed 7 --pairs mcts:300,mcts:2000 mcts:2000,simple / --games 10 --seed 301"
    " (and 501) --pairs mcts:2000,gnugo:1 / --games 8 --seed 1001 --pairs gnugo:1,gnugo:5"
    " gnugo:5,gnugo:10 / --games 40 --seed 11 --pairs simple@2,simple simple@3,simple"
    " simple@4,simple simple@5,simple / --games 20 --seed 21 --pairs gnugo:1@2,simple"
    " gnugo:1@3,simple gnugo:1@5,simple gnugo:1@3,gnugo:1 / --games 2 --seed 2001, 2101 .. 2801"
    " and 5001, 5101 .. 5801 --pairs mcts:2000,simple / --games 32 --seed 9100 --pairs"
    " gnugo:1,gnugo:5 simple,mcts:300 mcts:300,gnugo:1 / --games 32 --seed 11 --pairs"
    " gnugo:5,gnugo:10 / --games 20 --seed 12 --pairs mcts:2000,gnugo:5)"
)


@dataclass(frozen=True)
class Rung:
    """One opponent: its wire name, its measured rank on 9x9 and its Elo in that run."""

    name: str
    kyu: int
    elo: int

    @property
    def bot(self) -> str:
        """The name of what plays it, without the handicap: ``simple@3`` is played by ``simple``."""
        return self.name.partition("@")[0]

    @property
    def handicap(self) -> int:
        """The stones the player (Black) takes against this rung; 0 for an even game."""
        _, _, stones = self.name.partition("@")
        return int(stones) if stones else 0

    @property
    def engine(self) -> str:
        """``builtin`` or ``gnugo``: what the hall needs to seat it."""
        return "gnugo" if self.bot.startswith("gnugo:") else "builtin"

    @property
    def strength(self) -> int:
        """The playouts of a search rung, the level of a GNU Go rung, 0 for ``simple``."""
        _, _, arg = self.bot.partition(":")
        return int(arg) if arg else 0


# The measured table, weakest first (see MEASURED_BY): Elo against GNU Go level 10.
RUNGS: tuple[Rung, ...] = (
    Rung("simple@5", 21, -1310),
    Rung("simple", 19, -1119),
    Rung("mcts:300", 14, -588),
    Rung("gnugo:1@3", 14, -568),
    Rung("mcts:2000", 11, -261),
    Rung("gnugo:1", 10, -240),
    Rung("gnugo:5", 10, -181),
    Rung("gnugo:10", 8, 0),
)

BUILTIN_RUNGS = tuple(r for r in RUNGS if r.engine == "builtin")


def rung(name: str) -> Rung:
    """The rung called ``name``, or BadOptions naming the rungs there are."""
    for r in RUNGS:
        if r.name == name:
            return r
    names = ", ".join(r.name for r in RUNGS)
    raise BadOptions(f"option 'bot_level' must be one of {names}")


def builtin_bot(name: str, rng: random.Random) -> SimpleBot | MctsBot:
    """The built-in bot of a ``simple`` or ``mcts:N`` rung, seeded by ``rng``."""
    r = rung(name)
    if r.engine != "builtin":
        raise BadOptions(f"{name} is not a built-in bot")
    return MctsBot(rng, r.strength) if r.strength else SimpleBot(rng)
