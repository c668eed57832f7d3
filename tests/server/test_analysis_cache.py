"""The hall's cache file of the mahjong analysis tables: written when absent, rewritten when
damaged, and enough for a fresh process to analyse hands without building anything."""

import os
import subprocess
import sys
from pathlib import Path

from qipai.mahjong.analysis.table_blob import install_tables
from server.analysis_cache import CACHE_ENV, load_or_build, tables_path

ROOT = Path(__file__).resolve().parents[2]
CHILD = """
import server.analysis_cache as cache
def build_refused():
    raise AssertionError("built instead of loaded")
cache.prepare_tables = build_refused
cache.prepare_cached_tables()
from qipai.mahjong.analysis import shanten, waits
hand = [1] * 9 + [1, 1, 1] + [0] * 6 + [0] * 9 + [1] + [0] * 6  # 123456789m 123p and 1z
print(shanten(hand), waits(hand))
"""


def test_an_absent_file_is_written_and_a_damaged_one_rewritten(tmp_path):
    path = tables_path(tmp_path)
    stale = tmp_path / "mahjong-analysis-0000000000000000.bin"
    stale.write_bytes(b"tables of older code")
    load_or_build(path)
    assert install_tables(path.read_bytes()) and not stale.exists()
    path.write_bytes(path.read_bytes()[:1000])
    load_or_build(path)
    assert install_tables(path.read_bytes())


def test_a_fresh_process_loads_the_tables_instead_of_building_them(tmp_path):
    load_or_build(tables_path(tmp_path))
    child = subprocess.run(
        [sys.executable, "-c", CHILD],
        cwd=ROOT,
        env={**os.environ, CACHE_ENV: str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert child.returncode == 0, child.stderr
    assert child.stdout.split() == ["0", "[27]"]
