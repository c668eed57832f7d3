"""The Go board as the text rows every view carries: kept up to date cheaply, scanned fast.

Every event carries the whole board, so at a busy hall building and scanning it is the hot
path.  The rows follow each stone played (its captures come with the move) and are rebuilt
from the engine whenever the position changed some other way (undo, resumption, a new game).
"""

from __future__ import annotations

from functools import cache

from qipai.go import Game, Move, Point, format_point

EMPTY_BITS = str.maketrans({".": "1", "X": "0", "O": "0"})
STONE_TEXT = {1: "X", 2: "O"}


class BoardText:
    def __init__(self) -> None:
        self._key: tuple[int, int] | None = None
        self._rows: list[str] = []

    @staticmethod
    def key(game: Game) -> tuple[int, int]:
        return (game.position_hash, game.move_number)

    def rows(self, game: Game) -> list[str]:
        key = self.key(game)
        if key != self._key:
            self._key, self._rows = key, game.rows()
        return self._rows

    def played(self, game: Game, before: tuple[int, int], move: Move) -> None:
        """Follow one stone placed on the position ``before``, if that is the one we hold."""
        if self._key != before or move.point is None:
            return
        rows = list(self._rows)
        size = game.size
        _put(rows, size, move.point, STONE_TEXT[int(move.color)])
        for point in move.captured:
            _put(rows, size, point, ".")
        self._key, self._rows = self.key(game), rows


def _put(rows: list[str], size: int, point: Point, text: str) -> None:
    col, row = point
    top = size - 1 - row
    line = rows[top]
    rows[top] = line[:col] + text + line[col + 1 :]


@cache
def _edges(size: int) -> tuple[int, int, int]:
    """Bit masks over the board read top row first: all points, column A, the last column."""
    n = size * size
    first = sum(1 << (n - 1 - r * size) for r in range(size))
    last = sum(1 << (n - 1 - (r * size + size - 1)) for r in range(size))
    return (1 << n) - 1, first, last


def lone_empty_points(rows: list[str], size: int) -> list[Point]:
    """Empty points none of whose neighbours is empty, top row first (big-int bit tricks)."""
    n = size * size
    full, first, last = _edges(size)
    empty = int("".join(rows).translate(EMPTY_BITS), 2)
    left = (empty >> 1) & ~first
    right = (empty << 1) & full & ~last
    up = empty >> size
    down = (empty << size) & full
    lone = empty & ~(left | right | up | down)
    found = []
    while lone:
        low = lone & -lone
        top, col = divmod(n - low.bit_length(), size)
        found.append((col, size - 1 - top))
        lone ^= low
    found.reverse()
    return found


def forbidden_points(game: Game, rows: list[str]) -> list[str]:
    """Empty points where the side to move may not play, for the client to grey out.

    Only points without an empty neighbour are asked about: a suicide needs that, and so does
    every ko recapture (the captured stone fills the last neighbour).  That skips the engine's
    exact check on most of the board; a rare long-cycle superko point may go unlisted, and the
    engine still refuses it when played (``illegal_ko``).
    """
    size = game.size
    return [
        format_point(point, size)
        for point in lone_empty_points(rows, size)
        if not game.is_legal(point)
    ]
