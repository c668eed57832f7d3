"""The table bot: fills empty seats and plays for a disconnected player (托管).

The bot itself (``qipai.mahjong.bot_player``) decides from the seat's redacted view and its
``legal_actions`` only; these calls hand it that view and nothing else, at a level (easy, normal,
strong; normal by default, the hall's seat filler). Today's shape bot is kept as the league's
baseline (``qipai.mahjong.bot_shape``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from qipai.mahjong import bot_player, bot_shape
from qipai.mahjong.bot_player import LEVELS
from qipai.mahjong.table.actions import Action
from qipai.mahjong.table.machine import HandMachine

if TYPE_CHECKING:
    from qipai.mahjong.table.match import Match

DEFAULT_LEVEL = "normal"
BASELINE = "shape"
"""Today's shape bot, by the name benches and the tests recorded with it ask for (not a level
a player chooses: it reads the machine, not only its seat's view)."""
__all__ = [
    "BASELINE",
    "DEFAULT_LEVEL",
    "LEVELS",
    "choose_action",
    "choose_between_hands",
    "play_hand",
    "play_match",
]


def choose_action(hand: HandMachine, seat: int, level: str = DEFAULT_LEVEL) -> Action | None:
    """The bot's move for ``seat`` now, or None if the seat has nothing to decide."""
    if seat not in hand.to_act():
        return None
    if level == BASELINE:
        return bot_shape.choose_action(hand, seat)
    return bot_player.decide(hand.ruleset, hand.view(seat), seat, level)


def choose_between_hands(
    scores: list[int], seat: int, choice: str, level: str = DEFAULT_LEVEL
) -> bool:
    """The bot's on/off choice before a deal (Lengzi's 下炮, LZ-09)."""
    if level == BASELINE:
        return bot_shape.choose_between_hands(scores, seat, choice)
    return bot_player.choose_between_hands(scores, seat, choice, level)


def play_hand(hand: HandMachine, levels: Sequence[str] | None = None) -> HandMachine:
    """Let bots play every seat until the hand ends (the library call behind 'four bots')."""
    levels = levels or [DEFAULT_LEVEL] * 4
    while not hand.over:
        for seat in hand.to_act():
            if hand.over:
                break
            if seat in hand.to_act():
                action = choose_action(hand, seat, levels[seat])
                assert action is not None
                hand.apply(action)
    return hand


def play_match(match: Match, seed: int, levels: Sequence[str] | None = None) -> Match:
    """Let bots play a whole match: before every deal each seat makes the ruleset's
    between-hands choices (Lengzi's 下炮), then the hand is played out and booked, until the
    match is over. ``seed`` draws each hand's seed, so the match replays from the two seeds."""
    levels = levels or [DEFAULT_LEVEL] * 4
    rng = random.Random(seed)
    while not match.over:
        for choice in match.choices:
            for seat in range(4):
                on = choose_between_hands(match.scores, seat, choice, levels[seat])
                match.choose(seat, choice, on)
        match.finish_hand(play_hand(match.start_hand(rng.getrandbits(63)), levels))
    return match
