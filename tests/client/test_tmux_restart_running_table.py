"""Issue 13's TUI proof for a game in progress (tmux, 80x24): a Go game is being played when the
real `qipai-server` process is killed (SIGKILL, a crash) or stopped (SIGTERM, a clean stop that
says the game is saved); the server is started again on the same port and database, and the
client, by itself, is back at the same table at the same position and plays on.

This needs the hall to keep running tables through a restart (the "durable" work of issue 13):
session tokens survive, running tables come back with their ids, `resume_session` answers with
the held seats and their snapshots are pushed. Without it the restarted hall has no table."""

from __future__ import annotations

import os
import re
import signal
import subprocess

import pytest

from client.connection import HallConnection
from tests.client.adjourned_games import password_of
from tests.client.test_tmux_getting_back import RestartableHall, logged_in
from tests.client.test_tmux_smoke import Tmux, qipai_in_tmux
from tests.conftest import require_program

BOARD_ROW = re.compile(r"^ ?(\d+)  ([.XO+()\[\] ]+?)  \1(?!\d)")
MARKS = str.maketrans("[]()", "    ")


def board(screen: str) -> list[str]:
    """The board's rows as drawn, without the cursor's brackets and the last move's marks."""
    rows = [BOARD_ROW.match(line) for line in screen.splitlines()]
    return [row.group(2).translate(MARKS) for row in rows if row]


def send(tmux: Tmux, *keys: str, literal: bool = False) -> None:
    tmux.run("send-keys", "-t", "smoke", *(["-l"] if literal else []), *keys)


@pytest.mark.asyncio
@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGTERM], ids=["crash", "clean_stop"])
async def test_a_running_game_comes_back_after_a_restart_at_the_same_position(tmp_path, stop):
    tmux = Tmux(require_program("tmux"), f"qipai-restart-{os.getpid()}")
    hall = RestartableHall(tmp_path / "hall.db")
    host, port = await hall.start()
    bob = await HallConnection.open(host, port, on_push=lambda message: None)
    try:
        await bob.request("register", name="bob", password=password_of("bob"))
        qipai_in_tmux(tmux, tmp_path, f"{host}:{port}")
        tmux.wait_for("log in, or register")
        send(tmux, "ann", literal=True)
        send(tmux, "Enter")
        send(tmux, password_of("ann"), literal=True)
        send(tmux, "C-r")
        tmux.wait_for("Online")
        send(tmux, "n")
        tmux.wait_for("1  board     9x9")
        send(tmux, "Enter")
        tmux.wait_for("Waiting for an opponent")
        tables = (await bob.request("lobby"))["tables"]
        table = next(t["table"] for t in tables if t["created_by"] == "ann")
        await bob.request("sit", table=table, seat="white")
        tmux.wait_for("Black to play")
        send(tmux, "Enter")  # black E5
        tmux.wait_for("White to play")
        await bob.request("act", table=table, action="play", point="C3")
        before = tmux.wait_for("Last: C3")
        assert "Move 2" in before and "Black to play" in before

        await hall.stop(stop)
        await bob.close()
        away = tmux.wait_for("Trying again in")
        if stop == signal.SIGTERM:
            assert "The hall is stopping; your game is saved." in away
        else:
            assert f"The connection to the hall {host}:{port} was lost." in away

        await hall.start()
        bob = await logged_in(host, port, "bob")
        tmux.wait_for("Back in the hall")
        back = tmux.wait_for("Last: C3")
        assert "Move 2" in back and "Black to play" in back and f"table {table}" in back
        assert board(back) == board(before) and len(board(back)) == 9
        send(tmux, ":g3", literal=True)
        send(tmux, "Enter")
        played = tmux.wait_for("Last: G3")
        assert "Move 3" in played and "White to play" in played
    finally:
        subprocess.run([*tmux.base, "kill-server"], capture_output=True, timeout=10)
        await bob.close()
        await hall.close()
