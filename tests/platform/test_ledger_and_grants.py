"""The ledger's invariants and where coins come from (PL-21)."""

from __future__ import annotations

import pytest

from qipai.platform.errors import (
    BadInput,
    InsufficientCoins,
    ReliefUnavailable,
    UnbalancedMovement,
)
from qipai.platform.grants import new_account, operator_grant, relief
from qipai.platform.ledger import (
    HOUSE,
    Entry,
    Ledger,
    Movement,
    Reason,
    balances_from,
    transfer,
)


def test_a_new_account_gets_5000_from_the_house():
    ledger = Ledger()
    ledger.post(new_account("ann"))
    assert ledger.balance("ann") == 5_000 and ledger.balance(HOUSE) == -5_000
    assert [e.reason for e in ledger.entries()] == [Reason.NEW_ACCOUNT, Reason.NEW_ACCOUNT]


def test_a_movement_that_does_not_balance_cannot_exist():
    with pytest.raises(UnbalancedMovement) as err:
        Movement((Entry("ann", 10, Reason.HAND, "h1"), Entry("bob", -9, Reason.HAND, "h1")))
    assert err.value.code == "unbalanced_movement"


def test_a_movement_that_would_overdraw_is_refused_whole():
    ledger = Ledger()
    ledger.post(new_account("ann"))
    two = transfer("ann", "bob", 3_000, Reason.HAND, "h1") + transfer(
        "ann", "cid", 3_000, Reason.HAND, "h1"
    )
    with pytest.raises(InsufficientCoins) as err:
        ledger.post(two)
    assert err.value.code == "insufficient_coins"
    assert ledger.balances() == {"ann": 5_000, HOUSE: -5_000} and len(ledger.movements) == 1


def test_balances_are_derivable_from_entries_and_survive_the_wire():
    ledger = Ledger()
    for name in ("ann", "bob"):
        ledger.post(new_account(name))
    ledger.post(transfer("ann", "bob", 120, Reason.HAND, "h1", "胡"))
    wire = [e.to_wire() for e in ledger.entries()]
    assert balances_from(Entry.from_wire(w) for w in wire) == ledger.balances()
    assert ledger.balances() == {"ann": 4_880, "bob": 5_120, HOUSE: -10_000}


def test_relief_once_a_day_below_320():
    ledger = Ledger()
    ledger.post(new_account("ann"))
    with pytest.raises(ReliefUnavailable) as err:
        relief(ledger, "ann", "2026-11-29")
    assert err.value.code == "relief_unavailable"
    ledger.post(transfer("ann", "bob", 4_681, Reason.HAND, "h1"))
    assert ledger.balance("ann") == 319
    ledger.post(relief(ledger, "ann", "2026-11-29"))
    assert ledger.balance("ann") == 1_319
    ledger.post(transfer("ann", "bob", 1_300, Reason.HAND, "h2"))
    with pytest.raises(ReliefUnavailable):
        relief(ledger, "ann", "2026-11-29")
    ledger.post(relief(ledger, "ann", "2026-11-30"))
    assert ledger.balance("ann") == 1_019


def test_relief_at_exactly_320_is_refused():
    ledger = Ledger()
    ledger.post(new_account("ann"))
    ledger.post(transfer("ann", "bob", 4_680, Reason.HAND, "h1"))
    with pytest.raises(ReliefUnavailable):
        relief(ledger, "ann", "2026-11-29")


def test_operator_grants_and_removals_carry_their_reason():
    ledger = Ledger()
    ledger.post(operator_grant("ann", 700, "tournament prize", "op:1"))
    ledger.post(operator_grant("ann", -200, "correction", "op:2"))
    assert ledger.balance("ann") == 500
    assert [e.detail for e in ledger.entries() if e.account == "ann"] == [
        "tournament prize",
        "correction",
    ]
    with pytest.raises(InsufficientCoins):
        ledger.post(operator_grant("ann", -501, "too much", "op:3"))
    for bad in (0, 1.5, "7"):
        with pytest.raises(BadInput):
            operator_grant("ann", bad, "x", "op:4")
    with pytest.raises(BadInput):
        operator_grant("ann", 5, "", "op:5")


def test_transfers_refuse_negative_amounts():
    with pytest.raises(BadInput):
        transfer("ann", "bob", -1, Reason.HAND, "h")
