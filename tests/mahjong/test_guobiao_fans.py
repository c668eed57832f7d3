"""Every guobiao fan on a concrete hand, in the rules book's notation, and the exclusions."""

from __future__ import annotations

import pytest

from qipai.mahjong.notation import parse_hand
from qipai.mahjong.rulesets.guobiao_fan_table import FAN_ROWS, FANS
from qipai.mahjong.rulesets.guobiao_fans import (
    GuobiaoHand,
    NotAWinError,
    knitted_waits,
    score_hand,
)
from qipai.mahjong.tiles import parse_kinds, to_counts


def hand(text: str, **flags) -> GuobiaoHand:
    parsed = parse_hand(text)
    return GuobiaoHand(parsed.concealed, parsed.winning, parsed.melds, **flags)


def fans(text: str, **flags) -> dict[int, int]:
    return {item.number: item.count for item in score_hand(hand(text, **flags)).items}


SD = {"self_drawn": True}
# fan number -> (hand, flags); every fan of the table has a hand here.
EXAMPLES: dict[int, tuple[str, dict]] = {
    1: ("EEE SSS WWW NNN 1m + 1m", {}),
    2: ("CCC FFF PPP 123m 9p + 9p", {}),
    3: ("234s 234s 666s 88s FF + F", {}),
    4: ("1112345678999m + 5m", {}),
    5: ("[1111m] [2222p] [3333s] {EEEE} 9m + 9m", {}),
    6: ("1122334455667p + 7p", {}),
    7: ("19m 19p 19s ESWNCFP + 1m", {}),
    8: ("111m 999m 111p 999s 9p + 9p", {}),
    9: ("EEE SSS WWW N 123m + N", {}),
    10: ("CCC FFF P 123m 456p + P", {}),
    11: ("EEE SSS CCC FFF P + P", {}),
    12: ("111m 333p 555s 777m 9s + 9s", {}),
    13: ("112233m 778899m 5m + 5m", {}),
    14: ("111122223333p 9s + 9s", {}),
    15: ("111222333444s 9m + 9m", {}),
    16: ("123234345456m 9p + 9p", {}),
    17: ("[1111m] [2222p] {3333s} 456m 9p + 9p", {}),
    18: ("111m 999p EEE CCC S + S", {}),
    19: ("1133m 5577p 99p 22s E + E", {}),
    20: ("ESWNCFP 147m 258p + 3s", {}),
    21: ("222m 444p 666s 888m 2p + 2p", {}),
    22: ("123m 123m 456m 789m 5m + 5m", {}),
    23: ("[123m] 123123m 456p 9s + 9s", {}),
    24: ("111222333m 456p 9s + 9s", {}),
    25: ("789m 789p 789s 888m 9s + 9s", {}),
    26: ("456m 456p 456s 555m 4s + 4s", {}),
    27: ("123m 123p 123s 222m 1s + 1s", {}),
    28: ("123456789m 123p 5s + 5s", {}),
    29: ("123789m 123789p 5s + 5s", {}),
    30: ("123234345m 789p 5s + 5s", {}),
    31: ("345m 456p 567s 555m 5p + 5p", {}),
    32: ("222m 222p 222s 456m 9s + 9s", {}),
    33: ("111m 333p 555s 789s 9p + 9p", {}),
    34: ("147m 258p 36s ESWNC + F", {}),
    35: ("147m 258p 369s 123m 5p + 5p", {}),
    36: ("678m 678p 789s 666s 9m + 9m", {}),
    37: ("123m 234p 234s 111s 4m + 4m", {}),
    38: ("EEE SSS WWW 123m 9p + 9p", {}),
    39: ("123m 456p 789s 111s 9m + 9m", {}),
    40: ("123p 345p 456s 888s 9p + 9p", {}),
    41: ("234m 234p 234s 678m 9s + 9s", {}),
    42: ("222m 333p 444s 678m 9s + 9s", {}),
    43: ("CC 34s [234m] [678p] [888s] + 5s", {}),
    44: ("123m 456p 789s 234m 5s + 5s", {"self_drawn": True, "last_tile": True}),
    45: ("123m 456p 789s 234m 5s + 5s", {"last_tile": True}),
    46: ("123m 456p 789s 5s [6666m] + 5s", {"self_drawn": True, "kong": True}),
    47: ("12m 456p 789s 345s 55s + 3m", {"kong": True}),
    48: ("[111m] [333p] [555s] 777m 9s + 9s", {}),
    49: ("123456789m EEE 5m + 5m", {}),
    50: ("123m 234p 345s 678m 9s + 9s", {}),
    51: ("123m 456p 789s EEE C + C", {}),
    52: ("[123m] [456p] [789s] [EEE] C + C", {}),
    53: ("{1111m} {2222p} 345s 678m 9s + 9s", {}),
    54: ("CCC FFF 123m 456p 9s + 9s", {}),
    55: ("123m 789p 111s EEE 9m + 9m", {}),
    56: ("123m 456p 789s 234m 5s + 5s", SD),
    57: ("[1111m] [2222p] 345s 678m 9s + 9s", {}),
    58: ("12m 456p 789s 345s 55s + 3m", {"fourth_tile": True}),
    59: ("CCC 123m 456p 789s 9s + 9s", {}),
    60: ("EEE 123m 456p 789s 9s + 9s", {"seat_wind": 1, "prevalent_wind": 0}),
    61: ("SSS 123m 456p 789s 9s + 9s", {"seat_wind": 1, "prevalent_wind": 0}),
    62: ("123m 456p 789s 234m 5s + 5s", {}),
    63: ("123m 456m 234p 678s 5s + 5s", {}),
    64: ("111123m 456p 789s 5s + 5s", {}),
    65: ("222m 222p 456s 789m 9s + 9s", {}),
    66: ("222m 444p 567s [789m] 9s + 9s", {}),
    67: ("{2222m} 456p 789s 345m 9s + 9s", {}),
    68: ("234m 456p 678s 555m 8s + 8s", {}),
    69: ("123123m 456p 789s 5s + 5s", {}),
    70: ("123m 123p 456s 789s 5m + 5m", {}),
    71: ("123456m 234p 789s 5s + 5s", {}),
    72: ("123789m 456p 345s 5s + 5s", {}),
    73: ("111m 456p 789s 345m 5s + 5s", {}),
    74: ("[1111m] 456p 789s 345m 5s + 5s", {}),
    75: ("123m 456p 789p 345m 5m + 5m", {}),
    76: ("123m 456p 789s 555m 5s + 5s", {}),
    77: ("12m 456p 789s 345s 55s + 3m", {}),
    78: ("13m 456p 789s 345m 55s + 2m", {}),
    79: ("123m 456p 789s 345m 5s + 5s", {}),
    80: ("[123m] 456p 789s 345m 5s + 5s", SD),
    81: ("123m 456p 789s 345m 5s + 5s", {"flowers": 2}),
    82: ("[1111m] {2222p} 345s 678m 9s + 9s", {}),
}


def test_every_fan_has_an_example():
    assert set(EXAMPLES) == {row.number for row in FAN_ROWS}


@pytest.mark.parametrize("number", sorted(EXAMPLES), ids=lambda n: FANS[n].name_en)
def test_fan(number):
    text, flags = EXAMPLES[number]
    assert number in fans(text, **flags)


def test_full_flush_implies_one_voided_suit_and_no_honors_not_counted_again():
    found = fans("123m 123m 456m 789m 5m + 5m")
    assert 22 in found and 75 not in found and 76 not in found


def test_last_tile_draw_is_not_also_self_drawn():
    found = fans("123m 456p 789s 234m 5s + 5s", self_drawn=True, last_tile=True)
    assert 44 in found and 80 not in found and 56 in found


def test_robbing_the_kong_needs_the_tile_unheld_and_is_not_also_last_tile():
    assert 47 not in fans("123m 456p 789s 234m 5s + 5s", kong=True)
    assert 58 not in fans("12m 456p 789s 345s 55s + 3m", kong=True, fourth_tile=True)
    assert 47 in fans("12m 456p 789s 345s 55s + 3m", kong=True, fourth_tile=True)


def test_seat_and_prevalent_wind_pungs_do_not_also_count_pung_of_terminals():
    found = fans("EEE 123m 456p 789s 9s + 9s", seat_wind=0, prevalent_wind=0)
    assert found[60] == 1 and found[61] == 1 and 73 not in found


def test_the_eight_fan_minimum_leaves_out_flowers():
    chicken_ish = score_hand(hand("123m 456p 678s 345m 5s + 5s", flowers=8))
    assert chicken_ish.total_without_flowers < 8 <= chicken_ish.total
    assert not chicken_ish.may_win
    assert score_hand(hand("123m 456p 789s 111s 9m + 9m")).may_win


def test_the_best_reading_is_scored():
    # 111222333m: three pungs (一色三节高 24) or three identical chows (一色三同顺 24): the
    # hand is read the way worth most, whichever way that is.
    score = score_hand(hand("111222333m 456p 9s + 9s"))
    assert score.total >= 24


def test_tiles_that_do_not_win_are_refused():
    with pytest.raises(NotAWinError):
        score_hand(hand("123m 456p 789s 345m 5s + 6s"))


@pytest.mark.parametrize("number", sorted(EXAMPLES), ids=lambda n: FANS[n].name_en)
def test_example_agrees_with_pymahjonggb(number):
    pytest.importorskip("MahjongGB")
    from tests.mahjong.guobiao_hands import oracle_fans, ours

    text, flags = EXAMPLES[number]
    assert ours(hand(text, **flags)) == oracle_fans(hand(text, **flags))


@pytest.mark.parametrize(
    ("tiles", "melds", "expected"),
    [
        # eight tiles of 147m 258p 369s, a pung and a pair: only 9s makes the 组合龙
        ("147m 258p 36s EEE CC", 0, "9s"),
        # the same eight with a pair beside a declared set: still only 9s
        ("147m 258p 36s 55m", 1, "9s"),
        # thirteen different tiles, the suited ones from one knitted straight: 全不靠 on the
        # straight's missing tile and on each honour not yet held
        ("147m 258p 36s ESWNC", 0, "9s FP"),
        # two tiles short of any knitted straight: nothing
        ("147m 258p 3s 1s ESWNC", 0, ""),
        # two declared sets leave no room for a knitted straight
        ("147m 258p 3s", 2, ""),
    ],
)
def test_knitted_waits(tiles, melds, expected):
    # The machine's wait hook for the shapes its shape tables do not know.
    counts = to_counts(parse_kinds(tiles.replace(" ", "")))
    assert knitted_waits(counts, melds) == tuple(parse_kinds(expected.replace(" ", "")))
