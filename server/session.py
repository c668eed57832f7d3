"""One connected client as the hall sees it: who it is, what it follows, and its outbox.

The outbox is bounded: ``connection.Outbox`` on a live connection (written to the socket when a
request is handled), a memory channel in tests.  Pushing never waits: the connection stops
reading a client's requests while ``OUTBOX`` messages wait for it, so its own replies never
reach ``OUTBOX_LIMIT``; pushes it did not ask for that do have stopped being read, and the
client is told ``bye slow_reader`` instead of being buffered without bound (memory per
connection <= OUTBOX_LIMIT x max frame).
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

import trio

from qipai.protocol import ErrorCode, encode

log = logging.getLogger(__name__)

OUTBOX = 256
OUTBOX_LIMIT = 1024


class Outbox(Protocol):
    """What a session needs of its outbox: ``connection.Outbox``, or a memory channel."""

    def send_nowait(self, data: bytes) -> None: ...

    def close(self) -> None: ...


class Session:
    def __init__(self, address: str, outbox: Outbox) -> None:
        self.address = address
        self.name: str | None = None
        self.token_digest: bytes | None = None
        self.greeted = False
        self.in_lobby = False
        self.tables: set[int] = set()
        self.closed = False
        self._outbox = outbox

    def push(self, data: bytes) -> None:
        if self.closed:
            return
        try:
            self._outbox.send_nowait(data)
        except trio.WouldBlock:  # only connection.Outbox refuses: a channel would block
            log.warning("%s (%s) stopped reading; disconnected", self.name, self.address)
            self.closed = True
            self._outbox.give_up()  # type: ignore[attr-defined]
        except (trio.ClosedResourceError, trio.BrokenResourceError):
            self.closed = True

    def send(self, message: dict[str, Any]) -> None:
        self.push(encode(message))

    def close(self, code: ErrorCode | str, message: str, **detail: Any) -> None:
        """Say goodbye after everything already queued, then let the writer end the connection."""
        if self.closed:
            return
        self.push(encode({"type": "bye", "code": str(code), "message": message, **detail}))
        self.closed = True
        self._outbox.close()

    def __repr__(self) -> str:
        return f"Session({self.name or '-'}@{self.address})"
