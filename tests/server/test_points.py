"""Mahjong 积分 in the hall (PL-19, PL-24): per account and room, moved by every hand of a coin
(ranked) room at stake 1 in the hand's own transaction, by escapes through ``move_points``, and
shown with the title the core derives from them."""

import json
import sqlite3

import pytest

from qipai.mahjong.rulesets import replay_record
from qipai.mahjong.scoring import HOUSE as HOUSE_PARTY
from qipai.mahjong.scoring import Payment, Settlement
from qipai.platform.errors import BadInput
from qipai.platform.titles import escape_points
from server import economy
from server.economy import HandCoins, LedgerMismatch
from server.store import MahjongHand, Store

from .harness import running_hall
from .test_mahjong_support import fast_config, play_all, seated_table

NAMES = ["ann", "bob", "cat", "dan"]


def logged(db, ref: str) -> dict[str, int]:
    rows = db.execute("SELECT name, amount FROM points_log WHERE ref = ?", (ref,))
    return dict(rows.fetchall())


def seat_to_seat(payments: list[dict]) -> list[int]:
    """What each seat won or lost to the other seats (the fee and the pot left out)."""
    totals = [0, 0, 0, 0]
    for p in payments:
        if p["payer"] in range(4) and p["payee"] in range(4):
            totals[p["payer"]] -= p["amount"]
            totals[p["payee"]] += p["amount"]
    return totals


@pytest.mark.trio
@pytest.mark.parametrize("room", ["lengzi", "baicheng", "xuezhan"])
async def test_each_coin_room_hand_moves_points_as_the_same_hand_replayed_at_stake_1(
    tmp_path, room
):
    async with running_hall(tmp_path, config=fast_config()) as server:
        options = {"hands": 3, "timed": False, "tier": "free"}
        _, bots = await seated_table(server, room, options)
        views = await play_all(bots)
        await server.hall.flush()
        db = server.store.db
        expected = dict.fromkeys(NAMES, 0)
        moved_someone = False
        for hand in views[0]["game"]["history"]:
            stored = await bots[0].client.ok("game_record", game=hand["game"])
            record = stored["record"]
            stake = record["options"]["base"]
            assert stake in (10, 100)  # from the poorest player at the deal (PL-14)
            at_one = {**record, "options": {**record["options"], "base": 1}}
            replay = replay_record(at_one, record["table_state"])
            points = seat_to_seat([p.to_wire() for p in replay.settlement.payments])
            assert [p * stake for p in points] == seat_to_seat(stored["settlement"]["payments"])
            assert logged(db, f"hand:{hand['game']}") == dict(zip(NAMES, points, strict=True))
            moved_someone |= any(points)
            for name, change in zip(NAMES, points, strict=True):
                expected[name] += change
        assert moved_someone
        for name in NAMES:
            assert economy.points_of(db, name, room) == expected[name]
            assert economy.points_of(db, name, "sichuan") == 0  # xuezhan keeps its own 积分
        profile = await bots[0].client.ok("profile")
        mine = {row["room"]: row for row in profile["mahjong"]}
        assert mine[room]["points"] == expected["ann"] and mine[room]["hands"] == 3
        economy.check_points(db)


@pytest.mark.trio
async def test_a_friendly_table_moves_no_points(tmp_path):
    async with running_hall(tmp_path, config=fast_config()) as server:
        _, bots = await seated_table(server, "zhongyou", {"hands": 2, "timed": False})
        await play_all(bots)
        await server.hall.flush()
        assert server.store.db.execute("SELECT COUNT(*) FROM points_log").fetchone()[0] == 0
        profile = await bots[0].client.ok("profile")
        assert all(row["points"] == 0 and row["hands"] == 0 for row in profile["mahjong"])


def hand_row(hand_id: int, room: str, stake: int) -> MahjongHand:
    record = {"ruleset": room, "options": {"base": stake}, "seed": 1, "dealer": 0, "actions": []}
    return MahjongHand(hand_id, room, 1, 1, json.dumps(NAMES), json.dumps(record), "{}", 5.0)


def self_draw(each: int, fee: int = 0) -> Settlement:
    """Seat 0 wins ``each`` from every other seat; a fee line per seat if ``fee``."""
    fees = tuple(Payment(seat, HOUSE_PARTY, fee, "台费") for seat in range(4)) if fee else ()
    wins = tuple(Payment(payer, 0, each, "自摸") for payer in (1, 2, 3))
    return Settlement((), fees + wins, False)


@pytest.fixture
def store(tmp_path):
    store = Store(str(tmp_path / "hall.db"))
    for name in NAMES:
        store.add_account(name, b"s", b"h", 0.0)
    yield store
    store.close()


def coins(settlement: Settlement) -> HandCoins:
    return HandCoins(settlement, tuple(NAMES), fee=0, pot=None, close_pot=False)


def test_the_books_example_980_plus_a_2_to_the_4_win_from_three_reaches_xianling(store):
    """PL-19: a Baicheng win of 2^4 from each of three players is +48 积分; 980 → 1,028 县令."""
    db = store.db
    with economy.transaction(db):
        economy.move_points(db, "baicheng", {"ann": 980}, "start", 0.0, reason="hand")
    assert economy.title_wire(980)["title"] == "进士"
    store.add_mahjong_hand(hand_row(7, "baicheng", 100), coins(self_draw(1600, fee=10)))
    assert logged(db, "hand:7") == {"ann": 48, "bob": -16, "cat": -16, "dan": -16}
    assert economy.points_of(db, "ann", "baicheng") == 1028
    assert economy.balance(db, "ann") == 5000 - 10 + 4800  # the fee is coins only (PL-24)
    ann = {row["room"]: row for row in economy.profile(db, "ann", own=True)["mahjong"]}
    assert ann["baicheng"] == {
        "room": "baicheng",
        "points": 1028,
        "hands": 2,
        "level": 6,
        "title": "县令",
        "title_en": "County Magistrate",
    }
    bob = {row["room"]: row for row in economy.profile(db, "bob", own=True)["mahjong"]}
    assert (bob["baicheng"]["points"], bob["baicheng"]["title"]) == (-16, "托钵人")
    assert bob["lengzi"] == {
        "room": "lengzi",
        "points": 0,
        "hands": 0,
        "level": 2,
        "title": "平民",
        "title_en": "Commoner",
    }
    economy.check_points(db)


def test_points_are_not_limited_by_coins(store):
    """PL-20 limits coins, never 积分: a payer short of coins still loses the full score."""
    store.add_mahjong_hand(hand_row(3, "zhongyou", 10), coins(self_draw(8000)))
    assert economy.balance(store.db, "bob") == 0
    assert economy.points_of(store.db, "bob", "zhongyou") == -800
    assert economy.points_of(store.db, "ann", "zhongyou") == 2400


def test_a_hand_that_cannot_be_stored_moves_neither_coins_nor_points(store):
    store.add_mahjong_hand(hand_row(3, "lengzi", 10), coins(self_draw(10)))
    before = economy.profile(store.db, "ann", own=True)
    with pytest.raises(sqlite3.IntegrityError):  # the same hand id twice
        store.add_mahjong_hand(hand_row(3, "lengzi", 10), coins(self_draw(10)))
    with pytest.raises(BadInput):  # payments that are not a multiple of the stake
        store.add_mahjong_hand(hand_row(4, "lengzi", 10), coins(self_draw(15)))
    assert economy.profile(store.db, "ann", own=True) == before
    assert store.mahjong_hand(4) is None


def test_an_escape_costs_16_points_through_move_points(store):
    db = store.db
    with economy.transaction(db):
        changes = dict(zip(NAMES, escape_points(2), strict=True))
        economy.move_points(db, "xuezhan", changes, "hand:9", 1.0)
    assert logged(db, "hand:9") == {"cat": -16}  # nobody gains them
    assert economy.points_of(db, "cat", "xuezhan") == -16
    cat = {row["room"]: row for row in economy.mahjong_standing(db, "cat")}
    assert cat["xuezhan"]["hands"] == 0 and cat["xuezhan"]["title"] == "托钵人"


@pytest.mark.parametrize(
    "room, movements, ref, reason",
    [
        ("go", {"ann": -16}, "x", "escape"),
        ("sichuan", {"house": -16}, "x", "escape"),
        ("sichuan", {"": -16}, "x", "escape"),
        ("sichuan", {"ann": 1.5}, "x", "escape"),
        ("sichuan", {"ann": True}, "x", "escape"),
        ("sichuan", {"ann": -16}, "", "escape"),
        ("sichuan", {"ann": -16}, "x", "bonus"),
    ],
)
def test_bad_points_moves_are_refused_and_change_nothing(store, room, movements, ref, reason):
    db = store.db
    with pytest.raises(BadInput), economy.transaction(db):
        economy.move_points(db, "sichuan", {"bob": 5}, "first", 0.0, reason="hand")
        economy.move_points(db, room, movements, ref, 0.0, reason=reason)
    assert db.execute("SELECT COUNT(*) FROM points_log").fetchone()[0] == 0
    assert db.execute("SELECT COUNT(*) FROM points").fetchone()[0] == 0


def test_the_points_log_is_append_only_and_checked_on_open(tmp_path):
    path = str(tmp_path / "hall.db")
    store = Store(path)
    with economy.transaction(store.db):
        economy.move_points(store.db, "lengzi", {"ann": -16}, "hand:1", 0.0)
    for sql in ("UPDATE points_log SET amount = 16", "DELETE FROM points_log"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            store.db.execute(sql)
    store.db.execute("UPDATE points SET points = 500 WHERE name = 'ann'")
    store.close()
    with pytest.raises(LedgerMismatch, match="积分 of ann in lengzi: stored \\(500, 0\\)"):
        Store(path)
