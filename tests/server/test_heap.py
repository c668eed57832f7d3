"""The hall's heap is settled for short collector pauses: what lives until exit is frozen, the
analysis tables too once the first mahjong table has loaded them (a full collection walking
them took 8-15 ms: a pause every connection of the hall felt)."""

import subprocess
import sys
from pathlib import Path

from server.heap import YOUNG_COLLECTION_THRESHOLD

ROOT = Path(__file__).resolve().parents[2]

FREEZE_COUNTS = """
import gc
from server import heap
from server.tables.mahjong import prepare_analysis
heap.settle()
settled = gc.get_freeze_count()
prepare_analysis()
loaded = gc.get_freeze_count()
prepare_analysis()
print(settled, loaded, gc.get_freeze_count(), gc.get_threshold()[0])
"""


def test_the_analysis_tables_join_the_frozen_heap_once_loaded():
    done = subprocess.run(
        [sys.executable, "-c", FREEZE_COUNTS], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    settled, loaded, again, young = map(int, done.stdout.split())
    assert settled > 10_000  # modules, classes, functions
    assert loaded - settled > 10_000  # the tables' containers
    assert again == loaded  # a second table loads nothing and freezes nothing
    assert young == YOUNG_COLLECTION_THRESHOLD
