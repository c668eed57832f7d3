"""The economy's SQLite figures: settlements per second and the start-up checks' time.

Run: ``python bench/economy.py [--hands 1000] [--games 2000] [--entries 100000] [--dir DIR]``.
Prints figures; asserts nothing. Everything goes through the server's own calls on a database
file (WAL, synchronous=NORMAL, as the server opens it), each settlement its own transaction:

1. mahjong coin-room hands: bot-played hands of every room (played before timing; their
   play time is printed apart), each stored by ``Store.add_mahjong_hand`` with its coins (fee,
   PL-20 limits, Lengzi pot) and its seats' 积分;
2. ranked Go games with both standings by ``Store.add_go_game`` (with and without bets);
3. the start-up checks once the ledger holds ``--entries`` entries: ``check_ledger``,
   ``check_points`` and the whole ``Store`` open (migrations, both checks, the bet-pool sweep);
4. each leaderboard with ``--accounts`` players holding coins, 积分 and ranked Go standings.

The wall-clock rates include the disk (fsync at WAL checkpoints); the machine may be shared.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from qipai.mahjong.analysis import prepare_tables  # noqa: E402
from qipai.mahjong.bots import play_hand  # noqa: E402
from qipai.mahjong.rulesets import (
    get_ruleset,  # noqa: E402
    mahjong_rooms,  # noqa: E402
)
from qipai.mahjong.table.match import Match  # noqa: E402
from qipai.platform.betting import BetBook  # noqa: E402
from qipai.platform.go_ranks import GoStanding  # noqa: E402
from qipai.platform.grants import operator_grant  # noqa: E402
from qipai.platform.ledger import pot_account  # noqa: E402
from qipai.platform.rooms import economy_fee  # noqa: E402
from server import bets, economy, leaderboard  # noqa: E402
from server.economy import HandCoins  # noqa: E402
from server.rooms import hall_rooms  # noqa: E402
from server.store import GameRecord, MahjongHand, Store  # noqa: E402

PLAYERS = [f"p{i}" for i in range(8)]
STAKE = 100


def played_hands(count: int) -> list[tuple[str, str, dict, object]]:
    """(room, ruleset, record, settlement) of ``count`` bot hands, the rooms in turn."""
    hands = []
    rooms = list(mahjong_rooms())
    matches: dict[str, Match] = {}
    for index in range(count):
        room = rooms[index % len(rooms)]
        ruleset, imposing = mahjong_rooms()[room]
        name, rules = ruleset.name, dict(imposing.imposed)
        match = matches.get(room)
        if match is None or match.over:
            match = matches[room] = Match(get_ruleset(name, {**rules, "base": STAKE}), index)
        hand = play_hand(match.start_hand(index))
        match.finish_hand(hand)
        record = {**hand.record(), "table_state": {}}
        hands.append((room, name, record, hand.settlement))
    return hands


def open_store(path: Path) -> Store:
    store = Store(str(path))
    for name in PLAYERS:
        store.add_account(name, b"s", b"h", 0.0, GoStanding.new("5k"))
        with economy.transaction(store.db):  # rich enough that nobody is ever short
            economy.post(store.db, operator_grant(name, 10**12, "bench", "bench"), 0.0)
    return store


def store_hands(store: Store, hands: list, rng: random.Random) -> tuple[float, list[float]]:
    """Store every hand with its coins; returns the elapsed seconds and each call's time."""
    each = []
    start = time.perf_counter()
    for table, (room, name, record, settlement) in enumerate(hands):
        seats = tuple(rng.sample(PLAYERS, 4))
        ruleset = get_ruleset(name, record["options"])
        row = MahjongHand(
            store.next_game_id(),
            room,
            table,
            1,
            json.dumps(seats),
            json.dumps(record),
            json.dumps(settlement.to_wire(), ensure_ascii=False),
            time.time(),
        )
        pot = pot_account(f"table:{table}") if name == "lengzi" else None
        coins = HandCoins(settlement, seats, economy_fee(ruleset, STAKE), pot, close_pot=True)
        began = time.perf_counter()
        store.add_mahjong_hand(row, coins)
        each.append(time.perf_counter() - began)
    return time.perf_counter() - start, each


def store_go_games(store: Store, count: int, with_bets: bool, rng: random.Random) -> float:
    start = time.perf_counter()
    for _ in range(count):
        black, white, *watchers = rng.sample(PLAYERS, 6)
        game = store.next_game_id()
        if with_bets:
            book = BetBook(bets.game_ref(game), frozenset({black, white}), ranked_go=True)
            for bettor, side in zip(watchers, ("black", "white", "black", "white"), strict=True):
                balance = economy.balance(store.db, bettor)
                movement = book.place(bettor, side, 500, plies_played=10, balance=balance)
                bets.place_bet(store.db, game, movement, time.time())
        winner = rng.choice(["black", "white"])
        store.add_go_game(
            GameRecord(
                game,
                "go",
                json.dumps({"size": 19, "friendly": False}),
                black,
                white,
                "黑中盘胜" if winner == "black" else "白中盘胜",
                winner,
                "resign",
                True,
                120,
                "(;GM[1])",
                time.time(),
            )
        )
    return time.perf_counter() - start


def timed(fn, *args) -> float:
    start = time.perf_counter()
    fn(*args)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1000, help="bot hands to store (timed)")
    parser.add_argument("--games", type=int, default=2000, help="ranked Go games to store")
    parser.add_argument("--entries", type=int, default=100_000, help="ledger size for checks")
    parser.add_argument("--accounts", type=int, default=2000, help="players on the boards")
    parser.add_argument("--dir", default=None, help="where the database goes (default: tmp)")
    args = parser.parse_args()
    rng = random.Random(7)
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        path = Path(folder) / "bench.db"
        began = time.perf_counter()
        prepare_tables()
        print(f"analysis tables: {time.perf_counter() - began:.1f} s (once per process)")
        began = time.perf_counter()
        hands = played_hands(args.hands)
        played = time.perf_counter() - began
        print(f"bot play: {args.hands} hands in {played:.1f} s (not part of the figures below)")
        store = open_store(path)
        elapsed, each = store_hands(store, hands, rng)
        ms = sorted(t * 1000 for t in each)
        print(
            f"mahjong hands with coins and 积分: {args.hands / elapsed:,.0f} hands/s"
            f"  (per hand p50 {statistics.median(ms):.2f} ms, p99 {ms[int(len(ms) * 0.99)]:.2f} ms)"
        )
        elapsed = store_go_games(store, args.games, False, rng)
        print(f"ranked Go games with standings: {args.games / elapsed:,.0f} games/s")
        elapsed = store_go_games(store, args.games // 4, True, rng)
        print(
            f"ranked Go games with standings and 4 bets each (bets placed and settled):"
            f" {args.games // 4 / elapsed:,.0f} games/s"
        )
        count = lambda: store.db.execute("SELECT COUNT(*) FROM ledger").fetchone()[0]  # noqa: E731
        while count() < args.entries:
            store_hands(store, hands[: max(1, min(len(hands), (args.entries - count()) // 6))], rng)
        entries = count()
        points = store.db.execute("SELECT COUNT(*) FROM points_log").fetchone()[0]
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        ledger_check = min(timed(economy.check_ledger, store.db) for _ in range(3))
        points_check = min(timed(economy.check_points, store.db) for _ in range(3))
        store.close()
        opened = []
        for _ in range(3):
            began = time.perf_counter()
            Store(str(path)).close()
            opened.append(time.perf_counter() - began)
        size = path.stat().st_size / 2**20
        print(f"database: {entries:,} ledger entries, {points:,} 积分 rows, {size:.1f} MiB")
        print(
            f"check_ledger: {ledger_check * 1000:.0f} ms;  check_points: {points_check * 1000:.0f} ms"
        )
        print(f"Store open (migrate, both checks, bet-pool sweep): {min(opened) * 1000:.0f} ms")
        store = Store(str(path))
        try:
            fill_boards(store, args.accounts, rng)
            boards = leaderboard.boards(hall_rooms())
            for which in boards:
                took = min(
                    timed(leaderboard.board, store.db, "x7", which, boards) for _ in range(3)
                )
                print(f"leaderboard {which} of {args.accounts:,} players: {took * 1000:.1f} ms")
        finally:
            store.close()


def fill_boards(store: Store, count: int, rng: random.Random) -> None:
    """Players with coins, 积分 in every room and a ranked Go game each, in one transaction."""
    db = store.db
    with economy.transaction(db):
        for index in range(count):
            name = f"x{index}"
            db.execute("INSERT INTO accounts VALUES (?, x'00', x'00', 0)", (name,))
            economy.post(db, operator_grant(name, rng.randint(1, 10**6), "bench", "b"), 0.0)
            rooms = {room: rng.randint(-500, 50_000) for room in mahjong_rooms()}
            for room, points in rooms.items():
                economy.move_points(db, room, {name: points}, "bench", 0.0, reason="hand")
            standing = GoStanding(rng.randrange(27), tuple(rng.random() < 0.5 for _ in range(9)))
            db.execute(
                "INSERT INTO go_standings VALUES (?, ?)", (name, json.dumps(standing.to_wire()))
            )
            db.execute("INSERT INTO ranked_go VALUES (?, ?, 1, 1, 0, 0, 0, 0)", (-index - 1, name))


if __name__ == "__main__":
    main()
