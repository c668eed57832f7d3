"""A table where no coins move (friendly or local, PL-03) charges no 台费, and Lengzi's pot
takes 10 × A per 点炮 there (the seed's fixed 10 and 100 are coins at a coin room's lowest stake
of 10): at stake 1 a winner wins. One concrete hand per ruleset, friendly against a coin room."""

from __future__ import annotations

from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.scoring import HOUSE, POT, Payment
from qipai.mahjong.table.actions import ActionType
from qipai.mahjong.table.machine import HandMachine
from qipai.mahjong.table_options import MahjongOptions
from qipai.platform.rooms import economy_fee
from tests.mahjong.test_lengzi_table import Deal, act, answer_all, discard

EAST, SOUTH, WEST, NORTH = range(4)


def table_ruleset(room: str, *, coins: bool, base: int = 1):
    """The ruleset a hand of a friendly table plays (stake 1), or of a 自由场 table at ``base``."""
    options = MahjongOptions.from_wire(room, {"tier": "free"} if coins else {})
    return get_ruleset(options.ruleset, {**options.hand_rules, "base": base})


def lengzi_closed_wait_win(coins: bool, base: int) -> HandMachine:
    """West lets 2s go; South wins it on the closed wait 1s_3s (棱子胡)."""
    hand = Deal(table_ruleset("lengzi", coins=coins, base=base)).start(
        [
            "234m 567m 345p 66s 78s",
            "123m 456m 789p EE 13s",
            "111m 456p 789p 234s 2s",
            "345m 678m 123s 45s SS",
        ],
        draws="C",
        turn=WEST,
    )
    discard(hand, WEST, "2s")
    answer_all(hand, {SOUTH: ActionType.WIN})
    assert hand.over and hand.settlement is not None
    return hand


def test_lengzi_friendly_table_no_fee_and_a_pot_of_ten_stakes():
    hand = lengzi_closed_wait_win(coins=False, base=1)
    assert [f.name_zh for f in hand.wins[0].score.fans] == ["棱子"]
    assert list(hand.settlement.payments) == [
        Payment(WEST, SOUTH, 2, "棱子胡"),
        Payment(WEST, POT, 10, "点炮入锅"),
    ]
    assert hand.settlement.seat_totals() == [0, 2, -12, 0]


def test_lengzi_coin_room_keeps_the_seeds_fee_and_pot():
    hand = lengzi_closed_wait_win(coins=True, base=10)
    payments = list(hand.settlement.payments)
    assert payments[:4] == [Payment(seat, HOUSE, 10, "台费") for seat in range(4)]
    assert payments[4:] == [
        Payment(WEST, SOUTH, 20, "棱子胡"),
        Payment(WEST, POT, 100, "点炮入锅"),
    ]


def zhongyou_twelve_down_self_draw(coins: bool, base: int) -> HandMachine:
    """North, twelve tiles down with West the feeder, self-draws (ZY example 3)."""
    hand = Deal(table_ruleset("zhongyou", coins=coins, base=base)).start(
        [
            "123m 456m 789m 123p 4p",
            "345s 678s 99s 456p 11p",
            "8p 345m 678m 99m 123s 4s",
            "[222m] [EEE] [777s] 88p 5p 3s",
        ],
        draws="S C F P 5p",
        turn=WEST,
    )
    discard(hand, WEST, "8p")
    answer_all(hand, {NORTH: ActionType.PUNG})
    discard(hand, NORTH, "3s")
    answer_all(hand, {})
    for seat in (EAST, SOUTH, WEST):
        act(hand, seat, ActionType.DISCARD, hand.seats[seat].last_drawn)
        answer_all(hand, {})
    act(hand, NORTH, ActionType.SELF_WIN)
    assert hand.over and hand.settlement is not None
    return hand


def test_zhongyou_friendly_table_charges_no_fee():
    hand = zhongyou_twelve_down_self_draw(coins=False, base=1)
    assert list(hand.settlement.payments) == [Payment(WEST, NORTH, 96, "包自摸")]


def test_zhongyou_coin_room_charges_its_percent_fee():
    hand = zhongyou_twelve_down_self_draw(coins=True, base=10)
    assert list(hand.settlement.payments)[:4] == [
        Payment(seat, HOUSE, 1, "台费") for seat in range(4)
    ]


def baicheng_dealer_treasure_self_draw(coins: bool, base: int) -> HandMachine:
    hand = Deal(table_ruleset("baicheng", coins=coins, base=base)).start(
        [
            "[123m] [111s] 789p 44p 56m",
            "[555p] 234m 678s 99s 12p",
            "234s 567s 88m 99p 1p 2p P",
            "[789m] 345s 66p 77p 3p C F",
        ],
        draws="2p",
        tail="2p 9s C F",
    )
    act(hand, EAST, ActionType.SELF_WIN)
    assert hand.over and hand.settlement is not None
    return hand


def test_baicheng_friendly_table_charges_no_fee():
    hand = baicheng_dealer_treasure_self_draw(coins=False, base=1)
    assert list(hand.settlement.payments) == [
        Payment(SOUTH, EAST, 16, "胡牌"),
        Payment(WEST, EAST, 32, "胡牌+门清"),
        Payment(NORTH, EAST, 16, "胡牌"),
    ]


def test_baicheng_coin_room_charges_its_percent_fee():
    hand = baicheng_dealer_treasure_self_draw(coins=True, base=100)
    assert list(hand.settlement.payments)[:4] == [
        Payment(seat, HOUSE, 10, "台费") for seat in range(4)
    ]


def test_sichuan_friendly_table_no_fee_from_the_economy_either():
    """Sichuan's settlement carries no fee lines; the economy's fee is nil at a friendly table."""
    assert economy_fee(table_ruleset("sichuan", coins=False), 1) == 0
    assert economy_fee(table_ruleset("sichuan", coins=True, base=10), 10) == 1


def test_the_table_keeps_its_own_rules_only_its_hands_play_without_coins():
    options = MahjongOptions.from_wire("lengzi", {"rules": {"table_fee": 20}})
    assert options.rules["table_fee"] == 20 and options.rules["pot_scale"] is False
    assert options.hand_rules["table_fee"] == 0 and options.hand_rules["pot_scale"] is True
