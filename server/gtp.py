"""A GTP engine (GNU Go or any other) as a trio subprocess.

The engine is kept in step with the table's game by replaying its moves: only the new ones
when the engine's record is a prefix of the game's, the whole game after an undo.
"""

from __future__ import annotations

import contextlib
import logging
import subprocess

import trio

from qipai.go import Color, Game, format_point

log = logging.getLogger(__name__)

REPLY_TIMEOUT = 60.0


class GtpError(Exception):
    """The engine answered ``?``, died, or took too long."""


class GtpEngine:
    def __init__(self, command: list[str]) -> None:
        self.command = command
        self._process: trio.Process | None = None
        self._buffer = b""
        self._sent: list[tuple[Color, str]] | None = None
        self._board: tuple[int, float] | None = None

    async def start(self) -> None:
        self._process = await trio.lowlevel.open_process(
            self.command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        await self.send("protocol_version")

    async def aclose(self) -> None:
        process = self._process
        if process is None:
            return
        self._process = None
        with trio.CancelScope(shield=True):
            with trio.move_on_after(2):
                with contextlib.suppress(
                    trio.BrokenResourceError, trio.ClosedResourceError, OSError
                ):
                    assert process.stdin is not None
                    await process.stdin.send_all(b"quit\n")
                await process.wait()
            if process.returncode is None:
                process.kill()
                await process.wait()

    async def _write(self, line: str) -> None:
        assert self._process is not None and self._process.stdin is not None
        await self._process.stdin.send_all(line.encode() + b"\n")

    async def send(self, line: str) -> str:
        """One command; its answer without the leading ``=``."""
        if self._process is None or self._process.stdout is None:
            raise GtpError("engine not running")
        await self._write(line)
        with trio.fail_after(REPLY_TIMEOUT):
            while b"\n\n" not in self._buffer:
                chunk = await self._process.stdout.receive_some(4096)
                if not chunk:
                    raise GtpError(f"engine ended while answering {line!r}")
                self._buffer += chunk.replace(b"\r", b"")
        reply, self._buffer = self._buffer.split(b"\n\n", 1)
        text = reply.decode(errors="replace").strip()
        if text.startswith("?"):
            raise GtpError(f"{line!r}: {text[1:].strip()}")
        return text.lstrip("=").strip()

    async def sync(self, game: Game) -> None:
        moves = [
            (m.color, "pass" if m.point is None else format_point(m.point, game.size))
            for m in game.moves
        ]
        board = (game.size, game.komi)
        fresh = self._sent is None or self._board != board or moves[: len(self._sent)] != self._sent
        if fresh:
            await self.send(f"boardsize {game.size}")
            await self.send("clear_board")
            await self.send(f"komi {game.komi * 2:g}")
            for color, points in game.setup.items():
                for point in points:
                    await self.send(f"play {color.name.lower()} {format_point(point, game.size)}")
            self._sent, self._board = [], board
        assert self._sent is not None
        for color, where in moves[len(self._sent) :]:
            await self.send(f"play {color.name.lower()} {where}")
            self._sent.append((color, where))

    async def genmove(self, game: Game, color: Color) -> str:
        """The engine's move for ``color``: a GTP point, ``pass`` or ``resign``."""
        await self.sync(game)
        answer = (await self.send(f"genmove {color.name.lower()}")).lower()
        # The engine has played it on its own board; if the table refuses it, the next sync
        # finds the records differ and replays the game.
        if self._sent is not None and answer != "resign":
            self._sent.append((color, "pass" if answer == "pass" else answer.upper()))
        return answer
