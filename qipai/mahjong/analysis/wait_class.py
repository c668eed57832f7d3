"""Wait classification of a won hand (MJ-12): closed 卡张, edge 边张, single 单吊 — for 棱子胡
(Lengzi) and 夹胡 / 边夹 / 单贴 (Baicheng).

Closed and edge are winner-favourable (any decomposition will do, MJ-11); single also needs
the hand to have waited on that one kind alone, which is what rules out "两端单贴" such as
``3456p`` waiting on 3p or 6p.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from qipai.mahjong.analysis.counts import HandCountsError, check_counts
from qipai.mahjong.analysis.shape_tables import SetShape
from qipai.mahjong.analysis.shapes import decompositions
from qipai.mahjong.analysis.waits import waits


@dataclass(frozen=True)
class WaitClass:
    closed: bool
    edge: bool
    single: bool
    waits: tuple[int, ...]
    """W(H): the kinds the hand waited on before the winning tile (MJ-10)."""


def classify_wait(
    counts_with_win: Sequence[int], win_kind: int, *, melded: Sequence[int] | None = None
) -> WaitClass:
    """Classify the winning tile's role in the complete concealed hand ``counts_with_win``.

    ``melded`` (the declared melds' counts) only matters for ``waits``: a kind whose four
    copies the winner holds is not a wait (MJ-10).
    """
    check_counts(counts_with_win)
    if not (isinstance(win_kind, int) and 0 <= win_kind < 34) or not counts_with_win[win_kind]:
        raise HandCountsError(f"the winning kind {win_kind!r} is not in the hand")
    before = list(counts_with_win)
    before[win_kind] -= 1
    waited = tuple(waits(before, melded=melded))
    closed = edge = paired = False
    rank = win_kind % 9 if win_kind < 27 else None
    for decomposition in decompositions(counts_with_win):
        paired = paired or decomposition.pair == win_kind
        for shape, first in decomposition.sets:
            if shape is not SetShape.CHOW or rank is None:
                continue
            closed = closed or first == win_kind - 1
            edge = (
                edge or (first == win_kind - 2 and rank == 2) or (first == win_kind and rank == 6)
            )
    return WaitClass(closed, edge, paired and waited == (win_kind,), waited)
