"""The Go board as the text rows every view carries, kept up to date cheaply.

Every event carries the whole board, so at a busy hall building it is the hot path.  The rows follow each stone played (its captures come with the move) and are rebuilt
from the engine whenever the position changed some other way (undo, resumption, a new game).
"""

from __future__ import annotations

from qipai.go import Game, Move, Point

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
