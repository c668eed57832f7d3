"""GO-04 to GO-11 as behaviour of Game: passes, scoring phase, resumption, undo, the end."""

from __future__ import annotations

import pytest

from qipai.go import Color, Game, GoError, IllegalMove, parse_point
from tests.go.diagrams import game_from_diagram

BLACK, WHITE = Color.BLACK, Color.WHITE

# White's C3 stone is alone inside Black's corner: the obvious dead stone.
DEAD_STONE_IN_THE_CORNER = """
    9 . . . . X O . . .
    8 . . . . X O . . .
    7 . . . . X O . . .
    6 . . . . X O . . .
    5 . . . . X O . . .
    4 . . . . X O . . .
    3 . . O . X O . . .
    2 . . . . X O . . .
    1 . . . . X O . . .
"""


def scoring_game() -> Game:
    game = game_from_diagram(DEAD_STONE_IN_THE_CORNER, komi=3.5)
    game.pass_()
    game.pass_()
    return game


def test_two_passes_open_scoring_with_the_dead_stone_proposed():
    game = scoring_game()
    assert game.phase == "scoring"
    assert game.dead_stones == {(2, 2)} == game.suggest_dead()
    count = game.count()
    assert (count.black_stones, count.black_territory) == (9, 36)
    assert (count.white_stones, count.white_territory) == (9, 27)
    assert count.black == 45


def test_toggle_clears_confirmations_and_both_must_confirm_the_same_marking():
    game = scoring_game()
    assert game.confirm(BLACK) is None
    game.toggle_dead("C3")  # White disputes
    assert game.dead_stones == frozenset() and game.confirmed == frozenset()
    assert game.count().dame == 35  # the stone alive makes Black's corner neutral
    game.toggle_dead("C3")
    game.confirm(WHITE)
    result = game.confirm(BLACK)
    assert game.phase == "over" and result == game.result
    assert result.winner is BLACK and result.margin == 1.0 and result.text == "黑胜 1 子"
    assert result.sgf == "B+2"


def test_resume_restarts_play_with_the_last_passers_opponent():
    game = game_from_diagram(DEAD_STONE_IN_THE_CORNER)
    game.pass_()  # Black
    game.pass_()  # White: the last passer
    game.resume(WHITE)
    assert game.phase == "play" and game.to_move is BLACK
    assert game.dead_stones == frozenset() and game.resumptions == 1
    game.play("C2")  # Black captures it in play instead
    game.pass_()
    assert game.phase == "play"  # one pass does not stop play
    game.pass_()
    assert game.phase == "scoring"


def test_third_resumption_counts_every_stone_as_alive():
    game = game_from_diagram(DEAD_STONE_IN_THE_CORNER)
    for _ in range(3):
        game.pass_()
        game.pass_()
        game.resume(BLACK)
    assert game.all_alive
    game.pass_()
    game.pass_()
    assert game.phase == "over" and game.dead_stones == frozenset()
    assert game.result.reason == "count" and game.count().dame == 35


def test_scoring_actions_outside_the_scoring_phase_are_wrong_phase():
    game = Game(9)
    game.play("E5")
    for action in (
        lambda: game.toggle_dead("E5"),
        lambda: game.confirm(BLACK),
        lambda: game.resume(BLACK),
        lambda: game.mark_dead([]),
    ):
        with pytest.raises(GoError) as err:
            action()
        assert err.value.code == "wrong_phase"
    scoring = scoring_game()
    with pytest.raises(GoError) as err:
        scoring.play("A1")
    assert err.value.code == "wrong_phase"
    with pytest.raises(GoError) as err:
        scoring.toggle_dead("A1")
    assert err.value.code == "no_stone"
    assert not scoring.is_legal("A1") and scoring.legal_points() == []


def test_after_the_end_nothing_moves():
    game = Game(9)
    game.resign(BLACK)
    for action, code in (
        (lambda: game.play("E5"), "game_over"),
        (lambda: game.pass_(), "game_over"),
        (lambda: game.resign(WHITE), "game_over"),
        (lambda: game.lose_on_time(WHITE), "game_over"),
        (lambda: game.undo(), "wrong_phase"),
    ):
        with pytest.raises(GoError) as err:
            action()
        assert err.value.code == code
    assert game.result.winner is WHITE and game.result.text == "白中盘胜"


def test_resign_on_the_opponents_turn_and_while_scoring():
    game = Game(9)
    game.play("E5")  # White to move, Black resigns anyway
    assert game.resign(BLACK).winner is WHITE
    scoring = scoring_game()
    assert scoring.resign(WHITE).sgf == "B+R"


def test_loss_on_time_result():
    game = Game(19)
    result = game.lose_on_time(WHITE)
    assert result.winner is BLACK and result.text == "白超时负" and result.sgf == "B+T"


def test_pass_out_of_turn_is_refused():
    game = Game(9)
    with pytest.raises(IllegalMove) as err:
        game.pass_(WHITE)
    assert err.value.code == "not_your_turn" and game.move_number == 0


def test_validity_needs_twenty_stone_plies_passes_excluded():
    game = Game(9)
    points = [(c, r) for r in range(0, 9, 2) for c in range(9)]
    for point in points[:19]:
        game.play(point)
    assert game.stone_plies == 19 and not game.is_valid
    game.pass_()
    assert not game.is_valid
    game.play(points[19])
    assert game.is_valid
    handicap = Game(19, handicap=9)
    assert handicap.stone_plies == 0 and handicap.move_number == 0


def test_undo_a_capture_restores_stones_counts_and_turn():
    game = game_from_diagram(
        """
        2 X . .
        1 O . .
        """
    )
    before = (game.rows(), game.captures.copy(), game.to_move, game.position_hash)
    game.play("B1")
    assert game.captures[BLACK] == 1
    undone = game.undo()
    assert undone.point == (1, 0) and undone.captured == ((0, 0),)
    assert (game.rows(), game.captures, game.to_move, game.position_hash) == before


def test_undo_the_second_pass_leaves_scoring():
    game = scoring_game()
    game.undo()
    assert game.phase == "play" and game.to_move is WHITE and game.move_number == 1


def test_undo_after_a_resumption_takes_back_the_pass_before_it():
    game = scoring_game()
    game.resume(WHITE)
    game.undo()
    assert game.phase == "play" and game.resumptions == 0 and game.move_number == 1


def test_nothing_to_undo():
    with pytest.raises(GoError) as err:
        Game(9).undo()
    assert err.value.code == "nothing_to_undo"


def test_undo_lets_a_ko_position_be_played_again():
    game = game_from_diagram(
        """
        3 . X O . .
        2 X O . O .
        1 . X O . .
        """
    )
    game.play("C2")
    game.undo()
    assert game.is_legal("C2")
    game.play("C2")


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"size": 1}, "bad_size"),
        ({"size": 26}, "bad_size"),
        ({"size": 9, "handicap": 1}, "bad_handicap"),
        ({"size": 9, "handicap": 6}, "bad_handicap"),
        ({"size": 19, "handicap": 10}, "bad_handicap"),
        ({"size": 15, "handicap": 2}, "bad_handicap"),
        ({"size": 9, "komi": "7"}, "bad_komi"),
        ({"size": 9, "setup": {BLACK: [(0, 0)], WHITE: [(0, 0)]}}, "bad_setup"),
        ({"size": 9, "setup": {BLACK: [(0, 0)], WHITE: [(1, 0), (0, 1)]}}, "bad_setup"),
        ({"size": 9, "setup": {3: [(0, 0)]}}, "bad_setup"),
        ({"size": 9, "first": 0}, "bad_setup"),
    ],
)
def test_bad_constructor_arguments(kwargs, code):
    with pytest.raises(GoError) as err:
        Game(**kwargs)
    assert err.value.code == code


@pytest.mark.parametrize(
    ("size", "stones", "points"),
    [
        (19, 2, ["D4", "Q16"]),
        (19, 3, ["D4", "Q16", "D16"]),
        (19, 5, ["D4", "Q16", "D16", "Q4", "K10"]),
        (19, 6, ["D4", "Q16", "D16", "Q4", "D10", "Q10"]),
        (19, 7, ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K10"]),
        (19, 8, ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16"]),
        (19, 9, ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16", "K10"]),
        (13, 9, ["D4", "K10", "D10", "K4", "D7", "K7", "G4", "G10", "G7"]),
        (9, 5, ["C3", "G7", "C7", "G3", "E5"]),
    ],
)
def test_handicap_stones_go_on_the_fixed_points_and_white_moves_first(size, stones, points):
    game = Game(size, handicap=stones)
    black = {(c, r) for c in range(size) for r in range(size) if game.color_at((c, r)) is BLACK}
    assert black == {parse_point(p, size) for p in points}
    assert game.to_move is WHITE and game.komi == 0


def test_white_wins_string_and_komi_presets():
    game = game_from_diagram(DEAD_STONE_IN_THE_CORNER, komi=3.75)
    game.pass_()
    game.pass_()
    game.toggle_dead("C3")  # keep it alive: Black's corner becomes dame
    game.confirm(BLACK)
    result = game.confirm(WHITE)
    # B = 9 stones + 35 dame / 2 = 26.5; adjusted 26.5 - 3.75 = 22.75 < 40.5
    assert result.winner is WHITE and result.margin == 17.75
    assert result.text == "白胜 17.75 子" and result.sgf == "W+35.5"
