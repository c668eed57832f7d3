"""A client may pipeline as many requests as it likes while it reads (issue 14, item 7), chat is
rate limited, and the small faults of the audit get their stable codes (issue 14, Lower)."""

from __future__ import annotations

import pytest
import trio

from qipai.protocol import encode
from server.hall import HallConfig

from .harness import Client, running_hall, user


async def pipelined(client: Client, requests: list[dict]) -> list[dict]:
    """Send every request in one write while reading; every reply, in order."""
    first = client.next_id
    data = b"".join(encode({**r, "id": first + n}) for n, r in enumerate(requests))
    client.next_id += len(requests)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(client.send_raw, data)
        with trio.fail_after(30):
            while len(client.replies) < len(requests):
                await client._receive()
    assert [m for m in client.pushes if m["type"] == "bye"] == []
    return [client.replies.pop(first + n) for n in range(len(requests))]


@pytest.mark.trio
async def test_a_reading_client_pipelining_thousands_of_requests_gets_every_reply(tmp_path):
    async with running_hall(tmp_path) as server:
        client = await user(server, "ann")
        replies = await pipelined(client, [{"type": "ping"}] * 3000)
        assert {r["type"] for r in replies} == {"ok"}
        await client.ok("ping")


@pytest.mark.trio
async def test_chat_is_rate_limited_and_a_chat_flood_neither_drops_nor_reaches_anyone(tmp_path):
    config = HallConfig(chat_burst=5, chat_every=60.0)
    async with running_hall(tmp_path, config=config) as server:
        ann, bob = await user(server, "ann"), await user(server, "bob")
        await bob.ok("lobby")
        assert await ann.error("chat", text="hi", table=99) == "no_such_table"  # costs nothing
        replies = await pipelined(ann, [{"type": "chat", "text": "x" * 500}] * 128)
        assert [r["type"] for r in replies] == ["ok"] * 5 + ["error"] * 123
        assert {r["code"] for r in replies[5:]} == {"rate_limited"}
        await bob.ok("ping")
        assert [m["from"] for m in bob.pushes if m["type"] == "chat"] == ["ann"] * 5


@pytest.mark.trio
async def test_a_second_hello_is_refused_and_changes_nothing(tmp_path):
    async with running_hall(tmp_path) as server:
        client = await user(server, "ann")
        assert await client.error("hello", version=1) == "already_greeted"
        assert await client.error("hello", version=2) == "already_greeted"
        assert (await client.ok("profile"))["name"] == "ann"


WIRE_INTEGERS = [
    ("game_record", {"game": 2**63}),
    ("game_record", {"game": 2**64 - 1}),
    ("game_record", {"game": -1}),
    ("resume_game", {"game": 2**63}),
    ("sit", {"table": 2**63, "seat": "black"}),
    ("chat", {"text": "hi", "table": -(2**63)}),
    ("bet", {"table": 1, "side": "black", "amount": 2**63}),
    ("hello", {"version": 2**64 - 1}),
]


@pytest.mark.trio
async def test_an_integer_off_the_wire_outside_0_to_2_53_is_a_bad_field(tmp_path):
    async with running_hall(tmp_path) as server:
        client = await user(server, "ann")
        for kind, fields in WIRE_INTEGERS:
            reply = await client.request(kind, **fields)
            assert (reply["type"], reply.get("code")) == ("error", "bad_field"), (kind, fields)
        assert await client.error("game_record", game=2**53 - 1) == "no_such_game"
