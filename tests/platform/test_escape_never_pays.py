"""Escaping never pays (platform.md "Escaping never pays", issue 14): the escape penalty is
16 × stake, or what the hand drawn at that moment would cost the escaper if that is more —
at cap 6 a seat that is not ready faces 查大叫 of up to 96 × stake, and leaving used to cost 16."""

import random

from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.table import ActionType
from qipai.mahjong.table.machine import HandMachine, Phase
from qipai.platform.escape import ESCAPE_REASON, escape_penalty, escape_settlement
from qipai.platform.hand_coins import settle_escape

from .test_hand_coins import SEATS, changes, hall

STAKE = 100


def positions(seed: int):
    """Every turn of a seeded Sichuan hand at stake 100, played with random discards."""
    hand = HandMachine(get_ruleset("sichuan", {"base": STAKE}), seed)
    rng = random.Random(seed)
    while not hand.over:
        seat = hand.to_act()[0]
        legal = hand.legal_actions(seat)
        if hand.phase is Phase.TURN:
            yield hand, seat
        discards = [a for a in legal if a.type is ActionType.DISCARD]
        passes = [a for a in legal if a.type is ActionType.PASS]
        hand.apply(rng.choice(discards) if discards else (passes or legal)[0])


def drawn_now(hand, seat) -> int:
    return sum(p.amount for p in hand.ruleset.exhaustive_payments(hand) if p.payer == seat)


def test_the_penalty_is_never_below_what_the_drawn_hand_would_cost_nor_below_16_stakes():
    dearer = 0
    for seed in range(2):
        for hand, _ in positions(seed):
            for seat in range(4):
                penalty = escape_penalty(hand, seat, STAKE)
                assert penalty >= max(16 * STAKE, drawn_now(hand, seat))
                dearer += penalty > 16 * STAKE
    assert dearer, "no position where staying would have cost more than 16 × stake"


def test_an_escaper_facing_cha_da_jiao_pays_it_all_as_the_penalty():
    hand, seat = next(
        (h, s)
        for seed in range(5)
        for h, _ in positions(seed)
        for s in range(4)
        if drawn_now(h, s) > 16 * STAKE
    )
    owed = drawn_now(hand, seat)
    settlement = escape_settlement(hand, seat, STAKE)
    lines = [p for p in settlement.payments if p.reason == ESCAPE_REASON]
    assert sum(p.amount for p in lines) == owed > 1_600
    ledger = hall(50_000, 50_000, 50_000, 50_000)
    movement = settle_escape(
        [], seat, seats=SEATS, balances=ledger.balances(), stake=STAKE, fee=0, ref="h",
        penalty=owed,
    )  # fmt: skip
    assert changes(ledger, movement)[SEATS[seat]] == -owed
