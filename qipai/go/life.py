"""What can be said for certain about life and death, without reading the whole game.

Three layers, each trusted only as far as it is exact:

- Benson's unconditional life: chains that stay on the board whatever the opponent plays, even
  if their owner passes forever; stones of the other colour inside their vital regions are dead.
- Eye shapes: an enclosed eye space of a given shape is worth one eye or two when the opponent
  moves first (straight and bent three, the square, pyramid and bulky shapes, the crossed five
  and the rabbity six die to a play on the vital point; the other shapes live).
- A liberty race between two weak neighbours, read exactly on liberty counts: seki when neither
  side can capture even moving first (with one eye or none), dead when the opponent can; and
  the chain around a one-eyed group's eye, read move by move, since the counts sum liberties
  over chains that the opponent captures one at a time.

The opponent is given the first move everywhere: under area counting the owner could have
mended a killable shape before passing at no cost, so a shape left killable is read as dead
(the decision recorded as GO-04 f in docs/go.md; the rules book is silent on it). What this
module cannot settle it reports as unsettled, for the playouts to judge.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from qipai.go.board import EMPTY, Board, BoardRefusal, neighbours

BIG_EYE_SPACE = 7  # every enclosed eye space this large makes two eyes
# moves the opponent needs to fill an eye of n points (the big-eye liberty counts)
EYE_LIBERTIES = {1: 1, 2: 2, 3: 3, 4: 5, 5: 8, 6: 12}


def benson_alive(colors: list[int], size: int, color: int) -> tuple[set[int], set[int]]:
    """Benson's algorithm: (stones of unconditionally alive chains, points of their vital
    regions). A region is a maximal connected set of points not of ``color``; it is vital to a
    chain when every empty point in it is a liberty of that chain."""
    nbrs = neighbours(size)
    board = Board(size)
    board.colors = list(colors)
    board.rebuild()
    chains = {id(c): c for c in board.chains if c is not None and c.color == color}
    regions: list[tuple[list[int], set[int]]] = []  # (points, ids of bordering chains)
    seen = [False] * (size * size)
    for start, c in enumerate(colors):
        if c == color or seen[start]:
            continue
        seen[start] = True
        stack, points, border = [start], [], set()
        while stack:
            p = stack.pop()
            points.append(p)
            for n in nbrs[p]:
                if colors[n] == color:
                    border.add(id(board.chains[n]))
                elif not seen[n]:
                    seen[n] = True
                    stack.append(n)
        regions.append((points, border))
    vital_to = []
    for points, border in regions:
        empties = [p for p in points if colors[p] == EMPTY]
        vital_to.append({k for k in border if all(p in chains[k].libs for p in empties)})
    alive = set(chains)
    live_regions = set(range(len(regions)))
    while True:
        counts = dict.fromkeys(alive, 0)
        for r in live_regions:
            for k in vital_to[r]:
                if k in counts:
                    counts[k] += 1
        keep = {k for k, n in counts.items() if n >= 2}
        kept_regions = {r for r in live_regions if regions[r][1] <= keep}
        if keep == alive and kept_regions == live_regions:
            break
        alive, live_regions = keep, kept_regions
    stones = {s for k in alive for s in chains[k].stones}
    vital = {p for r in live_regions if vital_to[r] & alive for p in regions[r][0]}
    return stones, vital


@cache
def _shape_neighbours(shape: frozenset[tuple[int, int]]) -> dict[tuple[int, int], int]:
    return {
        (r, c): sum((r + dr, c + dc) in shape for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
        for r, c in shape
    }


def eye_value(points: list[int], size: int) -> int:
    """Eyes an enclosed, empty eye space is worth when the opponent plays first: 1 or 2."""
    n = len(points)
    if n >= BIG_EYE_SPACE:
        return 2
    if n <= 3:
        return 1
    shape = frozenset(divmod(p, size) for p in points)
    degree = _shape_neighbours(shape)
    has_square = any({(r + 1, c), (r, c + 1), (r + 1, c + 1)} <= shape for r, c in shape)
    if n == 4:  # straight and bent four live; the square and the pyramid die
        return 1 if has_square or max(degree.values()) >= 3 else 2
    if n == 5:  # the bulky five and the crossed five die
        return 1 if has_square or max(degree.values()) == 4 else 2
    # six: the rabbity six (a crossed five and one more) dies; the rest live
    return 1 if max(degree.values()) == 4 and has_square else 2


def is_rectangular_six_in_the_corner(points: list[int], size: int) -> bool:
    if len(points) != 6:
        return False
    rows = {p // size for p in points}
    cols = {p % size for p in points}
    corner = {0, size - 1}
    return sorted((len(rows), len(cols))) == [2, 3] and bool(rows & corner and cols & corner)


def is_false_eye(point: int, colors: list[int], size: int, color: int) -> bool:
    """A one-point eye whose diagonals the opponent holds (two, or one on the edge)."""
    row, col = divmod(point, size)
    foe = 3 - color
    held = edge = 0
    for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        r, c = row + dr, col + dc
        if 0 <= r < size and 0 <= c < size:
            held += colors[r * size + c] == foe
        else:
            edge = 1
    return held + edge >= 2


@dataclass(frozen=True)
class Chain:
    """One chain of a group: its stones, its liberties, and the opponent's stones it touches."""

    stones: frozenset[int]
    liberties: frozenset[int]
    touching: frozenset[int]


@dataclass
class Group:
    """The stones of one colour joined through empty points not next to the opponent's
    stones' area, with what they have to live on."""

    color: int
    stones: list[int]
    eyes: int  # 0, 1 or 2 (two is enough)
    eye_points: set[int]
    liberties: set[int]
    area: list[int]  # the stones and the empty points they reach without crossing the opponent
    chains: list[Chain]

    @property
    def strength(self) -> tuple[int, int, int]:
        return (self.eyes, len(self.liberties), len(self.stones))


def groups_of(colors: list[int], size: int, color: int) -> list[Group]:
    """Areas of points not held by the opponent that hold ``color`` stones, with their eyes:
    the empty regions inside bordered by ``color`` alone, each valued by its shape."""
    nbrs = neighbours(size)
    foe = 3 - color
    seen = [False] * len(colors)
    groups = []
    for start, c in enumerate(colors):
        if c != color or seen[start]:
            continue
        seen[start] = True
        stack, stones, empties = [start], [], []
        while stack:
            p = stack.pop()
            (stones if colors[p] == color else empties).append(p)
            for n in nbrs[p]:
                if not seen[n] and colors[n] != foe:
                    seen[n] = True
                    stack.append(n)
        liberties = {n for p in stones for n in nbrs[p] if colors[n] == EMPTY}
        chains = _chains_of(colors, nbrs, stones)
        # a chain in atari from inside an eye space that also touches the opponent: taking it
        # from inside opens the space
        exposed = {next(iter(c.liberties)) for c in chains if len(c.liberties) == 1 and c.touching}
        eyes = 0
        eye_points: set[int] = set()
        for region in _pure_regions(colors, nbrs, empties, color):
            if len(region) == 1 and is_false_eye(region[0], colors, size, color):
                continue
            if exposed.intersection(region):
                continue
            if is_rectangular_six_in_the_corner(region, size):
                # alive with two outside liberties; with one a ko, with none dead
                eyes += 2 if len(liberties.difference(region)) >= 2 else 1
            else:
                eyes += eye_value(region, size)
            eye_points.update(region)
        groups.append(
            Group(color, stones, min(eyes, 2), eye_points, liberties, stones + empties, chains)
        )
    return groups


def _chains_of(colors: list[int], nbrs, stones: list[int]) -> list[Chain]:
    pending = set(stones)
    chains = []
    while pending:
        start = pending.pop()
        stack, chain, libs, touching = [start], [start], set(), set()
        while stack:
            p = stack.pop()
            for n in nbrs[p]:
                if n in pending:
                    pending.remove(n)
                    stack.append(n)
                    chain.append(n)
                elif colors[n] == EMPTY:
                    libs.add(n)
                elif colors[n] != colors[p]:
                    touching.add(n)
        chains.append(Chain(frozenset(chain), frozenset(libs), frozenset(touching)))
    return chains


def _pure_regions(colors: list[int], nbrs, empties: list[int], color: int) -> list[list[int]]:
    """The connected empty regions among ``empties`` bordered by ``color`` only."""
    pending = set(empties)
    inside = set(empties)
    regions = []
    while pending:
        start = pending.pop()
        stack, region, pure = [start], [], True
        while stack:
            p = stack.pop()
            region.append(p)
            for n in nbrs[p]:
                c = colors[n]
                if c == EMPTY:
                    if n in pending:
                        pending.remove(n)
                        stack.append(n)
                    elif n not in inside:
                        pure = False  # it opens onto a point next to the opponent
                elif c != color:
                    pure = False
        if pure:
            regions.append(region)
    return regions


def lives_by_capture(group: Group, colors: list[int], size: int) -> bool:
    """Whether a weak group lives by a capture it can make now: an opponent chain next to its
    stones is in atari, the opponent cannot save it (connecting at the liberty leaves it in
    atari), taking it is no ko, and the group then has two eyes. The area groups join
    chains through empty points, so a race would count that chain's liberties together with
    those of stones it is not even connected to."""
    board = Board(size)
    board.colors = list(colors)
    board.rebuild()
    nbrs = neighbours(size)
    foe = 3 - group.color
    points = {
        next(iter(chain.libs))
        for p in group.stones
        for n in nbrs[p]
        if (chain := board.chains[n]) is not None and chain.color == foe and len(chain.libs) == 1
    }
    for point in sorted(points):
        if _saved_by_connecting(colors, size, point, foe):
            continue
        trial = Board(size)
        trial.colors = list(colors)
        trial.rebuild()
        try:
            captured = trial.play(point, group.color, set())
        except BoardRefusal:
            continue
        if not captured or len(trial.chains[point].libs) < 2:
            continue  # nothing taken, or a ko the opponent retakes
        grown = next(g for g in groups_of(trial.colors, size, group.color) if point in g.stones)
        if grown.eyes >= 2:
            return True
    return False


def _saved_by_connecting(colors: list[int], size: int, point: int, color: int) -> bool:
    board = Board(size)
    board.colors = list(colors)
    board.rebuild()
    try:
        captured = board.play(point, color, set())
    except BoardRefusal:
        return False  # the opponent cannot even connect there
    return bool(captured) or len(board.chains[point].libs) >= 2


def breaks_seki(victim: Group, rival: Group, colors: list[int], size: int) -> bool:
    """Whether ``rival`` breaks what the race reads as seki: filling a shared liberty keeps
    its own chain two liberties (capturing what it takes, often the point of it) and leaves a
    chain of ``victim`` in atari that connecting at its last liberty does not save. The race
    adds up the liberties of chains an area group joins only through empty points; one of them
    may have far fewer than the sum."""
    nbrs = neighbours(size)
    for point in sorted(victim.liberties & rival.liberties):
        board = Board(size)
        board.colors = list(colors)
        board.rebuild()
        try:
            board.play(point, rival.color, set())
        except BoardRefusal:
            continue
        if len(board.chains[point].libs) < 2:
            continue  # it would be taken back at once
        for n in nbrs[point]:
            chain = board.chains[n]
            if chain is None or chain.color != victim.color or len(chain.libs) != 1:
                continue
            if not _saved_by_connecting(board.colors, size, next(iter(chain.libs)), victim.color):
                return True
    return False


def loses_its_eye(group: Group, rival: Group, colors: list[int], size: int) -> bool:
    """Whether ``rival``, moving first, captures a chain of a one-eyed ``group`` that borders
    its eye, read move by move on the board with the group never filling its own eye. The
    race counts liberties summed over the chains an area group joins through empty points;
    the chain around the eye may have far fewer, and with it the eye is gone."""
    if group.eyes != 1:
        return False
    nbrs = neighbours(size)
    foe = set(rival.stones)
    targets = sorted(
        {
            min(chain.stones)
            for chain in group.chains
            if chain.liberties & group.eye_points
            and (chain.touching & foe or chain.liberties & rival.liberties)
            and len(chain.liberties) <= CAPTURE_READ_LIBERTIES
        }
    )
    forbidden = frozenset(group.eye_points)
    for target in targets:
        board = Board(size)
        board.colors = list(colors)
        board.rebuild()
        if _captures(board, target, rival.color, forbidden, CAPTURE_READ_DEPTH, nbrs):
            return True
    return False


CAPTURE_READ_LIBERTIES = 3  # a chain with more is not read to capture
CAPTURE_READ_DEPTH = 12  # plies


def _captures(board: Board, target: int, attacker: int, forbidden, depth: int, nbrs) -> bool:
    """Whether ``attacker`` to move captures the chain at ``target``: it plays a liberty,
    and every answer of the defender (a liberty outside ``forbidden``, or capturing an
    attacker's chain next to the target that is in atari) still leaves it to capture."""
    chain = board.chains[target]
    if len(chain.libs) == 1:
        trial = _after(board, next(iter(chain.libs)), attacker)
        return trial is not None and trial.chains[target] is None
    if depth <= 0:
        return False
    for point in sorted(chain.libs):
        trial = _after(board, point, attacker)
        if trial is None:
            continue
        if trial.chains[target] is None:
            return True
        if not _saves(trial, target, attacker, forbidden, depth - 1, nbrs):
            return True
    return False


def _saves(board: Board, target: int, attacker: int, forbidden, depth: int, nbrs) -> bool:
    chain = board.chains[target]
    if len(chain.libs) >= 3:
        return True  # the attacker gained nothing: out of a capture race read this deep
    defender = 3 - attacker
    answers = set(chain.libs) - forbidden
    for stone in chain.stones:
        for n in nbrs[stone]:
            other = board.chains[n]
            if other is not None and other.color == attacker and len(other.libs) == 1:
                answers.add(next(iter(other.libs)))
    for point in sorted(answers):
        trial = _after(board, point, defender)
        if trial is None:
            continue
        if trial.chains[target] is None:
            continue  # a self-atari captured at once is no answer
        if len(trial.chains[target].libs) >= 3:
            return True
        if not _captures(trial, target, attacker, forbidden, depth - 1, nbrs):
            return True
    return False


def _after(board: Board, point: int, color: int) -> Board | None:
    trial = Board(board.size)
    trial.colors = list(board.colors)
    trial.rebuild()
    try:
        trial.play(point, color, set())
    except BoardRefusal:
        return None
    return trial


# --------------------------------------------------------------------------- liberty races

WIN, SEKI, LOSE = 1, 0, -1


def race(
    mine_out: int, mine_eye: int, theirs_out: int, theirs_eye: int, shared: int, my_move: bool
) -> int:
    """The outcome for "me" of a capturing race read on liberty counts: WIN (I capture),
    SEKI (nobody can) or LOSE. ``*_eye`` is the number of moves needed to fill that side's eye
    (0: no eye); the last eye point can only be filled as the capturing move."""
    return _race(mine_out, mine_eye, theirs_out, theirs_eye, shared, my_move, False)


@cache
def _race(a_out, a_eye, b_out, b_eye, shared, a_moves, passed) -> int:
    """Minimax from A's side; each prefers WIN, then SEKI, then LOSE."""
    if not a_moves:
        return -_race(b_out, b_eye, a_out, a_eye, shared, True, passed)
    b_libs = b_out + b_eye + shared
    a_libs = a_out + a_eye + shared
    options = []
    if b_libs == 1:
        return WIN  # the last liberty, wherever it is, is a capture
    if b_out:
        options.append(-_race(b_out - 1, b_eye, a_out, a_eye, shared, True, False))
    if b_eye > 1:
        options.append(-_race(b_out, b_eye - 1, a_out, a_eye, shared, True, False))
    if shared and a_libs > 1:  # filling a shared liberty must not be suicide
        options.append(-_race(b_out, b_eye, a_out, a_eye, shared - 1, True, False))
    options.append(SEKI if passed else -_race(b_out, b_eye, a_out, a_eye, shared, True, True))
    return max(options)


RACE_LIMIT = 12  # liberty counts read exactly up to this; beyond it the race is open


def race_between(mine: Group, theirs: Group, my_move: bool) -> int | None:
    """The race read on the two groups' liberties. A side with more room than a static read
    can trust outlasts one without; when both have it the fight is open: None, left to the
    playouts."""
    shared = mine.liberties & theirs.liberties
    mine_eye = EYE_LIBERTIES.get(len(mine.eye_points), RACE_LIMIT) if mine.eyes else 0
    theirs_eye = EYE_LIBERTIES.get(len(theirs.eye_points), RACE_LIMIT) if theirs.eyes else 0
    mine_out = len(mine.liberties - shared - mine.eye_points)
    theirs_out = len(theirs.liberties - shared - theirs.eye_points)
    counts = (mine_out, mine_eye, theirs_out, theirs_eye, len(shared))
    mine_open, theirs_open = too_open(mine), too_open(theirs)
    if mine_open or theirs_open:
        return None if mine_open == theirs_open else WIN if mine_open else LOSE
    return race(*counts, my_move)


def too_open(group: Group) -> bool:
    """More liberties outside its eye than a static race read can trust: the liberties of
    several chains an area group joins, none of which may be as safe as their sum."""
    return len(group.liberties - group.eye_points) > RACE_LIMIT


def killed_by_sacrifice(victim: Group, rival: Group, colors: list[int], size: int) -> bool:
    """Whether ``rival`` can break an eyeless seki by filling a shared liberty itself: the
    stones ``victim`` then captures leave it a space that is one eye (a nakade), or a bent four
    in the corner (a ko the attacker wins: under area counting removing the defender's ko
    threats first costs nothing, GO-04 f)."""
    if victim.eyes:
        return False
    for point in sorted(victim.liberties & rival.liberties):
        board = Board(size)
        board.colors = list(colors)
        board.rebuild()
        try:
            board.play(point, rival.color, set())
            chain = board.chains[point]
            if len(chain.libs) != 1:
                continue
            captured = board.play(next(iter(chain.libs)), victim.color, set())
        except BoardRefusal:
            continue
        if not captured:
            continue
        space = _empty_region(board.colors, size, captured[0])
        if not _bordered_by(space, board.colors, size, victim.color):
            continue
        if eye_value(space, size) == 1 or is_bent_four_in_the_corner(space, size):
            return True
    return False


def one_eye_seki(eyed: Group, eyeless: Group, colors: list[int], size: int) -> bool:
    """Seki although one side has an eye: the eyed group is several chains around a one-point
    eye (false by its diagonals, yet nobody can take it), and filling any shared liberty leaves
    the chain it joins with the eye as its only liberty, so the opponent captures that chain in
    the eye; the eyeless side, with no liberty outside the shared ones, only shortens its own
    by filling them. The liberty-count race reads the eyed group as one chain and would give
    it the win."""
    shared = eyed.liberties & eyeless.liberties
    own = eyed.liberties - shared
    if eyeless.eyes or eyeless.liberties - shared or len(shared) < 2 or len(own) != 1:
        return False
    eye = next(iter(own))
    if any(colors[n] != eyed.color for n in neighbours(size)[eye]):
        return False
    for point in sorted(shared):
        board = Board(size)
        board.colors = list(colors)
        board.rebuild()
        try:
            board.play(point, eyed.color, set())
        except BoardRefusal:
            continue  # it cannot even be filled
        if set(board.chains[point].libs) != {eye}:
            return False  # this liberty is filled safely: a plain race
    return True


def is_bent_four_in_the_corner(points: list[int], size: int) -> bool:
    """Four points in a bent line whose bend is a corner point of the board."""
    if len(points) != 4:
        return False
    shape = frozenset(divmod(p, size) for p in points)
    degree = _shape_neighbours(shape)
    corners = {(0, 0), (0, size - 1), (size - 1, 0), (size - 1, size - 1)}
    rows = {r for r, _ in shape}
    cols = {c for _, c in shape}
    straight = len(rows) == 1 or len(cols) == 1
    path = sorted(degree.values()) == [1, 1, 2, 2]
    return path and not straight and any(degree.get(c) == 2 for c in corners)


def _empty_region(colors: list[int], size: int, start: int) -> list[int]:
    nbrs = neighbours(size)
    seen, stack = {start}, [start]
    while stack:
        p = stack.pop()
        for n in nbrs[p]:
            if colors[n] == EMPTY and n not in seen:
                seen.add(n)
                stack.append(n)
    return sorted(seen)


def _bordered_by(points: list[int], colors: list[int], size: int, color: int) -> bool:
    nbrs = neighbours(size)
    return all(colors[n] in (EMPTY, color) for p in points for n in nbrs[p])
