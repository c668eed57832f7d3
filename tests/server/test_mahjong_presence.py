"""A player who drops mid-hand is played by the bot and carries on after logging in again;
MJ-06 timers act for a silent player and hand the seat to the bot after two timeouts."""

import pytest
import trio

from .harness import Client, running_hall
from .test_mahjong_support import SeatBot, fast_config, play_all, seated_table


@pytest.mark.trio
async def test_a_dropped_player_is_played_by_the_bot_and_returns_to_the_seat(tmp_path):
    async with running_hall(tmp_path, config=fast_config(bot_pause=0.05)) as server:
        table, bots = await seated_table(server, "sichuan", {"hands": 2, "timed": False})
        ann, bob, cat, dan = bots
        returned: dict = {}

        async def dan_drops_and_returns() -> None:
            await dan.play(stop_after_actions=4)
            await dan.client.aclose()
            await trio.sleep(0.5)
            client = await Client.connect(server)
            reply = await client.ok("login", name="dan", password="password-1")
            assert reply["seats"] == [{"table": table, "seat": "3"}]
            again = SeatBot(client, table, "dan")
            snapshot = await client.push(lambda m: m["type"] == "snapshot")
            again._take(snapshot)
            returned["snapshot"] = snapshot["view"]
            returned["final"] = await again.play()
            returned["bot"] = again

        async with trio.open_nursery() as nursery:
            nursery.start_soon(play_all, [ann, bob, cat])
            nursery.start_soon(dan_drops_and_returns)
        kinds = [(m.get("kind"), m.get("seat"), m.get("by")) for m in ann.received]
        offline = kinds.index(("offline", "3", None))
        online = kinds.index(("online", "3", None))
        assert offline < online
        served = [k for k in kinds[offline:online] if k[0] == "play" and k[2] == "3"]
        assert served, "the bot played the absent seat"
        assert "3" in ann.received[offline]["view"]["game"]["auto"]
        snapshot = returned["snapshot"]
        assert snapshot["you"]["seats"] == ["3"] and snapshot["hand"] is not None
        mine = snapshot["hand"]["seats"][3]
        assert mine["hand"] is not None or snapshot["hand"]["phase"] == "ended"
        assert returned["final"]["game"]["phase"] == "over"
        assert any(k[0] == "play" and k[2] == "3" for k in kinds[online:])
        assert "3" not in ann.received[online]["view"]["game"]["auto"]
        assert not returned["bot"].errors or set(returned["bot"].errors) <= {"not_your_turn"}


@pytest.mark.trio
async def test_timeouts_act_for_a_silent_player_then_the_bot_takes_over(tmp_path):
    # The timers are long enough that the three answering players never time out on a loaded
    # machine (CI runs the suite on every core); only the silent seat runs its clock out.
    config = fast_config(turn=1.5, claim=1.0)
    async with running_hall(tmp_path, config=config) as server:
        table, bots = await seated_table(server, "lengzi", {"hands": 1})
        ann, bob, cat, dan = bots
        async with trio.open_nursery() as nursery:
            nursery.start_soon(play_all, [ann, bob, cat], (dan,))
        seen = [m for m in dan.received if m.get("type") == "event"]
        timeouts = [m for m in seen if m["kind"] == "timeout"]
        assert timeouts and all(m["by"] == "3" for m in timeouts)
        auto = next(i for i, m in enumerate(seen) if m["kind"] == "auto")
        assert seen[auto]["seat"] == "3" and seen[auto]["on"] is True
        assert seen[auto]["view"]["seats"]["3"]["auto"] is True
        assert "manual" in seen[auto]["view"]["you"]["legal"]
        # After the second timeout the bot answers for the seat, without waiting for the clock.
        assert len([m for m in seen[:auto] if m["kind"] == "timeout"]) == 2
        assert not [m for m in seen[auto:] if m["kind"] == "timeout"]
        assert any(m["kind"] == "play" and m["by"] == "3" for m in seen[auto:])
        timed_view = next(m["view"] for m in seen if m["view"]["game"]["deadline"])
        assert 0 < timed_view["game"]["deadline"] <= 1.5
