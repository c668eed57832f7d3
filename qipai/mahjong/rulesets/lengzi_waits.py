"""One-tile waits (棱子 in Lengzi, the 夹胡 family in Baicheng) read from a rules-book hand.

The shared classifier (MJ-12) sees concealed counts; a kind whose four copies the player holds
in his own melds is no wait (LZ-13: with ``{7777m}`` laid down, ``56m`` waits on 4m alone), so
the melds are always passed along. Both rulesets go through here so that they cannot differ.
"""

from __future__ import annotations

from collections.abc import Iterable

from qipai.mahjong.analysis import WaitClass, classify_wait, waits
from qipai.mahjong.notation import HandText, Meld
from qipai.mahjong.tiles import to_counts


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
