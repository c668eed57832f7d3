"""长安棱子 settlement: the worked examples of ruleset-lengzi.md §8 and every rule of §7."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.mahjong.notation import MeldKind, parse_hand
from qipai.mahjong.rulesets.lengzi_settlement import (
    LengziWin,
    is_lengzi,
    kong_payments,
    lengzi_score,
    pot_contribution,
    pot_payments,
    settle_win,
    split_pot,
    win_payments,
)
from qipai.mahjong.scoring import HOUSE, POT, Payment, net

EAST, SOUTH, WEST, NORTH = range(4)
A = 50
FEE = 10
NO_PAO = (False, False, False, False)


# --- worked examples (A = 50, fee 10, pot starts at 0, East deals) -----------------------


def test_example_1_non_dealer_normal_discard_win() -> None:
    hand = parse_hand("234m 567m 345p 55s 78s + 9s")
    assert not is_lengzi(hand)
    win = LengziWin(winner=SOUTH, discarder=WEST, lengzi=False)
    payments = settle_win(win, dealer=EAST, stake=A, xiapao=NO_PAO, kongs=[], pot=0, table_fee=FEE)
    assert payments == [
        *(Payment(seat, HOUSE, 10, "台费") for seat in range(4)),
        Payment(WEST, SOUTH, 50, "胡"),
        Payment(WEST, POT, 100, "点炮入锅"),
    ]
    totals = net(payments)
    assert [totals[s] for s in range(4)] == [-10, 40, -160, -10]
    assert totals[POT] == 100
    assert totals[HOUSE] == 40


def test_example_2_dealer_closed_wait_with_xiapao() -> None:
    hand = parse_hand("123m 456m 789p EE 13s + 2s")
    assert is_lengzi(hand)
    win = LengziWin(winner=SOUTH, discarder=NORTH, lengzi=True)
    xiapao = (False, True, False, True)
    payments = settle_win(
        win, dealer=SOUTH, stake=A, xiapao=xiapao, kongs=[], pot=100, table_fee=FEE
    )
    assert payments[4:] == [
        Payment(NORTH, SOUTH, 200, "棱子胡"),
        Payment(NORTH, SOUTH, 100, "下炮"),
        Payment(NORTH, POT, 100, "点炮入锅"),
    ]
    totals = net(payments)
    assert [totals[s] for s in range(4)] == [-10, 290, -10, -410]
    assert 100 + totals[POT] == 200


def test_example_3_lengzi_bomb_takes_the_pot_with_kong_and_xiapao() -> None:
    hand = parse_hand("111m 456p 789p 234s C + C")
    assert is_lengzi(hand)
    win = LengziWin(winner=WEST, discarder=None, lengzi=True)
    xiapao = (False, True, False, False)
    payments = settle_win(
        win,
        dealer=SOUTH,
        stake=A,
        xiapao=xiapao,
        kongs=[(EAST, MeldKind.KONG_CONCEALED)],
        pot=200,
        table_fee=FEE,
    )
    assert payments[4:] == [
        Payment(EAST, WEST, 200, "棱子炸"),
        Payment(SOUTH, WEST, 400, "棱子炸"),
        Payment(NORTH, WEST, 200, "棱子炸"),
        Payment(SOUTH, WEST, 100, "下炮"),
        Payment(POT, WEST, 200, "锅底"),
        Payment(SOUTH, EAST, 100, "暗杠"),
        Payment(WEST, EAST, 100, "暗杠"),
        Payment(NORTH, EAST, 100, "暗杠"),
    ]
    totals = net(payments)
    assert [totals[s] for s in range(4)] == [90, -610, 990, -310]
    assert totals[POT] == -200


@pytest.mark.parametrize(
    ("text", "lengzi", "east_pays"),
    [
        ("123p 789s 45567m 99s + 6m", True, 200),
        ("123p 789s 45567m 99s + 3m", False, 100),
        ("123m 456m 789s 2344p + 4p", False, 100),
    ],
)
def test_example_4_a_hand_that_reads_both_ways(text: str, lengzi: bool, east_pays: int) -> None:
    hand = parse_hand(text)
    assert is_lengzi(hand) is lengzi
    win = LengziWin(winner=SOUTH, discarder=EAST, lengzi=lengzi)
    assert win_payments(win, dealer=EAST, stake=A, xiapao=NO_PAO)[0].amount == east_pays


def test_example_5_first_leaver_splits_the_pot_remainder_stays() -> None:
    payments = split_pot(700, NORTH)
    assert payments == [Payment(POT, seat, 233, "锅底平分") for seat in (EAST, SOUTH, WEST)]
    assert 700 + net(payments)[POT] == 1


# --- the eight rows of the seed's table (000:L167-189) ----------------------------------


@pytest.mark.parametrize(
    ("winner", "self_draw", "lengzi", "expected"),
    [
        # non-dealer South wins; East deals
        (SOUTH, False, False, {WEST: 1}),
        (SOUTH, False, False, {EAST: 2}),
        (SOUTH, True, False, {EAST: 4, WEST: 2, NORTH: 2}),
        (SOUTH, False, True, {WEST: 2}),
        (SOUTH, False, True, {EAST: 4}),
        (SOUTH, True, True, {EAST: 8, WEST: 4, NORTH: 4}),
        # dealer East wins
        (EAST, False, False, {WEST: 2}),
        (EAST, True, False, {SOUTH: 4, WEST: 4, NORTH: 4}),
        (EAST, False, True, {NORTH: 4}),
        (EAST, True, True, {SOUTH: 8, WEST: 8, NORTH: 8}),
    ],
)
def test_seed_table_rows(winner: int, self_draw: bool, lengzi: bool, expected: dict) -> None:
    discarder = None if self_draw else next(iter(expected))
    win = LengziWin(winner=winner, discarder=discarder, lengzi=lengzi)
    payments = win_payments(win, dealer=EAST, stake=A, xiapao=NO_PAO)
    assert {p.payer: p.amount for p in payments} == {s: m * A for s, m in expected.items()}
    assert all(p.payee == winner for p in payments)


def test_win_score_lists_the_winners_doublings() -> None:
    score = lengzi_score(winner_is_dealer=True, self_draw=True, lengzi=True)
    assert [(f.name_zh, f.value) for f in score.fans] == [("庄家", 1), ("炸弹", 1), ("棱子", 1)]
    assert score.fan == 3
    assert lengzi_score(winner_is_dealer=False, self_draw=False, lengzi=False).fan == 0


# --- wait classification (LZ-06, LZ-12, LZ-13) -------------------------------------------


@pytest.mark.parametrize(
    ("text", "lengzi"),
    [
        ("123m 456m 789p EE 13s + 2s", True),  # 卡张
        ("123m 456m 789p EE 12s + 3s", True),  # 边张 1-2-(3)
        ("123m 456m 789p EE 89s + 7s", True),  # 边张 (7)-8-9
        ("123m 456m 789p 234s C + C", True),  # 单吊, W = {C}
        ("123m 456m 789p EE 23s + 4s", False),  # two-sided
        ("123m 456m 789p 3456s + 3s", False),  # 3456 waits 3/6: not a single
        ("123m 456m 789p EE WW + W", False),  # 对倒 (shuanpeng), two waits
        ("123m 456m 789p 1112s + 3s", True),  # 11 + 123: edge
        ("123m 456m 789p 1112s + 2s", False),  # waits 2s/3s
    ],
)
def test_wait_classification(text: str, lengzi: bool) -> None:
    assert is_lengzi(parse_hand(text)) is lengzi


def test_strict_single_wait_option_counts_exhausted_kinds() -> None:
    """LZ-13: ``56m`` waits on 4m alone when the player has konged all four 7m."""
    hand = parse_hand("123p 456p 99s 56m {7777m} + 4m")
    assert not is_lengzi(hand)
    assert is_lengzi(hand, strict_single_wait=True)
    assert not is_lengzi(parse_hand("123p 456p 99s 56m [777m] + 4m"), strict_single_wait=True)


def test_strict_option_rejects_a_closed_wait_with_two_waits() -> None:
    hand = parse_hand("123m 456m 789p 1113s + 2s")  # waits 2s (closed) and 3s
    assert is_lengzi(hand)
    assert not is_lengzi(hand, strict_single_wait=True)


def test_robbed_kong_can_be_lengzi_paid_by_the_konger() -> None:
    """LZ-04, LZ-12: the konger is the discarder: he pays the 棱子胡 and feeds the pot."""
    hand = parse_hand("123m 456m 789p EE 13s + 2s")
    win = LengziWin(winner=WEST, discarder=NORTH, lengzi=is_lengzi(hand))
    payments = settle_win(win, dealer=EAST, stake=A, xiapao=NO_PAO, kongs=[], pot=0)
    assert payments == [
        Payment(NORTH, WEST, 100, "棱子胡"),
        Payment(NORTH, POT, 100, "点炮入锅"),
    ]


# --- options and pieces of §7 -------------------------------------------------------------


def test_all_pay_option_with_xiapao_on_every_pair() -> None:
    """LZ-08 option 全家付 and LZ-14: each payer pays the row amount and his 下炮 pair."""
    win = LengziWin(winner=SOUTH, discarder=WEST, lengzi=False)
    xiapao = (True, True, False, False)
    payments = win_payments(win, dealer=EAST, stake=A, xiapao=xiapao, all_pay=True)
    assert payments == [
        Payment(EAST, SOUTH, 100, "胡"),
        Payment(WEST, SOUTH, 50, "胡"),
        Payment(NORTH, SOUTH, 50, "胡"),
        Payment(EAST, SOUTH, 100, "下炮"),
        Payment(WEST, SOUTH, 50, "下炮"),
        Payment(NORTH, SOUTH, 50, "下炮"),
    ]


def test_self_draw_pays_nothing_into_the_pot_and_a_plain_bomb_does_not_take_it() -> None:
    assert pot_payments(LengziWin(SOUTH, None, False), pot=500, contribution=100) == []
    assert pot_payments(LengziWin(SOUTH, WEST, True), pot=500, contribution=100) == [
        Payment(WEST, POT, 100, "点炮入锅")
    ]


def test_pot_contribution_is_fixed_unless_scaled() -> None:
    assert pot_contribution(1000) == 100
    assert pot_contribution(1000, pot_scale=True) == 10_000
    assert pot_contribution(10, pot_scale=True) == 100


def test_kong_money_exposed_added_and_concealed() -> None:
    payments = kong_payments(
        [
            (EAST, MeldKind.KONG_EXPOSED),
            (SOUTH, MeldKind.KONG_ADDED),
            (WEST, MeldKind.KONG_CONCEALED),
        ],
        stake=A,
    )
    totals = net(payments)
    assert [totals[s] for s in range(4)] == [150 - 50 - 100, 150 - 50 - 100, 300 - 100, -200]
    with pytest.raises(ValueError):
        kong_payments([(EAST, MeldKind.PUNG)], stake=A)


def test_split_of_a_small_pot_moves_nothing() -> None:
    assert split_pot(2, EAST) == []


@settings(max_examples=200, deadline=None)
@given(
    winner=st.integers(0, 3),
    discarder=st.one_of(st.none(), st.integers(0, 3)),
    dealer=st.integers(0, 3),
    lengzi=st.booleans(),
    xiapao=st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans()),
    all_pay=st.booleans(),
    pot=st.integers(0, 2000),
)
def test_every_payment_goes_to_the_winner_or_the_pot_and_sums_to_zero(
    winner, discarder, dealer, lengzi, xiapao, all_pay, pot
) -> None:
    if discarder == winner:
        discarder = None
    win = LengziWin(winner, discarder, lengzi)
    payments = settle_win(
        win, dealer=dealer, stake=A, xiapao=xiapao, kongs=[], pot=pot, all_pay=all_pay
    )
    assert sum(net(payments).values()) == 0
    assert all(p.payee in (winner, POT) and p.payer != winner and p.amount > 0 for p in payments)
    pot_flow = net(payments).get(POT, 0)
    if discarder is None:
        assert pot_flow == (-pot if lengzi else 0)
    else:
        assert pot_flow == 100
