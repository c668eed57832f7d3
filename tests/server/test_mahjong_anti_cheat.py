"""防作弊 rooms (platform.md PL-15): the hall places players at tables, seats are dealt at
random, nobody watches and nobody chats during a hand; each refusal has a stable code."""

import pytest

from qipai.platform.grants import operator_grant
from server import economy

from .harness import running_hall, user
from .test_mahjong_support import SeatBot, fast_config, play_all

ANTI_CHEAT = {"hands": 1, "timed": False, "tier": "anti_cheat"}


@pytest.mark.trio
async def test_players_are_placed_at_a_table_and_cannot_choose_or_watch(tmp_path):
    async with running_hall(tmp_path, config=fast_config()) as server:
        names = ["ann", "bob", "cat", "dan"]
        clients = [await user(server, name) for name in names]
        placed = [await c.ok("create_table", room="sichuan", options=ANTI_CHEAT) for c in clients]
        table = placed[0]["table"]
        assert {p["table"] for p in placed} == {table}  # one table, filled in turn
        assert len(server.hall.tables) == 1
        # A fifth player asking with other options is not mixed in: a table of its own.
        eve = await user(server, "eve")
        other = await eve.ok("create_table", room="sichuan", options={**ANTI_CHEAT, "hands": 2})
        assert other["table"] != table
        assert other["view"]["you"]["seats"]  # placed, not watching
        # Choosing the table, or a seat at it, and watching it are refused, changing nothing.
        fay = await user(server, "fay")
        assert await fay.error("sit", table=other["table"], seat="0") == "table_assigned"
        assert await fay.error("watch", table=table) == "no_spectators"
        assert await eve.error("watch", table=table) == "no_spectators"
        view = (await clients[0].ok("snapshot", table=table))["view"]
        assert view["spectators"] == 0
        assert sorted(i["name"] for i in view["seats"].values()) == names
        bots = [SeatBot(c, table, n) for c, n in zip(clients, names, strict=True)]
        for bot, reply in zip(bots, placed, strict=True):
            bot.view = reply["view"]
        # No chat while the hand is played.
        bots[1]._take(await clients[1].event("deal", table))
        assert await clients[1].error("chat", table=table, text="东风") == "chat_closed"
        views = await play_all(bots)
        assert views[0]["game"]["phase"] == "over"
        await server.hall.flush()
        economy.check_ledger(server.store.db)


@pytest.mark.trio
async def test_placement_still_checks_the_room_minimum(tmp_path):
    async with running_hall(tmp_path, config=fast_config()) as server:
        ann = await user(server, "ann")
        db = server.store.db
        with economy.transaction(db):
            economy.post(db, operator_grant("ann", -4800, "test", "op:1"), 0.0)
        code = await ann.error("create_table", room="lengzi", options=ANTI_CHEAT)
        assert code == "below_room_minimum"
        assert not server.hall.tables
