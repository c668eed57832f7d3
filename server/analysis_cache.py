"""The hall keeps the mahjong analysis tables in the user's cache directory, so that a fresh
hall (the one `qipai local mahjong` starts, every test server) loads them in about a quarter
of a second instead of building them in one and a half, before its first mahjong deal.

The file is named after the analysis code (a hash of its sources), so a changed engine never
reads the tables of an older one, whose files are removed when the new one is written. A file
that is absent, damaged or cut short is rebuilt and rewritten (a temporary file renamed over
it, so a reader never sees half of one); a directory that cannot be written costs the build.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from pathlib import Path

import platformdirs

import qipai.mahjong.analysis as analysis
from qipai.mahjong import tiles
from qipai.mahjong.analysis import prepare_tables
from qipai.mahjong.analysis.table_blob import install_tables, tables_blob, tables_ready

CACHE_ENV = "QIPAI_CACHE_DIR"
"""Overrides the user cache directory (a test's own folder, a read-only home)."""
_PREFIX = "mahjong-analysis-"


def cache_dir() -> Path:
    return Path(os.environ.get(CACHE_ENV) or platformdirs.user_cache_dir("qipai"))


def tables_path(folder: Path) -> Path:
    """The file for the tables of this analysis code."""
    digest = hashlib.sha256()
    for source in sorted(Path(analysis.__file__).parent.glob("*.py")) + [Path(tiles.__file__)]:
        digest.update(source.name.encode() + b"\0" + source.read_bytes())
    return folder / f"{_PREFIX}{digest.hexdigest()[:16]}.bin"


def prepare_cached_tables(folder: Path | None = None) -> None:
    """Have every analysis table ready (every mahjong table's task asks, so a process that has
    them reads nothing)."""
    if not tables_ready():
        load_or_build(tables_path(cache_dir() if folder is None else folder))


def load_or_build(path: Path) -> None:
    """The tables from the cache file at ``path``, else built and written there."""
    try:
        blob = path.read_bytes()
    except OSError:
        blob = b""
    if install_tables(blob):
        return
    prepare_tables()
    with contextlib.suppress(OSError):
        _write(path, tables_blob())


def _write(path: Path, blob: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(blob)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    for old in path.parent.glob(f"{_PREFIX}*.bin"):
        if old != path:
            with contextlib.suppress(OSError):
                old.unlink()
