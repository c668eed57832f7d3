"""GTP coordinates (no letter I), the (col, row) convention and the read-only board views."""

from __future__ import annotations

import pytest

from qipai.go import Color, Game, GoError, IllegalMove, format_point, parse_point
from tests.go.diagrams import game_from_diagram


@pytest.mark.parametrize(
    ("text", "size", "point"),
    [
        ("A1", 19, (0, 0)),
        ("D4", 19, (3, 3)),
        ("H8", 9, (7, 7)),
        ("J9", 9, (8, 8)),
        ("T19", 19, (18, 18)),
        ("k10", 19, (9, 9)),
    ],
)
def test_gtp_points_skip_the_letter_i(text, size, point):
    assert parse_point(text, size) == point
    assert format_point(point, size) == text.upper()


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("I5", "bad_point"),
        ("5D", "bad_point"),
        ("", "bad_point"),
        ("K10", "off_board"),
        ("A0", "off_board"),
    ],
)
def test_bad_gtp_points(text, code):
    with pytest.raises(GoError) as err:
        parse_point(text, 9)
    assert err.value.code == code


def test_off_board_is_an_illegal_move_and_junk_is_bad_point():
    game = Game(9)
    with pytest.raises(IllegalMove) as err:
        game.play((-1, 0))
    assert err.value.code == "off_board"
    for junk in [(1,), (True, 2), "hello", None, (1.0, 2.0)]:
        with pytest.raises(GoError) as err:
            game.play(junk)
        assert err.value.code == "bad_point"
    assert game.move_number == 0
    game.play([2, 2])  # a list from a decoded message is fine
    assert game.color_at("C3") is Color.BLACK


def test_board_views_are_rows_from_the_top():
    game = Game(9)
    game.play("A9")
    game.play("J1")
    assert game.rows()[0] == "X........" and game.rows()[-1] == "........O"
    assert game.board[0][0] is Color.BLACK and game.board[8][8] is Color.WHITE
    assert game.board[4][4] is None


def test_legal_points_grey_out_the_ko_point_and_suicide_points():
    game = game_from_diagram(
        """
        3 . X O . .
        2 X O . O .
        1 . X O . .
        """,
    )
    game.play("C2")
    empty = {(c, r) for c in range(9) for r in range(9) if game.color_at((c, r)) is None}
    # White may not retake at B2 at once (ko) nor play A1 (suicide); everything else is open
    assert set(game.legal_points()) == empty - {(1, 1), (0, 0)}
    assert game.is_legal("B2", Color.BLACK)  # the ko binds White only
    assert game.last_move.captured == ((1, 1),)
