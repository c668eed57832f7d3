"""The one-suit paths the levelled bot weighs where the ruleset asks for them
(``Ruleset.bot_pattern_paths``, Zhongyou): the distance to a one-suit shape
(``analysis.path_shanten``), the ruleset's own price for each path opened and concealed
(``bot_worth.PATH_SAMPLES``), and the discard they lead to."""

from __future__ import annotations

import pytest

from qipai.mahjong import bot_shape
from qipai.mahjong.analysis import HandCountsError, path_shanten, shanten
from qipai.mahjong.bot_seat import SeatPicture
from qipai.mahjong.bot_worth import win_worth
from qipai.mahjong.bots import choose_action
from qipai.mahjong.rulesets import get_ruleset, mahjong_rooms
from qipai.mahjong.table.machine import HandMachine
from qipai.mahjong.tiles import kind_of, parse_kinds
from tests.mahjong.test_machine_positions import E, Table

MANZU, MANZU_AND_HONOURS = [True, False, False, False], [True, False, False, True]


def counts(text: str) -> list[int]:
    found = [0] * 34
    for kind in parse_kinds(text):
        found[kind] += 1
    return found


@pytest.mark.parametrize(
    ("text", "plain", "flush", "half"),
    [
        ("123m 567m 234m 678m 9m", 0, 0, 0),  # a 清一色 ready on 9m
        ("123m 567m 234m 678p 9s", 0, 4, 4),  # one set and the pair still to draw in 万
        ("123m 567m 23m EE 78p 9s", 1, 5, 3),  # EE is the 混一色's pair, useless to 清一色
        ("123m 567m 23m EE 78p 9s W", 1, 5, 2),  # 14 tiles: the best after a discard
    ],
)
def test_path_shanten_counts_only_the_kept_groups(
    text: str, plain: int, flush: int, half: int
) -> None:
    hand = counts(text)
    assert shanten(hand) == plain
    assert path_shanten(hand, MANZU) == flush
    assert path_shanten(hand, MANZU_AND_HONOURS) == half


def test_path_shanten_refuses_a_hand_of_the_wrong_size() -> None:
    with pytest.raises(HandCountsError):
        path_shanten(counts("123m 567m 234m 678m"), MANZU)


def test_zhongyou_prices_its_paths_by_its_own_fans_opened_and_concealed() -> None:
    """Concealed: 平胡 + 门前清 = 2 fan, 混一色 + 平胡 + 门前清 (the honour pair P keeps no
    平胡) = 4, 清一色 + 平胡 + 门前清 = 9 (the limit). Opened (a chow claimed), each loses
    门前清: one fan, half the share. Worth is in units where 2^fan is the plain hand's."""
    ruleset = get_ruleset("zhongyou")
    picture = SeatPicture(ruleset, HandMachine(ruleset, 3, 0).view(1), 1)
    paths = win_worth(ruleset, 1, picture.facts).paths
    plain = paths["plain", False]
    assert plain == pytest.approx(4)
    assert paths["half", False] / plain == pytest.approx(4)
    assert paths["flush", False] / plain == pytest.approx(128)
    for name in ("plain", "half", "flush"):
        assert paths[name, True] == pytest.approx(paths[name, False] / 2)


@pytest.mark.parametrize("room", [r for r in mahjong_rooms() if r != "zhongyou"])
def test_other_rooms_keep_their_flat_flush_bonus(room: str) -> None:
    cls, found = mahjong_rooms()[room]
    ruleset = get_ruleset(cls.name, dict(found.imposed))
    assert not ruleset.bot_pattern_paths
    picture = SeatPicture(ruleset, HandMachine(ruleset, 3, 0).view(1), 1)
    assert win_worth(ruleset, 1, picture.facts).paths == {}


def test_a_zhongyou_bot_breaks_an_off_suit_pair_for_the_flush() -> None:
    """Eleven 万 of fourteen: by shape the hand throws 8m (123m 456m 23m 99m 66s stay), but a
    清一色 pays 2^7 times a plain hand there, and the 6s pair is what stands in its way: every
    level throws a 6s."""
    hand = Table().start(
        ["1m 2m 3m 4m 5m 6m 8m 9m 9m 2m 3m 3p 6s 6s", "*", "*", "*"],
        turn=E,
        filler=40,
        ruleset="zhongyou",
        voids=None,
    )
    assert kind_of(bot_shape.choose_action(hand, E).tile) == parse_kinds("8m")[0]
    for level in ("easy", "normal", "strong"):
        assert kind_of(choose_action(hand, E, level).tile) == parse_kinds("6s")[0]
