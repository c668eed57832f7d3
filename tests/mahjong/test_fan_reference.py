"""Each ruleset lists the fans it can award with their values (``Ruleset.fan_reference``): what
the table's reference screen shows, read from the same table the scoring takes its fans from."""

from __future__ import annotations

import pytest

from qipai.mahjong.rulesets import RULESETS, get_ruleset
from tests.mahjong.test_scoring_sichuan import score as sichuan_score
from tests.mahjong.test_zhongyou_scoring import items as zhongyou_items


@pytest.mark.parametrize("name", list(RULESETS))
def test_every_ruleset_lists_each_of_its_fans_once_with_a_value(name):
    fans = get_ruleset(name).fan_reference()
    assert fans
    assert len({f.name_zh for f in fans}) == len(fans)
    assert all(type(f.value) is int and f.value >= 0 for f in fans)


def test_the_reference_holds_the_very_fans_a_scored_win_is_given():
    reference = {f.name_zh: f for f in get_ruleset("sichuan").fan_reference()}
    win = sichuan_score("111m 234m 567m 888m 9m + 9m")  # 清一色 with its own values
    assert win is not None and all(reference[f.name_zh] == f for f in win.fans)
    zhongyou = dict((f.name_zh, f.value) for f in get_ruleset("zhongyou").fan_reference())
    for fan, value in zhongyou_items("123m 456m 789m 234p 5s + 5s", self_draw=True):
        assert zhongyou[fan] == value
