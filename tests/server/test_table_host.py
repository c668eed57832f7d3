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

    def write_mahjong(self, write, label: str) -> None:
        raise AssertionError("a friendly table writes no coins")

    def close_pot(self, pot: str, ref: str) -> None:
        raise AssertionError("a friendly table has no pot account")

    async def flush(self) -> None:
        pass


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
