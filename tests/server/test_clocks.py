"""Server-kept clocks (GO-07, GO-08, GO-09) on a virtual clock: the hall is driven directly,
without sockets, so that trio's autojump clock can skip the minutes."""

from contextlib import asynccontextmanager

import msgpack
import pytest
import trio

from server.bots import BotFactory
from server.hall import Hall
from server.session import Session
from server.store import Store

CLOCK = {"main": 60, "periods": 2, "period": 10}


class Seat:
    def __init__(self, hall: Hall, name: str) -> None:
        self.hall = hall
        send, self.inbox = trio.open_memory_channel(10_000)
        self.session = Session("test", send)
        self.session.greeted = True
        self.session.name = name
        hall.connected(self.session)
        hall.online[name] = self.session
        self.next_id = 0

    def received(self) -> list[dict]:
        out = []
        while True:
            try:
                out.append(msgpack.unpackb(self.inbox.receive_nowait()))
            except trio.WouldBlock:
                return out

    async def request(self, kind: str, **fields) -> dict:
        self.next_id += 1
        await self.hall.handle(self.session, {"type": kind, "id": self.next_id, **fields})
        replies = [m for m in self.received() if m.get("id") == self.next_id]
        assert len(replies) == 1
        return replies[0]


@asynccontextmanager
async def clocked_table(tmp_path, options=None):
    store = Store(str(tmp_path / "hall.db"))
    async with trio.open_nursery() as nursery:
        hall = Hall(store, nursery, BotFactory(None, seed=1))
        ann, bob = Seat(hall, "ann"), Seat(hall, "bob")
        options = options or {"size": 9, "clock": CLOCK}
        created = await ann.request("create_table", room="go", options=options)
        table = created["table"]
        assert (await ann.request("sit", table=table, seat="black"))["type"] == "ok"
        assert (await bob.request("sit", table=table, seat="white"))["type"] == "ok"
        yield hall, hall.tables[table], ann, bob
        await hall.flush()
        nursery.cancel_scope.cancel()
    store.close()


@pytest.mark.trio
async def test_clocks_count_down_main_time_then_byoyomi(tmp_path, autojump_clock):
    async with clocked_table(tmp_path) as (hall, table, ann, bob):
        start = (await ann.request("snapshot", table=table.id))["view"]["game"]["clocks"]
        assert start["running"] == "black"
        assert start["black"] == {"main": 60, "periods": 2, "period": 10, "byoyomi": False}
        await trio.sleep(25)
        await ann.request("act", table=table.id, action="play", point="E5")
        clocks = (await bob.request("snapshot", table=table.id))["view"]["game"]["clocks"]
        assert clocks["running"] == "white"
        assert clocks["black"]["main"] == pytest.approx(35)
        await trio.sleep(64)  # White: 60 s main time gone and 4 s into the first period
        clocks = (await bob.request("snapshot", table=table.id))["view"]["game"]["clocks"]
        assert clocks["white"] == {
            "main": pytest.approx(6),
            "periods": 2,
            "period": 10,
            "byoyomi": True,
        }
        await bob.request("act", table=table.id, action="play", point="C3")
        await trio.sleep(1)
        clocks = (await bob.request("snapshot", table=table.id))["view"]["game"]["clocks"]
        # A move inside a period gives that period back in full.
        assert clocks["white"] == {"main": 10, "periods": 2, "period": 10, "byoyomi": True}


@pytest.mark.trio
async def test_flag_fall_ends_the_game_on_time(tmp_path, autojump_clock):
    async with clocked_table(tmp_path) as (hall, table, ann, bob):
        await ann.request("act", table=table.id, action="play", point="E5")
        start = trio.current_time()
        while table.phase != "over":
            await table.wait_changed()
        # 60 s main time + 2 x 10 s byo-yomi, and not a moment later.
        assert trio.current_time() - start == pytest.approx(80)
        kinds = [m.get("kind") for m in ann.received() if m["type"] == "event"]
        assert kinds[-2:] == ["timeout", "over"]
        result = table.game_view()["result"]
        assert result["winner"] == "black" and result["reason"] == "time"
        assert result["text"] == "白超时负" and result["valid"] is False
        assert (await bob.request("act", table=table.id, action="pass"))["code"] == "game_over"


@pytest.mark.trio
async def test_a_disconnected_players_clock_keeps_running(tmp_path, autojump_clock):
    async with clocked_table(tmp_path) as (hall, table, ann, bob):
        await ann.request("act", table=table.id, action="play", point="E5")
        hall.disconnected(bob.session)
        assert table.seats["white"].name == "bob"
        offline = [m for m in ann.received() if m.get("kind") == "offline"]
        assert offline and offline[0]["seat"] == "white"
        await trio.sleep(79)
        assert table.phase == "play"
        await trio.sleep(2)
        assert table.phase == "over" and table.game.result.reason == "time"


@pytest.mark.trio
async def test_scoring_phase_is_untimed(tmp_path, autojump_clock):
    async with clocked_table(tmp_path) as (hall, table, ann, bob):
        await ann.request("act", table=table.id, action="pass")
        await bob.request("act", table=table.id, action="pass")
        assert table.phase == "scoring"
        await trio.sleep(3600)
        assert table.phase == "scoring"
        view = table.game_view()["clocks"]
        assert view["running"] is None
        await ann.request("act", table=table.id, action="resume")
        assert table.game_view()["clocks"]["running"] == "black"


@pytest.mark.trio
async def test_ranked_scoring_without_agreement_resumes_after_five_minutes(
    tmp_path, autojump_clock
):
    async with clocked_table(tmp_path, {"friendly": False}) as (hall, table, ann, bob):
        await ann.request("act", table=table.id, action="play", point="D4")
        await bob.request("act", table=table.id, action="pass")
        await ann.request("act", table=table.id, action="pass")
        assert table.phase == "scoring"
        await bob.request("act", table=table.id, action="confirm")
        await trio.sleep(299)
        assert table.phase == "scoring"
        await trio.sleep(2)
        assert table.phase == "play" and table.game.resumptions == 1
        resumed = [m for m in bob.received() if m.get("kind") == "resumed"]
        assert resumed and resumed[-1]["view"]["game"]["clocks"]["running"] == "white"
