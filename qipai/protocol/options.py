"""Table options on the wire: each room's options parser is handed in; the codec knows no game.

Whoever builds the hall's rooms (``server``, from Go and the mahjong ruleset registry) hands
``parse_options`` the map of room id to parser; a parser takes the wire map and returns an
options object with ``to_wire``, or raises ``ProtocolError(bad_option)`` changing nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .errors import ErrorCode, ProtocolError

OptionsParser = Callable[[Any], Any]
"""Wire options -> the room's options object (``to_wire`` gives them back)."""


def parse_options(room: str, wire: Any, parsers: Mapping[str, OptionsParser]) -> Any:
    """The room's table options from the wire: ``no_such_room`` for a room nobody handed in,
    ``bad_option`` (from the room's parser) for options it refuses."""
    parser = parsers.get(room)
    if parser is None:
        raise ProtocolError(ErrorCode.NO_SUCH_ROOM, f"there is no room {room[:32]!r}")
    return parser(wire)
