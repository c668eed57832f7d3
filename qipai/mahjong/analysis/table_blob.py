"""The lazy analysis tables as one blob, so that a process can take them from a file instead of
building them: the seconds of CPU before a first mahjong deal.

The core does no I/O: the caller keeps the blob (the hall in the user's cache directory) and
hands it back. A blob carries the SHA-256 of its payload, so a damaged file is refused rather
than half-read, and the caller names its file after the analysis code that built it, so tables
of other code are never read. The group tables (a tenth of a second) are always built afresh.
The build is deterministic, so every process writes the same bytes.
"""

from __future__ import annotations

import hashlib
import marshal

from qipai.mahjong.analysis.shanten import (
    install_shanten_tables,
    shanten_tables,
    shanten_tables_built,
)
from qipai.mahjong.analysis.waits import (
    _SUMS,
    install_wait_tables,
    wait_tables,
    wait_tables_built,
)

MAGIC = b"qipai mahjong analysis tables 1\n"
_DIGEST = 32
_MARSHAL_VERSION = 4


def tables_ready() -> bool:
    """Whether this process has every lazy table already (built or installed)."""
    return wait_tables_built() and shanten_tables_built()


def tables_blob() -> bytes:
    """Every lazily built table (built now if need be) as bytes for ``install_tables``."""
    payload = marshal.dumps((wait_tables(), shanten_tables()), _MARSHAL_VERSION)
    return MAGIC + hashlib.sha256(payload).digest() + payload


def install_tables(blob: bytes) -> bool:
    """Fill the tables from a ``tables_blob``; False, and nothing filled, if ``blob`` is not
    one (damaged, cut short or of another format). Tables already built are kept."""
    head = len(MAGIC)
    payload = blob[head + _DIGEST :]
    if blob[:head] != MAGIC or hashlib.sha256(payload).digest() != blob[head : head + _DIGEST]:
        return False
    try:
        waits, shanten = marshal.loads(payload)
        if len(waits) != 3 or len(waits[0]) != _SUMS or len(shanten) != 6:
            return False
    except (EOFError, ValueError, TypeError):
        return False
    install_wait_tables(waits)
    install_shanten_tables(shanten)
    return True
