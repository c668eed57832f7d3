"""The table fee (台费, PL-16): every room's fee is configurable, and who books it is declared.

Rulesets whose settlement writes its own 台费 lines (Lengzi's flat ``table_fee``, Baicheng's and
Zhongyou's ``fee_percent``) say so with ``FeePolicy.SETTLEMENT``; for the others (Sichuan) the
economy charges the room's fee on a won hand (``FeePolicy.ECONOMY``), so no hand pays twice.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from qipai.mahjong.rulesets.options import option

FEE_PERCENT = 10
"""PL-16's default fee outside Lengzi: 10 % of the stake."""
FEE_PERCENT_DOC = "台费 per player per won hand in % of the stake, at least 1; 0 = none (PL-16)"


class FeePolicy(StrEnum):
    SETTLEMENT = "settlement"
    """The ruleset's own settlement carries the 台费 lines."""
    ECONOMY = "economy"
    """The economy charges the room's fee on a won hand."""


def percent_fee(stake: int, percent: int) -> int:
    """A share of the stake, rounded down, at least 1 (0 percent: no fee)."""
    return max(1, stake * percent // 100) if percent else 0


def fee_percent_option() -> Any:
    """The ``fee_percent`` room option of every ruleset that charges a share of the stake."""
    return option(FEE_PERCENT, (FEE_PERCENT, 0, 5, 20), FEE_PERCENT_DOC)
