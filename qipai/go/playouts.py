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

from qipai.go.board import BLACK, EMPTY, WHITE, Board, neighbours
from qipai.go.patterns import OFF, matches, rings, table


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


def ownership(
    colors: list[int], size: int, to_move: int, seed: int, playouts: int, heavy: bool = False
) -> list[float]:
    """Per point, the mean owner over ``playouts`` games: +1 always Black, -1 always White.
    ``heavy``: the search bot's policy (:func:`play_on`), slower but it answers ataris and
    plays shape, so stones that would be captured in a real game are captured."""
    rng = random.Random(seed)
    total = [0] * (size * size)
    for _ in range(playouts):
        for p, owner in enumerate(playout(colors, size, to_move, rng, heavy)):
            total[p] += owner
    return [t / playouts for t in total] if playouts else [0.0] * (size * size)


def playout(
    colors: list[int], size: int, to_move: int, rng: random.Random, heavy: bool = False
) -> list[int]:
    """One game played out from ``colors``: +1 / -1 / 0 per point for Black / White / nobody."""
    board = Board(size)
    board.colors = [*colors, OFF] if heavy else list(colors)
    board.rebuild()
    play_on(board, to_move, rng, heavy=heavy)
    return area(board.colors, size)


def play_on(
    board: Board,
    color: int,
    rng: random.Random,
    last: int = -1,
    sequence: list[int] | None = None,
    heavy: bool = False,
) -> None:
    """Play ``board`` on to two passes, ``color`` first, appending every stone to ``sequence``
    (and ``size * size`` for a pass, so that its moves alternate colours).

    The light policy (the estimator's) picks uniformly among the sensible moves.  The heavy one
    (the search bot's) first answers the last stone: it captures a chain next to it in atari or
    saves an own chain it put there (:func:`answer`), else plays one of the 3x3 shape points
    around it (:mod:`qipai.go.patterns`) that is not a self-atari, and only then a random
    sensible move, turning down a single-stone self-atari half of the time.  A heavy board keeps
    the off-board sentinel ``colors[size * size] == OFF`` that the shapes read.
    """
    now = board.colors
    chains = board.chains
    size = board.size
    n = size * size
    nbrs = neighbours(size)
    diags = diagonals(size)
    if heavy:
        ring = rings(size)
        shapes = table()
    empties = [p for p in range(n) if now[p] == EMPTY]
    scratch: set[int] = set()  # playouts ignore superko
    play = board.play
    passes = 0
    ko = -1
    for _ in range(3 * n):
        played = -1
        if heavy and last >= 0:
            played = answer(last, color, now, chains, nbrs, diags, ko)
            if played < 0:
                shaped = [
                    p
                    for p in ring[last]
                    if p < n
                    and not now[p]
                    and p != ko
                    and matches(now, ring[p], shapes)
                    and _sensible(p, color, now, chains, nbrs, diags)
                    and not _self_atari(p, color, now, chains, nbrs)
                ]
                if shaped:
                    played = shaped[rng.randrange(len(shaped))] if len(shaped) > 1 else shaped[0]
            if played >= 0:
                k = empties.index(played)
                empties[k] = empties[-1]
                empties.pop()
        if played < 0:
            i = len(empties)
            while i:
                k = rng.randrange(i)
                i -= 1
                p = empties[k]
                empties[k] = empties[i]
                empties[i] = p
                if (
                    p != ko
                    and _sensible(p, color, now, chains, nbrs, diags)
                    and not (
                        heavy and _self_atari(p, color, now, chains, nbrs) and rng.random() < 0.5
                    )
                ):
                    played = p
                    break
            if played >= 0:
                empties[i] = empties[-1]
                empties.pop()
        if played < 0:
            passes += 1
            if passes == 2:
                return
            if sequence is not None:
                sequence.append(n)  # a pass, so that the colours still alternate
            ko = -1
            last = -1
        else:
            passes = 0
            captured = play(played, color, scratch)
            scratch.clear()
            if sequence is not None:
                sequence.append(played)
            if captured:
                empties.extend(captured)
                ko = captured[0] if len(captured) == 1 and len(chains[played].stones) == 1 else -1
            else:
                ko = -1
            last = played
        color = 3 - color


def answer(last, color, now, chains, nbrs, diags, ko) -> int:
    """The reply to the last stone: capture a chain next to it in atari (the last stone's own
    chain first), else give an own chain it put in atari its last liberty; -1 if neither."""
    for n in (last, *nbrs[last]):
        c = now[n]
        if c == EMPTY:
            continue
        chain = chains[n]
        if len(chain.libs) == 1:
            (lib,) = chain.libs
            if (
                lib != ko
                and _sensible(lib, color, now, chains, nbrs, diags)
                and (c != color or escapes(lib, color, now, chains, nbrs))
            ):
                return lib
    return -1


def escapes(p, color, now, chains, nbrs) -> bool:
    """Whether extending to ``p`` leaves the own chains it joins with more than two liberties
    or captures (an extension into a ladder is not worth a playout move)."""
    libs = set()
    for n in nbrs[p]:
        c = now[n]
        if c == EMPTY:
            libs.add(n)
        elif c == color:
            libs |= chains[n].libs
        elif len(chains[n].libs) == 1:
            return True
    libs.discard(p)
    return len(libs) > 2


def _self_atari(p, color, now, chains, nbrs) -> bool:
    """Whether a stone at ``p`` captures nothing and leaves its chain one liberty."""
    libs = set()
    for n in nbrs[p]:
        c = now[n]
        if c == EMPTY:
            libs.add(n)
        elif c == color:
            libs |= chains[n].libs
        elif len(chains[n].libs) == 1:
            return False
        if len(libs) > 2:
            return False
    libs.discard(p)
    return len(libs) < 2


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


def area(colors: list[int], size: int) -> list[int]:
    """The owner of each point at a playout's end: a stone's colour, an empty point's when
    its neighbours are all of one colour (+1 Black, -1 White, 0 neither)."""
    nbrs = neighbours(size)
    result = []
    for p in range(size * size):
        c = colors[p]
        if c == EMPTY:
            around = 0
            for n in nbrs[p]:
                around |= colors[n]
            result.append(1 if around == BLACK else -1 if around == WHITE else 0)
        else:
            result.append(1 if c == BLACK else -1)
    return result
