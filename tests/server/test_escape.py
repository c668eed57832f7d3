"""Leaving a running mahjong match over TCP (platform.md PL-17/18/22/25, LZ-10, SC-16): who
pays what to whom, what every seat and a spectator are told, and the ledger afterwards."""

import pytest
import trio

from qipai.mahjong.rulesets import replay_record
from qipai.platform.ledger import Reason, transfer
from server import economy

from .harness import running_hall, user
from .test_mahjong_support import SeatBot, assert_hidden, fast_config, play_all, seated_table

NAMES = ["ann", "bob", "cat", "dan"]
COIN = {"hands": 4, "timed": False, "tier": "free"}


def moved(db, ref: str, reason: Reason | None = None) -> dict[str, int]:
    """Coins moved per account under ``ref`` (and ``reason``)."""
    totals: dict[str, int] = {}
    for account, amount, why in db.execute(
        "SELECT account, amount, reason FROM ledger WHERE ref = ?", (ref,)
    ):
        if reason is None or why == reason.value:
            totals[account] = totals.get(account, 0) + amount
    return totals


def kinds(bot: SeatBot) -> list[str]:
    return [m["kind"] for m in bot.received if m.get("type") == "event"]


def pushed(bot: SeatBot, kind: str) -> dict:
    return next(m for m in bot.received if m.get("type") == "event" and m["kind"] == kind)


async def escape_after(bot: SeatBot, table: int, actions: int) -> None:
    await bot.play(stop_after_actions=actions)
    await bot.client.ok("leave", table=table)


def check_told(receivers: list[SeatBot], seat: str, name: str, cause: str) -> dict:
    """Every remaining seat and the spectator got the same ``escaped`` event, which shows no
    hidden tile; returns its settlement."""
    told = [pushed(bot, "escaped") for bot in receivers]
    for event in told:
        assert (event["seat"], event["name"], event["cause"]) == (seat, name, cause)
        assert event["settlement"] == told[0]["settlement"]
        assert event["view"]["hand"]["legal_actions"] == []
        assert event["view"]["hand"]["phase"] != "ended"  # the position as it was
    for bot in receivers:
        for message in bot.received:
            if "view" in message:
                seats = frozenset(int(s) for s in message["view"]["you"]["seats"])
                assert_hidden(message["view"], seats)
    return told[0]["settlement"]


@pytest.mark.trio
async def test_leaving_during_a_hand_is_an_escape_paid_to_the_other_three(tmp_path):
    """PL-18 with stake 100: dan pays 1,600 (533 to each other seat, 1 to the house) and the
    fee alone (10 % of the stake, PL-25), loses 16 积分; the coin match ends."""
    async with running_hall(tmp_path, config=fast_config()) as server:
        eve = await user(server, "eve")
        table, bots = await seated_table(server, "sichuan", COIN, watchers=[eve])
        ann, bob, cat, dan = bots
        spectator = SeatBot(eve, table, "eve")
        async with trio.open_nursery() as nursery:
            nursery.start_soon(play_all, [ann, bob, cat], (spectator,))
            nursery.start_soon(escape_after, dan, table, 3)
        await server.hall.flush()
        db = server.store.db
        economy.check_ledger(db)
        settlement = check_told([ann, bob, cat, spectator], "3", "dan", "left")
        penalty = [p for p in settlement["payments"] if p["reason"] == "逃跑"]
        assert sorted((p["payer"], p["payee"], p["amount"]) for p in penalty) == [
            (3, -2, 1),
            (3, 0, 533),
            (3, 1, 533),
            (3, 2, 533),
        ]
        over = pushed(ann, "over")
        assert over["escaped"] == "dan" and over["view"]["game"]["phase"] == "over"
        assert kinds(ann).index("escaped") < kinds(ann).index("over")
        game = over["view"]["game"]
        assert game["hand_number"] == 1 and game["history"][0]["escaped"] == "3"
        record_id = game["history"][0]["game"]
        ref = f"hand:{record_id}"
        coins = moved(db, ref)
        totals = settlement["totals"]
        assert moved(db, ref, Reason.TABLE_FEE) == {"dan": -10, "house": 10}
        assert moved(db, ref, Reason.ESCAPE_PENALTY) == {
            "dan": -1600,
            "ann": 533,
            "bob": 533,
            "cat": 533,
            "house": 1,
        }
        for seat, name in enumerate(NAMES):
            expected = totals[seat] - (10 if name == "dan" else 0)
            assert coins[name] == expected
            assert economy.balance(db, name) == 5000 + expected
        assert game["scores"] == totals
        assert economy.points_of(db, "dan", "sichuan") == (totals[3] + 1600) // 100 - 16
        listed = (await ann.client.ok("games"))["games"]
        assert [(g["game"], g.get("escaped")) for g in listed] == [(record_id, 3)]
        stored = await ann.client.ok("game_record", game=record_id)
        assert stored["record"]["escaped"] == {"seat": 3, "cause": "left"}
        assert stored["settlement"] == settlement
        replayed = replay_record(stored["record"], stored["record"]["table_state"])
        assert not replayed.over and len(replayed.actions) == len(stored["record"]["actions"])


@pytest.mark.trio
async def test_a_friendly_escape_ends_the_hand_and_the_bot_plays_on(tmp_path):
    """PL-03: no coins move; the hand still ends at once, the settlement counts in the scores,
    the escaper's seat goes to the bot and the next hand has the same dealer."""
    async with running_hall(tmp_path, config=fast_config()) as server:
        table, bots = await seated_table(server, "sichuan", {"hands": 2, "timed": False})
        ann, bob, cat, dan = bots
        async with trio.open_nursery() as nursery:
            nursery.start_soon(play_all, [ann, bob, cat])
            nursery.start_soon(escape_after, dan, table, 3)
        await server.hall.flush()
        db = server.store.db
        settlement = check_told([ann, bob, cat], "3", "dan", "left")
        # 16 × the Sichuan room's default stake of 1: 5 to each other seat, 1 to the house.
        penalty = [p["amount"] for p in settlement["payments"] if p["reason"] == "逃跑"]
        assert sorted(penalty) == [1, 5, 5, 5]
        stood = pushed(ann, "stood")
        assert stood["seat"] == "3" and stood["view"]["seats"]["3"]["bot"] is True
        final = ann.view["game"]
        assert final["phase"] == "over" and final["hand_number"] == 2
        first, second = final["history"]
        assert first["escaped"] == "3" and "escaped" not in second
        assert first["totals"] == settlement["totals"] and second["dealer"] == first["dealer"]
        assert final["scores"] == [
            a + b for a, b in zip(first["totals"], second["totals"], strict=True)
        ]
        assert db.execute("SELECT COUNT(*) FROM ledger WHERE ref LIKE 'hand:%'").fetchone()[0] == 0
        assert all(economy.balance(db, name) == 5000 for name in NAMES)


@pytest.mark.trio
async def test_staying_offline_past_the_grace_is_an_escape(tmp_path):
    """PL-17: during the grace the server plays the absent seat (no claims), then the hand
    ends as an escape; Baicheng's kong money due stands (PL-18 (2))."""
    config = fast_config(escape_grace=0.3, claim_delay=0.02)
    async with running_hall(tmp_path, config=config) as server:
        table, bots = await seated_table(server, "baicheng", {**COIN, "hands": 8})
        ann, bob, cat, dan = bots

        async def dan_drops() -> None:
            await dan.play(stop_after_actions=2)
            await dan.client.aclose()

        async with trio.open_nursery() as nursery:
            nursery.start_soon(play_all, [ann, bob, cat])
            nursery.start_soon(dan_drops)
        await server.hall.flush()
        db = server.store.db
        economy.check_ledger(db)
        settlement = check_told([ann, bob, cat], "3", "dan", "disconnected")
        timed = [
            (m, t) for m, t in zip(ann.received, ann.times, strict=True) if m["type"] == "event"
        ]
        events = [m for m, _ in timed]
        offline = next(i for i, m in enumerate(events) if m["kind"] == "offline")
        escaped = next(i for i, m in enumerate(events) if m["kind"] == "escaped")
        # The grace runs from the server's disconnection, a little before ann hears of it.
        assert timed[escaped][1] - timed[offline][1] >= 0.25
        for message in events[offline:escaped]:
            for event in message.get("events", []):
                if event.get("seat") == 3:
                    assert event["type"] not in ("claimed", "concealed_kong", "added_kong")
        game = pushed(ann, "over")["view"]["game"]
        ref = f"hand:{game['history'][-1]['game']}"
        fee = moved(db, ref, Reason.TABLE_FEE)
        assert set(fee) == {"dan", "house"} and fee["dan"] < 0
        coins = moved(db, ref)
        for seat, name in enumerate(NAMES):
            assert coins[name] == settlement["totals"][seat] + fee.get(name, 0)


@pytest.mark.trio
async def test_the_first_lengzi_leaver_splits_the_pot_and_the_rest_closes(tmp_path):
    """LZ-10: pot 700 when dan escapes → 233 to each of the other three, 1 left, which goes
    to the house as the coin match ends; dan pays Lengzi's own fee of 10 and 16 × 100."""
    async with running_hall(tmp_path, config=fast_config()) as server:
        table, bots = await seated_table(server, "lengzi", COIN)
        ann, bob, cat, dan = bots
        db = server.store.db
        pot = f"pot:table:{table}"
        with economy.transaction(db):  # an earlier session's 点炮 left 700 in the pot
            economy.post(db, transfer("ann", pot, 700, Reason.POT, "test"), 0.0)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(play_all, [ann, bob, cat])
            nursery.start_soon(escape_after, dan, table, 4)  # ready (下炮 pause), then 3 plays
        await server.hall.flush()
        economy.check_ledger(db)
        check_told([ann, bob, cat], "3", "dan", "left")
        game = pushed(ann, "over")["view"]["game"]
        ref = f"hand:{game['history'][0]['game']}"
        assert moved(db, ref, Reason.POT_SPLIT) == {"ann": 233, "bob": 233, "cat": 233, pot: -699}
        assert moved(db, ref, Reason.POT_CLOSED) == {pot: -1, "house": 1}
        assert moved(db, ref, Reason.TABLE_FEE) == {"dan": -10, "house": 10}
        assert economy.balance(db, pot) == 0
        assert economy.balance(db, "dan") == 5000 - 10 - 1600
        assert economy.balance(db, "bob") == 5000 + 533 + 233


@pytest.mark.trio
async def test_leaving_between_hands_is_free_but_ends_a_coin_match(tmp_path):
    """PL-17: no penalty before the deal; the first Lengzi leaver still splits the pot."""
    async with running_hall(tmp_path, config=fast_config()) as server:
        table, bots = await seated_table(server, "lengzi", COIN)
        ann, bob, cat, dan = bots
        db = server.store.db
        pot = f"pot:table:{table}"
        with economy.transaction(db):
            economy.post(db, transfer("ann", pot, 300, Reason.POT, "test"), 0.0)
        await dan.client.ok("leave", table=table)
        await server.hall.flush()
        economy.check_ledger(db)
        over = await ann.client.event("over", table)
        assert over["left"] == ["dan"] and over["view"]["game"]["hand_number"] == 0
        assert moved(db, f"leave:{table}:0") == {"ann": 100, "bob": 100, "cat": 100, pot: -300}
        assert [economy.balance(db, n) for n in NAMES] == [4800, 5100, 5100, 5000]
        assert db.execute(
            "SELECT COUNT(*) FROM ledger WHERE reason = 'escape_penalty'"
        ).fetchone() == (0,)


def won_in_play(view: dict) -> bool:
    hand = view["hand"]
    if hand is None or view["game"]["phase"] != "playing" or hand["phase"] == "ended":
        return False
    mine = hand["seats"][int(view["you"]["seat"])]
    return mine["won"] is not None and not mine["left"]


@pytest.mark.trio
async def test_a_xuezhan_winner_who_leaves_forfeits_his_win_and_pays_the_fee_at_once(tmp_path):
    """SC-16 / PL-22: not an escape; his recorded win money goes back to the payers, he pays
    the fee as he leaves and not again at the end; the hand goes on without him."""
    async with running_hall(tmp_path, config=fast_config()) as server:
        table, bots = await seated_table(server, "xuezhan", COIN)
        left: dict = {}

        async def player(bot: SeatBot) -> None:
            view = await bot.play(until=won_in_play)
            while view["game"]["phase"] != "over":
                if not left and won_in_play(view):
                    left.update(seat=int(view["you"]["seat"]), name=bot.name)
                    left["hand"] = view["game"]["hand_number"]
                    await bot.client.ok("leave", table=table)
                    return
                view = await bot.play(until=None if left else won_in_play)

        async with trio.open_nursery() as nursery:
            for bot in bots:
                nursery.start_soon(player, bot)
        await server.hall.flush()
        db = server.store.db
        economy.check_ledger(db)
        seat, name = left["seat"], left["name"]
        others = [bot for bot in bots if bot.name != name]
        for bot in others:
            told = [
                e
                for m in bot.received
                if m.get("kind") == "play" and m["by"] == str(seat)
                for e in m["events"]
            ]
            assert {"type": "left", "seat": seat} in told
            assert "escaped" not in kinds(bot)
        game = others[0].view["game"]
        assert game["phase"] == "over" and game["hand_number"] == left["hand"]
        assert moved(db, f"leave:{table}:{left['hand']}") == {name: -10, "house": 10}
        record = await others[0].client.ok("game_record", game=game["history"][-1]["game"])
        settlement = record["settlement"]
        assert settlement["forfeited"] and all(p["payee"] == seat for p in settlement["forfeited"])
        ref = f"hand:{record['game']}"
        fees = moved(db, ref, Reason.TABLE_FEE)
        assert name not in fees and fees["house"] == 30
        assert moved(db, ref).get(name, 0) == settlement["totals"][seat]
        assert db.execute(
            "SELECT COUNT(*) FROM ledger WHERE reason = 'escape_penalty'"
        ).fetchone() == (0,)


@pytest.mark.trio
async def test_a_friendly_lengzi_first_leaver_splits_the_pot_on_the_scores(tmp_path):
    """LZ-10 at a friendly table: no coins, the shares show in the running scores; a second
    leaver splits nothing; each seat goes to the bot and the match plays on."""
    async with running_hall(tmp_path, config=fast_config()) as server:
        table, bots = await seated_table(server, "lengzi", {"hands": 1, "timed": False})
        ann, bob, cat, dan = bots
        match = server.hall.tables[table].match
        match.table_state["pot"] = 700  # 点炮 of earlier hands
        await dan.client.ok("leave", table=table)
        stood = await ann.client.event("stood", table)
        assert stood["seat"] == "3" and stood["view"]["game"]["scores"] == [233, 233, 233, 0]
        assert stood["view"]["game"]["pot"] == 1
        await cat.client.ok("leave", table=table)
        stood = await ann.client.event("stood", table)
        assert stood["seat"] == "2" and stood["view"]["game"]["scores"] == [233, 233, 233, 0]
        views = await play_all([ann, bob])
        assert views[0]["game"]["phase"] == "over" and views[0]["game"]["hand_number"] == 1
        await server.hall.flush()
        ledger = server.store.db.execute("SELECT COUNT(*) FROM ledger WHERE ref LIKE 'leave:%'")
        assert ledger.fetchone() == (0,)
