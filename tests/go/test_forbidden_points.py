"""Forbidden points (禁着点) of the side to move: suicide (go.md 1.5) and positional superko
(GO-01), exactly the empty points where ``Game.play`` refuses a stone."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.go import Color, Game, IllegalMove, format_point
from tests.go.diagrams import clean, game_from_diagram, rows_of
from tests.go.test_properties import random_game

BLACK, WHITE = Color.BLACK, Color.WHITE
PLIES_BACK_TO_THE_START = (
    "E5 B1 C4 A3 D3 C2 C3 E1 E3 B2 A5 D5 A4 E2 B5 A2 C5 B3 D4 A1 B4 D2 D5 D1 C1 B1 B3 E1 "
    "A3 A2 D2 E2 D1 E2 C2 B2 A1 B1 E1 B2 A2 B1 B2 pass E4 pass E2 B1"
)


def names(game: Game) -> list[str]:
    return [format_point(p, game.size) for p in game.forbidden_points()]


def refused_by_play(game: Game) -> set[tuple[int, int]]:
    """Every empty point where playing raises, each tried on a copy of the game."""
    refused = set()
    for col in range(game.size):
        for row in range(game.size):
            if game.color_at((col, row)) is not None:
                continue
            trial = copy.deepcopy(game)
            try:
                trial.play((col, row))
            except IllegalMove:
                refused.add((col, row))
    return refused


def test_3_2_suicide_points_are_forbidden_top_row_first():
    game = game_from_diagram(
        """
        3 . X .
        2 X . X
        1 . X .
        """,
        to_move=WHITE,
    )
    assert names(game) == ["B2", "A1"]
    assert game_from_diagram("3 . X .\n2 X . X\n1 . X .", to_move=BLACK).forbidden_points() == ()


def test_3_1_a_capture_without_liberties_is_not_forbidden():
    game = game_from_diagram(
        """
        3 . X O .
        2 X . X O
        1 . X O .
        """,
        to_move=WHITE,
    )
    assert "B2" not in names(game)
    assert names(game) == ["A1"]  # A1 captures nothing: both its neighbours are Black with air


def test_multi_stone_suicide_is_forbidden_but_filling_ones_own_eye_with_air_is_not():
    game = game_from_diagram(
        """
        4 X X X .
        3 O O X .
        2 . O X .
        1 O O X .
        """,
        to_move=WHITE,
    )
    # White A2 fills its last eye: the four White stones would have no liberty.
    assert names(game) == ["A2"]
    assert (
        names(
            game_from_diagram(
                """
        4 X X X .
        3 O O X .
        2 . O X .
        1 O O X .
        """,
                to_move=BLACK,
            )
        )
        == []
    )  # Black A2 captures all four White stones


def test_3_3_the_immediate_ko_recapture_is_forbidden_and_the_ko_threat_frees_it():
    game = game_from_diagram(
        """
        3 . X O .
        2 X . X O
        1 . X O .
        """,
        to_move=WHITE,
    )
    assert game.play("B2").captured == ((2, 1),)  # White takes Black C2 (3.1)
    assert names(game) == ["C2"]  # retaking at once would repeat the position
    game.play("J9")  # Black's ko threat elsewhere
    game.play("J8")  # White answers it
    assert names(game) == []  # the board differs now: retaking is legal
    assert game.play("C2").captured == ((1, 1),)
    assert rows_of(game, 3, 4) == clean(
        """
        . X O .
        X . X O
        . X O .
        """
    )
    assert names(game) == ["B2", "A1"]  # White's ko recapture, and A1 a suicide as ever


def test_a_quiet_move_in_the_open_that_repeats_an_old_position_is_forbidden():
    # After 48 plies on 5x5 only White B1 is left, Black to move: Black E5 would recreate the
    # position after the first two plies (Black E5, White B1).  The point has empty neighbours
    # and captures nothing, so only the whole history shows it (GO-01).
    plies = PLIES_BACK_TO_THE_START.split()
    game = Game(5)
    for ply in plies:
        game.pass_() if ply == "pass" else game.play(ply)
    assert game.rows() == clean(". . . . .\n" * 4 + ". O . . .")
    assert game.to_move is BLACK
    assert names(game) == ["E5"]
    assert refused_by_play(game) == {(4, 4)}


def test_nothing_is_forbidden_outside_play():
    game = Game(9)
    game.pass_()
    game.pass_()
    assert game.phase == "scoring"
    assert game.forbidden_points() == ()


def test_the_list_follows_undo_and_resumption():
    game = game_from_diagram("3 . X .\n2 X . X\n1 . X .", to_move=WHITE)
    assert names(game) == ["B2", "A1"]
    game.play("J9")
    assert names(game) == []  # Black to move: its own eyes are no suicide
    game.undo()
    assert names(game) == ["B2", "A1"]


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([5, 7]),
    st.lists(st.integers(min_value=0, max_value=10**6), min_size=20, max_size=160),
)
def test_a_point_is_forbidden_exactly_when_playing_it_raises(size, picks):
    game = random_game(size, picks)
    if game.phase == "scoring":
        game.resume(game.to_move)
    if game.phase != "play":
        return
    assert set(game.forbidden_points()) == refused_by_play(game)
    assert list(game.forbidden_points()) == sorted(
        game.forbidden_points(), key=lambda p: (-p[1], p[0])
    )
