"""Each ruleset's payment rules (`Ruleset.payment_reference`, the table's `r` screen) say what
its settlement pays: the reason on the payment line, who pays whom, and the amount at the
table's options (issue 15)."""

from __future__ import annotations

import pytest

from qipai.mahjong import payment_rules as rules
from qipai.mahjong import scoring
from qipai.mahjong.bots import BASELINE, choose_action
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.scoring import HOUSE, POT
from qipai.mahjong.table.actions import ActionType as A
from qipai.mahjong.table.machine import HandMachine
from tests.mahjong.test_machine_positions import E, S, Table, act, discard, pass_all
from tests.mahjong.test_machine_rules import JUNK

RULESETS = ("sichuan", "lengzi", "baicheng", "zhongyou", "guobiao")


def rule_for(ruleset, reason: str, payer: str | None = None) -> rules.PaymentRule:
    found = [
        r
        for r in ruleset.payment_reference()
        if r.reason == reason and (payer is None or r.payer == payer)
    ]
    assert len(found) == 1, (reason, found)
    return found[0]


def test_a_sichuan_discard_win_pays_what_the_reference_says() -> None:
    """At base 6 (the position's options): bob wins on alice's 1p (he waits on 1p-4p)."""
    table = Table()
    hand = table.start(
        ["5p 1m 2m 3m 4m 6m 7m 8m 9m 1p 2p 3p 9p 9p", "123m 456m 789m 23p 88p", JUNK[1], JUNK[2]],
        turn=E,
        filler=10,
    )
    discard(hand, E, "1p")
    act(hand, S, A.WIN)
    pass_all(hand)
    ruleset = hand.ruleset
    (win,) = hand.wins
    (paid,) = [p for p in hand.ledger if p.reason == "点炮"]
    rule = rule_for(ruleset, "点炮")
    assert (rule.payer, rule.payee, rule.amount) == (rules.DISCARDER, rules.WINNER, 6)
    assert paid.amount == rule.pays(win.score.fan) and (paid.payer, paid.payee) == (E, S)
    assert rule_for(ruleset, "刮风", rules.FEEDER).amount == 6


def test_a_sichuan_concealed_kong_is_paid_by_each_other_seat_at_the_reference_amount() -> None:
    table = Table()
    hand = table.start(["*", "9999m 123p 456p 78p 1m", "*", "*"], draws="1m", turn=S, filler=10)
    act(hand, S, A.CONCEALED_KONG, 8)
    rule = rule_for(hand.ruleset, "下雨")
    paid = [p for p in hand.ledger if p.reason == "下雨"]
    assert sorted(p.payer for p in paid) == [0, 2, 3] and {p.payee for p in paid} == {S}
    assert {p.amount for p in paid} == {rule.amount} == {12}


def test_lengzi_amounts_follow_the_room_options() -> None:
    scaled = get_ruleset("lengzi", {"base": 5, "pot_scale": True, "table_fee": 0})
    assert rule_for(scaled, "点炮入锅").amount == 50
    assert "台费" not in {r.reason for r in scaled.payment_reference()}
    assert rule_for(scaled, "暗杠").amount == 10
    assert rule_for(scaled, "下炮", rules.OTHERS).amount == 10  # 2A a 炮 on a self-draw
    all_pay = get_ruleset("lengzi", {"all_pay": True})
    assert rule_for(all_pay, "胡").payer == rules.OTHERS


def won_hand(name: str) -> HandMachine:
    """The first seed (from 0) whose hand, played by today's shape bot at every seat, has a
    win."""
    for seed in range(40):
        hand = HandMachine(get_ruleset(name), seed)
        while not hand.over:
            seat = hand.to_act()[0]
            hand.apply(choose_action(hand, seat, BASELINE))
        if hand.wins:
            return hand
    raise AssertionError(f"no {name} hand with a win in 40 seeds")


@pytest.mark.parametrize("name", RULESETS)
def test_every_payment_of_a_won_hand_is_one_the_reference_lists(name: str) -> None:
    hand = won_hand(name)
    ruleset = hand.ruleset
    listed = {}
    for rule in ruleset.payment_reference():
        listed.setdefault(rule.reason, []).append(rule)
    fans = {record.seat: record.score.fan for record in hand.wins}
    assert hand.settlement is not None
    for payment in hand.settlement.payments:
        reason = payment.reason.split("+")[0]  # Baicheng: 胡牌 then the payer's own 输番
        assert reason in listed, (name, payment)
        amounts = set()
        for rule in listed[reason]:
            if rule.amount is None:
                amounts.add(payment.amount)
            elif rule.scale == rules.PER_PAO:
                amounts |= {rule.amount, 2 * rule.amount}
            else:  # the win's own fan, plus up to three doublings of the payer's own
                fan = fans.get(payment.payee, 0)
                amounts |= {rule.pays(fan + extra) for extra in range(4)}
            if rule.payee == rules.HOUSE:
                assert payment.payee == HOUSE
            if rule.payee == rules.POT:
                assert payment.payee == POT
        assert payment.amount in amounts, (name, payment, listed[reason])


def test_a_guobiao_win_pays_fan_plus_eight_as_the_reference_says() -> None:
    """Competition points: the discarder (or each seat on a self-draw) pays fan + 8, each
    bystander of a discard win 8; the reference's amounts are exactly what was paid."""
    hand = won_hand("guobiao")
    ruleset = hand.ruleset
    (win,) = hand.wins
    paid = [p for p in hand.ledger if p.payee == win.seat]
    assert len(paid) == 3
    for payment in paid:
        if win.self_draw or payment.payer == win.discarder:
            rule = rule_for(ruleset, payment.reason)
            assert rule.scale == rules.FAN_PLUS
            assert payment.amount == rule.pays(win.score.fan) == win.score.fan + 8
        else:
            rule = rule_for(ruleset, "胡")
            assert rule.payer == rules.BYSTANDERS and payment.amount == rule.amount == 8


WIN_SCALES = {
    scoring.FAN_DOUBLES: {rules.DOUBLING, rules.DOUBLING_FROM_ONE},
    scoring.FAN_POINTS: {rules.FAN_PLUS},
}


@pytest.mark.parametrize("name", RULESETS)
def test_the_fan_unit_says_how_the_win_is_paid(name):
    """The reference's value column says what a fan is worth (``Ruleset.fan_unit``): where the
    win is paid by doubling, fan that double; 国标's points, paid point for point."""
    ruleset = get_ruleset(name)
    wins = {r.scale for r in ruleset.payment_reference() if r.payee == rules.WINNER}
    assert wins & WIN_SCALES[ruleset.fan_unit], (name, ruleset.fan_unit, wins)
    assert (ruleset.fan_unit == scoring.FAN_POINTS) == (name == "guobiao")
