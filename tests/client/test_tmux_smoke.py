"""The README's main command in a real terminal: tmux at 80x24 runs `qipai`, the start screen
appears, local hot-seat opens a board, a move is played, and ctrl+q quits cleanly, taking the
local hall (a child process) with it."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from client.connection import HallConnection
from client.local_hall import LocalHall
from tests.conftest import require_program

WAIT = 30.0


def qipai_command() -> list[str]:
    """The installed `qipai` script when there is one (as the README runs it), else the module."""
    script = shutil.which("qipai")
    return [script] if script else [sys.executable, "-m", "client.cli"]


def hall_processes(text: str) -> list[str]:
    """Command lines of running hall processes (`server.cli`) that mention `text`."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            args = cmdline.read_bytes().split(b"\0")
        except OSError:
            continue
        line = " ".join(a.decode(errors="replace") for a in args)
        if "server.cli" in line and text in line:
            found.append(line)
    return found


class Tmux:
    def __init__(self, tmux: str, socket: str) -> None:
        self.base = [tmux, "-L", socket]

    def run(self, *args: str) -> str:
        done = subprocess.run(
            [*self.base, *args], capture_output=True, text=True, timeout=10, check=True
        )
        return done.stdout

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "smoke")

    def wait_for(self, text: str) -> str:
        deadline = time.monotonic() + WAIT
        while True:
            shown = self.screen()
            if text in shown:
                return shown
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never appeared; the screen was:\n{shown}")
            time.sleep(0.1)


def quit_mid_game(tmux: Tmux) -> None:
    """ctrl+q in a game still going asks first; the second press quits."""
    tmux.run("send-keys", "-t", "smoke", "C-q")
    tmux.wait_for("Quit?")
    tmux.run("send-keys", "-t", "smoke", "C-q")


def qipai_in_tmux(
    tmux: Tmux, tmp_path: Path, *args: str, then: str = "sleep 60", **more_env: str
) -> None:
    """`qipai ARGS` in an 80x24 tmux session `smoke`, with its own settings and data (and
    `more_env`, e.g. QIPAI_LANG); the shell runs `then` after it (keeping the pane open)."""
    env = {
        **more_env,
        "XDG_CONFIG_HOME": tmp_path / "config",
        "XDG_DATA_HOME": tmp_path / "data",
        "TERM": "xterm-256color",
        "PYTHONPATH": Path(__file__).resolve().parents[2],
    }
    exports = " ".join(f"{k}={shlex.quote(str(v))}" for k, v in env.items())
    command = shlex.join([*qipai_command(), *args])
    shell = f"cd {shlex.quote(os.getcwd())} && env {exports} {command}; {then}"
    tmux.run("new-session", "-d", "-s", "smoke", "-x", "80", "-y", "24", shell)


def test_qipai_starts_plays_a_move_and_quits_in_tmux(tmp_path: Path):
    tmux = Tmux(require_program("tmux"), f"qipai-smoke-{os.getpid()}")
    qipai_in_tmux(tmux, tmp_path, then="echo QIPAI-EXIT=$?; sleep 60")
    try:
        start = tmux.wait_for("Hot-seat")
        assert "qipai 棋牌" in start and "q Quit" in start
        tmux.run("send-keys", "-t", "smoke", "l")
        board = tmux.wait_for("Black to play")
        assert "A B C D E F G H J" in board and " 9  . . . . . . . . .  9" in board
        tmux.run("send-keys", "-t", "smoke", "Enter")
        played = tmux.wait_for("White to play")
        assert " 5  . . . .(X). . . .  5" in played and "Last: E5" in played  # the mark stays
        assert len(hall_processes(str(tmp_path / "data"))) == 1  # the local hall, a child
        quit_mid_game(tmux)
        tmux.wait_for("QIPAI-EXIT=0")
        assert hall_processes(str(tmp_path / "data")) == []
    finally:
        subprocess.run([*tmux.base, "kill-server"], capture_output=True, timeout=10)


@pytest.mark.asyncio
async def test_name_tab_password_sent_in_one_burst_registers_that_name_in_tmux(tmp_path: Path):
    """tmux writes `bob<Tab>w-bob-123` to the terminal at once, as a paste or a laggy SSH link
    delivers keys: the name is bob and the password all of w-bob-123."""
    hall = LocalHall(db_path=tmp_path / "hall.db")
    host, port = await hall.start()
    tmux = Tmux(require_program("tmux"), f"qipai-burst-{os.getpid()}")
    qipai_in_tmux(tmux, tmp_path, f"{host}:{port}")
    try:
        tmux.wait_for("log in, or register")
        tmux.run("send-keys", "-t", "smoke", "-l", "bob\tw-bob-123")
        tmux.run("send-keys", "-t", "smoke", "C-r")
        tmux.wait_for("Online")
        check = await HallConnection.open(host, port, on_push=lambda message: None)
        try:
            reply = await check.request("login", name="bob", password="w-bob-123")
        finally:
            await check.close()
        assert reply.get("name") == "bob"
    finally:
        subprocess.run([*tmux.base, "kill-server"], capture_output=True, timeout=10)
        await hall.stop()
