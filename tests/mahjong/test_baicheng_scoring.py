"""白城鸡宝夹: requirements, fans, the treasure and payments (ruleset-baicheng.md §3-6, §10)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.mahjong.notation import HandText, Meld, MeldKind, parse_hand
from qipai.mahjong.rulesets.baicheng_requirements import (
    Requirement,
    WinRequirementUnmet,
    may_claim_with_four_concealed,
    unmet_requirement,
)
from qipai.mahjong.rulesets.baicheng_scoring import (
    kong_payments,
    payer_fans,
    win_lines,
    win_payments,
    winner_fans,
)
from qipai.mahjong.rulesets.baicheng_treasure import (
    TreasureStage,
    ready_waits,
    treasure_kind,
    treasure_stage,
    treasure_win,
)
from qipai.mahjong.scoring import Fan, Payment, net
from qipai.mahjong.tiles import parse_kinds

EAST, SOUTH, WEST, NORTH = range(4)
STAKE = 100
CHOW = (Meld(MeldKind.CHOW, (0, 1, 2)),)
PUNG = (Meld(MeldKind.PUNG, (9, 9, 9)),)


def kind(text: str) -> int:
    (only,) = parse_kinds(text)
    return only


def fan_items(score) -> list[tuple[str, int]]:
    return [(f.name_zh, f.value) for f in score.fans]


def lines_for(hand: HandText, *, winner, discarder, dealer, melds_by_seat, treasure_fan=None):
    score = winner_fans(
        hand,
        self_draw=discarder is None,
        winner_is_dealer=winner == dealer,
        treasure_fan=treasure_fan,
    )
    lines = win_lines(
        winner=winner,
        winner_fan=score.fan,
        discarder=discarder,
        dealer=dealer,
        stake=STAKE,
        melds_by_seat=melds_by_seat,
    )
    return score, lines


# --- worked examples (底注 = 100) -------------------------------------------------------------


def test_example_1_non_dealer_closed_wait_on_a_discard() -> None:
    hand = parse_hand("[555s] 123m 789p 68s 99m + 7s")
    assert unmet_requirement(hand) is None
    melds = {EAST: PUNG, WEST: PUNG, NORTH: CHOW}
    score, lines = lines_for(hand, winner=SOUTH, discarder=WEST, dealer=EAST, melds_by_seat=melds)
    assert fan_items(score) == [("夹胡", 1)]
    assert [(line.payer, line.amount) for line in lines] == [(EAST, 400), (WEST, 400), (NORTH, 200)]
    assert [f.name_zh for f in lines[0].fans] == ["坐庄"]
    assert [f.name_zh for f in lines[1].fans] == ["点炮"]
    assert net(win_payments(lines, winner=SOUTH))[SOUTH] == 1000


def test_example_2_dealer_self_draws_the_treasure() -> None:
    hand = parse_hand("[123m] [111s] 789p 44p 56m")
    assert ready_waits(hand) == (kind("4m"), kind("7m"))
    win = treasure_win(hand, kind("2p"), winner_is_dealer=True)
    assert win is not None and win.fan == Fan("摸宝", 1)
    assert win.hand.winning in (kind("4m"), kind("7m"))
    melds = {SOUTH: PUNG, WEST: (), NORTH: CHOW}
    score, lines = lines_for(
        win.hand,
        winner=EAST,
        discarder=None,
        dealer=EAST,
        melds_by_seat=melds,
        treasure_fan=win.fan,
    )
    assert sorted(fan_items(score)) == sorted([("庄胡", 1), ("自摸", 1), ("摸宝", 1), ("带鸡", 1)])
    assert [(line.payer, line.amount) for line in lines] == [
        (SOUTH, 1600),
        (WEST, 3200),
        (NORTH, 1600),
    ]
    assert [f.name_zh for f in lines[1].fans] == ["门清"]
    assert net(win_payments(lines, winner=EAST))[EAST] == 6400


def test_example_3_single_piao_single_tile_left_on_the_dealers_discard() -> None:
    hand = parse_hand("[FFF] [999m] [222p] [777s] 1s + 1s")
    assert unmet_requirement(hand) is None
    melds = {EAST: PUNG, SOUTH: CHOW, WEST: PUNG}
    score, lines = lines_for(hand, winner=NORTH, discarder=EAST, dealer=EAST, melds_by_seat=melds)
    assert fan_items(score) == [("单漂", 2), ("带鸡", 1)]
    assert [(line.payer, line.amount) for line in lines] == [
        (EAST, 3200),
        (SOUTH, 800),
        (WEST, 800),
    ]
    assert [f.name_zh for f in lines[0].fans] == ["点炮", "坐庄"]
    payments = win_payments(lines, winner=NORTH)
    assert payments[0] == Payment(EAST, NORTH, 3200, "胡牌+点炮+坐庄")
    assert net(payments)[NORTH] == 4800


def test_example_4_treasure_that_is_the_genuine_wait() -> None:
    hand = parse_hand("[777p] 123m 456m 99m 79s")
    assert ready_waits(hand) == (kind("8s"),)
    win = treasure_win(hand, kind("8s"), winner_is_dealer=False)
    assert win is not None and win.fan == Fan("宝中宝", 2)
    melds = {EAST: PUNG, WEST: CHOW, NORTH: PUNG}
    score, lines = lines_for(
        win.hand,
        winner=SOUTH,
        discarder=None,
        dealer=EAST,
        melds_by_seat=melds,
        treasure_fan=win.fan,
    )
    assert sorted(fan_items(score)) == sorted([("夹胡", 1), ("自摸", 1), ("宝中宝", 2)])
    assert [(line.payer, line.amount) for line in lines] == [
        (EAST, 3200),
        (WEST, 1600),
        (NORTH, 1600),
    ]


def test_example_5_kong_money_on_an_exhaustive_draw() -> None:
    payments = kong_payments(
        [(SOUTH, MeldKind.KONG_EXPOSED), (WEST, MeldKind.KONG_CONCEALED)], stake=STAKE
    )
    totals = net(payments)
    assert [totals[s] for s in range(4)] == [-800, 400, 1200, -800]


# --- requirements (§3): right shape, refused with the reason --------------------------------


@pytest.mark.parametrize(
    ("text", "unmet"),
    [
        ("[555s] 123m 789p 68s 99m + 7s", None),
        ("[555s] 123s 789p 68s 99p + 7s", Requirement.THREE_SUITS),  # two suits only
        ("[123s] 234m 789p 68s 99m + 7s", Requirement.PUNG),  # all chows, plain pair
        ("[123s] 234m 789p 68s CC + 7s", None),  # a dragon pair stands in for the pung
        ("[555s] 234m 678p 68s 55m + 7s", Requirement.TERMINAL),  # no 1 or 9
        ("[555s] 234m 678p 68s CC + 7s", None),  # a dragon pair waives the terminal
        ("[555s] [CCC] 234m 68s 55p + 7s", None),  # a dragon pung waives it too
        ("555s 123m 789p 68s 99m + 7s", Requirement.OPENED),  # concealed hand
        ("{5555s} 123m 789p 68s 99m + 7s", Requirement.OPENED),  # concealed kong does not open
        ("[1111s] 123m 789p 68s 99m + 7s", None),  # an exposed kong opens and is a 叉
        ("[123m] [999m] [222p] [777s] 1s + 1s", Requirement.SINGLE_TILE_PIAO),
        ("[123s] 234m 789p 56s 99m + 9s", Requirement.SHAPE),
        ("[123s] 234m 666s 99m 78p + 9p", None),  # a concealed triplet is a 叉 (BC-14)
    ],
)
def test_requirements(text: str, unmet: Requirement | None) -> None:
    assert unmet_requirement(parse_hand(text)) is unmet


def test_refusal_is_a_typed_error_with_the_reason() -> None:
    refused = WinRequirementUnmet(Requirement.THREE_SUITS)
    assert refused.code == "win_requirement_unmet"
    assert refused.requirement is Requirement.THREE_SUITS
    assert "missing_a_suit" in refused.message


def test_four_concealed_tiles_left_allows_only_claims_toward_piao() -> None:
    """BC-03: no chow; a pung or kong only while every meld so far is a pung or kong."""
    pungs = (Meld(MeldKind.PUNG, (9, 9, 9)), Meld(MeldKind.KONG_EXPOSED, (0, 0, 0, 0)))
    assert may_claim_with_four_concealed(pungs, MeldKind.PUNG)
    assert may_claim_with_four_concealed(pungs, MeldKind.KONG_EXPOSED)
    assert not may_claim_with_four_concealed(pungs, MeldKind.CHOW)
    assert not may_claim_with_four_concealed((*pungs, *CHOW), MeldKind.PUNG)


# --- winner fans (§5) -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("[555s] 123m 789p 68s 99m + 7s", [("夹胡", 1)]),
        ("[555s] 123m 789p 12s 99m + 3s", [("边夹", 1), ("带鸡", 1)]),
        ("[555s] 123m 789p 89s 99m + 7s", [("边夹", 1)]),
        ("[555s] 123m 789p 789s 9m + 9m", [("单贴", 1)]),
        ("[555s] 123m 789p 3456s + 3s", []),  # 两端单贴不算夹胡
        ("[555s] 123m 789p 45s 99m + 6s", []),  # two-sided
        ("[555s] [111m] 999p 22s 99m + 2s", [("双漂", 1)]),  # completes a pung
        ("[555s] [111m] [999p] [222s] 9m + 9m", [("单漂", 2)]),
    ],
)
def test_wait_and_piao_fans(text: str, items: list[tuple[str, int]]) -> None:
    hand = parse_hand(text)
    assert unmet_requirement(hand) is None
    score = winner_fans(hand, self_draw=False, winner_is_dealer=False)
    assert fan_items(score) == items


def test_self_draw_and_dealer_fans_add_up() -> None:
    hand = parse_hand("[555s] 123m 789p 68s 99m + 7s")
    score = winner_fans(hand, self_draw=True, winner_is_dealer=True)
    assert fan_items(score) == [("夹胡", 1), ("自摸", 1), ("庄胡", 1)]
    assert score.fan == 3


def test_chicken_counts_once_even_with_four_1s() -> None:
    hand = parse_hand("[111s] 123m 789p 123s 9m + 9m")
    score = winner_fans(hand, self_draw=False, winner_is_dealer=False)
    assert fan_items(score) == [("单贴", 1), ("带鸡", 1)]


def test_payer_fans() -> None:
    concealed_kong = (Meld(MeldKind.KONG_CONCEALED, (5, 5, 5, 5)),)
    assert payer_fans(WEST, discarder=WEST, dealer=EAST, melds=PUNG) == [Fan("点炮", 1)]
    assert payer_fans(EAST, discarder=WEST, dealer=EAST, melds=CHOW) == [Fan("坐庄", 1)]
    assert payer_fans(NORTH, discarder=None, dealer=EAST, melds=concealed_kong) == [Fan("门清", 1)]
    assert payer_fans(EAST, discarder=EAST, dealer=EAST, melds=()) == [
        Fan("点炮", 1),
        Fan("坐庄", 1),
        Fan("门清", 1),
    ]


# --- the treasure (§4) ----------------------------------------------------------------------


def test_treasure_stands_for_the_best_waiting_tile() -> None:
    """Waits 4s (closed: 夹胡) and 5s (pair of a two-wait hand: nothing): 4s is chosen."""
    hand = parse_hand("[777p] 123m 789m 3335s")
    assert ready_waits(hand) == (kind("4s"), kind("5s"))
    win = treasure_win(hand, kind("P"), winner_is_dealer=False)
    assert win is not None and win.hand.winning == kind("4s") and win.fan == Fan("摸宝", 1)


def test_a_treasure_1s_standing_for_another_tile_is_not_a_chicken() -> None:
    hand = parse_hand("[777p] 123m 789m 3335s")
    win = treasure_win(hand, kind("1s"), winner_is_dealer=False)
    assert win is not None
    score = winner_fans(win.hand, self_draw=True, winner_is_dealer=False, treasure_fan=win.fan)
    assert fan_items(score) == [("夹胡", 1), ("摸宝", 1), ("自摸", 1)]


def test_treasure_does_nothing_for_a_hand_that_is_not_ready_or_breaks_a_requirement() -> None:
    assert (
        treasure_win(parse_hand("[777p] 123m 789m 3358s"), kind("P"), winner_is_dealer=False)
        is None
    )
    concealed = parse_hand("777p 123m 789m 3335s")  # ready in shape, but not opened
    assert ready_waits(concealed) == ()
    assert treasure_win(concealed, kind("P"), winner_is_dealer=False) is None


def test_treasure_indicator_stages() -> None:
    """BC-04: the top tile until its three other copies are visible, then the bottom, then none."""
    top, bottom = kind("2p"), kind("7s")
    visible = [0] * 34
    assert treasure_stage(top, bottom, visible) is TreasureStage.TOP
    visible[top] = 3
    assert treasure_kind(top, bottom, visible) == bottom
    visible[bottom] = 3
    assert treasure_stage(top, bottom, visible) is TreasureStage.NONE
    assert treasure_kind(top, bottom, visible) is None


def test_second_treasure_of_the_same_kind_counts_the_first_indicator() -> None:
    same = kind("C")
    visible = [0] * 34
    visible[same] = 2
    assert treasure_stage(same, same, visible) is TreasureStage.TOP


@settings(max_examples=200, deadline=None)
@given(
    winner=st.integers(0, 3),
    discarder=st.one_of(st.none(), st.integers(0, 3)),
    dealer=st.integers(0, 3),
    winner_fan=st.integers(0, 8),
    opened=st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans()),
)
def test_every_loser_pays_stake_times_two_to_the_sum_of_fans(
    winner, discarder, dealer, winner_fan, opened
) -> None:
    if discarder == winner:
        discarder = None
    melds = {seat: PUNG if opened[seat] else () for seat in range(4)}
    lines = win_lines(
        winner=winner,
        winner_fan=winner_fan,
        discarder=discarder,
        dealer=dealer,
        stake=STAKE,
        melds_by_seat=melds,
    )
    assert sorted(line.payer for line in lines) == [s for s in range(4) if s != winner]
    for line in lines:
        own = (line.payer == discarder) + (line.payer == dealer) + (not opened[line.payer])
        assert line.amount == STAKE * 2 ** (winner_fan + own)
    payments = win_payments(lines, winner=winner)
    assert net(payments)[winner] == sum(line.amount for line in lines)
