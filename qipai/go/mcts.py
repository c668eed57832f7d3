"""The search bot: Monte Carlo tree search with RAVE and prior knowledge over the chain board.

Each simulation goes down the tree, adds a leaf, and plays the game out with the heavy playout
policy of :func:`qipai.go.playouts.play_on` (answer the last stone's ataris, MoGo's 3x3 shapes
around it, else a random sensible move).  The tree shares its statistics with
all-moves-as-first (RAVE), and every new node starts its moves with virtual games, the
progressive bias of the michi and Fuego engines: wins for captures, escapes from atari, shape
points and moves near the last stone, losses for self-ataris and for the first two lines of an
empty corner or side, and an even prior for the rest.  As in Fuego, the virtual games count
for the move's own value and for its RAVE value alike, so that a capture, whose
all-moves-as-first value is poor (playing it later is another move), is read first.  The tree under the move the opponent
answered is kept for the next search, so a move's budget adds to what was already read.

Its end-game judgement is the estimator's: it passes only when nothing is left to decide (no
sensible move, or every empty point settled in its playouts, or its best move wins under 10 %
of them, or the opponent passed and the estimator's count with the proposed dead stones says it
wins), and in the scoring phase it accepts the proposed dead stones.  The budget is a number of
playouts, not a time, so the same seed and the same game give the same moves on any machine at
any load.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from qipai.go.board import BLACK, EMPTY, Board, BoardRefusal, neighbours
from qipai.go.bot import BotAction, routine_action
from qipai.go.game import PLAY, Game
from qipai.go.patterns import OFF, matches, rings, table
from qipai.go.playouts import _self_atari, _sensible, area, diagonals, escapes, play_on
from qipai.go.points import Color

# RAVE's weight falls to ½ when a move has been tried about this many times itself (michi's).
RAVE_EQUIVALENCE = 3500
# A move's node is added to the tree once the move has been through this many simulations.
EXPAND_AFTER = 4
# An empty point counts as settled when its owner is this sure over the search's playouts.
SETTLED = 0.9
# Below this win rate for its best move, over at least JUDGE_AFTER simulations of it, the game
# is lost whatever it plays.
HOPELESS = 0.1
JUDGE_AFTER = 200
# How often (in playouts) a search asks its ``stop`` whether to end early.
STOP_EVERY = 16
# Virtual games a new node gives its moves (michi's values): (games, of which won).
EVEN = (10, 5)
CAPTURE_ONE = (15, 15)
CAPTURE_MANY = (30, 30)  # or a cutting stone
ESCAPE = (30, 30)
SHAPE = (10, 10)
SELF_ATARI = (10, 0)
NEAR_LAST = {1: (24, 24), 2: (22, 22), 3: (8, 8)}  # by distance to the last stone
LOW_IN_EMPTY = (10, 0)  # first or second line, nothing within three points
THIRD_IN_EMPTY = (10, 10)


class _Node:
    """The statistics of one position in the tree, per candidate move (flat index)."""

    __slots__ = (
        "color",
        "moves",
        "visits",
        "wins",
        "prior",
        "prior_wins",
        "rave_visits",
        "rave_wins",
        "children",
        "urgent",
        "hash",
    )

    def __init__(self, color: int, moves: list[int], points: int, key: int) -> None:
        self.color = color
        self.moves = moves
        self.visits = [0] * points  # priors included
        self.wins = [0.0] * points
        self.prior = [0] * points  # the virtual games among ``visits``
        self.prior_wins = [0] * points  # and their wins among ``wins``
        self.rave_visits = [0] * points
        self.rave_wins = [0.0] * points
        self.children: dict[int, _Node] = {}
        self.urgent: set[int] = set()  # captures and escapes: never "settled"
        self.hash = key

    def select(self) -> int:
        visits, wins = self.visits, self.wins
        rave_visits, rave_wins = self.rave_visits, self.rave_wins
        best, best_value = -1, -1.0
        for p in self.moves:
            n = visits[p]
            rn = rave_visits[p]
            q = wins[p] / n if n else 1.0
            if rn:
                beta = rn / (rn + n + n * rn / RAVE_EQUIVALENCE)
                q = beta * rave_wins[p] / rn + (1 - beta) * q
            if q > best_value:
                best, best_value = p, q
        return best

    def played(self, p: int) -> int:
        """Real simulations through move ``p`` (without the virtual ones)."""
        return self.visits[p] - self.prior[p]


@cache
def _geometry(size: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Per point: its line (1 = the edge), and the points within Manhattan distance three."""
    lines, around = [], []
    for p in range(size * size):
        row, col = divmod(p, size)
        lines.append(1 + min(row, col, size - 1 - row, size - 1 - col))
        around.append(
            tuple(
                q
                for q in range(size * size)
                if q != p and abs(q // size - row) + abs(q % size - col) <= 3
            )
        )
    return tuple(lines), tuple(around)


def _new_node(board: Board, color: int, moves: list[int], last: int) -> _Node:
    size = board.size
    node = _Node(color, moves, size * size, board.hash)
    colors, chains = board.colors, board.chains
    nbrs = neighbours(size)
    ring, shapes = rings(size), table()
    lines, around = _geometry(size)
    visits, wins, prior = node.visits, node.wins, node.prior
    for p in moves:
        games, won = EVEN
        urgent = None
        for n in nbrs[p]:
            chain = chains[n]
            if chain is not None and len(chain.libs) == 1:
                if chain.color != color:
                    big = len(chain.stones) > 1 or _cuts(chain, chains, nbrs)
                    urgent = CAPTURE_MANY if big else CAPTURE_ONE
                elif escapes(p, color, colors, chains, nbrs):
                    urgent = ESCAPE
        if urgent is not None:
            node.urgent.add(p)
            games, won = games + urgent[0], won + urgent[1]
        elif _self_atari(p, color, colors, chains, nbrs):
            games, won = games + SELF_ATARI[0], won + SELF_ATARI[1]
        if matches(colors, ring[p], shapes):
            games, won = games + SHAPE[0], won + SHAPE[1]
        if last >= 0:
            near = NEAR_LAST.get(abs(p // size - last // size) + abs(p % size - last % size))
            if near is not None:
                games, won = games + near[0], won + near[1]
        if lines[p] <= 3 and not any(colors[q] for q in around[p]):
            extra = THIRD_IN_EMPTY if lines[p] == 3 else LOW_IN_EMPTY
            games, won = games + extra[0], won + extra[1]
        visits[p] = prior[p] = node.rave_visits[p] = games
        wins[p] = node.prior_wins[p] = node.rave_wins[p] = won
    return node


def _cuts(chain, chains, nbrs) -> bool:
    """Whether ``chain`` touches two or more opposing chains: taking it joins them."""
    touching = set()
    for s in chain.stones:
        for n in nbrs[s]:
            other = chains[n]
            if other is not None and other.color != chain.color:
                touching.add(id(other))
    return len(touching) > 1


def _candidates(board: Board, color: int) -> list[int]:
    colors, chains = board.colors, board.chains
    nbrs, diags = neighbours(board.size), diagonals(board.size)
    return [
        p
        for p in range(board.size * board.size)
        if colors[p] == EMPTY and _sensible(p, color, colors, chains, nbrs, diags)
    ]


class MctsBot:
    """``playouts`` simulations a move; ``rng`` is the only randomness (seeded: same moves)."""

    def __init__(self, rng: random.Random, playouts: int = 3000) -> None:
        self.rng = rng
        self.playouts = playouts
        self._tree: _Node | None = None  # the last search's root, for the next move

    def choose(
        self, game: Game, color: Color, stop: Callable[[], bool] | None = None
    ) -> BotAction | None:
        """What ``color`` does now, or None when it has nothing to do (not its turn, confirmed).

        ``stop`` cuts the search short when it turns true (the hall's time limit, or the table
        closing); without it the budget alone decides, and the move replays from the seed."""
        color = Color(color)
        action = routine_action(game, color)
        if action is not None or game.phase != PLAY or game.to_move is not color:
            return action
        index = self.search(game, color, stop)
        if index is None:
            return BotAction("pass")
        row, col = divmod(index, game.size)
        return BotAction("play", (col, row))

    def search(
        self, game: Game, color: Color, stop: Callable[[], bool] | None = None
    ) -> int | None:
        """The most simulated root move (flat index), or None when passing is right."""
        size = game.size
        n = size * size
        root_board: Board = game._board  # read-only: each simulation plays on its own copy
        seen = game._seen
        moves = []
        for p in _candidates(root_board, int(color)):
            try:
                root_board.check(p, int(color), seen)  # superko: only the root needs the history
            except BoardRefusal:
                continue
            moves.append(p)
        if not moves:
            self._tree = None
            return None
        colors = [*root_board.colors, OFF]  # with the off-board sentinel the shapes read
        root = self._reused(game, int(color))
        if root is None:
            last = game.last_move
            last_index = (
                -1 if last is None or last.is_pass else last.point[1] * size + last.point[0]
            )
            board = Board(size)
            board.colors = colors
            board.rebuild()
            root = _new_node(board, int(color), moves, last_index)
        else:
            root.moves = moves  # the same position: only superko can have removed a move
        owned = [0] * n
        # Black wins a count when B - komi - handicap/2 > size²/2, B its stones and territory;
        # with S = B - W over the owners of a playout's end (no dame) that is S > margin.
        margin = 2 * game.komi + game.handicap
        rng = self.rng
        done = 0
        while done < self.playouts:
            if stop is not None and done % STOP_EVERY == 0 and stop():
                break
            for p, o in enumerate(_simulate(root, colors, size, margin, rng)):
                owned[p] += o
            done += 1
        self._tree = root
        # A point either side holds in nearly every playout is decided: a stone there changes
        # nothing (or gives it away), unless it is a capture, an escape, or a dame between the
        # two colours (the side to move takes it in every playout, so it looks settled, but
        # whoever fills it gains its point). With nothing else left passing is right.
        sure = SETTLED * max(1, done)
        now = root_board.colors
        nbrs = neighbours(size)
        open_moves = [
            p for p in moves if p in root.urgent or abs(owned[p]) < sure or _dame(p, now, nbrs)
        ]
        if not open_moves:
            return None
        best = max(open_moves, key=lambda p: (root.played(p), root.wins[p]))
        real = root.played(best)
        if real >= JUDGE_AFTER and root.wins[best] - root.prior_wins[best] < HOPELESS * real:
            return None  # decided against it: passing lets the count end the game
        return best

    def _reused(self, game: Game, color: int) -> _Node | None:
        """The subtree of the last search for the position now on the board, if it grew one:
        our last move, then the opponent's answer, both stones."""
        tree, self._tree = self._tree, None
        moves = game.moves
        if tree is None or len(moves) < 2 or moves[-1].is_pass or moves[-2].is_pass:
            return None
        size = game.size
        ours, theirs = (m.point[1] * size + m.point[0] for m in moves[-2:])
        node = tree.children.get(ours)
        node = node.children.get(theirs) if node is not None else None
        if node is None or node.color != color or node.hash != game._board.hash:
            return None
        return node


def _dame(p: int, colors, nbrs) -> bool:
    """Whether the empty point ``p`` touches stones of both colours."""
    around = 0
    for n in nbrs[p]:
        around |= colors[n]
    return around == 3


def _simulate(root: _Node, colors, size, margin, rng) -> list[int]:
    """One simulation: down the tree, one new leaf, a playout, and the result back up.

    Returns the final owner of each point (+1 Black, -1 White, 0 neither)."""
    board = Board(size)
    board.colors = list(colors)
    board.rebuild()
    scratch: set[int] = set()
    color = root.color
    node = root
    path: list[_Node] = []
    sequence: list[int] = []  # moves played, tree part first; the colours alternate from root
    while True:
        p = node.select()
        path.append(node)
        sequence.append(p)
        board.play(p, color, scratch)
        scratch.clear()
        color = 3 - color
        child = node.children.get(p)
        if child is None:
            if node.played(p) >= EXPAND_AFTER:
                moves = _candidates(board, color)
                if moves:
                    node.children[p] = _new_node(board, color, moves, p)
            break
        node = child
    play_on(board, color, rng, sequence[-1], sequence, heavy=True)
    owners = area(board.colors, size)
    black_wins = sum(owners) > margin
    # AMAF: walk the moves backwards so first_by[p] ends as the colour that played p first
    # from the node being updated on.
    first_by = [0] * (size * size + 1)  # the last entry takes the playout's passes
    tree_depth = len(path)
    mover = root.color if len(sequence) % 2 else 3 - root.color  # who played sequence[-1]
    for i in range(len(sequence) - 1, tree_depth - 1, -1):
        first_by[sequence[i]] = mover
        mover = 3 - mover
    for depth in range(tree_depth - 1, -1, -1):
        node = path[depth]
        p = sequence[depth]
        first_by[p] = node.color
        win = 1.0 if (node.color == BLACK) == black_wins else 0.0
        node.visits[p] += 1
        node.wins[p] += win
        rave_visits, rave_wins, own = node.rave_visits, node.rave_wins, node.color
        for q in node.moves:
            if first_by[q] == own:
                rave_visits[q] += 1
                rave_wins[q] += win
    return owners
