"""Messages the hall connection posts into the Textual app (from the reader task, same loop)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.message import Message


@dataclass
class HallPush(Message):
    """A message the hall sent without being asked: a table event or snapshot, a lobby or chat
    push, or `bye`."""

    message: dict[str, Any]


@dataclass
class HallClosed(Message):
    """The connection to the hall is gone; `reason` is for people."""

    reason: str
