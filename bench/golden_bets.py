"""What golden-table bets cost in SQLite: one stake's transaction, a finished game's record with
its pool settled in the same transaction, finding a pool's entries in a large ledger, and the
start-up refund of stranded pools. Prints milliseconds; asserts nothing about speed.

    python bench/golden_bets.py [--bets 200] [--ledger 100000] [--pools 100]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from qipai.platform.betting import BetBook  # noqa: E402
from qipai.platform.ledger import Entry, Movement, Reason  # noqa: E402
from server import bets, economy  # noqa: E402
from server.store import GameRecord, Store  # noqa: E402


def stake(store: Store, game_id: int, book: BetBook, bettor: str, side: str, amount: int) -> None:
    movement = book.place(
        bettor, side, amount, plies_played=0, balance=economy.balance(store.db, bettor)
    )
    bets.place_bet(store.db, game_id, movement, time.time())


def record(game_id: int, winner: str | None = "black") -> GameRecord:
    return GameRecord(
        game_id, "go", '{"friendly": false}', "ann", "bob", "?", winner, "count", True, 250, "", 0.0
    )


def fill_ledger(store: Store, entries: int) -> None:
    """Unrelated history (relief-like grants), so look-ups run against a realistic table."""
    with economy.transaction(store.db):
        for i in range(entries // 2):
            economy.post(
                store.db,
                Movement(
                    (
                        Entry("house", -1, Reason.OPERATOR, f"op:{i}"),
                        Entry(f"p{i % 500}", 1, Reason.OPERATOR, f"op:{i}"),
                    )
                ),
                0.0,
            )


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bets", type=int, default=200)
    parser.add_argument("--ledger", type=int, default=100_000)
    parser.add_argument("--pools", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "hall.db")
        store = Store(path)
        fill_ledger(store, args.ledger)
        bettors = [f"s{i}" for i in range(args.bets // 2)]
        for name in ["ann", "bob", *bettors]:
            store.add_account(name, b"s", b"h", 0.0)
        print(f"ledger: {args.ledger:,} entries of other history, {len(bettors)} bettors")

        book = BetBook(bets.game_ref(1), frozenset({"ann", "bob"}), ranked_go=True)
        times = []
        for i in range(args.bets):
            started = time.perf_counter()
            stake(store, 1, book, bettors[i // 2], "black" if i % 3 else "white", 10 + i)
            times.append(time.perf_counter() - started)
        print(
            f"place_bet (one stake, own transaction): median {ms(statistics.median(times))},"
            f" max {ms(max(times))}"
        )
        started = time.perf_counter()
        entries = bets.pool_entries(store.db, bets.game_ref(1))
        print(f"pool_entries of {len(entries)} entries: {ms(time.perf_counter() - started)}")

        started = time.perf_counter()
        store.add_go_game(record(2))
        print(f"add_go_game, ranked, no bets: {ms(time.perf_counter() - started)}")
        started = time.perf_counter()
        settled = store.add_go_game(record(1))
        assert settled is not None and not settled.refunded
        print(
            f"add_go_game, ranked, {args.bets} bets settled in its transaction:"
            f" {ms(time.perf_counter() - started)}"
        )

        for game_id in range(10, 10 + args.pools):
            pool = BetBook(bets.game_ref(game_id), frozenset({"ann", "bob"}), ranked_go=True)
            stake(store, game_id, pool, bettors[0], "black", 10)
            stake(store, game_id, pool, bettors[1], "white", 10)
        started = time.perf_counter()
        refunded = bets.refund_unfinished(store.db, time.time())
        print(
            f"refund_unfinished at start, {len(refunded)} stranded pools:"
            f" {ms(time.perf_counter() - started)}"
        )
        started = time.perf_counter()
        store.next_game_id()
        print(f"next_game_id with pools in the ledger: {ms(time.perf_counter() - started)}")
        economy.check_ledger(store.db)
        store.close()


if __name__ == "__main__":
    main()
