"""A stand-in hall for screen tests: it records every request and answers from a script."""

from __future__ import annotations

from typing import Any

from client.connection import HallError


class FakeHall:
    def __init__(self, errors: dict[str, tuple[str, str]] | None = None) -> None:
        self.requests: list[dict[str, Any]] = []
        self.errors = errors or {}
        self.replies: dict[str, dict[str, Any]] = {}

    async def request(self, kind: str, **fields: Any) -> dict[str, Any]:
        self.requests.append({"type": kind, **fields})
        key = fields.get("action", kind)
        if key in self.errors:
            raise HallError(*self.errors[key])
        return {"type": "ok", **self.replies.get(kind, {})}

    def acts(self) -> list[dict[str, Any]]:
        return [r for r in self.requests if r["type"] == "act"]


def board_rows(diagram: str) -> list[str]:
    """ASCII diagram (top row first, `X` black, `O` white, `.` empty) to the wire's board rows."""
    return ["".join(line.split()) for line in diagram.strip().splitlines()]


def go_view_wire(size: int = 9, **fields: Any) -> dict[str, Any]:
    view: dict[str, Any] = {
        "size": size,
        "board": ["." * size] * size,
        "to_move": "black",
        "move_number": 0,
        "phase": "play",
        "players": {"black": "alice", "white": "bob"},
        "you": "black",
        "legal": ["play", "pass", "resign", "undo_request"],
    }
    view.update(fields)
    return view
