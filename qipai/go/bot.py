"""A small built-in opponent, so that local play always works without GNU Go.

It is not strong; it is sensible and fast (one pass over the board, no search): it captures
stones in atari, rescues its own, never fills its own eyes or plays into self-atari, leaves
settled territory alone, passes when nothing useful is left or when it is ahead after the
opponent passed, and accepts the proposed dead stones in the scoring phase. All randomness comes
from the injected ``random.Random``, so a seeded bot replays identically.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from qipai.go.board import EMPTY, Board, BoardRefusal, neighbours
from qipai.go.game import PLAY, SCORING, Game
from qipai.go.points import Color, Point
from qipai.go.scoring import area_count

# An opponent region this small is settled for a bot that cannot read: invading it gives stones away.
SMALL_REGION = 30


@dataclass(frozen=True)
class BotAction:
    """``kind`` is ``play`` (with ``point``), ``pass`` or ``confirm``."""

    kind: str
    point: Point | None = None

    def apply(self, game: Game, color: Color) -> None:
        if self.kind == "play":
            game.play(self.point, color)
        elif self.kind == "pass":
            game.pass_(color)
        else:
            game.confirm(color)


def routine_action(game: Game, color: Color) -> BotAction | None:
    """What every bot does without thinking: confirm the proposed dead stones in the scoring
    phase, and pass when the opponent has passed and the count now wins.  None when the bot
    must think (its turn in play) or has nothing to do (not its turn, already confirmed):
    ``game.to_move`` tells which."""
    color = Color(color)
    if game.phase == SCORING:
        return None if color in game.confirmed else BotAction("confirm")
    if game.phase != PLAY or game.to_move is not color:
        return None
    last = game.last_move
    if last is not None and last.is_pass and _ahead(game, color):
        return BotAction("pass")
    return None


class SimpleBot:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Game, color: Color) -> BotAction | None:
        """What ``color`` does now, or None when it has nothing to do (not its turn, confirmed)."""
        color = Color(color)
        action = routine_action(game, color)
        if action is not None or game.phase != PLAY or game.to_move is not color:
            return action
        point = self._best_point(game, color)
        return BotAction("pass") if point is None else BotAction("play", point)

    def _best_point(self, game: Game, color: Color) -> Point | None:
        board: Board = game._board  # read-only use of the engine's own board
        colors = board.colors
        chains = board.chains
        nbrs = neighbours(board.size)
        seen = game._seen
        owner = _region_owner(colors, nbrs)
        best = None
        best_score = 0.0
        for index, c in enumerate(colors):
            if c != EMPTY:
                continue
            region_color, region_size = owner[index]
            if region_color == color:
                continue  # own territory: a stone there gains nothing
            if region_color == color.other and region_size <= SMALL_REGION:
                continue
            if _is_own_eye(colors, nbrs, board.size, index, color):
                continue
            try:
                board.check(index, color, seen)
            except BoardRefusal:
                continue
            score = self._score(colors, chains, nbrs, index, color)
            if score is None:
                continue
            score += self.rng.random()
            if score > best_score:
                best, best_score = index, score
        if best is None:
            return None
        row, col = divmod(best, board.size)
        return (col, row)

    def _score(self, colors, chains, nbrs, index: int, color: int) -> float | None:
        """Tactical value of a legal move, None for self-atari that captures nothing."""
        foe = 3 - color
        score = 1.0
        libs = {n for n in nbrs[index] if colors[n] == EMPTY}
        captures = 0
        for n in nbrs[index]:
            chain = chains[n]
            if chain is None:
                continue
            if chain.color == foe:
                if len(chain.libs) == 1:
                    captures += len(chain.stones)
                    libs.add(n)
                elif len(chain.libs) == 2:
                    score += 5  # atari
            else:
                libs |= chain.libs
                if len(chain.libs) == 1:
                    score += 40 + len(chain.stones)  # rescue attempt
        libs.discard(index)
        if captures:
            return score + 100 + captures
        if len(libs) <= 1:
            return None
        return score


def _is_own_eye(colors, nbrs, size: int, index: int, color: int) -> bool:
    if any(colors[n] != color for n in nbrs[index]):
        return False
    row, col = divmod(index, size)
    diagonals = [
        (r, c)
        for r, c in ((row - 1, col - 1), (row - 1, col + 1), (row + 1, col - 1), (row + 1, col + 1))
        if 0 <= r < size and 0 <= c < size
    ]
    foes = sum(1 for r, c in diagonals if colors[r * size + c] == 3 - color)
    return foes == 0 if len(diagonals) < 4 else foes <= 1


def _region_owner(colors, nbrs) -> list[tuple[int, int]]:
    """For each empty point: (colour bordering its empty region alone or 0, region size)."""
    owner: list[tuple[int, int]] = [(0, 0)] * len(colors)
    done = [False] * len(colors)
    for start, c in enumerate(colors):
        if c != EMPTY or done[start]:
            continue
        done[start] = True
        stack, region, border = [start], [], 0
        while stack:
            p = stack.pop()
            region.append(p)
            for n in nbrs[p]:
                if colors[n] == EMPTY:
                    if not done[n]:
                        done[n] = True
                        stack.append(n)
                else:
                    border |= colors[n]
        mark = (border if border in (1, 2) else 0, len(region))
        for p in region:
            owner[p] = mark
    return owner


def _ahead(game: Game, color: Color) -> bool:
    """Whether ``color`` would win if the game were counted now with the proposed dead stones."""
    board = game._board
    count = area_count(
        board.colors,
        game.size,
        {p[1] * game.size + p[0] for p in game.suggest_dead()},
        game.komi,
        game.handicap,
    )
    return count.winner is color
