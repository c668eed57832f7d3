"""Replay the shared professional records through our Go engine and through sgfmill's board.

Prints moves per second for each and the ratio; GNU Go's own replay (`loadsgf` over GTP) is
timed too when it is installed. Our engine does more per move than sgfmill's play loop: suicide
and positional-superko checks against every earlier position, and move records.

    python bench/go_replay.py [--rounds 5] [--records ../shared/data/sgf]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path

from sgfmill import boards
from sgfmill import sgf as sgfmill_sgf

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from qipai.go import Color, Game  # noqa: E402
from qipai.go.board import Board  # noqa: E402

DEFAULT_RECORDS = Path(__file__).resolve().parents[2] / "shared" / "data" / "sgf"


def load_records(folder: Path) -> list[tuple[Path, int, list[tuple[str, tuple[int, int] | None]]]]:
    records = []
    for path in sorted(folder.glob("pro-19x19/*.sgf")) + sorted(folder.glob("9x9/*.sgf")):
        game = sgfmill_sgf.Sgf_game.from_bytes(path.read_bytes())
        moves = [node.get_move() for node in game.get_main_sequence()[1:]]
        moves = [(colour, move) for colour, move in moves if colour is not None]
        records.append((path, game.get_size(), moves))
    return records


def replay_sgfmill(records) -> int:
    count = 0
    for _, size, moves in records:
        board = boards.Board(size)
        for colour, move in moves:
            if move is not None:
                board.play(move[0], move[1], colour)
            count += 1
    return count


def replay_game(records) -> int:
    """Our full Game: turn order, captures, suicide, superko, move records."""
    count = 0
    colours = {"b": Color.BLACK, "w": Color.WHITE}
    for _, size, moves in records:
        game = Game(size)
        for colour, move in moves:
            if move is None:
                game.pass_(colours[colour])
            else:
                game.play((move[1], move[0]), colours[colour])
            count += 1
    return count


def replay_board(records) -> int:
    """Our chain board alone, still with suicide and positional-superko checks."""
    count = 0
    for _, size, moves in records:
        board = Board(size)
        seen = {board.hash}
        for colour, move in moves:
            if move is not None:
                board.play(move[0] * size + move[1], 1 if colour == "b" else 2, seen)
            count += 1
    return count


def best_rates(replays, records, rounds: int) -> list[float]:
    """Best moves/s of each replay; rounds are interleaved so that load from other processes
    on a shared machine falls on every contender alike."""
    best = [float("inf")] * len(replays)
    moves = 0
    for _ in range(rounds):
        for i, replay in enumerate(replays):
            start = time.perf_counter()
            moves = replay(records)
            best[i] = min(best[i], time.perf_counter() - start)
    return [moves / elapsed for elapsed in best]


def gnugo_rate(records, gnugo: str) -> float | None:
    """GNU Go replays each record with GTP `loadsgf`; its start-up time is subtracted."""

    def run(commands: str) -> float:
        start = time.perf_counter()
        subprocess.run(
            [gnugo, "--mode", "gtp", "--quiet"],
            input=commands,
            capture_output=True,
            text=True,
            check=True,
        )
        return time.perf_counter() - start

    startup = min(run("quit\n") for _ in range(3))
    script = "".join(f"loadsgf {path}\n" for path, _, _ in records) + "quit\n"
    elapsed = min(run(script) for _ in range(2)) - startup
    moves = sum(len(moves) for _, _, moves in records)
    return moves / elapsed if elapsed > 0 else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--records", type=Path, default=DEFAULT_RECORDS)
    args = parser.parse_args()
    records = load_records(args.records)
    total = sum(len(moves) for _, _, moves in records)
    print(f"{len(records)} records, {total} moves, best of {args.rounds} rounds")
    theirs, board, game = best_rates(
        (replay_sgfmill, replay_board, replay_game), records, args.rounds
    )
    print(f"sgfmill Board.play        {theirs:12,.0f} moves/s")
    print(f"qipai Board (+superko)    {board:12,.0f} moves/s   {board / theirs:5.2f}x sgfmill")
    print(f"qipai Game (full rules)   {game:12,.0f} moves/s   {game / theirs:5.2f}x sgfmill")
    gnugo = shutil.which("gnugo") or (
        "/usr/games/gnugo" if Path("/usr/games/gnugo").exists() else None
    )
    if gnugo:
        rate = gnugo_rate(records, gnugo)
        if rate:
            print(
                f"GNU Go loadsgf (C)        {rate:12,.0f} moves/s   {game / rate:5.2f}x is Game/GNU Go"
            )
    else:
        print("GNU Go not installed: skipped")


if __name__ == "__main__":
    main()
