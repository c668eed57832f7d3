"""A mahjong hand's coins: its settlement turned into one ledger movement (platform.md §7–8a).

The rulesets settle in the room's stake (``options.base``); parties are seats 0–3, the table's
pot and the house (``qipai.mahjong.scoring``). Here those payments become entries between
accounts, in the order the rules book gives:

1. the table fee first (PL-16 "deducted before payouts"). A ruleset that writes its own 台费
   lines (Lengzi, Baicheng, Zhongyou) is charged those and nothing else; for one that does not
   (Sichuan) the caller passes ``fee`` (``rooms.economy_fee``) and it is charged from every seat
   if the hand had a win (PL-16, PL-22). Passing both is refused, so no hand pays twice;
2. every other payment, limited by what each payer holds (PL-20): a payer who cannot cover his
   lines pays what he has, and his creditors share it in proportion to what he owed them,
   floored, the remainder to the largest creditor.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace

from qipai.mahjong.scoring import HOUSE as HOUSE_PARTY
from qipai.mahjong.scoring import POT as POT_PARTY
from qipai.mahjong.scoring import Payment, Settlement
from qipai.platform.errors import BadInput
from qipai.platform.ledger import HOUSE, Movement, Reason, combine, transfer
from qipai.platform.newcomers import newcomer_payee

SEATS = 4
FEE_REASON = "台费"
ESCAPE_MULTIPLE = 16
"""逃跑扣 每注 × 16 (003:L33, PL-18)."""


def prorate(total: int, weights: Sequence[int]) -> list[int]:
    """``total`` (at most ``sum(weights)``) shared in proportion to ``weights``, floored; the
    remainder goes to the largest weight (the first of equals), as PL-20 gives it to the
    largest creditor, spilling to the next largest only where a share would exceed its weight."""
    whole = sum(weights)
    if whole == 0:
        return [0] * len(weights)
    shares = [total * w // whole for w in weights]
    _give_largest_first(shares, weights, total - sum(shares))
    return shares


def _give_largest_first(shares: list[int], caps: Sequence[int], amount: int) -> int:
    """Add ``amount`` to ``shares``, largest cap first, never above a cap; returns what is left."""
    for i in sorted(range(len(caps)), key=lambda i: -caps[i]):
        extra = min(amount, caps[i] - shares[i])
        shares[i] += extra
        amount -= extra
    return amount


def is_fee(payment: Payment) -> bool:
    return payment.payee == HOUSE_PARTY and payment.reason == FEE_REASON


class _Parties:
    """Seat numbers and the pot/house parties mapped to ledger accounts."""

    def __init__(self, seats: Sequence[str], pot: str | None) -> None:
        if len(seats) != SEATS or len(set(seats)) != SEATS or HOUSE in seats:
            raise BadInput(f"a table has four distinct player accounts, not {list(seats)!r}")
        self.seats = list(seats)
        self.pot = pot

    def account(self, party: int) -> str:
        if party == HOUSE_PARTY:
            return HOUSE
        if party == POT_PARTY:
            if self.pot is None:
                raise BadInput("a pot payment at a table without a pot account")
            return self.pot
        if party not in range(SEATS):
            raise BadInput(f"unknown party {party!r}")
        return self.seats[party]


def pay_within_means(
    payments: Sequence[Payment], funds: Mapping[int, int]
) -> list[tuple[Payment, int]]:
    """Each payment with the amount actually paid under PL-20.

    ``funds`` are the parties' coins before these payments; the house is never short. A payer's
    means are his coins plus what he actually receives in the same settlement, so short payers
    can make each other short. First every short payer pays each creditor the floor of its
    proportional share, lowering amounts until that is consistent (shares only shrink as means
    do, so this ends); then each short payer hands what he has left to his largest creditors
    (which can only raise amounts, so this ends too). In the end a short payer holds nothing.
    """
    paid = [p.amount for p in payments]
    payers = sorted({p.payer for p in payments} - {HOUSE_PARTY})
    lines = {party: [i for i, p in enumerate(payments) if p.payer == party] for party in payers}

    def means(party: int) -> int:
        received = sum(paid[i] for i, p in enumerate(payments) if p.payee == party)
        return funds.get(party, 0) + received

    changed = True
    while changed:
        changed = False
        for party in payers:
            owed = sum(payments[i].amount for i in lines[party])
            available = means(party)
            if available >= owed:
                continue
            for i, amount in _floored_shares(payments, lines[party], available).items():
                changed |= amount != paid[i]
                paid[i] = amount
    changed = True
    while changed:
        changed = False
        for party in payers:
            left = means(party) - sum(paid[i] for i in lines[party])
            if left > 0 and any(paid[i] < payments[i].amount for i in lines[party]):
                _hand_over(payments, lines[party], paid, left)
                changed = True
    return list(zip(payments, paid, strict=True))


def _creditors(payments: Sequence[Payment], mine: list[int]) -> dict[int, list[int]]:
    """Each creditor's lines, creditors in order of first appearance."""
    by_creditor: dict[int, list[int]] = {}
    for i in mine:
        by_creditor.setdefault(payments[i].payee, []).append(i)
    return by_creditor


def _floored_shares(payments: Sequence[Payment], mine: list[int], means: int) -> dict[int, int]:
    """Each creditor's floored share of ``means``, spread exactly over that creditor's lines."""
    by_creditor = _creditors(payments, mine)
    claims = [sum(payments[i].amount for i in idx) for idx in by_creditor.values()]
    whole = sum(claims)
    result = {}
    for idx, claim in zip(by_creditor.values(), claims, strict=True):
        share = means * claim // whole
        result.update(zip(idx, prorate(share, [payments[i].amount for i in idx]), strict=True))
    return result


def _hand_over(payments: Sequence[Payment], mine: list[int], paid: list[int], left: int) -> None:
    """Give ``left`` to the largest creditors first, each up to what it is owed."""
    by_creditor = _creditors(payments, mine)
    idx_lists = list(by_creditor.values())
    claims = [sum(payments[i].amount for i in idx) for idx in idx_lists]
    given = [sum(paid[i] for i in idx) for idx in idx_lists]
    extra = [0] * len(idx_lists)
    _give_largest_first(extra, [c - g for c, g in zip(claims, given, strict=True)], left)
    for idx, more in zip(idx_lists, extra, strict=True):
        if more:
            current = [paid[i] for i in idx]
            _give_largest_first(current, [payments[i].amount for i in idx], more)
            for i, amount in zip(idx, current, strict=True):
                paid[i] = amount


def _movement(paid: Sequence[tuple[Payment, int]], parties: _Parties, ref: str) -> Movement:
    return combine(
        transfer(
            parties.account(payment.payer),
            parties.account(payment.payee),
            amount,
            _reason(payment),
            ref,
            payment.reason,
        )
        for payment, amount in paid
    )


def _reason(payment: Payment) -> Reason:
    if is_fee(payment):
        return Reason.TABLE_FEE
    if POT_PARTY in (payment.payer, payment.payee):
        return Reason.POT
    return Reason.HAND


def settle_payments(
    payments: Sequence[Payment],
    *,
    seats: Sequence[str],
    balances: Mapping[str, int],
    ref: str,
    pot: str | None = None,
    newcomers: Collection[int] = (),
) -> tuple[Movement, dict[str, int]]:
    """Fee lines first, then the rest, each stage within the payers' means; returns the
    movement and the balances after it. What a ``newcomers`` seat pays goes to the house."""
    for payment in payments:
        if type(payment.amount) is not int or payment.amount < 0:
            raise BadInput(f"payment amounts are non-negative integers: {payment!r}")
    payments = [_to_house_from_newcomers(p, newcomers) for p in payments]
    parties = _Parties(seats, pot)
    coins = dict(balances)
    steps = []
    fees = [p for p in payments if is_fee(p)]
    for stage in (fees, [p for p in payments if not is_fee(p)]):
        funds = {party: coins.get(parties.account(party), 0) for party in _parties_of(stage)}
        step = _movement(pay_within_means(stage, funds), parties, ref)
        for account, change in step.net().items():
            coins[account] = coins.get(account, 0) + change
        steps.append(step)
    return combine(steps), coins


def _to_house_from_newcomers(payment: Payment, newcomers: Collection[int]) -> Payment:
    payee = newcomer_payee(payment.payer, payment.payee, newcomers, HOUSE_PARTY)
    return payment if payee == payment.payee else replace(payment, payee=payee)


def _parties_of(payments: Sequence[Payment]) -> set[int]:
    return {p.payer for p in payments} | {p.payee for p in payments}


def fee_lines(fee: int, seats: Sequence[int]) -> list[Payment]:
    """台费 as settlement lines, so that the economy's fee takes the same path as a ruleset's."""
    if type(fee) is not int or fee < 0:
        raise BadInput(f"the table fee is a non-negative integer, not {fee!r}")
    return [Payment(seat, HOUSE_PARTY, fee, FEE_REASON) for seat in seats] if fee else []


def settle_hand(
    settlement: Settlement,
    *,
    seats: Sequence[str],
    balances: Mapping[str, int],
    ref: str,
    pot: str | None = None,
    fee: int = 0,
    fee_paid: Sequence[int] = (),
    newcomers: Collection[int] = (),
) -> Movement:
    """The movement of a finished hand.

    ``fee`` is the economy's fee for a ruleset that settles none itself; it is charged only if
    the hand had a win (a 流局/荒庄 is free, PL-16; a xuezhan hand with a win and a 流局 among
    the rest is charged, PL-22), and not again from ``fee_paid`` seats (a xuezhan winner who
    left early paid at leaving, ``leaver_fee``). What ``newcomers`` seats lose goes to the
    house (``newcomers.newcomer_payee``).
    """
    payments = list(settlement.payments)
    if not set(fee_paid) <= set(range(SEATS)):
        raise BadInput(f"fee_paid lists seats 0..3, not {list(fee_paid)!r}")
    if fee and any(is_fee(p) for p in payments):
        raise BadInput("this settlement already charges the table fee; pass fee=0")
    if settlement.wins:
        payments = fee_lines(fee, [s for s in range(SEATS) if s not in fee_paid]) + payments
    movement, _ = settle_payments(
        payments, seats=seats, balances=balances, ref=ref, pot=pot, newcomers=newcomers
    )
    return movement


def leaver_fee(account: str, balance: int, fee: int, ref: str) -> Movement:
    """A xuezhan winner leaving early pays the hand's fee as he goes (PL-22), within his means."""
    return transfer(account, HOUSE, min(fee, balance), Reason.TABLE_FEE, ref, FEE_REASON)


def settle_escape(
    due: Sequence[Payment],
    escaper: int,
    *,
    seats: Sequence[str],
    balances: Mapping[str, int],
    stake: int,
    fee: int,
    ref: str,
    pot: str | None = None,
    newcomers: Collection[int] = (),
    penalty: int | None = None,
) -> Movement:
    """PL-18/PL-25: the escaper's fee, the payments already due, then the penalty (16 × stake
    unless ``escape.escape_penalty`` gave more) from the escaper split equally among the other
    three (floored, the remainder to the house).

    The three others pay no fee, so any 台费 line among ``due`` is dropped; ``fee`` is the
    room's fee (``rooms.room_fee``), which the escaper alone pays. What ``newcomers`` seats pay
    goes to the house, the escape's penalty included.
    """
    if escaper not in range(SEATS):
        raise BadInput(f"seat {escaper!r} is not 0..3")
    if type(stake) is not int or stake < 1:
        raise BadInput(f"stake must be a positive integer, not {stake!r}")
    payments = fee_lines(fee, [escaper]) + [p for p in due if not is_fee(p)]
    movement, coins = settle_payments(
        payments, seats=seats, balances=balances, ref=ref, pot=pot, newcomers=newcomers
    )
    escaper_account = seats[escaper]
    if penalty is None:
        penalty = ESCAPE_MULTIPLE * stake
    if type(penalty) is not int or penalty < ESCAPE_MULTIPLE * stake:
        raise BadInput(f"an escape costs at least {ESCAPE_MULTIPLE} × stake, not {penalty!r}")
    penalty = min(penalty, coins.get(escaper_account, 0))
    share = penalty // 3
    parties = _Parties(seats, pot)
    shares = [
        transfer(
            escaper_account,
            parties.account(newcomer_payee(escaper, seat, newcomers, HOUSE_PARTY)),
            share,
            Reason.ESCAPE_PENALTY,
            ref,
        )
        for seat in range(SEATS)
        if seat != escaper
    ]
    remainder = transfer(
        escaper_account, HOUSE, penalty - 3 * share, Reason.ESCAPE_PENALTY, ref, "remainder"
    )
    return combine([movement, *shares, remainder])


def split_pot_movement(
    payments: Sequence[Payment], *, seats: Sequence[str], pot: str, ref: str
) -> Movement:
    """The Lengzi pot shared by the first leaver's three opponents (``lengzi.leave_table``)."""
    parties = _Parties(seats, pot)
    for payment in payments:
        if payment.payer != POT_PARTY:
            raise BadInput(f"a pot split pays out of the pot only, not {payment!r}")
    return combine(
        transfer(pot, parties.account(p.payee), p.amount, Reason.POT_SPLIT, ref, p.reason)
        for p in payments
    )


def close_pot(pot: str, amount: int, ref: str) -> Movement:
    """A closing table's pot remainder goes to the house (LZ-10)."""
    return transfer(pot, HOUSE, amount, Reason.POT_CLOSED, ref)
