"""Connections are capped per address and in all, and time out unless used (issue 14, item 5).

Every refusal and every timeout is a ``bye`` with its own code, then the end of the stream.
127.0.0.2 stands for a second machine.
"""

from __future__ import annotations

import pytest
import trio

from server.cli import build_parser, connection_limits
from server.connection_limits import ConnectionLimits, Gate
from server.hall import HallConfig

from .harness import Client, running_hall, user


def limited(**limits) -> HallConfig:
    return HallConfig(connections=ConnectionLimits(**limits))


async def goodbye(client: Client) -> dict:
    """The ``bye`` the hall ends with; nothing may follow it."""
    with trio.fail_after(10):
        bye = await client.push(lambda m: m["type"] == "bye")
        with pytest.raises(EOFError):
            while True:
                await client._receive()
    assert not client.pushes, client.pushes
    return bye


async def until_sessions(server, count: int) -> None:
    with trio.fail_after(10):
        while len(server.hall.sessions) != count:
            await trio.sleep(0.01)


@pytest.mark.trio
async def test_connections_are_capped_per_address_and_in_all(tmp_path):
    async with running_hall(tmp_path, config=limited(per_address=3, total=5)) as server:
        first = [await Client.connect(server) for _ in range(3)]
        refused = await Client.connect(server, hello=False)
        bye = await goodbye(refused)
        assert bye["code"] == "too_many_connections" and "3" in bye["message"]
        second = [await Client.connect(server, source="127.0.0.2") for _ in range(2)]
        full = await Client.connect(server, hello=False, source="127.0.0.2")
        assert (await goodbye(full))["code"] == "hall_full"
        for client in [*first, *second]:
            await client.ok("ping")
        await first[0].aclose()
        await until_sessions(server, 4)
        again = await Client.connect(server)
        await again.ok("ping")


@pytest.mark.trio
async def test_a_connection_that_never_says_hello_is_closed(tmp_path):
    async with running_hall(tmp_path, config=limited(handshake_seconds=0.3)) as server:
        silent = await Client.connect(server, hello=False)
        assert (await goodbye(silent))["code"] == "handshake_required"


@pytest.mark.trio
async def test_a_greeted_connection_must_log_in_in_time_pings_or_not(tmp_path):
    async with running_hall(tmp_path, config=limited(login_seconds=0.6)) as server:
        anonymous = await Client.connect(server)
        await anonymous.ok("ping")
        await trio.sleep(0.3)
        await anonymous.ok("ping")
        bye = await goodbye(anonymous)
        assert bye["code"] == "login_timeout" and "0.6 s" in bye["message"]


@pytest.mark.trio
async def test_a_player_at_no_table_who_sends_nothing_is_closed_but_one_at_a_table_stays(tmp_path):
    async with running_hall(tmp_path, config=limited(idle_seconds=0.5)) as server:
        idle = await user(server, "ann")
        seated = await user(server, "bob")
        await seated.ok("create_table", room="go", options={"size": 9})
        assert (await goodbye(idle))["code"] == "idle_timeout"
        await trio.sleep(0.5)  # past bob's idle time too: a table keeps him
        await seated.ok("ping")


def test_the_operator_sets_the_limits_and_the_ssh_doors_address_holds_its_visitors_more():
    args = build_parser().parse_args(
        ["--connection-caps", "4,100", "--idle-seconds", "60", "--ssh", "0", "--ssh-caps", "2,10"]
    )
    limits = connection_limits(args)
    assert (limits.per_address, limits.idle_seconds, limits.login_seconds) == (4, 60.0, 300.0)
    gate = Gate(limits)
    assert [gate.admit("127.0.0.1") for _ in range(22)] == [None] * 22  # 4 + 10 + 8
    assert gate.admit("127.0.0.1").code == "too_many_connections"
    assert [gate.admit("10.0.0.7") for _ in range(4)] == [None] * 4
    assert gate.admit("10.0.0.7").code == "too_many_connections"
    gate.release("10.0.0.7")
    assert gate.admit("10.0.0.7") is None
    plain = connection_limits(build_parser().parse_args([]))
    assert plain == ConnectionLimits() and plain.door_address is None
