"""The hall's stored Go records carry what OGS and Sabaki users look for: players, date, place
and the time control."""

from __future__ import annotations

import json

from sgfmill import sgf as sgfmill_sgf

from qipai.go import Color, Game
from qipai.go.options import GoOptions
from server.tables.go_record import game_record


def test_a_stored_record_names_players_place_date_and_time_control():
    game = Game(9)
    game.play("E5")
    game.resign(Color.WHITE)
    options = GoOptions.from_wire({"size": 9, "clock": {"main": 600, "periods": 3, "period": 30}})
    record = game_record(7, json.dumps(options.to_wire()), "ann", "bob", game)
    root = sgfmill_sgf.Sgf_game.from_string(record.record).get_root()
    assert (root.get("PB"), root.get("PW"), root.get("PC")) == ("ann", "bob", "qipai")
    assert root.get("TM") == 600 and root.get("OT") == "3x30 byo-yomi"
    assert root.has_property("DT") and root.get("RE") == "B+R"


def test_a_game_without_a_clock_has_no_time_control():
    game = Game(9)
    game.resign(Color.BLACK)
    record = game_record(8, json.dumps({"clock": None}), "ann", None, game)
    root = sgfmill_sgf.Sgf_game.from_string(record.record).get_root()
    assert not root.has_property("TM") and not root.has_property("PW")
