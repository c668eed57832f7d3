"""Today's shape bot (the league baseline, qipai/mahjong/bot_shape.py): legal in every position, wins when it
can, sheds its void suit, keeps shanten low. The levelled bot is tested in test_bot_levels.py."""

from __future__ import annotations

import pytest

from qipai.mahjong import bots
from qipai.mahjong.analysis import shanten
from qipai.mahjong.bot_shape import choose_action
from qipai.mahjong.bots import play_hand
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.table.actions import ActionType as A
from qipai.mahjong.table.machine import HandMachine, Phase
from qipai.mahjong.tiles import kind_of, parse_kinds, suit_of
from tests.mahjong.test_machine_positions import SUIT_S, E, S, Table, W, act, discard


def test_four_bots_play_a_sichuan_hand_to_an_itemised_settlement() -> None:
    for options in ({}, {"xuezhan": True}):
        hand = play_hand(HandMachine(get_ruleset("sichuan", options), 3))
        settlement = hand.settlement
        assert settlement is not None and sum(settlement.seat_totals()) == 0
        assert all(p.reason for p in settlement.payments)


def test_bot_moves_are_always_legal_and_hands_end() -> None:
    for seed in range(120):
        hand = HandMachine(get_ruleset("sichuan", {"xuezhan": seed % 2 == 1}), seed)
        while not hand.over:
            seat = hand.to_act()[0]
            action = choose_action(hand, seat)
            assert action in hand.legal_actions(seat)
            hand.apply(action)


def test_bots_win_hands() -> None:
    wins = 0
    for seed in range(20):
        hand = play_hand(HandMachine(get_ruleset("sichuan"), seed))
        wins += bool(hand.settlement.wins)
    assert wins >= 10  # sensible play wins most normal-mode hands before the wall runs out


def test_bot_always_takes_a_win() -> None:
    table = Table()
    hand = table.start(["*", "123m 456m 789m 123p 5p", "*", "*"], draws="5p", turn=S, filler=10)
    assert choose_action(hand, S).type is A.SELF_WIN
    table = Table()
    hand = table.start(
        ["5p 1m 2m 3m 4m 6m 7m 8m 9m 1p 2p 3p 9p 9p", "123m 456m 789m 123p 5p", "*", "*"],
        turn=E,
        filler=10,
    )
    discard(hand, E, "5p")
    assert choose_action(hand, S).type is A.WIN
    assert choose_action(hand, W).type is A.PASS
    assert choose_action(hand, E) is None


def declares_the_shortest_suit_void_and_sheds_it_first(choose) -> None:
    """Sichuan deal 21 with ``choose(hand, seat)`` deciding for every seat (both bots)."""
    hand = HandMachine(get_ruleset("sichuan"), 21)
    for seat in range(4):
        hand.apply(choose(hand, seat))
    assert hand.phase is Phase.TURN
    for seat in range(4):
        per_suit = [0, 0, 0]
        for tile in hand.seats[seat].concealed:
            per_suit[suit_of(kind_of(tile))] += 1
        assert per_suit[hand.seats[seat].void] == min(per_suit)
    void = hand.seats[hand.dealer].void
    if any(suit_of(kind_of(t)) == void for t in hand.seats[hand.dealer].concealed):
        assert suit_of(kind_of(choose(hand, hand.dealer).tile)) == void


def test_bot_declares_its_shortest_suit_void_and_sheds_it_first() -> None:
    declares_the_shortest_suit_void_and_sheds_it_first(choose_action)


@pytest.mark.parametrize("choose", [choose_action, bots.choose_action], ids=["shape", "normal"])
def test_seed_literal_bot_sheds_its_shortest_suit_without_being_forced(choose) -> None:
    table = Table()
    hand = table.start(
        ["*", "123m 456m 78m 123p 55p 9s", "*", "*"],
        draws="1p",
        turn=S,
        filler=10,
        options={"void_declaration": False},
    )
    assert kind_of(choose(hand, S).tile) == parse_kinds("9s")[0]


def test_bot_discard_keeps_the_lowest_shanten() -> None:
    for concealed, draw in (
        ("123m 456m 79m 13p 55p 9p", "8p"),
        ("11m 345m 678m 24p 99p 5p", "7p"),
        ("12m 47m 258p 36p 99p 11m", "5m"),
    ):
        table = Table()
        hand = table.start(["*", concealed, "*", "*"], draws=draw, turn=S, filler=10)
        counts = hand.seats[S].counts()
        options = {}
        for kind in {k for k in range(27) if counts[k]}:
            counts[kind] -= 1
            options[kind] = shanten(counts, seven_pairs=True)
            counts[kind] += 1
        action = choose_action(hand, S)
        assert options[kind_of(action.tile)] == min(options.values())


def test_bot_pungs_when_it_helps_and_passes_when_it_does_not() -> None:
    table = Table()
    hand = table.start(
        ["5p 1m 2m 3m 4m 6m 7m 8m 9m 1p 2p 3p 9p 9p", "55p 11m 77m 123p 789p 9m", "*", "*"],
        turn=E,
        voids=[SUIT_S] * 4,
        filler=10,
    )
    discard(hand, E, "5p")
    assert choose_action(hand, S).type is A.PUNG
    table = Table()
    hand = table.start(
        ["5p 1m 2m 3m 4m 6m 7m 8m 9m 1p 2p 3p 9p 9p", "55p 567p 123m 456m 89m", "*", "*"],
        turn=E,
        voids=[SUIT_S] * 4,
        filler=10,
    )
    discard(hand, E, "5p")
    # already ready on 7m with 55p as the pair: punging would not bring it closer
    assert choose_action(hand, S).type is A.PASS


def test_seed_literal_bot_does_not_meld_the_suit_it_is_shedding() -> None:
    table = Table()
    hand = table.start(
        ["5m 1p 2p 3p 4p 6p 7p 8p 1p 2p 3p 4p 6p 7p", "55m 11s 77s 123s 45s 99p", "*", "*"],
        turn=E,
        filler=10,
        options={"void_declaration": False},
    )
    discard(hand, E, "5m")
    assert A.PUNG in {a.type for a in hand.legal_actions(S)}
    assert choose_action(hand, S).type is A.PASS


def test_bot_takes_a_concealed_kong_that_costs_nothing() -> None:
    table = Table()
    hand = table.start(["*", "9999m 123p 456p 78p 1m", "*", "*"], draws="1m", turn=S, filler=10)
    action = choose_action(hand, S)
    assert action.type is A.CONCEALED_KONG and action.tile == parse_kinds("9m")[0]
    act(hand, S, A.CONCEALED_KONG, action.tile)
    assert [m.type for m in hand.seats[S].melds] == ["kong_concealed"]
