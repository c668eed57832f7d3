"""Mahjong table options: the room, the room's rules, the match length and who sits.

The rooms, and the option values each imposes, are the registered rulesets' own (``Ruleset.rooms``);
the rules themselves (which option values a ruleset accepts) belong to the ruleset's options
class. This module only adds what a table decides on top of them: how long the match is, how
seats are taken, and whether the table is timed (MJ-06). Refused options raise ``BadOptions``
(an unknown room ``UnknownRuleset``); the hall turns them into the protocol's ``bad_option`` and
``no_such_room`` (server/rooms.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from qipai.mahjong.bot_player import LEVELS
from qipai.mahjong.rulesets import find_room, get_ruleset
from qipai.mahjong.table.errors import BadOptions, MahjongError, UnknownRuleset

#: Coin room tiers (platform.md §6) by wire name; no tier is a friendly table (PL-03).
COIN_TIERS = ("free", "hundred", "thousand", "anti_cheat")

MAX_HANDS = 64
MAX_ROUNDS = 4


def _room(room: str):
    found = find_room(room)
    if found is None:
        raise UnknownRuleset(f"no mahjong ruleset offers a room {room[:32]!r}")
    return found


def _bad(message: str) -> BadOptions:
    return BadOptions(message)


def _flag(wire: dict[str, Any], key: str, default: bool) -> bool:
    value = wire.get(key, default)
    if not isinstance(value, bool):
        raise _bad(f"option '{key}' must be a boolean")
    return value


def _count(wire: dict[str, Any], key: str, default: int | None, high: int) -> int | None:
    value = wire.get(key, default)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= high:
        raise _bad(f"option '{key}' must be an integer from 0 to {high}")
    return value


@dataclass(frozen=True)
class MahjongOptions:
    """A mahjong table's options; ``rules`` are the ruleset's own option values, complete."""

    room: str
    rules: dict[str, Any] = field(default_factory=dict)
    hands: int | None = 4
    rounds: int | None = None
    random_seats: bool = False
    hotseat: bool = False
    bots: int = 0
    timed: bool = True
    tier: str | None = None
    bot_level: str = "normal"
    """How well the table's bots play (``qipai.mahjong.bot_player.LEVELS``); 托管 is always
    normal."""

    @property
    def friendly(self) -> bool:
        """Friendly tables move no coins (PL-03); a coin tier makes the table a coin room."""
        return self.tier is None

    @property
    def ruleset(self) -> str:
        return _room(self.room)[0].name

    @property
    def hand_rules(self) -> dict[str, Any]:
        """The rules its hands play with: the table's own, but at a friendly table (no coins
        move) as the ruleset plays without coins (``Ruleset.rules_without_coins``: no 台费)."""
        if not self.friendly:
            return dict(self.rules)
        return _room(self.room)[0].rules_without_coins(self.rules)

    @classmethod
    def from_wire(cls, room: str, wire: Any) -> MahjongOptions:
        wire = {} if wire is None else wire
        if not isinstance(wire, dict):
            raise _bad("options must be a map")
        ruleset_class, found = _room(room)
        ruleset, imposed, by_lot = ruleset_class.name, found.imposed, ruleset_class.random_seating
        rules = wire.get("rules", {})
        if not isinstance(rules, dict):
            raise _bad("option 'rules' must be a map of rule option to value")
        for key, value in imposed.items():
            if rules.get(key, value) != value:
                raise _bad(f"the {room} room plays with {key}={value!r}")
        try:
            values = get_ruleset(ruleset, {**rules, **imposed}).options.to_values()
        except MahjongError as error:
            raise _bad(error.message) from None
        rounds = _count(wire, "rounds", None, MAX_ROUNDS)
        hands = _count(wire, "hands", None if rounds else 4, MAX_HANDS)
        if (hands is None) == (rounds is None) or not (hands or rounds):
            raise _bad("give the match length as 'hands' (1-64) or 'rounds' (1-4), not both")
        seating = wire.get("seating", "random" if by_lot else "free")
        if seating not in ("free", "random"):
            raise _bad("option 'seating' must be 'free' or 'random'")
        if by_lot and seating != "random":
            raise _bad(f"seats are drawn by lot in the {room} room")
        hotseat = _flag(wire, "hotseat", False)
        bots = _count(wire, "bots", 0, 3) or 0
        bot_level = wire.get("bot_level", "normal")
        if bot_level not in LEVELS:
            raise _bad(f"option 'bot_level' must be one of {', '.join(LEVELS)}")
        timed = _flag(wire, "timed", not hotseat)
        if hotseat and timed:
            raise _bad("hot-seat tables have no timers (MJ-06)")
        tier = wire.get("tier")
        if tier is not None:
            if tier not in COIN_TIERS:
                raise _bad(f"option 'tier' must be one of {', '.join(COIN_TIERS)} or nil")
            if hotseat or bots:
                raise _bad("coin rooms seat four people: no hot-seat, no bots")
            if rules.get("base", 1) != 1:
                raise _bad("a coin room's stake comes from the players' coins, not 'base'")
            if tier == "anti_cheat":
                seating = "random"  # 防作弊: seats are assigned (PL-15)
        return cls(
            room, values, hands, rounds, seating == "random", hotseat, bots, timed, tier, bot_level
        )

    def to_wire(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "rules": dict(self.rules),
            "hands": self.hands,
            "rounds": self.rounds,
            "seating": "random" if self.random_seats else "free",
            "hotseat": self.hotseat,
            "bots": self.bots,
            "timed": self.timed,
            "tier": self.tier,
            "bot_level": self.bot_level,
        }
