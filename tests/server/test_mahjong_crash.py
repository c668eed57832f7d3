"""Crash safety of coin-room mahjong hands in a real ``qipai-server``: protocol clients play
Sichuan, Baicheng and Zhongyou coin tables (one player escapes mid-hand) while the process is SIGKILLed at a seeded
random moment, then restarted on the same file, several times.  Afterwards the server starts
(its ledger and 积分 checks pass) and every stored hand is whole: its row, its one coin
movement (recomputed from the balances of that moment: the settlement within PL-20, the fee to
the house) and its 积分 rows, or none of them.  Nothing asserted depends on how far the server
got; each round only waits, before its kill, until one more hand (the first round: an escape)
is stored, so that every round has something to check."""

from __future__ import annotations

import json
import random
import sqlite3
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import trio

from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.scoring import Payment, Settlement
from qipai.platform.grants import NEW_ACCOUNT_COINS
from qipai.platform.hand_coins import settle_escape, settle_hand
from qipai.platform.ledger import HOUSE, Reason
from qipai.platform.rooms import economy_fee, room_fee
from qipai.platform.titles import escape_points, hand_points
from server import economy
from server.store import Store
from server.tables.mahjong_escape import ESCAPE_REASON

from .test_mahjong_support import SeatBot, play_all, seated_table
from .test_server_cli import start

ROOMS = ("sichuan", "baicheng", "zhongyou")
"""Coin rooms without a table pot (Lengzi's and xuezhan's leavers are settled elsewhere)."""
MATCH = {"hands": 3, "timed": False, "tier": "free"}
TIMINGS = (
    "--turn-seconds",
    "5",
    "--claim-seconds",
    "5",
    "--claim-delay",
    "0",
    "--escape-grace",
    "5",
    "--next-hand-seconds",
    "0",
)
ROUNDS = 4
TABLES = 2
KILLED = (EOFError, OSError, trio.BrokenResourceError, trio.ClosedResourceError)
"""What a client sees when the server dies under it."""


def stored(db: Path, escapes_only: bool) -> int:
    """Hands in the file now, read beside the running server (WAL lets a reader in)."""
    reader = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
    try:
        where = " WHERE record LIKE '%\"escaped\":%'" if escapes_only else ""
        return reader.execute(f"SELECT COUNT(*) FROM mahjong_hands{where}").fetchone()[0]
    except sqlite3.OperationalError:  # the schema is not there yet
        return 0
    finally:
        reader.close()


async def table_driver(port: int, room: str, prefix: str, escape_after: int | None) -> None:
    """Match after match at new coin tables of four new players; in the first match, with
    ``escape_after``, the last seat leaves after that many actions (an escape, PL-17)."""
    hall = SimpleNamespace(port=port)
    match = 0
    while True:
        names = [f"{prefix}m{match}{seat}" for seat in "abcd"]
        _table, bots = await seated_table(hall, room, MATCH, names)
        if escape_after is not None and match == 0:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(play_all, bots[:3])
                nursery.start_soon(escape, bots[3], escape_after)
        else:
            await play_all(bots)
        for bot in bots:
            await bot.client.aclose()
        match += 1


async def escape(bot: SeatBot, actions: int) -> None:
    await bot.play(stop_after_actions=actions)
    await bot.client.request("leave", table=bot.table)


async def crash_round(db: Path, number: int, rng: random.Random) -> None:
    """One life of the server: tables play until the round's hand is stored, then a random
    moment later the process is SIGKILLed and the clients stop."""
    process, port = start(db, *TIMINGS)
    escapes_only = number == 0
    before = stored(db, escapes_only)
    try:
        async with trio.open_nursery() as nursery:
            for table in range(TABLES):
                escape_after = rng.randrange(3, 9) if escapes_only and table == 0 else None
                room = ROOMS[(number + table) % len(ROOMS)]
                nursery.start_soon(guarded, port, room, f"r{number}t{table}", escape_after)
            with trio.fail_after(20):
                while stored(db, escapes_only) <= before:
                    await trio.sleep(0.05)
            await trio.sleep(rng.uniform(0.0, 1.2))
            process.kill()
            process.wait()
            nursery.cancel_scope.cancel()
    finally:
        process.kill()
        process.wait()
        process.stdout.close()
        process.stderr.close()


async def guarded(port: int, room: str, prefix: str, escape_after: int | None) -> None:
    try:
        await table_driver(port, room, prefix, escape_after)
    except KILLED:
        return  # the server was killed under us


def payments(settlement: dict) -> list[Payment]:
    return [Payment.from_wire(p) for p in settlement["payments"]]


def expected_coins(hand: tuple, balances: dict[str, int]):
    """The movement the hand must have made, from the balances just before it."""
    hand_id, players, record, settlement = hand
    ruleset = get_ruleset(record["ruleset"], record["options"])
    stake = record["options"]["base"]
    ref = f"hand:{hand_id}"
    before = {name: balances.get(name, 0) for name in players}
    if "escaped" in record:
        due = [p for p in payments(settlement) if p.reason != ESCAPE_REASON]
        return settle_escape(
            due,
            record["escaped"]["seat"],
            seats=players,
            balances=before,
            stake=stake,
            fee=room_fee(ruleset, stake),
            ref=ref,
        )
    whole = Settlement(tuple(settlement["wins"]), tuple(payments(settlement)), False)
    return settle_hand(
        whole, seats=players, balances=before, ref=ref, fee=economy_fee(ruleset, stake)
    )


def expected_points(hand: tuple) -> Counter:
    """(name, amount, reason) of every 积分 row the hand must have written (PL-19)."""
    _hand_id, players, record, settlement = hand
    stake = record["options"]["base"]
    rows = Counter()
    if "escaped" in record:
        due = [p for p in payments(settlement) if p.reason != ESCAPE_REASON]
        moved = hand_points(Settlement((), tuple(due), False), stake)
        penalty = escape_points(record["escaped"]["seat"])
        rows.update((n, p, "escape") for n, p in zip(players, penalty, strict=True) if p)
    else:
        moved = hand_points(Settlement((), tuple(payments(settlement)), False), stake)
    rows.update((n, p, "hand") for n, p in zip(players, moved, strict=True))
    return rows


def entries(rows) -> Counter:
    return Counter((account, amount, reason, detail) for account, amount, reason, detail in rows)


def assert_hands_whole(db: sqlite3.Connection) -> tuple[int, int]:
    """Every stored hand whole, nothing of a hand that is not stored; returns the number of
    hands and of escapes."""
    economy.check_ledger(db)
    economy.check_points(db)
    hands = {
        hand_id: (hand_id, tuple(json.loads(players)), json.loads(record), json.loads(settle))
        for hand_id, players, record, settle in db.execute(
            "SELECT id, players, record, settlement FROM mahjong_hands"
        )
    }
    balances: dict[str, int] = {}
    settled: set[int] = set()
    movements = db.execute(
        "SELECT movement, GROUP_CONCAT(DISTINCT ref) FROM ledger GROUP BY movement ORDER BY movement"
    ).fetchall()
    for movement, ref in movements:
        rows = db.execute(
            "SELECT account, amount, reason, detail FROM ledger WHERE movement = ?", (movement,)
        ).fetchall()
        kind, _, key = ref.partition(":")
        assert kind in ("account", "hand"), ref  # one ref per movement: a grant or one hand
        if kind == "hand":
            hand_id = int(key)
            assert hand_id in hands, f"coins of hand {hand_id}, which is not stored"
            assert hand_id not in settled, f"hand {hand_id} moved coins twice"
            settled.add(hand_id)
            want = expected_coins(hands[hand_id], balances)
            got = entries(rows)
            assert got == entries(
                (e.account, e.amount, e.reason.value, e.detail) for e in want.entries
            ), (hand_id, got)
        else:
            assert entries(rows) == entries(
                [
                    (HOUSE, -NEW_ACCOUNT_COINS, "new_account", ""),
                    (key, NEW_ACCOUNT_COINS, "new_account", ""),
                ]
            )
        for account, amount, _reason, _detail in rows:
            balances[account] = balances.get(account, 0) + amount
    for hand_id in set(hands) - settled:  # only a hand that moves nothing may have no coins
        _id, players, record, settlement = hands[hand_id]
        assert "escaped" not in record and not settlement["wins"], hand_id
        assert not any(p.amount for p in payments(settlement)), hand_id
    points: dict[int, Counter] = {}
    for name, amount, reason, ref in db.execute("SELECT name, amount, reason, ref FROM points_log"):
        kind, _, key = ref.partition(":")
        assert kind == "hand" and int(key) in hands, f"积分 of {ref}, which is not stored"
        points.setdefault(int(key), Counter())[name, amount, reason] += 1
    for hand_id, hand in hands.items():
        assert points.get(hand_id, Counter()) == expected_points(hand), hand_id
    grants = NEW_ACCOUNT_COINS * db.execute("SELECT COUNT(*) FROM accounts").fetchone()[0]
    took = economy.balance(db, HOUSE) + grants
    house_entries = db.execute(
        "SELECT SUM(amount) FROM ledger WHERE account = ? AND reason IN (?, ?)",
        (HOUSE, Reason.TABLE_FEE.value, Reason.ESCAPE_PENALTY.value),
    ).fetchone()[0]
    assert took == (house_entries or 0) >= 0
    players = db.execute("SELECT SUM(coins) FROM balances WHERE account != ?", (HOUSE,))
    assert players.fetchone()[0] + took == grants
    assert balances == {a: c for a, c in db.execute("SELECT account, coins FROM balances")}
    escapes = sum("escaped" in hand[2] for hand in hands.values())
    return len(hands), escapes


def test_sigkill_while_coin_hands_settle_leaves_every_hand_whole_or_absent(tmp_path):
    db = tmp_path / "hall.db"
    rng = random.Random(7)
    for number in range(ROUNDS):
        trio.run(crash_round, db, number, rng)
    process, _port = start(db, *TIMINGS)  # both start-up checks pass on the killed file
    process.kill()
    process.wait()
    process.stdout.close()
    process.stderr.close()
    store = Store(str(db))
    try:
        hands, escapes = assert_hands_whole(store.db)
    finally:
        store.close()
    assert hands >= ROUNDS and escapes >= 1  # each round waited for one more before its kill
