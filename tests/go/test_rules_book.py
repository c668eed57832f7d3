"""go.md §3 worked examples and §1 rules, each as a concrete position."""

from __future__ import annotations

import pytest

from qipai.go import Color, Game, GoError, IllegalMove
from qipai.go.scoring import AreaCount
from tests.go.diagrams import clean, game_from_diagram, rows_of

BLACK, WHITE = Color.BLACK, Color.WHITE


def test_3_1_both_sides_without_liberties_the_opponent_is_captured():
    game = game_from_diagram(
        """
        3 . X O .
        2 X . X O
        1 . X O .
        """,
        size=19,
        to_move=WHITE,
    )
    move = game.play("B2", WHITE)
    assert move.captured == ((2, 1),)
    assert game.captures[WHITE] == 1
    assert rows_of(game, 3, 4) == clean(
        """
        . X O .
        X O . O
        . X O .
        """
    )


def test_3_2_suicide_is_a_forbidden_point_and_white_moves_again():
    game = game_from_diagram(
        """
        3 . X .
        2 X . X
        1 . X .
        """,
        size=19,
        to_move=WHITE,
    )
    before = game.rows()
    assert not game.is_legal("B2")
    assert (1, 1) not in game.legal_points()
    with pytest.raises(IllegalMove) as err:
        game.play("B2", WHITE)
    assert err.value.code == "suicide"
    assert game.rows() == before and game.to_move is WHITE and game.move_number == 0
    game.play("C3", WHITE)  # the same player chooses another point


def test_multi_stone_suicide_is_forbidden():
    game = game_from_diagram(
        """
        4 X X X .
        3 O O X .
        2 . O X .
        1 O O X .
        """,
        to_move=WHITE,
    )
    with pytest.raises(IllegalMove) as err:
        game.play("A2", WHITE)
    assert err.value.code == "suicide"
    assert game.color_at("A2") is None


def test_3_3_simple_ko_recapture_is_refused_until_a_threat_is_exchanged():
    game = game_from_diagram(
        """
        4 . . . . .
        3 . X O . .
        2 X O . O .
        1 . X O . .
        """,
        to_move=BLACK,
    )
    game.play("C2", BLACK)  # Black takes the ko stone at B2
    assert game.color_at("B2") is None
    before = game.rows()
    with pytest.raises(IllegalMove) as err:
        game.play("B2", WHITE)
    assert err.value.code == "ko"
    assert game.rows() == before and game.to_move is WHITE
    game.play("H8", WHITE)  # ko threat
    game.play("H7", BLACK)  # answered
    game.play("B2", WHITE)  # now the board differs: the recapture is legal
    assert game.color_at("C2") is None


def test_capture_on_the_edge_takes_the_whole_chain():
    game = game_from_diagram(
        """
        2 . X X .
        1 X O O .
        """,
    )
    move = game.play("D1")
    assert set(move.captured) == {(1, 0), (2, 0)}
    assert game.captures[BLACK] == 2
    assert rows_of(game, 2, 4) == clean(
        """
        . X X .
        X . . X
        """
    )


def test_corner_capture():
    game = game_from_diagram(
        """
        2 X . .
        1 O . .
        """,
    )
    move = game.play("B1")
    assert move.captured == ((0, 0),)
    assert game.color_at("A1") is None


SNAPBACK = """
    3 . X X X X .
    2 X O O O O X
    1 X O . . O X
"""


def test_snapback():
    game = game_from_diagram(SNAPBACK)
    assert game.play("D1").captured == ()  # the throw-in: a stone in atari
    assert game.play("C1").captured == ((3, 0),)  # White takes it ...
    recapture = game.play("D1")  # ... and is itself left with one liberty, D1
    assert len(recapture.captured) == 7
    assert game.captures == {BLACK: 7, WHITE: 1}
    assert rows_of(game, 3, 6) == clean(
        """
        . X X X X .
        X . . . . X
        X . . X . X
        """
    )


def test_occupied_and_off_board_and_not_your_turn():
    game = Game(9)
    game.play("E5")
    for point, code in (("E5", "occupied"), ((9, 0), "off_board"), ("Z1", "off_board")):
        with pytest.raises(IllegalMove) as err:
            game.play(point)
        assert err.value.code == code
    with pytest.raises(IllegalMove) as err:
        game.play("D4", BLACK)
    assert err.value.code == "not_your_turn"
    with pytest.raises(GoError) as err:
        game.play("I5")
    assert err.value.code == "bad_point"
    assert game.move_number == 1 and game.to_move is WHITE


def test_3_4_counting_a_finished_19x19_game():
    count = AreaCount(19, 118, 112, 64, 62, 5, komi=3.5, handicap=0)
    assert count.black == 184.5 and count.white == 176.5
    assert count.black + count.white == 361
    assert count.winner is BLACK and count.margin == 0.5
    assert count.result().text == "黑胜 0.5 子" and count.result().sgf == "B+1"
    seed_literal = AreaCount(19, 118, 112, 64, 62, 5, komi=0, handicap=0)
    assert seed_literal.winner is BLACK and seed_literal.margin == 4


def test_3_5_draw_with_komi_3_5():
    count = AreaCount(19, 100, 96, 82, 79, 4, komi=3.5, handicap=0)
    assert count.black == 184 and count.adjusted == 180.5
    assert count.winner is None
    assert count.result().text == "和棋" and count.result().sgf == "0"


NINE_BY_NINE_3_6 = """
    9 . . . X X O O . .
    8 . . . X X O O . .
    7 . . X X X O O . .
    6 . . X X X O O . .
    5 . . X X . O O . .
    4 . . X X X O O O .
    3 . . X X X O O O .
    2 . . X X X O O O .
    1 . . X X X O O O .
"""


def test_3_6_nine_by_nine_friendly_game_on_the_board():
    game = game_from_diagram(NINE_BY_NINE_3_6, to_move=BLACK)
    game.pass_()
    game.pass_()
    assert game.dead_stones == frozenset()
    count = game.count()
    assert (count.black_stones, count.black_territory) == (24, 20)
    assert (count.white_stones, count.white_territory, count.dame) == (22, 14, 1)
    assert count.black == 44.5 and count.baseline == 40.5
    game.confirm(BLACK)
    result = game.confirm(WHITE)
    assert result.winner is BLACK and result.margin == 0.5 and result.text == "黑胜 0.5 子"


def test_3_7_handicap_four_komi_zero():
    count = AreaCount(19, 150, 0, 36, 0, 0, komi=0, handicap=4)
    assert count.black == 186 and count.adjusted == 184
    assert count.winner is BLACK and count.margin == 3.5
    assert count.result().text == "黑胜 3.5 子" and count.result().sgf == "B+7"


def _split_board_with_one_dame() -> Game:
    """19x19: Black owns columns A-J and K1-K9, White L-T and K11-K19, K10 is the one dame."""
    black = [(8, r) for r in range(19)] + [(9, r) for r in range(9)]
    white = [(10, r) for r in range(19)] + [(9, r) for r in range(10, 19)]
    return Game(19, komi=0, setup={BLACK: black, WHITE: white}, first=BLACK)


def test_odd_dame_is_a_draw_under_komi_zero_on_19x19():
    game = _split_board_with_one_dame()
    game.pass_()
    game.pass_()
    count = game.count()
    assert count.dame == 1 and count.black == 180.5 and count.white == 180.5
    game.confirm(WHITE)
    result = game.confirm(BLACK)
    assert result.is_draw and result.text == "和棋"


SEKI_WITH_EYES = """
    5 X X X X X X
    4 O O O O O X
    3 X X X . O X
    2 . X O O O X
    1 X X O . O X
"""


def test_seki_eye_counts_for_its_owner_and_the_shared_liberty_is_dame():
    game = game_from_diagram(SEKI_WITH_EYES)
    # neither side can approach: both ataris are answered by a capture
    game.pass_()
    game.pass_()
    assert game.dead_stones == frozenset()  # the proposal recognises the seki
    count = game.count()
    assert (count.black_stones, count.white_stones) == (16, 11)
    assert count.white_territory == 1  # White's eye D1
    assert count.dame == 1  # the shared liberty D3
    assert count.black_territory == 52  # Black's eye A2 plus the 51 points outside
    assert count.black + count.white == 81


def test_handicap_compensation_takes_half_a_stone_per_handicap_stone():
    game = Game(19, handicap=4)
    assert game.komi == 0 and game.to_move is WHITE
    assert {p for p in [(3, 3), (15, 15), (3, 15), (15, 3)]} == {
        p for p in [(c, r) for c in range(19) for r in range(19)] if game.color_at(p) is BLACK
    }
    game.pass_()
    game.pass_()
    count = game.count()
    assert count.black == 361 and count.adjusted == 359
