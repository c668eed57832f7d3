"""The Go ladder, measured: the rungs play each other and GNU Go on 9x9 and the ranks follow.

Each pairing plays ``--games`` seeded games, colours alternating, komi 3.5 stones (7 points),
counted by the core after both pass (the bots accept the proposed dead stones; GNU Go may
resign).  It prints, per pairing, the first player's win rate with a 95 % Wilson interval and
each side's seconds per move (process CPU time for the built-in bots, so the figure is the
playout cost rather than the box's load; wall time beside it), then an Elo per rung from all the
pairings and the rank derived from it.

A rung ``X@K`` is X giving K handicap stones (GO-10's points, komi 0): it plays White in every
game and its opponent takes the stones, so its Elo is the even-game strength that scores half
against X so.  ``X@K`` against X itself measures what K stones are worth against X.

The only figure assumed is the anchor: GNU Go 3.8 at level 10 is taken as about 8 kyu (its
long-standing KGS rank), and one kyu as 100 Elo (the EGF's step in the kyu range); every other
rank is measured against it.  A long run may be split: ``--pairs`` plays chosen pairings,
``--save`` keeps each pairing's result and ``--load`` fits the Elo over results saved by
several runs (played in parallel, or one after the other; a pairing played in several runs with
other seeds counts all its games).  The default run is short (a few
minutes on a quiet box); a full run is, for example,

    python bench/go_ladder.py --games 40 --rungs simple mcts:300 mcts:1000 mcts:3000 \
        --gnugo 1 5 10
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from qipai.go import Color, Game, format_point, parse_point  # noqa: E402
from qipai.go.bot import SimpleBot  # noqa: E402
from qipai.go.mcts import MctsBot  # noqa: E402
from tests.conftest import find_program  # noqa: E402
from tests.go.gtp import GtpEngine  # noqa: E402

SIZE = 9
MAX_PLIES = 250  # a runaway game is counted where it stands
ANCHOR = ("gnugo:10", 8.0)  # kyu; see the module docstring
ELO_PER_KYU = 100.0


class Player:
    """One side of a game: ``move`` returns a vertex ("D4", "pass", "resign")."""

    def __init__(self, rung: str, seed: int, gnugo: str | None, game: Game) -> None:
        self.rung = rung
        self.cpu = 0.0
        self.wall = 0.0
        self.moves = 0
        self.engine = None
        kind, _, arg = rung.partition("@")[0].partition(":")
        if kind == "simple":
            self.bot = SimpleBot(random.Random(seed))
        elif kind == "mcts":
            self.bot = MctsBot(random.Random(seed), int(arg))
        elif kind == "gnugo":
            argv = [gnugo, "--mode", "gtp", "--chinese-rules", "--level", arg, "--seed", str(seed)]
            self.engine = GtpEngine(argv)
            self.engine.send(f"boardsize {SIZE}")
            self.engine.send(f"komi {2 * game.komi:g}")
            self.engine.send("clear_board")
            if game.handicap:
                stones = " ".join(format_point(p, SIZE) for p in game.setup[Color.BLACK])
                self.engine.send(f"set_free_handicap {stones}")
        else:
            raise SystemExit(f"unknown rung {rung!r}")

    def told(self, color: Color, vertex: str) -> None:
        if self.engine is not None:
            self.engine.send(f"play {color.letter} {vertex}")

    def move(self, game: Game, color: Color) -> str:
        cpu, wall = time.process_time(), time.perf_counter()
        if self.engine is not None:
            vertex = self.engine.send(f"genmove {color.letter}").upper()
        else:
            action = self.bot.choose(game, color)
            vertex = "PASS" if action.kind == "pass" else format_point(action.point, SIZE)
        self.cpu += time.process_time() - cpu
        self.wall += time.perf_counter() - wall
        self.moves += 1
        return vertex

    def close(self) -> None:
        if self.engine is not None:
            self.engine.close()


def handicap_of(rung: str) -> int:
    """The stones a ``X@K`` rung gives its opponent (0 for an even rung)."""
    _, _, stones = rung.partition("@")
    return int(stones) if stones else 0


def play_game(game: Game, black: Player, white: Player) -> Color | None:
    players = {Color.BLACK: black, Color.WHITE: white}
    while game.phase == "play" and len(game.moves) < MAX_PLIES:
        color = game.to_move
        vertex = players[color].move(game, color)
        if vertex == "RESIGN":
            return color.other
        if vertex == "PASS":
            game.pass_(color)
        else:
            game.play(parse_point(vertex, SIZE), color)
        players[color.other].told(color, vertex.lower() if vertex != "PASS" else "pass")
    if game.phase == "play":
        return game.count().winner
    for color in (Color.BLACK, Color.WHITE):
        if game.result is None:
            game.confirm(color)
    return game.result.winner


def wilson(wins: float, games: int) -> tuple[float, float]:
    if not games:
        return 0.0, 1.0
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def match(a: str, b: str, games: int, seed: int, gnugo: str | None, verbose: bool) -> dict:
    wins = 0.0
    sides = {a: [0.0, 0.0, 0], b: [0.0, 0.0, 0]}
    stones = handicap_of(a) or handicap_of(b)
    if handicap_of(a) and handicap_of(b):
        raise SystemExit(f"{a} and {b} both give stones: one side takes them")
    for g in range(games):
        # A rung that gives stones plays White every game; an even pairing alternates.
        a_black = not handicap_of(a) if stones else g % 2 == 0
        game = Game(SIZE, komi=0.0 if stones else 3.5, handicap=stones)
        pa, pb = Player(a, seed + 2 * g, gnugo, game), Player(b, seed + 2 * g + 1, gnugo, game)
        black, white = (pa, pb) if a_black else (pb, pa)
        try:
            winner = play_game(game, black, white)
        finally:
            pa.close()
            pb.close()
        a_color = Color.BLACK if a_black else Color.WHITE
        wins += 0.5 if winner is None else float(winner is a_color)
        if verbose:
            who = "nobody" if winner is None else a if winner is a_color else b
            print(f"  game {g + 1}: {a} {a_color.letter}, won by {who}", flush=True)
        for p in (pa, pb):
            side = sides[p.rung]
            side[0] += p.cpu
            side[1] += p.wall
            side[2] += p.moves
    return {"a": a, "b": b, "games": games, "wins": wins, "sides": sides}


def merged(saved) -> list[dict]:
    """Saved results with the games of one pairing (run with other seeds) added together."""
    by_pair: dict[tuple[str, str], dict] = {}
    for r in saved:
        key = (r["a"], r["b"])
        if key not in by_pair:
            by_pair[key] = r
            continue
        total = by_pair[key]
        total["games"] += r["games"]
        total["wins"] += r["wins"]
        for rung, side in r["sides"].items():
            total["sides"][rung] = [x + y for x, y in zip(total["sides"][rung], side, strict=True)]
    return list(by_pair.values())


def elos(results: list[dict], rungs: list[str]) -> dict[str, float]:
    """Maximum-likelihood Elo (Bradley-Terry by gradient steps), a draw-free prior of one win
    and one loss against each opponent so a clean sweep stays finite."""
    rating = dict.fromkeys(rungs, 0.0)
    played = dict.fromkeys(rungs, 0)
    for r in results:
        played[r["a"]] += r["games"] + 2
        played[r["b"]] += r["games"] + 2
    for _ in range(5000):
        grad = dict.fromkeys(rungs, 0.0)
        for r in results:
            a, b = r["a"], r["b"]
            expected = 1 / (1 + 10 ** ((rating[b] - rating[a]) / 400))
            wins = r["wins"] + 1
            games = r["games"] + 2
            grad[a] += wins - games * expected
            grad[b] -= wins - games * expected
        # A step per rung scaled by its own games, so a rarely met rung converges too.
        for k in rungs:
            rating[k] += 300 * grad[k] / max(1, played[k])
    return rating


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per pairing")
    parser.add_argument("--rungs", nargs="+", default=["simple", "mcts:300", "mcts:1500"])
    parser.add_argument("--gnugo", nargs="*", type=int, default=[1, 10], help="GNU Go levels")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="a line per game as it ends")
    parser.add_argument(
        "--pairs", nargs="+", metavar="A,B", help="play these pairings instead of the ladder's"
    )
    parser.add_argument("--save", help="append each pairing's result to this file (JSON lines)")
    parser.add_argument(
        "--load", nargs="*", default=[], help="results saved by earlier runs, fitted with these"
    )
    args = parser.parse_args()
    gnugo = find_program("gnugo")
    rungs = list(args.rungs)
    if gnugo is None:
        print("GNU Go not found: the rungs play each other only (no rank anchor)")
    else:
        rungs += [f"gnugo:{level}" for level in args.gnugo]
    pairs = [(rungs[i], rungs[i + 1]) for i in range(len(rungs) - 1)]
    # Every built-in rung also meets the weakest GNU Go level and today's bot.
    weakest_gnugo = rungs[len(args.rungs) :][:1]
    extra = [(r, x) for r in args.rungs for x in ["simple", *weakest_gnugo]]
    for pair in extra:
        if pair[0] != pair[1] and pair[1] in rungs and {pair, pair[::-1]}.isdisjoint(pairs):
            pairs.append(pair)
    if args.pairs:
        pairs = [tuple(pair.split(",")) for pair in args.pairs]
        rungs = list(dict.fromkeys(x for pair in pairs for x in pair))
    results = merged(
        json.loads(line)
        for path in args.load
        for line in Path(path).read_text().split("\n")
        if line
    )
    for r in results:
        rungs += [x for x in (r["a"], r["b"]) if x not in rungs]
    done = {(r["a"], r["b"]) for r in results}
    print(f"{'pairing':<24} {'games':>5} {'A wins':>7} {'95% CI':>13}  s/move A (cpu/wall), B")
    for a, b in [p for p in pairs if p not in done] + sorted(done):
        if (a, b) in done:
            r = next(r for r in results if (r["a"], r["b"]) == (a, b))
        else:
            r = match(a, b, args.games, args.seed, gnugo, args.verbose)
            results.append(r)
            if args.save:
                with open(args.save, "a") as out:
                    out.write(json.dumps(r) + "\n")
        low, high = wilson(r["wins"], r["games"])
        per = {k: (v[0] / max(1, v[2]), v[1] / max(1, v[2])) for k, v in r["sides"].items()}
        print(
            f"{a + ' vs ' + b:<24} {r['games']:>5} {r['wins'] / r['games']:>7.0%} "
            f"{low:>6.0%}-{high:<6.0%}  {per[a][0]:.2f}/{per[a][1]:.2f}, "
            f"{per[b][0]:.2f}/{per[b][1]:.2f}",
            flush=True,
        )
    rating = elos(results, rungs)
    anchor, anchor_kyu = ANCHOR
    print()
    if anchor in rating:
        for rung in rungs:
            kyu = anchor_kyu + (rating[anchor] - rating[rung]) / ELO_PER_KYU
            print(f"{rung:<12} Elo {rating[rung] - rating[anchor]:+6.0f}   about {kyu:.0f} kyu")
    else:
        for rung in rungs:
            print(f"{rung:<12} Elo {rating[rung]:+6.0f} (no {anchor} in the run: no rank)")


if __name__ == "__main__":
    main()
