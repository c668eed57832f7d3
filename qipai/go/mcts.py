"""The search bot: Monte Carlo tree search with RAVE over the chain board.

The strength is in the playouts, so their loop is written for speed: one chain board per
simulation (rebuilt from the root's colours, liberties kept incrementally by ``Board.play``), the
empty points kept in one list swapped in place, and a light policy that first answers the last
move (capture a chain it left in atari, or save an own chain it put there) before falling back to
a random sensible move (never an own eye, never a self-atari of two or more stones, never an
immediate ko retake).  The tree shares its statistics with all-moves-as-first (RAVE), which is
what makes a few thousand playouts a move worth having in pure Python.

Its end-game judgement is the estimator's: it passes only when nothing is left to decide (no
sensible move, or every empty point settled in its playouts, or its best move wins under 10 %
of them, or the opponent passed and the
estimator's count with the proposed dead stones says it wins), and in the scoring phase it
accepts the proposed dead stones.  The budget is a number of playouts, not a time, so the same
seed gives the same moves on any machine at any load.
"""

from __future__ import annotations

import math
import random

from qipai.go.board import BLACK, EMPTY, Board, BoardRefusal, neighbours
from qipai.go.bot import BotAction, _ahead
from qipai.go.game import PLAY, SCORING, Game
from qipai.go.playouts import _sensible, diagonals
from qipai.go.points import Color

# RAVE's weight falls from 1 to ½ when a move has been tried about this many times itself.
RAVE_EQUIVALENCE = 400
# A child is added to the tree once its parent's move has been through this many simulations.
EXPAND_AFTER = 2
# An empty point counts as settled when its owner is this sure over the search's playouts.
SETTLED = 0.9
# Virtual wins (out of as many visits) for a capture or an escape from atari.
PRIOR = 40
# Below this win rate for its best move the game is lost whatever it plays.
HOPELESS = 0.1


class _Node:
    """The statistics of one position in the tree, per candidate move (flat index)."""

    __slots__ = (
        "urgent",
        "color",
        "moves",
        "visits",
        "wins",
        "rave_visits",
        "rave_wins",
        "children",
        "total",
    )

    def __init__(self, color: int, moves: list[int], points: int) -> None:
        self.color = color
        self.moves = moves
        self.visits = [0] * points
        self.wins = [0.0] * points
        self.rave_visits = [0] * points
        self.rave_wins = [0.0] * points
        self.children: dict[int, _Node] = {}
        self.total = 0
        self.urgent: set[int] = set()

    def select(self) -> int:
        visits, wins = self.visits, self.wins
        rave_visits, rave_wins = self.rave_visits, self.rave_wins
        best, best_value = -1, -1.0
        for p in self.moves:
            n = visits[p]
            rn = rave_visits[p]
            if rn:
                beta = math.sqrt(RAVE_EQUIVALENCE / (3 * self.total + RAVE_EQUIVALENCE))
                q = wins[p] / n if n else 0.5
                value = (1 - beta) * q + beta * rave_wins[p] / rn
            else:
                value = 1.1 if not n else wins[p] / n
            value += 0.05 / (n + 1)
            if value > best_value:
                best, best_value = p, value
        return best


def _new_node(board: Board, color: int, moves: list[int], nbrs) -> _Node:
    """A node whose urgent moves (a capture, the escape of an own chain in atari) start with
    ``PRIOR`` virtual wins, so the search looks at them first."""
    node = _Node(color, moves, board.size * board.size)
    colors, chains = board.colors, board.chains
    for p in moves:
        for n in nbrs[p]:
            chain = chains[n]
            if (
                chain is not None
                and len(chain.libs) == 1
                and (chain.color != color or _escapes(p, color, colors, chains, nbrs))
            ):
                node.visits[p] = node.wins[p] = PRIOR
                node.urgent.add(p)
                break
    return node


def _candidates(board: Board, color: int, nbrs, diags) -> list[int]:
    colors, chains = board.colors, board.chains
    return [
        p
        for p, c in enumerate(colors)
        if c == EMPTY and _sensible(p, color, colors, chains, nbrs, diags)
    ]


class MctsBot:
    """``playouts`` simulations a move; ``rng`` is the only randomness (seeded: same moves)."""

    def __init__(self, rng: random.Random, playouts: int = 3000) -> None:
        self.rng = rng
        self.playouts = playouts

    def choose(self, game: Game, color: Color) -> BotAction | None:
        """What ``color`` does now, or None when it has nothing to do (not its turn, confirmed)."""
        color = Color(color)
        if game.phase == SCORING:
            return None if color in game.confirmed else BotAction("confirm")
        if game.phase != PLAY or game.to_move is not color:
            return None
        last = game.last_move
        if last is not None and last.is_pass and _ahead(game, color):
            return BotAction("pass")
        index = self.search(game, color)
        if index is None:
            return BotAction("pass")
        row, col = divmod(index, game.size)
        return BotAction("play", (col, row))

    def search(self, game: Game, color: Color) -> int | None:
        """The most simulated root move (flat index), or None when passing is right."""
        size = game.size
        n = size * size
        nbrs, diags = neighbours(size), diagonals(size)
        root_board: Board = game._board  # read-only: each simulation plays on its own copy
        seen = game._seen
        moves = []
        for p in _candidates(root_board, int(color), nbrs, diags):
            try:
                root_board.check(p, int(color), seen)  # superko: only the root needs the history
            except BoardRefusal:
                continue
            moves.append(p)
        if not moves:
            return None
        root = _new_node(root_board, int(color), moves, nbrs)
        colors = list(root_board.colors)
        owned = [0] * n
        komi = game.komi + game.handicap / 2
        rng = self.rng
        for _ in range(self.playouts):
            for p, o in enumerate(_simulate(root, colors, size, komi, nbrs, diags, rng)):
                owned[p] += o
        # A point either side holds in nearly every playout is decided: a stone there changes
        # nothing (or gives it away), unless it is a capture or an escape. With nothing else
        # left the game is decided and passing is right.
        sure = SETTLED * self.playouts
        open_moves = [p for p in moves if p in root.urgent or abs(owned[p]) < sure]
        if not open_moves:
            return None
        best = max(open_moves, key=lambda p: (root.visits[p], root.wins[p]))
        if root.wins[best] < HOPELESS * root.visits[best]:
            return None  # decided against it: passing lets the count end the game
        return best


def _simulate(root: _Node, colors, size, komi, nbrs, diags, rng) -> list[int]:
    """One simulation: down the tree, one new leaf, a playout, and the result back up.

    Returns the final owner of each point (+1 Black, -1 White, 0 neither)."""
    board = Board(size)
    board.colors = list(colors)
    board.rebuild()
    now, chains = board.colors, board.chains
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
            if node.visits[p] >= EXPAND_AFTER:
                moves = _candidates(board, color, nbrs, diags)
                if moves:
                    node.children[p] = _new_node(board, color, moves, nbrs)
            break
        node = child
    last = sequence[-1]
    _playout(board, now, chains, color, last, nbrs, diags, rng, sequence, size)
    area = _area(now, nbrs)
    black_wins = sum(area) - komi > 0
    # AMAF: walk the moves backwards so first_by[p] ends as the colour that played p first
    # from the node being updated on.
    first_by = [0] * (size * size)
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
        node.total += 1
        node.visits[p] += 1
        node.wins[p] += win
        rave_visits, rave_wins, own = node.rave_visits, node.rave_wins, node.color
        for q in node.moves:
            if first_by[q] == own:
                rave_visits[q] += 1
                rave_wins[q] += win
    return area


def _playout(board, now, chains, color, last, nbrs, diags, rng, sequence, size) -> None:
    """Play on to two passes, appending every stone to ``sequence``."""
    empties = [p for p, c in enumerate(now) if c == EMPTY]
    scratch: set[int] = set()
    passes = 0
    ko = -1
    play = board.play
    for _ in range(3 * size * size):
        played = _answer(last, color, now, chains, nbrs, diags, ko) if last >= 0 else -1
        if played >= 0:
            k = empties.index(played)
            empties[k] = empties[-1]
            empties.pop()
        else:
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
            if played >= 0:
                empties[i] = empties[-1]
                empties.pop()
        if played < 0:
            passes += 1
            if passes == 2:
                return
            ko = -1
            last = -1
        else:
            passes = 0
            captured = play(played, color, scratch)
            scratch.clear()
            sequence.append(played)
            if captured:
                empties.extend(captured)
                ko = captured[0] if len(captured) == 1 and len(chains[played].stones) == 1 else -1
            else:
                ko = -1
            last = played
        color = 3 - color


def _answer(last, color, now, chains, nbrs, diags, ko) -> int:
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
                and (c != color or _escapes(lib, color, now, chains, nbrs))
            ):
                return lib
    return -1


def _escapes(p, color, now, chains, nbrs) -> bool:
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


def _area(colors: list[int], nbrs) -> list[int]:
    result = []
    for p, c in enumerate(colors):
        if c == EMPTY:
            around = 0
            for n in nbrs[p]:
                around |= colors[n]
            result.append(1 if around == BLACK else -1 if around == 2 else 0)
        else:
            result.append(1 if c == BLACK else -1)
    return result
