"""What an escape settles (platform.md PL-18): the hand's payments due, then the penalty.

An escape is the platform's rule, the same for every ruleset; what a hand cut short still owes
beyond the machine's own ledger is the ruleset's (``Ruleset.cut_short_payments``: Baicheng's
kong money, BC-11). A coin room may move less than these nominal lines (PL-20); the ledger
says what moved (``hand_coins.settle_escape``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from qipai.mahjong.scoring import HOUSE, Payment, Settlement
from qipai.platform.hand_coins import ESCAPE_MULTIPLE

if TYPE_CHECKING:
    from qipai.mahjong.table.machine import HandMachine

ESCAPE_REASON = "逃跑"


def payments_due(hand: HandMachine) -> list[Payment]:
    """PL-18 (2): what a hand cut short still settles — the payments the machine has made so
    far (immediate kong money, xuezhan wins already declared, less what a winner who left
    forfeits, SC-16) and what the ruleset says every hand owes at its end."""
    due = list(hand.ledger)
    for payment in hand.win_payments:
        if hand.seats[payment.payee].left and hand.ruleset.forfeits(hand, payment):
            due.remove(payment)
    due.extend(hand.ruleset.cut_short_payments(hand))
    return due


def escape_penalty(hand: HandMachine, escaper: int, stake: int) -> int:
    """PL-18 (3) as qipai decides it (platform.md "Escaping never pays"): 16 × stake, or more
    when the hand, drawn at this moment, would cost the escaper more — 查花猪 and 查大叫 at
    cap 6 take up to 96 × stake from a seat that is not ready, and leaving must never be the
    cheaper way out of a losing hand."""
    ruleset = hand.ruleset
    owed = sum(p.amount for p in ruleset.exhaustive_payments(hand) if p.payer == escaper)
    due = sum(p.amount for p in ruleset.cut_short_payments(hand) if p.payer == escaper)
    return max(ESCAPE_MULTIPLE * stake, owed - due)  # what is due anyway is not counted twice


def penalty_lines(escaper: int, penalty: int) -> list[Payment]:
    """PL-18 (3): the penalty from the escaper, an equal floored share to each other seat and
    the remainder to the house (stake 100 → 1,600: 533 each, 1 to the house)."""
    share = penalty // 3
    lines = [Payment(escaper, seat, share, ESCAPE_REASON) for seat in range(4) if seat != escaper]
    if penalty - 3 * share:
        lines.append(Payment(escaper, HOUSE, penalty - 3 * share, ESCAPE_REASON))
    return lines


def escape_settlement(hand: HandMachine, escaper: int, stake: int) -> Settlement:
    """The interrupted hand's settlement as the rules give it: the payments due, then the
    penalty."""
    penalty = penalty_lines(escaper, escape_penalty(hand, escaper, stake))
    return Settlement(tuple(hand.wins), (*payments_due(hand), *penalty), False)
