"""Server-kept clocks (GO-07, GO-08, GO-09) on a virtual clock: the hall is driven directly,
without sockets, so that trio's autojump clock can skip the minutes."""

import time
from contextlib import asynccontextmanager

import msgpack
import pytest
import trio

from server.bots import BotFactory
from server.hall import Hall, HallConfig
from server.session import Session
from server.store import AdjournedGame, Store

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
        # No table log: the virtual clock would jump ahead while its thread commits.
        hall = Hall(store, nursery, BotFactory(None, seed=1), HallConfig(log_tables=False))
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
        while table.phase not in ("ending", "over"):
            await table.wait_changed()
        # 60 s main time + 2 x 10 s byo-yomi, and not a moment later.  (Timed to the flag, not
        # to "over": that waits for the record's commit on the store's thread, and meanwhile
        # the autojump clock may run on to the next timer of the hall, a WAL checkpoint's.)
        assert trio.current_time() - start == pytest.approx(80)
        while table.phase != "over":
            await table.wait_changed()
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
        await hall.flush()  # "over" once the record is stored
        assert table.phase == "over" and table.game.result.reason == "time"
        assert table.id in hall.tables  # Ann still watches
        hall.disconnected(ann.session)
        assert table.id not in hall.tables


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


@pytest.mark.trio
async def test_untimed_game_is_adjourned_after_ten_minutes_away_and_resumed(
    tmp_path, autojump_clock
):
    async with clocked_table(tmp_path, {"size": 9}) as (hall, table, ann, bob):
        for seat, point in ((ann, "E5"), (bob, "C3"), (ann, "G7")):
            await seat.request("act", table=table.id, action="play", point=point)
        hall.disconnected(bob.session)
        await trio.sleep(599)
        assert table.phase == "play"
        await trio.sleep(2)
        assert table.phase == "adjourned"
        (event,) = [m for m in ann.received() if m.get("kind") == "adjourned"]
        assert event["by"] == "white" and event["view"]["game"]["phase"] == "adjourned"
        game_id = event["game"]
        await hall.flush()
        assert (await ann.request("act", table=table.id, action="pass"))["code"] == "wrong_phase"
        listed = (await ann.request("games"))["adjourned"]
        assert [(g["game"], g["left_by"], g["black"], g["white"]) for g in listed] == [
            (game_id, "white", "ann", "bob")
        ]
        # Both must be present to resume (GO-12).
        assert (await ann.request("resume_game", game=game_id))["code"] == "opponent_absent"
        bob_again = Seat(hall, "bob")
        resumed = await bob_again.request("resume_game", game=game_id)
        view = resumed["view"]
        assert view["you"]["seats"] == ["white"] and view["game"]["move_number"] == 3
        assert view["game"]["last_move"] == "G7" and "play" in view["you"]["legal"]
        new_table = resumed["table"]
        started = [m for m in ann.received() if m.get("kind") == "started"]
        assert started and started[-1]["table"] == new_table
        assert (await bob_again.request("act", table=new_table, action="play", point="D4"))[
            "type"
        ] == "ok"
        assert (await ann.request("games"))["adjourned"] == []
        assert (await ann.request("resume_game", game=game_id))["code"] == "no_such_game"


@pytest.mark.trio
async def test_an_adjourned_game_left_for_a_day_is_lost_by_the_absent_player(
    tmp_path, autojump_clock
):
    async with clocked_table(tmp_path, {"size": 9}) as (hall, table, ann, bob):
        await ann.request("act", table=table.id, action="play", point="E5")
        hall.disconnected(bob.session)
        await trio.sleep(601)
        await hall.flush()
        (adjourned,) = hall.store.adjourned_of("ann")
        stale = AdjournedGame(**{**adjourned.__dict__, "adjourned_at": time.time() - 25 * 3600})
        hall.store.db.execute("DELETE FROM adjourned")
        hall.store.add_adjourned(stale)
        await hall.sweep_adjourned()
        assert hall.store.adjourned_of("ann") == []
        (game,) = hall.store.games_of("bob")
        assert (game.result, game.reason, game.winner, game.valid) == (
            "黑中盘胜",
            "resign",
            "black",
            False,
        )


@pytest.mark.trio
async def test_a_game_lost_on_time_with_nobody_connected_is_stored_and_closed(
    tmp_path, autojump_clock
):
    async with clocked_table(tmp_path) as (hall, table, ann, bob):
        await ann.request("act", table=table.id, action="play", point="E5")
        hall.disconnected(ann.session)
        hall.disconnected(bob.session)
        assert table.id in hall.tables  # a running game keeps its seats
        await trio.sleep(81)
        await hall.flush()  # "over" and the close follow the record's commit
        assert table.phase == "over" and table.id not in hall.tables
        (game,) = hall.store.games_of("bob")
        assert (game.result, game.reason, game.moves) == ("白超时负", "time", 1)
