"""How far a hand is from each pattern the bot may steer for, and how many live tiles bring it
closer: a flush (清一色), a half flush (混一色), all pungs (对对), seven pairs.

The plain distance (shanten toward any win) is the hand analysis's own. A pattern's distance is
the shanten of the hand with every tile the pattern cannot use swapped for a tile that can
never join a set (an isolated single), so each of them costs the exchange it really costs; all
pungs has its own short count. ``bot_player`` weighs each pattern's chance by what the pattern
pays under the table's rules (``bot_worth``) and keeps the best.
"""

from __future__ import annotations

from dataclasses import dataclass

from qipai.mahjong.analysis import shanten
from qipai.mahjong.analysis.shanten import seven_pairs_shanten
from qipai.mahjong.notation import MeldKind
from qipai.mahjong.table.state import TableMeld
from qipai.mahjong.tiles import NUM_KINDS, suit_of

HONOURS = tuple(range(27, NUM_KINDS))
_ISOLATED = {
    suit: tuple(s * 9 + r for s in range(3) if s != suit for r in (0, 4, 8)) for suit in range(3)
}
"""Per suit, the kinds of the other two suits that stand apart from one another (1, 5, 9)."""
MAX_SWAPPED = 4
"""Tiles a flush may still have to exchange to be counted (further off, it is no plan, and
the bot's decision time is spent on the patterns within reach)."""
PAIRS_FROM = 4
"""Seven pairs is a pattern only from four pairs up (as in ``SeatPicture.shanten``)."""


@dataclass(frozen=True)
class Target:
    """One pattern within reach: its name (a ``bot_worth.PATTERNS`` key), its shanten and
    the live tiles that lower it."""

    name: str
    shanten: int
    live: int


def targets(
    counts: list[int],
    melds: list[TableMeld],
    unseen: list[int],
    *,
    void: int | None,
    honours: bool,
    seven_pairs: bool,
    quads_as_two_pairs: bool,
    within: int = 8,
) -> list[Target]:
    """Every pattern the hand of 13 (melds as 3) can still reach, with its distance; all
    pungs only ``within`` that many exchanges (the caller's plain shanten and a step)."""
    found = []
    meld_suits = {suit_of(m.kind) for m in melds}
    for suit in range(3):
        if suit == void or not meld_suits <= {suit}:
            continue
        found += _one_suit(counts, unseen, suit, "flush", ())
        if honours:
            found += _one_suit(counts, unseen, suit, "half_flush", HONOURS)
    if all(m.type != MeldKind.CHOW.value for m in melds):
        pungs = _pungs(counts, melds, unseen, within)
        if pungs is not None:
            found.append(pungs)
    if seven_pairs and not melds and sum(1 for c in counts if c >= 2) >= PAIRS_FROM:
        now = seven_pairs_shanten(counts, quads_as_two_pairs=quads_as_two_pairs)
        live = sum(unseen[k] for k in range(NUM_KINDS) if counts[k] % 2)
        found.append(Target("pairs", now, live))
    return found


def _one_suit(
    counts: list[int],
    unseen: list[int],
    suit: int,
    name: str,
    extra: tuple[int, ...],
) -> list[Target]:
    kept = set(range(suit * 9, suit * 9 + 9)) | set(extra)
    swapped = sum(c for k, c in enumerate(counts) if k not in kept)
    fillers = [k for k in (*HONOURS, *_ISOLATED[suit]) if k not in kept]
    if swapped > min(MAX_SWAPPED, len(fillers)):
        return []
    hand = [c if k in kept else 0 for k, c in enumerate(counts)]
    for kind in fillers[:swapped]:
        hand[kind] = 1
    now = shanten(hand)
    live = 0
    for kind in kept:
        if not unseen[kind]:
            continue
        hand[kind] += 1
        if shanten(hand) < now:
            live += unseen[kind]
        hand[kind] -= 1
    return [Target(name, now, live)]


def _pungs(
    counts: list[int], melds: list[TableMeld], unseen: list[int], within: int
) -> Target | None:
    now = pungs_shanten(counts, len(melds))
    if now > within:
        return None
    live = 0
    for kind in range(NUM_KINDS):
        if counts[kind] in (1, 2) and unseen[kind]:
            counts[kind] += 1
            if pungs_shanten(counts, len(melds)) < now:
                live += unseen[kind]
            counts[kind] -= 1
    return Target("pungs", now, live)


def pungs_shanten(counts: list[int], melds: int) -> int:
    """Shanten toward four pungs and a pair (13 or 14 concealed tiles with ``melds`` sets):
    eight, less two a pung, one a pair that could become a pung, one for the hand's pair."""
    sets = min(4, melds + sum(1 for c in counts if c >= 3))
    pairs = sum(1 for c in counts if c == 2)
    pair = 1 if pairs else 0
    partial = min(pairs - pair, 4 - sets)
    return 8 - 2 * sets - partial - pair
