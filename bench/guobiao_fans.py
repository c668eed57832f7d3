"""The guobiao fan calculator beside PyMahjongGB (C++) on the same generated winning hands.

Prints the agreement (items and total exact; ties: same total, another reading's items; wrong
total), and the time per hand of ``score_hand`` and of ``MahjongFanCalculator`` with the ratio
(issue 19's target: within 5x in pure Python). Run from the repository root:
``python bench/guobiao_fans.py [--hands 200000] [--seed 19]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from qipai.mahjong.analysis import prepare_tables  # noqa: E402
from qipai.mahjong.rulesets.guobiao_fans import score_hand  # noqa: E402
from tests.mahjong.guobiao_hands import make_hand, oracle_fans, ours  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=19)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hands, references = [], []
    while len(hands) < args.hands:
        hand = make_hand(rng)
        if hand is None:
            continue
        try:
            references.append(oracle_fans(hand))
        except TypeError:
            continue
        hands.append(hand)
    prepare_tables()  # the wait tables are built once per process, as a server warms up
    theirs = mine = 0.0
    for block in range(0, len(hands), 1000):  # interleaved, so a change of load hits both alike
        chunk = hands[block : block + 1000]
        start = time.perf_counter()
        for hand in chunk:
            oracle_fans(hand)
        middle = time.perf_counter()
        for hand in chunk:
            score_hand(hand)
        theirs += middle - start
        mine += time.perf_counter() - middle
    theirs /= len(hands)
    mine /= len(hands)
    exact = ties = wrong = 0
    for hand, reference in zip(hands, references, strict=True):
        result = ours(hand)
        if result == reference:
            exact += 1
        elif sum(result.values()) == sum(reference.values()):
            ties += 1
        else:
            wrong += 1
    print(f"hands {len(hands)} (seed {args.seed})")
    print(
        f"agreement: exact {exact} ({exact / len(hands):.4%}), tied readings {ties}, wrong total {wrong}"
    )
    print(
        f"per hand: ours {mine * 1e6:.1f} us, PyMahjongGB {theirs * 1e6:.1f} us (its Python bridge included)"
    )
    print(f"ratio ours / PyMahjongGB: {mine / theirs:.2f}x (target <= 5x)")


if __name__ == "__main__":
    main()
