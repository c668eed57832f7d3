"""The score estimate during play, drawn over the Go table's board (issue 16).

The estimator is pure core code, so the client runs it on the position the hall sent (the view's
board), as review does, and the hall is not asked: nothing hidden is in it, the board is public.
Who may see it is the core's rule (`qipai.go.options.may_see_estimate`), asked with the facts the
view carries: is the table ranked, does this connection hold a seat.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from client.go_view import BLACK, WHITE, GoView
from qipai.go import Game
from qipai.go.options import may_see_estimate
from qipai.go.ownership import DEFAULT_PLAYOUTS
from qipai.go.points import Color

OWNED = 0.5
"""An empty point is marked as a side's when the map gives it to that side at least this surely
(three playouts in four): the overlay shows what is likely, not every leaning."""


@dataclass(frozen=True)
class Estimate:
    """One estimate of one view, in screen coordinates (row 0 at the top)."""

    view: GoView
    dead: frozenset[tuple[int, int]]
    owned: dict[str, frozenset[tuple[int, int]]]
    result: str


def may_estimate(view: GoView) -> bool:
    return may_see_estimate(ranked=view.ranked, seated=not view.is_spectator)


def view_game(view: GoView) -> Game:
    """The view's position as a game (its stones as setup), with its komi and handicap."""
    size = view.size
    setup: dict[Color, list[tuple[int, int]]] = {Color.BLACK: [], Color.WHITE: []}
    for y, row in enumerate(view.grid):
        for x, stone in enumerate(row):
            if stone is not None:
                setup[Color.BLACK if stone == BLACK else Color.WHITE].append((x, size - 1 - y))
    first = Color.WHITE if view.to_move == WHITE else Color.BLACK
    return Game(size, komi=view.komi, handicap=view.handicap, setup=setup, first=first)


def estimate_view(view: GoView) -> Estimate:
    """The estimator's map of the view's position (a thread's work: 19x19 takes most of a
    second) and the result it expects."""
    game = view_game(view)
    size = game.size
    guess = game.estimate(DEFAULT_PLAYOUTS.get(size, 48), finished=False)
    owned: dict[str, set[tuple[int, int]]] = {BLACK: set(), WHITE: set()}
    for index, value in enumerate(guess.owner):
        if guess.colors[index] or abs(value) < OWNED:
            continue
        point = (index % size, size - 1 - index // size)
        owned[BLACK if value > 0 else WHITE].add(point)
    dead = frozenset((i % size, size - 1 - i // size) for i in guess.dead)
    return Estimate(
        view=view,
        dead=dead,
        owned={side: frozenset(points) for side, points in owned.items()},
        result=guess.expected_result(game.komi, game.handicap).text,
    )


def overlaid(estimate: Estimate) -> GoView:
    """The estimate's view with the map over it: the board draws owned points with the
    scoring phase's territory marks and the stones it expects to die as dead stones."""
    return replace(estimate.view, dead=estimate.dead, territory=dict(estimate.owned))
