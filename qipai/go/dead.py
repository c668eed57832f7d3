"""A proposal of dead stones for the scoring phase (GO-04 b). Players decide; this only suggests.

The heuristic follows the rules book: a group is proposed dead when it sits in an area the
opponent surrounds and has at most one small eye there. Concretely, for each colour, the points
not occupied by the opponent fall into connected areas walled in by the opponent; an area whose
stones have fewer than two eyes (empty regions bordered only by that colour) and little eye space
is dead. Two such neighbouring areas of opposite colours that would kill each other are left
alive: that is seki, where neither side can capture.
"""

from __future__ import annotations

from qipai.go.board import BLACK, EMPTY, WHITE, Board, neighbours

ROOMY_EYE_SPACE = 7  # one eye region this large can still make two eyes


def _areas(colors: list[int], nbrs, color: int) -> list[tuple[list[int], list[int]]]:
    """Connected areas of points not held by the opponent that contain ``color`` stones:
    (stones of ``color``, empty points)."""
    foe = 3 - color
    seen = [False] * len(colors)
    areas = []
    for start, c in enumerate(colors):
        if c != color or seen[start]:
            continue
        seen[start] = True
        stack = [start]
        stones: list[int] = []
        empties: list[int] = []
        while stack:
            p = stack.pop()
            (stones if colors[p] == color else empties).append(p)
            for n in nbrs[p]:
                if not seen[n] and colors[n] != foe:
                    seen[n] = True
                    stack.append(n)
        areas.append((stones, empties))
    return areas


def _eye_regions(colors: list[int], nbrs, empties: list[int], color: int) -> list[int]:
    """Sizes of the empty regions in ``empties`` bordered by ``color`` only."""
    pending = set(empties)
    sizes = []
    while pending:
        start = pending.pop()
        stack = [start]
        size = 0
        pure = True
        while stack:
            p = stack.pop()
            size += 1
            for n in nbrs[p]:
                c = colors[n]
                if c == EMPTY:
                    if n in pending:
                        pending.remove(n)
                        stack.append(n)
                elif c != color:
                    pure = False
        if pure:
            sizes.append(size)
    return sizes


def suggest_dead_indices(board: Board) -> set[int]:
    colors = board.colors
    nbrs = neighbours(board.size)
    doomed: dict[int, list[int]] = {BLACK: [], WHITE: []}
    doomed_areas: list[tuple[int, set[int]]] = []
    for color in (BLACK, WHITE):
        for stones, empties in _areas(colors, nbrs, color):
            eyes = _eye_regions(colors, nbrs, empties, color)
            if len(eyes) >= 2 or sum(eyes) >= ROOMY_EYE_SPACE:
                continue
            doomed[color].extend(stones)
            doomed_areas.append((color, set(stones) | set(empties)))
    dead: set[int] = set()
    for color, area in doomed_areas:
        touching = set()
        for p in area:
            touching.update(nbrs[p])
        foe_doomed = set(doomed[3 - color])
        if touching & foe_doomed:
            continue  # both sides would die against each other: seki, leave it alive
        dead.update(p for p in area if colors[p] == color)
    return dead
