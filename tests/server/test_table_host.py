"""Tables talk to a narrow host (``server.tables.host``), not to the hall: the hall is such a
host as it is, and a mahjong table is built and plays a whole match with a small host of its
own — no hall, no store, no sockets (trio's autojump clock)."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import trio

from qipai.mahjong.table_options import MahjongOptions
from qipai.protocol import ProtocolError
from server.session import Session
from server.tables.host import GoHost, MahjongHost, TableHost
from server.tables.mahjong import MahjongTable
from server.tables.mahjong_config import FAST, MahjongConfig

from .harness import running_hall
from .test_mahjong_claim_timing import person
from .test_mahjong_support import fast_config

TABLES = Path(__file__).resolve().parents[2] / "server" / "tables"


@dataclass
class Config:
    mahjong: MahjongConfig = FAST


@dataclass
class NotebookHost:
    """Keeps what a table stores in lists; everyone is online."""

    config: Config = field(default_factory=Config)
    shutting_down: bool = False
    stored: list = field(default_factory=list)
    changes: int = 0
    ids: int = 0
    store: None = None
    """A friendly table reads no balances."""
    action_log: None = None
    """Nothing is logged: a table in a notebook is not restored."""

    def is_online(self, name: str) -> bool:
        return True

    def table_changed(self, table) -> None:
        self.changes += 1

    def close_if_abandoned(self, table) -> None:
        pass

    def allocate_game_id(self) -> int:
        self.ids += 1
        return self.ids

    def record_mahjong_hand(self, hand, coins=None, written=None) -> None:
        self.stored.append(hand)
        if written is not None:
            written(None)  # committed at once

    def write_mahjong(self, write, label: str, written=None) -> None:
        raise AssertionError("a friendly table writes no coins")

    def close_pot(self, pot: str, ref: str) -> None:
        raise AssertionError("a friendly table has no pot account")

    async def flush(self) -> None:
        pass

    def end_live(self, table_id: int) -> None:
        raise AssertionError("a table that logs nothing has no log to end")


@pytest.mark.trio
async def test_the_hall_is_a_host_for_every_table(tmp_path):
    async with running_hall(tmp_path, config=fast_config()) as server:
        hall = server.hall
        assert isinstance(hall, TableHost)
        assert isinstance(hall, MahjongHost) and isinstance(hall, GoHost)


def test_no_table_module_imports_the_hall():
    for path in TABLES.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert node.module not in ("hall", "server.hall"), path.name
                assert not (node.level and node.module == "hall"), path.name


@pytest.mark.trio
async def test_a_mahjong_table_plays_a_whole_lengzi_match_with_a_small_host(autojump_clock):
    host = NotebookHost()
    assert isinstance(host, MahjongHost)
    options = MahjongOptions.from_wire("lengzi", {"hotseat": True, "bots": 3, "hands": 2})
    table = MahjongTable(host, 1, options, "ann")
    log: list = []
    async with trio.open_nursery() as nursery:
        nursery.start_soon(table.run)
        send, receive = trio.open_memory_channel[bytes](10_000)
        session = Session("memory", send)
        session.name = "ann"
        async with trio.open_nursery() as players:
            players.start_soon(person, table, "ann", receive, log)
            table.join(session)
            table.setup(session)
        nursery.cancel_scope.cancel()
    game = log[-1][1]["view"]["game"]  # the last hand's end: the person stops there
    assert game["phase"] == "over" and game["hand_number"] == 2
    assert len(host.stored) == 2 and [h.hand_number for h in host.stored] == [1, 2]
    assert [row["game"] for row in game["history"]] == [1, 2]
    assert sorted(row["name"] for row in game["standing"]) == ["ann", "bot-1", "bot-2", "bot-3"]


@dataclass
class HoldingHost(NotebookHost):
    """Commits nothing until the test says so: each hand's ``written`` is held."""

    held: list = field(default_factory=list)

    def record_mahjong_hand(self, hand, coins=None, written=None) -> None:
        self.stored.append(hand)
        self.held.append(written)


async def first_hand_held(nursery, log: list) -> tuple[MahjongTable, HoldingHost]:
    """A hot-seat Lengzi table (one person, three bots) played until its first hand's record
    is asked for, then two minutes more: whatever the table would do meanwhile, it did."""
    host = HoldingHost()
    options = MahjongOptions.from_wire("lengzi", {"hotseat": True, "bots": 3, "hands": 2})
    table = MahjongTable(host, 1, options, "ann")
    nursery.start_soon(table.run)
    send, receive = trio.open_memory_channel[bytes](10_000)
    session = Session("memory", send)
    session.name = "ann"
    nursery.start_soon(person, table, "ann", receive, log)
    table.join(session)
    table.setup(session)
    while not host.held:
        await trio.sleep(0.1)
    await trio.sleep(120)
    return table, host


def machine_events(log: list) -> list[str]:
    return [e["type"] for _t, m in log for e in m.get("events") or ()]


@pytest.mark.trio
async def test_nothing_of_a_hand_is_shown_settled_before_its_record_is_committed(
    autojump_clock,
):
    log: list = []
    async with trio.open_nursery() as nursery:
        table, host = await first_hand_held(nursery, log)
        view = log[-1][1]["view"]
        game, hand = view["game"], view["hand"]
        assert game["phase"] == "ending" and hand["phase"] == "ended"  # the end is seen at once
        assert "hand_ended" not in machine_events(log)  # its settlement is not
        assert hand["settlement"] is None and game["history"] == []
        assert game["scores"] == [0, 0, 0, 0] and view["you"]["legal"] == []
        assert [m.get("kind") for _t, m in log].count("deal") == 1  # no next deal, no ready
        assert len(host.stored) == 1 and len(host.held) == 1
        with pytest.raises(ProtocolError) as refused:
            table.act(table.seats_of("ann"), {"action": "ready"})
        assert refused.value.code == "wrong_phase"
        seen = len(log)
        host.held.pop()(None)  # committed
        await trio.sleep(1)
        settled = [m for _t, m in log[seen:] if m.get("kind") == "settled"]
        assert len(settled) == 1 and log[seen][1]["kind"] == "settled"
        (message,) = settled
        assert message["game"] == 1 and message["hand_number"] == 1
        (ended,) = message["events"]
        assert ended["type"] == "hand_ended"
        shown = message["view"]
        assert shown["hand"]["settlement"] == ended["settlement"]
        assert [row["game"] for row in shown["game"]["history"]] == [1]
        assert shown["game"]["scores"] == ended["settlement"]["totals"]
        assert shown["game"]["phase"] == "between"
        while len(host.held) < 1:  # the match goes on: the person readies, the second deal
            await trio.sleep(0.1)
        assert [m.get("kind") for _t, m in log].count("deal") == 2
        nursery.cancel_scope.cancel()


@pytest.mark.trio
async def test_a_hand_whose_record_cannot_be_committed_ends_the_match_saying_so(
    autojump_clock,
):
    log: list = []
    async with trio.open_nursery() as nursery:
        table, host = await first_hand_held(nursery, log)
        seen = len(log)
        host.held.pop()(RuntimeError("disk full"))
        await trio.sleep(120)
        kinds = [m.get("kind") for _t, m in log[seen:]]
        assert kinds == ["over"]  # no settlement, no next deal
        over = log[-1][1]
        assert over["not_stored"] == 1
        assert [row["score"] for row in over["standing"]] == [0, 0, 0, 0]
        game = over["view"]["game"]
        assert game["phase"] == "over" and game["history"] == [] and game["scores"] == [0] * 4
        assert over["view"]["hand"]["settlement"] is None
        assert "hand_ended" not in machine_events(log)
        nursery.cancel_scope.cancel()
