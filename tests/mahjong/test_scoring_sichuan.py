"""The Sichuan fan table (ruleset-sichuan.md §4), one row per pattern, hands in book notation."""

from __future__ import annotations

import pytest

from qipai.mahjong.notation import parse_hand
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.scoring import Fan, Payment, WinRecord, WinScore, multiplier, net
from qipai.mahjong.table.state import WinContext
from tests.mahjong.test_machine_positions import SUIT_S, Table


def score(text: str, *, void: int | None = SUIT_S, options: dict | None = None, **flags: bool):
    """Score a written hand as a Sichuan win (default: a discard win, void = bamboo)."""
    table = Table()
    concealed, melds = table.seat(text)
    hand = parse_hand(text)
    counts = [0] * 34
    for tile in concealed:
        counts[tile // 4] += 1
    counts[hand.winning] += 1
    flags.setdefault("self_draw", False)
    ctx = WinContext(0, tuple(counts), tuple(melds), hand.winning, void_suit=void, **flags)
    return get_ruleset("sichuan", options or {}).score(ctx)


def names(result) -> list[str]:
    return [f.name_zh for f in result.fans]


PATTERNS = [
    # (hand, expected fan items, total fan)
    ("123m 456m 789m 234p 5p + 5p", ["平和"], 1),
    ("[222m] [777m] 555p 999p 3m + 3m", ["大对子"], 2),
    ("123m 456m 789m 234m 5m + 5m", ["清一色"], 3),
    ("123m 789m 111p 789p 9m + 9m", ["带幺九"], 3),
    ("11m 22m 33p 44p 55p 77m 9m + 9m", ["小七对"], 3),
    ("[111m] 222m 444m 666m 8m + 8m", ["清大对"], 4),
    ("[222m] 555m 888p 222p 5p + 5p", ["将对"], 4),
    ("1111m 22m 33p 44p 55p 7m + 7m", ["龙七对"], 5),
    ("11m 22m 33m 44m 55m 77m 9m + 9m", ["清七对"], 5),
    # one-suit 带幺九 always holds four of a terminal: here four 1m and four 9m (capped at 6)
    ("123m 123m 789m 999m 1m + 1m", ["清幺九", "根", "根"], 6),
    ("1111m 22m 33m 44m 55m 7m + 7m", ["清龙七对"], 6),
    # 双龙七对 = 龙七对 + the second 根 (SC-04)
    ("1111m 2222m 33p 44p 5p + 5p", ["龙七对", "根"], 6),
    # Example 2's South: 清一色 + one 根 (four 2p, not a kong)
    ("123p 234p 22p 999p 46p + 5p", ["清一色", "根"], 4),
    # a declared kong is +1 on its own (SC-04) and is not a 根 (SC-19)
    ("[5555p] 123m 456m 789m 1p + 1p", ["平和", "杠"], 2),
    ("{5555p} 123m 456m 789m 1p + 1p", ["平和", "杠"], 2),
]


@pytest.mark.parametrize(("text", "expected", "fan"), PATTERNS)
def test_pattern_table(text: str, expected: list[str], fan: int) -> None:
    result = score(text)
    assert result is not None
    assert names(result) == expected
    assert result.fan == fan


def test_pung_plus_kept_fourth_tile_is_a_root() -> None:
    result = score("[555p] 456p 123m 789m 5m + 5m")
    assert names(result) == ["平和", "根"]
    assert result.fan == 2


def test_most_favourable_decomposition_is_scored() -> None:
    # 111222333m reads as three pungs or three chows: 清大对 beats 清一色 when it applies
    result = score("111m 222m 333m 999m 5m + 5m")
    assert names(result) == ["清大对"]


def test_only_the_largest_pattern_counts() -> None:
    # one suit, every set and the pair with a 9 and all pungs: 清大对 (4) not 清一色 + 大对子
    result = score("[999m] 111m 777m 333m 5m + 5m")
    assert [f.name_zh for f in result.fans] == ["清大对"]


def test_cap_bounds_fan_but_lists_every_item() -> None:
    result = score("1111m 2222m 33m 44m 5m + 5m")
    assert names(result) == ["清龙七对", "根"]
    assert (result.fan, result.raw_fan) == (6, 7)
    uncapped = score("1111m 2222m 33m 44m 5m + 5m", options={"cap": 0})
    assert uncapped.fan == 7
    low = score("1111m 2222m 33m 44m 5m + 5m", options={"cap": 3})
    assert low.fan == 3


def test_robbing_the_kong_is_a_two_fan_floor_on_the_pattern() -> None:
    assert names(score("123m 456m 789m 234p 5p + 5p", robbing=True)) == ["抢杠和"]
    # SC-22: 根 and kongs come after the floor
    result = score("[5555p] 123m 456m 789m 1p + 1p", robbing=True)
    assert names(result) == ["抢杠和", "杠"]
    assert result.fan == 3
    # a bigger pattern wins over the floor
    assert names(score("123m 456m 789m 234m 5m + 5m", robbing=True)) == ["清一色"]


def test_kong_flower_adds_one_fan() -> None:
    result = score("[5555p] 123m 456m 789m 1p + 1p", self_draw=True, after_kong=True)
    assert names(result) == ["平和", "杠", "杠上花"]
    assert result.fan == 3


def test_heavenly_and_earthly_wins_are_six_fan_patterns() -> None:
    assert names(score("123m 456m 789m 234p 5p + 5p", self_draw=True, heavenly=True)) == ["天和"]
    assert names(score("123m 456m 789m 234p 5p + 5p", self_draw=True, earthly=True)) == ["地和"]


def test_self_draw_fan_option_adds_one_before_the_cap() -> None:
    result = score("123m 456m 789m 234p 5p + 5p", self_draw=True, options={"self_draw": "fan"})
    assert names(result) == ["平和", "自摸加番"]
    capped = score("1111m 22m 33m 44m 55m 7m + 7m", self_draw=True, options={"self_draw": "fan"})
    assert capped.fan == 6 and capped.raw_fan == 7  # SC-21


def test_void_suit_forbids_the_win() -> None:
    assert score("123m 456m 789m 234p 5p + 5p", void=1) is None
    assert score("123p 456p 789p 234s 5s + 5s", void=0) is not None


def test_three_suits_never_win_even_without_void_declaration() -> None:
    options = {"void_declaration": False}
    assert score("123m 456m 789s 234p 5p + 5p", void=None, options=options) is None
    assert score("123m 456m 789m 234p 5p + 5p", void=None, options=options) is not None


def test_not_a_winning_shape() -> None:
    assert score("123m 456m 789m 234p 5p + 6p") is None


def test_multiplier_doubles_per_fan() -> None:
    assert [multiplier(f) for f in range(1, 7)] == [1, 2, 4, 8, 16, 32]


def test_net_of_any_payments_sums_to_zero() -> None:
    payments = [Payment(0, 1, 18, "自摸"), Payment(2, 1, 18, "自摸"), Payment(1, -2, 5, "fee")]
    totals = net(payments)
    assert totals == {0: -18, 1: 31, 2: -18, -2: 5}
    assert sum(totals.values()) == 0


def test_fan_wire_round_trip() -> None:
    fan = Fan("清一色", 3)
    assert Fan.from_wire(fan.to_wire()) == fan
    payment = Payment(3, 0, 96, "查花猪")
    assert Payment.from_wire(payment.to_wire()) == payment


class _Table:
    """The little a payment rule reads from the machine: who is still in play."""

    def __init__(self, in_play: list[int]) -> None:
        self._in_play = in_play

    def active_seats(self) -> list[int]:
        return list(self._in_play)


def _win(seat: int, fan: int, discarder: int | None) -> WinRecord:
    return WinRecord(seat, 0, discarder, WinScore((Fan("平和", fan),), fan, fan))


@pytest.mark.parametrize("fan", [1, 2, 3, 4, 5, 6])
def test_discard_win_is_paid_by_the_discarder_alone(fan: int) -> None:
    ruleset = get_ruleset("sichuan", {"base": 6})
    payments = ruleset.win_payments(_Table([0, 1, 2, 3]), _win(1, fan, 3), ())
    assert payments == [Payment(3, 1, 6 * 2 ** (fan - 1), "点炮")]


@pytest.mark.parametrize(("self_draw", "each"), [("base", [12, 18, 30]), ("none", [6, 12, 24])])
def test_self_draw_is_paid_by_every_seat_in_play(self_draw: str, each: list[int]) -> None:
    ruleset = get_ruleset("sichuan", {"base": 6, "self_draw": self_draw})
    for fan, amount in zip((1, 2, 3), each, strict=True):
        payments = ruleset.win_payments(_Table([0, 1, 3]), _win(1, fan, None), ())
        assert payments == [Payment(0, 1, amount, "自摸"), Payment(3, 1, amount, "自摸")]
