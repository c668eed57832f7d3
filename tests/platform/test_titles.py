"""The 21 mahjong titles, 积分 per hand at stake 1 and the ranked-table spread (platform.md §9,
PL-04, PL-19, PL-24)."""

from __future__ import annotations

import pytest

from qipai.mahjong.notation import MeldKind
from qipai.mahjong.rulesets.lengzi_settlement import LengziWin, settle_win
from qipai.mahjong.scoring import Fan, Payment, Settlement, WinRecord, WinScore
from qipai.platform.errors import BadInput, PairingRefused
from qipai.platform.titles import (
    TITLES,
    check_ranked_table,
    escape_points,
    hand_points,
    title_for,
)

EAST, SOUTH, WEST, NORTH = range(4)

THRESHOLDS = [
    (21, "皇上", 2_000_000),
    (20, "辅弼", 1_000_000),
    (19, "大将领", 500_000),
    (18, "太师", 300_000),
    (17, "尚书", 200_000),
    (16, "总督", 120_000),
    (15, "天官", 80_000),
    (14, "巡按", 40_000),
    (13, "提督", 30_000),
    (12, "御史", 20_000),
    (11, "都督", 12_000),
    (10, "太守", 8_000),
    (9, "道台", 5_000),
    (8, "知府", 3_000),
    (7, "通判", 2_000),
    (6, "县令", 1_000),
    (5, "进士", 500),
    (4, "举人", 200),
    (3, "秀才", 100),
    (2, "平民", 0),
]


@pytest.mark.parametrize(("level", "name", "threshold"), THRESHOLDS)
def test_each_title_starts_exactly_at_its_threshold(level, name, threshold):
    assert (title_for(threshold).level, title_for(threshold).name_zh) == (level, name)
    assert title_for(threshold - 1).level == level - 1


def test_negative_points_are_a_beggar_and_there_are_21_titles():
    assert len(TITLES) == 21
    assert title_for(-1).name_zh == "托钵人" and title_for(-(10**9)).level == 1
    assert title_for(10**12).name_zh == "皇上"


def win_settlement(payments: list[Payment]) -> Settlement:
    score = WinScore((Fan("test", 1),), 1, 1)
    return Settlement((WinRecord(WEST, 0, None, score),), tuple(payments), False)


def test_baicheng_example_win_of_16_from_each_reaches_county_magistrate():
    # PL-19: a Baicheng win of 2^4 from each of three players, in a room at stake 100.
    payments = [Payment(seat, WEST, 16 * 100, "胡") for seat in (EAST, SOUTH, NORTH)]
    points = hand_points(win_settlement(payments), stake=100)
    assert points == [-16, -16, 48, -16]
    assert title_for(980 + points[WEST]).name_zh == "县令"
    assert title_for(980).name_zh == "进士"


def test_lengzi_points_count_win_kong_and_xiapao_but_not_pot_or_fee():
    # ruleset-lengzi.md Example 3 at A = 50: West's 棱子炸 takes a pot of 200; East has a
    # concealed kong; South has 下炮 on; the fee is 10. PL-24: the pot and the fee are coins only.
    payments = settle_win(
        LengziWin(WEST, None, True),
        dealer=SOUTH,
        stake=50,
        xiapao=(False, True, False, False),
        kongs=[(EAST, MeldKind.KONG_CONCEALED)],
        pot=200,
        table_fee=10,
    )
    assert hand_points(win_settlement(payments), stake=50) == [2, -12, 16, -6]


def test_points_refuse_a_settlement_that_is_not_a_multiple_of_the_stake():
    with pytest.raises(BadInput):
        hand_points(win_settlement([Payment(EAST, WEST, 15, "胡")]), stake=10)
    with pytest.raises(BadInput):
        hand_points(win_settlement([]), stake=0)


def test_escape_costs_16_points():
    assert escape_points(NORTH) == [0, 0, 0, -16]


def test_ranked_table_allows_a_spread_of_two_levels():
    check_ranked_table([100, 200, 500, 499])  # 秀才 3, 举人 4, 进士 5, 举人 4
    with pytest.raises(PairingRefused) as err:
        check_ranked_table([99, 200, 500, 500])  # 平民 2 … 进士 5
    assert err.value.code == "rank_too_far_apart"
