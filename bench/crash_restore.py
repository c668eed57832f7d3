"""Issue 13's full proof: a real ``qipai-server`` killed at many random moments (SIGKILL) and
stopped a few times (SIGTERM) while timed ranked Go games with bets and untimed ones are
played; prints how many lives, restores, moves and results, and any failure.

    python bench/crash_restore.py [--kills 50] [--terms 5] [--pairs 4] [--seed 1]

The checks are ``tests/server/crash_driver.py``'s (the suite runs a few lives of it).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from server.store import Store  # noqa: E402
from tests.server.crash_driver import run  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--terms", type=int, default=5)
    parser.add_argument("--pairs", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "hall.db"
        began = time.perf_counter()
        tally = run(db, kills=args.kills, seed=args.seed, pair_count=args.pairs, terms=args.terms)
        store = Store(str(db))  # the ledger check runs on open
        try:
            missing = [
                g
                for g, text in tally.shown_results.items()
                if (stored := store.game(g)) is None or stored.result != text
            ]
        finally:
            store.close()
    print(
        f"{tally.lives} lives ({args.kills} SIGKILL, {args.terms} SIGTERM, 1 last check),"
        f" {args.pairs} pairs, {time.perf_counter() - began:.0f} s:"
        f" {tally.restored} tables restored and checked, {tally.moves} moves acknowledged,"
        f" {tally.finished} games finished, {len(tally.shown_results)} shown results,"
        f" {len(missing)} missing, ledger check passed"
    )
    for failure in tally.failures:
        print("FAILED:", failure)
    return 1 if tally.failures or missing else 0


if __name__ == "__main__":
    sys.exit(main())
