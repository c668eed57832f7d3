"""A running mahjong match survives the hall: every input to its core, logged, and replayed.

The core (``MahjongTableMatch``) is sans-I/O and seeded, so the match is its header (options,
seats with their accounts, the seed of its ``rng``) plus the list of what the server handed it:
the start, who is present, the time of each ``touch`` and ``advance``, each action, 托管,
ready, 下炮 choice and leaver, each stake read (``restake``: the base and the pot) and each
hand's commit (``stored`` with the record id). ``LoggedMatch`` wraps the core and logs each
input after the core took it (an input it refused changed nothing and is not logged). A
restart builds a fresh core from the header and hands it the same inputs: it arrives at the
same state, the pot, scores, 下炮 choices and stakes included. What the core asked the server
to do while being replayed was done in the last life (published, stored), except a hand whose
commit the log does not show: it is looked up in the store and, if missing, stored now.

The core's times are the last life's clock: a restored table runs on a clock shifted so that
it goes on from the last logged instant (``time_offset``), every absent player counted as
dropped from the restart (PL-17's grace starts then).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import trio

from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.table import Action
from qipai.mahjong.table_options import MahjongOptions
from qipai.platform import mahjong_table_io as table_match
from qipai.platform.mahjong_table import MahjongTableMatch
from qipai.platform.mahjong_table_io import Presence

from .. import economy
from .base import Occupant
from .go_durable import RESTORE_GRACE

if TYPE_CHECKING:
    from ..action_log import LiveTable
    from .mahjong import MahjongTable


def _presence_wire(presence: Presence) -> list[Any]:
    return [
        sorted(presence.bots),
        sorted(presence.absent),
        sorted(presence.away.items()),
        presence.people,
    ]


class LoggedMatch(MahjongTableMatch):
    """The table's core, every input written to the table's log (``log``) once taken.

    Only the server's own calls are inputs: one the core makes of itself while taking
    another (``act`` turns 托管 off through ``set_auto``, ``advance`` may make a seat
    ``leave``) is replayed by that outer input, so it is not logged again (``_inner``).
    """

    def __init__(self, *args: Any, log: Callable[[list[Any]], None]) -> None:
        self.__dict__["_depth"] = 0
        super().__init__(*args)
        self.__dict__["_input_log"] = log

    def _inner(self, method: Callable[..., Any], *args: Any) -> Any:
        """Call the core's ``method``; what it calls of itself meanwhile is not an input."""
        self._depth += 1
        try:
            return method(*args)
        finally:
            self._depth -= 1

    def _taken(self, entry: list[Any]) -> None:
        if not self._depth:
            self._input_log(entry)

    @property  # type: ignore[override]
    def presence(self) -> Presence:
        return self._presence

    @presence.setter
    def presence(self, value: Presence) -> None:
        old = self.__dict__.get("_presence")
        self._presence = value
        if old is not None and value != old:  # the core's own first one is not an input
            self._taken(["presence", *_presence_wire(value)])

    def start(self, occupants: list[Any], now: float) -> list[Any]:
        seated = self._inner(super().start, occupants, now)
        self._taken(["start", now])
        return seated

    def touch(self, now: float) -> None:
        if now != self.changed_at:
            self._inner(super().touch, now)
            self._taken(["touch", now])

    def advance(self, now: float) -> bool:
        done = self._inner(super().advance, now)
        if done:
            self._taken(["advance", now])
        return done

    def act(self, action: Action, now: float) -> None:
        self._inner(super().act, action, now)
        self._taken(["act", action.to_wire(), now])

    def set_auto(self, seat: int, on: bool) -> None:
        self._inner(super().set_auto, seat, on)
        self._taken(["set_auto", seat, on])

    def mark_ready(self, seat: int, seats: Iterable[int]) -> None:
        seats = list(seats)
        self._inner(super().mark_ready, seat, seats)
        self._taken(["mark_ready", seat, seats])

    def choose(self, seat: int, choice: str, on: bool) -> None:
        self._inner(super().choose, seat, choice, on)
        self._taken(["choose", seat, choice, on])

    def leave(self, seat: int, now: float) -> None:
        self._inner(super().leave, seat, now)
        self._taken(["leave", seat, now])

    def restake(self, ruleset: Any, pot: int | None) -> None:
        self._inner(super().restake, ruleset, pot)
        self._taken(["restake", ruleset.options.base, pot])

    def below_minimum(self, seats: tuple[int, ...]) -> None:
        self._inner(super().below_minimum, seats)
        self._taken(["below_minimum", list(seats)])

    def stored(self, number: int, now: float, record_id: int | None = None) -> None:
        self._inner(super().stored, number, now)
        self._taken(["stored", number, now, record_id])

    def store_failed(self, number: int) -> None:
        self._inner(super().store_failed, number)
        self._taken(["store_failed", number])


class MahjongDurable:
    """The log and rebuild part of a mahjong table (mixed into ``MahjongTable``)."""

    time_offset = 0.0
    paused_until: float | None = None
    """While set, a restored match stands still waiting for its players (``RESTORE_GRACE``)."""
    _last_logged = 0.0
    _replaying = False
    _unwritten: Any = None
    """While replaying: the last hand the core asked to store (``HandDone`` or ``Escaped``)."""
    _ended: Any = None
    """While replaying: the match's end (``Ended``), carried out again once restored."""

    def log_input(self: MahjongTable, entry: list[Any]) -> None:
        if self.action_log is not None and not self._replaying:
            self.action_log.append(self, entry)

    def _log_open(self: MahjongTable) -> None:
        log = self.hall.action_log
        if log is None:
            return
        self.action_log = log
        seats = [None if o is None else [o.name, o.bot] for o in self.seats.values()]
        header = {
            "options": self.options_wire,
            "seats": seats,
            "created_by": self.created_by,
            "seed": self.seed,
        }
        log.open(self, self.room, header)

    def now(self: MahjongTable) -> float:
        """The match's clock: trio's, shifted on a restored table to go on from its log."""
        return trio.current_time() - self.time_offset

    @classmethod
    def restored(cls: type[MahjongTable], hall: Any, live: LiveTable) -> MahjongTable:
        header = live.header
        options = MahjongOptions.from_wire(live.room, header["options"])
        table = cls(hall, live.id, options, header["created_by"])
        table.seats = {
            s: None if o is None else Occupant(o[0], bool(o[1]))
            for s, o in zip(table.seat_order, header["seats"], strict=True)
        }
        table.seed = header["seed"]
        table.core = table._new_core()
        table._presence_key = None  # the new core learns who is present from the log, then _sync
        table.started = True
        table._replaying = True
        last = 0.0
        for entry in live.entries:
            last = table._replay(entry) or last
        table._replaying = False
        table._last_logged = last
        table.time_offset = trio.current_time() - last
        table.action_log = hall.action_log
        if table.humans:
            table.paused_until = trio.current_time() + RESTORE_GRACE
        now = table.now()
        for seat, occupant in table.seats.items():
            if occupant is not None and not occupant.bot:
                table.offline_since[seat] = now
        names = list(table._names())
        if table.tier is not None and table.stake is not None:
            table.coins.update(zip(names, economy.balances_of(hall.store.db, names), strict=True))
        table._finish_restoring()
        return table

    def presence(self: MahjongTable, name: str, online: bool) -> None:
        super().presence(name, online)  # type: ignore[misc]
        back = all(self.hall.is_online(n) for n in self.humans)
        if online and self.paused_until is not None and back:
            self.unpause()

    def pause_check(self: MahjongTable) -> None:
        if self.paused_until is not None and trio.current_time() >= self.paused_until:
            self.unpause()

    def unpause(self: MahjongTable) -> None:
        """The players are back (or the grace is over): the match's clock runs on from its
        last logged instant, and whoever is still away is away from now."""
        self.paused_until = None
        self.time_offset = trio.current_time() - self._last_logged
        now = self.now()
        for seat in self.offline_since:
            self.offline_since[seat] = now
        self.publish("unpaused")

    def _replay(self: MahjongTable, entry: list[Any]) -> float | None:
        """Hand one logged input to the core again; returns its time, if it has one."""
        kind, *args = entry
        core = self.core
        at: float | None = None
        if kind == "start":
            (at,) = args
            seated = core.start(list(self.seats.values()), at)
            self.seats = dict(zip(self.seat_order, seated, strict=True))
        elif kind == "presence":
            bots, absent, away, people = args
            core.presence = Presence(
                frozenset(bots), frozenset(absent), {int(s): t for s, t in away}, people
            )
        elif kind in ("touch", "advance"):
            (at,) = args
            getattr(core, kind)(at)
        elif kind == "act":
            wire, at = args
            core.act(Action.from_wire(wire), at)
        elif kind in ("set_auto", "choose", "mark_ready", "store_failed"):
            getattr(core, kind)(*args)
        elif kind == "leave":
            seat, at = args
            core.leave(seat, at)
        elif kind == "below_minimum":
            core.below_minimum(tuple(args[0]))
        elif kind == "restake":
            base, pot = args
            self.stake = base
            ruleset = get_ruleset(self.options.ruleset, {**self.options.hand_rules, "base": base})
            core.restake(ruleset, pot)
        elif kind == "stored":
            number, at, record_id = args
            self.game_ids[number] = record_id
            self._unwritten = None
            core.stored(number, at)
        elif kind == "coins_moved":
            self.coins_moved = args[0]
        else:
            raise ValueError(f"unknown log entry {kind!r}")
        self._carry_out()
        return at

    def replayed_output(self: MahjongTable, output: Any) -> None:
        """What the core asked for while being replayed, done in the last life: only the
        table's own state follows (a hand not yet shown committed is kept for the end)."""
        if isinstance(output, (table_match.HandDone, table_match.Escaped)):
            self._unwritten = output
        elif isinstance(output, table_match.WinnerLeft) and self.tier is not None:
            self.fee_paid.add(output.seat)
        elif isinstance(output, table_match.Ended):
            self._ended = output

    def _finish_restoring(self: MahjongTable) -> None:
        """A hand the log leaves being stored: committed in the last life (its row is there)
        or not (stored now); a match the log shows ended: its end is carried out again."""
        pending, self._unwritten = self._unwritten, None
        if pending is not None and self.core.storing is not None:
            row = self.hall.store.db.execute(
                "SELECT id FROM mahjong_hands WHERE table_id = ? AND hand_number = ?",
                (self.id, pending.number),
            ).fetchone()
            if row is not None:
                self._hand_written(pending.number, row[0], None, None)
            elif isinstance(pending, table_match.HandDone):
                self._store_hand(pending)
            else:
                self._store_escape(pending)
        ended, self._ended = self._ended, None
        if ended is not None:
            self._over(ended)
