"""A proposal of dead stones for the scoring phase (GO-04 b). Players decide; this only suggests.

The heuristic follows the rules book: a group is proposed dead when it sits in an area the
opponent surrounds and has at most one small eye there. Concretely, for each colour, the points
not occupied by the opponent fall into connected areas walled in by the opponent; an area whose
stones have fewer than two eyes (empty regions bordered only by that colour) and little eye space
is dead. When two such weak areas of opposite colours touch, the one with an eye each is seki (both
live); otherwise the weaker (fewer eyes, then liberties, then stones) is the dead one, and equals
are left alive for the players to decide. Dead groups are lifted one at a time, weakest first,
and the board is judged again, because a dead stone sitting in an eye hides that eye.
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
    """Lift the weakest hopeless group, look again, repeat: a dead stone inside an eye spoils
    that eye until it is lifted, so one pass alone would misjudge living groups."""
    nbrs = neighbours(board.size)
    colors = list(board.colors)
    dead: set[int] = set()
    while True:
        weak = _weak_groups(colors, nbrs)
        owner = {p: group for group in weak for p in group.stones}
        doomed: list[_Weak] = []
        for group in weak:
            rivals = {
                id(other): other
                for p in group.area
                for n in nbrs[p]
                if (other := owner.get(n)) is not None and other.color != group.color
            }.values()
            if not rivals:
                doomed.append(group)
            elif group.eyes and any(rival.eyes for rival in rivals):
                continue  # an eye each and shared liberties: seki, neither can approach
            elif group.strength < max(rival.strength for rival in rivals):
                doomed.append(group)
        if not doomed:
            return dead
        weakest = min(doomed, key=lambda group: group.strength)
        for p in weakest.stones:
            colors[p] = EMPTY
            dead.add(p)


def _weak_groups(colors: list[int], nbrs) -> list[_Weak]:
    weak = []
    for color in (BLACK, WHITE):
        for stones, empties in _areas(colors, nbrs, color):
            eyes = _eye_regions(colors, nbrs, empties, color)
            if len(eyes) >= 2 or sum(eyes) >= ROOMY_EYE_SPACE:
                continue
            liberties = {n for p in stones for n in nbrs[p] if colors[n] == EMPTY}
            weak.append(_Weak(color, stones, set(stones) | set(empties), len(eyes), len(liberties)))
    return weak


class _Weak:
    """An area with fewer than two eyes: dead, unless it holds its own against its neighbours."""

    __slots__ = ("color", "stones", "area", "eyes", "liberties")

    def __init__(self, color: int, stones: list[int], area: set[int], eyes: int, libs: int) -> None:
        self.color = color
        self.stones = stones
        self.area = area
        self.eyes = eyes
        self.liberties = libs

    @property
    def strength(self) -> tuple[int, int, int]:
        return (self.eyes, self.liberties, len(self.stones))
