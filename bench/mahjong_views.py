"""The cost of a seat's view with its hint line (waits, ready discards, distance to ready).

Every event at a mahjong table sends each seat its view, so view building is the hall's hot
path. The hint is judged once per change of that seat's hand and kept (``HandMachine.hint``);
this prints microseconds per ``view(seat)`` with the hint judged afresh ("cold", what the first
view after the seat's own draw or discard pays) and kept ("cached", every other view), over the
positions of four-bot hands of each ruleset, and the hint alone when cold.

Run: ``python bench/mahjong_views.py [hands]``. Prints figures; asserts nothing. CPU time of
this process; the analysis tables are built before timing.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from qipai.mahjong.analysis import prepare_tables  # noqa: E402
from qipai.mahjong.rulesets import get_ruleset  # noqa: E402
from qipai.mahjong.table.hints import seat_hint  # noqa: E402
from qipai.mahjong.table.machine import HandMachine  # noqa: E402

RULESETS = ("sichuan", "lengzi", "baicheng", "zhongyou")


def measure(name: str, hands: int) -> dict[str, list[float]]:
    """Microseconds per view (cold, cached) and per hint (cold) at every position."""
    ruleset = get_ruleset(name, {})
    found: dict[str, list[float]] = {"cold": [], "cached": [], "hint": []}
    clock = time.process_time
    for seed in range(hands):
        hand = HandMachine(ruleset, seed, dealer=seed % 4)
        while not hand.over:
            seat = hand.to_act()[0]
            hand._hints.clear()
            start = clock()
            hand.view(seat)
            found["cold"].append((clock() - start) * 1e6)
            start = clock()
            for _ in range(10):
                hand.view(seat)
            found["cached"].append((clock() - start) * 1e5)
            start = clock()
            seat_hint(hand, seat)
            found["hint"].append((clock() - start) * 1e6)
            hand.apply(hand.default_action(seat))
    return found


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"median {statistics.median(ordered):6.1f}  p99 {p99:7.1f}"


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    start = time.process_time()
    prepare_tables()
    print(f"analysis tables: {time.process_time() - start:.2f} s CPU (once per process)")
    print(f"us per view(seat) of the seat to act, {hands} bot hands per ruleset")
    for name in RULESETS:
        found = measure(name, hands)
        print(
            f"{name:9} views {len(found['cold']):5}  cold {summary(found['cold'])}  "
            f"cached {summary(found['cached'])}  hint alone {summary(found['hint'])}"
        )


if __name__ == "__main__":
    main()
