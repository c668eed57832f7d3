"""One connection's bad input never harms another; slow readers are dropped, not buffered."""

import msgpack
import pytest
import trio
import trio.testing

from qipai.protocol import Decoder, encode
from server.connection import serve_connection
from server.connection_limits import DEFAULT_LIMITS, ConnectionLimits, Gate
from server.session import OUTBOX_LIMIT

from .harness import Client, running_hall, user
from .test_go_game import play, table_for_two


async def closed_after_error(client: Client, code: str) -> None:
    error = await client.push(lambda m: m["type"] == "error")
    assert error["code"] == code and error["id"] is None
    bye = await client.push(lambda m: m["type"] == "bye")
    assert bye["code"] == code
    with pytest.raises(EOFError), trio.fail_after(5):
        while True:
            await client._receive()


@pytest.mark.trio
async def test_garbage_bytes_close_only_that_connection_while_a_game_goes_on(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, bob, table = await table_for_two(server)
        mallory = await user(server, "mallory")
        await play(ann, table, "E5")
        await mallory.send_raw(b"\xc1\xc1\xc1 not msgpack at all")
        await closed_after_error(mallory, "bad_frame")
        await play(bob, table, "C3")
        await play(ann, table, "G7")
        view = (await bob.ok("snapshot", table=table))["view"]
        assert view["game"]["move_number"] == 3


@pytest.mark.trio
async def test_an_oversized_frame_is_refused_and_the_hall_goes_on(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, bob, table = await table_for_two(server)
        mallory = await user(server, "mallory")
        huge = encode({"type": "chat", "id": 1, "text": "x", "pad": ["y" * 1000] * 100})
        await mallory.send_raw(huge)
        await closed_after_error(mallory, "frame_too_large")
        await play(ann, table, "E5")
        assert (await bob.ok("snapshot", table=table))["view"]["game"]["last_move"] == "E5"


@pytest.mark.trio
async def test_too_deep_and_bad_keys_are_fatal(tmp_path):
    async with running_hall(tmp_path) as server:
        deep: dict = {"type": "ping", "id": 1}
        for _ in range(12):
            deep = {"x": deep}
        client = await Client.connect(server)
        await client.send_raw(encode(deep))
        await closed_after_error(client, "too_deep")
        client = await Client.connect(server)
        await client.send_raw(msgpack.packb({1: "ping"}))
        await closed_after_error(client, "bad_frame")


@pytest.mark.trio
async def test_shape_errors_keep_the_connection_open(tmp_path):
    async with running_hall(tmp_path) as server:
        client = await user(server, "ann")
        await client.send_raw(encode([1, 2, 3]))
        assert (await client.push(lambda m: m["type"] == "error"))["code"] == "not_a_map"
        assert await client.error("sit", table="1", seat="black") == "bad_field"
        assert await client.error("create_table", room="chess") == "no_such_room"
        assert await client.error("create_table", room="go", options={"size": 10}) == "bad_option"
        assert await client.error("chat", text="   ") == "bad_field"
        assert await client.error("chat", text="hi", table=5) == "no_such_table"
        assert (await client.ok("lobby"))["tables"] == []


@pytest.mark.trio
async def test_a_request_split_across_many_writes_is_handled(tmp_path):
    async with running_hall(tmp_path) as server:
        client = await Client.connect(server)
        data = encode({"type": "ping", "id": 77})
        for i in range(len(data)):
            await client.send_raw(data[i : i + 1])
            await trio.sleep(0.001)
        with trio.fail_after(5):
            while 77 not in client.replies:
                await client._receive()
        assert client.replies[77]["type"] == "ok"


class FakeHall:
    """Just enough hall for one connection: each request is answered with a burst of pushes."""

    def __init__(self) -> None:
        self.sessions = []

    def connected(self, session):
        self.sessions.append(session)

    def disconnected(self, session):
        self.gone = session

    async def handle(self, session, message):
        session.greeted = True
        for _ in range(OUTBOX_LIMIT + 10):
            session.send({"type": "chat", "table": None, "from": "x", "text": "y" * 100})


@pytest.mark.trio
async def test_a_client_that_stops_reading_is_disconnected_not_buffered():
    hall = FakeHall()
    server_side, client_side = trio.testing.lockstep_stream_pair()
    gate = Gate(ConnectionLimits(slow_reader_seconds=0.5))
    async with trio.open_nursery() as nursery:
        nursery.start_soon(serve_connection, hall, server_side, gate)
        await client_side.send_all(encode({"type": "hello", "id": 0, "version": 1}))
        # The client never reads: the outbox fills and the server gives up on it.
        with trio.fail_after(5):
            while not getattr(hall, "gone", None):
                await trio.sleep(0.01)
    assert hall.gone.closed


@pytest.mark.trio
async def test_a_silent_connection_is_closed_after_the_handshake_timeout(tmp_path, autojump_clock):
    hall = FakeHall()
    server_side, client_side = trio.testing.memory_stream_pair()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(serve_connection, hall, server_side)
        with trio.fail_after(DEFAULT_LIMITS.handshake_seconds + 5):
            received = b""
            while chunk := await client_side.receive_some(4096):
                received += chunk
    (bye,) = Decoder().feed(received)
    assert bye["type"] == "bye" and bye["code"] == "handshake_required"
    assert hall.gone.closed
