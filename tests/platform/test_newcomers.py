"""Coins nobody can farm (qipai.platform.newcomers): the registration limits, who counts as a
newcomer, and a newcomer's payments at a table going to the house."""

import pytest

from qipai.mahjong.scoring import HOUSE as HOUSE_PARTY
from qipai.mahjong.scoring import POT as POT_PARTY
from qipai.mahjong.scoring import Payment
from qipai.platform.errors import BadInput
from qipai.platform.hand_coins import settle_escape, settle_hand
from qipai.platform.ledger import HOUSE
from qipai.platform.newcomers import (
    DAY,
    NewcomerCannotBet,
    NewcomerRule,
    RegistrationMode,
    RegistrationPolicy,
    RegistrationRefused,
    Registrations,
    SameAddressBet,
    check_bettor,
    newcomer_payee,
)

from .test_hand_coins import EAST, NORTH, POT, SEATS, SOUTH, WEST, changes, hall, won


def test_limited_registration_counts_per_address_and_in_all_over_a_sliding_day():
    book = Registrations(RegistrationPolicy(per_address=2, total=3))
    for at in (0.0, 10.0):
        book.check("10.0.0.1", at)
        book.opened("10.0.0.1", at)
    with pytest.raises(RegistrationRefused, match="2 accounts were opened from your address"):
        book.check("10.0.0.1", 20.0)
    book.opened("10.0.0.2", 20.0)
    with pytest.raises(RegistrationRefused, match="all the accounts"):
        book.check("10.0.0.3", 30.0)
    book.check("10.0.0.3", DAY + 0.5)  # the first has left the window
    withdrawn = book.opened("10.0.0.3", DAY + 0.5)
    book.withdraw(withdrawn)  # no account came of it
    book.check("10.0.0.1", DAY + 10.5)


def test_the_other_modes():
    with pytest.raises(RegistrationRefused, match="no new accounts"):
        Registrations(RegistrationPolicy(RegistrationMode.CLOSED)).check("a", 0.0, invited=True)
    invite = Registrations(RegistrationPolicy(RegistrationMode.INVITE))
    with pytest.raises(RegistrationRefused, match="invitation"):
        invite.check("a", 0.0)
    invite.check("a", 0.0, invited=True)
    open_hall = Registrations(RegistrationPolicy(RegistrationMode.OPEN, per_address=1, total=1))
    for at in range(5):
        open_hall.check("a", float(at))
        open_hall.opened("a", float(at))
    with pytest.raises(BadInput):
        RegistrationPolicy(per_address=5, total=4)


def test_a_newcomer_is_young_or_has_played_little():
    rule = NewcomerRule()
    assert rule.applies(DAY - 1, 100) and rule.applies(10 * DAY, 19)
    assert not rule.applies(DAY, 20)
    with pytest.raises(BadInput):
        rule.applies(DAY, -1)


def test_a_bettor_has_played_and_is_not_at_a_players_machine():
    with pytest.raises(NewcomerCannotBet):
        check_bettor(True, "10.0.0.9", {"10.0.0.1"})
    with pytest.raises(SameAddressBet):
        check_bettor(False, "10.0.0.1", {"10.0.0.1", "10.0.0.2"})
    check_bettor(False, "10.0.0.9", {"10.0.0.1"})


def test_a_newcomers_payments_go_to_the_house_and_what_it_wins_it_keeps():
    assert newcomer_payee(EAST, SOUTH, {EAST}, HOUSE_PARTY) == HOUSE_PARTY
    assert newcomer_payee(EAST, POT_PARTY, {EAST}, HOUSE_PARTY) == HOUSE_PARTY
    assert newcomer_payee(SOUTH, EAST, {EAST}, HOUSE_PARTY) == EAST
    ledger = hall(5_000, 5_000, 5_000, 5_000)
    # South wins 300 from each; East and West are newcomers: their 300 go to the house.
    settlement = won([Payment(seat, SOUTH, 300, "自摸") for seat in (EAST, WEST, NORTH)])
    movement = settle_hand(
        settlement, seats=SEATS, balances=ledger.balances(), ref="h", fee=10, newcomers={0, 2}
    )
    assert changes(ledger, movement) == {
        "e": -310, "s": 290, "w": -310, "n": -310, POT: 0, HOUSE: 640,
    }  # fmt: skip


def test_a_newcomers_escape_penalty_goes_to_the_house():
    ledger = hall(5_000, 5_000, 5_000, 5_000)
    movement = settle_escape(
        [], EAST, seats=SEATS, balances=ledger.balances(), stake=100, fee=10, ref="h",
        newcomers={EAST},
    )  # fmt: skip
    assert changes(ledger, movement) == {
        "e": -1_610, "s": 0, "w": 0, "n": 0, POT: 0, HOUSE: 1_610,
    }  # fmt: skip
