"""A seat's river as the hall sends it (``seats[i].river``, docs/protocol.md): every discard in
its place, claimed ones kept, each saying whether it was the tile just drawn (摸切) and who took
it. The hall judges all of it; the client only reads it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from qipai.mahjong.tiles import kind_of


@dataclass(frozen=True)
class RiverEntry:
    tile: int  # the instance id
    number: int  # the hand's discards counted across all seats from 1 (0: not said)
    drawn: bool = False  # 摸切: the tile just drawn, let go at once
    claimed_by: int | None = None  # the seat that took it
    claim: str | None = None  # how: pung, kong, chow, win

    @property
    def claimed(self) -> bool:
        return self.claimed_by is not None


def read_river(wire: Any, discards: tuple[int, ...]) -> tuple[RiverEntry, ...]:
    """The seat's ``river``; a seat map that has none (a table before its first deal) has only
    its ``discards``, unmarked. Raises ValueError for anything malformed."""
    if wire is None:
        return tuple(RiverEntry(tile, 0) for tile in discards)
    if not isinstance(wire, list) or not all(isinstance(entry, dict) for entry in wire):
        raise ValueError("river must be a list of maps")
    return tuple(_entry(entry) for entry in wire)


def _entry(wire: dict[str, Any]) -> RiverEntry:
    tile, number, by, claim = (
        wire.get("tile"),
        wire.get("n"),
        wire.get("claimed_by"),
        wire.get("claim"),
    )
    if type(tile) is not int or type(number) is not int:
        raise ValueError("a river tile has a tile id and a number")
    kind_of(tile)  # raises ValueError for an id that is no tile
    if by is not None and by not in (0, 1, 2, 3):
        raise ValueError(f"a river tile claimed by an unknown seat {by!r}")
    if claim is not None and not isinstance(claim, str):
        raise ValueError("a river tile's claim is named")
    return RiverEntry(tile, number, wire.get("drawn") is True, by, claim)
