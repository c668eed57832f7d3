"""Go table options: what a table creator may choose, checked before any table exists.

The limits are the rules book's decisions: board sizes GO-03, komi GO-02, handicap GO-10,
clocks GO-07. A refused value raises ``BadOptions``; the hall's ``go`` room turns it into the
protocol's ``bad_option`` (server/rooms.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from qipai.go.errors import BadOptions
from qipai.go.ladder import Rung, rung

BOT_SIDES = ("black", "white")
"""The side a bot may take, named as the wire names the seats."""

GO_SIZES = (9, 13, 19)
GO_KOMI_PRESETS = (0.0, 3.5, 3.75)
GO_MAX_HANDICAP = {9: 5, 13: 9, 19: 9}
RANKED_CLOCK = {"main": 20 * 60, "periods": 3, "period": 30}


def may_see_estimate(*, ranked: bool, seated: bool) -> bool:
    """Whether a score estimate may be shown during play (issue 16): it is advice, so the
    players of a ranked game play without it; their spectators, and everyone at a friendly or
    local table (local tables are friendly), may have it."""
    return not (ranked and seated)


def may_create_ranked(*, guest: bool, local: bool) -> bool:
    """Whether a player may open a ranked (升降级战) table: a registered player in a hall with
    others. Guests play friendly tables only, and a local hall seats one person at hot-seat
    tables. Who may sit down against him is the rank-gap rule (platform.md §1: at most one
    rank step, ``check_ranked_pairing``), which the hall checks when the opponent sits."""
    return not guest and not local


def ranked_table() -> GoOptions:
    """The one ranked table there is (GO-02, GO-03, GO-07): 19x19, komi 3.5, no handicap,
    20 min + 3x30 s, two people. A form asks for it whole rather than piece by piece."""
    return GoOptions.from_wire({"friendly": False})


def _bad(message: str) -> BadOptions:
    return BadOptions(message)


def _int(wire: dict[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = wire.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _bad(f"option '{key}' must be an integer from {low} to {high}")
    return value


@dataclass(frozen=True)
class GoClock:
    """Main time plus Japanese byo-yomi, all in seconds."""

    main: int
    periods: int
    period: int

    @classmethod
    def from_wire(cls, wire: Any) -> GoClock | None:
        if wire is None:
            return None
        if not isinstance(wire, dict):
            raise _bad("option 'clock' must be a map or nil")
        return cls(
            main=_int(wire, "main", 600, 0, 3600),
            periods=_int(wire, "periods", 3, 1, 5),
            period=_int(wire, "period", 30, 10, 60),
        )

    def to_wire(self) -> dict[str, int]:
        return {"main": self.main, "periods": self.periods, "period": self.period}


@dataclass(frozen=True)
class GoOptions:
    size: int = 19
    komi: float = 3.5
    handicap: int = 0
    clock: GoClock | None = None
    friendly: bool = True
    hotseat: bool = False
    bot: str | None = None
    bot_level: str | None = None  # a rung of qipai.go.ladder; None: the hall's default bot

    @classmethod
    def from_wire(cls, wire: dict[str, Any] | None) -> GoOptions:
        wire = wire or {}
        if not isinstance(wire, dict):
            raise _bad("options must be a map")
        friendly = wire.get("friendly", True)
        hotseat = wire.get("hotseat", False)
        for key, value in (("friendly", friendly), ("hotseat", hotseat)):
            if not isinstance(value, bool):
                raise _bad(f"option '{key}' must be a boolean")
        bot = wire.get("bot")
        if bot is not None and bot not in BOT_SIDES:
            raise _bad("option 'bot' must be 'black', 'white' or nil")
        bot_level = wire.get("bot_level")
        if bot_level is not None:
            if bot is None:
                raise _bad("option 'bot_level' needs a bot at the table")
            if not isinstance(bot_level, str):
                raise _bad("option 'bot_level' must be a rung name")
        if hotseat and bot is not None:
            raise _bad("a table is either hot-seat or against a bot, not both")
        size = _int(wire, "size", 19, 9, 19)
        if size not in GO_SIZES:
            raise _bad(f"option 'size' must be one of {GO_SIZES}")
        handicap = _int(wire, "handicap", 0, 0, GO_MAX_HANDICAP[size])
        if handicap == 1:
            raise _bad("a handicap is 2 stones or more (0 for an even game)")
        komi = wire.get("komi", 3.5 if handicap == 0 else 0.0)
        if isinstance(komi, bool) or not isinstance(komi, int | float):
            raise _bad("option 'komi' must be a number")
        komi = float(komi)
        if komi not in GO_KOMI_PRESETS:
            raise _bad(f"option 'komi' must be one of {GO_KOMI_PRESETS} (stones)")
        if handicap and komi != 0.0:
            raise _bad("handicap games have komi 0 (GO-10)")
        if bot_level is not None:
            _check_rung_table(rung(bot_level), bot, handicap)
        clock = GoClock.from_wire(wire.get("clock"))
        if not friendly:
            if hotseat or bot is not None:
                raise _bad("ranked tables seat two people")
            if size != 19 or komi != 3.5 or handicap:
                raise _bad("ranked games are 19x19, komi 3.5, no handicap (GO-02, GO-03)")
            clock = GoClock(**RANKED_CLOCK)
        return cls(size, komi, handicap, clock, friendly, hotseat, bot, bot_level)

    def to_wire(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "komi": self.komi,
            "handicap": self.handicap,
            "clock": self.clock.to_wire() if self.clock else None,
            "friendly": self.friendly,
            "hotseat": self.hotseat,
            "bot": self.bot,
            "bot_level": self.bot_level,
        }


def _check_rung_table(chosen: Rung, bot: str, handicap: int) -> None:
    """A rung that gives stones is measured with the bot as White and the player taking them:
    the table must be that game, or the rung's rank would not be what the player meets."""
    if chosen.handicap and (bot != "white" or handicap != chosen.handicap):
        raise _bad(
            f"option 'bot_level' {chosen.name} gives {chosen.handicap} stones: "
            f"the bot plays white and the table's handicap is {chosen.handicap}"
        )
