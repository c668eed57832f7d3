"""The dead stones the hall proposes in the scoring phase (GO-04 b); players confirm or toggle.

The proposal is the estimator's (:func:`qipai.go.ownership.estimate`): the static judgement,
with groups it leaves unsettled read by playouts seeded from the position, so the same board
always gets the same proposal and every game replays exactly.
"""

from __future__ import annotations

from qipai.go.board import Board
from qipai.go.ownership import estimate


def suggest_dead_indices(board: Board) -> set[int]:
    return set(estimate(board, seed=board.hash).dead)
