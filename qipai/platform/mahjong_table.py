"""A mahjong table as a sans-I/O object: the match from the first deal to the end, with its clocks.

The server pumps it the way hypercorn pumps h11 (the data in and out: ``mahjong_table_io``): it
hands in what happened (an action, a ready, a choice, a leaver, who is present, the stake it
read) and the current time as a plain float, calls ``advance`` when ``next_deadline`` has come, and drains ``outputs``: what to publish
(``Publish``, ``Escaped``, ``Ended``, ``Confirm``), what to store (``HandDone``, ``Escaped``,
``WinnerLeft``, ``LeftBetween``) and whose seat the bot takes (``ToBot``). Nothing here sleeps,
reads a clock or writes a file, so a whole match replays from its seed, inputs and times.

The table's rules kept here, each once: MJ-06's turn and claim limits (the machine's
``default_action`` on a timeout, 托管 after two in a row), MJ-08's hidden claim windows (a seat
that may only pass is answered at once; the answer that would close a window is held until
the window has been open ``claim_delay``), the pause between hands, PL-17's escape grace and
PL-18's escapes, PL-22's winner who leaves, the coin room's deal only at a fresh stake (PL-14)
and its end when a player departs, and the bot for bot, 托管 and absent seats.

Nothing is shown as done before it is durable: when a hand ends (or is cut short by an
escape) the match asks for its record (``HandDone``, ``Escaped``) and waits, ``storing``,
showing the figures from before the hand, until the server says the record is committed
(``stored``: then the settlement or the escape is published and the match goes on) or could
not be (``store_failed``: the match stops there, as if the hand had never ended).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from qipai.mahjong.bots import choose_action, choose_between_hands
from qipai.mahjong.rulesets.base import Ruleset
from qipai.mahjong.table.actions import Action, ActionType
from qipai.mahjong.table.errors import NotYourTurn, WrongPhase
from qipai.mahjong.table.events import Event
from qipai.mahjong.table.machine import HandMachine, Phase
from qipai.mahjong.table.match import Match
from qipai.platform.escape import escape_settlement
from qipai.platform.mahjong_table_io import (
    NEVER,
    NOW,
    Confirm,
    Ended,
    Escaped,
    Figures,
    HandDone,
    LeftBetween,
    Output,
    Presence,
    Publish,
    TableRules,
    Timing,
    ToBot,
    WinnerLeft,
)

TIMEOUTS_BEFORE_AUTO = 2
CLAIM_PHASES = (Phase.CLAIM, Phase.ROB)


CLAIM_EVENTS = ("claimed", "won")


def window_closer(actor: int, events: list[Event]) -> int:
    """Whom the event that closes a claim window names (MJ-08): the claimant whose claim took
    effect, else the seat that offered the tile. Never the seat whose answer came last: the
    seats that may only pass are answered at once, so the last answer is most often the one
    that could have claimed and declined. For the same reason a timeout there is a ``play``."""
    for event in events:
        if event.type in CLAIM_EVENTS:
            return event.public["seat"]
    return actor


@dataclass(frozen=True)
class Storing:
    """A hand whose record the server is committing: what to publish once it is (``announce``:
    the settlement, or the escape), and how the match goes on then."""

    number: int
    announce: Publish
    last: bool
    escaper: int | None = None


class MahjongTableMatch:
    """The match of one table. ``rng`` draws the seats, the match's seed and each hand's."""

    def __init__(
        self, ruleset: Ruleset, rules: TableRules, timing: Timing, rng: random.Random
    ) -> None:
        self.ruleset = ruleset
        self.rules = rules
        self.timing = timing
        self.rng = rng
        self.match: Match | None = None
        self.hand: HandMachine | None = None
        self.hand_number = 0
        self.hand_start_state: dict[str, Any] = {}
        self.finished = False
        self.between = False
        self.between_until = NEVER
        self.ready: set[int] = set()
        self.auto: set[int] = set()
        self.timeouts = [0, 0, 0, 0]
        self.deadline: float | None = None
        self.prompt_key: tuple | None = None
        """The turn or claim window being answered: a new one starts the clocks."""
        self.window_opened = 0.0
        self.changed_at = 0.0
        self.held: Action | None = None
        self.dealt_at = 0.0
        self.departed: set[int] = set()
        self.presence = Presence()
        self._deal_due = False
        self._bots_to_choose = False
        self._staked_for = 0
        """The hand number the stake was read for: a coin room deals only at a fresh stake."""
        self.storing: Storing | None = None
        self._before: Figures | None = None
        """The figures shown while a hand is stored, and after it could not be."""
        self._leaving: list[int] = []
        """Seats whose players left while a hand was stored: they leave once it is."""
        self._outputs: list[Output] = []

    # ------------------------------------------------------------------ pumping

    def outputs(self) -> list[Output]:
        """What happened since the last call, in order."""
        drained, self._outputs = self._outputs, []
        return drained

    def touch(self, now: float) -> None:
        """Something changed at the table: bots wait ``bot_pause`` from here."""
        self.changed_at = now

    def start(self, occupants: list[Any], now: float) -> list[Any]:
        """The four seats are taken: the seat order (drawn by lot if the room says), the
        match, and a pause for the between-hands choices or the first deal."""
        if self.rules.random_seats:
            occupants = list(occupants)
            self.rng.shuffle(occupants)
        self.match = Match(self.ruleset, self.rng.getrandbits(63), self.rules.length)
        if self.match.choices:
            self._pause(now)  # LZ-09: chosen before each deal, the first one included
        else:
            self._deal_due = True
        return occupants

    def next_deadline(self) -> float:
        """When ``advance`` has something to do (``NOW`` at once, ``NEVER`` on no clock)."""
        if self.finished or self.match is None or self.storing is not None:
            return NEVER
        if self._deal_due:
            return NOW
        hand = self.hand
        if hand is None or self.between:
            return NOW if self._bots_to_choose or self._all_ready() else self.between_until
        times = [NEVER]
        if self.held is not None:
            times.append(self.window_opened + self.timing.claim_delay)
        for seat in hand.to_act():
            if self._holds(seat):
                continue
            if self.pass_only(seat):
                return NOW
            if self.served(seat):
                times.append(self.changed_at + self._bot_pause())
        if self.deadline is not None:
            times.append(self.deadline)
        escape = self._next_escape()
        if escape is not None:
            times.append(escape[1])
        return min(times)

    def advance(self, now: float) -> bool:
        """Do one thing that is due at ``now``; False when nothing is."""
        if self.finished or self.match is None or self.storing is not None:
            return False
        if self._deal_due:
            return self._deal_if_staked(now)
        hand = self.hand
        if hand is None or self.between:
            if self._bots_to_choose:
                self._bots_choose()
                return True
            if self._all_ready() or now >= self.between_until:
                return self._deal_if_staked(now)
            return False
        escape = self._next_escape()
        if escape is not None and now >= escape[1]:
            self._escape(escape[0], "disconnected")
            return True
        if self.held is not None and now >= self.window_opened + self.timing.claim_delay:
            held, self.held = self.held, None
            self._apply(held, "play", now)
            return True
        for seat in hand.to_act():
            if self._holds(seat):
                continue
            if self.pass_only(seat):
                self._submit(Action(seat, ActionType.PASS), "play", now)
                return True
            if self.served(seat) and now >= self.changed_at + self._bot_pause():
                self._answer(self._server_choice(hand, seat), now)
                return True
        if self.deadline is not None and now >= self.deadline:
            self._time_out(hand, now)
            return True
        return False

    # ------------------------------------------------------------------ who plays what

    def served(self, seat: int) -> bool:
        """The server plays this seat: a bot, 托管 after timeouts, or a player who is away."""
        presence = self.presence
        return seat in presence.bots or seat in self.auto or seat in presence.absent

    @property
    def hides_claims(self) -> bool:
        """MJ-08's delay matters only where two or more people can watch each other's timing."""
        return self.presence.people >= 2 and not self.rules.hotseat

    def _bot_pause(self) -> float:
        return self.timing.bot_pause if self.presence.people else 0.0

    def _server_choice(self, hand: HandMachine, seat: int) -> Action:
        """The bot plays bots (at the table's level) and 托管 seats (normal); an absent
        player's seat, whose hand may yet count as an escape, is played as on a timeout
        (PL-17): no claims, only compulsory wins."""
        if seat in self.presence.bots:
            action = choose_action(hand, seat, self.rules.bot_level)
        elif seat in self.auto:
            action = choose_action(hand, seat)
        else:
            action = hand.default_action(seat)
        assert action is not None
        return action

    def pass_only(self, seat: int) -> bool:
        hand = self.hand
        assert hand is not None
        if hand.phase not in CLAIM_PHASES:
            return False
        legal = hand.legal_actions(seat)
        return len(legal) == 1 and legal[0].type is ActionType.PASS

    def _holds(self, seat: int) -> bool:
        return self.held is not None and self.held.seat == seat

    def answered(self, seat: int) -> bool:
        """The seat has nothing more to answer in this claim window (MJ-08)."""
        return self.pass_only(seat) or self._holds(seat)

    def in_hand(self) -> bool:
        hand = self.hand
        playing = not self.between and not self.finished and self.storing is None
        return hand is not None and not hand.over and playing

    # ------------------------------------------------------------------ requests

    def act(self, action: Action, now: float) -> None:
        """A player's move; refusals are typed (``MahjongError``) and change nothing."""
        hand = self.hand
        seat = action.seat
        if self.storing is not None:
            raise WrongPhase("the hand has ended; storing its record")
        if hand is None or self.between:
            raise WrongPhase("no hand is being played")
        if self._holds(seat):
            raise NotYourTurn("you have answered already")
        if self.pass_only(seat):
            raise NotYourTurn("you have nothing to answer")
        if action not in hand.legal_actions(seat):
            hand.apply(action)  # the machine's own refusal, changing nothing
        self.timeouts[seat] = 0
        self.set_auto(seat, False)
        self._answer(action, now)

    def set_auto(self, seat: int, on: bool) -> None:
        """托管 on or off by the player's own request."""
        if not on:
            self.timeouts[seat] = 0
        if on != (seat in self.auto):
            (self.auto.add if on else self.auto.discard)(seat)
            self._publish("auto", seat=str(seat), on=on)

    def mark_ready(self, seat: int, seats: Iterable[int]) -> None:
        """Between hands: ``seats`` (all of one player's) are ready for the next deal."""
        if not self.between:
            raise WrongPhase("ready is for the pause between hands")
        self.ready.update(seats)
        self._publish("ready", seat=str(seat))

    def choose(self, seat: int, choice: str, on: bool) -> None:
        """A seat's between-hands choice (Lengzi's 下炮, LZ-09), public like what it sets."""
        if not self.between:
            raise WrongPhase(f"{choice} is chosen before a deal")
        assert self.match is not None
        self.match.choose(seat, choice, on)
        self._publish(choice, seat=str(seat), on=on)

    def leave(self, seat: int, now: float) -> None:
        """A seated player leaves the running match: an escape during a hand (PL-17/18), a
        forfeited win for a xuezhan winner (SC-16), free between hands; the match's first
        leaver sets off the ruleset's payments (LZ-10)."""
        if self.rules.hotseat:
            self._emit(ToBot(seat))
            return
        if self.storing is not None:
            self._leaving.append(seat)  # the hand has ended: a leave between hands, once stored
            return
        if self.in_hand():
            hand = self.hand
            assert hand is not None
            if hand.seats[seat].win is None:
                self._escape(seat, "left")
                return
            self.departed.add(seat)
            if not hand.seats[seat].left:
                self._apply(Action(seat, ActionType.LEAVE), "play", now)
            self._emit(WinnerLeft(seat, self.hand_number))
        else:
            match = self.match
            assert match is not None
            first = match.first_leaver is None
            match.leave(seat)
            self.departed.add(seat)
            self._emit(LeftBetween(seat, self.hand_number, first))
            if self.rules.coins:
                self._end(Ended(left=(seat,)))
        self._emit(ToBot(seat))

    # ------------------------------------------------------------------ coins

    def stake_due(self, now: float) -> bool:
        """A coin room must read the stake (PL-14) before the deal that is due."""
        if not self.rules.coins or self.finished or self.match is None:
            return False
        if self.storing is not None:
            return False
        if self._staked_for == self.hand_number + 1:
            return False
        if self._deal_due:
            return True
        pausing = self.hand is None or self.between
        return pausing and (self._all_ready() or now >= self.between_until)

    def restake(self, ruleset: Ruleset, pot: int | None) -> None:
        """The coming deal's ruleset at its stake, and the pot's true balance."""
        assert self.match is not None
        self.ruleset = self.match.ruleset = ruleset
        if pot is not None:
            self.match.pot = pot
        self._staked_for = self.hand_number + 1

    def below_minimum(self, seats: tuple[int, ...]) -> None:
        """Players below the room's minimum: a coin table deals only to four, so it ends."""
        self._end(Ended(below_minimum=seats))

    # ------------------------------------------------------------------ hands

    def _deal_if_staked(self, now: float) -> bool:
        if self.rules.coins and self._staked_for != self.hand_number + 1:
            return False
        match = self.match
        assert match is not None
        self._deal_due = False
        self.between = False
        self.ready.clear()
        self.hand_number += 1
        self.hand = hand = match.start_hand(self.rng.getrandbits(63))
        self.hand_start_state = copy.deepcopy(hand.table_state)
        self.dealt_at = now
        self.prompt_key = None
        self._new_prompt(hand, now)
        self._publish("deal", events=hand.events)
        return True

    def _submit(self, action: Action, kind: str, now: float) -> None:
        """Apply, unless it is the answer that would close a claim window too early (MJ-08)."""
        hand = self.hand
        assert hand is not None
        closes = hand.phase in CLAIM_PHASES and hand.to_act() == [action.seat]
        if closes and self.hides_claims and now < self.window_opened + self.timing.claim_delay:
            if action not in hand.legal_actions(action.seat):
                hand.apply(action)  # raises the machine's typed refusal, changing nothing
            self.held = action
            return
        self._apply(action, kind, now)

    def _answer(self, action: Action, now: float) -> None:
        """Submit for a seat whose player may be watching: an answer that published nothing
        (a claim answer while others still think) is confirmed to that player alone."""
        before = len(self._outputs)
        self._submit(action, "play", now)
        if len(self._outputs) == before and action.seat not in self.presence.bots:
            self._emit(Confirm(action.seat))

    def _apply(self, action: Action, kind: str, now: float) -> None:
        hand = self.hand
        assert hand is not None
        answering = hand.phase in CLAIM_PHASES and action.type is not ActionType.LEAVE
        window = hand.window if answering else None
        events = hand.apply(action)
        by = action.seat
        if window is not None:  # MJ-08: the closing answer names nobody who could claim
            by, kind = window_closer(window.actor, events), "play"
        self._new_prompt(hand, now)
        over = hand.over
        if over:  # the end itself (the win) at once; its settlement once it is stored
            ended = [e for e in events if e.type == "hand_ended"]
            events = [e for e in events if e.type != "hand_ended"]
            self._book(hand, ended)
        if events or over:  # an end with no other event is still shown (phase ending)
            self._publish(kind, by=str(by), events=events)

    def _new_prompt(self, hand: HandMachine, now: float) -> None:
        """A new turn or claim window starts its timer (MJ-06) and, for claims, MJ-08's clock."""
        window = hand.window
        if window is not None:
            key: tuple = (hand.phase, window.actor, window.tile)
        elif hand.phase is Phase.TURN:
            key = (hand.phase, len(hand.actions))
        else:
            key = (hand.phase,)
        if key == self.prompt_key:
            return
        self.prompt_key = key
        if hand.phase in CLAIM_PHASES:
            self.window_opened = now
        if not self.rules.timed or hand.over:
            self.deadline = None
            return
        limit = self.timing.claim if hand.phase in CLAIM_PHASES else self.timing.turn
        self.deadline = now + limit

    def _time_out(self, hand: HandMachine, now: float) -> None:
        """MJ-06: the table acts for every seat still to answer; two in a row hand it to the bot."""
        self.deadline = None
        for seat in list(hand.to_act()):
            if hand.over or seat not in hand.to_act() or self._holds(seat):
                continue
            action = hand.default_action(seat)
            if action is None:
                continue
            self.timeouts[seat] += 1
            self._submit(action, "timeout", now)
            if self.storing is not None:
                return
            if self.timeouts[seat] >= TIMEOUTS_BEFORE_AUTO and seat not in self.auto:
                self.auto.add(seat)
                self._publish("auto", seat=str(seat), on=True)

    def _book(self, hand: HandMachine, ended: list[Event]) -> None:
        """Score the hand into the match and ask for its record; the match goes on (to its
        end, or a pause before the next deal) once the record is stored."""
        match = self.match
        assert match is not None
        self._before = self.figures()
        match.finish_hand(hand)
        last = match.over or bool(self.rules.coins and self.departed)
        self._emit(HandDone(hand, self.hand_number, self.hand_start_state, last))
        self.deadline = None
        self.held = None
        announce = Publish("settled", ended, {"hand_number": self.hand_number})
        self.storing = Storing(self.hand_number, announce, last)

    # ------------------------------------------------------------------ storing

    def figures(self) -> Figures:
        """What the table shows of the match: from before a hand still being stored."""
        if self._before is not None:
            return self._before
        match = self.match
        assert match is not None
        return Figures(tuple(match.scores), match.pot, match.dealer, match.rounds_done)

    def stored(self, number: int, now: float) -> None:
        """The record of hand ``number`` is committed: its settlement (or escape) is published
        and the match goes on."""
        storing = self.storing
        if storing is None or storing.number != number:
            raise WrongPhase(f"hand {number} is not being stored")
        match = self.match
        assert match is not None
        self.storing = None
        self._before = None
        self._emit(storing.announce)
        escaper = storing.escaper
        if escaper is not None and self.rules.coins:
            self._end(Ended(escaped=escaper))
        elif escaper is not None:
            self._emit(ToBot(escaper))
            if match.over:
                self._end(Ended())
            else:
                self._pause(now)
        elif storing.last:
            self._end(Ended())
        else:
            self._pause(now)
        leaving, self._leaving = self._leaving, []
        for seat in leaving:
            if not self.finished:
                self.leave(seat, now)

    def store_failed(self, number: int) -> None:
        """The record of hand ``number`` could not be committed: nothing of it is published
        (nor its coins moved: one transaction), and the match stops there rather than deal on
        as if it were stored; the scores are those from before it."""
        storing = self.storing
        if storing is None or storing.number != number:
            raise WrongPhase(f"hand {number} is not being stored")
        match = self.match
        assert match is not None and self._before is not None
        self.storing = None
        self._leaving = []
        match.scores = list(self._before.scores)
        self._end(Ended(not_stored=number))

    def _pause(self, now: float) -> None:
        """Between hands: the next deal waits for every player's ``ready`` (or the clock of
        a timed table); first the bots make their between-hands choices."""
        self.between = True
        self.ready.clear()
        wait = self.timing.next_hand if self.rules.timed else NEVER
        self.between_until = now + wait
        self._bots_to_choose = True

    def _bots_choose(self) -> None:
        """Every seat chooses before every deal (LZ-09): the bot for the seats it plays."""
        self._bots_to_choose = False
        match = self.match
        assert match is not None
        for choice in match.choices:
            for seat in sorted(self.presence.bots):
                on = choose_between_hands(match.scores, seat, choice, self.rules.bot_level)
                if on != match.chosen(seat, choice):
                    self.choose(seat, choice, on)

    def _all_ready(self) -> bool:
        return all(s in self.ready or self.served(s) for s in range(4))

    # ------------------------------------------------------------------ escapes

    def _next_escape(self) -> tuple[int, float] | None:
        """The first absent player whose hand becomes an escape, and when (PL-17: away more
        than the grace while a hand is played, counted from the deal at the latest)."""
        away = self.presence.away
        if not away or not self.in_hand() or self.rules.hotseat:
            return None
        hand = self.hand
        assert hand is not None
        due = [
            (max(since, self.dealt_at) + self.timing.escape_grace, seat)
            for seat, since in away.items()
            if seat not in self.presence.bots and hand.seats[seat].win is None
        ]
        if not due:
            return None
        when, seat = min(due)
        return seat, when

    def _escape(self, seat: int, cause: str) -> None:
        """PL-18: the hand ends at once; the payments due stand and the escaper pays 16 ×
        stake to the other three. A coin match ends; a friendly one deals on (same dealer)
        with the bot in the escaper's seat."""
        hand, match = self.hand, self.match
        assert hand is not None and match is not None
        settlement = escape_settlement(hand, seat, self.ruleset.options.base)
        self._before = self.figures()
        match.book_cut_short(hand, settlement, seat)
        first = match.first_leaver is None
        match.leave(seat)
        self.departed.add(seat)
        self.deadline = None
        self.held = None
        number = self.hand_number
        self._emit(Escaped(hand, number, self.hand_start_state, seat, cause, settlement, first))
        detail = {"seat": str(seat), "cause": cause, "settlement": settlement.to_wire()}
        self.storing = Storing(number, Publish("escaped", None, detail), self.rules.coins, seat)

    def _end(self, why: Ended) -> None:
        self.finished = True
        self._emit(why)

    # ------------------------------------------------------------------ outputs

    def _publish(self, kind: str, events: list[Event] | None = None, **detail: Any) -> None:
        self._emit(Publish(kind, events, detail))

    def _emit(self, output: Output) -> None:
        self._outputs.append(output)
