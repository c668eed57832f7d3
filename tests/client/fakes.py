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

    def asked(self) -> list[dict[str, Any]]:
        """The requests but a mahjong table's opening ones: its switch to incremental events
        and the snapshot it asks for after it."""
        asked: list[dict[str, Any]] = []
        switched = False
        for request in self.requests:
            if request["type"] == "act" and request.get("action") == "incremental":
                switched = True
            elif not (switched and request["type"] == "snapshot"):
                asked.append(request)
            else:
                switched = False
        return asked

    def acts(self) -> list[dict[str, Any]]:
        """The acts a player chose: not the mahjong table's own switch to incremental events
        (client/screens/mahjong_incremental.py), which it sends when it opens."""
        return [r for r in self.requests if r["type"] == "act" and r["action"] != "incremental"]


def board_rows(diagram: str) -> list[str]:
    """ASCII diagram (top row first, `X` black, `O` white, `.` empty) to the wire's board rows."""
    return ["".join(line.split()) for line in diagram.strip().splitlines()]


def go_view_wire(size: int = 9, **fields: Any) -> dict[str, Any]:
    """A Go view as docs/protocol.md section 6 shapes it; `fields` override game fields, except
    `you`, `seats`, `spectators` and `legal`/`forbidden`, which go where the protocol puts them."""
    you = {
        "seats": fields.pop("you", ["black"]),
        "legal": fields.pop("legal", ["play", "pass", "resign", "undo_request"]),
        "forbidden": fields.pop("forbidden", []),
    }
    game: dict[str, Any] = {
        "phase": "play",
        "size": size,
        "komi": 3.5,
        "handicap": 0,
        "board": ["." * size] * size,
        "to_move": "black",
        "move_number": 0,
        "last_move": None,
        "captures": {"black": 0, "white": 0},
        "clocks": None,
        "dead": [],
        "count": None,
        "confirmed": [],
        "undo_request": None,
        "result": None,
    }
    view: dict[str, Any] = {
        "table": fields.pop("table", 3),
        "room": "go",
        "seq": fields.pop("seq", 1),
        "options": {"size": size},
        "seats": fields.pop(
            "seats",
            {
                "black": {"name": "alice", "online": True, "bot": False},
                "white": {"name": "bob", "online": True, "bot": False},
            },
        ),
        "spectators": fields.pop("spectators", 0),
        "you": you,
    }
    game.update(fields)
    view["game"] = game
    return view
