"""The hint line's figures: which tiles you wait on and how many of each you cannot see yet, and
with 14 tiles which discards leave you ready.

With 13 tiles the waits are the machine's own (`waits` in the seat's view: ruleset-exact, MJ-10).
With 14 the client asks the core's shape analysis for each candidate discard, with the ruleset's
special shapes and the declared void suit; a ruleset's extra win requirements (Baicheng's) are
not re-judged here, so that hint may be generous there - the server still decides every win.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cache

from client.mahjong_view import MahjongView, MeldView
from qipai.mahjong.analysis import prepare_tables, shanten, waits
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.rulesets.base import Ruleset
from qipai.mahjong.table.errors import MahjongError
from qipai.mahjong.tiles import NUM_KINDS, kind_of, suit_of

_DISTANCE_TABLES = threading.Event()


def prepare_distance_tables() -> None:
    """Build the shanten tables (about 3 s of CPU, once): the screen runs this in a worker
    thread so the first frame does not wait; until it is done the hint leaves the distance out
    (waits and ready discards need no tables)."""
    prepare_tables()
    _DISTANCE_TABLES.set()


@dataclass(frozen=True)
class Hint:
    waits: tuple[tuple[int, int], ...] = ()  # (kind, unseen copies), holding 13
    ready_discards: tuple[tuple[int, tuple[tuple[int, int], ...]], ...] = ()  # holding 14
    shanten: int | None = None  # exchanges still needed when not ready (None: not known yet)


@cache
def _ruleset(name: str, options: tuple) -> Ruleset | None:
    try:
        return get_ruleset(name, dict(options))
    except MahjongError:
        return None


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
    unseen = unseen_counts(view)
    held = len(me.hand) + 3 * len(me.melds)
    if held == 13:
        if me.waits:
            return Hint(waits=tuple((k, unseen[k]) for k in me.waits))
        return Hint(shanten=_shanten(view, _counts(me.hand)))
    if held != 14:
        return None
    counts = _counts(me.hand)
    ready = []
    for kind in range(NUM_KINDS):
        if not counts[kind]:
            continue
        counts[kind] -= 1
        found = _shape_waits(view, counts, me.void, me.melds)
        counts[kind] += 1
        if found:
            ready.append((kind, tuple((k, unseen[k]) for k in found)))
    if ready:
        return Hint(ready_discards=tuple(ready))
    return Hint(shanten=_shanten(view, counts))


def _counts(hand: tuple[int, ...]) -> list[int]:
    counts = [0] * NUM_KINDS
    for tile in hand:
        counts[kind_of(tile)] += 1
    return counts


def _flags(view: MahjongView, melds: int) -> dict[str, bool]:
    ruleset = _ruleset(view.ruleset, tuple(sorted(view.options.items())))
    if ruleset is None:
        return {}
    concealed = melds == 0
    return {
        "seven_pairs": ruleset.seven_pairs and concealed,
        "quads_as_two_pairs": ruleset.quads_as_two_pairs,
        "thirteen_orphans": ruleset.thirteen_orphans and concealed,
    }


def _shape_waits(
    view: MahjongView, counts: list[int], void: int | None, melds: tuple[MeldView, ...]
) -> list[int]:
    """Kinds completing the hand; a kind whose four copies are all ours (with a melded pung)
    is no wait (MJ-10)."""
    if void is not None and any(counts[k] for k in range(void * 9, void * 9 + 9)):
        return []
    melded = [0] * NUM_KINDS
    for meld in melds:
        for kind in meld.kinds or ():
            melded[kind] += 1
    found = waits(counts, melded=melded, **_flags(view, len(melds)))
    return [k for k in found if void is None or suit_of(k) != void]


def _shanten(view: MahjongView, counts: list[int]) -> int | None:
    if not _DISTANCE_TABLES.is_set():
        return None
    return shanten(counts, **_flags(view, len(view.me.melds) if view.me else 0))
