"""A mahjong table: four seats around the core's ``MahjongTableMatch``, pumped by a trio task.

Every rule of the match and its clocks is the core's (``qipai.platform.mahjong_table``): this
class hands it the players' requests, who is present and the time, sleeps until its
``next_deadline``, and carries out what comes back — publishing (``mahjong_views``: each
receiver sees only what its seats may), storing hands and moving a coin room's coins
(``mahjong_books``; the match waits for each hand's commit before it shows the hand
settled and goes on, ``_hand_written``), and handing seats to the bot. It reads a coin room's
stake before each deal (PL-14). It asks its host (``host.MahjongHost``, the hall) for a handful of things only;
防作弊 rooms' seating is ``mahjong_rooms``.
"""

from __future__ import annotations

import random
import secrets
import threading
from typing import TYPE_CHECKING, Any

import trio

from qipai.mahjong.analysis.table_blob import tables_ready
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.table import Action, ActionType, IllegalAction, MahjongError
from qipai.mahjong.table.match import Match, MatchLength
from qipai.mahjong.table_options import MahjongOptions
from qipai.platform import mahjong_table_io as table_match
from qipai.platform.ledger import pot_account
from qipai.platform.mahjong_table import CLAIM_PHASES
from qipai.platform.mahjong_table_io import Presence, TableRules
from qipai.platform.rooms import RoomTier, seats_to_stand_up, stake_for
from qipai.protocol import ErrorCode, ProtocolError

from .. import economy, heap
from ..analysis_cache import prepare_cached_tables
from .base import Occupant
from .host import MahjongHost
from .mahjong_books import MahjongBooks
from .mahjong_config import MahjongConfig
from .mahjong_durable import LoggedMatch, MahjongDurable
from .mahjong_rooms import AntiCheatRooms
from .mahjong_views import WireCache, standing

if TYPE_CHECKING:
    from ..session import Session

TABLE_ACTIONS = ("ready", "auto", "manual", "add_bots", "incremental", "show")
MACHINE_ACTIONS = frozenset(a.value for a in ActionType)

_PREPARING = threading.Lock()


def prepare_analysis() -> None:
    """Have the bot's analysis tables ready (from the cache file, or seconds of building once
    per process) off the event loop: built lazily by a first bot decision they would stall
    every connection of the hall. Once loaded they last the process: frozen (``heap``)."""
    with _PREPARING:
        if not tables_ready():
            prepare_cached_tables()
            heap.freeze_long_lived()


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


class MahjongTable(MahjongDurable, AntiCheatRooms, MahjongBooks):
    seat_order = ("0", "1", "2", "3")
    options: MahjongOptions

    def __init__(
        self, hall: MahjongHost, table_id: int, options: MahjongOptions, created_by: str
    ) -> None:
        self.room = options.room
        super().__init__(hall, table_id, options, created_by)
        self.config: MahjongConfig = hall.config.mahjong
        seed = self.config.seed
        self.seed = secrets.randbits(64) if seed is None else seed + table_id
        """The seed of the match's ``rng`` (seats, the match, each hand): logged to replay it."""
        self.tier = RoomTier[options.tier.upper()] if options.tier else None
        self.core = self._new_core()
        self.incremental: set[str] = set()
        """Players whose connection takes events without the full view (``publish``)."""
        self._wire_cache = WireCache()
        self._history_rows: tuple[Any, int, int, list[dict[str, Any]]] = (None, 0, 0, [])
        """``history()`` as last built, for the match and the lengths it was built from."""
        self.history_published = 0
        self.public_shown = None
        self.game_ids: dict[int, int] = {}
        """The stored id of each hand of ``match.history`` whose record is committed, by
        hand number: only those are shown (``history``)."""
        self.last_seat: dict[str, int] = {}
        self.showing: dict[str, tuple[tuple | None, int]] = {}
        """The seat a hot-seat player asked to see in a claim window (``show``)."""
        self._timer: trio.CancelScope | None = None
        self._presence_key: tuple | None = None
        """What the core's presence was last made of (``_sync``); None: a core to tell."""
        self.stake: int | None = None
        self.pot = (
            pot_account(f"table:{table_id}") if self.tier and self.core.ruleset.keeps_pot else None
        )
        self.fee_paid: set[int] = set()
        """Seats that paid this hand's fee when leaving it (a xuezhan winner, PL-22)."""
        self.coins: dict[str, int] = {}
        """A coin room's balances by player, public at the table: read with each stake and
        after each hand's coins are written."""
        self.coins_moved: dict[str, Any] | None = None
        """The last written hand's coins per seat (``game.coins_moved``)."""

    def _new_core(self) -> LoggedMatch:
        options = self.options
        rules = TableRules(
            length=MatchLength(options.hands, options.rounds),
            timed=options.timed and not options.hotseat,
            hotseat=options.hotseat,
            coins=self.tier is not None,
            random_seats=options.random_seats,
            bot_level=options.bot_level,
        )
        self.rng = random.Random(self.seed)
        ruleset = get_ruleset(options.ruleset, options.hand_rules)
        return LoggedMatch(ruleset, rules, self.config, self.rng, log=self.log_input)

    @property
    def match(self) -> Match | None:
        return self.core.match

    @property
    def phase(self) -> str:
        if self.core.finished:
            return "over"
        if not self.started:
            return "waiting"
        if self.core.storing is not None:
            return "ending"
        return "between" if self.core.between or self.core.hand is None else "playing"

    @property
    def humans(self) -> set[str]:
        return {o.name for o in self.seats.values() if o is not None and not o.bot}

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
        self._log_open()
        self._sync()
        occupants = self.core.start(list(self.seats.values()), self.now())
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
            with trio.CancelScope(deadline=self._next_time() + self.time_offset) as timer:
                self._timer = timer
                await trio.sleep_forever()
            self._timer = None
            self.pause_check()
            if self._pumping() and self.core.stake_due(self.now()):
                await self._read_stake()
            self._play_due()
            await trio.sleep(0)

    def _play_due(self) -> None:
        """Do what is due now, a bounded number of steps (the table's task yields between
        such runs, so one busy table cannot starve others)."""
        for _ in range(64):
            if not self._step(self.now()):
                break

    def _pumping(self) -> bool:
        """A stopping hall plays on for nobody: every player is offline then, and their seats
        would be played to the end."""
        return self.started and not self.hall.shutting_down and self.paused_until is None

    def publish(self, kind: str, events: list | None = None, **detail: Any) -> None:
        self._sync()  # the view shows who the server plays now
        super().publish(kind, events, **detail)

    def wake(self) -> None:
        super().wake()
        if self._replaying:
            return  # the log holds each touch
        self._sync()
        self.core.touch(self.now())
        self._retime()

    def _retime(self) -> None:
        """The table's task wakes at the match's next deadline (trio's clock). Set only when
        it moved: setting a deadline costs trio a reschedule, and most events leave it."""
        if self._timer is not None:
            deadline = self._next_time() + self.time_offset
            if deadline != self._timer.deadline:
                self._timer.deadline = deadline

    def _next_time(self) -> float:
        if self.paused_until is not None:
            return self.paused_until - self.time_offset
        return self.core.next_deadline() if self._pumping() else table_match.NEVER

    def _step(self, now: float) -> bool:
        if not self._pumping():
            return False
        self._sync()
        done = self.core.advance(now)
        self._carry_out()
        return done

    def _sync(self) -> None:
        """Tell the match who the server plays: bots, and players who are away."""
        if self._replaying:
            return  # the log holds who was present
        is_online = self.hall.is_online
        occupants = tuple(self.seats.values())
        here = tuple([o is not None and is_online(o.name) for o in occupants])
        away = tuple(self.offline_since.items()) if self.offline_since else ()
        key = (occupants, here, away)
        if key == self._presence_key:
            return  # asked on every event: the same seats, online and away as last time
        self._presence_key = key
        seats = [(int(s), o) for s, o in self.seats.items() if o is not None]
        self.core.presence = Presence(
            bots=frozenset(s for s, o in seats if o.bot),
            absent=frozenset(s for s, o in seats if not o.bot and not is_online(o.name)),
            away={int(s): since for s, since in self.offline_since.items()},
            people=len(self.humans),
        )

    def _carry_out(self) -> None:
        """Do what the match asks, in its order."""
        for output in self.core.outputs():
            if self._replaying and not isinstance(output, (table_match.Publish, table_match.ToBot)):
                self.replayed_output(output)
            elif isinstance(output, table_match.Publish):
                if output.kind == "deal":
                    self.fee_paid = set()
                self.publish(output.kind, events=output.events, **self._detail(output))
            elif isinstance(output, table_match.HandDone):
                self._store_hand(output)
            elif isinstance(output, table_match.Escaped):
                self._store_escape(output)
            elif isinstance(output, table_match.WinnerLeft):
                self._winner_pays_fee(output)
            elif isinstance(output, table_match.LeftBetween):
                self._pot_on_leaving(output)
            elif isinstance(output, table_match.ToBot):
                self._to_bot(self.occupant(output.seat))
            elif isinstance(output, table_match.Confirm):
                if not self.occupant(output.seat).bot:
                    self._refresh(output.seat)
            else:
                self._over(output)

    def _detail(self, output: table_match.Publish) -> dict[str, Any]:
        """What the table adds to the match's events: a settled hand's record id, an
        escaper's name."""
        detail = output.detail
        if output.kind == "settled":
            return {**detail, "game": self.game_ids[detail["hand_number"]]}
        if output.kind == "escaped":
            return {**detail, "name": self.occupant(int(detail["seat"])).name}
        return detail

    def _over(self, ended: table_match.Ended) -> None:
        names = self._names()
        match = self.core.match
        assert match is not None
        why: dict[str, Any] = {}
        if (ended.below_minimum or ended.not_stored is not None) and self.pot:
            self.hall.close_pot(self.pot, f"table:{self.id}:closed")
        if ended.below_minimum:
            why["below_minimum"] = [names[s] for s in ended.below_minimum]
        if ended.not_stored is not None:
            why["not_stored"] = ended.not_stored
        if ended.left:
            why["left"] = [names[s] for s in ended.left]
        if ended.escaped is not None:
            why["escaped"] = names[ended.escaped]
        self.publish("over", standing=standing(list(names), match), **why)
        if self.action_log is not None:
            self.hall.end_live(self.id)
        self.hall.table_changed(self)
        self.hall.close_if_abandoned(self)

    # ------------------------------------------------------------------ committed hands

    def _hand_written(
        self, number: int, record_id: int, names: tuple[str, ...] | None, outcome: Any
    ) -> None:
        """Hand ``number``'s record (and its coins) is committed, or could not be (``outcome``
        is the error the hall logged): the match publishes the settlement and goes on, or
        stops there, saying why (``over`` with ``not_stored``), rather than deal on as if the
        hand were stored."""
        self._sync()
        if isinstance(outcome, Exception):
            self.core.store_failed(number)
            self._carry_out()
            return
        self.game_ids[number] = record_id
        self.core.stored(number, self.now(), record_id)
        self._carry_out()
        if names is not None:
            self._coins_written(number, names, outcome)
        self._play_due()  # at once, as when nothing waited for the store
        self.wake()

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
        ruleset = get_ruleset(options.ruleset, {**options.hand_rules, "base": stake})
        self.core.restake(ruleset, pot if self.pot else None)
        self.wake()

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
        if self.paused_until is not None:
            raise ProtocolError(
                ErrorCode.WRONG_PHASE, "the hall restarted: waiting for the players to return"
            )
        seat = self._acting_seat(seats, message)
        self._sync()
        # The timer is set once, after the whole burst: each of its events would move it
        # (to now while seats that may only pass are answered, then back), at trio's cost.
        timer, self._timer = self._timer, None
        try:
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
            # What the action made due at once (the next draw when nobody may claim, a bot's
            # answer) is done here rather than by the table's task a pass later: its events go
            # out in the same writes, and its log entries in the same row, as the action's.
            self._play_due()
        finally:
            self._timer = timer
        self._retime()  # an answer held for MJ-08 publishes nothing, yet its window must close

    def _do_play(self, seat: int, action: str, message: dict[str, Any]) -> None:
        if self.core.hand is None or self.core.between:
            raise ProtocolError(ErrorCode.WRONG_PHASE, "no hand is being played")
        wire: dict[str, Any] = {"seat": seat, "type": action}
        if message.get("tile") is not None:
            wire["tile"] = message["tile"]
        self.core.act(Action.from_wire(wire), self.now())
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

    # ------------------------------------------------------------------ leaving

    def forfeit(self, seat: str) -> None:
        """A seated player leaves the running match (the hall's ``leave``); the match says
        what it costs (``MahjongTableMatch.leave``)."""
        self._sync()
        self.core.leave(int(seat), self.now())
        self._carry_out()

    def _to_bot(self, occupant: Occupant) -> None:
        """The player's seats are played by the bot for the rest of the match; the bot keeps
        the player's name, which stays the seat's account for the coins of this hand."""
        for each, other in self.seats.items():
            if other == occupant:
                self.seats[each] = Occupant(occupant.name, bot=True)
                self.offline_since.pop(each, None)
                self.publish("stood", seat=each, name=occupant.name)
