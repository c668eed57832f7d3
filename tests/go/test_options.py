"""Go table options follow the rules book: GO-02 komi, GO-03 sizes, GO-07 clocks, GO-10 handicap."""

import pytest

from qipai.go.errors import BadOptions
from qipai.go.options import GoClock, GoOptions


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
    ],
)
def test_out_of_rule_options_are_refused(wire):
    assert bad(wire) == "bad_options"


def test_handicap_defaults_komi_to_zero():
    assert GoOptions.from_wire({"handicap": 4}).komi == 0.0
