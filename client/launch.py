"""What the command line asked the app to open first."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Launch:
    mode: str = "start"
    """`start` (the start screen), `connect` (straight to a hall), `local` (local Go table) or
    `door` (logged in by the SSH front door's ticket, client/door.py)."""
    address: str = ""
    size: int = 19
    bot: str | None = None
    engine: str | None = None
