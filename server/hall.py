"""The hall: sessions, accounts, the lobby and its tables, and the request handlers.

Handlers are small methods named after the request type.  Most are synchronous (they only
touch in-memory state, so nothing can interleave with them); the few that need the disk or a
slow hash await the store or a worker thread, and re-check state after the await.
"""

from __future__ import annotations

import logging
import math
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import trio

from qipai.go.options import GoOptions
from qipai.platform.errors import (
    BadInput,
    BelowRoomMinimum,
    PairingRefused,
    PlatformError,
    ReliefUnavailable,
)
from qipai.platform.go_ranks import GoStanding, check_ranked_pairing, rank_name
from qipai.platform.grants import RELIEF_COINS
from qipai.platform.ledger import HOUSE, pot_account
from qipai.platform.newcomers import (
    DAY,
    NewcomerRule,
    RegistrationPolicy,
    RegistrationRefused,
    Registrations,
    check_bettor,
)
from qipai.platform.rooms import RoomTier, check_can_sit
from qipai.protocol import (
    ANONYMOUS_REQUESTS,
    DEFAULT_LIMITS,
    PROTOCOL_VERSION,
    ErrorCode,
    ProtocolError,
    encode,
    ok_reply,
    parse_options,
    reply_for,
    request_id,
    validate_request,
)
from qipai.protocol.names import GUEST_PREFIX, check_new_name, is_guest

from . import accounts, action_log, bets, economy, leaderboard
from .action_log import ActionLog, LiveTable
from .bots import BotFactory
from .chat_budget import ChatBudget
from .connection_limits import ConnectionLimits
from .door_tickets import TicketBook, door_secret_matches
from .economy import HandCoins
from .rooms import HallRoom, hall_rooms, option_parsers
from .session import Session
from .store import AdjournedGame, GameRecord, MahjongHand, Store
from .tables import Table, table_type
from .tables.go import GoTable
from .tables.go_record import HALL_PLACE, forfeited_record
from .tables.mahjong_config import MahjongConfig

log = logging.getLogger(__name__)

SERVER_NAME = "qipai-server 0.1.0"
ADJOURNED_LIFETIME = 24 * 3600.0
ADJOURNED_SWEEP = 600.0
GAMES_LISTED = 100
"""``games`` lists this many finished games (Go games and mahjong hands), newest first."""


def starting_go_rank(text: str | None) -> GoStanding:
    """PL-07: the rank a new account chooses, 18k–1k, default 18k."""
    try:
        return GoStanding.new() if text is None else GoStanding.new(text)
    except BadInput:
        raise ProtocolError(
            ErrorCode.BAD_RANK, f"a new account starts at a kyu rank from 18k to 1k, not {text!r}"
        ) from None


def host_of(address: str) -> str:
    """The host part of a session's ``host:port`` address: what the per-address limits count."""
    return address.rsplit(":", 1)[0]


def _name_taken(name: str) -> ProtocolError:
    return ProtocolError(
        ErrorCode.NAME_TAKEN, f"the name {name}, or one that looks like it, is taken"
    )


def _notice_text(notice: dict) -> str:
    return (
        f"your game at table {notice['table']} could not be restored after the hall restarted;"
        " its stakes and bets were refunded"
    )


def _check_can_log_in(name: str) -> None:
    """The ledger's own account is nobody's, even where an older hall let someone register
    its name: logging in as it would show the hall's books."""
    if name == HOUSE:
        raise ProtocolError(
            ErrorCode.NAME_RESERVED, f"{name} is the hall's own account; nobody logs in as it"
        )


@dataclass
class HallConfig:
    # Log-ins (accounts.LoginThrottle): per name and address, 3 free failures, then waits of
    # 1 s, 2 s, 4 s … up to 5 minutes before that name may be tried from there again.
    login_free_failures: int = 3
    login_first_wait: float = 1.0
    login_longest_wait: float = 300.0
    # Lobby and table chat (chat_budget.ChatBudget): 5 at once, then one more every 2 s.
    chat_burst: int = 5
    chat_every: float = 2.0
    connections: ConnectionLimits = field(default_factory=ConnectionLimits)
    waiting_tables_per_player: int = 3
    mahjong: MahjongConfig = field(default_factory=MahjongConfig)
    door_secret: str | None = None
    log_tables: bool = True
    """Keep every running table in the store (``server.action_log``) to restore it on start."""
    registration: RegistrationPolicy = RegistrationPolicy()
    """Who may open an account, and how many a day (``newcomers``, platform.md)."""
    newcomers: NewcomerRule = NewcomerRule()
    """Until an account has really played, it cannot bet and what it loses goes to the house."""
    place: str = HALL_PLACE
    """The hall's name in its game records (SGF ``PC``), as players name it to each other."""
    same_address_bets: bool = False
    """Whether a bet may come from the address one of the game's players plays from: only in
    a private hall (local mode, where every connection is this machine's)."""


class Hall:
    def __init__(
        self,
        store: Store,
        nursery: trio.Nursery,
        bots: BotFactory,
        config: HallConfig | None = None,
    ) -> None:
        self.store = store
        self.nursery = nursery
        self.bots = bots
        self.config = config = config or HallConfig()
        # The rooms are read from the games once, when the hall opens: a ruleset registered
        # before then is offered like the others (qipai.platform.hall_rooms).
        self.rooms: dict[str, HallRoom] = hall_rooms()
        self._option_parsers = option_parsers(self.rooms)
        # What ``create_table`` without options makes, per room: every table option's name and
        # default, derived from the parsers themselves so the lobby cannot tell otherwise.
        self._room_defaults = {
            room: parse_options(room, None, self._option_parsers).to_wire() for room in self.rooms
        }
        self.sessions: set[Session] = set()
        self.online: dict[str, Session] = {}
        self.lobby: set[Session] = set()
        self.tables: dict[int, Table] = {}
        self._table_scopes: dict[int, trio.CancelScope] = {}
        # No game is played yet, so a pool holding coins belongs to a game lost with the last
        # server: refunded before anyone can connect (PL-10); a Lengzi pot holding coins, to a
        # match cut short: closed to the house (LZ-10). Not in ``open_database``: a tool
        # opening the file beside a running hall must not touch live bets and pots.
        # The tables that were running come back first (server/action_log.py), so that their
        # bets are kept while the pools of games that cannot come back are refunded.
        self.log_writer = ActionLog(store)
        nursery.start_soon(self.log_writer.run)
        nursery.start_soon(store.checkpoints)
        #: What tables log to; None in a hall that keeps no running table (tests on a
        #: virtual clock: it would jump ahead while the writer thread commits).
        self.action_log = self.log_writer if config.log_tables else None
        live = action_log.live_tables(store.db)
        kept = {
            bets.game_ref(t.header["record"])
            for t in live
            if t.damage is None and t.room == "go" and t.header.get("record") is not None
        }
        refunded = bets.refund_unfinished(store.db, time.time(), keep=kept)
        if refunded:
            log.info("refunded the bets of %d unfinished games: %s", len(refunded), refunded)
        pots = {pot_account(f"table:{t.id}") for t in live if t.damage is None and t.room != "go"}
        closed = economy.close_stranded_pots(store.db, time.time(), keep=pots)
        if closed:
            log.info("closed %d pots of matches cut short to the house: %s", len(closed), closed)
        self._next_game = store.next_game_id()
        self._logins = accounts.LoginThrottle(
            config.login_free_failures, config.login_first_wait, config.login_longest_wait
        )
        self._chat = ChatBudget(config.chat_burst, config.chat_every)
        # Each scrypt hash takes 16 MiB and a core for a moment: a burst of logins queues.
        self._hashing = trio.CapacityLimiter(2)
        self._pending_writes = 0
        self._writes_done = trio.Event()
        self._writes_done.set()
        self.shutting_down = False
        self.tickets = TicketBook()
        self.registrations = Registrations(config.registration)
        self.invitations = TicketBook(lifetime=7 * DAY)
        """Invitation codes, kept in memory: a restart voids them (a week is their life)."""
        for table in live:
            self._restore(table)

    # ------------------------------------------------------------------ restarting

    def _restore(self, live: LiveTable) -> None:
        """Rebuild one table that was running; one whose log does not replay is given up."""
        why = live.damage
        if why is None:
            self.log_writer.restored(live.id, live.rows)
            try:
                table = table_type(self.rooms[live.room]).restored(self, live)
            except Exception as error:
                log.exception("table %d: its log does not replay", live.id)
                why = f"its log does not replay ({type(error).__name__}: {error})"
                self.log_writer.ended(live.id)
            else:
                record = getattr(table, "record_id", None) or 0
                self._next_game = max(self._next_game, record + 1)
                self._open(table)
                log.info(
                    "restored table %d (%s) at action %d", live.id, live.room, len(live.entries)
                )
                return
        self._give_up(live, why)

    def _give_up(self, live: LiveTable, why: str) -> None:
        """Close the table, refund its bets (PL-10) and tell its players at their next login."""
        log.warning("table %d (%s) not restored: %s", live.id, live.room, why)
        db = self.store.db
        record = live.header.get("record")
        if record is not None:
            bets.refund_pool(db, bets.game_ref(record), at=time.time())
        pot = pot_account(f"table:{live.id}")
        if economy.balance(db, pot):  # a Lengzi match cut short: LZ-10
            economy.close_table_pot(db, pot, f"table:{live.id}:closed", at=time.time())
        action_log.end_live_alone(db, live.id)
        notice = {"kind": "table_lost", "table": live.id, "room": live.room, "reason": why}
        seats = live.header.get("seats") or {}
        seats = seats.values() if isinstance(seats, dict) else seats  # Go by colour, mahjong a list
        for name in {seat[0] for seat in seats if seat is not None and not seat[1]}:
            action_log.add_notice(db, name, notice)

    # ------------------------------------------------------------------ connections

    def connected(self, session: Session) -> None:
        self.sessions.add(session)

    def disconnected(self, session: Session) -> None:
        self.sessions.discard(session)
        self.lobby.discard(session)
        for table_id in list(session.tables):
            table = self.tables.get(table_id)
            if table is not None:
                table.drop(session)
                self.close_if_abandoned(table)
        session.tables.clear()
        if session.name is not None and self.online.get(session.name) is session:
            del self.online[session.name]
            self._lobby_push({"type": "lobby", "kind": "offline", "name": session.name})
            for table in self.tables_of(session.name):
                table.presence(session.name, False)

    def is_online(self, name: str) -> bool:
        return name in self.online

    def tables_of(self, name: str) -> list[Table]:
        return [t for t in self.tables.values() if t.seats_of(name)]

    async def handle(self, session: Session, message: Any) -> None:
        """Answer one request with exactly one reply."""
        rid = request_id(message)
        try:
            request = validate_request(message)
            kind = request["type"]
            if not session.greeted and kind != "hello":
                raise ProtocolError(ErrorCode.HANDSHAKE_REQUIRED, "send hello first")
            if session.name is None and kind not in ANONYMOUS_REQUESTS:
                raise ProtocolError(ErrorCode.NOT_LOGGED_IN, "log in first")
            if self.shutting_down:
                raise ProtocolError(ErrorCode.SHUTTING_DOWN, "the server is stopping")
            handler: Callable[[Session, dict], Awaitable[dict] | dict] = getattr(self, f"on_{kind}")
            reply = handler(session, request)
            if not isinstance(reply, dict):
                reply = await reply
            data = encode(ok_reply(rid, **reply))
        except ProtocolError as exc:
            data = encode(reply_for(rid, exc))
        except Exception:
            log.exception("%s: request %r failed", session, message)
            data = encode(reply_for(rid, ProtocolError(ErrorCode.INTERNAL_ERROR, "server error")))
        # What the request did to a table is stored before the reply goes out: the writer
        # pushes it with the batch's held events (one write to the mover), and the request
        # ends once it is pushed, so the connection reads on only then.
        writer = self.log_writer
        writer.reply(session, data)
        if writer.pending:
            await writer.durable()

    # ------------------------------------------------------------------ session requests

    def on_hello(self, session: Session, request: dict) -> dict:
        if session.greeted:
            raise ProtocolError(ErrorCode.ALREADY_GREETED, "this connection said hello already")
        if request["version"] != PROTOCOL_VERSION:
            raise ProtocolError(
                ErrorCode.BAD_VERSION, f"this server speaks protocol version {PROTOCOL_VERSION}"
            )
        session.greeted = True
        limits = DEFAULT_LIMITS
        return {
            "version": PROTOCOL_VERSION,
            "server": SERVER_NAME,
            "limits": {
                "max_frame": limits.max_frame,
                "max_str": limits.max_str,
                "max_array": limits.max_array,
                "max_map": limits.max_map,
                "max_depth": limits.max_depth,
            },
        }

    def on_ping(self, session: Session, request: dict) -> dict:
        return {"time": time.time()}

    async def on_register(self, session: Session, request: dict) -> dict:
        self._require_anonymous(session)
        name = check_new_name(request["name"])
        password = accounts.check_password(request["password"])
        go_start = starting_go_rank(request.get("go_rank"))
        address = host_of(session.address)
        invite = request.get("invite")
        self._check_registration(address, invited=invite is not None)
        if invite is not None and self.invitations.redeem(invite, trio.current_time()) is None:
            raise ProtocolError(
                ErrorCode.REGISTRATION_REFUSED, "that invitation is unknown, used or expired"
            )
        # Counted before the slow hash, so a burst cannot slip past the limit; given back if
        # no account comes of it.
        opened = self.registrations.opened(address, trio.current_time())
        try:
            salt, digest = await trio.to_thread.run_sync(
                accounts.hash_password, password, limiter=self._hashing
            )
            added = await self.store.call(
                self.store.add_account, name, salt, digest, time.time(), go_start
            )
        except BaseException:
            self.registrations.withdraw(opened)
            raise
        if not added:
            self.registrations.withdraw(opened)
            raise _name_taken(name)
        log.info("registered %s from %s", name, session.address)
        return await self._log_in(session, name)

    def _check_registration(self, address: str, *, invited: bool = False) -> None:
        try:
            self.registrations.check(address, trio.current_time(), invited=invited)
        except RegistrationRefused as exc:
            raise ProtocolError(ErrorCode.REGISTRATION_REFUSED, exc.message) from None

    async def on_invite(self, session: Session, request: dict) -> dict:
        """A one-time invitation code (a week long) from a player who has really played."""
        if await self._newcomer(session.name or ""):
            raise ProtocolError(
                ErrorCode.NOT_YET_INVITING, "invite others once you have played here a while"
            )
        code = self.invitations.issue(session.name or "", trio.current_time())
        log.info("%s asked for an invitation", session.name)
        return {"invite": code, "expires_in": self.invitations.lifetime}

    async def _newcomer(self, name: str) -> bool:
        return await self.store.call(
            economy.is_newcomer, self.store.db, name, self.config.newcomers, time.time()
        )

    async def on_login(self, session: Session, request: dict) -> dict:
        self._require_anonymous(session)
        name = request["name"]
        await self._check_password(name, request["password"], session.address.rsplit(":", 1)[0])
        return await self._log_in(session, name)

    async def _check_password(self, name: str, password: str, address: str) -> None:
        wait = self._logins.wait(name, address, trio.current_time())
        if wait > 0:
            raise ProtocolError(
                ErrorCode.RATE_LIMITED,
                f"too many failed logins for {name} from your address; "
                f"try again in {math.ceil(wait)} s",
            )
        stored = await self.store.call(self.store.account, name)
        # An unknown name is hashed too, so that its answer takes as long as a wrong password's.
        matches = await trio.to_thread.run_sync(
            accounts.password_matches,
            password,
            *(stored or accounts.stand_in_account()),
            limiter=self._hashing,
        )
        if stored is None or not matches:
            self._logins.failed(name, address, trio.current_time())
            raise ProtocolError(ErrorCode.BAD_CREDENTIALS, "wrong name or password")
        self._logins.succeeded(name, address)

    async def on_resume_session(self, session: Session, request: dict) -> dict:
        self._require_anonymous(session)
        digest = accounts.token_digest(request["token"])
        name = await self.store.call(self.store.token_owner, digest, time.time())
        if name is None:
            raise ProtocolError(ErrorCode.BAD_TOKEN, "that session has ended; log in again")
        _check_can_log_in(name)
        return self._attach(session, name, request["token"])

    async def on_logout(self, session: Session, request: dict) -> dict:
        name = session.name
        if session.token_digest is not None:
            await self.store.call(self.store.drop_token, session.token_digest)
        self.disconnected(session)
        self.sessions.add(session)
        session.name = session.token_digest = None
        log.info("%s logged out", name)
        return {}

    # ------------------------------------------------------------------ the SSH door

    def _require_door(self, request: dict) -> None:
        if not door_secret_matches(self.config.door_secret, request["secret"]):
            raise ProtocolError(ErrorCode.NOT_THE_DOOR, "only the SSH door may ask this")

    async def on_door_lookup(self, session: Session, request: dict) -> dict:
        """Whether the name is an account; a name that is not, but looks like one that is,
        cannot be registered, and the door is told so before it offers it to the visitor."""
        self._require_door(request)
        name = request["name"]
        if await self.store.call(self.store.account, name) is not None:
            return {"exists": True}
        if await self.store.call(self.store.name_key_taken, name):
            raise _name_taken(name)
        return {"exists": False}

    async def on_door_ticket(self, session: Session, request: dict) -> dict:
        """A one-time ticket for the door's visitor: a guest, a new name the door registers
        with an SSH key (the door keeps the key), a known key's account, or a password
        checked here with the same limits as ``login``."""
        self._require_door(request)
        name = request.get("name")
        if request.get("guest"):
            name = await self._new_account(GUEST_PREFIX, 6)
        elif name is None:
            raise ProtocolError(ErrorCode.MISSING_FIELD, "field 'name' is required")
        elif request.get("register"):
            address = request.get("address") or host_of(session.address)
            self._check_registration(address)
            name = check_new_name(name)
            opened = self.registrations.opened(address, trio.current_time())
            try:
                await self._new_account(name)
            except BaseException:
                self.registrations.withdraw(opened)
                raise
        elif request.get("password") is not None:
            address = request.get("address") or session.address.rsplit(":", 1)[0]
            await self._check_password(name, request["password"], address)
        elif await self.store.call(self.store.account, name) is None:
            raise ProtocolError(ErrorCode.BAD_CREDENTIALS, f"there is no account {name}")
        ticket = self.tickets.issue(name, trio.current_time(), request.get("address"))
        return {"name": name, "ticket": ticket}

    def _require_friendly_for_guests(self, session: Session, options: Any) -> None:
        if is_guest(session.name) and not getattr(options, "friendly", True):
            raise ProtocolError(ErrorCode.FRIENDLY_ONLY, "guests play friendly tables only")

    async def _new_account(self, name: str, random_suffix: int = 0) -> str:
        """An account without a usable password (its credential lives at the door): random
        bytes stand where the hash would be, so no password matches and no scrypt is spent.
        A random suffix is retried until free."""
        salt, digest = secrets.token_bytes(16), secrets.token_bytes(32)
        while True:
            full = name + accounts.new_token()[:random_suffix] if random_suffix else name
            if await self.store.call(self.store.add_account, full, salt, digest, time.time()):
                return full
            if not random_suffix:
                raise _name_taken(name)

    async def on_ticket_login(self, session: Session, request: dict) -> dict:
        self._require_anonymous(session)
        visit = self.tickets.redeem_visit(request["ticket"], trio.current_time())
        if visit is None:
            raise ProtocolError(ErrorCode.BAD_TICKET, "that ticket is unknown, used or expired")
        name, address = visit
        if address:  # the visitor's machine, not the door's: what the per-address rules count
            session.address = f"{address}:door"
        return await self._log_in(session, name)

    def _require_anonymous(self, session: Session) -> None:
        if session.name is not None:
            raise ProtocolError(ErrorCode.ALREADY_LOGGED_IN, "you are logged in already")

    async def _log_in(self, session: Session, name: str) -> dict:
        _check_can_log_in(name)
        token = accounts.new_token()
        expires = time.time() + accounts.TOKEN_LIFETIME
        await self.store.call(self.store.add_token, accounts.token_digest(token), name, expires)
        return self._attach(session, name, token)

    def _attach(self, session: Session, name: str, token: str) -> dict:
        """Bind the account to this connection, replacing an older one, and rejoin its seats."""
        if session.closed:
            raise ProtocolError(ErrorCode.SHUTTING_DOWN, "connection closing")
        self._require_anonymous(session)
        previous = self.online.get(name)
        if previous is not None:
            self.disconnected(previous)
            previous.close("replaced", "you logged in from another connection")
        session.name = name
        session.token_digest = accounts.token_digest(token)
        self.online[name] = session
        self._lobby_push({"type": "lobby", "kind": "online", "name": name})
        seats = []
        rejoin = []
        for table in self.tables_of(name):
            if table.running:
                seats.extend({"table": table.id, "seat": s} for s in table.seats_of(name))
            table.join(session)
            rejoin.append(table)
        # The reply must precede the snapshots it announces, so they are sent right after it.
        self.nursery.start_soon(self._after_login, session, name, rejoin)
        return {"name": name, "token": token, "seats": seats}

    async def _after_login(self, session: Session, name: str, tables: list[Table]) -> None:
        notices = await self.store.call(action_log.take_notices, self.store.db, name)
        for notice in notices:
            session.send({"type": "notice", **notice, "message": _notice_text(notice)})
        for table in tables:
            if session in table.audience:
                table.snapshot(session)
                table.presence(name, True)

    # ------------------------------------------------------------------ lobby

    def _lobby_push(self, message: dict) -> None:
        if not self.lobby:
            return  # nobody listens: not even worth encoding
        data = encode(message)
        for session in list(self.lobby):
            session.push(data)

    def table_changed(self, table: Table) -> None:
        if self.lobby and table.id in self.tables:
            self._lobby_push({"type": "lobby", "kind": "table", "table": table.summary()})

    def on_lobby(self, session: Session, request: dict) -> dict:
        self.lobby.add(session)
        counts = dict.fromkeys(self.rooms, 0)
        for table in self.tables.values():
            counts[table.room] += 1
        return {
            "rooms": [
                {
                    **room.to_wire(),
                    "defaults": self._room_defaults[room_id],
                    "tables": counts[room_id],
                }
                for room_id, room in self.rooms.items()
            ],
            "tables": [t.summary() for t in self.tables.values()],
            "players": sorted(self.online),
        }

    def on_chat(self, session: Session, request: dict) -> dict:
        text = request["text"].strip()
        if not text:
            raise ProtocolError(ErrorCode.BAD_FIELD, "say something")
        name, now = session.name or "", trio.current_time()
        self._chat.check(name, now)
        table_id = request.get("table")
        if table_id is not None:
            self._table(table_id).chat(session, text)
        else:
            self.lobby.add(session)
            self._lobby_push(
                {"type": "chat", "table": None, "from": name, "text": text, "time": time.time()}
            )
        self._chat.spend(name, now)
        return {}

    def _table(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise ProtocolError(ErrorCode.NO_SUCH_TABLE, f"there is no table {table_id}")
        return table

    def on_create_table(self, session: Session, request: dict) -> dict | Awaitable[dict]:
        room = request["room"]
        options = parse_options(room, request.get("options"), self._option_parsers)
        self._require_friendly_for_guests(session, options)
        level = options.bot_level if isinstance(options, GoOptions) else None
        if level is not None and not self.bots.has(level):
            raise ProtocolError(ErrorCode.BAD_OPTION, f"this hall has no {level} bot")
        if self.rooms[room].kind == "mahjong" and options.tier == "anti_cheat":
            return self._place(session, room, options)
        self._check_waiting(session)
        return self._create(session, room, options)

    async def _create(self, session: Session, room: str, options: Any) -> dict:
        table_id = await self._new_table_id()
        rank = await self._go_rank(session.name or "") if room == "go" else None
        if session.closed or session.name is None:
            raise ProtocolError(ErrorCode.SHUTTING_DOWN, "connection closing")
        self._check_waiting(session)  # again: the same player may have created one meanwhile
        table = table_type(self.rooms[room])(self, table_id, options, session.name)
        if rank is not None:  # a hot-seat or bot table seats its creator at once
            table.notes.ranks[session.name] = rank
        self._open(table)
        table.join(session)
        table.setup(session)
        self.table_changed(table)
        log.info("%s created table %d (%s)", session.name, table.id, room)
        return {"table": table.id, "view": table.view_for(session)}

    def _check_waiting(self, session: Session) -> None:
        waiting = sum(
            1 for t in self.tables.values() if t.created_by == session.name and not t.started
        )
        if waiting >= self.config.waiting_tables_per_player:
            raise ProtocolError(
                ErrorCode.TOO_MANY_TABLES, "you have tables waiting for players already"
            )

    async def _new_table_id(self) -> int:
        """Ids come from the store (``Store.allocate_table_id``): a Lengzi pot and the ledger's
        refs name tables, so an id must not return in a later life of the server.

        A commit of tens of microseconds, made on trio's thread (``Store.call_here``): when
        games end together their players open new tables at once, and a thread's round trip
        for each would hold the store's writer turn for milliseconds, the action log's commit
        (and every push it holds) waiting behind them."""
        return await self.store.call_here(self.store.allocate_table_id)

    async def _place(self, session: Session, room: str, options: Any) -> dict:
        """PL-15: nobody chooses a 防作弊 table. The player is placed at the oldest waiting
        table of the room with the same options and a free seat he may take, or at a new one."""
        name = session.name or ""
        for table in list(self.tables.values()):
            if table.room != room or table.options != options or table.seats_of(name):
                continue
            if table.started or not table.free_seats:
                continue
            try:
                await self._check_coin_seat(session, table)
            except ProtocolError as exc:
                if exc.code is not ErrorCode.RANK_TOO_FAR_APART:
                    raise
                continue
            if not table.started and table.free_seats and table.id in self.tables:
                table.place(session)
                return {"table": table.id, "view": table.view_for(session)}
        table = table_type(self.rooms[room])(self, await self._new_table_id(), options, name)
        await self._check_coin_seat(session, table)
        self._open(table)
        table.place(session)
        log.info("%s placed at new table %d (%s, 防作弊)", name, table.id, room)
        return {"table": table.id, "view": table.view_for(session)}

    async def _check_coin_seat(self, session: Session, table: Table) -> None:
        """A mahjong coin room: the room's minimum (§6) and the title spread (PL-04)."""
        coins = await self.store.call(economy.balance, self.store.db, session.name)
        try:
            check_can_sit(RoomTier[table.options.tier.upper()], coins)
        except BelowRoomMinimum as exc:
            raise ProtocolError(ErrorCode.BELOW_ROOM_MINIMUM, exc.message) from None
        await self._check_ranked_titles(session.name or "", table)

    def _open(self, table: Table) -> None:
        self.tables[table.id] = table
        scope = trio.CancelScope()
        self._table_scopes[table.id] = scope
        self.nursery.start_soon(self._run_table, table, scope)

    async def _run_table(self, table: Table, scope: trio.CancelScope) -> None:
        with scope:
            try:
                await table.run()
            except Exception:
                log.exception("table %d failed", table.id)

    def close_if_abandoned(self, table: Table) -> None:
        if table.abandoned and table.id in self.tables:
            del self.tables[table.id]
            table.closed = True
            self._table_scopes.pop(table.id).cancel()
            self._lobby_push({"type": "lobby", "kind": "table_closed", "table": table.id})

    async def on_sit(self, session: Session, request: dict) -> dict:
        table = self._table(request["table"])
        self._require_friendly_for_guests(session, table.options)
        if table.room == "go" and not table.options.friendly:
            await self._check_ranked_pairing(session.name or "", table)
        elif table.room != "go" and table.options.tier is not None:
            await self._check_coin_seat(session, table)
        if table.room == "go":
            rank = await self._go_rank(session.name or "")
            if rank is not None:  # before the seat: the log's header names it at the start
                table.notes.ranks[session.name or ""] = rank
        table.sit(session, request["seat"])
        return {"view": table.view_for(session)}

    @property
    def place(self) -> str:
        return self.config.place

    async def _go_rank(self, name: str) -> str | None:
        """The Go rank a player sits down with, for the record's BR/WR; a guest has none."""
        if is_guest(name):
            return None
        return rank_name((await self._standing(name)).rank)

    async def _standing(self, name: str) -> GoStanding:
        """One row read on trio's thread, like ``_new_table_id`` (every sit at a Go table reads
        one or more)."""
        return await self.store.call_here(economy.standing, self.store.db, name)

    async def _check_ranked_pairing(self, name: str, table: Table) -> None:
        """Ranked Go pairs players at most one rank apart (§1). The ranks are read from the
        store, so the seated players are checked again after the read, until they hold still."""
        while True:
            seated = {o.name for o in table.seats.values() if o is not None} - {name}
            ranks = {who: (await self._standing(who)).rank for who in {name, *seated}}
            if {o.name for o in table.seats.values() if o is not None} - {name} == seated:
                break
        for other in seated:
            try:
                check_ranked_pairing(ranks[name], ranks[other])
            except PairingRefused as exc:
                raise ProtocolError(ErrorCode.RANK_TOO_FAR_APART, exc.message) from None

    async def _check_ranked_titles(self, name: str, table: Table) -> None:
        """A coin room is ranked: its players' titles lie within two levels (PL-04). The 积分
        are read from the store, so the seated players are checked again after the read."""

        def others() -> list[str]:
            return [o.name for o in table.seats.values() if o is not None and o.name != name]

        while True:
            seated = others()
            names = [name, *seated]
            points = await self.store.call(economy.points_by_name, self.store.db, table.room, names)
            if others() == seated:
                break
        try:
            economy.check_ranked_titles(table.room, name, points)
        except PairingRefused as exc:
            raise ProtocolError(ErrorCode.RANK_TOO_FAR_APART, exc.message) from None

    def on_stand(self, session: Session, request: dict) -> dict:
        self._table(request["table"]).stand(session)
        return {}

    def on_watch(self, session: Session, request: dict) -> dict:
        table = self._table(request["table"])
        table.watch(session)
        return {"view": table.view_for(session)}

    def on_leave(self, session: Session, request: dict) -> dict:
        table = self._table(request["table"])
        table.leave(session)
        self.close_if_abandoned(table)
        return {}

    def on_snapshot(self, session: Session, request: dict) -> dict:
        table = self._table(request["table"])
        if session not in table.audience:
            raise ProtocolError(ErrorCode.NOT_AT_TABLE, "sit or watch first")
        return {"view": table.view_for(session)}

    def on_act(self, session: Session, request: dict) -> dict:
        table = self._table(request["table"])
        seats = table.seats_of(session.name)
        if not seats:
            raise ProtocolError(ErrorCode.NOT_SEATED, "you do not sit at this table")
        table.act(seats, request)
        return {}

    # ------------------------------------------------------------------ finished games

    def allocate_game_id(self) -> int:
        game_id = self._next_game
        self._next_game += 1
        return game_id

    def record_game(
        self, record: GameRecord, stored: Callable[[Any], None], live: int | None = None
    ) -> None:
        """A finished Go game; a ranked one moves both standings and settles its bets, and the
        log of table ``live`` ends, in the same transaction. ``stored`` gets the bet settlement
        (or the error) once committed: the table announces the result only then, and shutdown
        waits for it. The transaction is small (a row, two standings, the bets, the log's
        end), so it is made on trio's thread, like the log's own commits."""
        query = partial(self.store.add_go_game, live=live)
        self._write(query, record, f"game {record.id}: {record.result}", stored, here=True)

    def refund_bets(self, ref: str) -> None:
        """Refund the pool of a golden game that will never finish (the hall is stopping)."""
        self._write(partial(bets.refund_pool, self.store.db, at=time.time()), ref, f"{ref} refund")

    def _write(
        self,
        query: Callable[[Any], Any],
        row: Any,
        label: str,
        stored: Callable[[Any], None] | None = None,
        here: bool = False,
    ) -> None:
        """Store a row in the background; shutdown waits for every pending write. ``here``:
        the write is made on trio's thread (``Store.call_here``), for one smaller than a
        thread's round trip."""
        self._pending_writes += 1
        if self._writes_done.is_set():  # flush may be waiting on the unset one: keep it
            self._writes_done = trio.Event()
        self.nursery.start_soon(self._write_row, query, row, label, stored, here)

    async def _write_row(
        self,
        query: Callable[[Any], Any],
        row: Any,
        label: str,
        stored: Callable[[Any], None] | None,
        here: bool,
    ) -> None:
        outcome: Any
        try:
            with trio.CancelScope(shield=True):
                await self.log_writer.durable()  # never a result ahead of the log leading to it
                call = self.store.call_here if here else self.store.call
                outcome = await call(query, row)
            log.info("stored %s", label)
        except Exception as error:
            log.exception("could not store %s", label)
            outcome = error
        try:
            if stored is not None:
                stored(outcome)
        finally:
            self._pending_writes -= 1
            if self._pending_writes == 0:
                self._writes_done.set()

    async def flush(self) -> None:
        await self._writes_done.wait()
        await self.log_writer.durable()

    def record_mahjong_hand(
        self,
        hand: MahjongHand,
        coins: HandCoins | None = None,
        written: Callable[[Any], None] | None = None,
    ) -> None:
        """A finished hand; in a coin room its coins move in the same transaction, and
        ``written`` then gets the seats' balances before and after it (or the error)."""
        query: Callable[[Any], Any] = partial(self.store.add_mahjong_hand, coins=coins)
        if coins is not None:
            query = partial(self._hand_with_balances, coins)
        self._write(query, hand, f"mahjong hand {hand.id}", written)

    def _hand_with_balances(self, coins: HandCoins, hand: MahjongHand) -> tuple[list, list]:
        """On the store's one writer thread, so no other write comes between the reads."""
        seats = list(coins.seats)
        before = economy.balances_of(self.store.db, seats)
        self.store.add_mahjong_hand(hand, coins=coins)
        return before, economy.balances_of(self.store.db, seats)

    def close_pot(self, pot: str, ref: str) -> None:
        """A coin match stopped between hands: its Lengzi pot goes to the house (LZ-10)."""
        self._write(
            partial(economy.close_table_pot, self.store.db, pot, at=time.time()),
            ref,
            f"{pot} closed",
        )

    def write_mahjong(
        self,
        write: Callable[[Any, Callable[[MahjongHand], None]], None],
        label: str,
        written: Callable[[Any], None] | None = None,
    ) -> None:
        """A mahjong table's own transaction (an escape's hand with its coins, a leaver's fee, a
        pot split): ``write(db, insert_hand)`` runs on the store's writer thread in the
        background, ``written`` gets its result (or the error) once committed, and shutdown
        waits for it like every write."""
        self._write(
            lambda _: write(self.store.db, self.store._insert_mahjong_hand), None, label, written
        )

    def end_live(self, table_id: int) -> None:
        """A table's match ended: its log goes, after every write of its own."""
        self.log_writer.ended(table_id)
        query = partial(action_log.end_live_alone, self.store.db)
        self._write(query, table_id, f"table {table_id}'s log ended")

    def record_adjourned(self, table_id: int, game: AdjournedGame) -> None:
        self.log_writer.ended(table_id)
        query = partial(self.store.add_adjourned, live=table_id)
        self._write(query, game, f"adjourned game {game.id}")

    async def on_games(self, session: Session, request: dict) -> dict:
        games = await self.store.call(self.store.games_of, session.name)
        hands = await self.store.call(self.store.mahjong_hands_of, session.name)
        adjourned = await self.store.call(self.store.adjourned_of, session.name)
        listed = sorted([*games, *hands], key=lambda g: -g.id)[:GAMES_LISTED]
        return {
            "games": [g.summary() for g in listed],
            "adjourned": [a.summary() for a in adjourned],
        }

    async def on_resume_game(self, session: Session, request: dict) -> dict:
        """GO-12: either player resumes an adjourned game once both are here."""
        game_id = request["game"]
        mine = await self.store.call(self.store.adjourned_of, session.name)
        found = next((a for a in mine if a.id == game_id), None)
        if found is None:
            raise ProtocolError(ErrorCode.NO_SUCH_GAME, f"you have no adjourned game {game_id}")
        other = found.white if found.black == session.name else found.black
        if other not in self.online:
            raise ProtocolError(ErrorCode.OPPONENT_ABSENT, f"{other} is not here")
        table_id = await self._new_table_id()  # before the game leaves the adjourned list
        taken = await self.store.call(self.store.take_adjourned, game_id)
        if taken is None:
            raise ProtocolError(ErrorCode.NO_SUCH_GAME, f"game {game_id} is not adjourned any more")
        table = GoTable.resumed(self, table_id, taken)
        self._open(table)
        for name in {taken.black, taken.white}:
            member = self.online.get(name)
            if member is not None:
                table.join(member)
        table.publish("started")
        self.table_changed(table)
        log.info("%s resumed adjourned game %d at table %d", session.name, game_id, table.id)
        return {"table": table.id, "view": table.view_for(session)}

    async def expire_adjourned(self) -> None:
        """GO-12: an adjourned game not resumed within 24 hours is lost by whoever left."""
        while True:
            await self.sweep_adjourned()
            await trio.sleep(ADJOURNED_SWEEP)

    async def sweep_adjourned(self) -> None:
        """One pass of the GO-12 sweep (tests call it directly: a virtual clock would run ahead of
        the database thread)."""
        expired = await self.store.call(
            self.store.expired_adjourned, time.time() - ADJOURNED_LIFETIME
        )
        for adjourned in expired:
            record = forfeited_record(self.allocate_game_id(), adjourned, self.place)
            await self.store.call(self.store.settle_adjourned, adjourned.id, record)
            log.info("adjourned game %d expired: %s", adjourned.id, record.result)

    def on_table_record(self, session: Session, request: dict) -> dict:
        """The running Go game so far as SGF, for its audience (a late spectator steps back
        through it): nothing in it is hidden from them, the board and chat are theirs already."""
        table = self._table(request["table"])
        if session not in table.audience:
            raise ProtocolError(ErrorCode.NOT_AT_TABLE, "sit or watch first")
        if not isinstance(table, GoTable):
            raise ProtocolError(ErrorCode.NO_SUCH_GAME, f"table {table.id} plays no Go game")
        return {"table": table.id, "sgf": table.record_so_far()}

    async def on_game_record(self, session: Session, request: dict) -> dict:
        game = await self.store.call(self.store.game, request["game"])
        if game is None:
            hand = await self.store.call(self.store.mahjong_hand, request["game"])
            if hand is not None:
                return hand.to_wire()
            raise ProtocolError(ErrorCode.NO_SUCH_GAME, f"there is no game {request['game']}")
        return {**game.summary(), "sgf": game.record}

    async def on_match_hands(self, session: Session, request: dict) -> dict:
        """The replay viewer's match: as public as ``game_record`` (docs/platform.md, "Replays"),
        and only hands already stored, so a running match gives its finished hands alone."""
        hands = await self.store.call(self.store.mahjong_match, request["game"])
        if not hands:
            raise ProtocolError(
                ErrorCode.NO_SUCH_GAME, f"there is no stored mahjong hand {request['game']}"
            )
        return {"table": hands[0].table_id, "hands": [hand.to_wire() for hand in hands]}

    # ------------------------------------------------------------------ economy

    async def on_relief(self, session: Session, request: dict) -> dict:
        """救济金 (PL-21): once per UTC day, for a player below the cheapest room's minimum."""
        day = time.strftime("%Y-%m-%d", time.gmtime())
        try:
            coins = await self.store.call(
                economy.claim_relief, self.store.db, session.name, day, time.time()
            )
        except ReliefUnavailable as exc:
            raise ProtocolError(ErrorCode.RELIEF_UNAVAILABLE, exc.message) from None
        log.info("%s claimed relief for %s", session.name, day)
        return {"coins": RELIEF_COINS, "balance": coins}

    async def on_bet(self, session: Session, request: dict) -> dict:
        """A spectator's bet on a golden table (platform.md §5); see ``GoTable.bet``."""
        table = self._table(request["table"])
        if not isinstance(table, GoTable):
            raise ProtocolError(ErrorCode.NOT_GOLDEN_TABLE, "only ranked Go tables take bets")
        # A guest's coins come free with each visit: betting them would hand coins to others.
        self._require_friendly_for_guests(session, table.options)
        return await table.bet(session, request["side"], request["amount"])

    async def check_bettor(self, session: Session, table: Table) -> None:
        """Coins nobody can farm: a bettor has really played, and does not sit at the machine
        of one of the game's players (``newcomers.check_bettor``)."""
        players = {o.name for o in table.seats.values() if o is not None}
        if session.name in players:
            return  # the book refuses a seated bettor with its own code
        addresses = {host_of(self.online[p].address) for p in players if p in self.online}
        newcomer = await self._newcomer(session.name or "")
        address = None if self.config.same_address_bets else host_of(session.address)
        try:
            check_bettor(newcomer, address, addresses)
        except PlatformError as exc:
            raise ProtocolError(ErrorCode(exc.code), exc.message) from None

    async def on_leaderboard(self, session: Session, request: dict) -> dict:
        """One board: Go by rank, a mahjong room by 积分 with titles, or coins."""
        which = request["board"]
        boards = leaderboard.boards(self.rooms)
        if which not in boards:
            raise ProtocolError(ErrorCode.BAD_FIELD, f"board must be one of {', '.join(boards)}")
        return await self.store.call(leaderboard.board, self.store.db, session.name, which, boards)

    async def on_profile(self, session: Session, request: dict) -> dict:
        name = request.get("name") or session.name
        if await self.store.call(self.store.account, name) is None:
            raise ProtocolError(ErrorCode.BAD_NAME, f"there is no account {name}")
        return await self.store.call(
            partial(economy.profile, own=name == session.name), self.store.db, name
        )

    # ------------------------------------------------------------------ shutdown

    def close_all(self, message: str) -> None:
        """Say goodbye to everyone. A logged table is kept to be restored by the next start
        (its bets stay in their pool); one that is not (a mahjong match) ends here, and a
        golden game's pool is refunded."""
        self.shutting_down = True
        for table in list(self.tables.values()):
            if isinstance(table, GoTable) and table.action_log is None:
                table.refund_bets()
        for session in list(self.sessions):
            running = [t for t in self.tables_of(session.name or "") if t.running]
            if not running:  # nothing of the player's to save: no word of saving
                session.close(ErrorCode.SHUTTING_DOWN, "the hall is stopping")
                continue
            lost = [t for t in running if t.action_log is None]
            said = message if not lost else "the hall is stopping; your match ends here"
            session.close(ErrorCode.SHUTTING_DOWN, said, saved=not lost)
