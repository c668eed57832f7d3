"""Replay the shared professional records through our Go engine and through sgfmill's board.

Prints moves per second for each and the ratio; GNU Go's own replay (`loadsgf` over GTP) is
timed too when it is installed. Our engine does more per move than sgfmill's play loop: suicide
and positional-superko checks against every earlier position, and move records.

    python bench/go_replay.py [--rounds 9] [--chunk 32] [--records ../shared/data/sgf]
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from sgfmill import boards
from sgfmill import sgf as sgfmill_sgf

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from qipai.go import Color, Game  # noqa: E402
from qipai.go.board import Board  # noqa: E402

DEFAULT_RECORDS = Path(__file__).resolve().parents[2] / "shared" / "data" / "sgf"
CHUNK = 32  # records per turn of the interleaving: about 10 ms of Game, 45 ms of sgfmill


@dataclass
class Record:
    """One game's moves, converted up front into each engine's native form (not timed)."""

    path: Path
    size: int
    sgfmill_moves: list[tuple[str, tuple[int, int] | None]]  # ("b", (row, col))
    game_moves: list[tuple[Color, tuple[int, int] | None]]  # (Color, (col, row))
    board_moves: list[tuple[int, int | None]]  # (1 or 2, flat index)


def load_records(folder: Path) -> list[Record]:
    records = []
    colours = {"b": Color.BLACK, "w": Color.WHITE}
    for path in sorted(folder.glob("pro-19x19/*.sgf")) + sorted(folder.glob("9x9/*.sgf")):
        game = sgfmill_sgf.Sgf_game.from_bytes(path.read_bytes())
        size = game.get_size()
        moves = [node.get_move() for node in game.get_main_sequence()[1:]]
        moves = [(colour, move) for colour, move in moves if colour is not None]
        records.append(
            Record(
                path,
                size,
                moves,
                [(colours[c], None if m is None else (m[1], m[0])) for c, m in moves],
                [
                    (1 if c == "b" else 2, None if m is None else m[0] * size + m[1])
                    for c, m in moves
                ],
            )
        )
    return records


def replay_sgfmill(records: list[Record]) -> int:
    count = 0
    for record in records:
        board = boards.Board(record.size)
        for colour, move in record.sgfmill_moves:
            if move is not None:
                board.play(move[0], move[1], colour)
            count += 1
    return count


def replay_game(records: list[Record]) -> int:
    """Our full Game: turn order, captures, suicide, superko, move records."""
    count = 0
    for record in records:
        game = Game(record.size)
        for colour, point in record.game_moves:
            if point is None:
                game.pass_(colour)
            else:
                game.play(point, colour)
            count += 1
    return count


def replay_board(records: list[Record]) -> int:
    """Our chain board alone, still with suicide and positional-superko checks."""
    count = 0
    for record in records:
        board = Board(record.size)
        seen = {board.hash}
        for colour, index in record.board_moves:
            if index is not None:
                board.play(index, colour, seen)
            count += 1
    return count


def timed_rounds(
    replays, records, rounds: int, chunk: int = CHUNK
) -> tuple[int, list[list[float]]]:
    """CPU seconds of this process (other processes on a shared machine do not count against
    it) per round for each replay.

    A round is one pass over all records, ``chunk`` records at a time: each contender replays
    the same records right after the other (in alternating order), so that what load still
    costs, such as a busy sibling core, falls on every contender alike and within tens of
    milliseconds rather than a second apart. Much smaller turns (8 records) start the faster
    contender on caches the other has just filled with its own data, which costs it a few
    per cent. One untimed pass first warms every contender the same way."""
    parts = [records[i : i + chunk] for i in range(0, len(records), chunk)]
    for replay in replays:
        replay(records)
    seconds: list[list[float]] = [[0.0] * rounds for _ in replays]
    forward = range(len(replays))
    moves = 0
    for number in range(rounds):
        moves = 0
        for k, part in enumerate(parts):
            order = forward if (number + k) % 2 == 0 else reversed(forward)
            for i in order:
                start = time.process_time()
                done = replays[i](part)
                seconds[i][number] += time.process_time() - start
            moves += done
    return moves, seconds


def ratio_figures(theirs: list[float], ours: list[float]) -> str:
    """Median and range of the per-round speed ratios (each round times both the same way)."""
    ratios = sorted(their / our for their, our in zip(theirs, ours, strict=True))
    return f"{statistics.median(ratios):5.2f}x sgfmill (rounds {ratios[0]:.2f}..{ratios[-1]:.2f})"


def gnugo_rate(records, gnugo: str) -> float | None:
    """GNU Go replays each record with GTP `loadsgf`; CPU time of the child, start-up subtracted."""

    def run(commands: str) -> float:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(
            [gnugo, "--mode", "gtp", "--quiet"],
            input=commands,
            capture_output=True,
            text=True,
            check=True,
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

    startup = min(run("quit\n") for _ in range(3))
    script = "".join(f"loadsgf {record.path}\n" for record in records) + "quit\n"
    elapsed = min(run(script) for _ in range(2)) - startup
    moves = sum(len(record.sgfmill_moves) for record in records)
    return moves / elapsed if elapsed > 0 else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--records", type=Path, default=DEFAULT_RECORDS)
    parser.add_argument(
        "--chunk",
        type=int,
        default=CHUNK,
        help="records each contender replays before the next takes its turn "
        "(371 or more: whole passes, one contender after the other)",
    )
    args = parser.parse_args()
    records = load_records(args.records)
    total = sum(len(record.sgfmill_moves) for record in records)
    print(
        f"{len(records)} records, {total} moves, {args.rounds} rounds "
        f"interleaved every {args.chunk} records"
    )
    moves, (theirs, board, game) = timed_rounds(
        (replay_sgfmill, replay_board, replay_game), records, args.rounds, args.chunk
    )
    print(f"sgfmill Board.play        {moves / statistics.median(theirs):12,.0f} moves/s (median)")
    print(
        f"qipai Board (+superko)    {moves / statistics.median(board):12,.0f} moves/s  "
        f"{ratio_figures(theirs, board)}"
    )
    print(
        f"qipai Game (full rules)   {moves / statistics.median(game):12,.0f} moves/s  "
        f"{ratio_figures(theirs, game)}"
    )
    gnugo = shutil.which("gnugo") or (
        "/usr/games/gnugo" if Path("/usr/games/gnugo").exists() else None
    )
    if gnugo:
        rate = gnugo_rate(records, gnugo)
        if rate:
            print(
                f"GNU Go loadsgf (C)        {rate:12,.0f} moves/s   "
                f"{moves / statistics.median(game) / rate:5.2f}x is Game/GNU Go"
            )
    else:
        print("GNU Go not installed: skipped")


if __name__ == "__main__":
    main()
