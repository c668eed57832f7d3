"""`e` (the score estimate during play) and `v` (the game so far) at a hot-seat Go table in a real
terminal at 80x24: the estimate's line, legend and marks appear and fit, `e` hides them, `v`
opens the review on the last move and q is back at the table."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

from rich.cells import cell_len

from tests.client.test_tmux_smoke import Tmux, qipai_in_tmux, quit_mid_game
from tests.conftest import require_program

MOVES = ("c3", "g7", "c7", "g3", "e5", "e4")


def test_the_estimate_and_the_moves_so_far_at_80x24(tmp_path: Path):
    tmux = Tmux(require_program("tmux"), f"qipai-estimate-{os.getpid()}")
    qipai_in_tmux(tmux, tmp_path, "local", "go", "--size", "9", then="echo QIPAI-EXIT=$?; sleep 60")
    try:
        tmux.wait_for("Black to play")
        for n, point in enumerate(MOVES, 1):
            tmux.run("send-keys", "-t", "smoke", "-l", ":")
            tmux.run("send-keys", "-t", "smoke", "-l", point)
            tmux.run("send-keys", "-t", "smoke", "Enter")
            tmux.wait_for(f"Move {n} ")
        tmux.run("send-keys", "-t", "smoke", "e")
        shown = tmux.wait_for("Estimate: ")
        assert "- X  = O  x o dead (e hides)" in shown
        assert all(cell_len(line) <= 80 for line in shown.splitlines())
        tmux.run("send-keys", "-t", "smoke", "e")
        for _ in range(100):
            if "Estimate: " not in tmux.screen():
                break
            time.sleep(0.1)
        else:
            raise AssertionError(f"e did not hide the estimate:\n{tmux.screen()}")
        tmux.run("send-keys", "-t", "smoke", "v")
        review = tmux.wait_for(f"Move {len(MOVES)}/{len(MOVES)}")
        assert all(cell_len(line) <= 80 for line in review.splitlines())
        tmux.run("send-keys", "-t", "smoke", "Left")
        tmux.wait_for(f"Move {len(MOVES) - 1}/{len(MOVES)}")
        tmux.run("send-keys", "-t", "smoke", "q")
        tmux.wait_for("Black to play")
        quit_mid_game(tmux)
        tmux.wait_for("QIPAI-EXIT=0")
    finally:
        subprocess.run([*tmux.base, "kill-server"], capture_output=True, timeout=10)
