"""Running tables made durable: each started table's header and its append-only action log.

A table is its rules, its seats and its accepted actions (design.md), so a restart rebuilds
it by replaying the log through the engine (``GoTable.restored``). Nothing a table publishes
may be lost by a crash, so while an action's log entry is not committed the table holds its
pushes (``Table.hold``) and every reply is held likewise (``ActionLog.reply``); the writer
commits every pending entry of every table in one transaction (group commit: one commit per
batch however many tables acted meanwhile, and WAL's fsync discipline, nothing more), then
releases them.
The commit is made on trio's thread in the store's writer turn (``Store.call_here``): a few
rows cost tens of microseconds, where a worker thread's round trip costs milliseconds of GIL
hand-offs whenever the hall is busy (see docs/platform.md, "Durability").

Every other write of the hall (a finished game, a hand) first waits for the log
(``Hall._write_row``), so a stored result is never ahead of the log that led to it; the live
rows of a table end in the same transaction as its result (``end_live``).
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import trio

from .economy import transaction

if TYPE_CHECKING:
    from .session import Session
    from .store import Store
    from .tables.base import Table

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LiveTable:
    """A table that was running when the last server stopped, as its log left it;
    ``damage`` says why the rows could not even be read."""

    id: int
    room: str
    header: dict[str, Any]
    entries: list[Any]
    damage: str | None = None
    rows: int = 0
    """The rows the entries came from (a row holds one commit's entries of the table)."""


@dataclass
class Batch:
    opened: list[tuple[int, str, str, float]] = field(default_factory=list)
    rows: dict[int, tuple[int, list[Any]]] = field(default_factory=dict)
    """Each table's row of this batch: its number and the entries it holds, in order."""
    tables: dict[int, Table] = field(default_factory=dict)


_compact_json = json.JSONEncoder(separators=(",", ":")).encode
"""``json.dumps(value, separators=(",", ":"))`` without building an encoder per call (that
was two thirds of the cost of a move's row)."""


def row_text(entries: list[Any]) -> str:
    """One row's text: a single entry as it is, several as the list of them (``row_entries``)."""
    return _compact_json(entries[0] if len(entries) == 1 else entries)


def row_entries(text: str) -> list[Any]:
    """The entries of one row. A row holds what one table logged between two commits (a
    mahjong action brings its presence, touch and the table's advances): one entry (a Go
    move's map, a mahjong input's list led by its name) or the list of several."""
    value = json.loads(text)
    if isinstance(value, list) and value and not isinstance(value[0], str):
        return value
    return [value]


def write_batch(db: sqlite3.Connection, batch: Batch) -> None:
    rows = [(table, n, row_text(entries)) for table, (n, entries) in batch.rows.items()]
    with transaction(db):
        if batch.opened:  # most batches open no table
            db.executemany("INSERT INTO live_tables VALUES (?, ?, ?, ?)", batch.opened)
        if len(rows) == 1:
            db.execute("INSERT INTO live_actions VALUES (?, ?, ?)", rows[0])
        elif rows:
            db.executemany("INSERT INTO live_actions VALUES (?, ?, ?)", rows)


def end_live(db: sqlite3.Connection, table_id: int) -> None:
    """The table's game is stored (or given up): call inside that transaction."""
    db.execute("DELETE FROM live_actions WHERE table_id = ?", (table_id,))
    db.execute("DELETE FROM live_tables WHERE id = ?", (table_id,))


def end_live_alone(db: sqlite3.Connection, table_id: int) -> None:
    with transaction(db):
        end_live(db, table_id)


def live_tables(db: sqlite3.Connection) -> list[LiveTable]:
    """Every logged table, in id order."""
    found = []
    for table_id, room, header in db.execute(
        "SELECT id, room, header FROM live_tables ORDER BY id"
    ):
        rows = db.execute(
            "SELECT n, entry FROM live_actions WHERE table_id = ? ORDER BY n", (table_id,)
        ).fetchall()
        try:
            parsed = json.loads(header)
        except ValueError as error:
            found.append(LiveTable(table_id, room, {}, [], f"damaged header: {error}"))
            continue
        try:
            if [n for n, _ in rows] != list(range(len(rows))):
                raise ValueError("the log has a gap")
            entries = [entry for _, text in rows for entry in row_entries(text)]
            found.append(LiveTable(table_id, room, parsed, entries, rows=len(rows)))
        except ValueError as error:
            found.append(LiveTable(table_id, room, parsed, [], f"damaged log: {error}"))
    return found


def add_notice(db: sqlite3.Connection, name: str, notice: dict[str, Any]) -> None:
    db.execute(
        "INSERT INTO notices(name, notice, at) VALUES (?, ?, ?)",
        (name, json.dumps(notice), time.time()),
    )


def take_notices(db: sqlite3.Connection, name: str) -> list[dict[str, Any]]:
    """The player's notices, each read once (at the login that shows them)."""
    with transaction(db):
        rows = db.execute("SELECT notice FROM notices WHERE name = ? ORDER BY id", (name,))
        notices = [json.loads(row[0]) for row in rows]
        db.execute("DELETE FROM notices WHERE name = ?", (name,))
    return notices


class LogStopped(RuntimeError):
    """A wait for a commit the stopped writer will never make."""


RETRY_FIRST = 0.05
RETRY_LAST = 5.0
"""Seconds between tries of a batch the store refused: from the first to the longest."""


class ActionLog:
    """The hall's one log writer; tables append, the writer task commits in batches."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._next: dict[int, int] = {}
        self._batch = Batch()
        self._queued = 0
        self._committed = 0
        self._done = trio.Event()
        """Set once the batch being filled is committed (or the writer stops): one event for
        every request that waits for that batch (``durable``), not one each."""
        self._wake = trio.Event()
        self._generation = 0
        """The number of the batch being filled; a held push waits for its commit."""
        self._unwritten: set[int] = set()
        """The tables with an entry in the batch being filled (``pending_for``)."""
        self._replies: list[tuple[Session, bytes]] = []
        """Replies that wait for the batch being filled (``reply``), in the order given."""
        self._stopped = False
        """The writer task has ended: nothing queued from now on will be committed."""

    @property
    def pending(self) -> bool:
        """Entries are queued that are not committed yet."""
        return self._committed < self._queued

    @property
    def commits(self) -> int:
        """Batches committed so far (benchmarks print actions per commit)."""
        return self._generation

    def pending_for(self, table_id: int) -> bool:
        """The table has an entry that is not committed yet."""
        return table_id in self._unwritten

    def logging(self, table_id: int) -> bool:
        return table_id in self._next

    def open(self, table: Table, room: str, header: dict[str, Any]) -> None:
        self._next[table.id] = 0
        self._batch.opened.append((table.id, room, json.dumps(header), time.time()))
        self._queue(table)

    def restored(self, table_id: int, rows: int) -> None:
        self._next[table_id] = rows

    def append(self, table: Table, entry: Any) -> None:
        """Queue ``entry``; what the table logs until the next commit goes in one row."""
        n = self._next.get(table.id)
        if n is None:
            return  # not logged (not started, or its game is stored already)
        row = self._batch.rows.get(table.id)
        if row is not None:
            row[1].append(entry)
        else:
            self._next[table.id] = n + 1
            self._batch.rows[table.id] = (n, [entry])
        self._queue(table)

    def ended(self, table_id: int) -> None:
        """No more entries: the table's result (which ends its rows) is on its way."""
        self._next.pop(table_id, None)

    def hold(self, table: Table) -> int:
        """The table publishes: its pushes wait for the commit of this batch."""
        self._batch.tables[table.id] = table
        self._wake.set()
        return self._generation

    def _queue(self, table: Table) -> None:
        self._queued += 1
        self._unwritten.add(table.id)
        self._batch.tables[table.id] = table
        self._wake.set()

    def reply(self, session: Session, data: bytes) -> None:
        """Push a request's reply once everything queued so far is committed: at once when
        nothing is pending, else right after the held pushes of the batch being filled (so a
        move's events come before its ``ok``, as when the request waited, and both reach the
        peer in one write; the request's task then waits for the commit, ``durable``)."""
        if self._committed >= self._queued:
            session.push(data)
        else:
            self._replies.append((session, data))

    async def durable(self) -> None:
        """Until everything queued so far is committed."""
        target = self._queued
        if self._committed >= target:
            return
        if not self._stopped:
            await self._done.wait()  # this batch's commit covers everything queued before it
        if self._committed < target:
            raise LogStopped("the hall's log writer stopped before this was stored")

    async def run(self) -> None:
        """Commit what the tables queued, once per pass of trio's scheduler: everything
        queued by the tasks that ran since the last commit goes in one transaction. A batch
        that cannot be written (disk full, I/O error) is tried again, with a growing pause,
        and its pushes and replies wait meanwhile: a table stands still rather than show
        what the store does not hold."""
        pause = RETRY_FIRST
        try:
            while True:
                await self._wake.wait()
                with trio.CancelScope(shield=True):
                    written = await self.store.call_here(self._commit)
                if written:
                    pause = RETRY_FIRST
                else:
                    await trio.sleep(pause)
                    pause = min(2 * pause, RETRY_LAST)
        finally:
            with trio.CancelScope(shield=True):
                await self._stop()

    async def _stop(self) -> None:
        """The writer is cancelled (the hall's nursery goes down without a flush): what is
        queued still goes in, once, and every waiter is woken either way, since a shielded
        write waiting for a commit that no task will make would hold the shutdown forever."""
        if self.pending:
            await self.store.call_here(self._commit)
        self._stopped = True
        self._done.set()

    def _commit(self) -> bool:
        """In the store's writer turn, on trio's thread: nothing can queue meanwhile, so
        the batch taken here is everything pending, and once it is committed every held
        push and every waiter may go. False: nothing was written, the batch stays pending."""
        batch = self._batch
        if batch.opened or batch.rows:
            try:
                write_batch(self.store.db, batch)
            except Exception:
                log.exception(
                    "could not write the action log of %s; trying again", list(batch.tables)
                )
                if self.store.db.in_transaction:  # a COMMIT refused leaves it open
                    self.store.db.execute("ROLLBACK")
                return False
        self._batch = Batch()
        self._wake = trio.Event()
        generation = self._generation
        self._generation += 1
        self._committed = self._queued
        self._unwritten.clear()
        for table in batch.tables.values():
            table.release(generation)
        replies, self._replies = self._replies, []
        for session, data in replies:
            session.push(data)
        done, self._done = self._done, trio.Event()
        done.set()
        return True
