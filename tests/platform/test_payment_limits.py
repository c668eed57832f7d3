"""PL-20 as properties of ``pay_within_means`` over random settlements and balances."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.mahjong.scoring import HOUSE, POT, Payment
from qipai.platform.hand_coins import pay_within_means

PARTIES = st.sampled_from([0, 1, 2, 3, POT])
LINES = st.lists(
    st.tuples(PARTIES, st.sampled_from([0, 1, 2, 3, POT, HOUSE]), st.integers(0, 2_000)).filter(
        lambda t: t[0] != t[1]
    ),
    max_size=12,
)
FUNDS = st.fixed_dictionaries({party: st.integers(0, 3_000) for party in (0, 1, 2, 3, POT)})


def outcome(payments, funds):
    paid = pay_within_means(payments, funds)
    after = dict(funds)
    for payment, amount in paid:
        after[payment.payer] = after.get(payment.payer, 0) - amount
        after[payment.payee] = after.get(payment.payee, 0) + amount
    return paid, after


@settings(max_examples=400, deadline=None)
@given(LINES, FUNDS)
def test_nobody_ends_below_zero_and_nobody_is_paid_more_than_owed(lines, funds):
    payments = [Payment(a, b, n, "x") for a, b, n in lines]
    paid, after = outcome(payments, funds)
    assert all(0 <= amount <= p.amount for p, amount in paid)
    assert all(after[party] >= 0 for party in (0, 1, 2, 3, POT))
    assert sum(after.values()) == sum(funds.values())


@settings(max_examples=400, deadline=None)
@given(LINES, FUNDS)
def test_everyone_who_can_pay_in_full_does(lines, funds):
    payments = [Payment(a, b, n, "x") for a, b, n in lines]
    paid, after = outcome(payments, funds)
    for party in (0, 1, 2, 3, POT):
        mine = [(p, amount) for p, amount in paid if p.payer == party]
        short = any(amount < p.amount for p, amount in mine)
        if short:
            # A short payer hands over everything he had and everything he received.
            assert after[party] == 0
        elif funds[party] >= sum(p.amount for p, _ in mine):
            assert all(amount == p.amount for p, amount in mine)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(PARTIES, st.integers(1, 2_000)), min_size=1, max_size=5), FUNDS)
def test_a_single_short_payer_shares_his_coins_in_proportion(debts, funds):
    """One payer (seat 0) owing several creditors, receiving nothing."""
    payments = [Payment(0, c, n, "x") for c, n in debts if c != 0]
    owed = sum(p.amount for p in payments)
    paid, after = outcome(payments, funds)
    if owed <= funds[0]:
        assert [a for _, a in paid] == [p.amount for p in payments]
        return
    assert after[0] == 0
    by_creditor: dict[int, list[int]] = {}
    for payment, amount in paid:
        entry = by_creditor.setdefault(payment.payee, [0, 0])
        entry[0] += payment.amount
        entry[1] += amount
    for claim, got in by_creditor.values():
        exact = funds[0] * claim / owed
        assert exact - 1 < got < exact + len(by_creditor)
