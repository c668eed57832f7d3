"""What goes into a table's match and what comes out (``mahjong_table.MahjongTableMatch``).

In: the table's clocks (``Timing``), what the room makes of the match (``TableRules``), who is
present (``Presence``), and times as plain floats (``NOW`` and ``NEVER`` for deadlines). Out: what
the server carries out, in order — what to publish, store and write, and whose seat the bot
takes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from qipai.mahjong.scoring import Settlement
from qipai.mahjong.table.events import Event
from qipai.mahjong.table.machine import HandMachine
from qipai.mahjong.table.match import MatchLength

NOW = -float("inf")
NEVER = float("inf")


@dataclass(frozen=True)
class Timing:
    """Seconds. ``turn``/``claim`` are MJ-06's limits; ``claim_delay`` is MJ-08's least time a
    claim window stays open where two or more people play; ``bot_pause`` lets people follow
    what bots do; ``next_hand`` is the wait between hands on timed tables; ``escape_grace``
    how long a player may be away during a hand before it is an escape (PL-17)."""

    turn: float = 15.0
    claim: float = 8.0
    claim_delay: float = 0.8
    bot_pause: float = 0.5
    next_hand: float = 15.0
    escape_grace: float = 90.0


@dataclass(frozen=True)
class TableRules:
    """What the room and the table's options make of the match."""

    length: MatchLength = field(default_factory=MatchLength)
    timed: bool = False
    hotseat: bool = False
    coins: bool = False
    """A coin room: each deal waits for a fresh stake (PL-14) and a departure ends the match."""
    random_seats: bool = False
    bot_level: str = "normal"
    """How the bot plays the bot seats (``qipai.mahjong.bot_player.LEVELS``), those it
    filled and those it took from leavers; 托管 seats are played at the default level."""


@dataclass(frozen=True)
class Presence:
    """Who the server must play: ``bots`` (bot seats, and leavers' seats the bot took) and
    ``absent`` seats (their player is not connected); ``away`` says since when a seat's
    player went offline (the escape grace, PL-17); ``people`` is how many people sit."""

    bots: frozenset[int] = frozenset()
    absent: frozenset[int] = frozenset()
    away: Mapping[int, float] = field(default_factory=dict)
    people: int = 0


# --- outputs -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Publish:
    """An event for every receiver, ``events`` redacted per receiver (``Event``)."""

    kind: str
    events: list[Event] | None = None
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class HandDone:
    """A hand ended and is booked (``match.history[-1]``); store it, and say when it is
    committed (``stored``) or could not be (``store_failed``): until then the match waits.
    ``last``: the match ends with it (a coin room closes the pot)."""

    hand: HandMachine
    number: int
    start_state: dict[str, Any]
    last: bool


@dataclass(frozen=True)
class Escaped:
    """PL-18: ``seat`` escaped (``cause``: left or disconnected); the hand is cut short and
    booked with ``settlement``; store it with a coin room's coins and say when it is committed
    (as for ``HandDone``): everyone is told then."""

    hand: HandMachine
    number: int
    start_state: dict[str, Any]
    seat: int
    cause: str
    settlement: Settlement
    first_leaver: bool


@dataclass(frozen=True)
class WinnerLeft:
    """SC-16/PL-22: a xuezhan winner left his hand; a coin room takes his fee now."""

    seat: int
    number: int


@dataclass(frozen=True)
class LeftBetween:
    """PL-17: a player left between hands, free of penalty; the first leaver of a table with
    a pot splits it (LZ-10)."""

    seat: int
    number: int
    first_leaver: bool


@dataclass(frozen=True)
class ToBot:
    """The bot plays this seat for the rest of the match."""

    seat: int


@dataclass(frozen=True)
class Confirm:
    """A seat's answer was taken but nothing public happened: tell its player alone."""

    seat: int


@dataclass(frozen=True)
class Ended:
    """The match is over (``match.standing()``), and why if not by its length; ``not_stored``:
    the hand of that number could not be stored, so the match stops there (``store_failed``)."""

    escaped: int | None = None
    left: tuple[int, ...] = ()
    below_minimum: tuple[int, ...] = ()
    not_stored: int | None = None


@dataclass(frozen=True)
class Figures:
    """The match's public figures: the running scores, the pot, the next dealer and the
    rounds done. While a hand is being stored they are those from before it: its result is
    shown only once it is committed."""

    scores: tuple[int, ...]
    pot: int
    dealer: int
    rounds_done: int


Output = Publish | HandDone | Escaped | WinnerLeft | LeftBetween | ToBot | Confirm | Ended
