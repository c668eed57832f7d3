"""Generate GNU Go self-play games as the oracle for the dead-stone estimator.

Each game starts from a seeded random opening (so the games differ), then GNU Go plays both
sides until two passes; its ``final_status_list dead`` and ``seki`` are stored with the moves, one
JSON object a line. ``bench/go_dead.py`` reads the file; regenerate it with

    python bench/gnugo_games.py --sizes 9 13 19 --games 12 --level 5 --first-seed 5000
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from qipai.go import Game, format_point, parse_point  # noqa: E402
from tests.conftest import find_program  # noqa: E402
from tests.go.gtp import GtpEngine  # noqa: E402

OPENING_PLIES = {9: 6, 13: 10, 19: 16}


def self_play(program: str, size: int, seed: int, level: int) -> dict | None:
    """One finished game, or None when GNU Go resigns (no scoring phase to judge)."""
    rng = random.Random(seed)
    game = Game(size, komi=0)
    argv = [program, "--mode", "gtp", "--chinese-rules", "--level", str(level), "--seed", str(seed)]
    moves: list[str] = []
    with GtpEngine(argv) as engine:
        engine.send(f"boardsize {size}")
        engine.send("komi 0")
        engine.send("clear_board")
        for _ in range(OPENING_PLIES[size]):
            point = rng.choice(game.legal_points())
            vertex = format_point(point, size)
            engine.send(f"play {game.to_move.letter} {vertex}")
            game.play(point)
            moves.append(vertex)
        while game.phase == "play" and game.move_number < 3 * size * size:
            reply = engine.send(f"genmove {game.to_move.letter}").upper()
            if reply == "RESIGN":
                return None
            if reply == "PASS":
                game.pass_()
            else:
                game.play(parse_point(reply, size))
            moves.append(reply)
        if game.phase != "scoring":
            return None
        dead = engine.send("final_status_list dead").split()
        seki = engine.send("final_status_list seki").split()
        score = engine.send("final_score")
    return {"size": size, "seed": seed, "moves": moves, "dead": dead, "seki": seki, "score": score}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("bench/data/gnugo_selfplay.jsonl"))
    parser.add_argument("--sizes", type=int, nargs="+", default=[9, 13, 19])
    parser.add_argument("--games", type=int, default=12, help="games per size")
    parser.add_argument("--level", type=int, default=1)
    parser.add_argument("--first-seed", type=int, default=1000)
    args = parser.parse_args()
    program = find_program("gnugo")
    if program is None:
        sys.exit("gnugo is not installed")
    with args.out.open("a") as out:
        for size in args.sizes:
            made, seed = 0, args.first_seed
            while made < args.games:
                record = self_play(program, size, seed, args.level)
                seed += 1
                if record is not None:
                    out.write(json.dumps(record) + "\n")
                    out.flush()
                    made += 1
                    print(f"{size}x{size} seed {seed - 1}: {len(record['dead'])} dead", flush=True)


if __name__ == "__main__":
    main()
