"""Stepping through a record: every position is the engine's replay of the record's moves, with
the captures so far, the comments and the clock times recorded after each ply."""

from __future__ import annotations

from qipai.go import Color, Game, sgf
from qipai.go.replay import Replay


def capture_game() -> str:
    """9x9: Black surrounds White's E5 and takes it on move 7; White resigns."""
    game = Game(9)
    for point in ("D5", "E5", "F5", "A1", "E6", "A2", "E4"):
        game.play(point)
    game.resign(Color.WHITE)
    return sgf.dumps(
        game,
        comments={0: ["table chat: hello"], 3: ["nice"]},
        time_left={1: 600, 2: 598.5, 7: 590},
        PB="ann",
        PW="bob",
        BR="3d",
        WR="2d",
    )


def test_each_step_is_the_position_after_that_many_plies():
    replay = Replay.from_sgf(capture_game())
    assert replay.plies == 7
    start = replay.step(0)
    assert start.move is None and start.game.rows() == ["." * 9] * 9
    assert start.comments == ("table chat: hello",)
    six = replay.step(6)
    assert six.game.color_at("E5") is Color.WHITE and six.game.captures[Color.BLACK] == 0
    seven = replay.step(7)
    assert seven.move.point == (4, 3) and seven.move.captured == ((4, 4),)
    assert seven.game.color_at("E5") is None and seven.game.captures[Color.BLACK] == 1
    assert seven.game.result.text == "黑中盘胜"
    assert replay.recorded_result == "B+R"


def test_steps_out_of_range_are_clamped_and_the_clocks_are_the_last_recorded():
    replay = Replay.from_sgf(capture_game())
    assert replay.step(-3).ply == 0 and replay.step(99).ply == 7
    assert replay.step(3).comments == ("nice",)
    assert replay.step(1).time_left == {Color.BLACK: 600.0}
    assert replay.step(4).time_left == {Color.BLACK: 600.0, Color.WHITE: 598.5}
    assert replay.step(7).time_left[Color.BLACK] == 590.0


def test_the_reader_keeps_the_root_and_the_time_left():
    record = sgf.read(capture_game())
    assert record.root["PB"] == "ann" and record.root["WR"] == "2d"
    assert record.time_left == {1: 600.0, 2: 598.5, 7: 590.0}


def test_a_time_left_that_is_not_a_number_is_left_out():
    record = sgf.read("(;GM[1]SZ[9];B[ee]BL[soon];W[cc]WL[12.5])")
    assert record.time_left == {2: 12.5}


def test_a_record_that_stops_without_a_result_of_ours_is_counted_by_the_estimator():
    game = Game(9, komi=0)
    for point in ("E5", "E6", "D5"):
        game.play(point)
    replay = Replay.from_sgf(sgf.dumps(game, RE="B+5"))
    assert replay.record.game.result is None and replay.recorded_result == "B+5"
    expected = game.estimate().count(0, 0).result().text
    assert replay.end_estimate == expected and expected.startswith("黑胜")
    assert Replay.from_sgf(capture_game()).end_estimate == ""  # it has its own: resigned
