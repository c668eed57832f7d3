"""The hall stops under a real terminal (tmux, 80x24) and comes back: the real `qipai-server`
process is stopped with SIGTERM, the client says so and counts down, the server is started
again on the same port and database, and the client logs back in with its session by itself;
the adjourned game it was offered at log-in is still there and resumes at its position."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from client.connection import HallConnection
from client.local_hall import LocalHall
from tests.client.adjourned_games import password_of, store_adjourned_game
from tests.client.test_tmux_smoke import WAIT, Tmux, qipai_in_tmux
from tests.conftest import require_program


class RestartableHall:
    """A real hall process on one port and database, stopped by a signal and started again."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = 0
        self.running: LocalHall | None = None

    async def start(self) -> tuple[str, int]:
        self.running = LocalHall(db_path=self.db)
        self.running.port = self.port
        host, self.port = await self.running.start()
        return host, self.port

    async def stop(self, how: signal.Signals) -> None:
        """As an operator (SIGTERM, Ctrl-C) or a crash (SIGKILL) stops it."""
        hall, self.running = self.running, None
        assert hall is not None and hall.process is not None
        os.kill(hall.process.pid, how)
        await asyncio.to_thread(hall.process.wait)  # a plain subprocess (client/local_hall.py)

    async def close(self) -> None:
        if self.running is not None:
            await self.running.stop()


def wait_gone(tmux: Tmux, text: str) -> str:
    """The screen once `text` is no longer on it (a modal that was closed)."""
    deadline = time.monotonic() + WAIT
    while text in (shown := tmux.screen()):
        if time.monotonic() > deadline:
            raise AssertionError(f"{text!r} stayed; the screen was:\n{shown}")
        time.sleep(0.1)
    return shown


def log_in(tmux: Tmux, name: str) -> None:
    tmux.wait_for("log in, or register")
    tmux.run("send-keys", "-t", "smoke", "-l", name)
    tmux.run("send-keys", "-t", "smoke", "Enter")
    tmux.run("send-keys", "-t", "smoke", "-l", password_of(name))
    tmux.run("send-keys", "-t", "smoke", "Enter")


async def logged_in(host: str, port: int, name: str) -> HallConnection:
    """A player who speaks the protocol, logged in (and so back at any seat held)."""
    connection = await HallConnection.open(host, port, on_push=lambda message: None)
    await connection.request("login", name=name, password=password_of(name))
    return connection


@pytest.mark.asyncio
async def test_the_hall_stops_and_starts_again_and_the_client_gets_back_by_itself(tmp_path):
    tmux = Tmux(require_program("tmux"), f"qipai-back-{os.getpid()}")
    store_adjourned_game(tmp_path / "hall.db", "ann", "bob", ["E5", "C3", "G7"])
    hall = RestartableHall(tmp_path / "hall.db")
    host, port = await hall.start()
    bob = await logged_in(host, port, "bob")
    try:
        qipai_in_tmux(tmux, tmp_path, f"{host}:{port}")
        log_in(tmux, "ann")
        offer = tmux.wait_for("Return to your game?")
        assert "ann (black) - bob (white), adjourned when bob" in offer
        tmux.run("send-keys", "-t", "smoke", "Escape")
        assert "Online" in wait_gone(tmux, "Return to your game?")  # the lobby

        await hall.stop(signal.SIGTERM)
        await bob.close()
        away = tmux.wait_for("Trying again in")
        assert "The hall is stopping." in away and "giving up in 4:" in away
        assert "esc: stop trying" in away

        await hall.start()
        assert hall.port == port
        bob = await logged_in(host, port, "bob")
        tmux.wait_for("Back in the hall")
        tmux.run("send-keys", "-t", "smoke", "g")
        tmux.wait_for("bob left")  # its row in my games
        tmux.run("send-keys", "-t", "smoke", "Enter")
        board = tmux.wait_for("White to play")
        assert "Move 3" in board and "Last: G7" in board
        assert " 5  . . . . X . . . .  5" in board.replace("[", " ").replace("]", " ")
    finally:
        subprocess.run([*tmux.base, "kill-server"], capture_output=True, timeout=10)
        await bob.close()
        await hall.close()
