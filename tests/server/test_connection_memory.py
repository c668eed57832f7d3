"""Memory comes back after bursts of connections (issue 14, item 4).

A server child process takes bursts of concurrent connections that say ``hello`` and close;
its resident size, read from /proc, must not grow from one burst to the next. Before the fix
each burst left ~35 KiB per connection behind (msgpack's 128 KiB unpacker buffers pushed glibc's
mmap threshold up, and its heap never shrank again). ``bench/connection_bursts.py`` runs the
issue's 3 x 4,000.
"""

from __future__ import annotations

import os
import socket
import sys
import time

import msgpack
import pytest

from .test_server_cli import start

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

BURST = 800
BURSTS = 3
SLACK_KIB = 4 * 1024


def resident_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


def open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def burst(port: int, count: int) -> None:
    """``count`` connections open at once, each greeted, then all closed."""
    hello = msgpack.packb({"type": "hello", "id": 0, "version": 1})
    sockets = []
    try:
        for _ in range(count):
            connection = socket.create_connection(("127.0.0.1", port), timeout=30)
            connection.sendall(hello)
            sockets.append(connection)
        for connection in sockets:
            assert msgpack.unpackb(connection.recv(65536))["type"] == "ok"
    finally:
        for connection in sockets:
            connection.close()


def settle(pid: int, files: int) -> None:
    """Wait until the server has closed every connection of the burst."""
    deadline = time.monotonic() + 60
    while open_files(pid) > files:
        assert time.monotonic() < deadline, "the server kept connections open"
        time.sleep(0.05)


def test_repeated_bursts_of_connections_give_their_memory_back(tmp_path):
    caps = f"{BURST},{BURST}"
    process, port = start(tmp_path / "hall.db", "--log-level", "WARNING", "--connection-caps", caps)
    try:
        files = open_files(process.pid)
        after = []
        for _ in range(BURSTS):
            burst(port, BURST)
            settle(process.pid, files)
            after.append(resident_kib(process.pid))
        assert max(after) - after[0] <= SLACK_KIB, f"resident KiB after each burst: {after}"
    finally:
        process.kill()
        process.wait()
