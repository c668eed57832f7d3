"""The table across hands: scores, the dealer, rounds, the match's end and what outlives a hand.

A ``HandMachine`` forgets everything when its hand ends; what carries over lives here, so the
per-hand machine stays a pure function of ruleset, seed, dealer and actions. Each rule of the
match is written once, in this class: booking a hand (scores and hands played change nowhere
else), the round (the deal has gone round and come back to the round's opener), the match's
end (the table's hands or rounds, capped at 16 hands a round, or the ruleset's own rounds:
Zhongyou's four, ZY-02), the between-hands choices (Lengzi's 下炮, LZ-09), the first leaver's
payments (Lengzi's pot split, LZ-10) and standings with ties. Ruleset state that hands read
(Lengzi's pot and 下炮, Zhongyou's round wind) is the ruleset's ``table_state``, stored with
each hand so that it replays; only the ruleset reads its keys.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from qipai.mahjong.scoring import Payment, Settlement, net
from qipai.mahjong.table.errors import HandNotOver, IllegalAction, MahjongError
from qipai.mahjong.table.machine import HandMachine

if TYPE_CHECKING:
    from qipai.mahjong.rulesets.base import (
        Ruleset,  # the rules the machine asks; never imported at run time
    )

HANDS_PER_ROUND_CAP = 16
"""A table played by rounds ends after 16 hands a round at the latest, whoever keeps the deal."""


class MatchOver(MahjongError):
    """The match has ended (its length, or Zhongyou's four rounds); no further hand is dealt."""

    code = "match_over"


@dataclass(frozen=True)
class MatchLength:
    """The table's own length: a number of hands, or of rounds (capped), or none (the rules
    alone end the match, or it is played until the players stop)."""

    hands: int | None = None
    rounds: int | None = None

    def reached(self, hands_played: int, rounds_done: int) -> bool:
        if self.rounds is not None:
            return rounds_done >= self.rounds or hands_played >= self.rounds * HANDS_PER_ROUND_CAP
        return self.hands is not None and hands_played >= self.hands


@dataclass(frozen=True)
class Booked:
    """One hand of the match as its history shows it: the seat totals, and who escaped if
    the hand was cut short (PL-18)."""

    number: int
    dealer: int
    totals: tuple[int, ...]
    escaped: int | None = None


@dataclass(frozen=True)
class Place:
    """A row of the standings: equal scores share a place (the next place is skipped)."""

    seat: int
    score: int
    place: int


@dataclass
class Match:
    """Running table state. ``seed`` drives the first-dealer dice and re-rolls (SC-18)."""

    ruleset: Ruleset
    seed: int
    length: MatchLength = field(default_factory=MatchLength)
    scores: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    hands_played: int = 0
    dealer: int = -1
    table_state: dict = field(default_factory=dict)
    rounds_done: int = 0
    history: list[Booked] = field(default_factory=list)
    first_leaver: int | None = None
    """The match's first leaver, whose leaving set off the ruleset's payments (LZ-10)."""
    choices_made: dict[str, list[bool]] = field(default_factory=dict)
    """Each between-hands choice, per seat, as last chosen (all off at first)."""

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        if not self.table_state:
            self.table_state = self.ruleset.new_table_state()
        if self.dealer < 0:
            self.dealer = self.ruleset.first_dealer(self._rng)
        self.round_opener = self.dealer
        """The round's first dealer: when the deal passes back to him, a round is over."""

    @property
    def pot(self) -> int:
        """The table's pot as the ruleset keeps it (0 without a pot)."""
        return self.ruleset.table_pot(self.table_state)

    @pot.setter
    def pot(self, amount: int) -> None:
        """A coin room's pot holds what was paid in, which a short 点炮 may make less than
        was booked (PL-20): the next hand plays for the true balance."""
        self.ruleset.set_table_pot(self.table_state, amount)

    @property
    def over(self) -> bool:
        """Whether the match has ended: the table's length is played, or the ruleset's own
        number of rounds (Zhongyou after the North round, ZY-02)."""
        rounds = self.ruleset.match_rounds
        if rounds is not None and self.rounds_done >= rounds:
            return True
        return self.length.reached(self.hands_played, self.rounds_done)

    # --- between hands ---------------------------------------------------------------------------
    @property
    def choices(self) -> tuple[str, ...]:
        """The on/off choices every seat makes before each deal (``Ruleset`` hook)."""
        return self.ruleset.between_hands_choices()

    def choose(self, seat: int, choice: str, on: bool) -> None:
        """One seat's between-hands choice for the coming deals (Lengzi's 下炮, LZ-09)."""
        if choice not in self.choices:
            raise IllegalAction(f"this table has no choice {choice!r}")
        if seat not in range(4) or not isinstance(on, bool):
            raise IllegalAction(f"{choice} takes a seat 0..3 and on/off, not {seat!r}, {on!r}")
        self.ruleset.choose(self.table_state, seat, choice, on)
        self.choices_made.setdefault(choice, [False] * 4)[seat] = on

    def chosen(self, seat: int, choice: str) -> bool:
        return self.choices_made.get(choice, [False] * 4)[seat]

    # --- hands -----------------------------------------------------------------------------------
    def start_hand(self, seed: int) -> HandMachine:
        """Deal the next hand on a copy of the table state: booking it into the match later
        does not change what the hand (and its record) began with."""
        if self.over:
            raise MatchOver("the match is over")
        return HandMachine(self.ruleset, seed, self.dealer, copy.deepcopy(self.table_state))

    def finish_hand(self, hand: HandMachine) -> list[int]:
        """Book a finished hand: add its settlement to the scores, move the dealer and the
        round; the seat totals of the hand are returned."""
        if not hand.over or hand.settlement is None:
            raise HandNotOver("the hand is not over")
        totals = net(hand.settlement.payments)
        for seat in range(4):
            self.scores[seat] += totals.get(seat, 0)
        self.hands_played += 1
        self.ruleset.book_hand(hand, self.table_state)
        following = self.ruleset.next_dealer(hand)
        dealer = hand.dealer
        self.dealer = following if following is not None else self.ruleset.first_dealer(self._rng)
        if self.dealer != dealer and self.dealer == self.round_opener:
            self.rounds_done += 1
            self.ruleset.enter_round(self.table_state, self.rounds_done)
        seat_totals = hand.settlement.seat_totals()
        self.history.append(Booked(self.hands_played, dealer, tuple(seat_totals)))
        return seat_totals

    def book_cut_short(self, hand: HandMachine, settlement: Settlement, escaper: int) -> list[int]:
        """Book a hand an escape cut short with its settlement (PL-18); the dealer deals on."""
        totals = settlement.seat_totals()
        for seat in range(4):
            self.scores[seat] += totals[seat]
        self.hands_played += 1
        self.history.append(Booked(self.hands_played, hand.dealer, tuple(totals), escaper))
        return totals

    # --- leaving ---------------------------------------------------------------------------------
    def leave(self, seat: int) -> list[Payment]:
        """A seated player leaves the match: the first leaver sets off the ruleset's payments
        (Lengzi's pot split among the other three, LZ-10), booked into the scores; later
        leavers none."""
        if self.first_leaver is not None:
            return []
        self.first_leaver = seat
        payments = self.ruleset.first_leaver_payments(self.table_state, seat)
        for party, amount in net(payments).items():
            if party in range(4):
                self.scores[party] += amount
        return payments

    # --- the end ---------------------------------------------------------------------------------
    def standing(self) -> list[Place]:
        """Seats best first; equal scores share a place."""
        order = sorted(range(4), key=lambda s: (-self.scores[s], s))
        rows: list[Place] = []
        for index, seat in enumerate(order):
            place = index + 1
            if index and self.scores[seat] == self.scores[order[index - 1]]:
                place = rows[-1].place
            rows.append(Place(seat, self.scores[seat], place))
        return rows
