"""SGF as real records write it: what sgfmill and Sabaki read, we read the same way."""

from __future__ import annotations

import math

import pytest
from sgfmill import sgf as sgfmill_sgf

from qipai.go import Color, Game, GoError, SgfError, sgf


def test_white_moving_first_without_pl_is_read_as_white_first():
    record = "(;GM[1]FF[4]SZ[19];W[pd];B[dp];W[dd])"
    game = sgf.loads(record)
    assert game.first is Color.WHITE and game.move_number == 3
    assert [m.color for m in game.moves] == [Color.WHITE, Color.BLACK, Color.WHITE]
    theirs = sgfmill_sgf.Sgf_game.from_string(record)
    assert [n.get_move()[0] for n in theirs.get_main_sequence()[1:]] == ["w", "b", "w"]


def test_one_colour_twice_is_a_pass_by_the_other_said_in_a_comment():
    record = sgf.read("(;GM[1]SZ[9];B[ee];B[cc]C[a strong move];W[gg])")
    game = record.game
    assert [(m.color, m.point) for m in game.moves] == [
        (Color.BLACK, (4, 4)),
        (Color.WHITE, None),
        (Color.BLACK, (2, 6)),
        (Color.WHITE, (6, 2)),
    ]
    assert record.comments[2] == ["white passes here: the record has black twice in a row"]
    assert record.comments[3] == ["a strong move"]


def test_a_move_in_the_root_node_is_played():
    game = sgf.loads("(;GM[1]SZ[9]B[ee];W[cc])")
    assert game.move_number == 2 and game.color_at((4, 4)) is Color.BLACK


def test_handicap_without_setup_stones_places_none():
    game = sgf.loads("(;GM[1]SZ[19]HA[2]KM[0.5];W[pd];B[dp])")
    assert game.handicap == 2  # the compensation still applies
    assert not any(game.setup.values())
    assert game.first is Color.WHITE and game.move_number == 2
    assert sum(cell is not None for row in game.board for cell in row) == 2


def test_compressed_point_lists_and_duplicates_read_like_sgfmill():
    record = "(;GM[1]FF[4]SZ[9]AB[aa:cc][dd][dd]AW[ee:ef];W[gg])"
    game = sgf.loads(record)
    theirs = sgfmill_sgf.Sgf_game.from_string(record).get_root().get_setup_stones()
    ours_black = {(row, col) for col, row in game.setup[Color.BLACK]}  # sgfmill: (row, col)
    ours_white = {(row, col) for col, row in game.setup[Color.WHITE]}
    assert (ours_black, ours_white) == (theirs[0], theirs[1])
    assert len(game.setup[Color.BLACK]) == 10  # nine in the rectangle, D6 once


def test_a_point_set_to_both_colours_is_refused():
    with pytest.raises(SgfError, match="both colours"):
        sgf.loads("(;GM[1]SZ[9]AB[aa]AW[aa])")


@pytest.mark.parametrize(
    "prop",
    ["SZ[nan]", "SZ[inf]", "SZ[-inf]", "SZ[9.5]", "HA[nan]", "HA[inf]", "KM[nan]", "KM[inf]"],
)
def test_numbers_that_are_not_finite_are_a_typed_error(prop):
    with pytest.raises(SgfError) as caught:
        sgf.loads(f"(;GM[1]{prop};B[aa])")
    assert isinstance(caught.value, GoError) and caught.value.code == "bad_sgf"


@pytest.mark.parametrize("komi", [math.nan, math.inf, -math.inf])
def test_a_game_refuses_komi_that_is_not_finite(komi):
    with pytest.raises(GoError) as caught:
        Game(9, komi=komi)
    assert caught.value.code == "bad_komi"


def test_the_writer_adds_players_ranks_times_and_chat():
    game = Game(9)
    game.play("E5")
    game.play("C3")
    text = sgf.dumps(
        game,
        comments={0: ["甲: 你好"], 2: ["乙: good game"]},
        time_left={1: 598.5, 2: 590},
        PB="甲", PW="乙", BR="3d", WR="2k", TM="600", OT="3x30 byo-yomi",
        DT="2026-12-02", PC="qipai",
    )  # fmt: skip
    root = sgfmill_sgf.Sgf_game.from_string(text).get_root()
    assert root.get("PB") == "甲" and root.get("BR") == "3d" and root.get("WR") == "2k"
    assert root.get("TM") == 600 and root.get("OT") == "3x30 byo-yomi" and root.get("PC") == "qipai"
    assert root.get("C") == "甲: 你好"
    first, second = sgfmill_sgf.Sgf_game.from_string(text).get_main_sequence()[1:]
    assert first.get("BL") == 598.5 and second.get("WL") == 590
    assert second.get("C") == "乙: good game"
    back = sgf.read(text)
    assert back.comments[0] == ["甲: 你好"] and back.game.rows() == game.rows()
