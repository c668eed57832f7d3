"""The ruleset registry, the rooms it offers, and the persisted room rules.

Rulesets register themselves by name in ``RULESETS``; ``get_ruleset`` finds one by name and
builds it with typed options. The hall's mahjong rooms are the registered rulesets' own
``rooms`` (``mahjong_rooms``, ``find_room``): registering a ruleset adds its rooms everywhere
the rooms are listed. ``RoomRules`` is what a room stores and ships.
"""

from __future__ import annotations

from dataclasses import dataclass

from qipai.mahjong.rulesets.baicheng import Baicheng
from qipai.mahjong.rulesets.base import Room, Ruleset
from qipai.mahjong.rulesets.guobiao import Guobiao
from qipai.mahjong.rulesets.lengzi import Lengzi
from qipai.mahjong.rulesets.options import RulesetOptions
from qipai.mahjong.rulesets.sichuan import Sichuan, SichuanOptions
from qipai.mahjong.rulesets.zhongyou import Zhongyou
from qipai.mahjong.table.actions import Action
from qipai.mahjong.table.errors import BadOptions, MalformedAction, UnknownRuleset
from qipai.mahjong.table.machine import HandMachine

RULESETS: dict[str, type[Ruleset]] = {}


def register(cls: type[Ruleset]) -> type[Ruleset]:
    """Add a ruleset class to the registry under its ``name`` (usable as a decorator).

    Its rooms join the hall's: a room id already offered by another ruleset is refused."""
    taken = {
        room.id for other in RULESETS.values() if other.name != cls.name for room in other.rooms
    }
    clash = sorted(taken & {room.id for room in cls.rooms})
    if not cls.name or not cls.rooms or clash or "go" in {room.id for room in cls.rooms}:
        raise ValueError(f"ruleset {cls.name!r} needs a name and rooms of its own (taken: {clash})")
    RULESETS[cls.name] = cls
    return cls


def unregister(name: str) -> None:
    """Take a ruleset and its rooms out of the registry (a test's extra ruleset)."""
    RULESETS.pop(name, None)


def mahjong_rooms() -> dict[str, tuple[type[Ruleset], Room]]:
    """Every mahjong room of the registered rulesets, in registration order: room id ->
    (ruleset class, room)."""
    return {room.id: (cls, room) for cls in RULESETS.values() for room in cls.rooms}


def find_room(room_id: str) -> tuple[type[Ruleset], Room] | None:
    """The ruleset and room behind a room id, or None if no registered ruleset offers it."""
    for cls in RULESETS.values():
        for room in cls.rooms:
            if room.id == room_id:
                return cls, room
    return None


for _ruleset in (Sichuan, Lengzi, Baicheng, Zhongyou, Guobiao):
    register(_ruleset)


def get_ruleset(name: str, options: dict | RulesetOptions | None = None) -> Ruleset:
    """The named ruleset built with ``options`` (a values dict or its options object)."""
    cls = RULESETS.get(name)
    if cls is None:
        raise UnknownRuleset(f"no mahjong ruleset named {name!r}")
    if options is None or isinstance(options, dict):
        options = cls.Options.from_values(options or {})
    elif type(options) is not cls.Options:
        raise BadOptions(f"{name} takes {cls.Options.__name__}")
    return cls(options)


def replay_record(record: object, table_state: dict | None = None) -> HandMachine:
    """Rebuild a hand from ``HandMachine.record()``; bad data raises the usual typed errors.

    It lives with the registry, not on the machine: the record names its ruleset, and the
    machine knows no ruleset but the one it is handed."""
    if not isinstance(record, dict) or not isinstance(record.get("actions"), list):
        raise MalformedAction("a hand record is a map with an action list")
    seed, dealer = record.get("seed"), record.get("dealer")
    if type(seed) is not int or type(dealer) is not int or not 0 <= dealer < 4:
        raise MalformedAction("a hand record needs an integer seed and a dealer seat")
    ruleset = get_ruleset(str(record.get("ruleset")), record.get("options") or {})
    actions = [Action.from_wire(a) for a in record["actions"]]
    return HandMachine.replay(ruleset, seed, dealer, actions, table_state)


@dataclass(frozen=True)
class RoomRules:
    """A room's choice of rules as stored and sent: ruleset id plus option values."""

    ruleset: str
    options: dict

    def build(self) -> Ruleset:
        return get_ruleset(self.ruleset, self.options)

    def to_wire(self) -> dict:
        return {"ruleset": self.ruleset, "options": dict(self.options)}

    @classmethod
    def from_wire(cls, data: object) -> RoomRules:
        """Validated room rules; raises BadOptions / UnknownRuleset and builds nothing else."""
        if not isinstance(data, dict) or not isinstance(data.get("ruleset"), str):
            raise BadOptions("room rules are a map with a ruleset name")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise BadOptions("options must be a map of name to value")
        rules = cls(data["ruleset"], dict(options))
        values = rules.build().options.to_values()
        return cls(rules.ruleset, values)


__all__ = [
    "RULESETS",
    "Room",
    "RoomRules",
    "Ruleset",
    "RulesetOptions",
    "Sichuan",
    "SichuanOptions",
    "find_room",
    "get_ruleset",
    "mahjong_rooms",
    "replay_record",
    "register",
    "unregister",
]
