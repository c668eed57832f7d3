"""The mahjong bot league (issue 17): each level against three copies of today's shape bot.

Duplicate deals take the luck of the wall out: every seeded deal is played four times, the
tested bot sitting in each seat in turn with the baseline (``qipai.mahjong.bot_shape``) in the
other three, so a seat's good tiles favour neither side. Each hand is a one-hand match at stake
1 (the ruleset's default options, ``base`` 1, fresh table state; Lengzi's 下炮 as each bot
chooses it). Each deal is also played once by four baselines, the reference: per ruleset and
level the bench prints the tested bot's mean gain per hand over the baseline that held the same
seat in the reference (points at stake 1), with a 95 % confidence interval over deals (the four
plays of a deal are one sample; above zero = it beats today's bot), its win rate and
deal-in rate beside the baseline's own in the same hands, and its decision time (mean, p99).

    python bench/bot_league.py [--deals N] [--levels strong,normal] [--rulesets a,b] [--jobs J]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from qipai.mahjong import bot_shape  # noqa: E402 - after the path fix above
from qipai.mahjong.analysis import prepare_tables  # noqa: E402
from qipai.mahjong.bots import choose_action, choose_between_hands  # noqa: E402
from qipai.mahjong.rulesets import get_ruleset  # noqa: E402
from qipai.mahjong.table.machine import HandMachine  # noqa: E402

RULESETS = ("sichuan", "baicheng", "lengzi", "zhongyou")


@dataclass
class Tally:
    """One level's results in one ruleset; ``deal_points`` = each deal's mean gain over the
    baseline (points the tested bot won minus what the baseline won in the same seat)."""

    deal_points: list[float] = field(default_factory=list)
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    base_wins: int = 0
    base_deal_ins: int = 0
    base_seats: int = 0
    times: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.deal_points += other.deal_points
        self.hands += other.hands
        self.wins += other.wins
        self.deal_ins += other.deal_ins
        self.base_wins += other.base_wins
        self.base_deal_ins += other.base_deal_ins
        self.base_seats += other.base_seats
        self.times += other.times


def play(name: str, level: str | None, seed: int, tested: int, tally: Tally) -> list[int]:
    """One play of deal ``seed`` with the tested bot in seat ``tested`` (``level`` None: the
    baseline in every seat, the reference play); the seat totals."""
    ruleset = get_ruleset(name)
    table_state = ruleset.new_table_state()
    for choice in ruleset.between_hands_choices():
        for seat in range(4):
            if seat == tested and level is not None:
                on = choose_between_hands([0] * 4, seat, choice, level)
            else:
                on = bot_shape.choose_between_hands([0] * 4, seat, choice)
            ruleset.choose(table_state, seat, choice, on)
    hand = HandMachine(ruleset, seed, seed % 4, table_state)
    while not hand.over:
        seat = hand.to_act()[0]
        if seat == tested and level is not None:
            start = time.perf_counter()
            action = choose_action(hand, seat, level)
            tally.times.append(time.perf_counter() - start)
        else:
            action = bot_shape.choose_action(hand, seat)
        assert action is not None
        hand.apply(action)
    settlement = hand.settlement
    assert settlement is not None
    if level is None:
        return settlement.seat_totals()
    tally.hands += 1
    tally.base_seats += 3
    for win in settlement.wins:
        if win.seat == tested:
            tally.wins += 1
        else:
            tally.base_wins += 1
        if win.discarder == tested:
            tally.deal_ins += 1
        elif win.discarder is not None:
            tally.base_deal_ins += 1
    return settlement.seat_totals()


def run_deals(name: str, level: str, seeds: range) -> Tally:
    """Each deal: the reference play, then the tested bot in each seat; a deal's sample is the
    tested bot's mean gain over the baseline that held the same seat in the reference."""
    tally = Tally()
    for seed in seeds:
        reference = play(name, None, seed, 0, tally)
        gains = [play(name, level, seed, t, tally)[t] - reference[t] for t in range(4)]
        tally.deal_points.append(sum(gains) / 4)
    return tally


def league(name: str, level: str, deals: int, jobs: int) -> Tally:
    chunk = max(1, deals // (jobs * 4))
    parts = [range(start, min(start + chunk, deals)) for start in range(0, deals, chunk)]
    tally = Tally()
    if jobs == 1:
        for part in parts:
            tally.add(run_deals(name, level, part))
        return tally
    with ProcessPoolExecutor(jobs, initializer=prepare_tables) as pool:
        for result in pool.map(run_deals, [name] * len(parts), [level] * len(parts), parts):
            tally.add(result)
    return tally


def report(name: str, level: str, tally: Tally) -> str:
    points = tally.deal_points
    mean = statistics.fmean(points)
    half = 1.96 * statistics.stdev(points) / math.sqrt(len(points)) if len(points) > 1 else 0
    times = sorted(tally.times)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    return (
        f"{name:9s} {level:7s} {len(points):5d} deals  gain/hand {mean:+8.3f} "
        f"[{mean - half:+8.3f}, {mean + half:+8.3f}]  win {tally.wins / tally.hands:6.1%} "
        f"(shape {tally.base_wins / tally.base_seats:6.1%})  deal-in "
        f"{tally.deal_ins / tally.hands:6.1%} (shape {tally.base_deal_ins / tally.base_seats:6.1%})"
        f"  decision {statistics.fmean(times) * 1e3:5.2f} ms, p99 {p99 * 1e3:5.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--levels", default="strong,normal,easy")
    parser.add_argument("--rulesets", default=",".join(RULESETS))
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    prepare_tables()
    for name in args.rulesets.split(","):
        for level in args.levels.split(","):
            print(report(name, level, league(name, level, args.deals, args.jobs)), flush=True)


if __name__ == "__main__":
    main()
