"""Actions: the only way a hand moves on.

An action is plain data so that the server can ship it, log it and replay it: a hand is its
ruleset, options, seed and the list of actions. ``tile`` means, by type: the instance id for
DISCARD; the kind for the kongs; the lowest kind of the run for CHOW; the suit (0 m, 1 p, 2 s)
for DECLARE_VOID; nothing otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from qipai.mahjong.table.errors import MalformedAction


class ActionType(StrEnum):
    DECLARE_VOID = "declare_void"  # 定缺
    DISCARD = "discard"
    SELF_WIN = "self_win"  # 自摸 (also 天和, 杠上花)
    CONCEALED_KONG = "concealed_kong"  # 暗杠
    ADDED_KONG = "added_kong"  # 加杠 / 面下杠
    WIN = "win"  # win on a discard or by robbing a kong
    KONG = "kong"  # direct kong on a discard
    PUNG = "pung"
    CHOW = "chow"
    PASS = "pass"
    LEAVE = "leave"  # a xuezhan winner leaving before the hand ends (SC-16)


NEEDS_TILE = frozenset(
    {
        ActionType.DECLARE_VOID,
        ActionType.DISCARD,
        ActionType.CONCEALED_KONG,
        ActionType.ADDED_KONG,
        ActionType.CHOW,
    }
)


@dataclass(frozen=True)
class Action:
    seat: int
    type: ActionType
    tile: int | None = None

    def to_wire(self) -> dict:
        wire: dict = {"seat": self.seat, "type": self.type.value}
        if self.tile is not None:
            wire["tile"] = self.tile
        return wire

    @classmethod
    def from_wire(cls, data: object) -> Action:
        """Read an action from the wire, refusing anything that is not exactly well-formed."""
        if not isinstance(data, dict):
            raise MalformedAction("an action is a map")
        seat, kind, tile = data.get("seat"), data.get("type"), data.get("tile")
        if type(seat) is not int or not 0 <= seat < 4:
            raise MalformedAction("seat must be an integer 0-3")
        try:
            action_type = ActionType(kind)
        except ValueError:
            raise MalformedAction(f"unknown action type {kind!r}") from None
        if action_type in NEEDS_TILE:
            if type(tile) is not int:
                raise MalformedAction(f"{action_type.value} needs an integer tile")
        elif tile is not None:
            raise MalformedAction(f"{action_type.value} takes no tile")
        if set(data) - {"seat", "type", "tile"}:
            raise MalformedAction("unknown fields in action")
        return cls(seat, action_type, tile)
