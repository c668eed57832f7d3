"""Hand analysis against the PyPI ``mahjong`` package, on the same random hands in one run.

Prints throughput (calls per second) of our win check, shanten and waits and of the package's
``Agari.is_agari`` / ``Shanten.calculate_shanten_for_regular_hand`` / a 34-kind loop of
``is_agari``, the ratios, and the cost of our tables (build time and memory). Targets from
issue 4: shanten >= 15x, win check on complete hands >= 3x, waits >= 15x, tables <= 100 MB and
< 10 s; issue 18: waits on random 13-tile hands >= 20x, printed twice, ours given the count
vectors as lists (like the package) and as bytearrays (the form ``waits`` is fastest on). Run from the repository root: ``python bench/mahjong_analysis.py [--hands N]``.
Ends with ``bench/mahjong_hands.py`` (4-bot hands per second) when that script exists.
"""

from __future__ import annotations

import argparse
import gc
import random
import resource
import runpy
import sys
import time
from pathlib import Path

from mahjong.agari import Agari
from mahjong.shanten import Shanten

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def resident_kb() -> int:
    """Current resident set size (Linux), to tell the tables' lasting cost from the build's peak."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


_before_import_kb = resident_kb()

from qipai.mahjong.analysis import is_standard_win, prepare_tables, shanten, waits  # noqa: E402

SHAPE_TABLES_KB = resident_kb() - _before_import_kb

NUM_KINDS = 34
CHUNK = 5_000


def random_hands(rng: random.Random, count: int, size: int) -> list[list[int]]:
    """Hands dealt from a shuffled 136-tile set, as count vectors."""
    tiles = list(range(136))
    hands = []
    for _ in range(count):
        counts = [0] * NUM_KINDS
        for tile in rng.sample(tiles, size):
            counts[tile >> 2] += 1
        hands.append(counts)
    return hands


def random_complete_hands(rng: random.Random, count: int) -> list[list[int]]:
    """Four random sets and a pair that fit in one 136-tile set."""
    hands = []
    while len(hands) < count:
        counts = [0] * NUM_KINDS
        for _ in range(4):
            kind = rng.randrange(NUM_KINDS)
            if kind < 27 and kind % 9 <= 6 and rng.random() < 0.6:  # a chow
                for offset in range(3):
                    counts[kind + offset] += 1
            else:  # a pung
                counts[kind] += 3
        counts[rng.randrange(NUM_KINDS)] += 2
        if max(counts) <= 4:
            hands.append(counts)
    return hands


def timed(function, hands: list) -> tuple[list, float]:
    began = time.process_time()
    results = [function(hand) for hand in hands]
    return results, time.process_time() - began


def compare(
    name: str, ours, theirs, hands: list, target: float | None, our_hands: list | None = None
) -> tuple[list, list]:
    """Time both functions on the same hands in CPU time of this process (other processes on a
    shared machine do not count), alternating in chunks, and which goes first, so that what
    load still costs (cache pressure) falls on both alike; print the throughputs, the ratio over the whole run and the
    range of the chunks' ratios; return both results. ``our_hands`` are the same hands in
    another form for ours (the package always gets its lists)."""
    if our_hands is None:
        our_hands = hands
    our_results: list = []
    their_results: list = []
    our_time = their_time = 0.0
    chunk_ratios = []
    for start in range(0, len(hands), CHUNK):
        chunk, our_chunk = hands[start : start + CHUNK], our_hands[start : start + CHUNK]
        gc.collect()
        if start // CHUNK % 2:  # who goes first, on hands not yet in the cache, alternates
            their_part, their_elapsed = timed(theirs, chunk)
            our_part, our_elapsed = timed(ours, our_chunk)
        else:
            our_part, our_elapsed = timed(ours, our_chunk)
            their_part, their_elapsed = timed(theirs, chunk)
        our_results += our_part
        their_results += their_part
        our_time += our_elapsed
        their_time += their_elapsed
        chunk_ratios.append(their_elapsed / our_elapsed)
    our_rate, their_rate = len(hands) / our_time, len(hands) / their_time
    ratio = our_rate / their_rate
    if target is None:
        verdict = "no target"
    else:
        verdict = f"{'meets' if ratio >= target else 'MISSES'} x{target:g}"
    print(
        f"{name:<34} ours {our_rate:>11,.0f}/s  package {their_rate:>9,.0f}/s  "
        f"x{ratio:6.1f}  ({verdict}; chunks x{min(chunk_ratios):.1f}..{max(chunk_ratios):.1f})"
    )
    return our_results, their_results


def our_waits(counts: list[int]) -> list[int]:
    """The package's win check also takes seven (distinct) pairs and thirteen orphans: so do we.
    The flags are passed as callers pass them (a ``partial`` would add its own cost)."""
    return waits(counts, seven_pairs=True, quads_as_two_pairs=False, thirteen_orphans=True)


def package_waits(counts: list[int]) -> list[int]:
    found = []
    for kind in range(NUM_KINDS):
        if counts[kind] < 4:
            counts[kind] += 1
            if Agari.is_agari(counts):
                found.append(kind)
            counts[kind] -= 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    gc.collect()
    before, resident_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resident_kb()
    start = time.perf_counter()
    prepare_tables()
    built = time.perf_counter() - start
    gc.collect()
    after, resident_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resident_kb()
    print(
        f"tables: built in {built:.2f} s; resident +{(resident_after - resident_before) / 1024:.0f} MB "
        f"after, peak +{(after - before) / 1024:.0f} MB while building "
        f"(shape tables, imported with the package: +{SHAPE_TABLES_KB / 1024:.0f} MB)"
    )

    hands = random_hands(rng, args.hands, 14)
    complete = random_complete_hands(rng, args.hands)
    waiting = random_hands(rng, args.hands, 13)
    print(
        f"{args.hands:,} random 14-tile hands, {args.hands:,} complete hands, "
        f"{args.hands:,} random 13-tile hands (seed {args.seed})"
    )

    compare("win check, random 14-tile hands", is_standard_win, Agari.is_agari, hands, None)
    ours, theirs = compare(
        "win check, complete hands", is_standard_win, Agari.is_agari, complete, 3
    )
    assert all(ours) and all(theirs)
    package_shanten = Shanten.calculate_shanten_for_regular_hand
    mismatch = 0
    ours, theirs = compare("shanten, random 14-tile hands", shanten, package_shanten, hands, 15)
    mismatch += sum(a != b for a, b in zip(ours, theirs, strict=True))
    ours, theirs = compare("shanten, random 13-tile hands", shanten, package_shanten, waiting, 15)
    mismatch += sum(a != b for a, b in zip(ours, theirs, strict=True))
    ours, theirs = compare("waits, random 13-tile hands", our_waits, package_waits, waiting, 20)
    mismatch += sum(a != b for a, b in zip(ours, theirs, strict=True))
    # The same hands, ours given each count vector as a bytearray (the form a caller can keep:
    # it takes counts[kind] += 1 like a list), which spares converting 34 ints; the package
    # still gets the lists it is fastest on. Built before timing, as a caller holds them.
    ours, theirs = compare(
        "waits, random, ours from bytearray",
        our_waits,
        package_waits,
        waiting,
        20,
        our_hands=[bytearray(hand) for hand in waiting],
    )
    mismatch += sum(a != b for a, b in zip(ours, theirs, strict=True))
    ready = ready_hands(complete, rng)
    ours, theirs = compare(
        f"waits, {len(ready):,} ready 13-tile hands", our_waits, package_waits, ready, 15
    )
    mismatch += sum(a != b for a, b in zip(ours, theirs, strict=True))
    print(f"disagreements with the package (shanten, waits): {mismatch}")

    hands_bench = Path(__file__).with_name("mahjong_hands.py")
    if hands_bench.exists():
        print(f"\n--- {hands_bench.name} ---")
        sys.argv = [str(hands_bench)]
        runpy.run_path(str(hands_bench), run_name="__main__")


def ready_hands(complete: list[list[int]], rng: random.Random) -> list[list[int]]:
    """Complete hands less one random tile: every one of them waits on something."""
    ready = []
    for hand in complete:
        hand = hand[:]
        hand[rng.choice([kind for kind, count in enumerate(hand) if count])] -= 1
        ready.append(hand)
    return ready


if __name__ == "__main__":
    main()
