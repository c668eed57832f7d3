"""Go table options follow the rules book: GO-02 komi, GO-03 sizes, GO-07 clocks, GO-10 handicap."""

import pytest

from qipai.go.errors import BadOptions
from qipai.go.options import (
    RANKED_CLOCK,
    GoClock,
    GoOptions,
    may_create_ranked,
    may_see_estimate,
    ranked_table,
)


def bad(wire):
    with pytest.raises(BadOptions) as err:
        GoOptions.from_wire(wire)
    return err.value.code


def test_defaults_are_a_friendly_untimed_19x19_even_game():
    options = GoOptions.from_wire({})
    assert options == GoOptions(19, 3.5, 0, None, True, False, None)


def test_round_trip_through_the_wire():
    wire = {
        "size": 9,
        "komi": 0,
        "clock": {"main": 300, "periods": 5, "period": 10},
        "bot": "white",
        "bot_level": "mcts:2000",
    }
    options = GoOptions.from_wire(wire)
    assert options.clock == GoClock(300, 5, 10)
    assert options.bot_level == "mcts:2000"
    assert GoOptions.from_wire(options.to_wire()) == options


def test_ranked_tables_get_the_ranked_clock():
    options = GoOptions.from_wire({"friendly": False})
    assert options.clock == GoClock(1200, 3, 30)


@pytest.mark.parametrize(
    "wire",
    [
        {"size": 11},
        {"size": "19"},
        {"komi": 6.5},
        {"komi": True},
        {"handicap": 1},
        {"handicap": 6, "size": 9},
        {"handicap": 2, "komi": 3.5},
        {"clock": {"main": 4000}},
        {"clock": {"periods": 0}},
        {"clock": {"period": 5}},
        {"clock": 5},
        {"bot": "red"},
        {"hotseat": True, "bot": "white"},
        {"hotseat": "yes"},
        {"friendly": False, "size": 9},
        {"friendly": False, "bot": "black"},
        {"bot_level": "mcts:2000"},
        {"bot": "white", "bot_level": "mcts:12345"},
        {"bot": "white", "bot_level": 3},
        {"friendly": False, "bot": "white", "bot_level": "gnugo:1"},
        {"size": 9, "bot": "white", "bot_level": "simple@5"},  # the rung's stones are not set
        {"size": 9, "bot": "white", "bot_level": "simple@5", "handicap": 3},
        {"size": 9, "bot": "black", "bot_level": "simple@5", "handicap": 5},
    ],
)
def test_out_of_rule_options_are_refused(wire):
    assert bad(wire) == "bad_options"


def test_handicap_defaults_komi_to_zero():
    assert GoOptions.from_wire({"handicap": 4}).komi == 0.0


def test_the_score_estimate_during_play_is_kept_from_the_players_of_a_ranked_table():
    # issue 16: advice during play is for spectators, local and friendly games only
    assert may_see_estimate(ranked=False, seated=True)  # a friendly or local table's player
    assert may_see_estimate(ranked=False, seated=False)
    assert may_see_estimate(ranked=True, seated=False)  # a ranked table's spectator
    assert not may_see_estimate(ranked=True, seated=True)


def test_who_may_open_a_ranked_table():
    assert may_create_ranked(guest=False, local=False)
    assert not may_create_ranked(guest=True, local=False)  # guests play friendly only
    assert not may_create_ranked(guest=False, local=True)  # a local hall is hot-seat


def test_the_ranked_table_is_the_rules_books_one_and_survives_the_wire():
    table = ranked_table()
    assert (table.size, table.komi, table.handicap, table.friendly) == (19, 3.5, 0, False)
    assert table.clock == GoClock(**RANKED_CLOCK)
    assert table.bot is None and not table.hotseat
    assert GoOptions.from_wire(table.to_wire()) == table


def test_a_rung_that_gives_stones_is_its_own_handicap_game():
    wire = {"size": 9, "bot": "white", "bot_level": "simple@5", "handicap": 5}
    options = GoOptions.from_wire(wire)
    assert (options.handicap, options.komi, options.bot) == (5, 0.0, "white")
