"""The machine's view of a hand, read the way the rules book writes hands.

The Lengzi, Baicheng and Zhongyou rules are written and tested on ``HandText`` (concealed
kinds, melds, ``+`` the winning tile); these readers turn a candidate win or the table at the
end of a hand into that form. All three rulesets use them; the module is named after the first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from qipai.mahjong.notation import HandText, Meld, MeldKind
from qipai.mahjong.table.state import TableMeld, WinContext
from qipai.mahjong.tiles import counts_to_kinds, kind_of

if TYPE_CHECKING:
    from qipai.mahjong.table.machine import HandMachine


def notation_meld(meld: TableMeld) -> Meld:
    return Meld(MeldKind(meld.type), tuple(kind_of(tile) for tile in meld.tiles))


def table_hand(ctx: WinContext) -> HandText:
    """The candidate win as the rules book writes it: concealed tiles, melds, ``+`` the tile."""
    before = list(ctx.counts)
    before[ctx.win_kind] -= 1
    melds = tuple(notation_meld(m) for m in ctx.melds)
    return HandText(tuple(counts_to_kinds(before)), melds, ctx.win_kind)


def seat_hand(hand: HandMachine, seat: int, win_tile: int) -> HandText:
    """A seat's hand completed by ``win_tile`` (its drawn tile, or a tile on offer)."""
    state = hand.seats[seat]
    kinds = sorted(kind_of(t) for t in state.concealed if t != win_tile)
    melds = tuple(notation_meld(m) for m in state.melds)
    return HandText(tuple(kinds), melds, kind_of(win_tile))


def standing_kongs(hand: HandMachine) -> list[tuple[int, MeldKind]]:
    """Every kong on the table at the end of the hand, by owner (a robbed kong never stood)."""
    return [
        (seat, MeldKind(meld.type))
        for seat, state in enumerate(hand.seats)
        for meld in state.melds
        if meld.is_kong
    ]
