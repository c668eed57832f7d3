"""The dead-stone estimator against GNU Go on GNU Go's own self-play games, and its speed.

Reads the games ``bench/gnugo_games.py`` generated (moves, GNU Go's ``final_status_list dead``),
replays each, and compares our proposal with GNU Go's dead list, game by game; prints the
agreement per set and per board size.
Then times the estimator (the proposal, and a full ownership map with playouts) per board size,
beside GNU Go's own ``final_status_list dead`` on the same positions when gnugo is installed.

    python bench/go_dead.py [--games bench/data/gnugo_selfplay.jsonl] [--rounds 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from qipai.go import Game, format_point, parse_point  # noqa: E402
from qipai.go.ownership import DEFAULT_PLAYOUTS, estimate  # noqa: E402
from tests.conftest import find_program  # noqa: E402
from tests.go.gtp import GtpEngine, selfplay_game  # noqa: E402

DEFAULT_GAMES = Path(__file__).resolve().parent / "data" / "gnugo_selfplay.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=Path, nargs="+", default=[DEFAULT_GAMES])
    parser.add_argument("--rounds", type=int, default=5, help="timing rounds (0: agreement only)")
    args = parser.parse_args()
    sets = [
        (path.name, json.loads(line))
        for path in args.games
        for line in path.read_text().splitlines()
    ]
    records = [record for _, record in sets]
    agree: dict[tuple[str, int], list[int]] = {}  # (set, size) -> [same, total]
    positions: dict[int, list[Game]] = {}
    print("disagreements (ours vs GNU Go):")
    for name, record in sets:
        game = selfplay_game(record)
        size = record["size"]
        positions.setdefault(size, []).append(game)
        theirs = {parse_point(p, size) for p in record["dead"]}
        ours = set(game.suggest_dead())
        tally = agree.setdefault((name, size), [0, 0])
        tally[1] += 1
        if ours == theirs:
            tally[0] += 1
            continue
        only_ours = sorted(format_point(p, size) for p in ours - theirs)
        only_theirs = sorted(format_point(p, size) for p in theirs - ours)
        print(
            f"  {name} {size}x{size} seed {record['seed']}: only ours {only_ours}, "
            f"only GNU Go's {only_theirs}"
        )
    print("\nagreement with GNU Go's final_status_list dead (games):")
    sizes = sorted({size for _, size in agree})
    print(f"  {'set':<34}" + "".join(f"{f'{s}x{s}':>9}" for s in sizes) + f"{'all':>9}")
    for name in dict.fromkeys(name for name, _ in agree):
        cells = [agree.get((name, size)) for size in sizes]
        same = sum(c[0] for c in cells if c)
        total = sum(c[1] for c in cells if c)
        row = "".join(f"{f'{c[0]}/{c[1]}' if c else '-':>9}" for c in cells)
        print(f"  {name:<34}{row}{f'{same}/{total}':>9}")
    if len(args.games) > 1:
        totals = [
            [sum(c[i] for (_, s), c in agree.items() if s == size) for i in (0, 1)]
            for size in sizes
        ]
        row = "".join(f"{f'{same}/{total}':>9}" for same, total in totals)
        same, total = (sum(c[i] for c in totals) for i in (0, 1))
        print(f"  {'all':<34}{row}{f'{same}/{total}':>9}")
    if not args.rounds:
        return
    print("\ntime per final position (median of rounds):")
    print(f"  {'size':>5} {'proposal':>10} {'map':>10} {'playouts':>9} {'GNU Go':>10}")
    for size, games in sorted(positions.items()):
        boards = [game._board for game in games]
        proposal, full = [], []
        for _ in range(args.rounds):
            for board in boards:
                start = time.perf_counter()
                estimate(board, seed=board.hash)
                proposal.append(time.perf_counter() - start)
                start = time.perf_counter()
                estimate(board, seed=1, playouts=DEFAULT_PLAYOUTS[size])
                full.append(time.perf_counter() - start)
        theirs = gnugo_times([r for r in records if r["size"] == size])
        print(
            f"  {size:>5} {statistics.median(proposal) * 1000:>8.1f}ms "
            f"{statistics.median(full) * 1000:>8.1f}ms {DEFAULT_PLAYOUTS[size]:>9} "
            + (f"{statistics.median(theirs) * 1000:>8.1f}ms" if theirs else f"{'-':>10}")
        )


def gnugo_times(records: list[dict]) -> list[float]:
    """GNU Go's ``final_status_list dead`` per position (the moves replayed untimed)."""
    program = find_program("gnugo")
    if program is None:
        return []
    times = []
    with GtpEngine([program, "--mode", "gtp", "--chinese-rules", "--level", "1"]) as engine:
        for record in records:
            engine.send(f"boardsize {record['size']}")
            engine.send("clear_board")
            color = "B"
            for move in record["moves"]:
                engine.send(f"play {color} {move}")
                color = "W" if color == "B" else "B"
            start = time.perf_counter()
            engine.send("final_status_list dead")
            times.append(time.perf_counter() - start)
    return times


if __name__ == "__main__":
    main()
