"""Hands played by bots on the real table machine, settled into the ledger at the room's stake.

This is where the economy meets the rulesets as they are: the fee is charged exactly once per
won hand whichever side settles it, the Lengzi pot account follows the table's pot, seats move
by their settlement when nobody is short, and 积分 (the payments at stake 1, PL-19) are what a
replay of the same hand at base 1 pays.
"""

from __future__ import annotations

import copy

import pytest

from qipai.mahjong.bots import BASELINE, play_hand
from qipai.mahjong.rulesets import get_ruleset, replay_record
from qipai.mahjong.scoring import net
from qipai.mahjong.table.match import Match
from qipai.platform.grants import new_account
from qipai.platform.hand_coins import settle_hand
from qipai.platform.ledger import HOUSE, Ledger, Reason, balances_from, pot_account, transfer
from qipai.platform.rooms import RoomTier, economy_fee, room_fee, seats_to_stand_up, stake_for
from qipai.platform.titles import hand_points

SEATS = ("ann", "bob", "cai", "dan")


@pytest.mark.parametrize(
    ("name", "options", "hands"),
    [
        ("lengzi", {}, 2),
        ("baicheng", {}, 8),
        ("zhongyou", {}, 8),
        ("sichuan", {}, 8),
        ("sichuan", {"xuezhan": True}, 8),
    ],
)
def test_bot_hands_settle_into_the_ledger(name, options, hands):
    ledger = Ledger()
    for account in SEATS:
        ledger.post(new_account(account))
    pot = pot_account("t") if name == "lengzi" else None
    match = Match(get_ruleset(name, options), seed=3)
    for seed in range(hands):
        balances = [ledger.balance(a) for a in SEATS]
        if seats_to_stand_up(RoomTier.FREE, balances):
            break
        stake = stake_for(balances)
        match.ruleset = get_ruleset(name, {**options, "base": stake})
        state_before = copy.deepcopy(match.table_state)
        hand = play_hand(match.start_hand(seed))
        settlement = hand.settlement
        fee = economy_fee(match.ruleset, stake)
        before = dict(ledger.balances())
        movement = settle_hand(
            settlement, seats=SEATS, balances=before, ref=f"{name}:{seed}", pot=pot, fee=fee
        )
        ledger.post(movement)
        changes = {a: ledger.balance(a) - before.get(a, 0) for a in (*SEATS, HOUSE)}
        match.finish_hand(hand)

        owed = net(settlement.payments)
        solvent = all(
            before.get(a, 0) - fee + min(0, owed.get(i, 0)) >= 0 for i, a in enumerate(SEATS)
        )
        charged = room_fee(match.ruleset, stake) if settlement.wins else 0
        if solvent:
            assert changes[HOUSE] == 4 * charged  # the fee, once, and nothing else
            expected = [t - (fee if settlement.wins else 0) for t in settlement.seat_totals()]
            assert [changes[a] for a in SEATS] == expected
        if pot is not None:
            if solvent:
                assert ledger.balance(pot) == match.table_state["pot"]
            match.table_state["pot"] = ledger.balance(pot)

        at_one = replay_record(
            {**hand.record(), "options": {**hand.record()["options"], "base": 1}}, state_before
        )
        assert hand_points(settlement, stake) == hand_points(at_one.settlement, 1)
    assert balances_from(ledger.entries()) == ledger.balances()
    assert sum(ledger.balances().values()) == 0


def test_short_payers_of_a_real_baicheng_hand_pay_what_they_hold():
    """PL-20 on a real settlement: Baicheng (stake 10), seed 2, a win paid 2^N by all three
    losers; they hold 100 coins each, so each pays its fee (1) and then its last 99."""
    match = Match(get_ruleset("baicheng", {"base": 10}), seed=3)
    for seed in range(3):
        hand = play_hand(match.start_hand(seed), [BASELINE] * 4)
        match.finish_hand(hand)
    totals = hand.settlement.seat_totals()
    winner = totals.index(max(totals))
    assert all(t < -100 for s, t in enumerate(totals) if s != winner)
    ledger = Ledger()
    for seat, account in enumerate(SEATS):
        coins = 5_000 if seat == winner else 100
        ledger.post(transfer(HOUSE, account, coins, Reason.OPERATOR, "test"))
    movement = settle_hand(hand.settlement, seats=SEATS, balances=ledger.balances(), ref="b:2")
    ledger.post(movement)
    assert [ledger.balance(a) for a in SEATS] == [
        5_000 + 3 * 99 - 1 if s == winner else 0 for s in range(4)
    ]
    assert ledger.balance(HOUSE) == -(5_000 + 300) + 4
