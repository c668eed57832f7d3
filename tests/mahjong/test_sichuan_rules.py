"""Sichuan rules beyond the worked examples: options of the exhaustive draw, 过手胡's window,
payments after a xuezhan win, and the dealer rules of both modes (SC-13, SC-12, SC-16, SC-18)."""

from __future__ import annotations

from qipai.mahjong.table.actions import ActionType as A
from tests.mahjong.test_machine_positions import (
    SUIT_S,
    E,
    M,
    N,
    S,
    Table,
    W,
    act,
    discard,
    pass_all,
    types,
)
from tests.mahjong.test_sichuan_examples import example_3, example_4, example_5


def test_pig_pays_the_cap_multiplier_when_the_cap_is_below_five() -> None:
    hand = example_3("max", cap=3)
    pig = [(p.payer, p.payee, p.amount) for p in hand.settlement.payments if p.reason == "查花猪"]
    assert pig == [(N, E, 24), (N, S, 24), (N, W, 24)]  # 6 x 2^(3-1)
    call = [(p.payee, p.amount) for p in hand.settlement.payments if p.reason == "查大叫"]
    assert call == [(E, 24), (S, 6)]  # East's 4-fan wait is capped at 3


def test_seed_literal_pig_is_a_hand_with_three_suits() -> None:
    hand = example_3("max", void_declaration=False)
    assert hand.settlement.seat_totals() == [144, 102, 42, -288]


def passed_win_position(filler: int = 10):
    table = Table()
    return table.start(
        [
            "*",
            "45m 666m 123p 789p 11p",
            "33m 1m 2m 7m 8m 9m 4p 5p 6p 9p 9p 2m 8m",
            "*",
        ],
        draws="9s 9s 9s 1p",
        turn=W,
        filler=filler,
    )


def test_passed_win_is_lifted_by_the_seats_own_draw() -> None:
    hand = passed_win_position()
    discard(hand, W, "3m")
    act(hand, S, A.PASS)
    pass_all(hand)
    for seat in (N, E, S):
        assert hand.current == seat
        hand.apply(hand.default_action(seat))  # each discards the 9s it drew
        pass_all(hand)
    discard(hand, W, "3m")
    assert A.WIN in types(hand, S)


def test_passed_win_never_restricts_a_self_draw() -> None:
    table = Table()
    hand = table.start(
        ["*", "45m 666m 123p 789p 11p", "33m 1m 2m 7m 8m 9m 4p 5p 6p 9p 9p 2m 8m", "*"],
        draws="9s 9s 3m",
        turn=W,
        filler=10,
    )
    discard(hand, W, "3m")
    act(hand, S, A.PASS)
    pass_all(hand)
    for seat in (N, E):
        hand.apply(hand.default_action(seat))
        pass_all(hand)
    assert A.SELF_WIN in types(hand, S)


def test_compulsory_win_overrides_a_passed_win() -> None:
    hand = passed_win_position(filler=0)
    discard(hand, W, "3m")  # four tiles are left: South must win at once
    assert types(hand, S) == {A.WIN}


def test_xuezhan_kong_after_a_win_is_paid_only_by_seats_still_in_play() -> None:
    table = Table()
    hand = table.start(
        ["*", "123m 456m 789m 123p 5p", "777p 11m 22m 44m 66m 8m 9m", "*"],
        draws="5p 7p",
        turn=S,
        filler=10,
        options={"xuezhan": True},
    )
    act(hand, S, A.SELF_WIN)
    act(hand, W, A.CONCEALED_KONG, 15)
    kong = [(p.payer, p.payee, p.amount) for p in hand.ledger if p.reason == "下雨"]
    assert kong == [(E, W, 12), (N, W, 12)]


def test_normal_dealer_rules_standard_and_qq() -> None:
    table = Table()
    hand = table.start(["*", "123m 456m 789m 123p 5p", "*", "*"], draws="5p", turn=S)
    act(hand, S, A.SELF_WIN)
    assert hand.ruleset.next_dealer(hand) == S  # self-draw: the winner
    robbed = example_robbery({})
    assert robbed.ruleset.next_dealer(robbed) == E  # 004: the winner deals
    qq = example_robbery({"dealer_rule": "qq"})
    assert qq.ruleset.next_dealer(qq) == N  # 001: the discarder (here the robbed konger)


def example_robbery(options: dict):
    table = Table()
    hand = table.start(
        ["123m 456m 789m 34p 11p", "*", "*", "[555p] 5p 1m 2m 3m 7m 8m 9m 6p 7p 9p"],
        draws="2m",
        turn=N,
        filler=10,
        options=options,
    )
    act(hand, N, A.ADDED_KONG, 13)
    act(hand, E, A.WIN)
    pass_all(hand)
    return hand


def test_xuezhan_dealer_rules() -> None:
    hand = example_4(leave=False)
    assert hand.ruleset.next_dealer(hand) == S
    qq = example_5({"dealer_rule": "qq", "xuezhan": True})
    assert qq.ruleset.next_dealer(qq) is None  # 001: dice every xuezhan hand


def test_refund_skips_kong_income_already_handed_over_by_gang_shang_pao() -> None:
    table = Table()
    hand = table.start(
        [
            "7777m 5p 1m 4p 9p 2m 6p 8m 3p 1p 9m",
            "123p 456p 789p 11m 46p",
            "1m 3m 5m 9m 2p 4p 8p 1p 3p 5p 7p 2m 6m",
            "2m 3m 4m 6m 8m 9m 5p 7p 8p 9p 2p 6p 3p",
        ],
        replacements="5m",
        options={"xuezhan": True},
    )
    act(hand, E, A.CONCEALED_KONG, 6)
    discard(hand, E, "5p")
    act(hand, S, A.WIN)
    pass_all(hand)
    # the wall is empty: East, West and North are not ready, but East's kong money went to
    # South with the 杠上炮, so there is nothing left to refund
    assert hand.over and hand.settlement.exhaustive_draw
    assert [p.reason for p in hand.settlement.payments] == ["下雨"] * 3 + ["点炮", "杠上炮"]
    assert hand.settlement.seat_totals() == [-6, 30, -12, -12]


def test_xuezhan_hands_can_end_with_the_third_winner() -> None:
    from qipai.mahjong.bots import play_hand
    from qipai.mahjong.rulesets import get_ruleset
    from qipai.mahjong.table.machine import HandMachine

    endings = []
    for seed in range(40):
        hand = play_hand(HandMachine(get_ruleset("sichuan", {"xuezhan": True}), seed))
        endings.append((len(hand.settlement.wins), hand.settlement.exhaustive_draw))
        assert len(hand.settlement.wins) <= 3
        assert hand.settlement.exhaustive_draw == (len(hand.settlement.wins) < 3)
    assert (3, False) in endings


def test_a_leaving_winner_keeps_the_kong_money_of_gang_shang_pao() -> None:
    table = Table()
    hand = table.start(
        [
            "7777m 5p 1m 4p 9p 2m 6p 8m 3p 1p 9m",
            "123p 456p 789p 11m 46p",
            "1m 3m 5m 9m 2p 4p 8p 1p 3p 5p 7p 2m 6m",
            "2m 3m 4m 6m 8m 9m 5p 7p 8p 9p 2p 6p 3p",
        ],
        replacements="5m",
        filler=2,
        options={"xuezhan": True},
    )
    act(hand, E, A.CONCEALED_KONG, 6)
    discard(hand, E, "5p")
    act(hand, S, A.WIN)
    pass_all(hand)
    act(hand, S, A.LEAVE)
    while not hand.over:
        seat = hand.to_act()[0]
        hand.apply(hand.default_action(seat))
    assert [(p.payer, p.amount, p.reason) for p in hand.settlement.forfeited] == [(E, 6, "点炮")]
    assert (E, S, 36, "杠上炮") in [
        (p.payer, p.payee, p.amount, p.reason) for p in hand.settlement.payments
    ]


def test_three_winners_on_one_discard_are_each_paid_by_the_discarder() -> None:
    table = Table()
    hand = table.start(
        [
            "5p 1m 2m 3m 4m 6m 7m 8m 9m 1p 2p 3p 9p 9p",
            "123m 456m 789m 123p 5p",
            "123s 456s 789s 46p 77s",
            "111s 222s 333s 444s 5p",
        ],
        filler=10,
        voids=[SUIT_S, SUIT_S, M, M],
    )
    discard(hand, E, "5p")
    for seat in (N, W, S):
        act(hand, seat, A.WIN)
    assert hand.over
    assert [(p.payer, p.payee, p.amount) for p in hand.settlement.payments] == [
        (E, S, 6),
        (E, W, 6),
        (E, N, 12),
    ]
    assert hand.ruleset.next_dealer(hand) == E
