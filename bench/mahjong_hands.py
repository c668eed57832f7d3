"""Full four-bot Sichuan hands per second (normal and 血战到底), and the bot's decision time.

Run: ``python bench/mahjong_hands.py [hands]``. Prints figures; asserts nothing. The analysis
tables are built once before timing (their build time is printed separately). Times are CPU
time of this process, so other jobs on a shared machine do not inflate them.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from qipai.mahjong.analysis import prepare_tables  # noqa: E402
from qipai.mahjong.bots import choose_action  # noqa: E402
from qipai.mahjong.rulesets import get_ruleset  # noqa: E402
from qipai.mahjong.table.machine import HandMachine  # noqa: E402


def play(options: dict, seeds: range, decision_times: list[float]) -> tuple[float, int]:
    """Play one hand per seed with four bots; return elapsed seconds and the actions taken."""
    ruleset = get_ruleset("sichuan", options)
    actions = 0
    start = time.process_time()
    for seed in seeds:
        hand = HandMachine(ruleset, seed, dealer=seed % 4)
        while not hand.over:
            seat = hand.to_act()[0]
            before = time.process_time()
            action = choose_action(hand, seat)
            decision_times.append(time.process_time() - before)
            hand.apply(action)
            actions += 1
    return time.process_time() - start, actions


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    started = time.process_time()
    prepare_tables()
    print(f"analysis tables ready in {time.process_time() - started:.2f} s")
    for name, options in (("normal", {}), ("xuezhan", {"xuezhan": True})):
        decisions: list[float] = []
        elapsed, actions = play(options, range(count), decisions)
        decisions.sort()
        p99 = decisions[int(len(decisions) * 0.99)]
        print(
            f"sichuan {name:8s}: {count / elapsed:7.1f} hands/s "
            f"({actions / count:.0f} actions/hand); bot decision mean "
            f"{statistics.fmean(decisions) * 1e3:.2f} ms, p99 {p99 * 1e3:.2f} ms, "
            f"max {decisions[-1] * 1e3:.2f} ms"
        )


if __name__ == "__main__":
    main()
