"""Mahjong table options: built from the wire for a room of the registry, or refused with a
typed error (``BadOptions``; ``UnknownRuleset`` for a room no ruleset offers)."""

import pytest

from qipai.mahjong.rulesets import mahjong_rooms
from qipai.mahjong.table.errors import BadOptions, UnknownRuleset
from qipai.mahjong.table_options import MahjongOptions
from qipai.protocol import DEFAULT_LIMITS

parse_options = MahjongOptions.from_wire


@pytest.mark.parametrize("room", sorted(mahjong_rooms()))
def test_every_room_builds_its_defaults_and_round_trips(room):
    options = parse_options(room, None)
    assert options.room == room and options.hands == 4 and options.rounds is None
    assert options.timed is True and options.hotseat is False and options.bots == 0
    assert parse_options(room, options.to_wire()) == options


def test_xuezhan_is_sichuan_played_on_and_cannot_be_switched_off():
    options = parse_options("xuezhan", {"rules": {"cap": 4}})
    assert options.ruleset == "sichuan"
    assert options.rules["xuezhan"] is True and options.rules["cap"] == 4
    assert parse_options("sichuan", None).rules["xuezhan"] is False
    with pytest.raises(BadOptions):
        parse_options("xuezhan", {"rules": {"xuezhan": False}})


def test_zhongyou_seats_are_drawn_by_lot():
    assert parse_options("zhongyou", None).random_seats is True
    assert parse_options("sichuan", {"seating": "random"}).random_seats is True
    with pytest.raises(BadOptions):
        parse_options("zhongyou", {"seating": "free"})


def test_match_length_in_hands_or_rounds():
    assert parse_options("lengzi", {"rounds": 2}).hands is None
    assert parse_options("lengzi", {"hands": 16}).hands == 16


def test_hotseat_tables_are_untimed_and_take_bots():
    options = parse_options("sichuan", {"hotseat": True, "bots": 3})
    assert options.timed is False and options.bots == 3
    assert parse_options("sichuan", {"timed": False}).timed is False


def test_bots_play_at_the_level_the_table_asks():
    assert parse_options("sichuan", {"bots": 3}).bot_level == "normal"
    strong = parse_options("lengzi", {"bots": 3, "bot_level": "strong"})
    assert strong.bot_level == "strong" and strong.to_wire()["bot_level"] == "strong"


@pytest.mark.parametrize(
    "wire",
    [
        [],
        {"rules": []},
        {"rules": {"cap": 7}},
        {"rules": {"no_such_rule": 1}},
        {"rules": {"base": "1"}},
        {"hands": 0},
        {"hands": 65},
        {"hands": True},
        {"hands": 4, "rounds": 1},
        {"rounds": 5},
        {"seating": "by_rank"},
        {"bots": 4},
        {"bots": -1},
        {"hotseat": "yes"},
        {"hotseat": True, "timed": True},
        {"bots": 3, "bot_level": "expert"},
        {"bots": 3, "bot_level": 2},
    ],
)
def test_bad_options_are_refused(wire):
    with pytest.raises(BadOptions):
        parse_options("sichuan", wire)


def test_unknown_room():
    with pytest.raises(UnknownRuleset):
        parse_options("riichi", None)


def test_depth_limit_leaves_room_for_a_mahjong_view():
    """message > view > hand > seats > seat > won > score > fans > fan is nine levels."""
    assert DEFAULT_LIMITS.max_depth >= 9
    assert (
        MahjongOptions.from_wire("baicheng", {"rules": {"fee_percent": 0}}).rules["fee_percent"]
        == 0
    )


def test_sichuan_fee_is_an_option_like_the_others():
    """PL-16: every room's fee is configurable; Sichuan's default is 10 % of the stake."""
    assert parse_options("sichuan", None).rules["fee_percent"] == 10
    assert parse_options("xuezhan", {"rules": {"fee_percent": 5}}).rules["fee_percent"] == 5
    with pytest.raises(BadOptions):
        parse_options("sichuan", {"rules": {"fee_percent": 7}})
