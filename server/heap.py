"""Keep the cyclic collector's pauses short and rare under load.

Most of a server's heap lives until exit: modules, classes and functions, and once the first
mahjong table starts, the analysis tables (tens of thousands of containers: a full collection
that walks them takes 8-15 ms here, a pause every connection feels). Frozen, a full collection
never walks them again. Nearly all per-event garbage is freed by reference counting, so the
default young threshold (700) only buys hundreds of collections a second of objects that are
alive anyway; measured under bench/server_load.py this cut the collector's time about tenfold
and its longest pauses by half.
"""

from __future__ import annotations

import gc

YOUNG_COLLECTION_THRESHOLD = 10_000


def settle() -> None:
    """At start, before serving: what is alive now is frozen, young collections made rare."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, *gc.get_threshold()[1:])


def freeze_long_lived() -> None:
    """Objects just made to last the process (the analysis tables) join the frozen ones.
    Whatever else is alive at that moment is frozen with them: a cycle among those would
    not be collected later, a bounded cost paid once."""
    gc.freeze()
