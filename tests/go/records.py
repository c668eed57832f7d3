"""Where the shared game records live (third-party data, read in place, never copied).

They sit next to the repository in ``../shared/data/sgf`` (or wherever ``QIPAI_SGF_DIR`` says).
They are not part of the project, so a clone without them skips these tests with a reason
rather than failing: the rules are still covered by the hand-written positions.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

SGF_DIR = Path(
    os.environ.get("QIPAI_SGF_DIR")
    or Path(__file__).resolve().parents[3] / "shared" / "data" / "sgf"
)


def sgf_dir() -> Path:
    if not SGF_DIR.is_dir():
        pytest.skip(f"game records not found at {SGF_DIR} (set QIPAI_SGF_DIR)")
    return SGF_DIR


def read(relative: str) -> str:
    return (sgf_dir() / relative).read_text(encoding="utf-8", errors="replace")
