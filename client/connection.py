"""The client's end of the hall protocol, on asyncio because Textual runs on asyncio.

One reader task feeds received bytes to the shared `qipai.protocol.Decoder`; a reply is matched to
its request by id and resolves that request's future, and everything else (table events, lobby
and chat pushes) goes to `on_push`, which the app turns into Textual messages. A lost connection
fails every pending request with `HallError("connection_lost")` and calls `on_closed` once.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import Callable
from typing import Any

from qipai.protocol import PROTOCOL_VERSION, Decoder, ProtocolError, encode

CONNECT_TIMEOUT = 10.0
REQUEST_TIMEOUT = 30.0
READ_CHUNK = 64 * 1024


class HallError(Exception):
    """The hall said no, or could not be reached: `code` is stable, `message` is for people."""

    def __init__(self, code: str, message: str, where: str = "") -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.where = where  # the hall's address, for `unreachable`


Push = Callable[[dict[str, Any]], None]


class HallConnection:
    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        on_push: Push,
        on_closed: Callable[[str], None] | None = None,
    ) -> None:
        self._reader = reader
        self._writer = writer
        self._on_push = on_push
        self._on_closed = on_closed
        self._ids = itertools.count(1)
        self._pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._decoder = Decoder()
        self._closed_reason: str | None = None
        self._reader_task = asyncio.create_task(self._read_loop(), name="hall-reader")

    @classmethod
    async def open(
        cls,
        host: str,
        port: int,
        on_push: Push,
        on_closed: Callable[[str], None] | None = None,
        client_name: str = "qipai-tui",
    ) -> HallConnection:
        """Connect and shake hands; raises HallError with `unreachable` or the hall's code."""
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(host, port), CONNECT_TIMEOUT
            )
        except (OSError, TimeoutError) as exc:
            where = f"{host}:{port}"
            raise HallError("unreachable", f"cannot reach {where}: {exc}", where) from exc
        connection = cls(reader, writer, on_push, on_closed)
        try:
            await connection.request("hello", version=PROTOCOL_VERSION, client=client_name)
        except HallError:
            await connection.close()
            raise
        return connection

    @property
    def closed(self) -> bool:
        return self._closed_reason is not None

    async def request(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Send one request and wait for its one reply; an error reply raises HallError."""
        if self._closed_reason is not None:
            raise HallError("connection_lost", self._closed_reason)
        rid = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[rid] = future
        message = {"type": kind, "id": rid}
        message.update({k: v for k, v in fields.items() if v is not None})
        try:
            self._writer.write(encode(message))
            await self._writer.drain()
            reply = await asyncio.wait_for(future, REQUEST_TIMEOUT)
        except (OSError, ConnectionError) as exc:
            self._lost(f"write failed: {exc}")
            raise HallError("connection_lost", str(exc)) from exc
        except TimeoutError as exc:
            raise HallError("timeout", f"no reply to {kind} in {REQUEST_TIMEOUT:g} s") from exc
        finally:
            self._pending.pop(rid, None)
        if reply.get("type") == "error":
            raise HallError(str(reply.get("code")), str(reply.get("message", "")))
        return reply

    async def close(self) -> None:
        self._lost("closed by the client", notify=False)
        self._reader_task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._reader_task
        self._writer.close()
        with contextlib.suppress(Exception):
            await self._writer.wait_closed()

    async def _read_loop(self) -> None:
        try:
            while True:
                data = await self._reader.read(READ_CHUNK)
                if not data:
                    self._lost("the hall closed the connection")
                    return
                for message in self._decoder.feed(data):
                    self._dispatch(message)
        except ProtocolError as exc:
            self._lost(f"garbled data from the hall ({exc.code})")
        except (OSError, ConnectionError) as exc:
            self._lost(f"connection lost: {exc}")

    def _dispatch(self, message: Any) -> None:
        if not isinstance(message, dict):
            return
        rid = message.get("id")
        if message.get("type") in ("ok", "error") and rid in self._pending:
            future = self._pending[rid]
            if not future.done():
                future.set_result(message)
            return
        self._on_push(message)

    def _lost(self, reason: str, notify: bool = True) -> None:
        if self._closed_reason is not None:
            return
        self._closed_reason = reason
        for future in self._pending.values():
            if not future.done():
                future.set_exception(HallError("connection_lost", reason))
        if notify and self._on_closed is not None:
            self._on_closed(reason)
