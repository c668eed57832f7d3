"""The search bot: always legal, seeded, passes only when the game is decided, reads tactics."""

from __future__ import annotations

import random

import pytest

from qipai.go import Color, Game, parse_point, sgf
from qipai.go.bot import BotAction
from qipai.go.mcts import MctsBot
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
