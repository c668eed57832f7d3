"""One-tile waits (棱子 in Lengzi, the 夹胡 family in Baicheng) read from a rules-book hand.

The shared classifier (MJ-12) sees concealed counts; a kind whose four copies the player holds
in his own melds is no wait (LZ-13: with ``{7777m}`` laid down, ``56m`` waits on 4m alone), so
the melds are always passed along. Both rulesets go through here so that they cannot differ.

The rulesets score ``HandText`` (the notation the rules book and the tests speak);
``table_hand`` turns the machine's view of a candidate win into one.
"""

from __future__ import annotations

from collections.abc import Iterable

from qipai.mahjong.analysis import WaitClass, classify_wait, waits
from qipai.mahjong.notation import HandText, Meld, MeldKind
from qipai.mahjong.rulesets.base import TableMeld, WinContext
from qipai.mahjong.tiles import counts_to_kinds, kind_of, to_counts


def notation_meld(meld: TableMeld) -> Meld:
    return Meld(MeldKind(meld.type), tuple(kind_of(tile) for tile in meld.tiles))


def table_hand(ctx: WinContext) -> HandText:
    """The candidate win as the rules book writes it: concealed tiles, melds, ``+`` the tile."""
    before = list(ctx.counts)
    before[ctx.win_kind] -= 1
    melds = tuple(notation_meld(m) for m in ctx.melds)
    return HandText(tuple(counts_to_kinds(before)), melds, ctx.win_kind)


def melded_counts(melds: Iterable[Meld]) -> list[int]:
    """Copies of each kind in the player's declared melds."""
    return to_counts([kind for meld in melds for kind in meld.tiles])


def own_waits(hand: HandText) -> tuple[int, ...]:
    """W(H) of MJ-10 for a ready hand (its ``winning`` is ignored)."""
    return tuple(waits(hand.concealed_counts(), melded=melded_counts(hand.melds)))


def wait_shape(hand: HandText) -> WaitClass:
    """Classify the winning tile of a complete hand (``hand.winning`` must be set)."""
    if hand.winning is None:
        raise ValueError("a wait shape needs the winning tile")
    return classify_wait(
        hand.concealed_counts(with_winning=True),
        hand.winning,
        melded=melded_counts(hand.melds),
    )
