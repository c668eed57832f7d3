"""The hall's rooms are read from the games, and their parsers answer in the protocol's terms:
a game's typed refusal becomes ``bad_option``, a room nobody offers ``no_such_room``."""

import pytest

from qipai.mahjong.rulesets import mahjong_rooms
from qipai.protocol import ErrorCode, ProtocolError, parse_options
from server.leaderboard import boards
from server.rooms import hall_rooms, option_parsers


def parse(room, wire):
    return parse_options(room, wire, option_parsers(hall_rooms()))


def test_go_first_then_every_room_of_the_registry():
    rooms = hall_rooms()
    assert list(rooms) == ["go", *mahjong_rooms()]
    assert rooms["go"].kind == "go" and rooms["zhongyou"].random_seating
    assert boards(rooms) == ["go", *mahjong_rooms(), "coins"]


@pytest.mark.parametrize(
    ("room", "wire"),
    [("go", {"size": 11}), ("go", {"friendly": False, "size": 9}), ("lengzi", {"hands": 0})],
)
def test_refused_options_are_bad_option(room, wire):
    with pytest.raises(ProtocolError) as err:
        parse(room, wire)
    assert err.value.code == ErrorCode.BAD_OPTION


def test_a_room_nobody_offers_is_no_such_room():
    with pytest.raises(ProtocolError) as err:
        parse("chess", {})
    assert err.value.code == ErrorCode.NO_SUCH_ROOM


def test_parsed_options_round_trip():
    assert parse("go", {"size": 13}).size == 13
    options = parse("xuezhan", {"rules": {"fee_percent": 20}})
    assert options.rules["xuezhan"] is True and options.rules["fee_percent"] == 20
    assert parse("xuezhan", options.to_wire()) == options
