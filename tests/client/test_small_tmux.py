"""The compact size in a real terminal: tmux at 60x20 draws the local mahjong table with the
player's hand over the prompt, and a 19x19 Go board (which needs 72x24) is replaced by a notice
naming both sizes until the window is made bigger."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from pathlib import Path

from rich.cells import cell_len

from tests.client.test_tmux_smoke import Tmux, qipai_command, quit_mid_game
from tests.conftest import require_program


def start_at(tmux: Tmux, tmp_path: Path, size: tuple[int, int], *args: str) -> None:
    env = {
        "XDG_CONFIG_HOME": tmp_path / "config",
        "XDG_DATA_HOME": tmp_path / "data",
        "TERM": "xterm-256color",
        "PYTHONPATH": Path(__file__).resolve().parents[2],
    }
    exports = " ".join(f"{k}={shlex.quote(str(v))}" for k, v in env.items())
    command = shlex.join([*qipai_command(), *args])
    # COLUMNS and LINES of the test process (80x24) would tell the client a size it has not.
    shell = (
        f"cd {shlex.quote(os.getcwd())} && env -u COLUMNS -u LINES {exports} {command};"
        " echo QIPAI-EXIT=$?; sleep 60"
    )
    width, height = size
    tmux.run("new-session", "-d", "-s", "smoke", "-x", str(width), "-y", str(height), shell)


def test_local_mahjong_at_60x20_shows_the_hand_in_tmux(tmp_path: Path):
    tmux = Tmux(require_program("tmux"), f"qipai-small-mj-{os.getpid()}")
    start_at(tmux, tmp_path, (60, 20), "local", "mahjong", "--ruleset", "sichuan", "--bots", "3")
    try:
        rows = tmux.wait_for("Choose your void suit").splitlines()
        assert all(cell_len(line) <= 60 for line in rows)
        mine = [i for i, line in enumerate(rows) if re.match(r"^  \[\w\w\]", line)]
        assert len(mine) == 1 and len(re.findall(r"[1-9][mps]", rows[mine[0]])) in (13, 14)
        assert "(you)" in rows[mine[0] - 1]
        assert "Choose your void suit" in rows[mine[0] + 2]  # under the hint line
        quit_mid_game(tmux)
        tmux.wait_for("QIPAI-EXIT=0")
    finally:
        subprocess.run([*tmux.base, "kill-server"], capture_output=True, timeout=10)


def test_a_19x19_go_board_at_60x20_names_the_size_it_needs_in_tmux(tmp_path: Path):
    tmux = Tmux(require_program("tmux"), f"qipai-small-go-{os.getpid()}")
    start_at(tmux, tmp_path, (60, 20), "local", "go", "--size", "19")
    try:
        notice = " ".join(tmux.wait_for("too small").split())
        assert "it is 60x20" in notice and "needs at least 72x24" in notice
        assert "▂" not in notice and ". . ." not in notice  # no cut board, no stray scrollbar
        tmux.run("resize-window", "-t", "smoke", "-x", "80", "-y", "24")
        board = tmux.wait_for("Black to play")
        assert "too small" not in board and "19  . . ." in board and " 1  . . ." in board
        quit_mid_game(tmux)
        tmux.wait_for("QIPAI-EXIT=0")
    finally:
        subprocess.run([*tmux.base, "kill-server"], capture_output=True, timeout=10)
