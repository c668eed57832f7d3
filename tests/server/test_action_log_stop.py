"""The log writer cancelled with work queued (the hall's nursery going down without a flush):
what was queued still goes in, and nobody waiting for a commit waits forever — a shielded
result write waiting on a writer that is gone used to hold the shutdown for good."""

import pytest
import trio

from server.action_log import ActionLog, LogStopped, live_tables
from server.store import Store


class FakeTable:
    def __init__(self, table_id: int) -> None:
        self.id = table_id
        self.released: list[int] = []

    def release(self, generation: int) -> None:
        self.released.append(generation)


@pytest.mark.trio
async def test_a_cancelled_writer_commits_what_was_queued_and_wakes_its_waiters(tmp_path):
    store = Store(str(tmp_path / "hall.db"))
    log = ActionLog(store)
    table = FakeTable(7)
    woke: list[str] = []

    async def wait_durable() -> None:
        with trio.CancelScope(shield=True):
            await log.durable()
        woke.append("durable")

    async with trio.open_nursery() as nursery:
        nursery.start_soon(log.run)
        await trio.sleep(0.01)
        nursery.cancel_scope.cancel()  # the writer is told before it sees the work below
        log.open(table, "sichuan", {"seats": 4})
        log.append(table, ["act", {"seat": 0}, 1.0])
        nursery.start_soon(wait_durable)
    assert woke == ["durable"]
    assert not log.pending
    [live] = live_tables(store.db)
    assert (live.id, live.entries) == (7, [["act", {"seat": 0}, 1.0]])
    store.close()


@pytest.mark.trio
async def test_a_wait_after_the_writer_stopped_is_refused_not_left_hanging(tmp_path):
    store = Store(str(tmp_path / "hall.db"))
    log = ActionLog(store)
    table = FakeTable(3)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(log.run)
        await trio.sleep(0.01)
        nursery.cancel_scope.cancel()
    log.open(table, "sichuan", {})
    with pytest.raises(LogStopped):
        await log.durable()
    store.close()
