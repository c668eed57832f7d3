"""白城鸡宝夹 on the table machine: the treasure, the requirements, BC-03, BC-12 and kong money."""

from __future__ import annotations

import random

import pytest

from qipai.mahjong.rulesets.baicheng import Baicheng, BaichengOptions
from qipai.mahjong.rulesets.baicheng_requirements import Requirement, WinRequirementUnmet
from qipai.mahjong.scoring import HOUSE, Payment
from qipai.mahjong.table.actions import ActionType
from qipai.mahjong.table.errors import IllegalAction
from qipai.mahjong.table.machine import HandMachine
from qipai.mahjong.tiles import kind_of, parse_kinds
from tests.mahjong.test_lengzi_table import Deal, act, answer_all, discard

EAST, SOUTH, WEST, NORTH = range(4)
STAKE = 100


def baicheng() -> Baicheng:
    return Baicheng(BaichengOptions(base=STAKE))


def kind(text: str) -> int:
    (only,) = parse_kinds(text)
    return only


def offered(hand: HandMachine, seat: int) -> set[ActionType]:
    return {a.type for a in hand.legal_actions(seat)}


def discard_drawn(hand: HandMachine, seat: int) -> None:
    act(hand, seat, ActionType.DISCARD, hand.seats[seat].last_drawn)
    answer_all(hand, {})


def test_treasure_stack_is_set_aside_after_the_deal() -> None:
    hand = HandMachine(baicheng(), seed=3, dealer=EAST)
    assert hand.wall.remaining() == 120 - 53 - 2
    table = hand.view(None)["table"]
    (top,) = table["treasure_indicators"]
    assert table["treasure"] == kind_of(top)
    assert all(top not in state.concealed for state in hand.seats)


def test_example_2_dealer_self_draws_the_treasure() -> None:
    hand = Deal(baicheng()).start(
        [
            "[123m] [111s] 789p 44p 56m",
            "[555p] 234m 678s 99s 12p",
            "234s 567s 88m 99p 1p 2p P",
            "[789m] 345s 66p 77p 3p C F",
        ],
        draws="2p",
        tail="2p 9s C F",
    )
    assert hand.view(EAST)["table"]["treasure"] == kind("2p")
    assert ActionType.SELF_WIN in offered(hand, EAST)
    act(hand, EAST, ActionType.SELF_WIN)
    fans = sorted((f.name_zh, f.value) for f in hand.wins[0].score.fans)
    assert fans == sorted([("庄胡", 1), ("自摸", 1), ("摸宝", 1), ("带鸡", 1)])
    assert list(hand.settlement.payments)[:4] == [
        Payment(seat, HOUSE, 10, "台费")
        for seat in range(4)  # 10 % of the stake (PL-16)
    ]
    assert list(hand.settlement.payments)[4:] == [
        Payment(SOUTH, EAST, 1600, "胡牌"),
        Payment(WEST, EAST, 3200, "胡牌+门清"),
        Payment(NORTH, EAST, 1600, "胡牌"),
    ]


def test_used_up_treasure_turns_up_the_tile_below() -> None:
    hand = Deal(baicheng()).start(
        [
            "345m 678m 345p 66p 22s P",
            "123m 456m 789p 1p 5s 5s 4s",
            "123s 468s 99m 11p F 2p 3p",
            "[CCC] 234m 567m 234p 8p",
        ],
        tail="C 9s P F",
    )
    table = hand.view(SOUTH)["table"]
    assert [kind_of(t) for t in table["treasure_indicators"]] == [kind("C"), kind("9s")]
    assert table["treasure"] == kind("9s")


def three_suit_and_two_suit_waiters() -> list[str]:
    return [
        "7s 7s 234m 678m 99m 234p 5p",
        "[555s] 123m 789p 68s 99m",
        "[555p] 123s 789p 68s 99p",
        "234m 567m 33p 44p 88s 1m",
    ]


def test_requirements_decide_whether_a_win_is_offered() -> None:
    """South (three suits) is offered the 7s; West (two suits only) is not."""
    hand = Deal(baicheng()).start(three_suit_and_two_suit_waiters())
    discard(hand, EAST, "7s")
    assert ActionType.WIN in offered(hand, SOUTH)
    assert ActionType.WIN not in offered(hand, WEST)


def test_four_concealed_tiles_left_limits_claims() -> None:
    """BC-03: with four concealed tiles South may pung only toward 漂, and never chow."""
    cases = (
        ("[123m] [555s] [789p]", "9m", ActionType.PUNG, False),
        ("[111m] [555s] [999p]", "9m", ActionType.PUNG, True),
        ("[111m] [555s] [999p]", "7s", ActionType.CHOW, False),
    )
    for melds, tile, claim, allowed in cases:
        hand = Deal(baicheng()).start(
            [
                f"{tile} 234s 678m 345p 22p C F",
                f"{melds} 6s 8s 9m 9m",
                "234m 567m 33p 44p 88s 1s",
                "456m 678p 99s 11s 2s C F",
            ]
        )
        discard(hand, EAST, tile)
        assert (claim in offered(hand, SOUTH)) is allowed


def test_passed_win_bars_the_declined_kind_and_own_discards_until_the_next_draw() -> None:
    """BC-12: South throws 6s and waits on 3s/6s; he declines West's 3s; North's 6s and
    East's 3s are then barred; after South's own draw West's 6s is offered again."""
    hand = Deal(baicheng()).start(
        [
            "3s 234m 678m 99m 234p 5p",
            "[555p] 123m 789p 3456s",
            "3s 6s 456m 11p 678p 22s 9s",
            "6s 567m 33p 44p 88s 99s 1m",
        ],
        draws="6s C C F F P",
        dealer=EAST,
        turn=SOUTH,
    )
    discard(hand, SOUTH, "6s")
    answer_all(hand, {})
    discard(hand, WEST, "3s")
    assert ActionType.WIN in offered(hand, SOUTH)
    answer_all(hand, {})
    discard(hand, NORTH, "6s")
    assert ActionType.WIN not in offered(hand, SOUTH)
    answer_all(hand, {})
    discard(hand, EAST, "3s")
    assert ActionType.WIN not in offered(hand, SOUTH)
    answer_all(hand, {})
    discard_drawn(hand, SOUTH)
    discard(hand, WEST, "6s")
    assert ActionType.WIN in offered(hand, SOUTH)


def test_example_5_kong_money_is_settled_on_an_exhaustive_draw() -> None:
    hand = Deal(baicheng()).start(
        [
            "345m 678m 345p 66p 22s P",
            "[5555s] 123m 456m 88p 9p 1p",
            "{7777p} 123s 468s 99m CC",
            "234m 567m 234p 88p F P",
        ],
        filler=0,
        tail="C F P 9m",
    )
    assert hand.wall.remaining() == 2
    discard(hand, EAST, "P")
    answer_all(hand, {})
    discard_drawn(hand, SOUTH)
    discard_drawn(hand, WEST)
    assert hand.over and hand.exhaustive
    assert hand.settlement.seat_totals() == [-800, 400, 1200, -800]
    assert hand.ruleset.next_dealer(hand) == EAST


def test_first_dealer_is_random() -> None:
    dealers = {Baicheng().first_dealer(random.Random(seed)) for seed in range(40)}
    assert dealers == {EAST, SOUTH, WEST, NORTH}


def test_example_4_treasure_that_is_the_genuine_wait_through_the_machine() -> None:
    hand = Deal(baicheng()).start(
        [
            "[123p] 345m 678m 22s CC",
            "[777p] 123m 456m 99m 79s",
            "[456p] 234s 567s 11m 33p",
            "[999s] 234p 789p 55m PP",
        ],
        draws="8s",
        tail="8s F P C",
        turn=SOUTH,
    )
    act(hand, SOUTH, ActionType.SELF_WIN)
    fans = sorted((f.name_zh, f.value) for f in hand.wins[0].score.fans)
    assert fans == sorted([("夹胡", 1), ("自摸", 1), ("宝中宝", 2)])
    assert list(hand.settlement.payments)[4:] == [
        Payment(EAST, SOUTH, 3200, "胡牌+坐庄"),
        Payment(WEST, SOUTH, 1600, "胡牌"),
        Payment(NORTH, SOUTH, 1600, "胡牌"),
    ]


def test_robbing_the_kong_makes_the_konger_the_discarder_and_all_three_pay() -> None:
    hand = Deal(baicheng()).start(
        [
            "[234p] 345m 678m 22s CC",
            "[456p] 234s 678s 55m PP",
            "[123m] 789p 99m 46s 111p",
            "[555s] 123s 789s 234m 6m",
        ],
        draws="5s",
        turn=NORTH,
    )
    act(hand, NORTH, ActionType.ADDED_KONG, kind("5s"))
    answer_all(hand, {WEST: ActionType.WIN})
    assert [f.name_zh for f in hand.wins[0].score.fans] == ["夹胡"]
    assert list(hand.settlement.payments)[4:] == [
        Payment(EAST, WEST, 400, "胡牌+坐庄"),
        Payment(SOUTH, WEST, 200, "胡牌"),
        Payment(NORTH, WEST, 400, "胡牌+点炮"),
    ]


def test_a_dealt_treasure_is_not_drawn() -> None:
    """BC-05 needs a draw: the dealer's fourteenth dealt tile does not win by 摸宝."""
    hand = Deal(baicheng()).start(
        [
            "[123m] [111s] 789p 44p 56m P",
            "[555p] 234m 678s 99s 12p",
            "234s 567s 88m 99p 1p 2p C",
            "[789m] 345s 66p 77p 3p C F",
        ],
        tail="P 9s C F",
    )
    assert hand.view(EAST)["table"]["treasure"] == kind("P")
    assert ActionType.SELF_WIN not in offered(hand, EAST)


def test_a_refused_win_names_the_unmet_requirement_and_changes_nothing() -> None:
    hand = Deal(baicheng()).start(three_suit_and_two_suit_waiters())
    discard(hand, EAST, "7s")
    events, legal = len(hand.events), hand.legal_actions(WEST)
    with pytest.raises(WinRequirementUnmet) as refused:
        act(hand, WEST, ActionType.WIN)
    assert refused.value.code == "win_requirement_unmet"
    assert refused.value.requirement is Requirement.THREE_SUITS
    assert len(hand.events) == events and hand.legal_actions(WEST) == legal
    with pytest.raises(IllegalAction) as generic:
        act(hand, WEST, ActionType.KONG)
    assert generic.value.code == "illegal_action"
