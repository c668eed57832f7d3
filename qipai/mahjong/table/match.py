"""The table across hands: scores, the dealer, and ruleset state that outlives a hand.

A ``HandMachine`` forgets everything when its hand ends; what carries over (running scores, who
deals next, Lengzi's pot, round wind, 下炮 toggles) lives here, so the per-hand machine stays a
pure function of ruleset, seed, dealer and actions. Ruleset facts about the table (the pot,
whether the rules have ended the match) are read from ``table_state`` through the ruleset, so
there is one place where each is kept.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from qipai.mahjong.scoring import net
from qipai.mahjong.table.errors import HandNotOver, MahjongError
from qipai.mahjong.table.machine import HandMachine

if TYPE_CHECKING:
    from qipai.mahjong.rulesets.base import (
        Ruleset,  # the rules the machine asks; never imported at run time
    )


class MatchOver(MahjongError):
    """The rules have ended the match (Zhongyou's four rounds); no further hand is dealt."""

    code = "match_over"


@dataclass
class Match:
    """Running table state. ``seed`` drives the first-dealer dice and re-rolls (SC-18)."""

    ruleset: Ruleset
    seed: int
    scores: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    hands_played: int = 0
    dealer: int = -1
    table_state: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        if not self.table_state:
            self.table_state = self.ruleset.new_table_state()
        if self.dealer < 0:
            self.dealer = self.ruleset.first_dealer(self._rng)

    @property
    def pot(self) -> int:
        """The table's pot as the ruleset keeps it in ``table_state`` (0 without a pot), so a
        pot split when a player leaves, or set by the server, shows here too."""
        return self.ruleset.table_pot(self.table_state)

    @property
    def over(self) -> bool:
        """Whether the rules have ended the match; rulesets without such a rule never do, and
        the table's own match length (hands or rounds) decides."""
        return self.ruleset.match_over(self.table_state)

    def start_hand(self, seed: int) -> HandMachine:
        if self.over:
            raise MatchOver("the match is over")
        return HandMachine(self.ruleset, seed, self.dealer, self.table_state)

    def finish_hand(self, hand: HandMachine) -> list[int]:
        """Book a finished hand: add its settlement to the scores, move the dealer; the seat
        totals of the hand are returned."""
        if not hand.over or hand.settlement is None:
            raise HandNotOver("the hand is not over")
        totals = net(hand.settlement.payments)
        for seat in range(4):
            self.scores[seat] += totals.get(seat, 0)
        self.hands_played += 1
        self.ruleset.book_hand(hand, self.table_state)
        following = self.ruleset.next_dealer(hand)
        self.dealer = following if following is not None else self.ruleset.first_dealer(self._rng)
        return hand.settlement.seat_totals()
