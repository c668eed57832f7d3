"""A ruleset's payment rules as data, for the table's reference screen (`r`): who pays whom,
for what, and how much at the table's options.

Each ruleset builds its list (``Ruleset.payment_reference``) from the very constants and
helpers its settlement pays with, so the reference cannot disagree with a settlement; the
reason is the one the settlement writes on its payment lines. Parties and scales are stable
codes a client puts in words.
"""

from __future__ import annotations

from dataclasses import dataclass

from qipai.mahjong.scoring import multiplier

# Who pays or is paid.
DISCARDER = "discarder"  # the seat whose discard (or robbed kong) made the win
OTHERS = "others"  # each other seat still in play
EVERYONE = "everyone"  # all four seats
FEEDER = "feeder"  # the seat whose discard made the kong
LIABLE = "liable"  # the seat the rules make pay the whole win (包)
WINNER = "winner"
KONGER = "konger"
POT = "pot"  # the table's pot (锅底)
HOUSE = "house"  # the table fee's payee
PIG = "pig"  # 花猪: still holding its void suit at a drawn hand
NOT_PIGS = "not_pigs"  # each seat in play that is not a 花猪
NOT_READY = "not_ready"  # each seat in play that is not ready at a drawn hand
READY = "ready"  # each ready seat
PAYERS = "payers"  # the seats that paid that money
LEFT_BEHIND = "left_behind"  # the three seats other than the first to leave
BYSTANDERS = "bystanders"  # each seat that neither won nor dealt in

# How the amount grows.
FIXED = "fixed"  # the amount
DOUBLING = "doubling"  # amount × 2^fan (the fan of the win, and the payer's own)
DOUBLING_FROM_ONE = "doubling_from_one"  # amount × 2^(fan−1) (scoring.multiplier)
DOUBLING_FROM_ONE_PLUS_BASE = "doubling_from_one_plus_base"  # amount × (2^(fan−1) + 1)
PER_PAO = "per_pao"  # amount per 炮 on: the winner's and the payer's 下炮
MONEY_TAKEN = "money_taken"  # the kong money the seat took (amount None)
WHOLE_POT = "whole_pot"  # all of the pot (amount None)
POT_THIRD = "pot_third"  # a third of the pot each, rounded down (amount None)
FAN_CAP = "fan_cap"  # not a payment: a win counts at most ``amount`` fan
FAN_PLUS = "fan_plus"  # amount × (fan + plus): 国标's competition points


@dataclass(frozen=True)
class PaymentRule:
    """One line of the rules: ``reason`` as the settlement writes it (Chinese); ``amount`` per
    payer at the table's options, the unit a ``scale`` grows (None when only the hand knows it)."""

    reason: str
    payer: str
    payee: str
    amount: int | None
    scale: str = FIXED
    plus: int = 0  # the points added to the fan (FAN_PLUS)

    def pays(self, fan: int) -> int:
        """What one payer pays for a win of ``fan`` (the doublings that apply to him)."""
        assert self.amount is not None
        if self.scale == DOUBLING:
            return self.amount << fan
        if self.scale == DOUBLING_FROM_ONE:
            return self.amount * multiplier(fan)
        if self.scale == DOUBLING_FROM_ONE_PLUS_BASE:
            return self.amount * (multiplier(fan) + 1)
        if self.scale == FAN_PLUS:
            return self.amount * (fan + self.plus)
        return self.amount
