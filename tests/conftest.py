"""Shared test fixtures.

External programs (GNU Go, tmux) are optional on a developer's machine, where their tests skip;
CI sets QIPAI_REQUIRE_EXTERNAL=1 so that a missing program fails the run instead of hiding it.
"""

from __future__ import annotations

import os
import shutil

import pytest

GAMES_DIRS = ("/usr/games", "/usr/local/games")


def find_program(name: str) -> str | None:
    """Locate a program on PATH or in Debian's games folders (where gnugo lives)."""
    found = shutil.which(name)
    if found:
        return found
    for folder in GAMES_DIRS:
        candidate = os.path.join(folder, name)
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def require_program(name: str) -> str:
    path = find_program(name)
    if path is None:
        if os.environ.get("QIPAI_REQUIRE_EXTERNAL"):
            pytest.fail(
                f"{name} is required here (QIPAI_REQUIRE_EXTERNAL is set) but not installed"
            )
        pytest.skip(f"{name} is not installed")
    return path
