"""Crash safety of coin-room mahjong hands in a real ``qipai-server``: protocol clients play
Sichuan, Lengzi, Baicheng and Zhongyou coin tables (one player escapes mid-hand) while the
process is SIGKILLed at a seeded random moment, then restarted on the same file, several times.

Afterwards the server starts (its ledger and 积分 checks pass) and every stored hand is whole:
its row, its coin movement (recomputed from the balances of that moment: the settlement within
PL-20, the fee to the house, the Lengzi pot closed when the match ends) and its 积分 rows, or
none of them; a Lengzi pot that a kill left holding coins is closed to the house by the next
start (LZ-10), so no pot holds a coin at the end.  Nothing asserted depends on how far the
server got; each round only waits, before its kill, until one more hand (the first round: an
escape) is stored, so that every round has something to check."""

from __future__ import annotations

import json
import random
import sqlite3
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import trio

from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.rulesets.lengzi_settlement import split_pot
from qipai.mahjong.scoring import Payment, Settlement
from qipai.platform.escape import ESCAPE_REASON
from qipai.platform.grants import NEW_ACCOUNT_COINS
from qipai.platform.hand_coins import close_pot, settle_escape, settle_hand, split_pot_movement
from qipai.platform.ledger import HOUSE, Movement, Reason, pot_account
from qipai.platform.rooms import economy_fee, room_fee
from qipai.platform.titles import escape_points, hand_points
from server import economy
from server.store import Store

from .test_mahjong_support import SeatBot, play_all, seated_table
from .test_server_cli import start

ROOMS = ("sichuan", "lengzi", "baicheng", "zhongyou")
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
    "--registration",  # every player connects from the one test address, fresh:
    "open",
    "--newcomers",  # the farming defences are test_farming.py's
    "0,0",
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
    """Match after match at new coin tables of four new players; with ``escape_after``, the
    last seat of each match leaves after that many actions: an escape (PL-17), unless the
    hand happened to be over by then."""
    hall = SimpleNamespace(port=port)
    match = 0
    while True:
        names = [f"{prefix}m{match}{seat}" for seat in "abcd"]
        _table, bots = await seated_table(hall, room, MATCH, names)
        if escape_after is not None:
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


@dataclass(frozen=True)
class StoredHand:
    id: int
    table: int
    number: int
    players: tuple[str, ...]
    record: dict
    settlement: dict

    @property
    def ref(self) -> str:
        return f"hand:{self.id}"

    @property
    def pot(self) -> str | None:
        return pot_account(f"table:{self.table}") if self.record["ruleset"] == "lengzi" else None

    @property
    def escaper(self) -> int | None:
        return self.record["escaped"]["seat"] if "escaped" in self.record else None

    @property
    def stake(self) -> int:
        return self.record["options"]["base"]

    def payments(self) -> list[Payment]:
        return [Payment.from_wire(p) for p in self.settlement["payments"]]

    def due(self) -> list[Payment]:
        """An escape's payments without its penalty lines (what the hand itself settled)."""
        return [p for p in self.payments() if p.reason != ESCAPE_REASON]


def expected_coins(hand: StoredHand, balances: dict[str, int]) -> Movement:
    """The movement the hand must have made, from the balances just before it."""
    ruleset = get_ruleset(hand.record["ruleset"], hand.record["options"])
    accounts = [*hand.players, *([hand.pot] if hand.pot else [])]
    before = {account: balances.get(account, 0) for account in accounts}
    if hand.escaper is not None:
        fee = room_fee(ruleset, hand.stake)
        return settle_escape(
            hand.due(),
            hand.escaper,
            seats=hand.players,
            balances=before,
            stake=hand.stake,
            fee=fee,
            ref=hand.ref,
            pot=hand.pot,
            # the stored 逃跑 lines: 16 × stake, or what the drawn hand would cost if more
            penalty=sum(p.amount for p in hand.payments() if p.reason == ESCAPE_REASON),
        )
    whole = Settlement(tuple(hand.settlement["wins"]), tuple(hand.payments()), False)
    fee = economy_fee(ruleset, hand.stake)
    return settle_hand(
        whole, seats=hand.players, balances=before, ref=hand.ref, pot=hand.pot, fee=fee
    )


def expected_pot_move(hand: StoredHand, reason: str, balances: dict[str, int]) -> Movement:
    """A Lengzi pot after its hand (LZ-10): shared by the escaper's three opponents, or closed
    whole to the house."""
    assert hand.pot is not None, (hand.id, reason)
    held = balances.get(hand.pot, 0)
    if reason == Reason.POT_SPLIT.value:
        assert hand.escaper is not None, hand.id
        shares = split_pot(held, hand.escaper)
        return split_pot_movement(shares, seats=hand.players, pot=hand.pot, ref=hand.ref)
    assert reason == Reason.POT_CLOSED.value, (hand.id, reason)
    return close_pot(hand.pot, held, hand.ref)


def expected_points(hand: StoredHand) -> Counter:
    """(name, amount, reason) of every 积分 row the hand must have written (PL-19)."""
    rows: Counter = Counter()
    if hand.escaper is not None:
        penalty = escape_points(hand.escaper)
        rows.update((n, p, "escape") for n, p in zip(hand.players, penalty, strict=True) if p)
    moved = hand_points(Settlement((), tuple(hand.due()), False), hand.stake)
    rows.update((n, p, "hand") for n, p in zip(hand.players, moved, strict=True))
    return rows


def entries(rows) -> Counter:
    return Counter((account, amount, reason, detail) for account, amount, reason, detail in rows)


def movement_entries(movement: Movement) -> Counter:
    return entries((e.account, e.amount, e.reason.value, e.detail) for e in movement.entries)


def stored_hands(db: sqlite3.Connection) -> dict[int, StoredHand]:
    return {
        row[0]: StoredHand(
            row[0], row[1], row[2], tuple(json.loads(row[3])), *map(json.loads, row[4:])
        )
        for row in db.execute(
            "SELECT id, table_id, hand_number, players, record, settlement FROM mahjong_hands"
        )
    }


def assert_coins_whole(
    db: sqlite3.Connection, hands: dict[int, StoredHand], match_hands: int
) -> None:
    """Replays the ledger movement by movement: each is a grant, one hand's settlement (as
    recomputed from the balances of that moment), a Lengzi pot shared or closed after its
    hand, a pot closed between hands or by the start after a kill; no coins belong to a hand
    that is not stored. A hand that ends its match (an escape, or hand ``match_hands``)
    leaves its pot empty; the last stored hand of a match killed mid-way ends nothing."""
    balances: dict[str, int] = {}
    settled: set[int] = set()
    pot_after: dict[int, int] = {}
    movements = db.execute(
        "SELECT movement, GROUP_CONCAT(DISTINCT ref), GROUP_CONCAT(DISTINCT reason) FROM ledger"
        " GROUP BY movement ORDER BY movement"
    ).fetchall()
    for movement, ref, reasons in movements:
        rows = db.execute(
            "SELECT account, amount, reason, detail FROM ledger WHERE movement = ?", (movement,)
        ).fetchall()
        kind, _, key = ref.partition(":")  # one ref per movement: an account, a hand, a table
        if kind == "hand":
            hand = hands.get(int(key))
            assert hand is not None, f"coins of hand {key}, which is not stored"
            if reasons in (Reason.POT_SPLIT.value, Reason.POT_CLOSED.value):
                want = expected_pot_move(hand, reasons, balances)
            else:
                assert hand.id not in settled, f"hand {hand.id} settled twice"
                settled.add(hand.id)
                want = expected_coins(hand, balances)
            assert entries(rows) == movement_entries(want), (hand.id, rows)
        elif kind == "table":
            table, _, what = key.partition(":")
            pot = pot_account(f"table:{table}")
            assert what in ("closed", f"{economy.STRANDED_POT}:{movement}"), ref
            assert entries(rows) == movement_entries(close_pot(pot, balances.get(pot, 0), ref))
        else:
            assert kind == "account", ref
            grant = [
                (HOUSE, -NEW_ACCOUNT_COINS, "new_account", ""),
                (key, NEW_ACCOUNT_COINS, "new_account", ""),
            ]
            assert entries(rows) == entries(grant), ref
        for account, amount, _reason, _detail in rows:
            balances[account] = balances.get(account, 0) + amount
        if kind == "hand" and hand.pot:
            pot_after[hand.id] = balances.get(hand.pot, 0)
    for hand in hands.values():
        if hand.id not in settled:  # only a hand that moves nothing may have no settlement
            assert hand.escaper is None and not hand.settlement["wins"], hand.id
            assert not any(p.amount for p in hand.payments()), hand.id
        if hand.pot and (hand.escaper is not None or hand.number == match_hands):
            assert pot_after.get(hand.id, 0) == 0, f"hand {hand.id} ended its match, not its pot"
    assert balances == {a: c for a, c in db.execute("SELECT account, coins FROM balances")}
    left = {a: c for a, c in balances.items() if a.startswith(pot_account("")) and c}
    restored = {pot_account(f"table:{t}") for (t,) in db.execute("SELECT id FROM live_tables")}
    assert set(left) <= restored, f"pots of no restored match holding coins: {left}"


def assert_hands_whole(db: sqlite3.Connection, match_hands: int) -> tuple[int, int]:
    """Every stored hand whole, nothing of a hand that is not stored, every coin accounted
    for, in matches of ``match_hands`` hands; returns the number of hands and of escapes."""
    economy.check_ledger(db)
    economy.check_points(db)
    hands = stored_hands(db)
    assert_coins_whole(db, hands, match_hands)
    points: dict[int, Counter] = {}
    for name, amount, reason, ref in db.execute("SELECT name, amount, reason, ref FROM points_log"):
        kind, _, key = ref.partition(":")
        assert kind == "hand" and int(key) in hands, f"积分 of {ref}, which is not stored"
        points.setdefault(int(key), Counter())[name, amount, reason] += 1
    for hand in hands.values():
        assert points.get(hand.id, Counter()) == expected_points(hand), hand.id
    grants = NEW_ACCOUNT_COINS * db.execute("SELECT COUNT(*) FROM accounts").fetchone()[0]
    took = economy.balance(db, HOUSE) + grants
    house_entries = db.execute(
        "SELECT SUM(amount) FROM ledger WHERE account = ? AND reason IN (?, ?, ?)",
        (HOUSE, Reason.TABLE_FEE.value, Reason.ESCAPE_PENALTY.value, Reason.POT_CLOSED.value),
    ).fetchone()[0]
    assert took == (house_entries or 0) >= 0
    held = db.execute("SELECT SUM(coins) FROM balances WHERE account != ?", (HOUSE,))
    assert held.fetchone()[0] + took == grants  # players and pots hold all grants but the take
    return len(hands), sum(hand.escaper is not None for hand in hands.values())


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
        hands, escapes = assert_hands_whole(store.db, MATCH["hands"])
    finally:
        store.close()
    assert hands >= ROUNDS and escapes >= 1  # each round waited for one more before its kill


def pots_holding(db: Path) -> dict[str, int]:
    """Lengzi pots with coins in the file now, read beside the running server."""
    if not db.exists():
        return {}
    reader = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
    try:
        return dict(
            reader.execute("SELECT account, coins FROM balances WHERE account LIKE 'pot:%'")
        )
    except sqlite3.OperationalError:  # the schema is not there yet
        return {}
    finally:
        reader.close()


async def kill_with_coins_in_a_pot(db: Path, life: int) -> None:
    """Lengzi coin matches until a 点炮 leaves coins in a table's pot mid-match, then SIGKILL."""
    process, port = start(db, *TIMINGS)
    try:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(guarded, port, "lengzi", f"p{life}", None)
            with trio.fail_after(40):
                while not any(pots_holding(db).values()):
                    await trio.sleep(0.02)
            process.kill()
            process.wait()
            nursery.cancel_scope.cancel()
    finally:
        process.kill()
        process.wait()
        process.stdout.close()
        process.stderr.close()


def test_a_pot_held_by_a_killed_match_comes_back_with_the_match(tmp_path):
    """The match is restored on start (server/action_log.py), so its Lengzi pot stays as it was:
    nothing is closed to the house, and the table's log is there to go on."""
    db = tmp_path / "hall.db"
    life = 0
    while not any(pots_holding(db).values()):  # the pot may close in the instant of the kill
        trio.run(kill_with_coins_in_a_pot, db, life)
        life += 1
    stranded = {pot: coins for pot, coins in pots_holding(db).items() if coins}
    process, _port = start(db, *TIMINGS)
    process.kill()
    process.wait()
    process.stdout.close()
    process.stderr.close()
    store = Store(str(db))
    try:
        economy.check_ledger(store.db)
        left = {pot: economy.balance(store.db, pot) for pot in stranded}
        closed = store.db.execute(
            "SELECT COUNT(*) FROM ledger WHERE reason = ? AND ref LIKE ?",
            (Reason.POT_CLOSED.value, f"%:{economy.STRANDED_POT}:%"),
        ).fetchone()[0]
        live = {
            pot_account(f"table:{t}") for (t,) in store.db.execute("SELECT id FROM live_tables")
        }
    finally:
        store.close()
    assert left == stranded and closed == 0
    assert set(stranded) <= live
