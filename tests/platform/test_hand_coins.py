"""A hand's settlement as ledger movements: the fee once, the pot, PL-20 limits, escapes, the
xuezhan early leaver (platform.md §7–8a, PL-16 … PL-18, PL-20, PL-22, PL-25; ruleset-lengzi.md
§7.2, ruleset-sichuan.md SC-16)."""

from __future__ import annotations

import pytest

from qipai.mahjong.notation import MeldKind
from qipai.mahjong.rulesets.lengzi import Lengzi
from qipai.mahjong.rulesets.lengzi_settlement import LengziWin, settle_win
from qipai.mahjong.scoring import HOUSE as HOUSE_PARTY
from qipai.mahjong.scoring import Fan, Payment, Settlement, WinRecord, WinScore
from qipai.platform.errors import BadInput
from qipai.platform.hand_coins import (
    close_pot,
    leaver_fee,
    prorate,
    settle_escape,
    settle_hand,
    split_pot_movement,
)
from qipai.platform.ledger import HOUSE, Ledger, Reason, pot_account, transfer
from tests.mahjong.test_sichuan_examples import example_4

EAST, SOUTH, WEST, NORTH = range(4)
SEATS = ("e", "s", "w", "n")
POT = pot_account("t1")
NO_PAO = (False, False, False, False)


def hall(*balances: int, pot: int = 0) -> Ledger:
    ledger = Ledger()
    for account, coins in zip(SEATS, balances, strict=True):
        ledger.post(transfer(HOUSE, account, coins, Reason.NEW_ACCOUNT, account))
    ledger.post(transfer(HOUSE, POT, pot, Reason.POT, "earlier hands"))
    return ledger


def changes(ledger: Ledger, movement) -> dict[str, int]:
    before = dict(ledger.balances())
    ledger.post(movement)
    return {a: ledger.balance(a) - before.get(a, 0) for a in (*SEATS, POT, HOUSE)}


def won(payments: list[Payment], *, exhaustive: bool = False) -> Settlement:
    score = WinScore((Fan("test", 1),), 1, 1)
    return Settlement((WinRecord(SOUTH, 0, None, score),), tuple(payments), exhaustive)


def test_lengzi_example_1_fee_once_and_pot_contribution():
    ledger = hall(5_000, 5_000, 5_000, 5_000)
    payments = settle_win(
        LengziWin(SOUTH, WEST, False),
        dealer=EAST,
        stake=50,
        xiapao=NO_PAO,
        kongs=[],
        pot=0,
        table_fee=10,
    )
    movement = settle_hand(
        won(payments), seats=SEATS, balances=ledger.balances(), ref="h1", pot=POT
    )
    assert changes(ledger, movement) == {
        "e": -10, "s": 40, "w": -160, "n": -10, POT: 100, HOUSE: 40,
    }  # fmt: skip
    fees = [e for e in movement.entries if e.reason is Reason.TABLE_FEE and e.amount < 0]
    assert sorted(e.account for e in fees) == sorted(SEATS)


def test_lengzi_example_3_bomb_takes_the_pot():
    ledger = hall(5_000, 5_000, 5_000, 5_000, pot=200)
    payments = settle_win(
        LengziWin(WEST, None, True),
        dealer=SOUTH,
        stake=50,
        xiapao=(False, True, False, False),
        kongs=[(EAST, MeldKind.KONG_CONCEALED)],
        pot=200,
        table_fee=10,
    )
    movement = settle_hand(
        won(payments), seats=SEATS, balances=ledger.balances(), ref="h3", pot=POT
    )
    assert changes(ledger, movement) == {
        "e": 90, "s": -610, "w": 990, "n": -310, POT: -200, HOUSE: 40,
    }  # fmt: skip
    assert {e.detail for e in movement.entries} >= {"棱子炸", "下炮", "锅底", "暗杠", "台费"}


def test_a_ruleset_that_settles_its_fee_is_not_charged_again():
    payments = settle_win(
        LengziWin(SOUTH, WEST, False),
        dealer=EAST,
        stake=50,
        xiapao=NO_PAO,
        kongs=[],
        pot=0,
        table_fee=10,
    )
    with pytest.raises(BadInput):
        settle_hand(won(payments), seats=SEATS, balances={}, ref="h1", pot=POT, fee=10)


def test_sichuan_fee_is_added_by_the_economy_on_a_win_only():
    # ruleset-sichuan.md Example 1 at b = 100: a self-draw of 3 × 300; fee 10 % of 100.
    ledger = hall(5_000, 5_000, 5_000, 5_000)
    payments = [Payment(seat, SOUTH, 300, "自摸") for seat in (EAST, WEST, NORTH)]
    movement = settle_hand(won(payments), seats=SEATS, balances=ledger.balances(), ref="h", fee=10)
    assert changes(ledger, movement) == {
        "e": -310, "s": 890, "w": -310, "n": -310, POT: 0, HOUSE: 40,
    }  # fmt: skip
    # 荒庄 with 查大叫 and no win: no fee (PL-16).
    draw = Settlement((), (Payment(NORTH, EAST, 200, "查大叫"),), True)
    movement = settle_hand(draw, seats=SEATS, balances=ledger.balances(), ref="h2", fee=10)
    assert changes(ledger, movement)[HOUSE] == 0


def test_xuezhan_winner_who_leaves_forfeits_and_pays_the_fee_when_leaving():
    """ruleset-sichuan.md Example 4 (b = 6), South leaving after his self-draw (SC-16, PL-22);
    the settlement comes from the table machine itself. Fee: 10 % of 6, at least 1."""
    hand = example_4(leave=True)
    ledger = hall(1_000, 1_000, 1_000, 1_000)
    ledger.post(leaver_fee("s", ledger.balance("s"), 1, "h4"))
    movement = settle_hand(
        hand.settlement,
        seats=SEATS,
        balances=ledger.balances(),
        ref="h4",
        fee=1,
        fee_paid=[SOUTH],
    )
    assert changes(ledger, movement) == {
        "e": -13, "s": 0, "w": 23, "n": -13, POT: 0, HOUSE: 3,
    }  # fmt: skip
    assert ledger.balance("s") == 999 and ledger.balance(HOUSE) == -4_000 + 4


def test_nobody_pays_beyond_his_balance_creditors_share_proportionally():
    # North owes West 600 (win) and East 300 (kong) but holds 510; the fee of 10 comes first,
    # then 500 is shared 600:300 → 333 and 166, the remainder 1 to the largest creditor.
    ledger = hall(5_000, 5_000, 5_000, 510)
    payments = [
        *(Payment(seat, HOUSE_PARTY, 10, "台费") for seat in range(4)),
        Payment(NORTH, WEST, 600, "胡"),
        Payment(NORTH, EAST, 300, "明杠"),
    ]
    movement = settle_hand(won(payments), seats=SEATS, balances=ledger.balances(), ref="h")
    assert changes(ledger, movement) == {
        "e": 156, "s": -10, "w": 324, "n": -510, POT: 0, HOUSE: 40,
    }  # fmt: skip
    assert ledger.balance("n") == 0


def test_what_a_short_payer_receives_in_the_same_hand_is_his_too():
    ledger = hall(5_000, 5_000, 5_000, 0)
    payments = [Payment(EAST, NORTH, 100, "明杠"), Payment(NORTH, WEST, 900, "胡")]
    movement = settle_hand(won(payments), seats=SEATS, balances=ledger.balances(), ref="h")
    assert changes(ledger, movement) == {
        "e": -100, "s": 0, "w": 100, "n": 0, POT: 0, HOUSE: 0,
    }  # fmt: skip


def test_two_short_payers_in_a_chain():
    # North (0 coins) owes West 500; West (100 coins) owes East 400; North receives nothing.
    ledger = hall(0, 0, 100, 0)
    payments = [Payment(NORTH, WEST, 500, "胡"), Payment(WEST, EAST, 400, "胡")]
    movement = settle_hand(won(payments), seats=SEATS, balances=ledger.balances(), ref="h")
    assert changes(ledger, movement) == {
        "e": 100, "s": 0, "w": -100, "n": 0, POT: 0, HOUSE: 0,
    }  # fmt: skip


def test_escape_example_stake_100():
    # PL-18: the escaper pays 16 × 100 = 1,600, 533 to each other player, 1 to the house,
    # and the room's fee (PL-25); the immediate kong payment already due stands.
    ledger = hall(5_000, 5_000, 5_000, 5_000)
    due = [
        Payment(WEST, NORTH, 100, "刮风"),
        *(Payment(seat, HOUSE_PARTY, 10, "台费") for seat in range(4)),
    ]
    movement = settle_escape(
        due, EAST, seats=SEATS, balances=ledger.balances(), stake=100, fee=10, ref="h"
    )
    assert changes(ledger, movement) == {
        "e": -1_610, "s": 533, "w": 433, "n": 633, POT: 0, HOUSE: 11,
    }  # fmt: skip
    penalties = [e for e in movement.entries if e.reason is Reason.ESCAPE_PENALTY]
    assert sorted(e.amount for e in penalties if e.amount > 0) == [1, 533, 533, 533]


def test_escaper_short_of_coins_pays_what_he_has():
    ledger = hall(1_000, 5_000, 5_000, 5_000)
    movement = settle_escape(
        [], EAST, seats=SEATS, balances=ledger.balances(), stake=100, fee=10, ref="h"
    )
    assert changes(ledger, movement) == {
        "e": -1_000, "s": 330, "w": 330, "n": 330, POT: 0, HOUSE: 10,
    }  # fmt: skip


def test_escape_refuses_bad_input():
    for kwargs in ({"stake": 0, "fee": 10}, {"stake": 10, "fee": -1}):
        with pytest.raises(BadInput):
            settle_escape([], 0, seats=SEATS, balances={}, ref="h", **kwargs)
    with pytest.raises(BadInput):
        settle_escape([], 4, seats=SEATS, balances={}, stake=10, fee=0, ref="h")


def test_lengzi_example_5_first_leaver_splits_the_pot_and_the_rest_goes_home_at_closing():
    ledger = hall(5_000, 5_000, 5_000, 5_000, pot=700)
    state = {"pot": 700, "xiapao": list(NO_PAO)}
    shares = Lengzi().first_leaver_payments(state, NORTH)
    movement = split_pot_movement(shares, seats=SEATS, pot=POT, ref="leave")
    assert changes(ledger, movement) == {
        "e": 233, "s": 233, "w": 233, "n": 0, POT: -699, HOUSE: 0,
    }  # fmt: skip
    assert ledger.balance(POT) == state["pot"] == 1
    assert changes(ledger, close_pot(POT, 1, "closed"))[HOUSE] == 1


def test_bad_tables_are_refused():
    with pytest.raises(BadInput):
        settle_hand(won([]), seats=("a", "a", "b", "c"), balances={}, ref="h")
    with pytest.raises(BadInput):
        settle_hand(won([]), seats=("a", "b", "c"), balances={}, ref="h")
    with pytest.raises(BadInput):
        settle_hand(won([]), seats=SEATS, balances={}, ref="h", fee=1, fee_paid=[4])
    pot_line = [Payment(WEST, -1, 100, "点炮入锅")]
    with pytest.raises(BadInput):
        settle_hand(won(pot_line), seats=SEATS, balances={"w": 500}, ref="h")


@pytest.mark.parametrize(
    ("total", "weights", "shares"),
    [
        (500, [600, 300], [334, 166]),
        (3, [3, 2, 2], [3, 0, 0]),
        (2, [1, 1, 1], [1, 1, 0]),
        (7, [0, 0], [0, 0]),
    ],
)
def test_prorate(total, weights, shares):
    assert prorate(total, weights) == shares
