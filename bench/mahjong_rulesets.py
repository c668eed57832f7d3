"""Full four-bot hands per second for Lengzi, Baicheng and Zhongyou (issue 5).

Each hand is dealt from its own seed and played to its itemised settlement by the table bot,
exactly as ``play_hand`` does for a table of four bots. Prints one line per ruleset; run with
``python bench/mahjong_rulesets.py [hands]`` from the repository root.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from qipai.mahjong.analysis import prepare_tables  # noqa: E402 - after the path fix above
from qipai.mahjong.bots import play_hand  # noqa: E402
from qipai.mahjong.rulesets import get_ruleset  # noqa: E402
from qipai.mahjong.table.machine import HandMachine  # noqa: E402

RULESETS = ("lengzi", "baicheng", "zhongyou")


def run(name: str, hands: int) -> None:
    ruleset = get_ruleset(name)
    outcomes: Counter[str] = Counter()
    actions = 0
    start = time.perf_counter()
    for seed in range(hands):
        hand = play_hand(HandMachine(ruleset, seed, dealer=seed % 4))
        actions += len(hand.actions)
        outcomes["draw" if hand.exhaustive else "win"] += 1
    elapsed = time.perf_counter() - start
    print(
        f"{name:9s} {hands} hands in {elapsed:6.2f} s: {hands / elapsed:7.1f} hands/s, "
        f"{actions / elapsed:8.0f} actions/s, {outcomes['win']} won, {outcomes['draw']} drawn"
    )


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    start = time.perf_counter()
    prepare_tables()
    print(f"analysis tables ready in {time.perf_counter() - start:.2f} s (not counted below)")
    for name in RULESETS:
        run(name, hands)


if __name__ == "__main__":
    main()
