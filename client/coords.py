"""Go point names as players type and read them (GTP style: columns A-T without I, rows from 1 at
the bottom), so the board, the typed-coordinate box and the wire all speak one notation."""

from __future__ import annotations

from dataclasses import dataclass

COLUMNS = "ABCDEFGHJKLMNOPQRST"


@dataclass(frozen=True)
class CoordinateError(ValueError):
    """A typed point the board cannot hold; `code` is stable so callers can branch on it."""

    code: str
    text: str

    def __str__(self) -> str:
        return f"{self.code}: {self.text!r}"


def point_name(x: int, y: int, size: int) -> str:
    """Name of the point at column `x` and screen line `y` (0 is the top line, row `size`)."""
    return f"{COLUMNS[x]}{size - y}"


def parse_point(text: str, size: int) -> tuple[int, int]:
    """Screen position (x, y) of a typed point such as ``d4`` or ``Q16``; raises CoordinateError."""
    cleaned = text.strip().upper()
    if len(cleaned) < 2 or cleaned[0] not in COLUMNS[:size] or not cleaned[1:].isdigit():
        raise CoordinateError("bad_coordinate", text)
    row = int(cleaned[1:])
    if not 1 <= row <= size:
        raise CoordinateError("off_board", text)
    return COLUMNS.index(cleaned[0]), size - row
