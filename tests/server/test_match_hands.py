"""``match_hands``: the replay viewer's request for every stored hand of one mahjong match, as
public as ``game_record`` (docs/platform.md, "Replays"); bad input gets a stable code."""

import pytest
import trio

from qipai.mahjong.replay import match_replays

from .harness import running_hall, user
from .test_mahjong_support import fast_config, play_all, seated_table


@pytest.mark.trio
async def test_any_hand_of_a_match_gives_the_whole_match_in_playing_order(tmp_path):
    async with running_hall(tmp_path, config=fast_config()) as server:
        table, bots = await seated_table(server, "sichuan", {"hands": 3, "timed": False})
        final = (await play_all(bots))[0]["game"]
        other, others = await seated_table(
            server, "lengzi", {"hands": 1, "timed": False}, names=["eve", "fay", "gus", "hal"]
        )
        await play_all(others)
        await server.hall.flush()
        history = final["history"]
        ids = [h["game"] for h in history]
        for asker in (bots[1].client, others[0].client):  # a stranger to the match too
            for game in ids:
                reply = await asker.ok("match_hands", game=game)
                assert reply["table"] == table
                assert [h["game"] for h in reply["hands"]] == ids
                assert [h["hand_number"] for h in reply["hands"]] == [1, 2, 3]
        one = await bots[0].client.ok("game_record", game=ids[1])
        assert {k: v for k, v in one.items() if k not in ("type", "id")} == reply["hands"][1]
        replays = match_replays(reply["hands"])
        assert [r.machine(r.last).settlement.to_wire() for r in replays] == [
            h["settlement"] for h in reply["hands"]
        ]
        assert [sum(r.settlement["totals"][s] for r in replays) for s in range(4)] == final[
            "scores"
        ]


@pytest.mark.trio
async def test_a_bad_or_unknown_hand_is_refused_with_a_stable_code(tmp_path):
    async with running_hall(tmp_path) as server:
        ann = await user(server, "ann")
        go = await ann.ok("create_table", room="go", options={"size": 9, "hotseat": True})
        await ann.ok("act", table=go["table"], action="resign")
        await server.hall.flush()
        (game,) = (await ann.ok("games"))["games"]
        assert await ann.error("match_hands", game=game["game"]) == "no_such_game"  # a Go game
        assert await ann.error("match_hands", game=99) == "no_such_game"
        assert await ann.error("match_hands", game="17") == "bad_field"
        assert await ann.error("match_hands", game=-1) == "bad_field"
        assert await ann.error("match_hands") == "missing_field"


@pytest.mark.trio
async def test_a_running_match_gives_its_stored_hands_only_to_players_and_spectators(tmp_path):
    """During the match: the finished, stored hands (their tiles were shown to the whole table
    at their end), never the hand in play; the same answer to a player and to a spectator."""
    async with running_hall(tmp_path, config=fast_config()) as server:
        eve = await user(server, "eve")
        table, bots = await seated_table(
            server, "lengzi", {"hands": 3, "timed": False}, watchers=[eve]
        )

        def after(hands: int):
            return lambda view: (
                view["game"]["phase"] == "between" and len(view["game"]["history"]) == hands
            )

        async def play_until(hands: int) -> list[dict]:
            views: list[dict] = [{}] * 4

            async def one(index: int) -> None:
                views[index] = await bots[index].play(until=after(hands))

            async with trio.open_nursery() as nursery:
                for index in range(4):
                    nursery.start_soon(one, index)
            return views

        views = await play_until(1)
        (first,) = views[0]["game"]["history"]
        for asker in (bots[2].client, eve):
            reply = await asker.ok("match_hands", game=first["game"])
            assert [h["game"] for h in reply["hands"]] == [first["game"]]
            assert reply["table"] == table
        views = await play_until(2)
        second = views[0]["game"]["history"][1]
        reply = await eve.ok("match_hands", game=first["game"])
        assert [h["game"] for h in reply["hands"]] == [first["game"], second["game"]]
        assert all(h["settlement"]["totals"] for h in reply["hands"])
