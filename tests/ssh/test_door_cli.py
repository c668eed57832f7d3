"""``qipai-server --ssh PORT`` when the door cannot open: the hall says why and exits 1."""

from __future__ import annotations

import socket
import subprocess
import sys

from server.ssh.launcher import loopback_for


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
