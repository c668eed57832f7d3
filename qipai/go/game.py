"""A game of Go under the qipai rules book: turn order, superko, the scoring phase, the verdict.

The board does mechanics; this module adds what the rules book adds on top: whose turn it is,
positional superko over the whole history (GO-01), two passes opening the scoring phase, dead-stone
marking, both confirmations, resumption and the disputed-game fallback (GO-04), resignation and
loss on time (GO-06, GO-08), validity (GO-05) and handicap (GO-10).

Undo replays the action log from the start: it is rare, a replay of a full game takes about a
millisecond, and it cannot drift from what playing forward produces.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cache
from typing import NamedTuple, NoReturn

from qipai.go.board import (
    EMPTY,
    Board,
    BoardRefusal,
    Chain,
    _all_in_atari,
    _chain_key,
    _merge,
    _new_chain,
    neighbours,
    zobrist_keys,
)
from qipai.go.dead import suggest_dead_indices
from qipai.go.errors import GoError, IllegalMove
from qipai.go.ownership import Ownership, board_regions, estimate
from qipai.go.points import (
    OPPONENT,
    STANDARD_SIZES,
    Color,
    Point,
    check_size,
    coerce_point,
    format_point,
    handicap_points,
)
from qipai.go.scoring import AreaCount, Result, area_count

PLAY = "play"
SCORING = "scoring"
OVER = "over"

DEFAULT_KOMI = 3.5
KOMI_PRESETS = (0.0, 3.5, 3.75)
VALID_STONE_PLIES = 20
MAX_HANDICAP = 9
RESUMPTIONS_BEFORE_FALLBACK = 3
_NO_HISTORY: frozenset[int] = frozenset()
_new_move = tuple.__new__


class Move(NamedTuple):
    """One ply: a stone (``point`` set) or a pass (``point`` is None), with what it captured."""

    color: Color
    point: Point | None
    captured: tuple[Point, ...] = ()

    @property
    def is_pass(self) -> bool:
        return self.point is None


@cache
def _point_table(size: int) -> tuple[Point, ...]:
    """Flat board index → (col, row), shared per board size."""
    return tuple((index % size, index // size) for index in range(size * size))


# A point's entry in the side table: flat index, capture-free move, col, row, key, neighbours.
_Entry = tuple[int, Move, int, int, int, tuple[int, ...]]


# A side's turn: the colour, the board's plain int for it, the point entries by column then row,
# the colour that moves next and that colour's turn (a list, so that the two can point to each
# other).
_Turn = list


@cache
def _side_table(size: int) -> dict[Color, _Turn]:
    """Per colour, what a move needs in one attribute read (``Game._turn``): the colour, the
    board's plain int for it, each point's entry by column then row (two tuple subscripts,
    cheaper than hashing the pair): its flat index, capture-free stone move, coordinates
    (checked against the caller's by identity; moves are immutable values, and sharing them
    takes their construction off the replay hot path), the stone's Zobrist key and the point's
    neighbours (the board's own tables, read here rather than by two subscripts a move); then
    the colour that moves next and its own turn."""
    points = _point_table(size)
    nbrs = neighbours(size)
    keys = zobrist_keys(size)
    turns = {
        color: [
            color,
            int(color),
            tuple(
                tuple(
                    (
                        row * size + col,
                        Move(color, points[row * size + col]),
                        col,
                        row,
                        keys[color][row * size + col],
                        nbrs[row * size + col],
                    )
                    for row in range(size)
                )
                for col in range(size)
            ),
            OPPONENT[color],
            None,
        ]
        for color in Color
    }
    for color, turn in turns.items():
        turn[4] = turns[OPPONENT[color]]
    return turns


class Game:
    """One game from the empty (or handicap / setup) board to its result.

    ``komi`` is in stones; ``None`` picks GO-02's 3.5 for even games and 0 with a handicap
    (GO-10). ``setup`` places arbitrary stones before the first move (SGF ``AB``/``AW``); with a
    handicap and no setup the stones go on the fixed points of GO-10 and White moves first.
    """

    def __init__(
        self,
        size: int = 19,
        komi: float | None = None,
        handicap: int = 0,
        *,
        setup: dict[Color, Iterable[Point]] | None = None,
        first: Color | None = None,
    ) -> None:
        check_size(size)
        if type(handicap) is not int or handicap < 0 or handicap == 1 or handicap > MAX_HANDICAP:
            raise GoError(
                "bad_handicap", f"handicap must be 0 or 2..{MAX_HANDICAP}, not {handicap!r}"
            )
        if handicap and size not in STANDARD_SIZES and setup is None:
            raise GoError("bad_handicap", f"no fixed handicap points on {size}x{size}")
        if komi is None:
            komi = 0.0 if handicap else DEFAULT_KOMI
        if not isinstance(komi, int | float) or isinstance(komi, bool):
            raise GoError("bad_komi", f"komi must be a number of stones, not {komi!r}")
        if not math.isfinite(komi):
            raise GoError("bad_komi", f"komi must be a finite number of stones, not {komi!r}")
        self.size = size
        self.komi = float(komi)
        self.handicap = handicap
        self._board = Board(size)
        self._sides = _side_table(size)
        self._points = _point_table(size)
        if setup is None and not handicap:  # an even game: nothing to place or check
            stones: dict[Color, tuple[Point, ...]] = {Color.BLACK: (), Color.WHITE: ()}
        else:
            stones = self._place_stones(setup, handicap)
        self.setup = stones
        self._args = {
            "size": size,
            "komi": komi,
            "handicap": handicap,
            "first": first,
            "setup": stones,
        }
        if first is None:
            first = (
                Color.WHITE
                if (handicap or stones[Color.BLACK]) and not stones[Color.WHITE]
                else Color.BLACK
            )
        elif first is not Color.BLACK and first is not Color.WHITE:
            if first not in (Color.BLACK, Color.WHITE):
                raise GoError("bad_setup", f"not a colour to move first: {first!r}")
            first = Color(first)
        self.first: Color = first
        self.to_move: Color = first
        self.phase = PLAY
        self._turn: _Turn | None = self._sides[first]  # None whenever the phase is not PLAY
        self.captures: dict[Color, int] = {Color.BLACK: 0, Color.WHITE: 0}
        self.moves: list[Move] = []
        self.result: Result | None = None
        self.resumptions = 0
        self.all_alive = False
        self._resumed: list[tuple[int, Color]] = []  # (plies played before it, who resumed)
        self._seen: set[int] = {self._board.hash}
        self._dead: set[int] = set()
        self._confirmed: set[Color] = set()
        self._forbidden: tuple[tuple[int, int, Color, int], tuple[Point, ...]] | None = None

    def _place_stones(
        self, setup: dict[Color, Iterable[Point]] | None, handicap: int
    ) -> dict[Color, tuple[Point, ...]]:
        """Put the setup stones (or else the fixed handicap stones) on the board; return them
        per colour."""
        size = self.size
        stones: dict[Color, list[Point]] = {Color.BLACK: [], Color.WHITE: []}
        if setup is not None:
            for color, points in setup.items():
                if color not in (Color.BLACK, Color.WHITE):
                    raise GoError("bad_setup", f"not a colour: {color!r}")
                stones[Color(color)] = [coerce_point(p, size) for p in points]
        elif handicap:
            stones[Color.BLACK] = handicap_points(size, handicap)
        try:
            self._board.place_setup([(self._index(p), c) for c in stones for p in stones[c]])
        except BoardRefusal as refusal:
            raise GoError("bad_setup", f"setup stones: {refusal.code}") from None
        return {c: tuple(ps) for c, ps in stones.items()}

    # ---------------------------------------------------------------- coordinates and views

    def _index(self, point: Point) -> int:
        return point[1] * self.size + point[0]

    def _point(self, index: int) -> Point:
        return self._points[index]

    def color_at(self, point: Point | str) -> Color | None:
        value = self._board.colors[self._index(coerce_point(point, self.size))]
        return None if value == EMPTY else Color(value)

    @property
    def board(self) -> tuple[tuple[Color | None, ...], ...]:
        """Rows from the top (row ``size-1``) down, each left to right: ready to draw."""
        colors = self._board.colors
        size = self.size
        return tuple(
            tuple(None if c == EMPTY else Color(c) for c in colors[row * size : row * size + size])
            for row in range(size - 1, -1, -1)
        )

    def rows(self) -> list[str]:
        """The board as text rows from the top: ``X`` black, ``O`` white, ``.`` empty."""
        chars = ".XO"
        colors = self._board.colors
        size = self.size
        return [
            "".join(chars[c] for c in colors[row * size : row * size + size])
            for row in range(size - 1, -1, -1)
        ]

    def __str__(self) -> str:
        return "\n".join(self.rows())

    @property
    def position_hash(self) -> int:
        """Zobrist hash of the stones on the board (what superko compares)."""
        return self._board.hash

    @property
    def move_number(self) -> int:
        """Plies played so far (stones and passes; handicap stones are not moves)."""
        return len(self.moves)

    @property
    def last_move(self) -> Move | None:
        return self.moves[-1] if self.moves else None

    @property
    def stone_plies(self) -> int:
        return sum(1 for move in self.moves if move.point is not None)

    @property
    def is_valid(self) -> bool:
        """GO-05: at least 20 stone-placing plies (passes and handicap stones do not count)."""
        return self.stone_plies >= VALID_STONE_PLIES

    # ---------------------------------------------------------------- play phase

    def _check_turn(self, color: Color | None) -> Color:
        if self.phase == OVER:
            raise IllegalMove("game_over", "the game is over")
        if self.phase == SCORING:
            raise GoError("wrong_phase", "play is stopped for scoring; resume first")
        if color is not None and color != self.to_move:
            raise IllegalMove("not_your_turn", f"it is {self.to_move.name.lower()}'s turn")
        return self.to_move

    def is_legal(self, point: Point | str, color: Color | None = None) -> bool:
        """Whether ``color`` (default: the side to move) may place a stone at ``point`` now."""
        if self.phase != PLAY:
            return False
        color = self.to_move if color is None else color
        try:
            self._board.check(self._index(coerce_point(point, self.size)), color, self._seen)
        except (BoardRefusal, GoError):
            return False
        return True

    def legal_points(self, color: Color | None = None) -> list[Point]:
        """Every point where a stone may go now; the client greys out the rest."""
        if self.phase != PLAY:
            return []
        color = self.to_move if color is None else color
        board = self._board
        seen = self._seen
        legal = []
        for index, c in enumerate(board.colors):
            if c == EMPTY:
                try:
                    board.check(index, color, seen)
                except BoardRefusal:
                    continue
                legal.append(self._point(index))
        return legal

    def forbidden_points(self) -> tuple[Point, ...]:
        """The forbidden points (禁着点) of the side to move: every empty point where its stone
        would be a suicide (go.md 1.5) or repeat a position (GO-01), top row first, each row
        left to right; nothing outside the play phase.  Occupied points are not listed: the
        board shows them.

        Every view of the seat to move carries this list, so it is kept for the position it
        was computed on (a ply, a resumption or an undo moves on from it).
        """
        if self.phase != PLAY:
            return ()
        key = (len(self.moves), self._board.hash, self.to_move, len(self._seen))
        kept = self._forbidden
        if kept is not None and kept[0] == key:
            return kept[1]
        points = self._points
        # Until a first capture every earlier position is a subset of this one, lacking any
        # point that is empty now: no move can repeat one, so the history need not be read.
        captured = self.captures[Color.BLACK] or self.captures[Color.WHITE]
        history = self._seen if captured else _NO_HISTORY
        found = tuple(
            sorted(
                (points[i] for i in self._board.refused(self.to_move, history)),
                key=lambda p: (-p[1], p[0]),
            )
        )
        self._forbidden = (key, found)
        return found

    def play(self, point: Point | str, color: Color | None = None) -> Move:
        """Place a stone for the side to move; raise IllegalMove and change nothing if forbidden.

        This is the replay hot path, hence the inlined checks; ``_turn`` is the side to move's
        entry of the side table while stones may be played and None otherwise, so the one read
        that finds the mover's board colour and shared move records also checks the phase.  The point's
        coordinates are compared by identity with the table's: CPython keeps one object for
        each small int, so every int coordinate is that object, and the identity test is
        cheaper than asking both types; anything else takes the full check.

        The stone itself is :meth:`Board.play` written out here, so that a move is one Python
        call rather than two (the call was a fifth of this layer's cost): keep the two in step;
        tests/go/test_board_game_agree.py plays both side by side.
        """
        try:
            mover, value, grid, opponent, after = self._turn
        except TypeError:  # None
            self._check_turn(color)  # raises: play is stopped
        if color is not mover and color is not None:
            self._check_turn(color)  # raises unless it was only an int spelling of the colour
        try:
            # ``+ ()`` hands back an exact tuple itself and raises TypeError for a list, bytes, a
            # range or any other sequence (which the full check takes); then a float or None
            # coordinate raises on the subscript, and True (a 1), -1 (wrapped round to the last
            # column) or an int subclass fail the identity test with the table's own ints.
            x, y = point + ()
            index, move, col, row, key, nbrs = grid[x][y]
            if x is not col or y is not row:
                x, y = coerce_point(point, self.size)  # bad_point or off_board
                index, move, _, _, key, nbrs = grid[x][y]
        except (IndexError, TypeError, ValueError):  # a GTP string, a list, off the board, junk
            x, y = coerce_point(point, self.size)
            index, move, _, _, key, nbrs = grid[x][y]
        # Board.play from here on (see the docstring), refusals raised as IllegalMove.
        board = self._board
        chains = board.chains
        if chains[index] is not None:
            self._refuse(index, "occupied")
        libs: set[int] | None = None
        base: Chain | None = None
        others: list[Chain] | None = None
        captured: list[Chain] | None = None
        new_hash = board.hash
        for n in nbrs:
            chain = chains[n]
            if chain is None:
                if libs is None:
                    libs = {n}
                else:
                    libs.add(n)
            elif chain.color == value:
                if base is None:
                    base = chain
                elif chain is not base:
                    if others is None:
                        others = [chain]
                    elif chain not in others:
                        others.append(chain)
            else:
                foe_libs = chain.libs
                foe_libs.discard(index)
                if not foe_libs:
                    if captured is None:
                        captured = []
                    if chain not in captured:
                        captured.append(chain)
                        new_hash ^= _chain_key(chain, board._keys)
        new_hash ^= key
        if libs is None and captured is None and _all_in_atari(base, others):
            board.give_back(index, value)
            self._refuse(index, "suicide")
        seen = self._seen
        if new_hash in seen:
            board.give_back(index, value)
            self._refuse(index, "ko")
        seen.add(new_hash)
        board.colors[index] = value
        if base is None:
            chain = _new_chain(Chain)
            chain.color = value
            chain.stones = [index]
            chain.libs = set() if libs is None else libs
            chains[index] = chain
        else:
            if others is not None:
                base = _merge(base, others, chains)
            base.stones.append(index)
            base_libs = base.libs
            if libs is not None:
                base_libs |= libs
            base_libs.discard(index)
            chains[index] = base
        board.hash = new_hash
        if captured is not None:  # one move in sixteen in real games
            removed = board._remove(captured)
            self.captures[mover] += len(removed)
            points = self._points
            move = _new_move(Move, (mover, move.point, tuple(map(points.__getitem__, removed))))
        self.moves.append(move)
        self.to_move = opponent
        self._turn = after
        return move

    def _refuse(self, index: int, code: str) -> NoReturn:
        where = format_point(self._points[index], self.size)
        raise IllegalMove(code, f"{self.to_move.name.lower()} {where}: {code}")

    def pass_(self, color: Color | None = None) -> Move:
        """Pass; the second pass in a row stops play for scoring (GO-04 a)."""
        mover = self._check_turn(color)
        move = Move(mover, None)
        self.moves.append(move)
        self.to_move = mover.other
        self._turn = self._sides[self.to_move]
        if self._second_pass_in_a_row():
            if self.all_alive:
                self._dead = set()
                self._finish(self.count().result())
            else:
                self.phase = SCORING
                self._turn = None
                self._dead = set(suggest_dead_indices(self._board))
                self._confirmed = set()
        return move

    def _second_pass_in_a_row(self) -> bool:
        """Whether the last two plies are passes with no resumption between them."""
        moves = self.moves
        if len(moves) < 2 or moves[-2].point is not None:
            return False
        return not (self._resumed and self._resumed[-1][0] == len(moves) - 1)

    def resign(self, color: Color) -> Result:
        """GO-06: either side may resign at any time, on either turn, also while scoring."""
        if self.phase == OVER:
            raise IllegalMove("game_over", "the game is over")
        return self._finish(Result(winner=Color(color).other, reason="resign"))

    def lose_on_time(self, color: Color) -> Result:
        """GO-08: the flag of ``color`` fell (the clock decides when; this records it)."""
        if self.phase == OVER:
            raise IllegalMove("game_over", "the game is over")
        return self._finish(Result(winner=Color(color).other, reason="time"))

    def _finish(self, result: Result) -> Result:
        self.result = result
        self.phase = OVER
        self._turn = None
        return result

    def undo(self) -> Move:
        """Take back the last ply (and a resumption that followed it); not after the end."""
        if self.phase == OVER:
            raise GoError("wrong_phase", "a finished game cannot be undone")
        if not self.moves:
            raise GoError("nothing_to_undo", "no move to take back")
        undone = self.moves[-1]
        kept = len(self.moves) - 1
        self._replay(self.moves[:kept], [r for r in self._resumed if r[0] <= kept])
        return undone

    def _replay(self, moves: list[Move], resumed: list[tuple[int, Color]]) -> None:
        fresh = Game(**self._args)
        pending = list(reversed(resumed))
        for number, move in enumerate(moves):
            while pending and pending[-1][0] == number:
                fresh.resume(pending.pop()[1])
            if move.point is None:
                fresh.pass_(move.color)
            else:
                fresh.play(move.point, move.color)
        while pending and pending[-1][0] == len(moves):
            fresh.resume(pending.pop()[1])
        self.__dict__.update(fresh.__dict__)

    # ---------------------------------------------------------------- scoring phase

    def _check_scoring(self) -> None:
        if self.phase != SCORING:
            raise GoError("wrong_phase", "only possible in the scoring phase")

    @property
    def dead_stones(self) -> frozenset[Point]:
        return frozenset(self._point(i) for i in self._dead)

    @property
    def confirmed(self) -> frozenset[Color]:
        return frozenset(self._confirmed)

    def suggest_dead(self) -> frozenset[Point]:
        """A proposal of dead stones (GO-04 b); it marks nothing."""
        return frozenset(self._point(i) for i in suggest_dead_indices(self._board))

    def toggle_dead(self, point: Point | str) -> frozenset[Point]:
        """Flip the chain at ``point`` between dead and alive; clears both confirmations."""
        self._check_scoring()
        index = self._index(coerce_point(point, self.size))
        chain = self._board.chains[index]
        if chain is None:
            raise GoError("no_stone", f"no stone at {format_point(self._point(index), self.size)}")
        stones = set(chain.stones)
        if stones <= self._dead:
            self._dead -= stones
        else:
            self._dead |= stones
        self._confirmed = set()
        return self.dead_stones

    def mark_dead(self, points: Iterable[Point | str]) -> frozenset[Point]:
        """Replace the whole marking (e.g. with :meth:`suggest_dead`); clears confirmations."""
        self._check_scoring()
        marked = set()
        for point in points:
            index = self._index(coerce_point(point, self.size))
            if self._board.colors[index] == EMPTY:
                raise GoError(
                    "no_stone", f"no stone at {format_point(self._point(index), self.size)}"
                )
            marked.add(index)
        self._dead = marked
        self._confirmed = set()
        return self.dead_stones

    def confirm(self, color: Color) -> Result | None:
        """GO-04 c: when both sides confirm the same marking the game is counted and ends."""
        self._check_scoring()
        self._confirmed.add(Color(color))
        if len(self._confirmed) == 2:
            return self._finish(self.count().result())
        return None

    def resume(self, color: Color) -> None:
        """GO-04 d/e: back to play, board unchanged, the last passer's opponent to move.

        After the third resumption no stone can be marked dead any more: the next two passes
        count every stone as alive, so dead stones must be captured in play.
        """
        self._check_scoring()
        self._resumed.append((len(self.moves), Color(color)))
        self.phase = PLAY
        self._turn = self._sides[self.to_move]
        self._dead = set()
        self._confirmed = set()
        self.resumptions += 1
        if self.resumptions >= RESUMPTIONS_BEFORE_FALLBACK:
            self.all_alive = True

    def territory(self) -> dict[str, frozenset[Point]]:
        """The marks of the scoring phase with the current dead marks: ``black``/``white``
        territory, ``dame``, and ``seal`` (gaps in an open border, a subset of the dame)."""
        black, white, dame, seal = board_regions(self._board.colors, self.size, self._dead)
        marks = {"black": black, "white": white, "dame": dame, "seal": seal}
        return {name: frozenset(self._point(i) for i in points) for name, points in marks.items()}

    def count(self) -> AreaCount:
        """Area count of the current board with the current dead marks (go.md §1.7)."""
        return area_count(self._board.colors, self.size, self._dead, self.komi, self.handicap)

    def estimate(self, playouts: int | None = None, *, finished: bool = True) -> Ownership:
        """The estimator's reading of this position (qipai/go/ownership.py), seeded by the
        position itself so the same position always reads the same: the count a review shows
        at the end of a record that stops without one, and the estimate during play."""
        board = self._board
        return estimate(board, int(self.to_move), board.hash, playouts, finished=finished)
