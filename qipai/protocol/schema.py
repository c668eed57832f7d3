"""The message schema: which requests exist, which fields they carry, and how replies look.

Validation here is about shape only (types, presence, lengths); whether an action is allowed
now is the server's and the engine's business.  Unknown extra fields are ignored so that a
newer client can talk to an older server of the same protocol version.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import ErrorCode, ProtocolError

PROTOCOL_VERSION = 1

#: Seat names of a Go table, in play order.
GO_SEATS = ("black", "white")

#: Actions a seat can send with ``act`` at a Go table.
GO_ACTIONS = (
    "play",
    "pass",
    "resign",
    "undo_request",
    "undo_accept",
    "undo_decline",
    "toggle_dead",
    "confirm",
    "resume",
)

#: Every integer a request carries (its id, a table, a game, an amount, a version) lies in
#: 0 .. MAX_ID-1: exact in any client's doubles, and far inside SQLite's 64-bit integers.
MAX_ID = 2**53


@dataclass(frozen=True)
class Field:
    name: str
    kind: type
    required: bool = True
    max_len: int | None = None


_NAME = Field("name", str, max_len=64)
_PASSWORD = Field("password", str, max_len=1024)
_TABLE = Field("table", int)

REQUESTS: dict[str, tuple[Field, ...]] = {
    "hello": (Field("version", int), Field("client", str, False, 128)),
    "register": (
        _NAME,
        _PASSWORD,
        Field("go_rank", str, False, 4),
        Field("invite", str, False, 128),
    ),
    "login": (_NAME, _PASSWORD),
    "resume_session": (Field("token", str, max_len=128),),
    "logout": (),
    "ping": (),
    "lobby": (),
    "chat": (Field("text", str, max_len=500), Field("table", int, False)),
    "create_table": (Field("room", str, max_len=32), Field("options", dict, False)),
    "sit": (_TABLE, Field("seat", str, max_len=16)),
    "stand": (_TABLE,),
    "watch": (_TABLE,),
    "leave": (_TABLE,),
    "snapshot": (_TABLE,),
    "act": (
        _TABLE,
        Field("action", str, max_len=32),
        Field("point", str, False, 8),
        Field("seat", str, False, 16),
    ),
    "games": (),
    "game_record": (Field("game", int),),
    # The running Go game so far, for a spectator who came late to step back through it.
    "table_record": (_TABLE,),
    # Every stored hand of the mahjong match one stored hand belongs to (the replay viewer).
    "match_hands": (Field("game", int),),
    "resume_game": (Field("game", int),),
    "relief": (),
    # An invitation code for a hall whose registration is by invitation (platform.md).
    "invite": (),
    "profile": (Field("name", str, False, 64),),
    "leaderboard": (Field("board", str, max_len=32),),
    # A spectator's bet on a golden (ranked Go) table (platform.md §5).
    "bet": (_TABLE, Field("side", str, max_len=8), Field("amount", int)),
    # The SSH front door (client/ssh): it proves itself with the secret the server gave it,
    # and hands the visitor's client a one-time ticket that ``ticket_login`` redeems.
    "door_lookup": (Field("secret", str, max_len=128), _NAME),
    "door_ticket": (
        Field("secret", str, max_len=128),
        Field("name", str, False, 64),
        Field("password", str, False, 1024),
        Field("register", bool, False),
        Field("guest", bool, False),
        Field("address", str, False, 64),
    ),
    "ticket_login": (Field("ticket", str, max_len=128),),
}

#: Requests allowed before login (after the handshake).
ANONYMOUS_REQUESTS = frozenset(
    {
        "hello",
        "register",
        "login",
        "resume_session",
        "ping",
        "door_lookup",
        "door_ticket",
        "ticket_login",
    }
)


def _type_name(kind: type) -> str:
    return {str: "string", int: "integer", bool: "boolean", dict: "map", list: "array"}[kind]


def _check_field(message: dict[str, Any], field: Field) -> None:
    if field.name not in message or message[field.name] is None:
        if field.required:
            raise ProtocolError(ErrorCode.MISSING_FIELD, f"field '{field.name}' is required")
        return
    value = message[field.name]
    # bool is an int subclass in Python, but on the wire they are different things.
    wrong = not isinstance(value, field.kind) or (field.kind is int and isinstance(value, bool))
    if wrong:
        raise ProtocolError(
            ErrorCode.BAD_FIELD, f"field '{field.name}' must be a {_type_name(field.kind)}"
        )
    if field.kind is int and not 0 <= value < MAX_ID:
        raise ProtocolError(
            ErrorCode.BAD_FIELD, f"field '{field.name}' must be an integer from 0 to 2**53-1"
        )
    if field.max_len is not None and len(value) > field.max_len:
        raise ProtocolError(
            ErrorCode.BAD_FIELD, f"field '{field.name}' is longer than {field.max_len}"
        )


def request_id(message: Any) -> int | None:
    """The id to echo in the reply, or None when the message has no usable id."""
    if isinstance(message, dict):
        rid = message.get("id")
        if isinstance(rid, int) and not isinstance(rid, bool) and 0 <= rid < MAX_ID:
            return rid
    return None


def validate_request(message: Any) -> dict[str, Any]:
    """Check a decoded value is a well-formed request; return it unchanged."""
    if not isinstance(message, dict):
        raise ProtocolError(ErrorCode.NOT_A_MAP, "every message must be a map")
    kind = message.get("type")
    if not isinstance(kind, str):
        raise ProtocolError(ErrorCode.MISSING_FIELD, "field 'type' (a string) is required")
    fields = REQUESTS.get(kind)
    if fields is None:
        raise ProtocolError(ErrorCode.UNKNOWN_TYPE, f"unknown message type {kind[:40]!r}")
    if request_id(message) is None:
        raise ProtocolError(
            ErrorCode.MISSING_FIELD, "field 'id' (an integer from 0 to 2**53-1) is required"
        )
    for field in fields:
        _check_field(message, field)
    return message


def ok_reply(rid: int | None, **fields: Any) -> dict[str, Any]:
    return {"type": "ok", "id": rid, **fields}


def error_reply(rid: int | None, code: ErrorCode, message: str) -> dict[str, Any]:
    return {"type": "error", "id": rid, "code": str(code), "message": message}


def reply_for(rid: int | None, error: ProtocolError) -> dict[str, Any]:
    return error_reply(rid, error.code, error.message)
