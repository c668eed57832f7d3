"""A running Go game survives the hall (server/action_log.py): stopped cleanly and started again
on the same file, the hall rebuilds the table under the same id before it listens; a player's
session token still works, ``resume_session`` names the seat, a snapshot follows, and once both
players are back the clocks run on from where they stood. A log that does not replay closes
only its table, refunds its bets and tells its players at their next login."""

from __future__ import annotations

import copy
import sqlite3
from functools import partial

import pytest
import trio

from server import economy

from .harness import Client, running_hall, user
from .test_mahjong_support import fast_config, seated_table

CLOCK = {"main": 600, "periods": 3, "period": 30}
MOVES = ["D4", "F6", "C3", "G3", "E7"]  # on a 9x9 board and a 19x19 one


def steady(view: dict) -> dict:
    """A view without what time moves on its own: the running side's clock and ``seq``."""
    view = copy.deepcopy(view)
    view.pop("seq")
    clocks = view["game"]["clocks"]
    if clocks is not None and clocks["running"] is not None:
        clocks.pop(clocks["running"])
    return view


async def resumed(server, token: str, table: int) -> tuple[Client, dict, dict]:
    client = await Client.connect(server)
    reply = await client.ok("resume_session", token=token)
    snapshot = await client.push(lambda m: m["type"] == "snapshot" and m["table"] == table)
    return client, reply, snapshot


@pytest.mark.trio
@pytest.mark.parametrize("friendly", [False, True])
async def test_a_stopped_hall_gives_each_player_back_their_seat_and_view(tmp_path, friendly):
    options = {"friendly": friendly, "clock": CLOCK} if not friendly else {"size": 9}
    tokens: dict[str, str] = {}
    async with running_hall(tmp_path) as server:
        ann = await Client.connect(server)
        bob = await Client.connect(server)
        tokens["ann"] = (await ann.ok("register", name="ann", password="password-1"))["token"]
        tokens["bob"] = (await bob.ok("register", name="bob", password="password-1"))["token"]
        table = (await ann.ok("create_table", room="go", options=options))["table"]
        await ann.ok("sit", table=table, seat="black")
        await bob.ok("sit", table=table, seat="white")
        if not friendly:
            sam = await user(server, "sam", address="127.0.0.2")  # a spectator at its own machine
            await sam.ok("watch", table=table)
            await sam.ok("bet", table=table, side="white", amount=300)
        moves = MOVES
        players = [ann, bob]
        for n, point in enumerate(moves):
            await players[n % 2].ok("act", table=table, action="play", point=point)
        last = {}
        for name, client in (("ann", ann), ("bob", bob)):
            last[name] = (await client.event("move", table))["view"]
            while True:  # the view of the last acknowledged action
                try:
                    last[name] = (await client.event("move", table))["view"]
                except TimeoutError:
                    break
                if last[name]["game"]["move_number"] == len(moves):
                    break
    bye = await ann.push(lambda m: m["type"] == "bye")
    assert (bye["code"], bye["saved"]) == ("shutting_down", True)
    async with running_hall(tmp_path) as server:
        assert table in server.hall.tables
        if not friendly:  # the spectator comes back to the same table id
            sam = await Client.connect(server)
            await sam.ok("login", name="sam", password="password-1")
            await sam.ok("watch", table=table)
        ann, reply, snapshot = await resumed(server, tokens["ann"], table)
        assert reply["seats"] == [{"table": table, "seat": "black"}]
        assert snapshot["view"]["game"]["paused"]
        assert snapshot["view"]["you"]["legal"] == []
        bob, reply, _ = await resumed(server, tokens["bob"], table)
        assert reply["seats"] == [{"table": table, "seat": "white"}]
        for name, client in (("ann", ann), ("bob", bob)):
            view = (await client.event("unpaused", table))["view"]
            assert not view["game"]["paused"]
            assert steady(view) == steady(last[name])
        await bob.ok("act", table=table, action="play", point="E5")  # play goes on
        if not friendly:
            pool = server.hall.tables[table].game_view()["bets"]["pool"]
            assert pool == {"black": 0, "white": 300}


def test_steady_keeps_the_stopped_clock():
    view = {"seq": 3, "game": {"clocks": {"running": "white", "white": 1, "black": 2}}}
    assert steady(view) == {"game": {"clocks": {"running": "white", "black": 2}}}


@pytest.mark.trio
async def test_a_log_that_does_not_replay_closes_only_its_table_and_refunds_it(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, bob = await user(server, "ann"), await user(server, "bob")
        tables = []
        for _ in range(2):
            table = (await ann.ok("create_table", room="go", options={"friendly": False}))["table"]
            await ann.ok("sit", table=table, seat="black")
            await bob.ok("sit", table=table, seat="white")
            tables.append(table)
        sam = await user(server, "sam", address="127.0.0.2")  # a spectator at its own machine
        await sam.ok("watch", table=tables[0])
        await sam.ok("bet", table=tables[0], side="black", amount=500)
        for table in tables:
            await ann.ok("act", table=table, action="play", point="D4")
            await bob.ok("act", table=table, action="play", point="Q16")
    db = sqlite3.connect(str(tmp_path / "hall.db"))
    db.execute(  # an engine that no longer takes the move the log holds
        "UPDATE live_actions SET entry = replace(entry, 'Q16', 'D4') WHERE table_id = ?",
        (tables[0],),
    )
    db.commit()
    db.close()
    async with running_hall(tmp_path) as server:
        assert tables[0] not in server.hall.tables and tables[1] in server.hall.tables
        assert economy.balance(server.store.db, "sam") == 5000
        assert economy.balance(server.store.db, "bets:go:1") == 0
        economy.check_ledger(server.store.db)
        ann = await Client.connect(server)
        await ann.ok("login", name="ann", password="password-1")
        notice = await ann.push(lambda m: m["type"] == "notice")
        assert (notice["kind"], notice["table"]) == ("table_lost", tables[0])
        assert "refunded" in notice["message"]
        left = server.store.db.execute("SELECT COUNT(*) FROM live_tables").fetchone()[0]
        assert left == 1


MAHJONG_ROOMS = ("sichuan", "lengzi", "baicheng", "zhongyou")


def settled_view(view: dict) -> dict:
    """A mahjong seat's view without what moves by itself: ``seq``, presence, the turn clock."""
    view = copy.deepcopy(view)
    view.pop("seq")
    for seat in view["seats"].values():
        if seat is not None:
            seat.pop("online")
            seat.pop("auto", None)
    view["game"].pop("deadline", None)
    return view


@pytest.mark.trio
@pytest.mark.parametrize("room", MAHJONG_ROOMS)
async def test_a_stopped_hall_gives_a_coin_match_back_at_the_same_action(tmp_path, room):
    config = fast_config()
    names = ["ann", "bob", "cat", "dan"]
    async with running_hall(tmp_path, config=config) as server:
        options = {"hands": 16, "tier": "free", "timed": False}  # not over in the half second
        table, bots = await seated_table(server, room, options, names)
        async with trio.open_nursery() as nursery:  # until the first hand is dealt
            for bot in bots:
                nursery.start_soon(partial(bot.play, until=lambda v: v["game"]["hand_number"]))
        with trio.move_on_after(0.5):  # some way into it (untimed: then it stands)
            async with trio.open_nursery() as nursery:
                for bot in bots:
                    nursery.start_soon(bot.play)
        for bot in bots:
            bot.drain()
            with trio.move_on_after(0.3):
                while True:
                    await bot.client._receive()
                    bot.drain()
        before = {bot.name: bot.view for bot in bots}
    async with running_hall(tmp_path, config=config) as server:
        assert table in server.hall.tables
        clients = []
        for name in names:
            client = await Client.connect(server)
            reply = await client.ok("login", name=name, password="password-1")
            assert [s["table"] for s in reply["seats"]] == [table]
            clients.append(client)
        for name, client in zip(names, clients, strict=True):
            snapshot = await client.push(lambda m: m["type"] == "snapshot" and m["table"] == table)
            paused = snapshot["view"]  # sent at the login, before the last player was back
            assert paused["game"]["paused"], name
            assert paused["you"]["legal"] == [] and paused["hand"]["legal_actions"] == []
            back = await client.event("unpaused", table)  # all four are back
            assert not back["view"]["game"]["paused"]
            assert settled_view(back["view"]) == settled_view(before[name]), name


@pytest.mark.trio
async def test_a_mahjong_log_that_does_not_replay_closes_its_table_and_tells_the_players(tmp_path):
    config = fast_config()
    names = ["ann", "bob", "cat", "dan"]
    async with running_hall(tmp_path, config=config) as server:
        options = {"hands": 3, "tier": "free", "timed": False}
        table, _bots = await seated_table(server, "sichuan", options, names)
    db = sqlite3.connect(str(tmp_path / "hall.db"))
    damaged = '["no such input"]'  # an engine that no longer knows an input of the log
    db.execute("UPDATE live_actions SET entry = ? WHERE table_id = ?", (damaged, table))
    db.commit()
    db.close()
    async with running_hall(tmp_path, config=config) as server:
        assert table not in server.hall.tables
        assert server.store.db.execute("SELECT COUNT(*) FROM live_tables").fetchone()[0] == 0
        cat = await Client.connect(server)
        await cat.ok("login", name="cat", password="password-1")
        notice = await cat.push(lambda m: m["type"] == "notice")
        assert (notice["kind"], notice["table"], notice["room"]) == ("table_lost", table, "sichuan")
