"""A mahjong table: four seats around the core's ``MahjongTableMatch``, pumped by a trio task.

Every rule of the match and its clocks is the core's (``qipai.platform.mahjong_table``): this
class hands it the players' requests, who is present and the time, sleeps until its
``next_deadline``, and carries out what comes back — publishing (``mahjong_views``: each
receiver sees only what its seats may), storing hands, moving a coin room's coins through the
hall, and handing seats to the bot. It reads a coin room's stake before each deal (PL-14).
"""

from __future__ import annotations

import json
import logging
import random
import secrets
import threading
import time
from functools import partial
from typing import TYPE_CHECKING, Any

import trio

from qipai.mahjong.analysis.shanten import prepare_tables
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.scoring import Settlement
from qipai.mahjong.table import Action, ActionType, IllegalAction, MahjongError
from qipai.mahjong.table.machine import HandMachine
from qipai.mahjong.table.match import Match, MatchLength
from qipai.platform import mahjong_table as core
from qipai.platform.ledger import pot_account
from qipai.platform.mahjong_table import CLAIM_PHASES, MahjongTableMatch, Presence, TableRules
from qipai.platform.rooms import RoomTier, economy_fee, room_fee, seats_to_stand_up, stake_for
from qipai.protocol import MAHJONG_ROOMS, ErrorCode, MahjongOptions, ProtocolError

from .. import economy
from ..economy import HandCoins
from ..store import MahjongHand
from .base import Occupant
from .mahjong_config import MahjongConfig
from .mahjong_escape import (
    EscapeCoins,
    payments_due,
    record_escape,
    record_leaver_fee,
    record_leaving,
)
from .mahjong_views import MahjongViews, standing

if TYPE_CHECKING:
    from ..hall import Hall
    from ..session import Session

log = logging.getLogger(__name__)

TABLE_ACTIONS = ("ready", "auto", "manual", "add_bots", "incremental", "show")
MACHINE_ACTIONS = frozenset(a.value for a in ActionType)

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


class MahjongTable(MahjongViews):
    seat_order = ("0", "1", "2", "3")
    options: MahjongOptions

    @staticmethod
    def rooms() -> tuple[str, ...]:
        return tuple(MAHJONG_ROOMS)

    def __init__(self, hall: Hall, table_id: int, options: MahjongOptions, created_by: str) -> None:
        self.room = options.room
        super().__init__(hall, table_id, options, created_by)
        self.config: MahjongConfig = hall.config.mahjong
        seed = self.config.seed
        self.rng = random.Random(secrets.randbits(64) if seed is None else seed + table_id)
        ruleset = get_ruleset(options.ruleset, options.rules)
        self.tier = RoomTier[options.tier.upper()] if options.tier else None
        rules = TableRules(
            length=MatchLength(options.hands, options.rounds),
            timed=options.timed and not options.hotseat,
            hotseat=options.hotseat,
            coins=self.tier is not None,
            random_seats=options.random_seats,
        )
        self.core = MahjongTableMatch(ruleset, rules, self.config.timing, self.rng)
        self.incremental: set[str] = set()
        """Players whose connection takes events without the full view (``publish``)."""
        self.history_published = 0
        self.game_ids: list[int] = []
        """The stored id of each hand of ``match.history``."""
        self.last_seat: dict[str, int] = {}
        self.showing: dict[str, tuple[tuple | None, int]] = {}
        """The seat a hot-seat player asked to see in a claim window (``show``)."""
        self._timer: trio.CancelScope | None = None
        self.stake: int | None = None
        self.pot = pot_account(f"table:{table_id}") if self.tier and ruleset.keeps_pot else None
        self.fee_paid: set[int] = set()
        """Seats that paid this hand's fee when leaving it (a xuezhan winner, PL-22)."""
        self.coins: dict[str, int] = {}
        """A coin room's balances by player, public at the table: read with each stake and
        after each hand's coins are written."""
        self.coins_moved: dict[str, Any] | None = None
        """The last written hand's coins per seat (``game.coins_moved``)."""

    @property
    def match(self) -> Match | None:
        return self.core.match

    @property
    def phase(self) -> str:
        if self.core.finished:
            return "over"
        if not self.started:
            return "waiting"
        return "between" if self.core.between or self.core.hand is None else "playing"

    def occupant(self, seat: int) -> Occupant:
        occupant = self.seats[str(seat)]
        assert occupant is not None
        return occupant

    @property
    def humans(self) -> set[str]:
        return {o.name for o in self.seats.values() if o is not None and not o.bot}

    def _names(self) -> tuple[str, ...]:
        return tuple(self.occupant(s).name for s in range(4))

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
        """The fourth seat is taken: the match draws the seats (if the room wants it)."""
        self._sync()
        occupants = self.core.start(list(self.seats.values()), trio.current_time())
        self.seats = dict(zip(self.seat_order, occupants, strict=True))
        self._sync()
        self._carry_out()
        self.wake()

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
            if self._pumping() and self.core.stake_due(trio.current_time()):
                await self._read_stake()
            for _ in range(64):  # yield now and then so one busy table cannot starve others
                if not self._step(trio.current_time()):
                    break
            await trio.sleep(0)

    def _pumping(self) -> bool:
        """A stopping hall plays on for nobody: every player is offline then, and their seats
        would be played to the end."""
        return self.started and not self.hall.shutting_down

    def publish(self, kind: str, events: list | None = None, **detail: Any) -> None:
        self._sync()  # the view shows who the server plays now
        super().publish(kind, events, **detail)

    def wake(self) -> None:
        super().wake()
        self._sync()
        self.core.touch(trio.current_time())
        if self._timer is not None:
            self._timer.deadline = self._next_time()

    def _next_time(self) -> float:
        return self.core.next_deadline() if self._pumping() else core.NEVER

    def _step(self, now: float) -> bool:
        if not self._pumping():
            return False
        self._sync()
        done = self.core.advance(now)
        self._carry_out()
        return done

    def _sync(self) -> None:
        """Tell the match who the server plays: bots, and players who are away."""
        seats = [(int(s), o) for s, o in self.seats.items() if o is not None]
        self.core.presence = Presence(
            bots=frozenset(s for s, o in seats if o.bot),
            absent=frozenset(s for s, o in seats if not o.bot and not self.hall.is_online(o.name)),
            away={int(s): since for s, since in self.offline_since.items()},
            people=len(self.humans),
        )

    def _carry_out(self) -> None:
        """Do what the match asks, in its order."""
        for output in self.core.outputs():
            if isinstance(output, core.Publish):
                if output.kind == "deal":
                    self.fee_paid = set()
                self.publish(output.kind, events=output.events, **output.detail)
            elif isinstance(output, core.HandDone):
                self._store_hand(output)
            elif isinstance(output, core.Escaped):
                self._store_escape(output)
            elif isinstance(output, core.WinnerLeft):
                self._winner_pays_fee(output)
            elif isinstance(output, core.LeftBetween):
                self._pot_on_leaving(output)
            elif isinstance(output, core.ToBot):
                self._to_bot(self.occupant(output.seat))
            elif isinstance(output, core.Confirm):
                if not self.occupant(output.seat).bot:
                    self._refresh(output.seat)
            else:
                self._over(output)

    def _refresh(self, seat: int) -> None:
        """Only the answering player learns that its answer was taken: a private snapshot."""
        name = self.occupant(seat).name
        for session in list(self.audience):
            if session.name == name:
                self.snapshot(session)

    def _over(self, ended: core.Ended) -> None:
        names = self._names()
        match = self.core.match
        assert match is not None
        why: dict[str, Any] = {}
        if ended.below_minimum:
            if self.pot:
                self.hall.close_pot(self.pot, f"table:{self.id}:closed")
            why["below_minimum"] = [names[s] for s in ended.below_minimum]
        if ended.left:
            why["left"] = [names[s] for s in ended.left]
        if ended.escaped is not None:
            why["escaped"] = names[ended.escaped]
        self.publish("over", standing=standing(list(names), match), **why)
        self.hall.table_changed(self)
        self.hall.close_if_abandoned(self)

    # ------------------------------------------------------------------ coins

    async def _read_stake(self) -> None:
        """PL-14: the stake of the coming deal from the four balances of this moment (after
        every pending hand's coins are written); a player below the room's minimum ends the
        match, since a coin table deals only to four seated players."""
        await self.hall.flush()
        names = list(self._names())
        store = self.hall.store
        balances = await store.call(economy.balances_of, store.db, names)
        pot = (await store.call(economy.balances_of, store.db, [self.pot]))[0] if self.pot else 0
        if self.core.finished or list(self._names()) != names:
            return
        assert self.tier is not None
        broke = seats_to_stand_up(self.tier, balances)
        if broke:
            self.core.below_minimum(tuple(broke))
            self._carry_out()
            return
        self.coins.update(zip(names, balances, strict=True))
        stake = stake_for(balances)
        if stake != self.stake:
            self.stake = stake
            self.hall.table_changed(self)  # the lobby lists each coin table's stake
        options = self.options
        ruleset = get_ruleset(options.ruleset, {**options.rules, "base": stake})
        self.core.restake(ruleset, pot if self.pot else None)
        self.wake()

    def _coins(self, hand: HandMachine, last: bool) -> HandCoins | None:
        if self.tier is None:
            return None
        assert hand.settlement is not None and self.stake is not None
        return HandCoins(
            settlement=hand.settlement,
            seats=self._names(),
            fee=economy_fee(self.core.ruleset, self.stake),
            pot=self.pot,
            close_pot=last,
            fee_paid=tuple(sorted(self.fee_paid)),
        )

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

    # ------------------------------------------------------------------ storing

    def _store_hand(self, done: core.HandDone) -> None:
        record_id = self.hall.allocate_game_id()
        self.game_ids.append(record_id)
        row = self._stored(record_id, done.number, done.hand, done.start_state)
        coins = self._coins(done.hand, done.last)
        if coins is None:
            self.hall.record_mahjong_hand(row, coins)
        else:
            written = partial(self._coins_written, done.number, coins.seats)
            self.hall.record_mahjong_hand(row, coins, written)

    def _store_escape(self, escape: core.Escaped) -> None:
        """The interrupted hand is stored with its coins in one transaction; the escaper pays
        the fee alone in a coin room (PL-25)."""
        seat, hand = escape.seat, escape.hand
        record_id = self.hall.allocate_game_id()
        self.game_ids.append(record_id)
        why = {"seat": seat, "cause": escape.cause}
        row = self._stored(
            record_id, escape.number, hand, escape.start_state, escape.settlement, why
        )
        coins = None
        if self.tier is not None:
            stake = self.core.ruleset.options.base
            coins = EscapeCoins(
                due=tuple(payments_due(hand)),
                escaper=seat,
                seats=self._names(),
                stake=stake,
                fee=room_fee(self.core.ruleset, stake),
                pot=self.pot,
                split_pot=escape.first_leaver,
                close_pot=True,
                room=self.room,
            )
        self.hall.write_mahjong(
            lambda db, insert: record_escape(db, insert, row, coins),
            f"mahjong hand {record_id} (escape)",
        )
        self.publish(
            "escaped",
            seat=str(seat),
            name=self.occupant(seat).name,
            cause=escape.cause,
            settlement=escape.settlement.to_wire(),
        )

    def _winner_pays_fee(self, left: core.WinnerLeft) -> None:
        """SC-16 and PL-22: in a coin room a xuezhan winner who leaves pays the fee now."""
        seat = left.seat
        if self.tier is None or seat in self.fee_paid:
            return
        assert self.stake is not None
        self.fee_paid.add(seat)
        account = self.occupant(seat).name
        fee = room_fee(self.core.ruleset, self.stake)
        ref = f"leave:{self.id}:{left.number}"
        self.hall.write_mahjong(
            lambda db, _insert: record_leaver_fee(db, account, fee, ref, time.time()),
            f"table {self.id}: {account} paid the fee leaving",
        )

    def _pot_on_leaving(self, left: core.LeftBetween) -> None:
        """A coin table's pot is split (by its first leaver) and closed as the match ends."""
        if self.tier is None or not self.pot:
            return
        pot, names = self.pot, self._names()
        leaver = left.seat if left.first_leaver else None
        ref = f"leave:{self.id}:{left.number}"
        self.hall.write_mahjong(
            lambda db, _insert: record_leaving(db, pot, names, leaver, True, ref, time.time()),
            f"table {self.id}: {names[left.seat]} left",
        )

    def _stored(
        self,
        record_id: int,
        number: int,
        hand: HandMachine,
        start_state: dict[str, Any],
        settlement: Settlement | None = None,
        escaped: dict[str, Any] | None = None,
    ) -> MahjongHand:
        """The hand as stored; an escape's record says who escaped and why, and carries the
        settlement of the interrupted hand (the machine has none)."""
        record = {**hand.record(), "table_state": start_state}
        if escaped is not None:
            record["escaped"] = escaped
        settlement = settlement or hand.settlement
        assert settlement is not None
        return MahjongHand(
            id=record_id,
            room=self.room,
            table_id=self.id,
            hand_number=number,
            players=json.dumps(list(self._names()), ensure_ascii=False),
            record=json.dumps(record, ensure_ascii=False),
            settlement=json.dumps(settlement.to_wire(), ensure_ascii=False),
            finished_at=time.time(),
        )

    # ------------------------------------------------------------------ requests

    def act(self, seats: tuple[str, ...], message: dict[str, Any]) -> None:
        action = message["action"]
        choices = self.core.ruleset.between_hands_choices()
        known = action in MACHINE_ACTIONS or action in TABLE_ACTIONS or action in choices
        if not known:
            raise ProtocolError(ErrorCode.BAD_FIELD, f"unknown action {action!r}")
        if action == "add_bots":
            self._add_bots(seats)
            return
        if action == "incremental":
            self._do_incremental(seats, message)
            return
        if not self.started:
            raise ProtocolError(ErrorCode.TABLE_NOT_STARTED, "waiting for four players")
        if self.core.finished:
            raise ProtocolError(ErrorCode.GAME_OVER, "the match is over")
        seat = self._acting_seat(seats, message)
        self._sync()
        try:
            if action in choices:
                self._do_choice(seat, action, message)
            elif action in TABLE_ACTIONS:
                getattr(self, f"_do_{action}")(seat, message)
            else:
                self._do_play(seat, action, message)
        except MahjongError as error:
            raise protocol_error(error) from None
        self._carry_out()

    def _do_play(self, seat: int, action: str, message: dict[str, Any]) -> None:
        if self.core.hand is None or self.core.between:
            raise ProtocolError(ErrorCode.WRONG_PHASE, "no hand is being played")
        wire: dict[str, Any] = {"seat": seat, "type": action}
        if message.get("tile") is not None:
            wire["tile"] = message["tile"]
        self.core.act(Action.from_wire(wire), trio.current_time())
        self.last_seat[self.occupant(seat).name] = seat

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
        core_match = self.core
        hand = core_match.hand
        if not core_match.in_hand() or hand is None or hand.phase not in CLAIM_PHASES:
            raise ProtocolError(ErrorCode.WRONG_PHASE, "show is for a claim window")
        if seat not in hand.to_act() or core_match.answered(seat):
            raise ProtocolError(ErrorCode.NOT_YOUR_TURN, "that seat has nothing to answer")
        self.showing[self.occupant(seat).name] = (core_match.prompt_key, seat)
        self._refresh(seat)

    def _do_choice(self, seat: int, choice: str, message: dict[str, Any]) -> None:
        """A between-hands choice (Lengzi's 下炮, LZ-09): each seat's own, before each deal."""
        on = message.get("on")
        if not isinstance(on, bool):
            raise ProtocolError(ErrorCode.BAD_FIELD, "field 'on' must be a boolean")
        self.core.choose(seat, choice, on)

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
        name = self.occupant(seat).name
        mine = [s for s in range(4) if self.occupant(s).name == name and not self.occupant(s).bot]
        self.core.mark_ready(seat, mine)

    def _do_auto(self, seat: int, message: dict[str, Any]) -> None:
        self.core.set_auto(seat, True)

    def _do_manual(self, seat: int, message: dict[str, Any]) -> None:
        self.core.set_auto(seat, False)

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
        if self.anti_cheat and self.core.in_hand():
            raise ProtocolError(ErrorCode.CHAT_CLOSED, "防作弊 tables do not chat during a hand")
        super().chat(session, text)

    # ------------------------------------------------------------------ leaving

    def forfeit(self, seat: str) -> None:
        """A seated player leaves the running match (the hall's ``leave``); the match says
        what it costs (``MahjongTableMatch.leave``)."""
        self._sync()
        self.core.leave(int(seat), trio.current_time())
        self._carry_out()

    def _to_bot(self, occupant: Occupant) -> None:
        """The player's seats are played by the bot for the rest of the match; the bot keeps
        the player's name, which stays the seat's account for the coins of this hand."""
        for each, other in self.seats.items():
            if other == occupant:
                self.seats[each] = Occupant(occupant.name, bot=True)
                self.offline_since.pop(each, None)
                self.publish("stood", seat=each, name=occupant.name)
