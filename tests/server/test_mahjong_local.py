"""Local play: one connection against three server bots, hot-seat for four on one keyboard,
and the creator filling free seats with bots."""

import pytest

from .harness import running_hall, user
from .test_mahjong_support import SeatBot, check_stream, fast_config, play_all, stored_hands


@pytest.mark.trio
async def test_one_player_against_three_bots_plays_the_match_untimed(tmp_path):
    async with running_hall(tmp_path, config=fast_config()) as server:
        ann = await user(server, "ann")
        created = await ann.ok(
            "create_table", room="sichuan", options={"hotseat": True, "bots": 3, "hands": 2}
        )
        table, view = created["table"], created["view"]
        assert view["options"]["timed"] is False
        assert view["you"]["seats"] == ["0"]
        assert [view["seats"][s]["bot"] for s in "0123"] == [False, True, True, True]
        me = SeatBot(ann, table, "ann")
        me._take({"table": table, **created})
        final = await me.play()
        assert final["game"]["phase"] == "over" and len(final["game"]["history"]) == 2
        assert final["game"]["deadline"] is None
        assert not me.errors
        records = await stored_hands(ann, final)
        assert check_stream(me.received, records, frozenset({0})) > 20


@pytest.mark.trio
async def test_hotseat_one_connection_plays_all_four_seats(tmp_path):
    async with running_hall(tmp_path, config=fast_config()) as server:
        ann = await user(server, "ann")
        created = await ann.ok("create_table", room="lengzi", options={"hotseat": True})
        table, view = created["table"], created["view"]
        assert view["you"]["seats"] == ["0", "1", "2", "3"]
        me = SeatBot(ann, table, "ann")
        me._take({"table": table, **created})
        acting_seats = set()
        final = None
        while final is None or final["game"]["phase"] != "over":
            final = await me.play(stop_after_actions=1)
            if final["you"]["acting"]:
                assert final["you"]["seat"] in final["you"]["acting"]
                acting_seats.add(final["you"]["seat"])
        assert acting_seats == {"0", "1", "2", "3"}
        assert final["game"]["hand_number"] == 4 and not me.errors
        records = await stored_hands(ann, final)
        assert check_stream(me.received, records, frozenset(range(4))) > 40


@pytest.mark.trio
async def test_the_creator_fills_free_seats_with_bots(tmp_path):
    async with running_hall(tmp_path, config=fast_config()) as server:
        ann = await user(server, "ann")
        bob = await user(server, "bob")
        table = (await ann.ok("create_table", room="baicheng", options={"hands": 1}))["table"]
        await ann.ok("sit", table=table, seat="2")
        await bob.ok("sit", table=table, seat="0")
        assert await bob.error("act", table=table, action="add_bots") == "not_creator"
        assert await ann.error("act", table=table, action="discard", tile=3) == (
            "table_not_started"
        )
        waiting = (await ann.ok("snapshot", table=table))["view"]
        assert waiting["you"]["legal"] == ["add_bots"] and waiting["game"]["phase"] == "waiting"
        await ann.ok("act", table=table, action="add_bots")
        started = (await ann.ok("snapshot", table=table))["view"]
        assert [started["seats"][s]["bot"] for s in "0123"] == [False, True, False, True]
        assert await ann.error("act", table=table, action="add_bots") == "wrong_phase"
        players = [SeatBot(ann, table, "ann"), SeatBot(bob, table, "bob")]
        for player in players:
            player._take({"table": table, **await player.client.ok("snapshot", table=table)})
        views = await play_all(players)
        assert views[0]["game"]["phase"] == "over" and views[1]["game"]["phase"] == "over"
        standing = views[0]["game"]["standing"]
        assert sorted(row["name"] for row in standing) == ["ann", "bob", "bot-1", "bot-3"]
        assert not players[0].errors and not players[1].errors


@pytest.mark.trio
async def test_lengzi_players_choose_xiapao_before_each_deal(tmp_path):
    async with running_hall(tmp_path, config=fast_config()) as server:
        ann = await user(server, "ann")
        created = await ann.ok(
            "create_table", room="lengzi", options={"hotseat": True, "bots": 2, "hands": 2}
        )
        table, view = created["table"], created["view"]
        assert view["game"]["phase"] == "between" and view["hand"] is None
        assert view["you"]["legal"] == ["ready", "xiapao"]
        assert await ann.error("act", table=table, action="xiapao", on="yes") == "bad_field"
        await ann.ok("act", table=table, action="xiapao", on=True, seat="1")
        marked = await ann.event("xiapao", table)
        assert marked["seat"] == "1" and marked["on"] is True
        await ann.ok("act", table=table, action="ready")
        dealt = await ann.event("deal", table)
        assert dealt["view"]["hand"]["table"]["xiapao"] == [False, True, False, False]
        assert await ann.error("act", table=table, action="xiapao", on=False) == "wrong_phase"
        other = await ann.ok("create_table", room="sichuan", options={"hotseat": True})
        code = await ann.error("act", table=other["table"], action="xiapao", on=True)
        assert code == "bad_field"


@pytest.mark.trio
async def test_the_lobby_lists_the_mahjong_rooms_and_tables(tmp_path):
    async with running_hall(tmp_path, config=fast_config()) as server:
        ann = await user(server, "ann")
        table = (await ann.ok("create_table", room="xuezhan", options={"hands": 2}))["table"]
        lobby = await ann.ok("lobby")
        names = {room["room"]: room["name"] for room in lobby["rooms"]}
        assert names["xuezhan"] == "血战到底 Xuezhan" and names["go"] == "围棋 Go"
        assert set(names) == {
            "go",
            "sichuan",
            "xuezhan",
            "lengzi",
            "baicheng",
            "zhongyou",
            "guobiao",
        }
        (summary,) = lobby["tables"]
        assert summary["table"] == table and summary["room"] == "xuezhan"
        assert summary["seats"] == {"0": None, "1": None, "2": None, "3": None}
        assert summary["options"]["rules"]["xuezhan"] is True
        assert summary["phase"] == "waiting"
        code = await ann.error("create_table", room="xuezhan", options={"rules": {"cap": 9}})
        assert code == "bad_option"


@pytest.mark.trio
async def test_a_match_of_one_round_ends_when_the_deal_comes_back(tmp_path):
    async with running_hall(tmp_path, config=fast_config()) as server:
        ann = await user(server, "ann")
        created = await ann.ok(
            "create_table", room="zhongyou", options={"hotseat": True, "bots": 3, "rounds": 1}
        )
        me = SeatBot(ann, created["table"], "ann")
        me._take({"table": created["table"], **created})
        final = await me.play()
        history = final["game"]["history"]
        assert final["game"]["round"] == 1 and len(history) >= 4
        dealers = [h["dealer"] for h in history]
        assert len(set(dealers)) == 4  # every seat dealt before the round ended
        assert final["game"]["dealer"] == dealers[0]  # the deal has come back to the opener


@pytest.mark.trio
async def test_hotseat_lengzi_every_seat_chooses_xiapao_before_every_deal(tmp_path):
    """LZ-09: one keyboard, four seats: each seat's own 下炮 before the first deal and again
    before the second; each deal carries the marks chosen for it."""
    async with running_hall(tmp_path, config=fast_config()) as server:
        ann = await user(server, "ann")
        created = await ann.ok("create_table", room="lengzi", options={"hotseat": True, "hands": 2})
        table = created["table"]
        for seat in ("1", "3"):
            await ann.ok("act", table=table, action="xiapao", on=True, seat=seat)
        me = SeatBot(ann, table, "ann")
        me._take({"table": table, **created})

        def between_hands(view):
            return view["game"]["phase"] == "between" and view["game"]["hand_number"] == 1

        await me.play(until=between_hands)
        assert "xiapao" in me.view["you"]["legal"]
        for seat, on in (("0", True), ("3", False)):
            await ann.ok("act", table=table, action="xiapao", on=on, seat=seat)
        final = await me.play()
        assert final["game"]["hand_number"] == 2 and not me.errors
        deals = [m for m in me.received if m.get("kind") == "deal"]
        marks = [m["view"]["hand"]["table"]["xiapao"] for m in deals]
        assert marks == [[False, True, False, True], [True, True, False, False]]
