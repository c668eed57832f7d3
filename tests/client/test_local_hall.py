"""The local hall is a child process that never outlives the client, even one killed with -9."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from client.local_hall import LocalHall

LAUNCHER = """
import asyncio, sys
from pathlib import Path
from client.local_hall import LocalHall

async def main():
    hall = LocalHall(db_path=Path(sys.argv[1]))
    host, port = await hall.start()
    print(hall.process.pid, port, flush=True)
    await asyncio.sleep(3600)

asyncio.run(main())
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    return not (status.exists() and "\nState:\tZ" in status.read_text())


def test_the_local_hall_stops_when_its_client_is_killed(tmp_path):
    root = Path(__file__).resolve().parents[2]
    client = subprocess.Popen(
        [sys.executable, "-c", LAUNCHER, str(tmp_path / "hall.db")],
        stdout=subprocess.PIPE,
        text=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    server_pid = None
    try:
        server_pid, port = map(int, client.stdout.readline().split())
        assert port > 0 and alive(server_pid)
        client.send_signal(signal.SIGKILL)
        client.wait(timeout=10)
        deadline = time.monotonic() + 10
        while alive(server_pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(server_pid), "the hall outlived its client"
    finally:
        client.kill()
        client.wait()
        if server_pid is not None and alive(server_pid):
            os.kill(server_pid, signal.SIGTERM)


def test_a_hall_spawned_before_the_app_is_the_one_it_starts(tmp_path):
    """`qipai local` spawns the child before importing its app; `start` then only waits for it."""

    async def main():
        hall = LocalHall(db_path=tmp_path / "hall.db")
        hall.spawn()
        pid = hall.process.pid
        try:
            host, port = await hall.start()
            assert hall.process.pid == pid and hall.alive and port > 0
        finally:
            await hall.stop()
        assert not alive(pid) and not hall.alive

    asyncio.run(main())
