"""A real hall on 127.0.0.1 port 0 and protocol clients speaking to it over TCP."""

from __future__ import annotations

from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

import trio

from qipai.platform.newcomers import NO_NEWCOMERS, RegistrationMode, RegistrationPolicy
from qipai.protocol import Decoder, encode
from server.app import Server
from server.bots import BotFactory
from server.hall import HallConfig
from server.store import Store

OPEN_ECONOMY = {
    "registration": RegistrationPolicy(RegistrationMode.OPEN),
    "newcomers": NO_NEWCOMERS,
}
"""A hall without the farming defences: tests of everything else register many accounts from
the one test address and play or bet with them fresh. The defences themselves are tested with
the hall's own settings (``farming_defences=True``, tests/server/test_farming.py)."""


@asynccontextmanager
async def running_hall(
    tmp_path,
    bots: BotFactory | None = None,
    config: HallConfig | None = None,
    *,
    farming_defences: bool = False,
):
    config = config or HallConfig()
    if not farming_defences:
        config = replace(config, **OPEN_ECONOMY)
    store = Store(str(tmp_path / "hall.db"))
    server = Server(store, bots or BotFactory(None, seed=1), config)
    try:
        async with trio.open_nursery() as nursery:
            port = await nursery.start(server.run, "127.0.0.1", 0)
            server.port = port
            yield server
            server.stop()
    finally:
        store.close()


class Client:
    """A bare protocol client: requests with ids, and every push kept in ``pushes``."""

    def __init__(self, stream: trio.SocketStream) -> None:
        self.stream = stream
        self.decoder = Decoder()
        self.next_id = 0
        self.pushes: list[dict[str, Any]] = []
        self.replies: dict[int, dict[str, Any]] = {}
        self.closed = False

    @classmethod
    async def connect(cls, server: Server, hello: bool = True, source: str | None = None) -> Client:
        """A connection from 127.0.0.1, or from ``source`` (127.0.0.2 is another address)."""
        stream = await trio.open_tcp_stream("127.0.0.1", server.port, local_address=source)
        client = cls(stream)
        if hello:
            await client.ok("hello", version=1, client="test")
        return client

    async def send_raw(self, data: bytes) -> None:
        await self.stream.send_all(data)

    async def _receive(self) -> None:
        data = await self.stream.receive_some(65536)
        if not data:
            self.closed = True
            raise EOFError("server closed the connection")
        for message in self.decoder.feed(data):
            if message.get("type") in ("ok", "error") and message.get("id") is not None:
                self.replies[message["id"]] = message
            else:
                self.pushes.append(message)

    async def request(self, kind: str, **fields: Any) -> dict[str, Any]:
        rid = self.next_id
        self.next_id += 1
        await self.stream.send_all(encode({"type": kind, "id": rid, **fields}))
        with trio.fail_after(10):
            while rid not in self.replies:
                await self._receive()
        return self.replies.pop(rid)

    async def ok(self, kind: str, **fields: Any) -> dict[str, Any]:
        reply = await self.request(kind, **fields)
        assert reply["type"] == "ok", reply
        return reply

    async def error(self, kind: str, **fields: Any) -> str:
        reply = await self.request(kind, **fields)
        assert reply["type"] == "error", reply
        assert isinstance(reply["message"], str) and reply["message"]
        return reply["code"]

    async def push(self, predicate=lambda m: True, timeout: float = 10) -> dict[str, Any]:
        """The first unread push that matches, waiting for it if needed; earlier ones are dropped."""
        with trio.fail_after(timeout):
            while True:
                while self.pushes:
                    message = self.pushes.pop(0)
                    if predicate(message):
                        return message
                await self._receive()

    async def event(self, kind: str, table: int | None = None) -> dict[str, Any]:
        return await self.push(
            lambda m: (
                m["type"] == "event"
                and m["kind"] == kind
                and (table is None or m["table"] == table)
            )
        )

    async def aclose(self) -> None:
        await self.stream.aclose()


async def user(
    server: Server, name: str, password: str = "password-1", address: str | None = None
) -> Client:
    client = await Client.connect(server, source=address)
    await client.ok("register", name=name, password=password)
    return client
