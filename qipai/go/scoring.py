"""Area counting (go.md §1.7) and the verdict (§1.8, GO-02, GO-10, GO-11).

Counts are in stones (子), as Chinese players read them; SGF results are converted to points
(one stone = two points) only at the edge, in :attr:`Result.sgf`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from qipai.go.board import BLACK, EMPTY, WHITE, neighbours
from qipai.go.points import Color

DRAW_TEXT = "和棋"


@dataclass(frozen=True)
class AreaCount:
    """What each side owns once the dead stones are off the board, and how that is judged."""

    size: int
    black_stones: int
    white_stones: int
    black_territory: int
    white_territory: int
    dame: int
    komi: float
    handicap: int

    @property
    def black(self) -> float:
        """Black's count B: stones + territory + half of every dame point."""
        return self.black_stones + self.black_territory + self.dame / 2

    @property
    def white(self) -> float:
        return self.white_stones + self.white_territory + self.dame / 2

    @property
    def baseline(self) -> float:
        """Half the board (180.5 on 19x19): the seed's 基本点."""
        return self.size * self.size / 2

    @property
    def adjusted(self) -> float:
        """Black's count after komi and the handicap compensation of N/2 stones."""
        return self.black - self.komi - self.handicap / 2

    @property
    def winner(self) -> Color | None:
        if self.adjusted > self.baseline:
            return Color.BLACK
        if self.adjusted < self.baseline:
            return Color.WHITE
        return None

    @property
    def margin(self) -> float:
        return abs(self.adjusted - self.baseline)

    def result(self) -> Result:
        return Result(winner=self.winner, reason="count", margin=self.margin)

    def parts(self) -> dict[str, float]:
        """Each side's count and what it adds up from, keyed as the hall's view names them."""
        return {
            "black": self.black,
            "white": self.white,
            "black_stones": self.black_stones,
            "white_stones": self.white_stones,
            "black_territory": self.black_territory,
            "white_territory": self.white_territory,
            "dame": self.dame,
            "baseline": self.baseline,
        }


@dataclass(frozen=True)
class Result:
    """The end of a game: who won (``None`` is a draw), why, and by how many stones."""

    winner: Color | None
    reason: str  # "count" | "resign" | "time"
    margin: float | None = None

    @property
    def loser(self) -> Color | None:
        return None if self.winner is None else self.winner.other

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    @property
    def text(self) -> str:
        """The GO-11 string: 黑胜 2.5 子 / 白胜 1 子 / 和棋 / 黑中盘胜 / 白超时负."""
        if self.reason == "resign":
            return f"{self.winner.chinese}中盘胜"
        if self.reason == "time":
            return f"{self.loser.chinese}超时负"
        if self.winner is None:
            return DRAW_TEXT
        return f"{self.winner.chinese}胜 {format_number(self.margin)} 子"

    @property
    def sgf(self) -> str:
        """SGF ``RE`` value, margins in points: ``B+1``, ``W+R``, ``B+T``, ``0`` for a draw."""
        if self.reason == "resign":
            return f"{self.winner.letter}+R"
        if self.reason == "time":
            return f"{self.winner.letter}+T"
        if self.winner is None:
            return "0"
        return f"{self.winner.letter}+{format_number(self.margin * 2)}"


def format_number(value: float) -> str:
    """0.5 → "0.5", 2.0 → "2", 0.25 → "0.25" (margins are multiples of 1/4)."""
    return f"{value:g}"


def area_count(
    colors: Sequence[int], size: int, dead: Iterable[int], komi: float, handicap: int
) -> AreaCount:
    """Flood-fill the empty regions (dead stones lifted first) and classify each by its border.

    A region bordered by one colour only is that colour's territory (this is also how a seki
    eye counts for its owner); a region touching both colours, or none, is dame, half to each.
    """
    board = list(colors)
    for index in dead:
        board[index] = EMPTY
    nbrs = neighbours(size)
    stones = {BLACK: 0, WHITE: 0}
    territory = {BLACK: 0, WHITE: 0}
    dame = 0
    seen = [False] * (size * size)
    for start, color in enumerate(board):
        if color != EMPTY:
            stones[color] += 1
            continue
        if seen[start]:
            continue
        seen[start] = True
        stack = [start]
        region = 0
        border = 0
        while stack:
            p = stack.pop()
            region += 1
            for n in nbrs[p]:
                c = board[n]
                if c == EMPTY:
                    if not seen[n]:
                        seen[n] = True
                        stack.append(n)
                else:
                    border |= c
        if border in (BLACK, WHITE):
            territory[border] += region
        else:
            dame += region
    return AreaCount(
        size=size,
        black_stones=stones[BLACK],
        white_stones=stones[WHITE],
        black_territory=territory[BLACK],
        white_territory=territory[WHITE],
        dame=dame,
        komi=komi,
        handicap=handicap,
    )
