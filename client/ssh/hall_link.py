"""The door's requests to the hall: the ordinary protocol over loopback, one short connection
per question, with the door's secret.  asyncio, because asyncssh is."""

from __future__ import annotations

import asyncio
from typing import Any

from qipai.protocol import PROTOCOL_VERSION, Decoder, encode

TIMEOUT = 10.0


class HallRefused(Exception):
    """The hall answered with an error (``code`` as in docs/protocol.md) or could not be
    reached (``unreachable``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class HallLink:
    def __init__(self, host: str, port: int, secret: str) -> None:
        self.host = host
        self.port = port
        self.secret = secret

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"

    async def account_exists(self, name: str) -> bool:
        return bool((await self._ask("door_lookup", name=name))["exists"])

    async def ticket(self, **fields: Any) -> tuple[str, str]:
        """(account name, one-time ticket) for a visitor; see ``door_ticket``."""
        reply = await self._ask("door_ticket", **fields)
        return str(reply["name"]), str(reply["ticket"])

    async def _ask(self, kind: str, **fields: Any) -> dict[str, Any]:
        try:
            return await asyncio.wait_for(self._exchange(kind, fields), TIMEOUT)
        except (OSError, TimeoutError, EOFError) as exc:
            raise HallRefused("unreachable", f"the hall does not answer: {exc}") from exc

    async def _exchange(self, kind: str, fields: dict[str, Any]) -> dict[str, Any]:
        reader, writer = await asyncio.open_connection(self.host, self.port)
        try:
            hello = {"type": "hello", "id": 0, "version": PROTOCOL_VERSION, "client": "ssh-door"}
            request = {"type": kind, "id": 1, "secret": self.secret, **fields}
            writer.write(encode(hello) + encode(request))
            await writer.drain()
            decoder = Decoder()
            while True:
                data = await reader.read(65536)
                if not data:
                    raise EOFError("connection closed")
                for message in decoder.feed(data):
                    if message.get("id") == 0 and message.get("type") == "error":
                        raise HallRefused(str(message.get("code")), str(message.get("message")))
                    if message.get("id") == 1:
                        if message.get("type") == "error":
                            raise HallRefused(str(message.get("code")), str(message.get("message")))
                        return message
        finally:
            writer.close()
            await writer.wait_closed()
