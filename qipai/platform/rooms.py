"""Coin rooms: tiers and minimums, the stake per hand, the table fee (platform.md §6–7).

The stake is a function of the poorest seated player's coins at each deal (PL-14), and is the
ruleset's base unit (PL-13) — the server builds the hand's ruleset options with ``base`` equal
to it. Friendly rooms move no coins at all (PL-03) and never reach this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from qipai.mahjong.rulesets.base import Ruleset
from qipai.mahjong.rulesets.fees import FeePolicy
from qipai.platform.errors import BadInput, BelowRoomMinimum


@dataclass(frozen=True)
class Tier:
    name_zh: str
    minimum: int
    random_seats: bool
    """防作弊: seats are assigned, tables not chosen, no spectators, no chat in a hand (PL-15)."""


class RoomTier(Enum):
    FREE = Tier("自由场", 320, False)
    HUNDRED = Tier("[100]场", 3_200, False)
    THOUSAND = Tier("[1000]场", 32_000, False)
    ANTI_CHEAT = Tier("防作弊", 320, True)


STAKE_TABLE = (
    (3_200_000, 100_000),
    (320_000, 10_000),
    (32_000, 1_000),
    (3_200, 100),
    (320, 10),
)
"""(lowest coins of the poorest seated player, stake per hand), richest first (003:L25–32)."""


def stake_for(balances: Sequence[int]) -> int:
    """每注 from the poorest of the players seated at the deal."""
    if not balances or any(type(b) is not int for b in balances):
        raise BadInput(f"balances must be a non-empty list of integers, not {balances!r}")
    poorest = min(balances)
    for floor, stake in STAKE_TABLE:
        if poorest >= floor:
            return stake
    raise BelowRoomMinimum(
        f"a seated player holds {poorest} coins, below the lowest stake's 320; "
        "stand them up before the deal"
    )


def check_can_sit(tier: RoomTier, balance: int) -> None:
    """Refuse a seat below the room's minimum, saying what to do about it."""
    minimum = tier.value.minimum
    if balance < minimum:
        advice = (
            "claim the daily relief once you are below 320"
            if minimum == 320
            else "choose a lower room"
        )
        raise BelowRoomMinimum(
            f"{tier.value.name_zh} needs {minimum} coins to sit; you hold {balance} ({advice})"
        )


def seats_to_stand_up(tier: RoomTier, balances: Sequence[int]) -> list[int]:
    """PL-14/PL-20: seats below the room minimum leave before the next deal."""
    return [seat for seat, balance in enumerate(balances) if balance < tier.value.minimum]


def fee_in_settlement(ruleset: Ruleset) -> bool:
    """Whether the ruleset writes its own 台费 lines into the hand's settlement (its declared
    ``fee_policy``, PL-16). The economy charges a fee only for the others, so no hand pays twice.
    """
    return ruleset.fee_policy is FeePolicy.SETTLEMENT


def room_fee(ruleset: Ruleset, stake: int) -> int:
    """The fee per player per won hand this room charges (PL-16), wherever it is settled: the
    ruleset's own ``room_fee`` from its options (every room's fee is configurable)."""
    return ruleset.room_fee(stake)


def economy_fee(ruleset: Ruleset, stake: int) -> int:
    """The fee the economy adds to a won hand: none if the settlement already carries it."""
    return 0 if fee_in_settlement(ruleset) else room_fee(ruleset, stake)
