"""Where the shared game records live (third-party data, read in place, never copied)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

SGF_DIR = Path(__file__).resolve().parents[3] / "shared" / "data" / "sgf"


def sgf_dir() -> Path:
    """The records folder; skips (or fails in CI) when the shared data is not next to the repo."""
    if not SGF_DIR.is_dir():
        if os.environ.get("QIPAI_REQUIRE_EXTERNAL"):
            pytest.fail(f"game records expected at {SGF_DIR}")
        pytest.skip(f"game records not found at {SGF_DIR}")
    return SGF_DIR


def read(relative: str) -> str:
    return (sgf_dir() / relative).read_text(encoding="utf-8", errors="replace")
