"""Colours and points: the vocabulary shared by the board, the game, SGF and the client.

A point is ``(col, row)``, 0-based from the bottom-left corner, so ``(3, 3)`` is GTP ``D4`` on
every board size. GTP column letters skip ``I``.
"""

from __future__ import annotations

from enum import IntEnum

from qipai.go.errors import GoError, IllegalMove

Point = tuple[int, int]

GTP_COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
MIN_SIZE = 2
MAX_SIZE = len(GTP_COLUMNS)
STANDARD_SIZES = (9, 13, 19)


class Color(IntEnum):
    """The two players. The integer values are what the board stores (0 is empty)."""

    BLACK = 1
    WHITE = 2

    @property
    def other(self) -> Color:
        return OPPONENT[self]

    @property
    def letter(self) -> str:
        """SGF / GTP letter: ``B`` or ``W``."""
        return "B" if self is Color.BLACK else "W"

    @property
    def chinese(self) -> str:
        return "黑" if self is Color.BLACK else "白"


OPPONENT = {Color.BLACK: Color.WHITE, Color.WHITE: Color.BLACK}


def check_size(size: int) -> int:
    if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise GoError("bad_size", f"board size must be {MIN_SIZE}..{MAX_SIZE}, not {size!r}")
    return size


def on_board(point: Point, size: int) -> bool:
    col, row = point
    return 0 <= col < size and 0 <= row < size


def parse_point(text: str, size: int) -> Point:
    """``"D4"`` → ``(3, 3)``. Malformed text is ``bad_point``; a point past the edge is ``off_board``."""
    if not isinstance(text, str):
        raise GoError("bad_point", f"not a point: {text!r}")
    spec = text.strip().upper()
    if len(spec) < 2 or not spec[1:].isdigit() or spec[0] not in GTP_COLUMNS:
        raise GoError("bad_point", f"not a GTP point: {text!r}")
    point = (GTP_COLUMNS.index(spec[0]), int(spec[1:]) - 1)
    if not on_board(point, size):
        raise IllegalMove("off_board", f"{text} is not on a {size}x{size} board")
    return point


def format_point(point: Point, size: int) -> str:
    """``(3, 3)`` → ``"D4"``."""
    if not on_board(point, size):
        raise IllegalMove("off_board", f"{point} is not on a {size}x{size} board")
    col, row = point
    return f"{GTP_COLUMNS[col]}{row + 1}"


def coerce_point(point: object, size: int) -> Point:
    """Accept a GTP string or a ``(col, row)`` pair from callers; anything else is ``bad_point``."""
    if type(point) is tuple and len(point) == 2:
        col, row = point
        if type(col) is int and type(row) is int and 0 <= col < size and 0 <= row < size:
            return point  # the common case, checked without the general machinery below
    if isinstance(point, str):
        return parse_point(point, size)
    if (
        isinstance(point, tuple | list)
        and len(point) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in point)
    ):
        p = (point[0], point[1])
        if not on_board(p, size):
            raise IllegalMove("off_board", f"{p} is not on a {size}x{size} board")
        return p
    raise GoError("bad_point", f"not a point: {point!r}")


def handicap_points(size: int, stones: int) -> list[Point]:
    """The fixed star points of GO-10, in the order the rules book lists them.

    19x19 and 13x13 use the fourth line, 9x9 the third; 9x9 takes at most 5 stones.
    """
    limit = {9: 5, 13: 9, 19: 9}.get(size, 0)
    if not 2 <= stones <= limit:
        raise GoError("bad_handicap", f"handicap {stones} is not allowed on {size}x{size}")
    lo = 2 if size < 13 else 3
    hi = size - 1 - lo
    mid = size // 2
    corners = [(lo, lo), (hi, hi), (lo, hi), (hi, lo)]
    sides = [(lo, mid), (hi, mid)]
    tops = [(mid, lo), (mid, hi)]
    centre = [(mid, mid)]
    if stones <= 4:
        return corners[:stones]
    if stones == 5:
        return corners + centre
    if stones == 6:
        return corners + sides
    if stones == 7:
        return corners + sides + centre
    if stones == 8:
        return corners + sides + tops
    return corners + sides + tops + centre
