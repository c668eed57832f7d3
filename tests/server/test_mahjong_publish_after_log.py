"""Nothing a mahjong table shows runs ahead of its log (issue 13): what the table's own task
does (the bots' moves, a claim window it closes, a 托管 seat's play: ``advance``) reaches a
client only once the log entry that caused it is committed, or a crash could restore the
match a draw behind what the client was shown.

The log's writer is held at a gate, so that the window between an input and its commit,
a few milliseconds in a running hall, lasts as long as the test likes."""

from __future__ import annotations

import sqlite3

import pytest
import trio

from server import action_log
from server.store import Store

from .harness import running_hall, user
from .test_mahjong_support import fast_config

FRIENDLY = {"hands": 2, "timed": False}
PAUSE = 0.2
"""The bots' pause: the table's task moves that long after each change, never at once."""


class Gate:
    """Open: the log's batches commit as they come; closed: the log's commit waits at it.
    The commit runs on trio's thread (``Store.call_here``), so the gate is a trio wait
    before the writer's turn, not a block inside it (that would stop the whole hall)."""

    def __init__(self) -> None:
        self._opened: trio.Event | None = None

    def clear(self) -> None:
        self._opened = trio.Event()

    def set(self) -> None:
        if self._opened is not None:
            self._opened.set()
        self._opened = None

    async def wait(self) -> None:
        while self._opened is not None:
            await self._opened.wait()


@pytest.fixture
def gate(monkeypatch):
    gate = Gate()
    call_here = Store.call_here

    async def gated(self, fn, *args):
        await gate.wait()
        return await call_here(self, fn, *args)

    monkeypatch.setattr(Store, "call_here", gated)
    yield gate
    gate.set()


def table_pushes(pushes: list[dict], table: int) -> list[dict]:
    return [m for m in pushes if m.get("table") == table and m["type"] in ("event", "snapshot")]


@pytest.mark.trio
async def test_what_the_table_task_plays_is_shown_only_once_logged(tmp_path, gate):
    async with running_hall(tmp_path, config=fast_config(bot_pause=PAUSE)) as server:
        ann = await user(server, "ann")
        table = (await ann.ok("create_table", room="sichuan", options=FRIENDLY))["table"]
        await ann.ok("sit", table=table, seat="0")
        sam = await user(server, "sam", address="127.0.0.2")  # a spectator
        await sam.ok("watch", table=table)
        await ann.ok("act", table=table, action="add_bots")
        await ann.ok("act", table=table, action="auto")  # the table's task plays every seat
        gate.clear()  # each move comes a bot pause after the last: every one of them is logged now
        core = server.hall.tables[table]
        shown = core.seq
        try:
            with trio.move_on_after(8 * PAUSE):
                while True:
                    await sam._receive()
            played = core.seq - shown
        finally:
            gate.set()  # committed: all of it arrives, in order
        assert played >= 3, "the table played on while its log waited"
        early = [m["seq"] for m in table_pushes(sam.pushes, table) if m["seq"] > shown]
        assert early == [], f"shown before its log entry was committed: seq {early}"
        with trio.fail_after(10):
            while len([m for m in table_pushes(sam.pushes, table) if m["seq"] > shown]) < played:
                await sam._receive()
        seqs = [m["seq"] for m in table_pushes(sam.pushes, table) if m["seq"] > shown]
        assert seqs[:played] == list(range(shown + 1, shown + 1 + played))


@pytest.mark.trio
async def test_a_log_the_store_refuses_holds_the_table_until_a_write_succeeds(
    tmp_path, monkeypatch
):
    """A disk that refuses the log (full, an I/O error) stops the table rather than let it show
    moves the store does not hold; the same entries are written once the disk takes them."""
    refusing = False
    write = action_log.write_batch

    def flaky(db, batch):
        if refusing:
            raise sqlite3.OperationalError("disk I/O error")
        write(db, batch)

    monkeypatch.setattr(action_log, "write_batch", flaky)
    async with running_hall(tmp_path, config=fast_config(bot_pause=PAUSE)) as server:
        ann = await user(server, "ann")
        table = (await ann.ok("create_table", room="sichuan", options=FRIENDLY))["table"]
        await ann.ok("sit", table=table, seat="0")
        sam = await user(server, "sam", address="127.0.0.2")
        await sam.ok("watch", table=table)
        await ann.ok("act", table=table, action="add_bots")
        await ann.ok("act", table=table, action="auto")
        refusing = True
        core = server.hall.tables[table]
        shown = core.seq
        with trio.move_on_after(8 * PAUSE):
            while True:
                await sam._receive()
        played = core.seq - shown
        early = [m["seq"] for m in table_pushes(sam.pushes, table) if m["seq"] > shown]
        assert played >= 1 and early == [], f"shown while the store refused it: seq {early}"
        refusing = False
        with trio.fail_after(15):
            while len([m for m in table_pushes(sam.pushes, table) if m["seq"] > shown]) < played:
                await sam._receive()
        seqs = [m["seq"] for m in table_pushes(sam.pushes, table) if m["seq"] > shown]
        assert seqs[:played] == list(range(shown + 1, shown + 1 + played))
        logged = server.hall.store.db.execute(
            "SELECT COUNT(*) FROM live_actions WHERE table_id = ?", (table,)
        ).fetchone()[0]
        assert logged > 0
