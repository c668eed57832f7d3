"""ASCII positions for tests, read the way the rules book draws them.

Rows are written top first; ``X`` is Black, ``O`` is White, ``.`` is empty; a leading row number
and spaces are ignored. A diagram smaller than the board sits in the bottom-left corner, so the
book's ``A``–``D`` / ``1``–``3`` snippets keep their coordinates.
"""

from __future__ import annotations

from qipai.go import Color, Game

SYMBOLS = {"X": Color.BLACK, "O": Color.WHITE}


def parse_diagram(diagram: str) -> dict[Color, list[tuple[int, int]]]:
    rows = []
    for line in diagram.strip("\n").splitlines():
        cells = [ch for ch in line if ch in "XO."]
        if cells:
            rows.append(cells)
    stones: dict[Color, list[tuple[int, int]]] = {Color.BLACK: [], Color.WHITE: []}
    for depth, cells in enumerate(rows):
        row = len(rows) - 1 - depth
        for col, ch in enumerate(cells):
            if ch in SYMBOLS:
                stones[SYMBOLS[ch]].append((col, row))
    return stones


def game_from_diagram(
    diagram: str, size: int = 9, to_move: Color = Color.BLACK, komi: float = 3.5
) -> Game:
    return Game(size, komi=komi, setup=parse_diagram(diagram), first=to_move)


def rows_of(game: Game, height: int, width: int) -> list[str]:
    """The bottom-left ``width`` x ``height`` corner of the board, top row first."""
    return [row[:width] for row in game.rows()[game.size - height :]]


def clean(diagram: str) -> list[str]:
    return [
        "".join(ch for ch in line if ch in "XO.")
        for line in diagram.strip("\n").splitlines()
        if any(ch in "XO." for ch in line)
    ]
