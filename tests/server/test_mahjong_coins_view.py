"""Coins in sight at a mahjong table over TCP: a coin room's seats carry each player's balance
(public at the table, so a spectator sees them too), refreshed once each hand's coins are in
the ledger together with what the hand moved; a friendly room's seats carry none."""

import pytest
import trio

from server import economy

from .harness import running_hall, user
from .test_mahjong_support import SeatBot, fast_config, play_all, seated_table

NAMES = ["ann", "bob", "cat", "dan"]


def coins_of(db, ref: str) -> dict[str, int]:
    totals: dict[str, int] = {}
    for account, amount in db.execute("SELECT account, amount FROM ledger WHERE ref = ?", (ref,)):
        totals[account] = totals.get(account, 0) + amount
    return totals


def seat_coins(view: dict) -> list[int | None]:
    return [(view["seats"][str(s)] or {}).get("coins") for s in range(4)]


async def receive_until(bot: SeatBot, done) -> None:
    """Read pushes until ``done(messages)`` holds (a write lands after the match's end)."""
    with trio.fail_after(10):
        while True:
            bot.drain()
            if done(bot.received):
                return
            await bot.client._receive()


def coin_events(messages: list[dict]) -> list[dict]:
    return [m for m in messages if m.get("type") == "event" and m["kind"] == "coins"]


@pytest.mark.trio
@pytest.mark.parametrize("room", ["sichuan", "lengzi"])
async def test_each_hand_shows_every_seats_balance_and_what_it_moved(tmp_path, room):
    async with running_hall(tmp_path, config=fast_config()) as server:
        eve = await user(server, "eve")
        options = {"hands": 2, "timed": False, "tier": "free"}
        table, bots = await seated_table(server, room, options, watchers=[eve])
        spectator = SeatBot(eve, table, "eve")
        views = await play_all(bots, (spectator,))
        await server.hall.flush()
        await receive_until(spectator, lambda got: len(coin_events(got)) == 2)
        db = server.store.db
        deals = [m for m in spectator.received if m.get("kind") == "deal"]
        assert seat_coins(deals[0]["view"]) == [5000] * 4  # read with the first stake
        history = views[0]["game"]["history"]
        balances = [5000] * 4
        for event, hand in zip(coin_events(spectator.received), history, strict=True):
            ledger = coins_of(db, f"hand:{hand['game']}")
            moved = [ledger.get(name, 0) for name in NAMES]
            assert event["view"]["game"]["coins_moved"] == {"hand": hand["hand"], "coins": moved}
            balances = [b + m for b, m in zip(balances, moved, strict=True)]
            assert seat_coins(event["view"]) == balances
        assert balances == [economy.balance(db, name) for name in NAMES]
        if any(h["totals"] != [0, 0, 0, 0] for h in history):
            assert balances != [5000] * 4
        for bot in bots:  # each player sees the same public balances
            await receive_until(bot, lambda got: len(coin_events(got)) == 2)
            assert seat_coins(coin_events(bot.received)[-1]["view"]) == balances


@pytest.mark.trio
async def test_a_friendly_table_shows_no_coins(tmp_path):
    async with running_hall(tmp_path, config=fast_config()) as server:
        table, bots = await seated_table(server, "sichuan", {"hands": 1, "timed": False})
        views = await play_all(bots)
        await server.hall.flush()
        for bot in bots:
            bot.drain()
            assert coin_events(bot.received) == []
        assert seat_coins(views[0]) == [None] * 4
        assert "coins_moved" not in views[0]["game"]
