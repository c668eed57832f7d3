"""The asyncio hall connection against a scripted msgpack peer: replies matched by id, error
replies as HallError codes, pushes handed on, and a broken stream failing what is pending."""

from __future__ import annotations

import asyncio

import msgpack
import pytest

from client.connection import HallConnection, HallError
from qipai.protocol import Decoder, encode


async def scripted_hall(script):
    """Serve one connection on loopback; `script(reader, writer, decoder)` plays the hall."""

    async def handle(reader, writer):
        try:
            await script(reader, writer, Decoder())
        finally:
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    return server, server.sockets[0].getsockname()[1]


async def next_request(reader, decoder):
    while True:
        data = await reader.read(4096)
        if not data:
            raise ConnectionError("client went away")
        messages = decoder.feed(data)
        if messages:
            return messages[0]


async def answer_hello(reader, writer, decoder):
    hello = await next_request(reader, decoder)
    assert hello["type"] == "hello" and hello["version"] == 1
    writer.write(encode({"type": "ok", "id": hello["id"], "version": 1}))


@pytest.mark.asyncio
async def test_replies_are_matched_by_id_and_pushes_go_to_the_app():
    async def script(reader, writer, decoder):
        await answer_hello(reader, writer, decoder)
        first = await next_request(reader, decoder)
        second = await next_request(reader, decoder)
        # A push first, then the replies in the opposite order of the requests.
        writer.write(encode({"type": "event", "table": 1, "seq": 1, "kind": "move"}))
        writer.write(encode({"type": "ok", "id": second["id"], "which": "second"}))
        writer.write(
            encode(
                {
                    "type": "error",
                    "id": first["id"],
                    "code": "seat_taken",
                    "message": "black is taken",
                }
            )
        )
        await writer.drain()
        await reader.read(1)

    server, port = await scripted_hall(script)
    pushes = []
    async with server:
        hall = await HallConnection.open("127.0.0.1", port, on_push=pushes.append)
        first = asyncio.create_task(hall.request("sit", table=1, seat="black"))
        await asyncio.sleep(0.05)
        second = asyncio.create_task(hall.request("lobby"))
        assert (await second)["which"] == "second"
        with pytest.raises(HallError) as refused:
            await first
        assert (refused.value.code, refused.value.message) == ("seat_taken", "black is taken")
        assert pushes == [{"type": "event", "table": 1, "seq": 1, "kind": "move"}]
        await hall.close()


@pytest.mark.asyncio
async def test_garbage_from_the_hall_fails_pending_requests_and_reports_the_loss_once():
    async def script(reader, writer, decoder):
        await answer_hello(reader, writer, decoder)
        await next_request(reader, decoder)
        writer.write(b"\xc1" * 8)  # 0xc1 is never valid msgpack
        await writer.drain()
        await reader.read(1)

    server, port = await scripted_hall(script)
    closed = []
    async with server:
        hall = await HallConnection.open(
            "127.0.0.1", port, on_push=lambda m: None, on_closed=closed.append
        )
        with pytest.raises(HallError) as lost:
            await hall.request("lobby")
        assert lost.value.code == "connection_lost"
        assert closed == ["garbled data from the hall (bad_frame)"]
        with pytest.raises(HallError) as again:
            await hall.request("lobby")
        assert again.value.code == "connection_lost"
        await hall.close()
    assert closed == ["garbled data from the hall (bad_frame)"]


@pytest.mark.asyncio
async def test_a_hall_that_refuses_the_handshake_is_reported_with_its_code():
    async def script(reader, writer, decoder):
        hello = await next_request(reader, decoder)
        writer.write(
            msgpack.packb(
                {
                    "type": "error",
                    "id": hello["id"],
                    "code": "bad_version",
                    "message": "this hall speaks version 2",
                }
            )
        )
        await writer.drain()
        await reader.read(1)

    server, port = await scripted_hall(script)
    async with server:
        with pytest.raises(HallError) as refused:
            await HallConnection.open("127.0.0.1", port, on_push=lambda m: None)
    assert refused.value.code == "bad_version"


@pytest.mark.asyncio
async def test_nobody_listening_is_unreachable():
    server = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    server.close()
    await server.wait_closed()
    with pytest.raises(HallError) as refused:
        await HallConnection.open("127.0.0.1", port, on_push=lambda m: None)
    assert refused.value.code == "unreachable"
