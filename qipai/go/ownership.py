"""The dead-stone and ownership estimator: what is dead, who owns each point, what is unsealed.

``estimate(board, to_move, seed, playouts)`` combines the static judgement (Benson's life, eye
shapes, liberty races and seki, :mod:`qipai.go.status`) with seeded playouts for what that
leaves open. It is pure: the same board, seed and playout count give the same answer, so the
scoring-phase proposal replays exactly; a bot may call it as often as it likes.

What is certain is never overruled by the playouts. At the end of a game (``finished``) they
are the search bot's heavy playouts, which answer ataris as players would: a group the static
judgement leaves unsettled, or in open space (not walled in, so not judged), is dead when they
give its stones to the opponent more often than not, and of two groups racing each other
(whoever moves first wins) the one they favour less dies. During play the light playouts
judge every chain nothing certain decides, and only a chain they give away surely is dead.
With ``playouts=None`` a few playouts run, and only when something is unsettled or open: the
scoring-phase proposal, cheap enough for every replay.
"""

from __future__ import annotations

from dataclasses import dataclass

from qipai.go.board import BLACK, EMPTY, WHITE, Board, neighbours
from qipai.go.playouts import ownership
from qipai.go.points import Color
from qipai.go.scoring import AreaCount, Result, area_count
from qipai.go.status import judge

# enough playouts for a steady map, and 19x19 still under a second on the bench machine
DEFAULT_PLAYOUTS = {9: 64, 13: 48, 19: 48}
PROPOSAL_PLAYOUTS = 32  # only for the rare unsettled or open group at the end of a game
OPEN_DEAD = 0.5  # during play, a chain is dead when the light playouts give it away this surely
SIGN = {BLACK: 1, WHITE: -1}


@dataclass(frozen=True)
class Ownership:
    """Point indices (``row * size + col``) of one estimate."""

    size: int
    colors: tuple[int, ...]
    owner: tuple[float, ...]  # +1 Black … -1 White: certain points ±1, the rest the playouts'
    dead: frozenset[int]
    seki: frozenset[int]
    black_territory: frozenset[int]
    white_territory: frozenset[int]
    dame: frozenset[int]  # empty points bordered by both colours once the dead are lifted
    seal: frozenset[int]  # gaps in an open border: a stone there would close it

    def count(self, komi: float, handicap: int = 0) -> AreaCount:
        """The area count with these dead stones lifted: the result once borders are sealed."""
        return area_count(self.colors, self.size, self.dead, komi, handicap)

    @property
    def black_expected(self) -> float:
        """Black's count in stones as the ownership map expects it (what an overlay shows
        during play, when borders are still open): each point counts by its owner's odds."""
        return sum((1 + value) / 2 for value in self.owner)

    def expected_result(self, komi: float, handicap: int = 0) -> Result:
        """The result the map expects during play, when borders are still open: Black's
        expected count to the half stone, judged against the baseline after komi and the
        handicap's N/2 as a count is (GO-11); the score estimate a Go table shows."""
        black = round(self.black_expected * 2) / 2
        over = black - komi - handicap / 2 - self.size * self.size / 2
        winner = Color.BLACK if over > 0 else Color.WHITE if over < 0 else None
        return Result(winner=winner, reason="count", margin=abs(over))


def estimate(
    board: Board,
    to_move: int = BLACK,
    seed: int = 0,
    playouts: int | None = None,
    *,
    finished: bool = True,
) -> Ownership:
    """``finished``: both sides have passed, so the static reading of weak groups applies
    (nobody will play on to save them). During play (``finished=False``) only what is
    certain is taken from it and the playouts judge the rest."""
    size = board.size
    colors = list(board.colors)
    verdict = judge(colors, size)
    if playouts is None:
        playouts = PROPOSAL_PLAYOUTS if verdict.unsettled or verdict.open else 0
    if finished:
        dead = set(verdict.dead)
        # the heavy playouts answer ataris as players would: what they give away more often
        # than not is dead, in a race or in open space alike
        guessed = [(stones, 0.0) for stones in verdict.unsettled + verdict.open]
    else:
        vital = verdict.certain_territory
        dead = {p for p in verdict.dead if p in vital}
        guessed = [(chain, OPEN_DEAD) for chain in _chains(colors, size, dead, verdict)]
    lifted = [EMPTY if p in dead else c for p, c in enumerate(colors)]
    mean = ownership(lifted, size, to_move, seed, playouts, heavy=finished)
    if playouts:
        given = [_given_away(stones, colors, mean) for stones, _ in guessed]
        rivals = _racing(verdict) if finished else {}
        for i, (stones, margin) in enumerate(guessed):
            if margin:
                dead_now = given[i] >= margin
            elif i in rivals:  # a race whoever moves first wins: exactly one side loses it
                dead_now = given[i] > max(given[j] for j in rivals[i])
            else:
                dead_now = given[i] > 0
            if dead_now:
                dead.update(stones)
    black, white, dame, seal = board_regions(colors, size, dead)
    owner = mean if playouts else [0.0] * (size * size)
    settled = verdict.certain_territory if playouts else black | white
    for p in settled:
        owner[p] = 1.0 if p in black else -1.0 if p in white else 0.0
    for p in verdict.certain_alive if playouts else range(size * size):
        if colors[p] != EMPTY:
            owner[p] = SIGN[colors[p]] * (-1.0 if p in dead else 1.0)
    for p in dead:
        owner[p] = -SIGN[colors[p]]
    return Ownership(
        size=size,
        colors=tuple(colors),
        owner=tuple(owner),
        dead=frozenset(dead),
        seki=frozenset(verdict.seki),
        black_territory=frozenset(black),
        white_territory=frozenset(white),
        dame=frozenset(dame),
        seal=frozenset(seal),
    )


def _given_away(stones: list[int], colors: list[int], mean: list[float]) -> float:
    """How surely the playouts give these stones to the opponent: +1 always, -1 never."""
    return -sum(mean[p] for p in stones) * SIGN[colors[stones[0]]] / len(stones)


def _racing(verdict) -> dict[int, list[int]]:
    """For each unsettled group, the unsettled groups it races (whoever moves first wins, so
    one of them dies): the playouts pick the loser of each race rather than judge each side
    alone (light playouts often keep both, or give both away)."""
    index = {tuple(stones): i for i, stones in enumerate(verdict.unsettled)}
    rivals: dict[int, list[int]] = {}
    for a, b in verdict.races:
        i, j = index[tuple(a)], index[tuple(b)]
        rivals.setdefault(i, []).append(j)
        rivals.setdefault(j, []).append(i)
    return rivals


def _chains(colors: list[int], size: int, dead: set[int], verdict) -> list[list[int]]:
    """The chains nothing certain decides: not unconditionally alive, not already dead."""
    board = Board(size)
    board.colors = list(colors)
    board.rebuild()
    settled = verdict.certain_alive | dead
    chains = {id(c): c for c in board.chains if c is not None}.values()
    return [list(c.stones) for c in chains if settled.isdisjoint(c.stones)]


def board_regions(colors: list[int], size: int, dead: set[int]):
    """Territory, dame and seal points of the board with the dead stones lifted."""
    nbrs = neighbours(size)
    board = [EMPTY if p in dead else c for p, c in enumerate(colors)]
    black, white, dame, seal = set(), set(), set(), set()
    seen = [False] * (size * size)
    for start, c in enumerate(board):
        if c != EMPTY or seen[start]:
            continue
        seen[start] = True
        stack, region, border = [start], [], 0
        while stack:
            p = stack.pop()
            region.append(p)
            for n in nbrs[p]:
                if board[n] == EMPTY:
                    if not seen[n]:
                        seen[n] = True
                        stack.append(n)
                else:
                    border |= board[n]
        if border == BLACK:
            black.update(region)
        elif border == WHITE:
            white.update(region)
        else:
            dame.update(region)
            touching = [p for p in region if {board[n] for n in nbrs[p]} >= {BLACK, WHITE}]
            if len(touching) < len(region):  # wider than a line of dame: still open
                seal.update(p for p in region if _closes_a_line(p, board, size))
    return black, white, dame, seal


def _closes_a_line(p: int, board: list[int], size: int) -> bool:
    """Stones of one colour on both sides of ``p`` in a row or a column: a stone here would
    close that colour's wall (between two colours it is a plain dame point)."""
    row, col = divmod(p, size)
    pairs = []
    if 0 < col < size - 1:
        pairs.append((board[p - 1], board[p + 1]))
    if 0 < row < size - 1:
        pairs.append((board[p - size], board[p + size]))
    return any(a == b != EMPTY for a, b in pairs)
