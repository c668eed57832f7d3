"""The dead-stone proposal of GO-04 b on positions where the answer is not in doubt."""

from __future__ import annotations

from tests.go.diagrams import game_from_diagram
from tests.go.test_rules_book import SEKI_WITH_EYES


def proposal(diagram: str) -> set[tuple[int, int]]:
    return set(game_from_diagram(diagram).suggest_dead())


def test_a_group_with_one_eye_inside_the_opponents_area_is_dead():
    dead = proposal(
        """
        9 . . . . X O . . .
        8 . O O O X O . . .
        7 . O . O X O . . .
        6 X O O O X O . . .
        5 . X X X X O . . .
        4 . . . . X O . . .
        3 . . . . X O . . .
        2 . . . . X O . . .
        1 . . . . X O . . .
        """
    )
    assert dead == {(1, 7), (2, 7), (3, 7), (1, 6), (3, 6), (1, 5), (2, 5), (3, 5)}


def test_a_dead_stone_in_an_eye_does_not_make_the_living_group_dead():
    # Black's wall has two eyes, A1-B1 and A3; a White stone sits dead in the first one
    dead = proposal(
        """
        5 X X X . . . . . .
        4 X X X . . . . . .
        3 . X X . . . . . .
        2 X X X . . . . . .
        1 . O X . . . . . .
        """
    )
    assert dead == {(1, 0)}


def test_seki_is_not_proposed_dead():
    assert proposal(SEKI_WITH_EYES) == set()


def test_two_living_groups_have_nothing_dead():
    dead = proposal(
        """
        9 . X . X O . O . .
        8 X X X X O O O O O
        7 . . . X O . . . .
        6 X X X X O O O O O
        5 . . . X O . . . .
        4 . . . X O . . . .
        3 . . . X O . . . .
        2 . . . X O . . . .
        1 . . . X O . . . .
        """
    )
    assert dead == set()
