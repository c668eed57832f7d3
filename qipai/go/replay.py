"""Stepping through a recorded game: the position after any ply, rebuilt by the engine from the
record's moves, so a review shows exactly what the rules made of each move (captures, ko), and
nothing is drawn that the core did not play."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from qipai.go.game import SCORING, Game, Move
from qipai.go.points import Color
from qipai.go.sgf import Record, read


@dataclass(frozen=True)
class Step:
    """The record at one ply (0: the position before the first move)."""

    ply: int
    game: Game
    move: Move | None
    comments: tuple[str, ...]
    time_left: dict[Color, float]
    """Each side's clock as last recorded at or before this ply (BL/WL); absent: not recorded."""


class Replay:
    """A record to step through; positions are replayed from the start on each request and the
    last one kept, since one replay of a 19x19 game costs about a millisecond."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.moves: tuple[Move, ...] = tuple(record.game.moves)
        self._last: Step | None = None

    @classmethod
    def from_sgf(cls, text: str) -> Replay:
        return cls(read(text))

    @property
    def plies(self) -> int:
        return len(self.moves)

    def step(self, ply: int) -> Step:
        """The record at ``ply``, clamped to 0..plies."""
        ply = max(0, min(self.plies, ply))
        if self._last is not None and self._last.ply == ply:
            return self._last
        if ply == self.plies:
            game = self.record.game  # the finished game as read: its result and count
        else:
            game = self._position(ply)
        clocks: dict[Color, float] = {}
        for number in range(1, ply + 1):
            if number in self.record.time_left:
                clocks[self.moves[number - 1].color] = self.record.time_left[number]
        self._last = Step(
            ply=ply,
            game=game,
            move=self.moves[ply - 1] if ply else None,
            comments=tuple(self.record.comments.get(ply, ())),
            time_left=clocks,
        )
        return self._last

    def _position(self, ply: int) -> Game:
        start = self.record.game
        game = Game(
            start.size,
            komi=start.komi,
            handicap=start.handicap,
            setup=start.setup,
            first=start.first,
        )
        for move in self.moves[:ply]:
            if game.phase == SCORING:
                game.resume(move.color)  # played on after two passes, as the reader does
            if move.point is None:
                game.pass_(move.color)
            else:
                game.play(move.point, move.color)
        return game

    @cached_property
    def end_estimate(self) -> str:
        """The estimator's count of the last position when the record ends without a result
        of our rules (a record that stops at its last stone, as most published games do):
        the text of the result that count gives, or "" when the game has its own."""
        game = self.record.game
        if game.result is not None:
            return ""
        return game.estimate().count(game.komi, game.handicap).result().text

    @property
    def recorded_result(self) -> str:
        """The record's own ``RE`` (``B+4``), which a review shows beside the hall's count."""
        return self.record.root.get("RE", "").strip()


__all__ = ["Replay", "Step"]
