"""The dead-stone and ownership estimator on positions whose answer every textbook gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from qipai.go import Color, Game, IllegalMove, format_point, parse_point
from qipai.go.board import BLACK, WHITE
from qipai.go.life import benson_alive, eye_value, race
from qipai.go.ownership import estimate
from qipai.go.status import judge
from tests.go.diagrams import game_from_diagram
from tests.go.gtp import selfplay_game
from tests.go.test_rules_book import SEKI_WITH_EYES


def names(game: Game, indices) -> set[str]:
    return {format_point(game._point(i), game.size) for i in indices}


def judged(diagram: str, playouts: int | None = None):
    game = game_from_diagram(diagram)
    return game, estimate(game._board, seed=7, playouts=playouts)


def test_the_straight_five_on_the_edge_lives_and_counts_twelve():
    game = game_from_diagram(
        """
        3 O O O O O O O . .
        2 X X X X X X O . .
        1 . . . . . X O . .
        """,
        komi=0,
    )
    game.pass_()
    game.pass_()
    assert game.phase == "scoring"
    assert game.dead_stones == frozenset()
    assert game.count().black == 12  # seven stones and the five points of its eye


# Eye spaces as (row, col) from the corner; Black surrounds the space, White surrounds Black.
SHAPES = {
    "straight three": ([(0, 0), (0, 1), (0, 2)], False),
    "bent three": ([(0, 0), (0, 1), (1, 1)], False),
    "straight four": ([(0, 0), (0, 1), (0, 2), (0, 3)], True),
    "bent four": ([(0, 0), (0, 1), (0, 2), (1, 2)], True),
    "square four": ([(0, 0), (0, 1), (1, 0), (1, 1)], False),
    "pyramid four": ([(0, 0), (0, 1), (0, 2), (1, 1)], False),
    "straight five": ([(0, c) for c in range(5)], True),
    "bent five": ([(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)], True),
    "bulky five": ([(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)], False),
    "crossed five": ([(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)], False),
    "rabbity six": ([(0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (2, 2)], False),
    "seven in a row": ([(0, c) for c in range(7)], True),
}


def surrounded(space: list[tuple[int, int]], freed=(), size: int = 9) -> Game:
    """Black's wall hugs the eye space (diagonals too), White's wall hugs Black's; the rest of
    the board is White's, so Black lives or dies by the shape alone."""
    points = set(space)

    def ring(inner: set[tuple[int, int]]) -> set[tuple[int, int]]:
        return {
            (r + dr, c + dc)
            for r, c in inner
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if 0 <= r + dr < size and 0 <= c + dc < size
        } - inner

    black = ring(points)
    white = ring(points | black) - points - set(freed)
    setup = {
        Color.BLACK: [(c, r) for r, c in black],
        Color.WHITE: [(c, r) for r, c in white],
    }
    return Game(size, komi=0, setup=setup)


@pytest.mark.parametrize("place", ["corner", "edge"])
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_textbook_eye_shapes_live_or_die(shape, place):
    space, lives = SHAPES[shape]
    if place == "edge":
        space = [(r, c + 2) for r, c in space]
    assert_judged(space, lives, shape)


@pytest.mark.parametrize("outside", [0, 2])
def test_the_rectangular_six_in_the_corner_needs_two_outside_liberties(outside):
    space = [(r, c) for r in (0, 1) for c in (0, 1, 2)]
    freed = [(3, 0), (3, 1)][:outside]  # no White stone there: a liberty outside Black's wall
    assert_judged(space, outside == 2, "rectangular six", freed)


def test_the_rectangular_six_on_the_edge_lives_without_outside_liberties():
    assert_judged([(r, c) for r in (0, 1) for c in (2, 3, 4)], True, "rectangular six")


def assert_judged(space, lives, shape, freed=()):
    game = surrounded(space, freed)
    black = {i for i, c in enumerate(game._board.colors) if c == BLACK}
    dead = estimate(game._board, seed=1).dead
    assert dead == (set() if lives else black), shape


def test_eye_values_read_the_shape_not_only_the_size():
    nine = 9
    assert eye_value([0, 1, 2, 3, 4], nine) == 2  # straight five
    assert eye_value([0, 1, 2, 9, 10], nine) == 1  # bulky five
    assert eye_value([1, 9, 10, 11, 19], nine) == 1  # crossed five
    assert eye_value([0, 1, 2, 10], nine) == 1  # pyramid four
    assert eye_value([0, 1, 2, 11], nine) == 2  # bent four


def test_benson_finds_two_real_eyes_unconditionally_alive():
    game = game_from_diagram(
        """
        3 X X X X . . . . .
        2 . X . X . . . . .
        1 X X X X . . . . .
        """
    )
    alive, vital = benson_alive(list(game._board.colors), 9, BLACK)
    assert names(game, alive) == {
        "A1",
        "B1",
        "C1",
        "D1",
        "B2",
        "D2",
        "A3",
        "B3",
        "C3",
        "D3",
    }
    assert names(game, vital) == {"A2", "C2"}
    assert benson_alive(list(game._board.colors), 9, WHITE) == (set(), set())


def test_a_dead_group_inside_a_live_eye_is_dead_and_the_eye_counts():
    game, verdict = judged(
        """
        6 X X X X X X . . .
        5 X . . . . X . . .
        4 X . O O . X . . .
        3 X . O . . X . . .
        2 X . . . . X . . .
        1 X X X X X X . . .
        """
    )
    assert names(game, verdict.dead) == {"C4", "D4", "C3"}
    assert len(verdict.black_territory) == 81 - 20  # the inner space and the board outside


# GNU Go's held-out self-play game 9x9 seed 20029 at two passes. Black's top-right group has
# one eye (H9-J9), but White's F9 and E8 are each in atari at E9; White's area group
# {B9, C8, E8, F9} has three liberties in all (A9, C9, E9), which a race read as one group lost.
CAPTURE_TO_LIVE = """
    9 . O . . . O X . .
    8 . X O X O X X X X
    7 X . X . X O X O X
    6 . X X . X O O O O
    5 . . . X O O O . .
    4 . . X . X O O . .
    3 . . . . X X O O .
    2 . . X X X O . O .
    1 . . X O O O O . O
"""


def test_a_group_that_lives_by_capturing_a_chain_in_atari_is_alive():
    game, verdict = judged(CAPTURE_TO_LIVE)
    assert names(game, verdict.dead) == {"B9", "C8", "E8", "F9"}
    assert not {"G9", "F8", "J7"} & names(game, verdict.dead)
    game.pass_()
    game.pass_()
    assert {format_point(p, 9) for p in game.dead_stones} == {"B9", "C8", "E8", "F9"}
    count = game.count()
    assert count.black - count.white == 25  # GNU Go's final_score: B+25


def test_why_the_capture_lives_white_cannot_save_f9_and_e8():
    # White connecting at E9 leaves the three stones one liberty, D9: Black takes them there
    game = game_from_diagram(CAPTURE_TO_LIVE, to_move=Color.WHITE)
    game.play("E9")
    game.play("D9")
    assert all(game.color_at(p) is None for p in ("E8", "E9", "F9"))
    # White spoiling the eye instead: Black takes both at E9 and has F9 and E8 as two eyes
    game = game_from_diagram(CAPTURE_TO_LIVE, to_move=Color.WHITE)
    game.play("H9")
    game.play("E9")
    assert game.color_at("E8") is None and game.color_at("F9") is None
    with pytest.raises(IllegalMove):
        game.play("F9")  # suicide: the eye is Black's


# GNU Go's held-out self-play game 9x9 seed 20111 at two passes. Black's bottom stones have
# the corner's four points as their eye space, but F4-H4, G3, G2 touch it through nothing but
# the empty F1, F2 and G1, which open onto E2 and F3 next to White: White F2 cuts them off
# (tests/go/test_gnugo.py plays it out), and Black saves them only by moving first at E2.
LOOSE_CHAIN = """
    9 . . . . . X O O .
    8 . X . X X X X O .
    7 . X X O O O O . .
    6 X . X O . . . O .
    5 X X O O X O O . O
    4 O O O . O X X X O
    3 X X O . O . X O .
    2 . X X O . . X O .
    1 . . . X X . . . .
"""


def test_a_chain_joined_to_the_eyes_only_through_open_points_goes_to_the_playouts():
    game = game_from_diagram(LOOSE_CHAIN, komi=0)
    verdict = judge(list(game._board.colors), 9)
    assert {"F4", "G4", "H4", "G3", "G2"} in [names(game, stones) for stones in verdict.unsettled]
    game.pass_()
    game.pass_()
    dead = {format_point(p, 9) for p in game.dead_stones}
    assert dead == {"E5", "F4", "G4", "H4", "G3", "G2"}  # GNU Go's list


# The fresh held-out game 9x9 seed 50030: White's top group has the six-point eye space C9-G9,
# D8 once the dead Black F9 inside it is lifted; it lives whoever moves first (GNU Go, level 10).
HIDDEN_EYE = """
    9 O O . . . X . O .
    8 X O O . O O O X .
    7 X X O O X . . . .
    6 X X O X . X X X .
    5 X O O X X . O O X
    4 X X X O . O . . .
    3 X . X O O . O . X
    2 . X O O O . O . .
    1 . X X O O . . . .
"""
TOP_GROUP = {"A9", "B9", "B8", "C8", "C7", "C6", "C5", "B5", "D7", "E8", "F8", "G8", "H9"}


def test_a_dead_stone_inside_a_doomed_groups_eye_space_is_lifted_first():
    game = game_from_diagram(HIDDEN_EYE, komi=0)
    verdict = judge(list(game._board.colors), 9)
    assert "F9" in names(game, verdict.dead)
    assert not TOP_GROUP & names(game, verdict.dead)


# The fresh held-out game 9x9 seed 50029: White's right-hand group and Black H8, J8 look like a
# seki on summed liberties, but White's chain G7-J4 has only G8 and J7: Black G8 ataris it and
# it cannot connect out. Black takes the nine stones whoever moves first (GNU Go, level 10).
FALSE_SEKI = """
    9 . . O X X . O . .
    8 . . O O X O . X X
    7 . . . O X X O O .
    6 . O O X X . X O O
    5 . . O X O X X O O
    4 . . O X . . . X O
    3 . . O X X . X . X
    2 . O O O X . . . .
    1 . O X X X . . . .
"""


def test_a_seki_read_on_summed_liberties_is_broken_by_filling_a_shared_liberty():
    game = game_from_diagram(FALSE_SEKI, komi=0)
    right = {"F8", "G7", "G9", "H5", "H6", "H7", "J4", "J5", "J6"}
    verdict = judge(list(game._board.colors), 9)
    assert right in [names(game, stones) for stones in verdict.unsettled]
    assert not right & names(game, verdict.seki)
    game.pass_()
    game.pass_()
    assert {format_point(p, 9) for p in game.dead_stones} == right | {"E5"}  # GNU Go's list


def test_seki_with_an_eye_each_is_alive_and_its_shared_liberty_is_dame():
    game, verdict = judged(SEKI_WITH_EYES)
    assert verdict.dead == set()
    assert names(game, verdict.seki) >= {"A1", "C1", "B2", "C2"}
    assert names(game, verdict.dame) == {"D3"}


NO_EYE_SEKI = """
    5 X X X X X . . . .
    4 O O O O X . . . .
    3 X X . O X . . . .
    2 X X . O X . . . .
    1 X X X O X . . . .
"""


def test_seki_without_eyes_is_alive():
    game, verdict = judged(NO_EYE_SEKI)
    assert verdict.dead == set()
    assert names(game, verdict.seki) == {
        "A1",
        "B1",
        "C1",
        "A2",
        "B2",
        "A3",
        "B3",
        "A4",
        "B4",
        "C4",
        "D4",
        "D3",
        "D2",
        "D1",
    }
    assert names(game, verdict.dame) == {"C2", "C3"}


# White's A2 and B1 are two chains around the eye A1 (false by its diagonal B2, yet nobody can
# take it); Black's seven stones have no eye and only the liberties A3 and C1, both shared.
ONE_EYE_SEKI = """
    5 O O O . . . . . .
    4 X X O . . . . . .
    3 . X O O O . . . .
    2 O X X X O . . . .
    1 . O . X O . . . .
"""


def test_seki_with_one_eye_is_alive_and_its_eye_counts_for_its_owner():
    game, verdict = judged(ONE_EYE_SEKI)
    assert verdict.dead == set()
    assert names(game, verdict.seki) == {"A2", "B1", "A4", "B4", "B3", "B2", "C2", "D2", "D1"}
    assert names(game, verdict.dame) == {"A3", "C1"}
    game.pass_()
    game.pass_()
    assert game.dead_stones == frozenset()  # the proposal lifts nothing
    count = game.count()
    assert (count.black_stones, count.dame) == (7, 2) and count.white_territory == 61  # with A1


def test_why_the_one_eye_position_is_seki_each_approach_loses():
    # Black filling a shared liberty is self-atari: White captures all of Black at the other
    for black, white in (("A3", "C1"), ("C1", "A3")):
        game = game_from_diagram(ONE_EYE_SEKI)
        game.play(black)
        game.play(white)
        assert all(game.color_at(p) is None for p in ("A4", "B2", "D1"))
    # White filling one leaves that chain only the eye: Black captures it there
    game = game_from_diagram(ONE_EYE_SEKI, to_move=Color.WHITE)
    game.play("A3")
    game.play("A1")  # takes A2 and A3
    assert game.color_at("A2") is None and game.color_at("A3") is None
    with pytest.raises(IllegalMove):
        game.play("A2")  # retaking the one stone repeats the first position (superko, GO-01)
    game = game_from_diagram(ONE_EYE_SEKI, to_move=Color.WHITE)
    game.play("C1")
    game.play("A1")  # takes B1 and C1
    assert game.color_at("B1") is None and game.color_at("C1") is None


def test_one_eye_beats_no_eye_in_a_plain_race():
    # one eye and one shared liberty against an eyeless chain with one outside liberty:
    # the eye wins whoever moves first, so it is no seki
    assert race(0, 1, 1, 0, 1, True) == 1
    assert race(1, 0, 0, 1, 1, True) == -1


def test_bent_four_in_the_corner_is_dead_under_area_counting():
    # Black fills B1 himself; White's capture leaves a bent four bent at the corner, a ko
    # Black starts when he likes after removing White's threats (GO-04 f)
    game, verdict = judged(
        """
        5 X X X X . . . . .
        4 O O O X . . . . .
        3 X . O X . . . . .
        2 X O O X . . . . .
        1 X . O X . . . . .
        """
    )
    assert names(game, verdict.dead) == {"A4", "B4", "C4", "C3", "B2", "C2", "C1"}


def test_the_same_corner_with_the_bend_off_the_corner_is_seki():
    game, verdict = judged(
        """
        6 X X X X . . . . .
        5 O O X X . . . . .
        4 . O O X . . . . .
        3 X . O X . . . . .
        2 X O O X . . . . .
        1 X O X X . . . . .
        """
    )
    assert verdict.dead == set()
    assert names(game, verdict.seki) >= {"A1", "A2", "A3", "B1", "B2"}


def test_an_open_border_is_marked_to_seal_and_not_counted_as_territory():
    game, verdict = judged(
        """
        9 . . . X O . . . .
        8 . . . X O . . . .
        7 . . . X O . . . .
        6 . . . X O . . . .
        5 . . . . . . . . .
        4 . . . X O . . . .
        3 . . . X O . . . .
        2 . . . X O . . . .
        1 . . . X O . . . .
        """
    )
    assert verdict.dead == set()
    assert names(game, verdict.seal) == {"D5", "E5"}
    assert verdict.black_territory == verdict.white_territory == frozenset()
    assert len(verdict.dame) == 81 - 16


def test_a_dame_line_between_sealed_walls_is_dame_not_to_seal():
    game, verdict = judged(
        """
        9 . . . X . O . . .
        8 . . . X . O . . .
        7 . . . X . O . . .
        6 . . . X . O . . .
        5 . . . X . O . . .
        4 . . . X . O . . .
        3 . . . X . O . . .
        2 . . . X . O . . .
        1 . . . X . O . . .
        """
    )
    assert names(game, verdict.dame) == {f"E{row}" for row in range(1, 10)}
    assert verdict.seal == frozenset()
    assert len(verdict.black_territory) == len(verdict.white_territory) == 27


def test_playouts_give_an_ownership_map_that_replays_exactly():
    game = game_from_diagram(
        """
        5 . . . . . . . . .
        4 . . X . . . O . .
        3 . . X . . . O . .
        2 . . X . . . O . .
        1 . . X . . . O . .
        """
    )
    first = estimate(game._board, seed=3, playouts=16)
    again = estimate(game._board, seed=3, playouts=16)
    assert first == again
    a1, j1 = first.owner[0], first.owner[8]
    assert a1 > 0.5 and j1 < -0.5  # behind each wall the playouts give the corner to it
    assert all(-1.0 <= value <= 1.0 for value in first.owner)


STORED_GAMES = Path(__file__).resolve().parents[2] / "bench" / "data" / "gnugo_selfplay.jsonl"


def stored_games(per_size: int) -> list[dict]:
    """The first GNU Go self-play games of each size from the bench's set (bench/go_dead.py
    checks them all)."""
    chosen: dict[int, list[dict]] = {}
    for line in STORED_GAMES.read_text().splitlines():
        record = json.loads(line)
        if len(chosen.setdefault(record["size"], [])) < per_size:
            chosen[record["size"]].append(record)
    return [record for records in chosen.values() for record in records]


@pytest.mark.parametrize(
    "record", stored_games(2), ids=lambda r: f"{r['size']}x{r['size']}-{r['seed']}"
)
def test_the_proposal_matches_gnugo_on_its_own_self_play_games(record):
    size = record["size"]
    game = selfplay_game(record)
    assert game.phase == "scoring"
    assert game.dead_stones == {parse_point(p, size) for p in record["dead"]}


def test_during_play_only_the_playouts_judge_so_opening_stones_are_not_dead():
    game = Game(9)
    for move in ["E5", "C3", "G7", "D4"]:
        game.play(move)
    guess = estimate(game._board, seed=1, playouts=32, finished=False)
    assert guess.dead == frozenset()
    assert 0 < guess.black_expected < 81


def test_the_expected_result_during_play_counts_the_map_against_the_baseline():
    # Black owns columns A-D of a 9x9 board, White E-J, both unconditionally alive (every
    # empty point an eye): once every point is certain the expected result is the count itself
    rows = []
    for row in range(9, 0, -1):
        eye = row % 2 == 1
        black = ". X . X" if eye else "X X X X"
        white = "O . O . O" if eye else "O O O O O"
        rows.append(f"{row} {black} {white}")
    game = game_from_diagram("\n".join(rows), komi=3.5)
    guess = game.estimate(64, finished=False)
    assert guess.expected_result(3.5).text == guess.count(3.5).result().text == "白胜 8 子"
    assert guess.expected_result(3.5, handicap=2).text == "白胜 9 子"  # N/2 given back
    open_board = Game(9)
    open_board.play("E5")
    expected = open_board.estimate(64, finished=False).expected_result(7.5)
    assert expected.reason == "count" and expected.margin is not None
