"""``qipai-server --ssh PORT`` when the door cannot open: the hall says why and exits 1."""

from __future__ import annotations

import socket
import subprocess
import sys

import asyncssh
import pytest

from server.door_process import loopback_for

from .harness import start_hall


def test_a_door_that_cannot_listen_stops_the_server_with_a_reason(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "server.cli", "--port", "0", "--db", str(tmp_path / "h.db")]
            + ["--ssh", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1
    assert done.stdout.startswith("QIPAI-READY 127.0.0.1 ")
    assert "QIPAI-SSH-READY" not in done.stdout
    assert "cannot open the SSH door" in done.stderr
    assert "the SSH door did not start" in done.stderr


def test_the_door_reaches_a_hall_on_every_address_through_loopback():
    assert loopback_for("0.0.0.0") == "127.0.0.1"
    assert loopback_for("") == "127.0.0.1"
    assert loopback_for("::") == "::1"
    assert loopback_for("192.168.1.5") == "192.168.1.5"


@pytest.mark.asyncio
async def test_the_servers_ssh_caps_reach_the_door(tmp_path):
    hall = start_hall(tmp_path, extra=("--ssh-caps", "1,5"))
    try:
        first = await asyncssh.connect(
            "127.0.0.1", hall.ssh_port, username="guest", known_hosts=None, agent_path=None
        )
        with pytest.raises((asyncssh.DisconnectError, ConnectionError)):
            await asyncssh.connect(
                "127.0.0.1", hall.ssh_port, username="guest", known_hosts=None, agent_path=None
            )
        first.close()
    finally:
        hall.stop()


def test_caps_must_be_two_numbers_in_order(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "server.cli", "--ssh", "0", "--ssh-caps", "9,2"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "PER_ADDRESS,TOTAL" in done.stderr


def test_the_hall_runs_without_the_ssh_extra():
    blocked = (
        "import sys; sys.modules['asyncssh'] = None; import server.cli, server.hall, server.app"
    )
    done = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
