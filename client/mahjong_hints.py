"""The hint line's figures: which tiles you wait on and how many of each you cannot see yet, and
with 14 tiles which discards leave you ready.

The hall judges all of it (the seat's own view carries ``waits``, ``ready_discards`` and
``shanten``, ruleset-exact, and ``cannot_win`` when a hand ready by shape can never win:
docs/protocol.md; with incremental events the table's replica of the hand judges it by the
hall's own code, qipai/mahjong/table/follow.py); this module only adds the unseen copies, counted
from what the seat sees.
"""

from __future__ import annotations

from dataclasses import dataclass

from client.mahjong_view import MahjongView
from qipai.mahjong.tiles import NUM_KINDS, kind_of


@dataclass(frozen=True)
class Hint:
    waits: tuple[tuple[int, int], ...] = ()  # (kind, unseen copies), holding 13
    ready_discards: tuple[tuple[int, tuple[tuple[int, int], ...]], ...] = ()  # holding 14
    shanten: int | None = None  # exchanges still needed when not ready (None: not sent)
    cannot_win: tuple[str, ...] = ()  # why a hand ready by shape has no wait (codes)


def unseen_counts(view: MahjongView) -> list[int]:
    """4 minus the copies of each kind this seat can see: its hand, every exposed meld, every
    river, revealed hands and the turned-up treasure indicators."""
    seen = [0] * NUM_KINDS
    tiles: list[int] = list(view.public.get("treasure_indicators") or [])
    for seat in view.seats:
        tiles.extend(seat.discards)
        if seat.hand is not None:
            tiles.extend(seat.hand)
        for meld in seat.melds:
            tiles.extend(meld.tiles or ())
    for tile in tiles:
        kind = kind_of(tile)
        if kind < NUM_KINDS:
            seen[kind] += 1
    return [max(0, 4 - n) for n in seen]


def hint(view: MahjongView) -> Hint | None:
    """None for a spectator, a seat that has won, or before the hand has tiles."""
    me = view.me
    if me is None or me.hand is None or me.won is not None or view.phase == "ended":
        return None
    if me.waits is None and me.ready_discards is None and me.shanten is None:
        return None
    unseen = unseen_counts(view)
    if me.waits:
        return Hint(waits=tuple((k, unseen[k]) for k in me.waits))
    if me.ready_discards:
        return Hint(
            ready_discards=tuple(
                (discard, tuple((k, unseen[k]) for k in waits))
                for discard, waits in me.ready_discards
            )
        )
    return Hint(shanten=me.shanten, cannot_win=me.cannot_win)
