"""The built-in bot: legal, sensible, seeded, and it always finishes a game."""

from __future__ import annotations

import random

import pytest

from qipai.go import Color, Game, sgf
from qipai.go.bot import BotAction, SimpleBot
from tests.go.diagrams import game_from_diagram
from tests.go.test_rules_book import NINE_BY_NINE_3_6

BLACK, WHITE = Color.BLACK, Color.WHITE


def bot(seed: int = 0) -> SimpleBot:
    return SimpleBot(random.Random(seed))


def test_captures_a_stone_in_atari():
    game = game_from_diagram(
        """
        3 . X . . .
        2 X O . . .
        1 . X . . .
        """
    )
    assert bot().choose(game, BLACK) == BotAction("play", (2, 1))


def test_rescues_its_own_stone_in_atari():
    game = game_from_diagram(
        """
        3 . O . . .
        2 O X . . .
        1 . O . . .
        """
    )
    assert bot().choose(game, BLACK) == BotAction("play", (2, 1))


def test_does_not_fill_its_own_eyes_and_passes_when_nothing_is_left():
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
    # A5 is Black's only eye; everything else is White's settled area or self-atari
    assert bot().choose(game, BLACK) == BotAction("pass")


def test_never_plays_into_self_atari_that_captures_nothing():
    game = game_from_diagram(
        """
        3 O O O . .
        2 . . O . .
        1 O O O . .
        """,
        size=5,
    )
    for seed in range(20):
        action = bot(seed).choose(game, BLACK)
        assert action.point not in {(0, 1), (1, 1)}


def test_fills_the_last_dame_then_passes():
    game = game_from_diagram(NINE_BY_NINE_3_6, to_move=BLACK)
    assert bot().choose(game, BLACK) == BotAction("play", (4, 4))
    game.play("E5")
    assert bot().choose(game, WHITE) == BotAction("pass")


def test_accepts_the_proposed_dead_stones_once():
    game = game_from_diagram(NINE_BY_NINE_3_6)
    game.pass_()
    game.pass_()
    assert bot().choose(game, BLACK) == BotAction("confirm")
    game.confirm(BLACK)
    assert bot().choose(game, BLACK) is None
    assert bot().choose(game, WHITE) == BotAction("confirm")


def test_has_nothing_to_do_out_of_turn():
    assert bot().choose(Game(9), WHITE) is None


def self_play(size: int, seed: int) -> Game:
    game = Game(size)
    players = {BLACK: bot(seed), WHITE: bot(seed + 1000)}
    for _ in range(3 * size * size):
        if game.phase == "over":
            break
        for color in (BLACK, WHITE):
            action = players[color].choose(game, color)
            if action is not None:
                action.apply(game, color)
    return game


@pytest.mark.parametrize("seed", range(4))
def test_self_play_on_9x9_always_reaches_a_counted_result(seed):
    game = self_play(9, seed)
    assert game.phase == "over" and game.result.reason == "count"
    assert game.is_valid


def test_a_seeded_bot_replays_identically():
    assert sgf.dumps(self_play(9, 7)) == sgf.dumps(self_play(9, 7))
    assert sgf.dumps(self_play(9, 7)) != sgf.dumps(self_play(9, 8))
