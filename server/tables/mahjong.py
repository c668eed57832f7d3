"""A mahjong table: four seats around a ``Match`` of ``HandMachine`` hands, run by the server.

Every rule is the machine's; this class decides who may send what and when.  It keeps MJ-06's
timers (acting for a seat with the machine's ``default_action`` when one runs out, and handing
the seat to the bot after two in a row), plays bot, auto and disconnected seats with the
table bot, and hides who could claim a discard (MJ-08): seats whose only option is to pass
are answered at once by the server, and the answer that would close a claim window is held
until the window has been open ``claim_delay`` seconds, so neither messages nor timing tell.

Each applied action is published once, as the machine's events plus the view after it, every
receiver getting only what its seats may see (``Event`` redaction, ``HandMachine.view``).
"""

from __future__ import annotations

import copy
import json
import logging
import random
import secrets
import threading
import time
from functools import partial
from typing import TYPE_CHECKING, Any

import trio

from qipai.mahjong.analysis import prepare_tables
from qipai.mahjong.bots import choose_action
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.rulesets.lengzi import leave_table, set_xiapao
from qipai.mahjong.scoring import Settlement, net
from qipai.mahjong.table import Action, ActionType, IllegalAction, MahjongError
from qipai.mahjong.table.events import Event
from qipai.mahjong.table.machine import HandMachine, Phase
from qipai.mahjong.table.match import Match
from qipai.mahjong.table_options import MahjongOptions
from qipai.platform.ledger import pot_account
from qipai.platform.rooms import (
    RoomTier,
    economy_fee,
    room_fee,
    seats_to_stand_up,
    stake_for,
)
from qipai.protocol import ErrorCode, ProtocolError, encode

from .. import economy
from ..economy import HandCoins
from ..store import MahjongHand
from .base import _GAME_KEY, _VIEW_KEY, _YOU_KEY, Occupant, Table, _entries, _map_header
from .mahjong_config import MahjongConfig
from .mahjong_escape import (
    EscapeCoins,
    escape_settlement,
    payments_due,
    record_escape,
    record_leaver_fee,
    record_leaving,
)

if TYPE_CHECKING:
    from ..hall import Hall
    from ..session import Session

log = logging.getLogger(__name__)

TABLE_ACTIONS = ("ready", "auto", "manual", "add_bots", "xiapao", "incremental", "show")
MACHINE_ACTIONS = frozenset(a.value for a in ActionType)
TIMEOUTS_BEFORE_AUTO = 2
HANDS_PER_ROUND_CAP = 16
CLAIM_PHASES = (Phase.CLAIM, Phase.ROB)
_HAND_KEY = encode("hand")


_PREPARING = threading.Lock()


def prepare_analysis() -> None:
    """Build the bot's shanten tables (seconds, once per process) off the event loop: built
    lazily by a first bot decision they would stall every connection of the hall."""
    with _PREPARING:
        prepare_tables()


def protocol_error(error: MahjongError) -> ProtocolError:
    """The machine's stable codes go out as they are; the few generic ones are mapped."""
    mapped = {"malformed_action": ErrorCode.BAD_FIELD, "hand_over": ErrorCode.WRONG_PHASE}
    code = mapped.get(error.code)
    if code is None:
        try:
            code = ErrorCode(error.code)
        except ValueError:
            code = (
                ErrorCode.ILLEGAL_ACTION
                if isinstance(error, IllegalAction)
                else ErrorCode.BAD_FIELD
            )
    return ProtocolError(code, error.message)


def redact(event: Event, seats: frozenset[int]) -> dict[str, Any]:
    """An event as a receiver holding ``seats`` may see it (hot-seat holds several)."""
    wire = {"type": event.type, **event.public}
    if event.private is not None and event.to in seats:
        wire["private"] = dict(event.private)
    return wire


def standing(names: list[str], scores: list[int]) -> list[dict[str, Any]]:
    """Seats best first; equal scores share a place."""
    order = sorted(range(4), key=lambda s: (-scores[s], s))
    rows = []
    for index, seat in enumerate(order):
        place = index + 1
        if index and scores[seat] == scores[order[index - 1]]:
            place = rows[-1]["place"]
        rows.append({"seat": str(seat), "name": names[seat], "score": scores[seat], "place": place})
    return rows


class MahjongTable(Table):
    seat_order = ("0", "1", "2", "3")
    options: MahjongOptions

    def __init__(self, hall: Hall, table_id: int, options: MahjongOptions, created_by: str) -> None:
        self.room = options.room
        super().__init__(hall, table_id, options, created_by)
        self.config: MahjongConfig = hall.config.mahjong
        seed = self.config.seed
        self.rng = random.Random(secrets.randbits(64) if seed is None else seed + table_id)
        self.ruleset = get_ruleset(options.ruleset, options.rules)
        self.options_wire = options.to_wire()
        self.incremental: set[str] = set()
        self.history_published = 0
        """Players whose connection takes events without the full view (``publish``)."""
        self.match: Match | None = None
        self.hand: HandMachine | None = None
        self.hand_start_state: dict[str, Any] = {}
        self.hand_number = 0
        self.history: list[dict[str, Any]] = []
        self.rounds_done = 0
        self.round_opener = 0
        self.finished = False
        self.between = False
        self.between_until = float("inf")
        self.ready: set[int] = set()
        self.auto: set[int] = set()
        self.timeouts = [0, 0, 0, 0]
        self.deadline: float | None = None
        self.prompt_key: tuple | None = None
        self.window_opened = 0.0
        self.changed_at = 0.0
        self.held: Action | None = None
        self.last_seat: dict[str, int] = {}
        self.showing: dict[str, int] = {}
        """The seat a hot-seat player asked to see in this claim window (``show``)."""
        self._deal_due = False
        self._timer: trio.CancelScope | None = None
        self.tier = RoomTier[options.tier.upper()] if options.tier else None
        self.stake: int | None = None
        self.staked_hand = 0
        """The hand number ``stake`` was computed for: a coin room deals only at a fresh stake."""
        self.pot = pot_account(f"table:{table_id}") if self.tier and self.chooses_xiapao else None
        self.dealt_at = 0.0
        self.departed: set[int] = set()
        """Seats whose player left during the match: a coin match ends with the hand (PL-17)."""
        self.fee_paid: set[int] = set()
        """Seats that paid this hand's fee when leaving it (a xuezhan winner, PL-22)."""
        self.coins: dict[str, int] = {}
        """A coin room's balances by player, public at the table: read with each stake and
        after each hand's coins are written."""
        self.coins_moved: dict[str, Any] | None = None
        """The last written hand's coins per seat (``game.coins_moved``)."""

    # ------------------------------------------------------------------ who plays what

    @property
    def phase(self) -> str:
        if self.finished:
            return "over"
        if not self.started:
            return "waiting"
        return "between" if self.between or self.hand is None else "playing"

    def occupant(self, seat: int) -> Occupant:
        occupant = self.seats[str(seat)]
        assert occupant is not None
        return occupant

    def served(self, seat: int) -> bool:
        """The server plays this seat: a bot, 托管 after timeouts, or a player who is away."""
        occupant = self.occupant(seat)
        return occupant.bot or seat in self.auto or not self.hall.is_online(occupant.name)

    @property
    def humans(self) -> set[str]:
        return {o.name for o in self.seats.values() if o is not None and not o.bot}

    @property
    def hides_claims(self) -> bool:
        """MJ-08's delay matters only where two or more people can watch each other's timing."""
        return len(self.humans) >= 2 and not self.options.hotseat

    @property
    def timed(self) -> bool:
        return self.options.timed and not self.options.hotseat

    # ------------------------------------------------------------------ setting up

    def setup(self, creator: Session) -> None:
        """Bots take the highest seats; with bots or hot-seat the creator sits at once."""
        options = self.options
        for seat in self.seat_order[4 - options.bots :]:
            self.seat_bot(seat, f"bot-{seat}")
        if options.hotseat or options.bots:
            self.sit(creator, "0")
        if options.hotseat and not self.started:
            occupant = self.seats["0"]
            for seat in self.seat_order:
                if self.seats[seat] is None:
                    self.seats[seat] = occupant
            self._begin()

    def _begin(self) -> None:
        self.started = True
        self.start()
        self.publish("started")
        self.hall.table_changed(self)

    def start(self) -> None:
        """The fourth seat is taken: shuffle the seats if the room wants it, deal the first hand."""
        if self.options.random_seats:
            occupants = list(self.seats.values())
            self.rng.shuffle(occupants)
            self.seats = dict(zip(self.seat_order, occupants, strict=True))
        self.match = Match(self.ruleset, self.rng.getrandbits(63))
        self.round_opener = self.match.dealer
        if self.chooses_xiapao:
            self._pause()  # LZ-09: 下炮 is chosen before each deal, the first one included
        else:
            self._deal_due = True
        self.wake()

    @property
    def chooses_xiapao(self) -> bool:
        return self.ruleset.name == "lengzi"

    def _add_bots(self, seats: tuple[str, ...]) -> None:
        if self.started:
            raise ProtocolError(ErrorCode.WRONG_PHASE, "the match has started")
        if self.seats[seats[0]].name != self.created_by:  # type: ignore[union-attr]
            raise ProtocolError(ErrorCode.NOT_CREATOR, "only the table's creator adds bots")
        for seat in self.seat_order:
            if self.seats[seat] is None:
                self.seat_bot(seat, f"bot-{seat}")
                self.publish("seated", seat=seat, name=f"bot-{seat}")
        self._begin()

    # ------------------------------------------------------------------ the table's task

    async def run(self) -> None:
        await trio.to_thread.run_sync(prepare_analysis)
        while True:
            with trio.CancelScope(deadline=self._next_time()) as timer:
                self._timer = timer
                await trio.sleep_forever()
            self._timer = None
            if self._stake_due():
                await self._read_stake()
            for _ in range(64):  # yield now and then so one busy table cannot starve others
                if not self._step(trio.current_time()):
                    break
            await trio.sleep(0)

    def wake(self) -> None:
        super().wake()
        self.changed_at = trio.current_time()
        if self._timer is not None:
            self._timer.deadline = self._next_time()

    def _bot_pause(self) -> float:
        return self.config.bot_pause if self.humans else 0.0

    def _next_time(self) -> float:
        if self.finished or not self.started or self.hall.shutting_down:
            return float("inf")
        if self._deal_due:
            return -float("inf")
        hand = self.hand
        if hand is None or self.between:
            return -float("inf") if self._all_ready() else self.between_until
        times = [float("inf")]
        if self.held is not None:
            times.append(self.window_opened + self.config.claim_delay)
        for seat in hand.to_act():
            if self.held is not None and self.held.seat == seat:
                continue
            if self._pass_only(seat):
                return -float("inf")
            if self.served(seat):
                times.append(self.changed_at + self._bot_pause())
        if self.deadline is not None:
            times.append(self.deadline)
        escape = self._next_escape()
        if escape is not None:
            times.append(escape[1])
        return min(times)

    def _step(self, now: float) -> bool:
        """Do one thing that is due; False when nothing is.  A stopping hall plays on for
        nobody: every player is offline then, and their seats would be played to the end."""
        if self.finished or not self.started or self.hall.shutting_down:
            return False
        if self._deal_due:
            return self._deal_if_staked()
        hand = self.hand
        if hand is None or self.between:
            if self._all_ready() or now >= self.between_until:
                return self._deal_if_staked()
            return False
        escape = self._next_escape()
        if escape is not None and now >= escape[1]:
            self._escape(escape[0], "disconnected")
            return True
        if self.held is not None and now >= self.window_opened + self.config.claim_delay:
            held, self.held = self.held, None
            self._apply(held, "play")
            return True
        for seat in hand.to_act():
            if self.held is not None and self.held.seat == seat:
                continue
            if self._pass_only(seat):
                self._submit(Action(seat, ActionType.PASS), "play")
                return True
            if self.served(seat) and now >= self.changed_at + self._bot_pause():
                action = self._server_choice(hand, seat)
                assert action is not None
                self._answer(action)
                return True
        if self.deadline is not None and now >= self.deadline:
            self._time_out(hand)
            return True
        return False

    def _server_choice(self, hand: HandMachine, seat: int) -> Action | None:
        """The bot plays bots and 托管 seats; an absent player's seat, whose hand may yet
        count as an escape, is played as on a timeout (PL-17): no claims, only compulsory wins."""
        occupant = self.occupant(seat)
        if occupant.bot or seat in self.auto:
            return choose_action(hand, seat)
        return hand.default_action(seat)

    def _pass_only(self, seat: int) -> bool:
        hand = self.hand
        assert hand is not None
        if hand.phase not in CLAIM_PHASES:
            return False
        legal = hand.legal_actions(seat)
        return len(legal) == 1 and legal[0].type is ActionType.PASS

    def _time_out(self, hand: HandMachine) -> None:
        """MJ-06: the server acts for every seat still to answer; two in a row hand it to the bot."""
        self.deadline = None
        for seat in list(hand.to_act()):
            if hand.over or seat not in hand.to_act():
                continue
            if self.held is not None and self.held.seat == seat:
                continue
            action = hand.default_action(seat)
            if action is None:
                continue
            self.timeouts[seat] += 1
            self._submit(action, "timeout")
            if self.finished:
                return
            if self.timeouts[seat] >= TIMEOUTS_BEFORE_AUTO and seat not in self.auto:
                self.auto.add(seat)
                self.publish("auto", seat=str(seat), on=True)

    # ------------------------------------------------------------------ coins

    def _deal_if_staked(self) -> bool:
        """Deal, unless a coin room still has to read the stake for this deal (PL-14)."""
        if self.tier is not None and self.staked_hand != self.hand_number + 1:
            return False
        self._deal()
        return True

    def _stake_due(self) -> bool:
        if self.tier is None or self.finished or not self.started:
            return False
        if self.staked_hand == self.hand_number + 1:
            return False
        if self._deal_due:
            return True
        pausing = self.hand is None or self.between
        return pausing and (self._all_ready() or trio.current_time() >= self.between_until)

    async def _read_stake(self) -> None:
        """PL-14: the stake of the coming deal from the four balances of this moment (after
        every pending hand's coins are written); a player below the room's minimum ends the
        match, since a coin table deals only to four seated players."""
        await self.hall.flush()
        names = [self.occupant(s).name for s in range(4)]
        store = self.hall.store
        balances = await store.call(economy.balances_of, store.db, names)
        pot = (await store.call(economy.balances_of, store.db, [self.pot]))[0] if self.pot else 0
        if self.finished or [self.occupant(s).name for s in range(4)] != names:
            return
        assert self.tier is not None and self.match is not None
        broke = seats_to_stand_up(self.tier, balances)
        if broke:
            self.finished = True
            if self.pot:
                self.hall.close_pot(self.pot, f"table:{self.id}:closed")
            self.publish(
                "over",
                standing=standing(names, self.match.scores),
                below_minimum=[names[s] for s in broke],
            )
            self.hall.table_changed(self)
            self.hall.close_if_abandoned(self)
            return
        self.coins.update(zip(names, balances, strict=True))
        stake = stake_for(balances)
        if stake != self.stake:
            self.stake = stake
            self.hall.table_changed(self)  # the lobby lists each coin table's stake
        self.ruleset = get_ruleset(self.options.ruleset, {**self.options.rules, "base": self.stake})
        self.match.ruleset = self.ruleset
        if self.pot:
            self.match.table_state["pot"] = pot  # a short 点炮 paid less than booked
        self.staked_hand = self.hand_number + 1
        self.wake()

    def _coins(self, hand: HandMachine, last: bool) -> HandCoins | None:
        if self.tier is None:
            return None
        assert hand.settlement is not None and self.stake is not None
        return HandCoins(
            settlement=hand.settlement,
            seats=tuple(self.occupant(s).name for s in range(4)),
            fee=economy_fee(self.ruleset, self.stake),
            pot=self.pot,
            close_pot=last,
            fee_paid=tuple(sorted(self.fee_paid)),
        )

    # ------------------------------------------------------------------ hands

    def _deal(self) -> None:
        match = self.match
        assert match is not None
        self._deal_due = False
        self.between = False
        self.ready.clear()
        self.hand_number += 1
        # The hand gets its own copy: booking it into the match must not change its view.
        state = copy.deepcopy(match.table_state)
        self.hand = hand = HandMachine(self.ruleset, self.rng.getrandbits(63), match.dealer, state)
        self.hand_start_state = copy.deepcopy(state)
        self.dealt_at = trio.current_time()
        self.fee_paid = set()
        self.prompt_key = None
        self._new_prompt(hand)
        self.publish("deal", events=hand.events)

    def _submit(self, action: Action, kind: str) -> None:
        """Apply, unless it is the answer that would close a claim window too early (MJ-08)."""
        hand = self.hand
        assert hand is not None
        closes = hand.phase in CLAIM_PHASES and hand.to_act() == [action.seat]
        if closes and self.hides_claims:
            opens = self.window_opened + self.config.claim_delay
            if trio.current_time() < opens:
                if action not in hand.legal_actions(action.seat):
                    hand.apply(action)  # raises the machine's typed refusal, changing nothing
                self.held = action
                self.wake()
                return
        self._apply(action, kind)

    def _apply(self, action: Action, kind: str) -> None:
        hand = self.hand
        assert hand is not None
        events = hand.apply(action)
        self._new_prompt(hand)
        if hand.over:
            self._book(hand)
        if events:
            self.publish(kind, by=str(action.seat), events=events)
        if self.finished:
            match = self.match
            assert match is not None
            names = [self.occupant(s).name for s in range(4)]
            self.publish("over", standing=standing(names, match.scores))
            self.hall.table_changed(self)
            self.hall.close_if_abandoned(self)

    def _new_prompt(self, hand: HandMachine) -> None:
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
        self.showing.clear()
        now = trio.current_time()
        if hand.phase in CLAIM_PHASES:
            self.window_opened = now
        if not self.timed or hand.over:
            self.deadline = None
            return
        limit = self.config.claim if hand.phase in CLAIM_PHASES else self.config.turn
        self.deadline = now + limit

    def _answer(self, action: Action) -> None:
        """Submit for a seat whose player may be watching: an answer that published nothing
        (a claim answer while others still think) is confirmed to that player alone."""
        seq = self.seq
        self._submit(action, "play")
        if self.seq == seq and not self.occupant(action.seat).bot:
            self._refresh(action.seat)

    def _refresh(self, seat: int) -> None:
        """Only the answering player learns that its answer was taken: a private snapshot."""
        name = self.occupant(seat).name
        for session in list(self.audience):
            if session.name == name:
                self.snapshot(session)

    def _book(self, hand: HandMachine) -> None:
        """Score the hand into the match, store it, and end the match or pause before the next."""
        match = self.match
        assert match is not None
        dealer = hand.dealer
        totals = match.finish_hand(hand)
        if match.dealer != dealer and match.dealer == self.round_opener:
            self.rounds_done += 1
        record_id = self.hall.allocate_game_id()
        self.history.append(
            {"hand": self.hand_number, "game": record_id, "dealer": dealer, "totals": totals}
        )
        last = match.over or self._match_ended() or bool(self.tier and self.departed)
        coins = self._coins(hand, last)
        if coins is None:
            self.hall.record_mahjong_hand(self._stored(record_id, hand), coins)
        else:
            written = partial(self._coins_written, self.hand_number, coins.seats)
            self.hall.record_mahjong_hand(self._stored(record_id, hand), coins, written)
        self.deadline = None
        self.held = None
        if last:
            self.finished = True
            return
        self._pause()

    def _coins_written(self, hand_number: int, names: tuple[str, ...], outcome: Any) -> None:
        """The hand's coins are in the ledger: every seat sees the new balances (an error was
        logged by the hall, and the next stake's read shows the truth)."""
        if not isinstance(outcome, tuple):
            return
        before, after = outcome
        self.coins.update(zip(names, after, strict=True))
        moved = [new - old for old, new in zip(before, after, strict=True)]
        self.coins_moved = {"hand": hand_number, "coins": moved}
        self.publish("coins")

    def _pause(self) -> None:
        """Between hands: the next deal waits for every player's ``ready`` (or the clock)."""
        self.between = True
        self.ready.clear()
        wait = self.config.next_hand if self.timed else float("inf")
        self.between_until = trio.current_time() + wait

    def _match_ended(self) -> bool:
        """The table's own length (hands, or rounds with a cap) has been played; the rules may
        end the match sooner (``Match.over``: Zhongyou after the North round, ZY-02)."""
        options = self.options
        if options.rounds is not None:
            cap = options.rounds * HANDS_PER_ROUND_CAP
            return self.rounds_done >= options.rounds or self.hand_number >= cap
        assert options.hands is not None
        return self.hand_number >= options.hands

    def _all_ready(self) -> bool:
        return all(s in self.ready or self.served(s) for s in range(4))

    def _stored(
        self,
        record_id: int,
        hand: HandMachine,
        settlement: Settlement | None = None,
        escaped: dict[str, Any] | None = None,
    ) -> MahjongHand:
        """The hand as stored; an escape's record says who escaped and why, and carries the
        settlement of the interrupted hand (the machine has none)."""
        record = {**hand.record(), "table_state": self.hand_start_state}
        if escaped is not None:
            record["escaped"] = escaped
        settlement = settlement or hand.settlement
        assert settlement is not None
        return MahjongHand(
            id=record_id,
            room=self.room,
            table_id=self.id,
            hand_number=self.hand_number,
            players=json.dumps([self.occupant(s).name for s in range(4)], ensure_ascii=False),
            record=json.dumps(record, ensure_ascii=False),
            settlement=json.dumps(settlement.to_wire(), ensure_ascii=False),
            finished_at=time.time(),
        )

    # ------------------------------------------------------------------ views

    def game_view(self) -> dict[str, Any]:
        match = self.match
        hand = self.hand
        deadline = None
        if self.deadline is not None and hand is not None and not hand.over and not self.between:
            deadline = round(max(0.0, self.deadline - trio.current_time()), 1)
        names = [o.name if o else None for o in self.seats.values()]
        return {
            "phase": self.phase,
            "hand_number": self.hand_number,
            "hands": self.options.hands,
            "rounds": self.options.rounds,
            "round": self.rounds_done,
            "scores": list(match.scores) if match else [0, 0, 0, 0],
            "pot": match.pot if match else 0,
            "dealer": match.dealer if match else None,
            "deadline": deadline,
            "history": list(self.history),
            "ready": sorted(str(s) for s in self.ready),
            "auto": sorted(str(s) for s in range(4) if self.started and self.served(s)),
            "standing": standing(names, match.scores) if self.finished and match else None,  # type: ignore[arg-type]
            **({"tier": self.options.tier, "stake": self.stake} if self.tier else {}),
            **({"coins_moved": self.coins_moved} if self.tier else {}),
        }

    def seat_info(self, occupant: Occupant | None) -> dict[str, Any] | None:
        """A coin room's seats carry their players' balances: public at the table."""
        info = super().seat_info(occupant)
        if info is not None and occupant is not None and occupant.name in self.coins:
            info["coins"] = self.coins[occupant.name]
        return info

    def summary(self) -> dict[str, Any]:
        """The lobby's line; a coin table's adds its stake (每注, null before the first deal)."""
        summary = super().summary()
        if self.tier is not None:
            summary["stake"] = self.stake
        return summary

    def shown_seat(self, seats: tuple[str, ...], name: str | None) -> int | None:
        """Whose hand a receiver looks at: hot-seat shows the seat that must act next."""
        if not seats:
            return None
        held = [int(s) for s in seats]
        hand = self.hand
        if hand is not None and not self.between:
            chosen = self.showing.get(name or "")
            if chosen in held and chosen in hand.to_act() and not self._answered(chosen):
                return chosen
            for seat in hand.to_act():
                if seat in held and not self._answered(seat):
                    return seat
        last = self.last_seat.get(name or "")
        return last if last in held else held[0]

    def private_view(self, seats: tuple[str, ...]) -> dict[str, Any]:
        return {"legal": self.table_actions(seats)}

    def table_actions(self, seats: tuple[str, ...]) -> list[str]:
        if not seats or self.finished:
            return []
        if not self.started:
            owner = self.seats[seats[0]]
            return ["add_bots"] if owner is not None and owner.name == self.created_by else []
        actions = []
        if self.between and any(int(s) not in self.ready for s in seats):
            actions.append("ready")
        if self.between and self.chooses_xiapao:
            actions.append("xiapao")
        if any(int(s) in self.auto for s in seats):
            actions.append("manual")
        elif self.timed:
            actions.append("auto")
        return actions

    def hand_view(self, seat: int | None) -> dict[str, Any] | None:
        hand = self.hand
        if hand is None:
            return None
        view = hand.view(seat)
        if seat is not None and self._answered(seat) or not self._in_hand():
            view["legal_actions"] = []
        return view

    def view(
        self,
        seats: tuple[str, ...],
        game: dict[str, Any] | None = None,
        shared: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The full view of ``seats``; ``game`` and ``shared`` (the head every receiver gets)
        are passed in when one event builds many views."""
        seat = self.shown_seat(seats, self._name_of(seats))
        return {
            **(self._shared_view() if shared is None else shared),
            "you": self._you(seats, seat),
            "game": self.game_view() if game is None else game,
            "hand": self.hand_view(seat),
        }

    def _name_of(self, seats: tuple[str, ...]) -> str | None:
        occupant = self.seats[seats[0]] if seats else None
        return occupant.name if occupant else None

    def _shared_view(self) -> dict[str, Any]:
        seats_view = {s: self.seat_info(o) for s, o in self.seats.items()}
        playing = self.started and not self.finished
        for s, info in seats_view.items():
            if info is not None:
                info["auto"] = playing and int(s) in self.auto
        return {
            "table": self.id,
            "room": self.room,
            "seq": self.seq,
            "options": self.options_wire,
            "seats": seats_view,
            "spectators": self.spectators(),
        }

    def _you(self, seats: tuple[str, ...], seat: int | None) -> dict[str, Any]:
        acting = []
        if self.hand is not None and not self.between:
            to_act = self.hand.to_act()
            acting = [s for s in seats if int(s) in to_act and not self._answered(int(s))]
        you: dict[str, Any] = {
            "seats": list(seats),
            "seat": None if seat is None else str(seat),
            "acting": acting,
            "legal": self.table_actions(seats),
        }
        if len(seats) > 1:
            you["claims"] = self._claims(seats)
        return you

    def _claims(self, seats: tuple[str, ...]) -> dict[str, list[dict[str, Any]]]:
        """Hot-seat (MJ-08): the options of every seat here that a claim window waits for, not
        only the shown one's, so that whichever of them takes the keyboard can answer. Only
        this connection gets them: it plays all these seats."""
        hand = self.hand
        if hand is None or hand.phase not in CLAIM_PHASES or not self._in_hand():
            return {}
        waiting = hand.to_act()
        return {
            s: [action.to_wire() for action in hand.legal_actions(int(s))]
            for s in seats
            if int(s) in waiting and not self._answered(int(s))
        }

    def _answered(self, seat: int) -> bool:
        return self._pass_only(seat) or (self.held is not None and self.held.seat == seat)

    def publish(self, kind: str, events: list[Event] | None = None, **detail: Any) -> None:
        """Advance ``seq`` and send the event to each receiver with its own redaction.

        A receiver gets the events redacted for its seats and, by default, its full view
        after them (what a simple client draws). A player who asked for ``incremental``
        events gets instead only what changes beyond the events: the seats, the public game
        part (``history`` only when a hand was added to it), its table actions and the legal
        actions of its shown seat. Building a seat's full hand view is most of an event's
        cost; such a client follows the hand from the events and asks for a ``snapshot`` (the
        full view) when it joins or sees a gap.
        """
        self.seq += 1
        history_grew = len(self.history) != self.history_published
        self.history_published = len(self.history)
        if not self.audience:
            self.wake()
            return
        encoded: dict[tuple[tuple[str, ...], bool], bytes] = {}
        seats_by_name: dict[str | None, tuple[str, ...]] = {}
        game = self.game_view()
        shared = self._shared_view()
        # incremental receivers get the history only when it grew
        brief = game if history_grew else {k: v for k, v in game.items() if k != "history"}
        head = {"type": "event", "table": self.id, "seq": self.seq, "kind": kind, **detail}
        if events is not None:
            head["events"] = None  # each receiver's redaction goes here
        view_head = _map_header(len(shared) + 3) + _entries(shared) + _YOU_KEY
        game_bytes = _GAME_KEY + encode(game)
        for session in list(self.audience):
            name = session.name
            seats = seats_by_name.get(name)
            if seats is None:
                seats = seats_by_name[name] = self.seats_of(name)
            incremental = bool(seats) and name in self.incremental
            data = encoded.get((seats, incremental))
            if data is None:
                message = dict(head)
                if events is not None:
                    mine = frozenset(int(s) for s in seats)
                    message["events"] = [redact(e, mine) for e in events]
                seat = self.shown_seat(seats, name)
                if incremental:
                    you = self._you(seats, seat)
                    you["legal_actions"] = self._legal_wire(seat)
                    message.update(seats=shared["seats"], game=brief, you=you)
                    data = encode(message)
                else:
                    # The view's head and game are the same for every receiver: encoded once,
                    # spliced around each one's own ``you`` and hand (the same bytes).
                    data = b"".join(
                        (
                            _map_header(len(message) + 1),
                            _entries(message),
                            _VIEW_KEY,
                            view_head,
                            encode(self._you(seats, seat)),
                            game_bytes,
                            _HAND_KEY,
                            encode(self.hand_view(seat)),
                        )
                    )
                encoded[seats, incremental] = data
            session.push(data)
        self.wake()

    def _legal_wire(self, seat: int | None) -> list[dict[str, Any]]:
        """What ``hand.legal_actions`` of the full view would hold for ``seat``."""
        hand = self.hand
        if hand is None or seat is None or not self._in_hand() or self._answered(seat):
            return []
        return [action.to_wire() for action in hand.legal_actions(seat)]

    # ------------------------------------------------------------------ requests

    def act(self, seats: tuple[str, ...], message: dict[str, Any]) -> None:
        action = message["action"]
        if action not in MACHINE_ACTIONS and action not in TABLE_ACTIONS:
            raise ProtocolError(ErrorCode.BAD_FIELD, f"unknown action {action!r}")
        if action == "add_bots":
            self._add_bots(seats)
            return
        if action == "incremental":
            self._do_incremental(seats, message)
            return
        if not self.started:
            raise ProtocolError(ErrorCode.TABLE_NOT_STARTED, "waiting for four players")
        if self.finished:
            raise ProtocolError(ErrorCode.GAME_OVER, "the match is over")
        seat = self._acting_seat(seats, message)
        if action in TABLE_ACTIONS:
            getattr(self, f"_do_{action}")(seat, message)
            return
        hand = self.hand
        if hand is None or self.between:
            raise ProtocolError(ErrorCode.WRONG_PHASE, "no hand is being played")
        wire: dict[str, Any] = {"seat": seat, "type": action}
        if message.get("tile") is not None:
            wire["tile"] = message["tile"]
        try:
            move = Action.from_wire(wire)
            if self.held is not None and self.held.seat == seat:
                raise ProtocolError(ErrorCode.NOT_YOUR_TURN, "you have answered already")
            if self._pass_only(seat):
                raise ProtocolError(ErrorCode.NOT_YOUR_TURN, "you have nothing to answer")
            if move not in hand.legal_actions(seat):
                hand.apply(move)  # the machine's own refusal, changing nothing
            self.timeouts[seat] = 0
            self.last_seat[self.occupant(seat).name] = seat
            if seat in self.auto:
                self.auto.discard(seat)
                self.publish("auto", seat=str(seat), on=False)
            self._answer(move)
        except MahjongError as error:
            raise protocol_error(error) from None

    def _acting_seat(self, seats: tuple[str, ...], message: dict[str, Any]) -> int:
        wanted = message.get("seat")
        if wanted is not None:
            if wanted not in seats:
                raise ProtocolError(ErrorCode.NOT_SEATED, f"you do not sit in seat {wanted}")
            return int(wanted)
        name = self.occupant(int(seats[0])).name
        shown = self.shown_seat(seats, name)
        assert shown is not None
        return shown

    def _do_show(self, seat: int, message: dict[str, Any]) -> None:
        """Hot-seat: the player of ``seat`` took the keyboard to answer the claim window, so
        this connection's views show that seat (its hand and options) until it answers."""
        hand = self.hand
        if not self._in_hand() or hand is None or hand.phase not in CLAIM_PHASES:
            raise ProtocolError(ErrorCode.WRONG_PHASE, "show is for a claim window")
        if seat not in hand.to_act() or self._answered(seat):
            raise ProtocolError(ErrorCode.NOT_YOUR_TURN, "that seat has nothing to answer")
        self.showing[self.occupant(seat).name] = seat
        self._refresh(seat)

    def _do_xiapao(self, seat: int, message: dict[str, Any]) -> None:
        """LZ-09: a Lengzi player's 下炮 for the coming deals, public like the marks it sets."""
        if not self.chooses_xiapao:
            raise ProtocolError(ErrorCode.BAD_FIELD, "下炮 belongs to Lengzi tables")
        if not self.between:
            raise ProtocolError(ErrorCode.WRONG_PHASE, "下炮 is chosen before a deal")
        on = message.get("on")
        if not isinstance(on, bool):
            raise ProtocolError(ErrorCode.BAD_FIELD, "field 'on' must be a boolean")
        match = self.match
        assert match is not None
        set_xiapao(match.table_state, seat, on)
        self.publish("xiapao", seat=str(seat), on=on)

    def _do_incremental(self, seats: tuple[str, ...], message: dict[str, Any]) -> None:
        """A player's connection asks for events without the full view (``publish``); it
        lasts until the connection ends, since a new client may want views again."""
        on = message.get("on")
        if not isinstance(on, bool):
            raise ProtocolError(ErrorCode.BAD_FIELD, "field 'on' must be a boolean")
        name = self._name_of(seats)
        assert name is not None
        if on:
            self.incremental.add(name)
        else:
            self.incremental.discard(name)

    def drop(self, session: Session) -> None:
        self.incremental.discard(session.name or "")
        super().drop(session)

    def leave(self, session: Session) -> None:
        self.incremental.discard(session.name or "")
        super().leave(session)

    def _do_ready(self, seat: int, message: dict[str, Any]) -> None:
        if not self.between:
            raise ProtocolError(ErrorCode.WRONG_PHASE, "ready is for the pause between hands")
        name = self.occupant(seat).name
        for each in range(4):
            occupant = self.occupant(each)
            if occupant.name == name and not occupant.bot:
                self.ready.add(each)
        self.publish("ready", seat=str(seat))

    def _do_auto(self, seat: int, message: dict[str, Any]) -> None:
        if seat not in self.auto:
            self.auto.add(seat)
            self.publish("auto", seat=str(seat), on=True)

    def _do_manual(self, seat: int, message: dict[str, Any]) -> None:
        self.timeouts[seat] = 0
        if seat in self.auto:
            self.auto.discard(seat)
            self.publish("auto", seat=str(seat), on=False)

    # ------------------------------------------------------------------ 防作弊 rooms (PL-15)

    @property
    def anti_cheat(self) -> bool:
        """Seat choice, table choice and watching are the collusion channels this room closes."""
        return self.options.tier == "anti_cheat"

    def sit(self, session: Session, seat: str) -> None:
        if self.anti_cheat:
            raise ProtocolError(
                ErrorCode.TABLE_ASSIGNED,
                "防作弊 rooms place you at a table: create a table with tier anti_cheat",
            )
        super().sit(session, seat)

    def place(self, session: Session) -> None:
        """The hall seats a player of a 防作弊 room in a free seat (the four are shuffled at
        the start anyway)."""
        free = [seat for seat, occupant in self.seats.items() if occupant is None]
        super().sit(session, self.rng.choice(free))

    @property
    def free_seats(self) -> int:
        return sum(1 for occupant in self.seats.values() if occupant is None)

    def watch(self, session: Session) -> None:
        if self.anti_cheat and not self.seats_of(session.name):
            raise ProtocolError(ErrorCode.NO_SPECTATORS, "防作弊 tables cannot be watched")
        super().watch(session)

    def chat(self, session: Session, text: str) -> None:
        if self.anti_cheat and self._in_hand():
            raise ProtocolError(ErrorCode.CHAT_CLOSED, "防作弊 tables do not chat during a hand")
        super().chat(session, text)

    # ------------------------------------------------------------------ leaving and escapes

    def _in_hand(self) -> bool:
        hand = self.hand
        return hand is not None and not hand.over and not self.between and not self.finished

    def _next_escape(self) -> tuple[int, float] | None:
        """The first absent player whose hand becomes an escape, and when (PL-17: offline more
        than the grace while a hand is played, counted from the deal at the latest)."""
        if not self.offline_since or not self._in_hand() or self.options.hotseat:
            return None
        due = []
        for seat_name, since in self.offline_since.items():
            seat = int(seat_name)
            occupant = self.seats[seat_name]
            if occupant is None or occupant.bot or self._out_of_play(seat):
                continue
            due.append((max(since, self.dealt_at) + self.config.escape_grace, seat))
        if not due:
            return None
        when, seat = min(due)
        return seat, when

    def _out_of_play(self, seat: int) -> bool:
        """A xuezhan winner: leaving now costs him his win money, not an escape (SC-16)."""
        hand = self.hand
        assert hand is not None
        return hand.seats[seat].win is not None

    def forfeit(self, seat: str) -> None:
        """A seated player leaves the running match (the hall's ``leave``): an escape during a
        hand (PL-17/18), a forfeited win for a xuezhan winner (SC-16), free between hands; a
        Lengzi table's first leaver splits the pot (LZ-10)."""
        occupant = self.occupant(int(seat))
        if self.options.hotseat:
            self._to_bot(occupant)
            return
        if self._in_hand():
            if self._out_of_play(int(seat)):
                self._winner_leaves(int(seat))
            else:
                self._escape(int(seat), "left")
                return
        else:
            self._leave_between(int(seat))
        self._to_bot(occupant)

    def _to_bot(self, occupant: Occupant) -> None:
        """The player's seats are played by the bot for the rest of the match; the bot keeps
        the player's name, which stays the seat's account for the coins of this hand."""
        for each, other in self.seats.items():
            if other == occupant:
                self.seats[each] = Occupant(occupant.name, bot=True)
                self.offline_since.pop(each, None)
                self.publish("stood", seat=each, name=occupant.name)

    def _first_leaver_splits_pot(self, seat: int) -> bool:
        """LZ-10 on the match's pot, for the match's first leaver only (True then); a friendly
        table's scores show the shares, a coin room splits the ledger's pot."""
        match = self.match
        assert match is not None
        if not self.chooses_xiapao:
            return False
        first = not match.table_state["pot_split"]
        shares = leave_table(match.table_state, seat)
        for party, amount in net(shares).items():
            if party in range(4):
                match.scores[party] += amount
        return first

    def _leave_between(self, seat: int) -> None:
        """Leaving between hands is free (PL-17); a coin match ends there, since a coin table
        deals only to its four seated players."""
        split = self._first_leaver_splits_pot(seat)
        self.departed.add(seat)
        if self.tier is None:
            return
        name = self.occupant(seat).name
        if self.pot:
            names = tuple(self.occupant(s).name for s in range(4))
            leaver = seat if split else None
            ref = f"leave:{self.id}:{self.hand_number}"
            self.hall.write_mahjong(
                lambda db, _insert: record_leaving(
                    db, self.pot, names, leaver, True, ref, time.time()
                ),
                f"table {self.id}: {name} left",
            )
        self._end_match(left=[name])

    def _winner_leaves(self, seat: int) -> None:
        """SC-16 and PL-22: the machine's ``leave``; in a coin room he pays the fee now."""
        self.departed.add(seat)
        hand = self.hand
        assert hand is not None
        if not hand.seats[seat].left:
            self._apply(Action(seat, ActionType.LEAVE), "play")
        if self.tier is None or self.fee_paid & {seat}:
            return
        assert self.stake is not None
        self.fee_paid.add(seat)
        account = self.occupant(seat).name
        fee = room_fee(self.ruleset, self.stake)
        ref = f"leave:{self.id}:{self.hand_number}"
        self.hall.write_mahjong(
            lambda db, _insert: record_leaver_fee(db, account, fee, ref, time.time()),
            f"table {self.id}: {account} paid the fee leaving",
        )

    def _escape(self, seat: int, cause: str) -> None:
        """PL-18: the hand ends at once; the payments due stand, the escaper pays 16 × stake to
        the other three (and, in a coin room, the fee alone, PL-25); the hand is stored with
        its coins in one transaction. A coin match ends; a friendly one deals on (same dealer)
        with the bot in the escaper's seat."""
        hand, match = self.hand, self.match
        assert hand is not None and match is not None
        occupant = self.occupant(seat)
        stake = self.ruleset.options.base
        settlement = escape_settlement(hand, seat, stake)
        totals = settlement.seat_totals()
        for each in range(4):
            match.scores[each] += totals[each]
        match.hands_played += 1
        split = self._first_leaver_splits_pot(seat)
        self.departed.add(seat)
        record_id = self.hall.allocate_game_id()
        self.history.append(
            {
                "hand": self.hand_number,
                "game": record_id,
                "dealer": hand.dealer,
                "totals": totals,
                "escaped": str(seat),
            }
        )
        row = self._stored(record_id, hand, settlement, {"seat": seat, "cause": cause})
        coins = None
        if self.tier is not None:
            coins = EscapeCoins(
                due=tuple(payments_due(hand)),
                escaper=seat,
                seats=tuple(self.occupant(s).name for s in range(4)),
                stake=stake,
                fee=room_fee(self.ruleset, stake),
                pot=self.pot,
                split_pot=split,
                close_pot=True,
                room=self.room,
            )
        self.hall.write_mahjong(
            lambda db, insert: record_escape(db, insert, row, coins),
            f"mahjong hand {record_id} (escape)",
        )
        self.deadline = None
        self.held = None
        self.between = True
        self.publish(
            "escaped",
            seat=str(seat),
            name=occupant.name,
            cause=cause,
            settlement=settlement.to_wire(),
        )
        if self.tier is not None:
            self._end_match(escaped=occupant.name)
            return
        self._to_bot(occupant)
        self._pause()

    def _end_match(self, **why: Any) -> None:
        match = self.match
        assert match is not None
        self.finished = True
        names = [self.occupant(s).name for s in range(4)]
        self.publish("over", standing=standing(names, match.scores), **why)
        self.hall.table_changed(self)
        self.hall.close_if_abandoned(self)
