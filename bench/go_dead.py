"""The dead-stone estimator against GNU Go on GNU Go's own self-play games, and its speed.

Reads the games ``bench/gnugo_games.py`` generated (moves, GNU Go's ``final_status_list dead``),
replays each, and compares our proposal with GNU Go's dead list, game by game.
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
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    records = [json.loads(line) for path in args.games for line in path.read_text().splitlines()]
    agree: dict[int, list[int]] = {}
    positions: dict[int, list[Game]] = {}
    print("disagreements (ours vs GNU Go):")
    for record in records:
        game = selfplay_game(record)
        size = record["size"]
        positions.setdefault(size, []).append(game)
        theirs = {parse_point(p, size) for p in record["dead"]}
        ours = set(game.suggest_dead())
        agree.setdefault(size, [0, 0])
        agree[size][1] += 1
        if ours == theirs:
            agree[size][0] += 1
            continue
        only_ours = sorted(format_point(p, size) for p in ours - theirs)
        only_theirs = sorted(format_point(p, size) for p in theirs - ours)
        print(
            f"  {size}x{size} seed {record['seed']}: only ours {only_ours}, only GNU Go's "
            f"{only_theirs}"
        )
    print("\nagreement with GNU Go's final_status_list dead:")
    for size, (same, total) in sorted(agree.items()):
        print(f"  {size}x{size}: {same}/{total} games")
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
