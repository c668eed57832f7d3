"""Hand analysis built for speed: every question is a few lookups in per-group tables.

Every function takes the count vector (length 34, see ``qipai.mahjong.tiles.to_counts``) of
the *concealed* tiles only; the number of sets needed follows from the tile count (3n+2 for a
complete hand, 3n+1 for a waiting one), so hands with exposed melds need no special handling.
Bad vectors raise ``HandCountsError`` (code ``bad_hand_counts``).

- ``is_standard_win``, ``is_seven_pairs``, ``is_thirteen_orphans``, ``decompositions``
- ``waits`` (MJ-10), ``shanten`` (-1 complete, 0 ready), ``classify_wait`` (MJ-12)
- ``path_shanten``: the shanten towards a shape of some groups only (a one-suit pattern)

The tables are built on first use, not at import (importing a rules module costs nothing);
``prepare_tables`` builds them all at once, for a server that warms up before its first deal.
"""

from qipai.mahjong.analysis.counts import HandCountsError
from qipai.mahjong.analysis.shanten import build_shanten_tables, path_shanten, shanten
from qipai.mahjong.analysis.shape_tables import SetShape, build_group_tables
from qipai.mahjong.analysis.shapes import (
    Decomposition,
    decompositions,
    is_seven_pairs,
    is_standard_win,
    is_thirteen_orphans,
)
from qipai.mahjong.analysis.wait_class import WaitClass, classify_wait
from qipai.mahjong.analysis.waits import build_wait_tables, waits


def prepare_tables() -> None:
    """Build every analysis table now (a few seconds of CPU, once) rather than on first use."""
    build_group_tables()
    build_wait_tables()
    build_shanten_tables()


__all__ = [
    "Decomposition",
    "HandCountsError",
    "SetShape",
    "WaitClass",
    "classify_wait",
    "decompositions",
    "is_seven_pairs",
    "is_standard_win",
    "is_thirteen_orphans",
    "path_shanten",
    "prepare_tables",
    "shanten",
    "waits",
]
