"""The hall's wire protocol: msgpack framing with limits, the message schema, error codes.

Pure: no sockets and no event loop, so the trio server and the asyncio client share it. It
knows no game either: table options are parsed by the parsers the hall hands in
(``parse_options``), so importing the codec loads no rules.
The full description, with an example of every message, is docs/protocol.md.
"""

from .codec import DEFAULT_LIMITS, Decoder, Limits, encode
from .errors import FATAL_CODES, ErrorCode, ProtocolError
from .options import OptionsParser, parse_options
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
    "PROTOCOL_VERSION",
    "REQUESTS",
    "Decoder",
    "ErrorCode",
    "Limits",
    "OptionsParser",
    "ProtocolError",
    "encode",
    "error_reply",
    "ok_reply",
    "parse_options",
    "reply_for",
    "request_id",
    "validate_request",
]
