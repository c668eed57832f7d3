"""The ladder: rungs weakest first, each with the rank the ladder bench measured for it."""

import random

import pytest

from qipai.go.bot import SimpleBot
from qipai.go.errors import BadOptions
from qipai.go.ladder import BUILTIN_RUNGS, MEASURED_BY, RUNGS, builtin_bot, rung
from qipai.go.mcts import MctsBot


def test_the_rungs_climb_from_the_weakest():
    assert {r.name for r in RUNGS} >= {"simple", "mcts:300", "mcts:2000", "gnugo:1"}
    assert [r.elo for r in RUNGS] == sorted(r.elo for r in RUNGS)
    assert [r.kyu for r in RUNGS] == sorted((r.kyu for r in RUNGS), reverse=True)


def test_the_figures_name_the_bench_run_that_measured_them():
    assert MEASURED_BY.startswith("python bench/go_ladder.py")
    for r in RUNGS:
        assert r.name in MEASURED_BY


def test_a_rung_says_what_plays_it():
    assert (rung("simple").engine, rung("simple").strength) == ("builtin", 0)
    assert (rung("mcts:2000").engine, rung("mcts:2000").strength) == ("builtin", 2000)
    assert (rung("gnugo:5").engine, rung("gnugo:5").strength) == ("gnugo", 5)
    assert all(r.engine == "builtin" for r in BUILTIN_RUNGS)
    assert (rung("simple").handicap, rung("simple").bot) == (0, "simple")


def test_a_rung_that_gives_stones_is_played_by_its_bot():
    giver = rung("gnugo:1@3")
    assert (giver.bot, giver.handicap, giver.engine, giver.strength) == ("gnugo:1", 3, "gnugo", 1)
    assert isinstance(builtin_bot("simple@5", random.Random(1)), SimpleBot)


def test_built_in_rungs_make_their_bots_and_others_are_refused():
    assert isinstance(builtin_bot("simple", random.Random(1)), SimpleBot)
    search = builtin_bot("mcts:300", random.Random(1))
    assert isinstance(search, MctsBot) and search.playouts == 300
    with pytest.raises(BadOptions):
        builtin_bot("gnugo:1", random.Random(1))
    with pytest.raises(BadOptions):
        rung("mcts:7")
