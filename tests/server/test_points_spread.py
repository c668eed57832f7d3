"""PL-04 over TCP: a ranked (coin room) mahjong table seats players whose titles in that room lie
within two levels; a newcomer outside the spread is refused with `rank_too_far_apart` and a
message naming the titles, and nothing changes at the table."""

import pytest

from server import economy

from .harness import running_hall, user
from .test_mahjong_support import fast_config


def give_points(server, room: str, points: dict[str, int]) -> None:
    db = server.store.db
    with economy.transaction(db):
        economy.move_points(db, room, points, "test", 0.0, reason="hand")


async def coin_table(server, creator, room: str = "lengzi") -> int:
    created = await creator.ok("create_table", room=room, options={"tier": "free"})
    return created["table"]


@pytest.mark.trio
async def test_titles_more_than_two_levels_apart_cannot_share_a_ranked_table(tmp_path):
    async with running_hall(tmp_path, config=fast_config()) as server:
        ann, bob, cat, dan = [await user(server, n) for n in ("ann", "bob", "cat", "dan")]
        # ann 平民 (2), bob 举人 (4, 200 积分), cat 进士 (5, 500), dan 托钵人 (1, −16)
        give_points(server, "lengzi", {"bob": 200, "cat": 500, "dan": -16})
        table = await coin_table(server, ann)
        await ann.ok("sit", table=table, seat="0")
        await bob.ok("sit", table=table, seat="1")  # 2 and 4: two levels apart is allowed
        reply = await cat.request("sit", table=table, seat="2")
        assert reply["type"] == "error" and reply["code"] == "rank_too_far_apart"
        message = reply["message"]
        assert "at most 2 levels apart" in message
        assert "you 进士 (level 5, 500 积分)" in message
        assert "ann 平民 (level 2, 0 积分)" in message and "bob 举人 (level 4, 200 积分)" in message
        assert "friendly table" in message
        view = (await ann.ok("snapshot", table=table))["view"]
        assert view["seats"]["2"] is None
        reply = await dan.request("sit", table=table, seat="2")  # 1 against 4
        assert reply["code"] == "rank_too_far_apart" and "you 托钵人" in reply["message"]


@pytest.mark.trio
async def test_the_spread_is_per_room_and_friendly_tables_have_none(tmp_path):
    config = fast_config()
    config.waiting_tables_per_player = 5
    async with running_hall(tmp_path, config=config) as server:
        ann, bob = [await user(server, n) for n in ("ann", "bob")]
        give_points(server, "baicheng", {"bob": 3000})  # 知府 (8) in Baicheng only
        give_points(server, "xuezhan", {"bob": 3000})
        table = await coin_table(server, ann, "lengzi")
        await ann.ok("sit", table=table, seat="0")
        await bob.ok("sit", table=table, seat="1")
        sichuan = await coin_table(server, ann, "sichuan")  # 血战 积分 are not 四川's
        await ann.ok("sit", table=sichuan, seat="0")
        await bob.ok("sit", table=sichuan, seat="1")
        friendly = await ann.ok("create_table", room="baicheng", options={})
        await ann.ok("sit", table=friendly["table"], seat="0")
        await bob.ok("sit", table=friendly["table"], seat="1")
        ranked = await coin_table(server, ann, "baicheng")
        await ann.ok("sit", table=ranked, seat="0")
        assert (await bob.request("sit", table=ranked, seat="1"))["code"] == "rank_too_far_apart"
        xuezhan = await coin_table(server, ann, "xuezhan")
        await bob.ok("sit", table=xuezhan, seat="0")  # the first player sits anywhere
        assert (await ann.request("sit", table=xuezhan, seat="1"))["code"] == "rank_too_far_apart"
