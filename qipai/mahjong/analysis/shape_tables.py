"""Every complete arrangement of one suit (or of the honours), enumerated once.

A hand's suits are independent: a chow never leaves its suit and honours only form pungs and
pairs. So the complete hands are exactly the products of complete *groups*, and one small table
per group type answers "is this group complete, and how?" by a dictionary lookup keyed by the
group's counts as ``bytes`` (hashing a 9-byte string is far cheaper than any search).

The tables are built on first use (``build_group_tables``, which ``prepare_tables`` calls) by
enumerating at most four sets plus an optional pair (a group never holds more than 14 tiles):
23,533 arrangements of 21,743 suit vectors, in 0.2 s. Importing the module builds nothing.
From them come, per group vector, its decompositions, whether it holds the pair, and the
bitmask of ranks that would complete it (the raw material of ``waits``).
"""

from __future__ import annotations

import threading
from enum import StrEnum
from itertools import combinations_with_replacement

MAX_SETS = 4
BUILDING = threading.RLock()
"""Held by every lazy table build (group, wait and shanten tables): a server's worker thread
and a first lazy call elsewhere may start one at once. Re-entrant, because each build first
builds the tables it rests on."""
COMPLETE = 1 << 9
HAS_PAIR = 1 << 10
"""Flags of ``GroupTables.status`` above the 9-bit completion mask."""


class SetShape(StrEnum):
    CHOW = "chow"
    PUNG = "pung"


GroupArrangement = tuple[int | None, tuple[tuple[SetShape, int], ...]]
"""(pair rank or None, sets as (shape, first rank)) within one group; ranks start at 0."""


class GroupTables:
    """The complete vectors of one group type and what completes the nearly complete ones.

    ``pairs[key]`` is 1 if the complete vector holds the pair, 0 if it is sets only; a key that
    is missing is not complete. ``status[key]`` packs, for one lookup, the bitmask of ranks ``r``
    for which ``key + r`` is complete (with the pair if ``key`` has 3n+1 tiles, sets only if
    3n+2) with the flags ``COMPLETE`` and ``HAS_PAIR``; a vector that is neither complete nor
    one tile short is missing. ``arrangements[key]`` lists the readings of a complete vector.

    The three maps are empty until ``build``, which fills them in place: modules that bound
    them at import see them filled, and ``pairs`` (filled last) tells whether they are.
    """

    def __init__(self, ranks: int, chows: bool) -> None:
        self.ranks = ranks
        self.chows = chows
        self.arrangements: dict[bytes, tuple[GroupArrangement, ...]] = {}
        self.pairs: dict[bytes, int] = {}
        self.status: dict[bytes, int] = {}

    def build(self) -> None:
        if self.pairs:
            return
        with BUILDING:
            if not self.pairs:
                self._fill()

    def _fill(self) -> None:
        ranks = self.ranks
        shapes = [(SetShape.PUNG, r) for r in range(ranks)]
        if self.chows:
            shapes += [(SetShape.CHOW, r) for r in range(ranks - 2)]
        shapes.sort(key=lambda shape: (shape[1], shape[0] is SetShape.PUNG))
        arrangements: dict[bytes, list[GroupArrangement]] = {}
        for size in range(MAX_SETS + 1):
            for sets in combinations_with_replacement(shapes, size):
                counts = [0] * ranks
                for shape, rank in sets:
                    if shape is SetShape.PUNG:
                        counts[rank] += 3
                    else:
                        counts[rank] += 1
                        counts[rank + 1] += 1
                        counts[rank + 2] += 1
                if max(counts, default=0) > 4:
                    continue
                arrangements.setdefault(bytes(counts), []).append((None, sets))
                for pair in range(ranks):
                    if counts[pair] <= 2:
                        counts[pair] += 2
                        arrangements.setdefault(bytes(counts), []).append((pair, sets))
                        counts[pair] -= 2
        pairs = {key: sum(key) % 3 // 2 for key in arrangements}
        completions: dict[bytes, int] = {}
        for key in arrangements:
            counts = list(key)
            for rank in range(ranks):
                if counts[rank]:
                    counts[rank] -= 1
                    smaller = bytes(counts)
                    completions[smaller] = completions.get(smaller, 0) | 1 << rank
                    counts[rank] += 1
        for key, pair in pairs.items():
            completions[key] = completions.get(key, 0) | COMPLETE | pair * HAS_PAIR
        self.arrangements.update((key, tuple(found)) for key, found in arrangements.items())
        self.status.update(completions)
        self.pairs.update(pairs)  # last: a reader that finds it filled finds the others filled


SUIT = GroupTables(9, chows=True)
HONOURS = GroupTables(7, chows=False)


def build_group_tables() -> None:
    """Fill ``SUIT`` and ``HONOURS`` (once; later calls return at once)."""
    SUIT.build()
    HONOURS.build()
