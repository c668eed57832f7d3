"""众游世界: the fan table, the seed's additions, the limit and the payments (ruleset-zhongyou.md)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.mahjong.notation import MeldKind, parse_hand
from qipai.mahjong.rulesets.zhongyou_fans import LIMIT, ZhongyouMoment, zhongyou_score
from qipai.mahjong.rulesets.zhongyou_settlement import (
    Liability,
    liability,
    share_payments,
    twelve_down_feeder,
)
from qipai.mahjong.scoring import Payment, net
from qipai.mahjong.table.state import TableMeld

EAST, SOUTH, WEST, NORTH = range(4)
E, S, W, N = 27, 28, 29, 30
B = 10


def score(text: str, *, seat_wind: int = S, round_wind: int = E, **flags: bool):
    moment = ZhongyouMoment(seat_wind=seat_wind, round_wind=round_wind, **flags)
    return zhongyou_score(parse_hand(text), moment)


def items(text: str, **kwargs) -> list[tuple[str, int]]:
    result = score(text, **kwargs)
    assert result is not None
    return sorted((f.name_zh, f.value) for f in result.fans)


# --- worked examples (b = 10, East round, East deals) -----------------------------------------


def test_example_1_self_drawn_mixed_one_suit_with_a_dragon_pung() -> None:
    result = score("[CCC] 123m 456m 789m 5m + 5m", self_draw=True)
    assert result is not None and result.fan == 5
    assert sorted((f.name_zh, f.value) for f in result.fans) == [
        ("中刻", 1),
        ("混一色", 3),
        ("自摸", 1),
    ]
    payments = share_payments(winner=SOUTH, fan=5, stake=B, discarder=None, liable=None)
    assert payments == [Payment(s, SOUTH, 320, "自摸") for s in (EAST, WEST, NORTH)]
    assert net(payments)[SOUTH] == 960


def test_example_2_discard_win_with_a_seat_wind_pung() -> None:
    assert items("[NNN] 222p 555p 77s 99s + 7s", seat_wind=N, self_draw=False) == [
        ("对对胡", 3),
        ("门风北", 1),
    ]
    assert share_payments(winner=NORTH, fan=4, stake=B, discarder=WEST, liable=None) == [
        Payment(WEST, NORTH, 160, "点炮")
    ]


def test_example_3_twelve_tiles_down_makes_the_feeder_pay_the_self_draw() -> None:
    melds = [
        TableMeld(MeldKind.PUNG.value, 1, (4, 5, 6), SOUTH),
        TableMeld(MeldKind.PUNG.value, E, (108, 109, 110), EAST),
        TableMeld(MeldKind.PUNG.value, 24, (96, 97, 98), SOUTH),
        TableMeld(MeldKind.PUNG.value, 16, (64, 65, 66), WEST),
    ]
    feeder = twelve_down_feeder(melds)
    assert feeder == WEST
    result = score("[222m] [EEE] [777s] [888p] 5p + 5p", seat_wind=N, self_draw=True)
    assert result is not None and result.fan == 5
    assert sorted((f.name_zh, f.value) for f in result.fans) == [
        ("圈风东", 1),
        ("对对胡", 3),
        ("自摸", 1),
    ]
    liable = liability(self_draw=True, robbed_konger=None, feeder=feeder, kong_discarder=None)
    assert liable == Liability(WEST, "包自摸")
    payments = share_payments(winner=NORTH, fan=5, stake=B, discarder=None, liable=liable)
    assert payments == [Payment(WEST, NORTH, 960, "包自摸")]


def test_example_4_win_on_a_direct_kong_replacement_and_robbing_the_kong() -> None:
    assert items(
        "[5555s] 123m 456m 789p 3s + 3s", seat_wind=N, self_draw=True, after_kong=True
    ) == [
        ("杠开", 1),
        ("自摸", 1),
    ]
    liable = liability(self_draw=True, robbed_konger=None, feeder=None, kong_discarder=EAST)
    assert share_payments(winner=NORTH, fan=2, stake=B, discarder=None, liable=liable) == [
        Payment(EAST, NORTH, 120, "杠开包")
    ]
    assert items("[123m] 456p 789p 55s 68m + 7m", seat_wind=W, self_draw=False, robbing=True) == [
        ("平胡", 1),
        ("自摸", 1),
    ]
    liable = liability(self_draw=False, robbed_konger=SOUTH, feeder=None, kong_discarder=None)
    assert share_payments(winner=WEST, fan=2, stake=B, discarder=SOUTH, liable=liable) == [
        Payment(SOUTH, WEST, 120, "抢杠")
    ]


def test_example_5_human_hand_paid_by_the_dealer_and_the_cap() -> None:
    human = score("123m 456m 789m 123p 9p + 9p", self_draw=False, human=True)
    assert human is not None and human.fan == LIMIT
    assert share_payments(winner=SOUTH, fan=human.fan, stake=B, discarder=EAST, liable=None) == [
        Payment(EAST, SOUTH, 5120, "点炮")
    ]
    capped = score("[111p] [333p] [555p] 777p 9p + 9p", seat_wind=W, self_draw=True)
    assert capped is not None
    assert sorted((f.name_zh, f.value) for f in capped.fans) == [
        ("对对胡", 3),
        ("清一色", 7),
        ("自摸", 1),
    ]
    assert (capped.raw_fan, capped.fan) == (11, 9)
    payments = share_payments(winner=WEST, fan=capped.fan, stake=B, discarder=None, liable=None)
    assert net(payments)[WEST] == 15_360


# --- the fan table (ZY-09) and the additions (§5.1), one concrete hand each -------------------


@pytest.mark.parametrize(
    ("text", "flags", "expected"),
    [
        ("[123m] 456m 789p 222s 5p + 5p", {}, [("鸡胡", 0)]),
        ("[123m] 456m 789p 222s 5p + 5p", {"self_draw": True}, [("自摸", 1)]),
        ("[123m] 456m 789p 23s 55p + 4s", {}, [("平胡", 1)]),
        ("[123m] 456m 789p 23s CC + 4s", {}, []),  # dragon pair: not 平胡 -> 鸡胡
        ("[123m] 456m 789p 23s SS + 4s", {}, []),  # seat-wind pair (South)
        ("[123m] 456m 789p 23s EE + 4s", {}, []),  # round-wind pair
        ("[123m] 456m 789p 23s WW + 4s", {}, [("平胡", 1)]),  # any other wind pair
        ("123m 456m 789p 23s 55p + 4s", {}, [("平胡", 1), ("门前清", 1)]),
        ("{1111m} 456m 789p 23s 55p + 4s", {}, [("门前清", 1)]),  # concealed kong keeps it
        ("[111m] [444p] 777s 99s 55p + 5p", {}, [("对对胡", 3)]),
        ("[123m] 456m 789m 11m EE + E", {}, [("圈风东", 1), ("混一色", 3)]),
        ("[123m] 456m 789m 11m 22m + 2m", {}, [("清一色", 7)]),
        ("[CCC] [FFF] 123m 456p P + P", {}, [("小三元", 5)]),
        ("[CCC] [FFF] 123m 456p 9m + 9m", {}, [("中刻", 1), ("发刻", 1)]),
        ("[SSS] 123m 456m 789p 5p + 5p", {}, [("门风南", 1)]),
        ("[EEE] 123m 456m 789p 5p + 5p", {"seat_wind": E}, [("圈风东", 1), ("门风东", 1)]),
        (
            "123m 456m 789p 23s 55p + 4s",
            {"self_draw": True, "last_tile": True},
            [("平胡", 1), ("海底捞针", 1), ("自摸", 1), ("门前清", 1)],
        ),
    ],
)
def test_fan_table(text: str, flags: dict, expected: list[tuple[str, int]]) -> None:
    kwargs = {"self_draw": False, **flags}
    assert items(text, **kwargs) == sorted(expected or [("鸡胡", 0)])


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("[CCC] [FFF] [PPP] 123m 9m + 9m", "大三元"),
        ("[EEE] [SSS] [WWW] 123m N + N", "小四喜"),
        ("[EEE] [SSS] [WWW] [NNN] 9m + 9m", "大四喜"),
        ("[EEE] [SSS] [CCC] FFF P + P", "字一色"),
        ("[111m] [999m] [111p] 999s 1s + 1s", "清幺九"),
        ("1112345678999m + 5m", "九莲宝灯"),
        ("19m 19p 19s ESWNCFP + C", "十三幺"),
        ("[1111m] [2222p] {3333s} [CCCC] 9m + 9m", "十八罗汉"),
    ],
)
def test_limit_hands(text: str, name: str) -> None:
    result = score(text, self_draw=False)
    assert result is not None
    assert (name, LIMIT) in [(f.name_zh, f.value) for f in result.fans]
    assert result.fan == LIMIT


@pytest.mark.parametrize("flag", ["heavenly", "human", "earthly"])
def test_special_wins_are_limit_hands(flag: str) -> None:
    result = score("123m 456m 789m 123p 9p + 9p", self_draw=flag != "human", **{flag: True})
    assert result is not None and result.fan == LIMIT


def test_robbing_counts_as_self_draw_without_bonus() -> None:
    robbed = items("[123m] 456p 789p 55s 68m + 7m", robbing=True, self_draw=False)
    assert ("自摸", 1) in robbed and not any(name == "杠开" for name, _ in robbed)


def test_no_shape_no_score() -> None:
    assert score("123m 456m 789m 123p 8p + 9p", self_draw=False) is None


def test_most_valuable_reading_is_scored() -> None:
    """``111222333m`` reads as three pungs (对对胡) or three chows; the pungs are worth more."""
    result = score("[999p] 111222333m 5s + 5s", self_draw=False)
    assert result is not None
    assert ("对对胡", 3) in [(f.name_zh, f.value) for f in result.fans]


# --- payments and liabilities (ZY-12, ZY-19) --------------------------------------------------


def test_full_shoot_option_makes_the_discarder_pay_three_shares() -> None:
    assert share_payments(
        winner=NORTH, fan=2, stake=B, discarder=WEST, liable=None, full_shoot=True
    ) == [Payment(WEST, NORTH, 120, "点炮")]


def test_twelve_down_liability_wins_over_the_kong_liability() -> None:
    liable = liability(self_draw=True, robbed_konger=None, feeder=WEST, kong_discarder=EAST)
    assert liable == Liability(WEST, "包自摸")


def test_twelve_down_liability_only_for_self_draws() -> None:
    assert liability(self_draw=False, robbed_konger=None, feeder=WEST, kong_discarder=None) is None


def test_no_feeder_with_fewer_melds_or_a_concealed_kong() -> None:
    pung = TableMeld(MeldKind.PUNG.value, 1, (4, 5, 6), SOUTH)
    concealed = TableMeld(MeldKind.KONG_CONCEALED.value, 2, (8, 9, 10, 11), None)
    assert twelve_down_feeder([pung, pung, pung]) is None
    assert twelve_down_feeder([concealed, pung, pung, pung]) is None
    added = TableMeld(MeldKind.KONG_ADDED.value, 2, (8, 9, 10, 11), EAST)
    assert twelve_down_feeder([pung, pung, pung, added]) == EAST


@settings(max_examples=200, deadline=None)
@given(
    winner=st.integers(0, 3),
    discarder=st.one_of(st.none(), st.integers(0, 3)),
    liable_seat=st.one_of(st.none(), st.integers(0, 3)),
    fan=st.integers(0, LIMIT),
    full_shoot=st.booleans(),
)
def test_a_win_costs_one_share_or_three(winner, discarder, liable_seat, fan, full_shoot) -> None:
    if discarder == winner:
        discarder = None
    liable = None if liable_seat in (None, winner) else Liability(liable_seat, "包自摸")
    payments = share_payments(
        winner=winner,
        fan=fan,
        stake=B,
        discarder=discarder,
        liable=liable,
        full_shoot=full_shoot,
    )
    share = B * 2**fan
    shares = 1 if discarder is not None and liable is None and not full_shoot else 3
    assert net(payments)[winner] == shares * share
    assert all(p.payee == winner and p.payer != winner for p in payments)
