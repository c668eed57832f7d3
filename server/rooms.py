"""The hall's rooms, read from the games: Go's room and every registered mahjong ruleset's rooms.

Nothing lists the rooms by hand: a mahjong room is what a registered ruleset declares
(``Ruleset.rooms``), so ``register()`` of a new ruleset adds its rooms to the hall, its lobby,
its boards and the clients that draw what the hall sends. Each room carries what a network
client needs to show it without knowing it: kind, names, the rule options it may choose (the
ruleset's ``Options.describe()`` less the values the room imposes) and the fee policy (PL-16),
and the options parser the hall hands to ``qipai.protocol.parse_options`` (which knows no game):
the games' own typed refusals become the protocol's ``bad_option`` / ``no_such_room`` here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from qipai.go.errors import GoError
from qipai.go.options import GoOptions
from qipai.mahjong.rulesets import mahjong_rooms
from qipai.mahjong.table.errors import MahjongError, UnknownRuleset
from qipai.mahjong.table_options import MahjongOptions
from qipai.protocol import ErrorCode, OptionsParser, ProtocolError


@dataclass(frozen=True)
class HallRoom:
    id: str
    kind: str
    """``go`` or ``mahjong``: which table, view and form the room uses."""
    name_zh: str
    name_en: str
    short_zh: str
    parse: OptionsParser
    ruleset: str | None = None
    rules: tuple[dict[str, Any], ...] = ()
    """The rule options a table creator may choose (name, default, choices, doc)."""
    imposed: Mapping[str, Any] = field(default_factory=dict)
    fee: str | None = None
    """PL-16 policy (``FeePolicy`` value): ``settlement`` or ``economy``; None for Go (no fee)."""
    random_seating: bool = False

    @property
    def title(self) -> str:
        return f"{self.name_zh} {self.name_en}"

    def to_wire(self) -> dict[str, Any]:
        """The room in the lobby's ``rooms`` list (docs/protocol.md), without its table count."""
        return {
            "room": self.id,
            "name": self.title,
            "kind": self.kind,
            "name_zh": self.name_zh,
            "name_en": self.name_en,
            "short": self.short_zh,
            "ruleset": self.ruleset,
            "rules": [dict(option) for option in self.rules],
            "imposed": dict(self.imposed),
            "fee": self.fee,
            "random_seating": self.random_seating,
        }


def go_options(wire: Any) -> GoOptions:
    try:
        return GoOptions.from_wire(wire)
    except GoError as error:
        raise ProtocolError(ErrorCode.BAD_OPTION, error.message) from None


def mahjong_options(room: str) -> OptionsParser:
    """The parser of one mahjong room (its ruleset and imposed values come from the registry)."""

    def parse(wire: Any) -> MahjongOptions:
        try:
            return MahjongOptions.from_wire(room, wire)
        except UnknownRuleset as error:  # the ruleset was taken out of the registry
            raise ProtocolError(ErrorCode.NO_SUCH_ROOM, error.message) from None
        except MahjongError as error:
            raise ProtocolError(ErrorCode.BAD_OPTION, error.message) from None

    return parse


GO_ROOM = HallRoom("go", "go", "围棋", "Go", "围棋", go_options)


def hall_rooms() -> dict[str, HallRoom]:
    """Room id -> room, Go first, then the mahjong rooms in registration order."""
    rooms = {GO_ROOM.id: GO_ROOM}
    for room_id, (ruleset, room) in mahjong_rooms().items():
        rooms[room_id] = HallRoom(
            room_id,
            "mahjong",
            room.name_zh,
            room.name_en,
            room.short_zh,
            mahjong_options(room_id),
            ruleset.name,
            tuple(o for o in ruleset.Options.describe() if o["name"] not in room.imposed),
            dict(room.imposed),
            ruleset.fee_policy.value,
            ruleset.random_seating,
        )
    return rooms


def option_parsers(rooms: Mapping[str, HallRoom]) -> dict[str, OptionsParser]:
    """What ``qipai.protocol.parse_options`` is handed: each room's options parser."""
    return {room_id: room.parse for room_id, room in rooms.items()}
