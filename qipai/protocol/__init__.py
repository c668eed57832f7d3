"""The hall's wire protocol: msgpack framing with limits, the message schema, error codes.

Pure: no sockets and no event loop, so the trio server and the asyncio client share it.
The full description, with an example of every message, is docs/protocol.md.
"""

from .codec import DEFAULT_LIMITS, Decoder, Limits, encode
from .errors import FATAL_CODES, ErrorCode, ProtocolError
from .mahjong_options import MAHJONG_ROOMS, MAHJONG_SEATS, MahjongOptions
from .options import GoClock, GoOptions, parse_options
from .schema import (
    ANONYMOUS_REQUESTS,
    GO_ACTIONS,
    GO_SEATS,
    PROTOCOL_VERSION,
    REQUESTS,
    error_reply,
    ok_reply,
    reply_for,
    request_id,
    validate_request,
)

__all__ = [
    "ANONYMOUS_REQUESTS",
    "DEFAULT_LIMITS",
    "FATAL_CODES",
    "GO_ACTIONS",
    "GO_SEATS",
    "MAHJONG_ROOMS",
    "MAHJONG_SEATS",
    "PROTOCOL_VERSION",
    "REQUESTS",
    "Decoder",
    "ErrorCode",
    "GoClock",
    "GoOptions",
    "Limits",
    "MahjongOptions",
    "ProtocolError",
    "encode",
    "error_reply",
    "ok_reply",
    "parse_options",
    "reply_for",
    "request_id",
    "validate_request",
]
