"""Local mode: the hall runs on loopback as a child process, never imported (design.md), so a
crash in one cannot take the other down and hot-seat play uses the same path as network play.

The child is started with `--exit-with-stdin`: we hold its stdin open, so if this process dies the
pipe closes and the server goes too, leaving no orphan behind. Its log goes to a file, because
anything it wrote to our terminal would tear the screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import subprocess
import sys
from pathlib import Path

from client.config import data_dir

READY = re.compile(rb"^QIPAI-READY (\S+) (\d+)\s*$")
START_TIMEOUT = 20.0
STOP_TIMEOUT = 5.0


class LocalHallError(Exception):
    code = "local_hall_failed"


class LocalHall:
    def __init__(self, db_path: Path | None = None, engine: str | None = None) -> None:
        self.db_path = db_path or data_dir() / "local.sqlite3"
        self.log_path = self.db_path.with_name("local-server.log")
        self.engine = engine
        self.process: subprocess.Popen[bytes] | None = None
        self.address: tuple[str, int] | None = None
        self.port = 0

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def command(self) -> list[str]:
        command = [sys.executable, "-m", "server.cli", "--host", "127.0.0.1"]
        command += ["--port", str(self.port)]
        command += ["--db", str(self.db_path), "--exit-with-stdin"]
        command += ["--private"]  # the user's own hall: no farming defences to get in the way
        if self.engine:
            command += ["--go-engine", self.engine]
        return command

    def spawn(self) -> None:
        """Start the child without waiting for it: `qipai local` does so before importing its
        own app, so the two start-ups share the machine's cores (``start`` then waits)."""
        self.db_path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                self.command(),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=log,
                start_new_session=True,
            )

    async def start(self) -> tuple[str, int]:
        """Start the server (unless ``spawn`` has) and wait for its ready line; returns
        (host, port)."""
        if not self.alive:
            await self.stop()  # the pipes of one that died
            self.spawn()
        try:
            line = await asyncio.wait_for(self._ready_line(), START_TIMEOUT)
        except (TimeoutError, LocalHallError):
            await self.stop()
            raise LocalHallError(f"the local hall did not start; see {self.log_path}") from None
        match = READY.match(line)
        assert match is not None
        self.address = (match.group(1).decode(), int(match.group(2)))
        return self.address

    async def restart(self) -> tuple[str, int]:
        """After the child died: a new one on the same database (the session token and the
        tables the hall keeps are there), on the same port if it is still free."""
        await self.stop()
        if self.address is not None:
            self.port = self.address[1]
            try:
                return await self.start()
            except LocalHallError:
                pass  # the port was taken meanwhile
        self.port = 0
        return await self.start()

    async def _ready_line(self) -> bytes:
        assert self.process is not None and self.process.stdout is not None
        while True:
            line = await asyncio.to_thread(self.process.stdout.readline)
            if not line:
                raise LocalHallError("the local hall exited before it was ready")
            if READY.match(line):
                return line

    async def stop(self) -> None:
        """Close its stdin and ask it to stop; kill it if it has not gone within a few seconds."""
        process, self.process = self.process, None
        if process is None:
            return
        if process.stdin is not None:
            process.stdin.close()
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                process.terminate()
            try:
                await asyncio.to_thread(process.wait, STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await asyncio.to_thread(process.wait)
        if process.stdout is not None:
            process.stdout.close()  # after it is gone: a reader of the ready line has its end
