"""The shortcuts of the replay hot path answer exactly as the general checks do."""

from collections import deque

import pytest

from qipai.go import Color, Game, GoError
from qipai.go.board import Board


@pytest.mark.parametrize("junk", [(2, 2.0), (2.0, 2), (2, False), (1, 2, 3), ((1, 2),), (None, 1)])
def test_points_equal_to_a_board_point_but_not_int_pairs_are_bad_points(junk):
    game = Game(9)
    with pytest.raises(GoError) as err:
        game.play(junk)
    assert err.value.code == "bad_point"
    assert game.move_number == 0 and game.position_hash == 0


@pytest.mark.parametrize(
    "junk",
    [
        b"\x02\x03",
        bytearray(b"\x02\x03"),
        range(2, 4),
        {2, 3},
        {2: 0, 3: 0},
        deque([2, 3]),
        ("C", "4"),
    ],
)
def test_pairs_of_board_ints_that_are_neither_tuples_nor_lists_are_bad_points(junk):
    game = Game(9)
    with pytest.raises(GoError) as err:
        game.play(junk)
    assert err.value.code == "bad_point"
    assert game.move_number == 0 and game.position_hash == 0


@pytest.mark.parametrize("point", [(-1, 0), (0, -1), (-1, -1), (9, 0), (0, 9), (2**70, 1)])
def test_points_off_the_board_are_off_board_even_where_an_index_would_wrap(point):
    game = Game(9)
    with pytest.raises(GoError) as err:
        game.play(point)
    assert err.value.code == "off_board"
    assert game.move_number == 0 and game.position_hash == 0


def test_a_list_and_a_tuple_subclass_play_the_same_stone_as_the_pair():
    class Pair(tuple):
        pass

    for point in ([2, 3], Pair((2, 3))):
        game = Game(9)
        move = game.play(point)
        assert move.point == (2, 3) and type(move.point) is tuple
        assert game.color_at("C4") is Color.BLACK


def test_a_capture_is_recorded_with_its_points_and_counted():
    game = Game(9)
    for point in [(1, 0), (0, 0), (0, 1)]:  # B b1, W a1, B a2 captures a1
        move = game.play(point)
    assert move.captured == ((0, 0),)
    assert game.captures == {Color.BLACK: 1, Color.WHITE: 0}
    assert game.color_at("A1") is None


def test_an_even_game_starts_on_an_empty_consistent_board():
    game = Game(19)
    board = game._board
    assert board.hash == 0 and not any(board.colors) and not any(board.chains)
    fresh = Board(19)
    fresh.place_setup([(0, Color.BLACK)])
    assert fresh.chains[0] is not None and fresh.chains[0].libs == {1, 19}
