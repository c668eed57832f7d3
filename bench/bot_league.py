"""The mahjong bot league (issue 17): each level against three copies of today's shape bot.

Duplicate deals take the luck of the wall out: every seeded deal is played four times, the
tested bot sitting in each seat in turn with the baseline (``qipai.mahjong.bot_shape``) in the
other three, so a seat's good tiles favour neither side. Each hand is a one-hand match at stake
1 (the room's default options, ``base`` 1, fresh table state; Lengzi's 下炮 as each bot
chooses it). Each deal is also played once by four baselines, the reference. Per room (every
room of the registry, 血战到底 apart from 四川) and level the bench prints:

- ``points/hand``: the tested bot's mean points per hand at stake 1 against three baselines,
  with a 95 % confidence interval over deals (the four plays of a deal are one sample; the
  game is zero-sum, so above zero = it beats today's bot);
- ``gain``: the same less what the baseline scored in the same seat of the reference play, a
  lower-variance reading of the same difference;
- ``capped``: the gain with each hand's difference held within ±``CAP`` points, a robust
  figure beside the mean where rare huge hands carry it (Zhongyou's limit hand is 512 a
  share): it keeps every plain hand and cuts only flushes and limit hands;
- its win and deal-in rates beside the baseline's in the same seats of the reference play, and
  the deal-in ratio (the target is at most 60 %);
- its decision time (mean, p99).

Deals are split into chunks over ``--jobs`` worker processes; every deal is seeded by its
number, so the figures (all but the times) are the same for any ``--jobs``.

    python bench/bot_league.py [--deals N] [--levels strong,normal] [--rooms a,b] [--jobs J]
"""

from __future__ import annotations

import argparse
import math
import os
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
from qipai.mahjong.rulesets import get_ruleset, mahjong_rooms  # noqa: E402
from qipai.mahjong.table.machine import HandMachine  # noqa: E402

CAP = 64
"""Points a hand (at stake 1) beyond which the robust ``capped`` figure cuts a difference."""


@dataclass
class Tally:
    """One level's results in one room. ``deal_points``: each deal's mean points of the tested
    bot over its four seats; ``deal_gains``: the same less the reference baseline's points in
    those seats. ``ref_*`` count the reference play's seats (four a deal)."""

    deal_points: list[float] = field(default_factory=list)
    deal_gains: list[float] = field(default_factory=list)
    deal_capped: list[float] = field(default_factory=list)
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    ref_seats: int = 0
    ref_wins: int = 0
    ref_deal_ins: int = 0
    times: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for name, value in vars(other).items():
            setattr(self, name, getattr(self, name) + value)


def play(room: str, level: str | None, seed: int, tested: int, tally: Tally) -> list[int]:
    """One play of deal ``seed`` with the tested bot in seat ``tested`` (``level`` None: the
    baseline in every seat, the reference play); the seat totals."""
    cls, found = mahjong_rooms()[room]
    ruleset = get_ruleset(cls.name, dict(found.imposed))
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
    seats = range(4) if level is None else (tested,)
    for win in settlement.wins:
        if level is None:
            tally.ref_wins += 1
            tally.ref_deal_ins += win.discarder is not None
        else:
            tally.wins += win.seat == tested
            tally.deal_ins += win.discarder == tested
    if level is None:
        tally.ref_seats += len(seats)
    else:
        tally.hands += 1
    return settlement.seat_totals()


def run_deals(room: str, level: str, seeds: range) -> Tally:
    """Each deal: the reference play, then the tested bot in each seat."""
    tally = Tally()
    for seed in seeds:
        reference = play(room, None, seed, 0, tally)
        points = [play(room, level, seed, t, tally)[t] for t in range(4)]
        tally.deal_points.append(sum(points) / 4)
        tally.deal_gains.append((sum(points) - sum(reference)) / 4)
        tally.deal_capped.append(capped_gain(points, reference))
    return tally


def capped_gain(points: list[int], reference: list[int]) -> float:
    """A deal's gain with each seat's difference held within ±``CAP``."""
    gains = (max(-CAP, min(CAP, own - ref)) for own, ref in zip(points, reference, strict=True))
    return sum(gains) / len(points)


def league(room: str, level: str, deals: int, jobs: int) -> Tally:
    chunk = max(1, min(50, deals // (jobs * 4) or 1))
    parts = [range(start, min(start + chunk, deals)) for start in range(0, deals, chunk)]
    tally = Tally()
    if jobs == 1:
        for part in parts:
            tally.add(run_deals(room, level, part))
        return tally
    with ProcessPoolExecutor(jobs, initializer=prepare_tables) as pool:
        for result in pool.map(run_deals, [room] * len(parts), [level] * len(parts), parts):
            tally.add(result)
    return tally


def interval(samples: list[float]) -> str:
    mean = statistics.fmean(samples)
    half = 1.96 * statistics.stdev(samples) / math.sqrt(len(samples)) if len(samples) > 1 else 0
    return f"{mean:+7.3f} [{mean - half:+7.3f}, {mean + half:+7.3f}]"


def report(room: str, level: str, tally: Tally) -> str:
    times = sorted(tally.times)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    deal_in = tally.deal_ins / tally.hands
    ref_deal_in = tally.ref_deal_ins / tally.ref_seats
    ratio = f"{deal_in / ref_deal_in:4.0%}" if ref_deal_in else "  - "
    return (
        f"{room:9s} {level:7s} {len(tally.deal_points):5d}  {interval(tally.deal_points)}  "
        f"{interval(tally.deal_gains)}  {interval(tally.deal_capped)}  {tally.wins / tally.hands:5.1%} "
        f"({tally.ref_wins / tally.ref_seats:5.1%})  {deal_in:5.1%} ({ref_deal_in:5.1%}) {ratio}"
        f"  {statistics.fmean(times) * 1e3:5.2f} {p99 * 1e3:6.2f}"
    )


HEADER = (
    "room      level   deals  points/hand [95 % CI]      gain over baseline [95 % CI]  "
    f"capped ±{CAP} [95 % CI]         win (base)     deal-in (base) ratio  ms mean  p99"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--levels", default="strong,normal,easy")
    parser.add_argument("--rooms", default=",".join(mahjong_rooms()))
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    prepare_tables()
    load = os.getloadavg()[0]
    print(f"{args.deals} duplicate deals a room, {args.jobs} jobs, load average {load:.2f}")
    print(HEADER, flush=True)
    for room in args.rooms.split(","):
        for level in args.levels.split(","):
            print(report(room, level, league(room, level, args.deals, args.jobs)), flush=True)


if __name__ == "__main__":
    main()
