"""Crash safety of a hand's settlement: a process storing coin-room hands through the server's
own calls (``Store.add_mahjong_hand``, ``record_escape``) is SIGKILLed at random moments, again
and again, on one file. Afterwards the file opens (both start-up checks pass) and every hand is
whole or absent: its row, its coins and every seat's 积分 together, never a part of them."""

import random
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from server import economy
from server.store import Store

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["ann", "bob", "cat", "dan"]

WRITER = textwrap.dedent(
    """
    import dataclasses, json, random, sys, time
    from qipai.mahjong.rulesets import get_ruleset
    from qipai.mahjong.table.match import Match
    from qipai.platform.grants import operator_grant
    from qipai.platform.ledger import pot_account
    from qipai.platform.rooms import economy_fee, room_fee
    from qipai.mahjong.rulesets import mahjong_rooms
    from server import economy
    from server.economy import HandCoins
    from server.store import MahjongHand, Store
    from qipai.platform.escape import payments_due
    from server.tables.mahjong_escape import EscapeCoins, record_escape

    NAMES = ["ann", "bob", "cat", "dan"]
    store = Store(sys.argv[1])
    seed = int(sys.argv[2])
    rng = random.Random(seed)
    for name in NAMES:
        store.add_account(name, b"s", b"h", 0.0)

    def played(table):
        # One hand at stake 10 (random legal play, wins taken), finished or cut short.
        room = rng.choice(list(mahjong_rooms()))
        ruleset_class, found = mahjong_rooms()[room]
        ruleset, rules = ruleset_class.name, dict(found.imposed)
        match = Match(get_ruleset(ruleset, {**rules, "base": 10}), rng.getrandbits(63))
        pot = pot_account(f"table:{table}") if ruleset == "lengzi" else None
        hand = match.start_hand(rng.getrandbits(63))
        cut = rng.randrange(150) if rng.random() < 0.2 else None
        while not hand.over and (cut is None or len(hand.actions) < cut):
            seat = hand.to_act()[0]
            legal = hand.legal_actions(seat)
            wins = [a for a in legal if a.type.value in ("win", "self_win")]
            hand.apply(wins[0] if wins else rng.choice(legal))
        record = json.dumps({**hand.record(), "table_state": {}})
        row = MahjongHand(0, room, table, 1, json.dumps(NAMES), record, "{}", 0.0)
        if hand.over:
            fee = economy_fee(match.ruleset, 10)
            return row, HandCoins(hand.settlement, tuple(NAMES), fee, pot, True)
        fee = room_fee(match.ruleset, 10)
        due = tuple(payments_due(hand))
        escaper = rng.randrange(4)
        return row, EscapeCoins(due, escaper, tuple(NAMES), 10, fee, pot, bool(pot), True, room)

    # Hands are played first, so that the killed process spends its time storing them.
    pool = [played(seed * 1000 + t) for t in range(40)]
    print("READY", flush=True)
    while True:
        row, coins = rng.choice(pool)
        for name, held in zip(NAMES, economy.balances_of(store.db, NAMES)):
            if held < 320:  # the operator keeps everyone playing
                with economy.transaction(store.db):
                    economy.post(store.db, operator_grant(name, 5000, "top-up", "op"), 0.0)
        row = dataclasses.replace(row, id=store.next_game_id(), finished_at=time.time())
        if isinstance(coins, HandCoins):
            store.add_mahjong_hand(row, coins)
        else:
            record_escape(store.db, store._insert_mahjong_hand, row, coins)
    """
)


def run_writer(path: Path, seed: int, rng: random.Random) -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), str(seed)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = process.stdout.readline()
        assert line.strip() == "READY", process.stderr.read()
        time.sleep(rng.uniform(0.2, 0.8))
    finally:
        process.kill()
        process.wait()
        process.stdout.close()
        process.stderr.close()


def refs(db, sql: str) -> dict[str, int]:
    return dict(db.execute(sql).fetchall())


def test_sigkill_while_hands_settle_leaves_each_hand_whole_or_absent(tmp_path):
    path = tmp_path / "hall.db"
    rng = random.Random(11)
    for seed in range(1, 5):
        run_writer(path, seed, rng)
    store = Store(str(path))  # both start-up checks run here
    try:
        db = store.db
        hands = {f"hand:{hand_id}" for (hand_id,) in db.execute("SELECT id FROM mahjong_hands")}
        assert len(hands) > 20
        coins = refs(db, "SELECT ref, COUNT(*) FROM ledger WHERE ref LIKE 'hand:%' GROUP BY ref")
        points = refs(
            db,
            "SELECT ref, COUNT(*) FROM points_log WHERE reason = 'hand' GROUP BY ref",
        )
        escapes = refs(
            db, "SELECT ref, SUM(amount) FROM points_log WHERE reason = 'escape' GROUP BY ref"
        )
        assert set(coins) <= hands and set(escapes) <= hands
        assert points == dict.fromkeys(hands, 4)  # every seat of every stored hand, no other
        assert set(escapes.values()) == {-16}
        assert sum(1 for ref in hands if ref in coins) > 20  # hands that moved coins
        for name in NAMES:
            assert economy.balance(db, name) >= 0
        totals = dict(db.execute("SELECT ref, SUM(amount) FROM ledger GROUP BY ref"))
        assert all(total == 0 for ref, total in totals.items() if ref.startswith("hand:"))
    finally:
        store.close()
