"""The search bot: always legal, seeded, passes only when the game is decided, reads tactics."""

from __future__ import annotations

import random

import pytest

from qipai.go import Color, Game, parse_point, sgf
from qipai.go.board import neighbours
from qipai.go.bot import BotAction
from qipai.go.mcts import MctsBot
from qipai.go.patterns import matches, rings, table
from qipai.go.playouts import answer, diagonals
from tests.go.diagrams import game_from_diagram
from tests.go.test_rules_book import NINE_BY_NINE_3_6

BLACK, WHITE = Color.BLACK, Color.WHITE


def bot(seed: int = 0, playouts: int = 600) -> MctsBot:
    return MctsBot(random.Random(seed), playouts)


def self_play(seed: int, playouts: int = 40, size: int = 9) -> Game:
    """A whole game between two seeded search bots; every stone is checked against the
    forbidden points the seat is shown before it is played (game.play checks it again)."""
    game = Game(size)
    players = {BLACK: bot(seed, playouts), WHITE: bot(seed + 1000, playouts)}
    for _ in range(4 * size * size):
        if game.phase == "over":
            break
        for color in (BLACK, WHITE):
            action = players[color].choose(game, color)
            if action is None:
                continue
            if action.kind == "play":
                assert action.point not in game.forbidden_points()
                assert game.is_legal(action.point, color)
            action.apply(game, color)
    return game


@pytest.mark.parametrize("seed", range(6))
def test_every_move_of_a_seeded_game_is_legal_and_the_game_is_counted(seed):
    game = self_play(seed)
    assert game.phase == "over" and game.result.reason == "count"
    assert game.is_valid


def test_a_seeded_bot_replays_identically():
    assert sgf.dumps(self_play(7)) == sgf.dumps(self_play(7))
    assert sgf.dumps(self_play(7)) != sgf.dumps(self_play(8))


def test_never_retakes_a_ko_at_once():
    game = game_from_diagram(
        """
        4 . . . . .
        3 . X O . .
        2 X O . O .
        1 . X O . .
        """,
        to_move=BLACK,
    )
    game.play("C2", BLACK)  # takes the ko stone at B2
    for seed in range(5):
        action = bot(seed, 200).choose(game, WHITE)
        assert action.point != (1, 1)


def test_captures_the_cutting_stone_in_atari():
    game = game_from_diagram(
        """
        6 . . . . . . . . .
        5 . . . O O . . . .
        4 . . . . . . . . .
        3 . . X O X . . . .
        2 . . . X . . . . .
        1 . . . . . . . . .
        """,
        to_move=BLACK,
    )
    # White's D3 has one liberty left, D4, where it would join D5-E5 and cut Black apart.
    for seed in range(3):
        assert bot(seed).choose(game, BLACK) == BotAction("play", parse_point("D4", 9))


def test_saves_its_own_group_in_atari():
    game = game_from_diagram(
        """
        5 . . . . . . . . .
        4 . . O O O . . . .
        3 . O X X X . . . .
        2 . . O O O . . . .
        1 . . . . . . . . .
        """,
        to_move=BLACK,
    )
    # C3-E3 has one liberty, F3, which leads into open board.
    for seed in range(3):
        assert bot(seed).choose(game, BLACK) == BotAction("play", parse_point("F3", 9))


def test_does_not_fill_its_own_eye_and_passes_when_nothing_is_left():
    game = game_from_diagram(
        """
        5 . X O . O
        4 X X O O O
        3 O O O . .
        2 . . . . .
        1 . . . . .
        """,
        size=5,
        to_move=BLACK,
    )
    assert bot().choose(game, BLACK) == BotAction("pass")


def test_passes_only_when_the_game_is_decided():
    assert bot().choose(Game(9), BLACK).kind == "play"
    game = game_from_diagram(NINE_BY_NINE_3_6, to_move=BLACK)
    assert bot().choose(game, BLACK) == BotAction("play", (4, 4))  # the last dame
    game.play("E5")
    assert bot().choose(game, WHITE) == BotAction("pass")


def test_accepts_the_proposed_dead_stones():
    game = game_from_diagram(NINE_BY_NINE_3_6)
    game.pass_()
    game.pass_()
    assert bot().choose(game, BLACK) == BotAction("confirm")


def test_the_shapes_hold_in_every_rotation_and_for_either_colour():
    # A hane: X O X above an empty row (the centre is the middle of that row).
    hane = ("XOX", "...", "...")
    for turns in range(4):
        rows = hane
        for _ in range(turns):
            rows = tuple("".join(r) for r in zip(*rows[::-1], strict=True))
        for swap in (False, True):
            text = "".join(rows)
            if swap:
                text = text.translate(str.maketrans("XO", "OX"))
            code = {".": 0, "X": 1, "O": 2}
            colors = [code[ch] for ch in text[:4] + text[5:]]
            assert matches(colors, tuple(range(8)), table())
    assert not matches([0] * 8, tuple(range(8)), table())  # an empty neighbourhood is no shape


def test_the_rings_read_off_board_points_from_the_sentinel():
    ring = rings(9)[0]  # A1's neighbourhood: only B1, A2 and B2 are on the board
    assert sorted(q for q in ring if q < 81) == [1, 9, 10]
    assert ring.count(81) == 5


def index(name: str) -> int:
    col, row = parse_point(name, 9)
    return row * 9 + col


def reply_to(game: Game, last: str, color: Color) -> int:
    board = game._board
    return answer(
        index(last), int(color), board.colors, board.chains, neighbours(9), diagonals(9), -1
    )


def test_the_playout_policy_captures_a_stone_left_in_atari():
    game = game_from_diagram(
        """
        3 . X . .
        2 X O X .
        1 . . . .
        """
    )
    assert reply_to(game, "B2", BLACK) == index("B1")


def test_the_playout_policy_runs_out_of_atari_into_open_space_but_not_into_a_ladder():
    game = game_from_diagram(
        """
        4 . . . . .
        3 . X . . .
        2 X O . . .
        1 . X . . .
        """
    )
    assert reply_to(game, "B3", WHITE) == index("C2")  # C2 gives three liberties
    walled = game_from_diagram(
        """
        4 . . . . .
        3 . X X . .
        2 X O . . .
        1 . X X . .
        """
    )
    assert reply_to(walled, "C3", WHITE) == -1  # C2 has only D2 beside it: still in atari


def test_the_playout_counts_komi_in_points():
    # Black 43 points to White's 38 on a settled board: ahead by 5, behind once komi (3.5
    # stones, 7 points) counts, and ahead with no komi.
    diagram = """
        9 . . . X O O . . .
        8 . . . X O . . . .
        7 . . . X X O . . .
        6 . . . . X O . . .
        5 . . . . X O . . .
        4 . . . . X O . . .
        3 . . . . X O . . .
        2 . . . . X O . . .
        1 . . . . X O . . .
        """
    for komi, black_wins in ((3.5, False), (0.0, True)):
        game = game_from_diagram(diagram, to_move=BLACK, komi=komi)
        search = bot(1, 300)
        search.search(game, BLACK)
        root = search._tree
        played = sum(root.played(p) for p in root.moves)
        won = sum(root.wins[p] - root.prior_wins[p] for p in root.moves)
        assert (won / played > 0.5) is black_wins


def test_the_tree_under_the_opponents_answer_is_kept_for_the_next_move():
    game = Game(9)
    search = bot(3, 400)
    search.choose(game, BLACK).apply(game, BLACK)
    ours = game.moves[-1].point
    under = search._tree.children[ours[1] * 9 + ours[0]]
    reply = max(under.children, key=under.played)
    game.play((reply % 9, reply // 9), WHITE)
    kept = under.children[reply]
    before = sum(kept.played(p) for p in kept.moves)
    search.choose(game, BLACK)
    assert search._tree is kept
    assert sum(kept.played(p) for p in kept.moves) == before + 400


def test_a_search_stopped_at_once_still_plays_a_legal_move():
    game = game_from_diagram(NINE_BY_NINE_3_6, to_move=BLACK)
    action = bot().choose(game, BLACK, stop=lambda: True)
    assert action.kind == "play" and game.is_legal(action.point, BLACK)
