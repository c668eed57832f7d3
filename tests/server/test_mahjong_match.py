"""Four protocol clients play whole mahjong matches of every room over TCP while a spectator
watches; every message each of them received is checked against the machine's redaction."""

import msgpack
import pytest

from qipai.mahjong.rulesets import mahjong_rooms
from qipai.protocol import encode

from .harness import running_hall, user
from .test_mahjong_support import (
    SeatBot,
    check_stream,
    fast_config,
    play_all,
    seated_table,
    stored_hands,
)

ROOM_HANDS = {
    "sichuan": 3,
    "xuezhan": 2,
    "lengzi": 3,
    "baicheng": 3,
    "zhongyou": 3,
    "guobiao": 3,
}


@pytest.mark.trio
@pytest.mark.parametrize("room", sorted(mahjong_rooms()))
async def test_four_clients_play_a_match_to_its_standing_and_nothing_leaks(tmp_path, room):
    async with running_hall(tmp_path, config=fast_config()) as server:
        eve = await user(server, "eve")
        options = {"hands": ROOM_HANDS[room], "timed": False}
        table, bots = await seated_table(server, room, options, watchers=[eve])
        spectator = SeatBot(eve, table, "eve")
        views = await play_all(bots, (spectator,))
        assert spectator.view["game"]["standing"] == views[0]["game"]["standing"]
        final = views[0]["game"]
        assert final["phase"] == "over" and final["hand_number"] == ROOM_HANDS[room]
        assert len(final["history"]) == ROOM_HANDS[room]
        scores = [sum(h["totals"][s] for h in final["history"]) for s in range(4)]
        assert final["scores"] == scores
        standing = final["standing"]
        assert [row["score"] for row in standing] == sorted(scores, reverse=True)
        assert {row["name"] for row in standing} == {"ann", "bob", "cat", "dan"}
        assert all(not bot.errors for bot in bots), [bot.errors for bot in bots]
        records = await stored_hands(bots[0].client, views[0])
        assert all(r["room"] == room and r["players"] for r in records)
        checked = 0
        for bot in bots:
            seats = frozenset(int(s) for s in bot.view["you"]["seats"])
            assert len(seats) == 1
            checked += check_stream(bot.received, records, seats)
        checked += check_stream(spectator.received, records, frozenset())
        assert checked > 5 * 40


@pytest.mark.trio
async def test_random_seating_shuffles_the_four_when_the_table_starts(tmp_path):
    async with running_hall(tmp_path, config=fast_config()) as server:
        table, bots = await seated_table(server, "zhongyou", {"hands": 1})
        await play_all(bots)
        seats = bots[0].view["seats"]
        assert sorted(info["name"] for info in seats.values()) == ["ann", "bob", "cat", "dan"]
        started = next(m for m in bots[0].received if m.get("kind") == "started")
        by_seat = {s: info["name"] for s, info in started["view"]["seats"].items()}
        assert by_seat == {s: info["name"] for s, info in seats.items()}
        for bot in bots:
            assert bot.view["you"]["seats"] == [
                s for s, info in seats.items() if info["name"] == bot.name
            ]


@pytest.mark.trio
async def test_a_zhongyou_match_ends_when_the_rules_end_it_not_at_the_hand_count(tmp_path):
    """ZY-02: the North round played through ends the match, whatever the table's length;
    the server must not deal another hand (``Match.start_hand`` would refuse it)."""
    async with running_hall(tmp_path, config=fast_config()) as server:
        table, bots = await seated_table(server, "zhongyou", {"hands": 40, "timed": False})
        match = server.hall.tables[table].match
        # The North round, opened by South: the first time the deal passes back to South
        # (East loses the deal), the North round is over.
        match.rounds_done, match.round_opener = 3, 1
        views = await play_all(bots)
        final = views[0]["game"]
        assert match.over
        assert final["phase"] == "over"
        played = final["hand_number"]
        assert 1 <= played < 40 and len(final["history"]) == played
        assert [h["dealer"] for h in final["history"]] == [0] * played  # East dealt until he lost
        assert [row["score"] for row in final["standing"]] == sorted(match.scores, reverse=True)
        assert all(not bot.errors for bot in bots), [bot.errors for bot in bots]


@pytest.mark.trio
async def test_incremental_clients_play_from_events_alone_and_nothing_leaks(tmp_path):
    """``incremental`` players get each event's redacted events, the seats, the game part and
    their own legal actions, never a hand view; a spectator still gets full public views;
    a snapshot is the full view."""
    async with running_hall(tmp_path, config=fast_config()) as server:
        eve = await user(server, "eve")
        clients = [await user(server, name) for name in ("ann", "bob", "cat", "dan")]
        created = await clients[0].ok("create_table", room="xuezhan", options={"hands": 2})
        table = created["table"]
        await eve.ok("watch", table=table)
        for seat, client in enumerate(clients):
            await client.ok("sit", table=table, seat=str(seat))
            if seat < 3:
                await client.ok("act", table=table, action="incremental", on=True)
        bots = [
            SeatBot(c, table, n) for c, n in zip(clients, ["ann", "bob", "cat", "dan"], strict=True)
        ]
        spectator = SeatBot(eve, table, "eve")
        views = await play_all(bots, (spectator,))
        assert views[0]["game"]["phase"] == "over" and views[0]["game"]["hand_number"] == 2
        assert all(not bot.errors for bot in bots), [bot.errors for bot in bots]
        records = await stored_hands(clients[3], spectator.view)
        for bot in bots:
            events = [m for m in bot.received if m.get("type") == "event"]
            with_view = [m for m in events if "view" in m]
            if bot.name == "dan":
                assert len(with_view) == len(events)
            else:
                assert not [m for m in with_view if m["kind"] in ("deal", "play", "timeout")]
            check_stream(bot.received, records, frozenset({bots.index(bot)}))
        check_stream(spectator.received, records, frozenset())
        incremental = [m for m in bots[0].received if m.get("kind") in ("play", "settled")]
        with_history = [m for m in incremental if "history" in m["game"]]
        assert [m["kind"] for m in with_history] == ["settled"] * 2  # the hands, once stored
        assert with_history[-1]["game"]["history"] == spectator.view["game"]["history"]
        snapshot = await clients[0].ok("snapshot", table=table)
        assert snapshot["view"]["hand"] is not None
        assert await clients[0].error("act", table=table, action="incremental") == "bad_field"


@pytest.mark.trio
async def test_spliced_event_bytes_are_those_of_the_whole_message(tmp_path):
    """``publish`` encodes the shared parts once and splices each receiver's own parts in:
    what goes out must be exactly the msgpack of the whole message."""
    async with running_hall(tmp_path, config=fast_config()) as server:
        eve = await user(server, "eve")
        table, bots = await seated_table(server, "lengzi", {"hands": 1, "timed": False})
        await eve.ok("watch", table=table)
        sent: list[bytes] = []
        for name in ("ann", "eve"):
            session = server.hall.online[name]
            push = session.push
            session.push = lambda data, push=push: (sent.append(data), push(data))[1]
        await play_all(bots)
        events = [msgpack.unpackb(data, raw=False) for data in sent]
        assert len([m for m in events if "view" in m and m.get("events")]) > 40
        for data, message in zip(sent, events, strict=True):
            assert encode(message) == data


@pytest.mark.trio
async def test_spliced_incremental_event_bytes_are_those_of_the_whole_message(tmp_path):
    """Incremental events are spliced too (the head, seats and game encoded once, each
    receiver's events, ``you`` and legal actions put in): still exactly the whole message's
    msgpack, private events included, hand views where they come."""
    async with running_hall(tmp_path, config=fast_config()) as server:
        table, bots = await seated_table(server, "sichuan", {"hands": 2, "timed": False})
        sent: list[bytes] = []
        for bot in bots:
            await bot.client.ok("act", table=table, action="incremental", on=True)
            session = server.hall.online[bot.name]
            push = session.push
            session.push = lambda data, push=push: (sent.append(data), push(data))[1]
        await play_all(bots)
        events = [msgpack.unpackb(data, raw=False) for data in sent]
        incremental = [m for m in events if m.get("type") == "event" and "you" in m]
        assert len([m for m in incremental if m.get("events")]) > 100
        assert any("private" in e for m in incremental for e in m.get("events") or [])
        assert any("hand" in m for m in incremental)
        for data, message in zip(sent, events, strict=True):
            assert encode(message) == data
