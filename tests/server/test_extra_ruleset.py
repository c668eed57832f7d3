"""A ruleset owns its identity: one registered inside the test suite, with a name, a room and
names of its own, is offered by the hall and played over TCP to the end of its match by four
protocol clients while a spectator watches, with nothing in server/ or client/ knowing it."""

import dataclasses

import pytest

from qipai.mahjong.rulesets import RULESETS, Room, find_room, register, unregister
from qipai.mahjong.rulesets.options import option
from qipai.mahjong.rulesets.sichuan import Sichuan, SichuanOptions

from .harness import running_hall, user
from .test_mahjong_support import (
    SeatBot,
    check_stream,
    fast_config,
    play_all,
    seated_table,
    stored_hands,
)

HANDS = 2


@dataclasses.dataclass(frozen=True)
class QuickOptions(SichuanOptions):
    cap: int = option(3, (3, 4), "封顶 in fan: a short cap for a quick game")


class Quick(Sichuan):
    """Sichuan without 定缺 and with a low cap: a quick game for the test suite only."""

    name = "quick_test"
    title_zh = "快速麻将"
    Options = QuickOptions
    rooms = (Room("quick", "快速麻将", "Quick", "快速", {"void_declaration": False}),)


@pytest.fixture
def quick_ruleset():
    register(Quick)
    try:
        yield Quick
    finally:
        unregister(Quick.name)
    assert Quick.name not in RULESETS and find_room("quick") is None


@pytest.mark.trio
async def test_a_ruleset_registered_in_the_suite_is_played_over_tcp_with_a_spectator(
    tmp_path, quick_ruleset
):
    async with running_hall(tmp_path, config=fast_config()) as server:
        eve = await user(server, "eve")
        rooms = {room["room"]: room for room in (await eve.ok("lobby"))["rooms"]}
        quick = rooms["quick"]
        assert (quick["name_zh"], quick["name_en"], quick["short"]) == ("快速麻将", "Quick", "快速")
        assert quick["kind"] == "mahjong" and quick["ruleset"] == "quick_test"
        assert quick["imposed"] == {"void_declaration": False} and quick["fee"] == "economy"
        cap = next(option for option in quick["rules"] if option["name"] == "cap")
        assert cap["default"] == 3 and cap["choices"] == [3, 4]
        boards = (await eve.ok("leaderboard", board="quick"))["boards"]
        assert "quick" in boards

        refused = await eve.request(
            "create_table", room="quick", options={"rules": {"void_declaration": True}}
        )
        assert refused["type"] == "error" and refused["code"] == "bad_option"

        options = {"hands": HANDS, "timed": False}
        table, bots = await seated_table(server, "quick", options, watchers=[eve])
        spectator = SeatBot(eve, table, "eve")
        views = await play_all(bots, (spectator,))
        final = views[0]["game"]
        assert final["phase"] == "over" and len(final["history"]) == HANDS
        assert spectator.view["game"]["standing"] == final["standing"]
        assert final["scores"] == [sum(h["totals"][s] for h in final["history"]) for s in range(4)]
        assert all(not bot.errors for bot in bots), [bot.errors for bot in bots]
        assert views[0]["options"]["ruleset"] == "quick_test"
        assert views[0]["options"]["rules"]["cap"] == 3
        assert views[0]["options"]["rules"]["void_declaration"] is False

        records = await stored_hands(bots[0].client, views[0])
        assert all(r["room"] == "quick" and r["record"]["ruleset"] == "quick_test" for r in records)
        checked = sum(
            check_stream(bot.received, records, frozenset(int(s) for s in bot.view["you"]["seats"]))
            for bot in bots
        )
        checked += check_stream(spectator.received, records, frozenset())
        assert checked > 2 * 40
