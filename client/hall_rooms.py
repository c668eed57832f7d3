"""The hall's rooms as the hall describes them: this client hard-codes none.

Every ``lobby`` reply lists the rooms with their kind, names, rule options, imposed values and
fee policy (docs/protocol.md); the lobby screen hands them to ``learn`` and the screens that
show a room (the lobby, the new-table form, the boards, the profile, records, the table) read
them here. A room the hall has not described yet is shown by its id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class RoomInfo:
    id: str
    kind: str = "mahjong"
    name_zh: str = ""
    name_en: str = ""
    short: str = ""
    ruleset: str | None = None
    rules: tuple[dict[str, Any], ...] = ()
    imposed: dict[str, Any] = field(default_factory=dict)
    fee: str | None = None

    @classmethod
    def from_wire(cls, wire: dict[str, Any]) -> RoomInfo:
        room = str(wire.get("room", ""))
        name = str(wire.get("name") or room)
        return cls(
            room,
            str(wire.get("kind") or ("go" if room == "go" else "mahjong")),
            str(wire.get("name_zh") or name.split(" ")[0]),
            str(wire.get("name_en") or ""),
            str(wire.get("short") or wire.get("name_zh") or room),
            wire.get("ruleset"),
            tuple(o for o in wire.get("rules") or () if isinstance(o, dict)),
            dict(wire.get("imposed") or {}),
            wire.get("fee"),
        )

    @property
    def title(self) -> str:
        """Both names, as the hall's records show a room: the Chinese, then the English."""
        return f"{self.name_zh} {self.name_en}".strip()


_ROOMS: dict[str, RoomInfo] = {}


def learn(rooms: list[dict[str, Any]]) -> None:
    """Keep the rooms of a ``lobby`` reply (a hall's rooms do not change while it runs, so a
    room described once stays known; a newer description replaces it)."""
    for wire in rooms:
        if isinstance(wire, dict) and wire.get("room"):
            info = RoomInfo.from_wire(wire)
            _ROOMS[info.id] = info


def forget() -> None:
    """Know no room (a new hall, or a test starting afresh)."""
    _ROOMS.clear()


def room(room_id: str) -> RoomInfo | None:
    return _ROOMS.get(room_id)


def room_playing(ruleset: str, rules: dict[str, Any]) -> RoomInfo | None:
    """The described room whose ruleset and imposed values a table's rules match (a view that
    does not name its room: two rooms of one ruleset differ by the values they impose)."""
    for info in _ROOMS.values():
        if info.ruleset == ruleset and all(rules.get(k) == v for k, v in info.imposed.items()):
            return info
    return None


def mahjong_rooms() -> list[RoomInfo]:
    """The hall's mahjong rooms in the hall's order."""
    return [info for info in _ROOMS.values() if info.kind == "mahjong"]


def name_zh(room_id: str) -> str:
    info = _ROOMS.get(room_id)
    return info.name_zh if info is not None else room_id


def title(room_id: str) -> str:
    info = _ROOMS.get(room_id)
    return info.title if info is not None else room_id


def short(room_id: str) -> str:
    """A narrow name for columns (two characters for the mahjong rooms)."""
    info = _ROOMS.get(room_id)
    return info.short if info is not None else room_id
