"""What every table has, whatever the game: seats, an audience, a sequence number, chat.

A table's state changes only in synchronous methods called from request handlers or from the
table's own task, so no locks are needed (trio switches tasks only at ``await``).  Each change
is published once: the event is encoded once per distinct seat view and the same bytes go to
every session sharing that view.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import msgpack
import trio

from qipai.protocol import ErrorCode, ProtocolError, encode

if TYPE_CHECKING:
    from ..action_log import ActionLog
    from ..session import Session
    from .host import TableHost


#: Phases after which a table only shows how its game ended.
ENDED = frozenset({"over", "adjourned"})

_VIEW_KEY, _YOU_KEY, _GAME_KEY = (msgpack.packb(key) for key in ("view", "you", "game"))
_map_header = msgpack.Packer().pack_map_header


def _entries(mapping: dict[str, Any]) -> bytes:
    """A map's encoded keys and values without its header, to be spliced into a larger map."""
    data = encode(mapping)
    return data[1 if len(mapping) < 16 else 3 if len(mapping) < 1 << 16 else 5 :]


@dataclass(frozen=True)
class Occupant:
    name: str
    bot: bool = False


class Table:
    room: ClassVar[str]
    seat_order: ClassVar[tuple[str, ...]]

    def __init__(self, hall: TableHost, table_id: int, options: Any, created_by: str) -> None:
        self.hall = hall
        self.id = table_id
        self.options = options
        self.options_wire = options.to_wire()  # options never change: one wire form per table
        self.created_by = created_by
        self.seats: dict[str, Occupant | None] = dict.fromkeys(self.seat_order)
        self._seats_key: tuple[Occupant | None, ...] = ()
        self._seats_memo: dict[str, tuple[str, ...]] = {}
        """``seats_of`` by name, for the occupants ``_seats_key``."""
        self.audience: set[Session] = set()
        self._audience_changes = 0
        """Counts the audience's changes: ``spectators`` is kept between them."""
        self._spectators: tuple[tuple, int] = ((), 0)
        self.seq = 0
        self.started = False
        self.closed = False
        self.offline_since: dict[str, float] = {}
        self._changed: trio.Event | None = None  # made when a bot waits on it
        self.action_log: ActionLog | None = None
        """Set on a table whose actions are logged (``server.action_log``)."""
        self._held: list[tuple[int, Session, bytes]] = []
        self.changing = False
        """Set while an action that will be logged is carried out: what it publishes waits."""

    # ------------------------------------------------------------------ game hooks

    @property
    def phase(self) -> str:
        raise NotImplementedError

    def start(self) -> None:
        """All seats are taken: the game begins."""
        raise NotImplementedError

    def game_view(self) -> dict[str, Any]:
        raise NotImplementedError

    def private_view(self, seats: tuple[str, ...]) -> dict[str, Any]:
        """What only these seats may see, and the actions open to them now."""
        raise NotImplementedError

    def act(self, seats: tuple[str, ...], message: dict[str, Any]) -> None:
        raise NotImplementedError

    def forfeit(self, seat: str) -> None:
        """The player of ``seat`` left a running game on purpose."""
        raise NotImplementedError

    async def run(self) -> None:
        """The table's own task (clocks, bots); cancelled when the table closes."""
        await trio.sleep_forever()

    # ------------------------------------------------------------------ seats and audience

    def now(self) -> float:
        """The table's clock (a restored mahjong table's runs on from its log)."""
        return trio.current_time()

    @property
    def running(self) -> bool:
        return self.started and self.phase not in ENDED

    def seats_of(self, name: str | None) -> tuple[str, ...]:
        """The seats ``name`` plays. Asked for every receiver of every event (and for each
        spectator count): kept per name while the seats hold the same occupants."""
        if name is None:
            return ()
        occupants = tuple(self.seats.values())
        if occupants != self._seats_key:  # identity first: a cheap test while seats stay
            self._seats_key = occupants
            self._seats_memo = {}
        found = self._seats_memo.get(name)
        if found is None:
            found = self._seats_memo[name] = tuple(
                s for s, o in self.seats.items() if o is not None and o.name == name and not o.bot
            )
        return found

    def spectators(self) -> int:
        """How many watch without a seat: part of every event's view, so kept while the
        audience and the seats stay the same."""
        key = (self._audience_changes, tuple(self.seats.values()))
        if key != self._spectators[0]:
            count = sum(1 for s in self.audience if not self.seats_of(s.name))
            self._spectators = (key, count)
        return self._spectators[1]

    def seat_info(self, occupant: Occupant | None) -> dict[str, Any] | None:
        if occupant is None:
            return None
        online = occupant.bot or self.hall.is_online(occupant.name)
        return {"name": occupant.name, "online": online, "bot": occupant.bot}

    def view(self, seats: tuple[str, ...], game: dict[str, Any] | None = None) -> dict[str, Any]:
        """The full view of ``seats``; ``game`` is the public part when already built."""
        return self._seat_view(self._shared_view(), seats, game)

    def _shared_view(self) -> dict[str, Any]:
        """The head of every receiver's view: built once per event, not once per receiver."""
        return {
            "table": self.id,
            "room": self.room,
            "seq": self.seq,
            "options": self.options_wire,
            "seats": {s: self.seat_info(o) for s, o in self.seats.items()},
            "spectators": self.spectators(),
        }

    def _seat_view(
        self, shared: dict[str, Any], seats: tuple[str, ...], game: dict[str, Any] | None
    ) -> dict[str, Any]:
        return {
            **shared,
            "you": {"seats": list(seats), **self.private_view(seats)},
            "game": self.game_view() if game is None else game,
        }

    def view_for(self, session: Session) -> dict[str, Any]:
        return self.view(self.seats_of(session.name))

    def summary(self) -> dict[str, Any]:
        return {
            "table": self.id,
            "room": self.room,
            "options": self.options_wire,
            "seats": {s: (o.name if o else None) for s, o in self.seats.items()},
            "spectators": self.spectators(),
            "phase": self.phase,
            "created_by": self.created_by,
        }

    def publish(self, kind: str, **detail: Any) -> None:
        """Advance ``seq`` and send the event, with each receiver's view, to the audience.

        Only ``you`` differs between receivers, so everything else (the event, the head of the
        view and the game, most of the bytes) is encoded once and spliced around each ``you``:
        the bytes are those of encoding each receiver's whole message.
        """
        self.seq += 1
        if not self.audience:
            self.wake()
            return
        held = self._hold()
        encoded: dict[tuple[str, ...], bytes] = {}
        seats_by_name: dict[str | None, tuple[str, ...]] = {}
        event = {"type": "event", "table": self.id, "seq": self.seq, "kind": kind}
        event.update(detail)
        shared = self._shared_view()
        before_you = b"".join(
            (
                _map_header(len(event) + 1),
                _entries(event),
                _VIEW_KEY,
                _map_header(len(shared) + 2),
                _entries(shared),
                _YOU_KEY,
            )
        )
        after_you = _GAME_KEY + encode(self.game_view())
        for session in list(self.audience):
            name = session.name
            seats = seats_by_name.get(name)
            if seats is None:
                seats = seats_by_name[name] = self.seats_of(name)
            data = encoded.get(seats)
            if data is None:
                you = encode({"seats": list(seats), **self.private_view(seats)})
                data = encoded[seats] = before_you + you + after_you
            self.deliver(session, data, held)
        self.wake()

    def _hold(self) -> int | None:
        """While the table's last action is not in the store, its pushes wait (the batch they
        wait for), so that no client sees what a crash could undo."""
        log = self.action_log
        if log is None or not (self._held or self.changing or log.pending_for(self.id)):
            return None
        return log.hold(self)

    def deliver(self, session: Session, data: bytes, held: int | None) -> None:
        """Push now, or once the batch ``held`` (from ``_hold``) is committed."""
        if held is None:
            session.push(data)
        else:
            self._held.append((held, session, data))

    def release(self, generation: int) -> None:
        """The batch ``generation`` is committed: send what waited for it, in order."""
        waiting = self._held
        self._held = []
        for index, (held, session, data) in enumerate(waiting):
            if held > generation:
                self._held = waiting[index:]
                return
            session.push(data)

    def snapshot(self, session: Session) -> None:
        """The session's whole view, held like an event while the table's log is behind it."""
        data = encode(
            {"type": "snapshot", "table": self.id, "seq": self.seq, "view": self.view_for(session)}
        )
        self.deliver(session, data, self._hold())

    def wake(self) -> None:
        """Let the table task and bots look at the new state."""
        if self._changed is not None:
            self._changed.set()
            self._changed = None

    async def wait_changed(self) -> None:
        if self._changed is None:
            self._changed = trio.Event()
        await self._changed.wait()

    def join(self, session: Session) -> None:
        session.tables.add(self.id)
        self.audience.add(session)
        self._audience_changes += 1

    def watch(self, session: Session) -> None:
        if session in self.audience:
            return
        self.join(session)
        if not self.seats_of(session.name):
            self.publish("spectators")
            self.hall.table_changed(self)

    def sit(self, session: Session, seat: str) -> None:
        if seat not in self.seats:
            raise ProtocolError(
                ErrorCode.BAD_FIELD, f"seat must be one of {', '.join(self.seat_order)}"
            )
        if self.seats_of(session.name):
            raise ProtocolError(ErrorCode.ALREADY_SEATED, "you already sit at this table")
        occupant = self.seats[seat]
        if occupant is not None:
            raise ProtocolError(ErrorCode.SEAT_TAKEN, f"{seat} is taken by {occupant.name}")
        self.join(session)
        self.seats[seat] = Occupant(session.name or "")
        self.publish("seated", seat=seat, name=session.name)
        if all(self.seats.values()) and not self.started:
            self.started = True
            self.start()
            self.publish("started")
        self.hall.table_changed(self)

    def seat_bot(self, seat: str, name: str) -> None:
        self.seats[seat] = Occupant(name, bot=True)

    def stand(self, session: Session) -> None:
        seats = self.seats_of(session.name)
        if not seats:
            raise ProtocolError(ErrorCode.NOT_SEATED, "you do not sit at this table")
        if self.running:
            raise ProtocolError(ErrorCode.WRONG_PHASE, "the game is on: resign to leave it")
        for seat in seats:
            self.seats[seat] = None
            self.publish("stood", seat=seat, name=session.name)
        self.hall.table_changed(self)

    def leave(self, session: Session) -> None:
        seats = self.seats_of(session.name)
        if session not in self.audience and not seats:
            raise ProtocolError(ErrorCode.NOT_AT_TABLE, "you are not at this table")
        if seats and self.running:
            self.forfeit(seats[0])
        if seats and not self.started:
            for seat in seats:
                self.seats[seat] = None
                self.publish("stood", seat=seat, name=session.name)
        self.audience.discard(session)
        self._audience_changes += 1
        session.tables.discard(self.id)
        if not seats:
            self.publish("spectators")
        self.hall.table_changed(self)

    def drop(self, session: Session) -> None:
        """The session's connection ended: it stops receiving; its seats stay held."""
        self.audience.discard(session)
        self._audience_changes += 1
        if not self.seats_of(session.name):
            self.publish("spectators")
            self.hall.table_changed(self)

    def presence(self, name: str, online: bool) -> None:
        for seat in self.seats_of(name):
            if online:
                self.offline_since.pop(seat, None)
            else:
                self.offline_since[seat] = self.now()
            self.publish("online" if online else "offline", seat=seat, name=name)

    def chat(self, session: Session, text: str) -> None:
        if session not in self.audience:
            raise ProtocolError(ErrorCode.NOT_AT_TABLE, "sit or watch to chat at a table")
        data = encode(
            {
                "type": "chat",
                "table": self.id,
                "from": session.name,
                "text": text,
                "time": time.time(),
            }
        )
        for member in list(self.audience):
            member.push(data)

    @property
    def abandoned(self) -> bool:
        """Nobody needs this table any more: close it."""
        if self.audience:
            return False
        humans = any(o is not None and not o.bot for o in self.seats.values())
        return not self.running or not humans
