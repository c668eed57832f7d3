"""MoGo's 3x3 shapes: the points around the last move where a player would answer.

A shape is the eight points around an empty centre, read row by row (north-west first).  The
shapes are the ones of Gelly, Wang, Munos and Teytaud, "Modification of UCT with patterns in
Monte-Carlo Go" (2006), as the michi engine writes them: hane, cuts and the edge shapes.  They
hold for either colour to move and in every rotation and reflection, so they are expanded once
into a table over all 4**8 neighbourhoods; a move's test is then eight reads and a lookup.

Codes: 0 empty, 1 Black, 2 White, 3 off the board.  Off-board neighbours are read from the
sentinel index ``size * size``, which the boards that use this table keep at 3.
"""

from __future__ import annotations

from functools import cache

OFF = 3

# X and O are the two colours (either way round), x "not X" and o "not O", ? anything,
# a space the edge of the board.
_SHAPES = (
    ("XOX", "...", "???"),  # hane: enclosing hane
    ("XO.", "...", "?.?"),  # hane: non-cutting hane
    ("XO?", "X..", "x.?"),  # hane: magari
    (".O.", "X..", "..."),  # diagonal attachment
    ("XO?", "O.o", "?o?"),  # cut: unprotected cut
    ("XO?", "O.X", "???"),  # cut: peeped cut
    ("?X?", "O.O", "ooo"),  # cut: de
    ("OX?", "o.O", "???"),  # cut: keima
    ("X.?", "O.?", "   "),  # edge: chase
    ("OX?", "X.O", "   "),  # edge: block the side cut
    ("?X?", "x.O", "   "),  # edge: block the side connection
    ("?XO", "x.x", "   "),  # edge: sagari
    ("?OX", "X.O", "   "),  # edge: cut
)
_WILD = {"?": ".XO ", "x": ".O ", "o": ".X "}
_CODE = {".": 0, "X": 1, "O": 2, " ": OFF}


def _variants(rows: tuple[str, str, str]) -> set[str]:
    """The shape in its eight symmetries and both colourings, as nine-letter strings."""
    found = set()
    grid = [list(r) for r in rows]
    for _ in range(4):
        grid = [list(r) for r in zip(*grid[::-1], strict=True)]  # a quarter turn
        for g in (grid, grid[::-1]):
            text = "".join("".join(r) for r in g)
            found.add(text)
            found.add(text.translate(str.maketrans("XOxo", "OXox")))
    return found


def _expand(text: str) -> list[str]:
    for i, ch in enumerate(text):
        if ch in _WILD:
            return [t for sub in _WILD[ch] for t in _expand(text[:i] + sub + text[i + 1 :])]
    return [text]


@cache
def table() -> bytes:
    """One byte per neighbourhood code: 1 where the centre is a shape point."""
    marks = bytearray(4**8)
    for shape in _SHAPES:
        for variant in _variants(shape):
            for text in _expand(variant):
                ring = text[:4] + text[5:]
                marks[sum(_CODE[ch] << (2 * k) for k, ch in enumerate(ring))] = 1
    return bytes(marks)


@cache
def rings(size: int) -> tuple[tuple[int, ...], ...]:
    """Per point, its eight surrounding indices row by row; ``size * size`` off the board."""
    off = size * size
    result = []
    for index in range(size * size):
        row, col = divmod(index, size)
        result.append(
            tuple(
                (row + dr) * size + col + dc
                if 0 <= row + dr < size and 0 <= col + dc < size
                else off
                for dr in (-1, 0, 1)
                for dc in (-1, 0, 1)
                if dr or dc
            )
        )
    return tuple(result)


def matches(colors, ring, shapes: bytes) -> bool:
    """Whether the empty point with surrounding indices ``ring`` is a shape point."""
    a, b, c, d, e, f, g, h = ring
    return bool(
        shapes[
            colors[a]
            | colors[b] << 2
            | colors[c] << 4
            | colors[d] << 6
            | colors[e] << 8
            | colors[f] << 10
            | colors[g] << 12
            | colors[h] << 14
        ]
    )
