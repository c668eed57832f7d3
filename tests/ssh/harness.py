"""A real hall with its SSH door (``qipai-server --ssh 0`` on 127.0.0.1) and SSH visitors that
see the screen through a terminal emulator (pyte), as a person would."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import asyncssh
import pyte

WAIT = 20.0


@dataclass
class Hall:
    process: subprocess.Popen
    port: int
    ssh_port: int
    data_dir: Path

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


ROOT = Path(__file__).resolve().parents[2]


def start_hall(
    data_dir: Path,
    fast_mahjong: bool = False,
    extra: tuple[str, ...] = (),
    env: dict[str, str] | None = None,
    stderr: IO[str] | None = None,
) -> Hall:
    """``qipai-server --ssh 0``; or, with ``fast_mahjong``, the same wiring with the mahjong
    tables' pauses off (tests/ssh/fast_hall.py)."""
    db = str(data_dir / "hall.db")
    if fast_mahjong:
        command = ["-m", "tests.ssh.fast_hall", db]
    else:
        command = ["-m", "server.cli", "--port", "0", "--db", db, "--ssh", "0"]
        # Every visitor registers from this one machine: the per-address limit is not tested here.
        command += ["--log-level", "WARNING", "--registration", "open", *extra]
    process = subprocess.Popen(
        [sys.executable, *command],
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
    )
    hall_line = process.stdout.readline().split()
    door_line = process.stdout.readline().split()
    assert hall_line[:2] == ["QIPAI-READY", "127.0.0.1"], hall_line
    assert door_line[:2] == ["QIPAI-SSH-READY", "127.0.0.1"], door_line
    return Hall(process, int(hall_line[2]), int(door_line[2]), data_dir)


def children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry))
    return found


def door_pid(hall: Hall) -> int:
    """The door: the hall's child process ``python -m client.ssh``."""
    return next(pid for pid in children(hall.process.pid) if b"client.ssh" in command_of(pid))


def client_pids(hall: Hall) -> list[int]:
    """The visitors' client processes: the children of the door's fork server."""
    forks = next(pid for pid in children(door_pid(hall)) if b"forkserver" in command_of(pid))
    return children(forks)


def command_of(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


class Screen(asyncssh.SSHClientSession):
    """The visitor's terminal: every byte from the door goes through a VT emulator."""

    def __init__(self, columns: int, rows: int) -> None:
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.received = bytearray()
        self.closed = asyncio.Event()

    def data_received(self, data: bytes, datatype: object) -> None:
        self.received += data
        self.stream.feed(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def lobby_drawn(self) -> bool:
        """The lobby's title on the first row and its footer of keys on the last."""
        rows = self.screen.display
        return "lobby  |" in rows[0] and bool(rows[-1].strip())


class Visitor:
    def __init__(self, conn: asyncssh.SSHClientConnection) -> None:
        self.conn = conn
        self.chan: asyncssh.SSHClientChannel | None = None
        self.view: Screen | None = None

    @classmethod
    async def connect(
        cls,
        port: int,
        name: str,
        key: asyncssh.SSHKey | None = None,
        password: str | None = None,
    ) -> Visitor:
        conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=name,
            client_keys=[key] if key is not None else None,
            password=password,
            known_hosts=None,
            agent_path=None,
            preferred_auth=("publickey", "password") if key is not None else ("password",),
        )
        return cls(conn)

    async def open_terminal(
        self, columns: int = 80, rows: int = 24, env: dict[str, str] | None = None
    ) -> Screen:
        self.chan, self.view = await self.conn.create_session(
            lambda: Screen(columns, rows),
            term_type="xterm-256color",
            term_size=(columns, rows),
            env=env or {},
            encoding=None,
        )
        return self.view

    async def wait_for(self, text: str, timeout: float = WAIT) -> None:
        assert self.view is not None
        deadline = time.monotonic() + timeout
        while text not in self.view.text():
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never appeared; the screen:\n{self.view.text()}")
            await asyncio.sleep(0.05)

    async def wait_for_lobby(self) -> None:
        assert self.view is not None
        await until(self.view.lobby_drawn, "the lobby with its footer")

    def press(self, keys: bytes) -> None:
        assert self.chan is not None
        self.chan.write(keys)

    def resize(self, columns: int, rows: int) -> None:
        assert self.chan is not None and self.view is not None
        self.view.screen.resize(rows, columns)
        self.chan.change_terminal_size(columns, rows)

    async def closed(self, timeout: float = WAIT) -> None:
        assert self.view is not None
        await asyncio.wait_for(self.view.closed.wait(), timeout)

    def close(self) -> None:
        self.conn.close()


async def until(condition, what: str, timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)
