"""The outbox over real sockets: one write per peer per handled request, pushes from other tasks
still go out, a peer that pipelines while it reads is slowed (never dropped), one that stops
reading is told ``bye slow_reader``, and a slow peer gets every byte in order."""

import os
import socket
import struct

import pytest
import trio

from qipai.protocol import Decoder, encode
from server import connection
from server.connection import Outbox, serve_connection
from server.connection_limits import ConnectionLimits, Gate
from server.session import OUTBOX, Session


async def socket_streams() -> tuple[trio.SocketStream, trio.SocketStream]:
    """Two ends of a loopback TCP connection with small kernel buffers, so that they fill.

    The segments are Ethernet-sized: loopback's 64 KB segments would not fit the small receive
    window, and the kernel would then send only on its zero-window probes, whose backoff grows
    past any wait a test can afford."""
    (listener,) = await trio.open_tcp_listeners(0, host="127.0.0.1")
    listener.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, 1460)
    async with listener:
        port = listener.socket.getsockname()[1]
        client = await trio.open_tcp_stream("127.0.0.1", port)
        server = await listener.accept()
    for stream in (server, client):
        stream.socket.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 32 * 1024)
        stream.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 32 * 1024)
    return server, client


class CountingWrites:
    """Stands in for ``os`` in the connection module and counts the writes it passes on."""

    def __init__(self) -> None:
        self.writes = 0

    def write(self, fd: int, data: bytes) -> int:
        self.writes += 1
        return os.write(fd, data)

    def __getattr__(self, name: str):
        return getattr(os, name)


async def read_messages(stream: trio.SocketStream, count: int) -> list[dict]:
    decoder, messages = Decoder(), []
    with trio.fail_after(10):
        while len(messages) < count:
            data = await stream.receive_some(1 << 16)
            assert data, "the server closed the connection early"
            messages.extend(decoder.feed(data))
    return messages


class BurstHall:
    """Each request is answered with ``burst`` pushes; a ``tell`` request pushes to the other
    connection too, the way a move reaches the opponent."""

    def __init__(self, burst: int = 1, size: int = 10) -> None:
        self.burst = burst
        self.size = size
        self.sessions: list[Session] = []
        self.gone: list[Session] = []

    def connected(self, session):
        self.sessions.append(session)

    def disconnected(self, session):
        self.gone.append(session)

    async def handle(self, session, message):
        session.greeted = True
        for n in range(self.burst):
            session.send({"type": "chat", "n": n, "text": "y" * self.size})
        if message.get("type") == "tell":
            for other in self.sessions:
                if other is not session:
                    other.send({"type": "event", "kind": "move"})


@pytest.mark.trio
async def test_a_handled_request_reaches_each_peer_in_one_write(monkeypatch):
    counting = CountingWrites()
    monkeypatch.setattr(connection, "os", counting)
    hall = BurstHall(burst=3)
    (ann_server, ann), (bob_server, bob) = await socket_streams(), await socket_streams()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(serve_connection, hall, ann_server)
        nursery.start_soon(serve_connection, hall, bob_server)
        await bob.send_all(encode({"type": "hello", "id": 0, "version": 1}))
        assert len(await read_messages(bob, 3)) == 3
        assert counting.writes == 1
        await ann.send_all(encode({"type": "tell", "id": 1}))
        assert [m["n"] for m in await read_messages(ann, 3)] == [0, 1, 2]
        assert (await read_messages(bob, 1))[0]["kind"] == "move"
        assert counting.writes == 3  # one to ann (three messages), one to bob
        nursery.cancel_scope.cancel()


@pytest.mark.trio
async def test_a_push_from_another_task_is_written_without_a_request():
    server_side, client_side = await socket_streams()
    outbox = Outbox(server_side)
    session = Session("test", outbox)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(outbox.write)
        session.send({"type": "lobby", "kind": "online", "name": "ann"})
        (message,) = await read_messages(client_side, 1)
        assert message == {"type": "lobby", "kind": "online", "name": "ann"}
        session.close("bye_now", "closing")
        (bye,) = await read_messages(client_side, 1)
        assert bye["type"] == "bye" and bye["code"] == "bye_now"
    assert session.closed  # the writer ended after the goodbye


@pytest.mark.trio
async def test_a_slow_reader_gets_every_byte_in_order_once_it_reads():
    server_side, client_side = await socket_streams()
    outbox = Outbox(server_side)
    session = Session("test", outbox)
    big = "z" * 10_000
    count = OUTBOX - 1  # 2.5 MB: far more than the kernel holds, never more than OUTBOX queued
    async with trio.open_nursery() as nursery:
        nursery.start_soon(outbox.write)
        for n in range(count):
            session.send({"type": "chat", "n": n, "text": big})
        connection.flush_outboxes()
        assert not session.closed
        await trio.sleep(0.05)  # the peer is slow: the writer waits for room meanwhile
        messages = await read_messages(client_side, count)
        assert [m["n"] for m in messages] == list(range(count))
        assert all(m["text"] == big for m in messages)
        nursery.cancel_scope.cancel()


@pytest.mark.trio
async def test_a_peer_that_pipelines_and_reads_slowly_is_slowed_not_dropped():
    hall = BurstHall(burst=4, size=4000)
    server_side, client_side = await socket_streams()
    count = OUTBOX + 64  # each answered by 4 pushes of 4 KB: far more than the kernels hold
    async with trio.open_nursery() as nursery:
        nursery.start_soon(serve_connection, hall, server_side)

        async def pipeline() -> None:
            for n in range(count):
                await client_side.send_all(encode({"type": "ping", "id": n}))

        nursery.start_soon(pipeline)
        decoder, messages = Decoder(), []
        with trio.fail_after(30):
            while len(messages) < count * hall.burst:
                await trio.sleep(0.001)  # a slow reader, but a reader
                messages.extend(decoder.feed(await client_side.receive_some(16384)))
        assert [m["n"] for m in messages] == list(range(hall.burst)) * count
        assert not hall.gone
        nursery.cancel_scope.cancel()


@pytest.mark.trio
async def test_a_peer_that_stops_reading_is_told_slow_reader_once_it_reads_again(caplog):
    hall = BurstHall(burst=4, size=4000)
    server_side, client_side = await socket_streams()
    gate = Gate(ConnectionLimits(slow_reader_seconds=1.0))
    async with trio.open_nursery() as nursery:
        nursery.start_soon(serve_connection, hall, server_side, gate)
        sent = 0
        with trio.move_on_after(1.0):  # the server stops reading it: these writes stall
            while True:
                sent += 1
                await client_side.send_all(encode({"type": "ping", "id": sent}))
        assert not hall.gone  # slowed, not dropped, while it only stopped for a moment
        with trio.fail_after(10):
            while "took no byte" not in caplog.text:
                await trio.sleep(0.01)
            received = b""
            while chunk := await client_side.receive_some(1 << 16):
                received += chunk
    messages = Decoder().feed(received)
    assert messages[-1] == {"type": "bye", "code": "slow_reader", "message": "you stopped reading"}
    pushes = messages[:-1]
    assert pushes and [m["n"] for m in pushes] == [n % 4 for n in range(len(pushes))]
    assert len(pushes) < sent * hall.burst  # what waited was dropped for the goodbye
    assert hall.gone and hall.gone[0].address.startswith("127.0.0.1:")


@pytest.mark.trio
async def test_a_peer_that_went_away_breaks_only_its_own_connection():
    hall = BurstHall(burst=1)
    (ann_server, ann), (bob_server, bob) = await socket_streams(), await socket_streams()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(serve_connection, hall, ann_server)
        nursery.start_soon(serve_connection, hall, bob_server)
        await bob.send_all(encode({"type": "hello", "id": 0, "version": 1}))
        await read_messages(bob, 1)
        bob_address = f"127.0.0.1:{bob.socket.getsockname()[1]}"
        await bob.aclose()
        await ann.send_all(encode({"type": "tell", "id": 1}))  # pushes to the vanished bob too
        assert len(await read_messages(ann, 1)) == 1
        with trio.fail_after(5):
            while len(hall.gone) < 1:
                await trio.sleep(0.01)
        assert [s.address for s in hall.gone] == [bob_address]
        await ann.send_all(encode({"type": "ping", "id": 2}))
        assert len(await read_messages(ann, 1)) == 1
        nursery.cancel_scope.cancel()


@pytest.mark.trio
async def test_nothing_is_written_after_the_connection_ended():
    server_side, client_side = await socket_streams()
    outbox = Outbox(server_side)
    session = Session("test", outbox)
    outbox.detach()
    session.send({"type": "chat", "text": "late"})
    assert session.closed
    with pytest.raises(trio.ClosedResourceError):
        outbox.send_nowait(b"\x80")


@pytest.mark.trio
async def test_a_reset_connection_ends_quietly():
    hall = BurstHall(burst=1)
    server_side, client_side = await socket_streams()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(serve_connection, hall, server_side)
        await client_side.send_all(encode({"type": "hello", "id": 0, "version": 1}))
        await read_messages(client_side, 1)
        await client_side.send_all(encode({"type": "ping", "id": 1}))
        # Close with unread data and no linger: the kernel answers with a reset.
        client_side.socket.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        await client_side.aclose()
        with trio.fail_after(5):
            while not hall.gone:
                await trio.sleep(0.01)
    assert hall.gone[0].closed
