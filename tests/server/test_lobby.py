"""The lobby: rooms, tables with their seats, players online, chat."""

import pytest

from .harness import running_hall, user
from .test_go_game import table_for_two


@pytest.mark.trio
async def test_lobby_lists_rooms_tables_and_players_and_pushes_changes(tmp_path):
    async with running_hall(tmp_path) as server:
        ann = await user(server, "ann")
        lobby = await ann.ok("lobby")
        # Go is the first room; mahjong rulesets have rooms of their own after it, each
        # described well enough for a client that knows none of them (names, kind, rules, fee).
        go, *mahjong = lobby["rooms"]
        assert go["room"] == "go" and go["name"] == "围棋 Go" and go["tables"] == 0
        assert go["kind"] == "go" and go["fee"] is None
        xuezhan = next(room for room in mahjong if room["room"] == "xuezhan")
        assert xuezhan["kind"] == "mahjong" and xuezhan["ruleset"] == "sichuan"
        assert (xuezhan["name_zh"], xuezhan["name_en"], xuezhan["short"]) == (
            "血战到底",
            "Xuezhan",
            "血战",
        )
        assert xuezhan["imposed"] == {"xuezhan": True} and xuezhan["fee"] == "economy"
        rules = {option["name"]: option for option in xuezhan["rules"]}
        assert "xuezhan" not in rules and rules["fee_percent"]["default"] == 10
        zhongyou = next(room for room in mahjong if room["room"] == "zhongyou")
        assert zhongyou["random_seating"] and zhongyou["fee"] == "settlement"
        assert lobby["players"] == ["ann"] and lobby["tables"] == []
        bob = await user(server, "bob")
        assert (await ann.push(lambda m: m["type"] == "lobby"))["kind"] == "online"
        created = await bob.ok("create_table", room="go", options={"size": 13, "komi": 0})
        pushed = await ann.push(lambda m: m["type"] == "lobby" and m["kind"] == "table")
        summary = pushed["table"]
        assert summary["table"] == created["table"] and summary["created_by"] == "bob"
        assert summary["options"]["size"] == 13 and summary["options"]["komi"] == 0.0
        assert summary["seats"] == {"black": None, "white": None}
        assert summary["phase"] == "waiting"
        await bob.ok("sit", table=created["table"], seat="white")
        seated = await ann.push(lambda m: m["type"] == "lobby" and m["kind"] == "table")
        assert seated["table"]["seats"] == {"black": None, "white": "bob"}
        again = await ann.ok("lobby")
        assert again["rooms"][0]["room"] == "go" and again["rooms"][0]["tables"] == 1
        assert again["players"] == ["ann", "bob"]
        await bob.ok("stand", table=created["table"])
        await bob.ok("leave", table=created["table"])
        closed = await ann.push(lambda m: m["type"] == "lobby" and m["kind"] == "table_closed")
        assert closed["table"] == created["table"]
        await bob.aclose()
        gone = await ann.push(lambda m: m["type"] == "lobby" and m["kind"] == "offline")
        assert gone["name"] == "bob"


@pytest.mark.trio
async def test_lobby_and_table_chat_reach_the_right_people(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, bob, carol = [await user(server, n) for n in ("ann", "bob", "carol")]
        for client in (ann, bob, carol):
            await client.ok("lobby")
        await ann.ok("chat", text="anyone for 9x9?")
        for client in (ann, bob, carol):
            message = await client.push(lambda m: m["type"] == "chat")
            assert (message["from"], message["text"], message["table"]) == (
                "ann",
                "anyone for 9x9?",
                None,
            )
        table = (await bob.ok("create_table", room="go", options={"size": 9}))["table"]
        assert await carol.error("chat", text="hi", table=table) == "not_at_table"
        await ann.ok("watch", table=table)
        await bob.ok("chat", text="welcome", table=table)
        heard = await ann.push(lambda m: m["type"] == "chat")
        assert heard["table"] == table and heard["text"] == "welcome"
        await carol.ok("ping")
        assert not [m for m in carol.pushes if m["type"] == "chat"]


@pytest.mark.trio
async def test_spectators_are_counted_and_leaving_a_running_game_resigns(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, bob, table = await table_for_two(server)
        carol = await user(server, "carol")
        await carol.ok("watch", table=table)
        counted = await ann.event("spectators", table)
        assert counted["view"]["spectators"] == 1
        await carol.ok("leave", table=table)
        assert (await ann.event("spectators", table))["view"]["spectators"] == 0
        await bob.ok("leave", table=table)
        over = await ann.event("over", table)
        assert over["result"]["winner"] == "black" and over["result"]["reason"] == "resign"


@pytest.mark.trio
async def test_one_player_cannot_open_tables_without_end(tmp_path):
    async with running_hall(tmp_path) as server:
        ann = await user(server, "ann")
        for _ in range(3):
            await ann.ok("create_table", room="go", options={"size": 9})
        assert await ann.error("create_table", room="go") == "too_many_tables"
        assert len((await ann.ok("lobby"))["tables"]) == 3


@pytest.mark.trio
async def test_every_room_says_what_a_table_without_options_would_be(tmp_path):
    """The table options are discoverable over the protocol (issue 14): each room of the lobby
    carries ``defaults``, and a table created with them is the table created with none."""
    async with running_hall(tmp_path) as server:
        ann = await user(server, "ann")
        rooms = (await ann.ok("lobby"))["rooms"]
        assert {r["room"] for r in rooms} >= {"go", "sichuan", "lengzi"}
        for room in rooms[:3]:
            defaults = room["defaults"]
            made = await ann.ok("create_table", room=room["room"], options=defaults)
            bare = await ann.ok("create_table", room=room["room"])
            tables = {t["table"]: t for t in (await ann.ok("lobby"))["tables"]}
            assert tables[made["table"]]["options"] == tables[bare["table"]]["options"]
            for table in (made["table"], bare["table"]):
                await ann.ok("leave", table=table)
