"""Mahjong coin rooms (platform.md §6–7): the room minimum at the seat, the stake from the
poorest player at every deal, and each hand's coins (fee first, PL-20 limits, the Lengzi pot)
written in the same transaction as the hand record."""

import pytest

from qipai.mahjong.table.errors import BadOptions
from qipai.mahjong.table_options import MahjongOptions
from qipai.platform.grants import operator_grant
from qipai.protocol import ProtocolError, parse_options
from server import economy
from server.rooms import hall_rooms, option_parsers

from .harness import running_hall, user
from .test_mahjong_support import fast_config, play_all, seated_table


def coins_of(db, ref: str) -> dict[str, int]:
    totals: dict[str, int] = {}
    for account, amount in db.execute("SELECT account, amount FROM ledger WHERE ref = ?", (ref,)):
        totals[account] = totals.get(account, 0) + amount
    return totals


@pytest.mark.trio
@pytest.mark.parametrize("room", ["sichuan", "lengzi"])
async def test_every_hand_of_a_coin_room_moves_coins_with_its_record(tmp_path, room):
    async with running_hall(tmp_path, config=fast_config()) as server:
        options = {"hands": 2, "timed": False, "tier": "free"}
        table, bots = await seated_table(server, room, options)
        views = await play_all(bots)
        await server.hall.flush()
        db = server.store.db
        economy.check_ledger(db)
        final = views[0]["game"]
        assert final["tier"] == "free" and final["stake"] == 100  # everyone held ~5,000
        assert server.hall.tables[table].summary()["stake"] == 100  # the lobby shows it too
        names = ["ann", "bob", "cat", "dan"]
        moved = {name: 0 for name in names}
        for hand in final["history"]:
            record = await bots[0].client.ok("game_record", game=hand["game"])
            coins = coins_of(db, f"hand:{hand['game']}")
            assert sum(coins.values()) == 0
            for name in names:
                moved[name] += coins.get(name, 0)
            won = bool(record["settlement"]["wins"])
            # PL-16: sichuan's fee is the economy's, 10 % of the stake from each of the four,
            # lengzi writes its own 10 into the settlement; nothing on a drawn hand.
            assert coins.get("house", 0) >= (40 if won else 0)
            if not won:
                assert coins.get("house", 0) == 0
        for name in names:
            assert economy.balance(db, name) == 5000 + moved[name]
        pot = f"pot:table:{table}"
        assert economy.balance(db, pot) == 0  # closed to the house at the end (LZ-10)


@pytest.mark.trio
async def test_a_seat_below_the_room_minimum_is_refused_with_what_to_do(tmp_path):
    async with running_hall(tmp_path, config=fast_config()) as server:
        ann = await user(server, "ann")
        created = await ann.ok("create_table", room="baicheng", options={"tier": "thousand"})
        reply = await ann.request("sit", table=created["table"], seat="0")
        assert reply["code"] == "below_room_minimum"
        assert "32000" in reply["message"] and "5000" in reply["message"]
        assert "choose a lower room" in reply["message"]
        assert economy.balance(server.store.db, "ann") == 5000


@pytest.mark.trio
async def test_a_player_fallen_below_the_minimum_before_the_deal_ends_the_match(tmp_path):
    async with running_hall(tmp_path, config=fast_config()) as server:
        clients = [await user(server, name) for name in ("ann", "bob", "cat", "dan")]
        created = await clients[0].ok(
            "create_table", room="zhongyou", options={"tier": "free", "timed": False}
        )
        table = created["table"]
        await clients[3].ok("sit", table=table, seat="3")
        db = server.store.db
        with economy.transaction(db):  # dan loses coins elsewhere while waiting
            economy.post(db, operator_grant("dan", -4700, "test", "op:1"), 0.0)
        for seat, client in enumerate(clients[:3]):
            await client.ok("sit", table=table, seat=str(seat))
        over = await clients[0].event("over", table)
        assert over["below_minimum"] == ["dan"]
        assert over["view"]["game"]["hand_number"] == 0
        assert over["view"]["game"]["phase"] == "over"
        assert economy.balance(db, "dan") == 300


def test_coin_tier_options():
    options = MahjongOptions.from_wire("sichuan", {"tier": "hundred"})
    assert options.tier == "hundred" and not options.friendly
    assert MahjongOptions.from_wire("sichuan", {}).friendly
    assert MahjongOptions.from_wire("lengzi", {"tier": "anti_cheat"}).random_seats
    for bad in ({"tier": "gold"}, {"tier": "free", "bots": 3}, {"tier": "free", "hotseat": True}):
        with pytest.raises(ProtocolError) as caught:  # as the hall answers create_table
            parse_options("sichuan", bad, option_parsers(hall_rooms()))
        assert caught.value.code == "bad_option"
    with pytest.raises(BadOptions):
        MahjongOptions.from_wire("sichuan", {"tier": "free", "rules": {"base": 5}})
