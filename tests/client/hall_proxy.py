"""A loopback door in front of a real hall, for tests of a client whose hall goes away: closing
it cuts every connection through it and stops listening, so to the client the hall is gone
(refused connections, a countdown) while the hall behind keeps the seats and plays on; opening
it again on the same port brings the hall back."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from qipai.protocol import encode


class HallProxy:
    def __init__(self, hall_host: str, hall_port: int) -> None:
        self.hall = (hall_host, hall_port)
        self.port = 0
        self._server: asyncio.Server | None = None
        self._clients: set[asyncio.StreamWriter] = set()
        self._halls: set[asyncio.StreamWriter] = set()

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    async def open(self) -> None:
        """Listen (again, on the same port once one was chosen)."""
        self._server = await asyncio.start_server(self._link, "127.0.0.1", self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def close(self, farewell: dict[str, Any] | None = None) -> None:
        """The hall goes away: each client first gets `farewell` (a `bye`), if given."""
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None
        for writer in list(self._clients):
            if farewell is not None and not writer.is_closing():
                writer.write(encode(farewell))
                with contextlib.suppress(ConnectionError):
                    await writer.drain()
        for writer in self._clients:
            writer.close()  # after the farewell, as the hall closes a connection
        for writer in self._halls:
            writer.transport.abort()
        self._clients.clear()
        self._halls.clear()

    async def _link(self, client_reader: asyncio.StreamReader, client: asyncio.StreamWriter):
        hall_reader, hall = await asyncio.open_connection(*self.hall)
        self._clients.add(client)
        self._halls.add(hall)
        await asyncio.gather(
            _pump(client_reader, hall), _pump(hall_reader, client), return_exceptions=True
        )
        self._clients.discard(client)
        self._halls.discard(hall)
        for writer in (client, hall):
            writer.transport.abort()


async def _pump(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    while data := await reader.read(65536):
        writer.write(data)
        await writer.drain()
    writer.transport.abort()
