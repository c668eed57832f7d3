"""白城鸡宝夹: what a complete hand must contain to be a legal win (ruleset-baicheng.md §3).

A hand with the right shape can still be refused; the refusal names the first requirement it
breaks, in the rules book's order, so the player is told why the win was not offered.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from qipai.mahjong.analysis import SetShape, decompositions, is_standard_win
from qipai.mahjong.notation import HandText, Meld, MeldKind
from qipai.mahjong.table.errors import IllegalAction
from qipai.mahjong.tiles import DRAGONS, is_terminal, suit_of

OPENING_MELDS = frozenset(
    (MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG_EXPOSED, MeldKind.KONG_ADDED)
)


class Requirement(StrEnum):
    """Why a win is refused; the values are stable codes sent to clients."""

    SHAPE = "not_four_sets_and_a_pair"
    THREE_SUITS = "missing_a_suit"  # 三色全
    PUNG = "no_pung"  # 至少一叉
    TERMINAL = "no_terminal"  # 不断幺九
    OPENED = "not_opened"  # 开门
    SINGLE_TILE_PIAO = "single_tile_without_piao"  # 手把一 only for 漂


class WinRequirementUnmet(IllegalAction):
    """A win the Baicheng requirements refuse; ``requirement`` says which one."""

    code = "win_requirement_unmet"

    def __init__(self, requirement: Requirement) -> None:
        super().__init__(f"this hand cannot win: {requirement.value}")
        self.requirement = requirement


def all_kinds(hand: HandText) -> list[int]:
    """Every tile kind of the complete hand: concealed, winning tile and melds."""
    kinds = list(hand.concealed)
    if hand.winning is not None:
        kinds.append(hand.winning)
    for meld in hand.melds:
        kinds.extend(meld.tiles)
    return kinds


def opened(melds: Iterable[Meld]) -> bool:
    """A chow, pung or exposed kong opens the hand; a concealed kong does not (L43, L56)."""
    return any(m.kind in OPENING_MELDS for m in melds)


def all_melds_are_triplets(melds: Iterable[Meld]) -> bool:
    return all(m.kind is not MeldKind.CHOW for m in melds)


def has_pung_or_dragon_pair(hand: HandText) -> bool:
    """至少一叉: a pung or kong anywhere (BC-14: a concealed triplet too), or a dragon 将."""
    if any(m.kind is not MeldKind.CHOW for m in hand.melds):
        return True
    counts = hand.concealed_counts(with_winning=True)
    return any(
        d.pair in DRAGONS or any(shape is SetShape.PUNG for shape, _ in d.sets)
        for d in decompositions(counts)
    )


def unmet_requirement(hand: HandText) -> Requirement | None:
    """The first requirement of §3 the complete hand breaks, or None for a legal win."""
    if hand.winning is None:
        raise ValueError("requirements are judged on a complete hand")
    if not is_standard_win(hand.concealed_counts(with_winning=True)):
        return Requirement.SHAPE
    kinds = all_kinds(hand)
    if not {0, 1, 2} <= {suit_of(k) for k in kinds}:
        return Requirement.THREE_SUITS
    if not has_pung_or_dragon_pair(hand):
        return Requirement.PUNG
    if not any(is_terminal(k) or k in DRAGONS for k in kinds):
        return Requirement.TERMINAL
    if not opened(hand.melds):
        return Requirement.OPENED
    if len(hand.concealed) == 1 and not all_melds_are_triplets(hand.melds):
        return Requirement.SINGLE_TILE_PIAO
    return None


def requirements_missing(kinds: Iterable[int], opened_hand: bool) -> int:
    """The requirements of §3 an incomplete hand does not meet yet and that its tiles decide:
    a missing suit each, no terminal or dragon, not opened (the pung is left out: a pair of
    the right tiles can still become one)."""
    held = list(kinds)
    missing = len({0, 1, 2} - {suit_of(k) for k in held})
    missing += not any(is_terminal(k) or k in DRAGONS for k in held)
    return missing + (not opened_hand)


def may_claim_with_four_concealed(melds: Iterable[Meld], claim: MeldKind) -> bool:
    """BC-03: with four concealed tiles left a claim would leave 手把一, allowed only toward 漂."""
    return claim is not MeldKind.CHOW and all_melds_are_triplets(melds)
