"""Seeded random playouts on the chain board: who ends up owning each point.

Both sides play uniformly random legal moves until both pass, with three rules that keep random
play from destroying what any player would keep: never fill an own eye (an empty point whose
neighbours are all own stones and whose diagonals the opponent does not hold), never put an own
chain of two or more stones into atari without capturing (so seki survives), and never retake a
ko at once. The end position is counted by area.
"""

from __future__ import annotations

import random
from functools import cache

from qipai.go.board import BLACK, EMPTY, Board, neighbours


@cache
def diagonals(size: int) -> tuple[tuple[int, ...], ...]:
    result = []
    for index in range(size * size):
        row, col = divmod(index, size)
        result.append(
            tuple(
                (row + dr) * size + col + dc
                for dr in (-1, 1)
                for dc in (-1, 1)
                if 0 <= row + dr < size and 0 <= col + dc < size
            )
        )
    return tuple(result)


def ownership(colors: list[int], size: int, to_move: int, seed: int, playouts: int) -> list[float]:
    """Per point, the mean owner over ``playouts`` games: +1 always Black, -1 always White."""
    rng = random.Random(seed)
    total = [0] * (size * size)
    for _ in range(playouts):
        for p, owner in enumerate(playout(colors, size, to_move, rng)):
            total[p] += owner
    return [t / playouts for t in total] if playouts else [0.0] * (size * size)


def playout(colors: list[int], size: int, to_move: int, rng: random.Random) -> list[int]:
    """One game played out from ``colors``: +1 / -1 / 0 per point for Black / White / nobody."""
    board = Board(size)
    board.colors = list(colors)
    board.rebuild()
    nbrs = neighbours(size)
    diags = diagonals(size)
    now = board.colors
    chains = board.chains
    empties = [p for p, c in enumerate(now) if c == EMPTY]
    color = to_move
    passes = 0
    ko = -1
    for _ in range(3 * size * size):
        played = -1
        i = len(empties)
        while i:
            k = rng.randrange(i)
            i -= 1
            p = empties[k]
            empties[k] = empties[i]
            empties[i] = p
            if p != ko and _sensible(p, color, now, chains, nbrs, diags):
                played = p
                break
        if played < 0:
            passes += 1
            if passes == 2:
                break
            ko = -1
        else:
            passes = 0
            empties[i] = empties[-1]
            empties.pop()
            captured = board.play(played, color, set())  # playouts ignore superko
            empties.extend(captured)
            ko = captured[0] if len(captured) == 1 and len(chains[played].stones) == 1 else -1
        color = 3 - color
    return _area(now, nbrs)


def _sensible(p, color, colors, chains, nbrs, diags) -> bool:
    """Legal, not an own eye, not a self-atari of two or more stones."""
    around = nbrs[p]
    empty = 0
    for n in around:
        if not colors[n]:
            empty += 1
    if empty > 1:
        return True  # two liberties of its own: the common case, decided without sets
    if all(colors[n] == color for n in around):
        foe = 3 - color
        held = sum(colors[d] == foe for d in diags[p])
        if held < (1 if len(around) < 4 else 2):
            return False  # an own eye
    libs = set()
    stones = 1
    own = []
    for n in around:
        c = colors[n]
        if c == EMPTY:
            libs.add(n)
        elif c == color:
            chain = chains[n]
            if chain not in own:
                own.append(chain)
                stones += len(chain.stones)
                libs |= chain.libs
        elif len(chains[n].libs) == 1:
            return True  # a capture
    libs.discard(p)
    return len(libs) > 1 or (len(libs) == 1 and stones == 1)


def _area(colors: list[int], nbrs) -> list[int]:
    sign = {BLACK: 1, EMPTY: 0}
    result = []
    for p, c in enumerate(colors):
        if c != EMPTY:
            result.append(sign.get(c, -1))
            continue
        seen = {colors[n] for n in nbrs[p]} - {EMPTY}
        result.append(sign.get(seen.pop(), -1) if len(seen) == 1 else 0)
    return result
