"""`qipai review FILE.sgf` in a real terminal at 80x24: a 19x19 professional record from the
shared records opens at move 0, end and the arrows step through it, q quits."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from rich.cells import cell_len

from tests.client.test_tmux_smoke import Tmux, qipai_in_tmux
from tests.conftest import require_program
from tests.go.records import sgf_dir


def test_qipai_review_steps_through_a_pro_record_at_80x24(tmp_path: Path):
    record = sgf_dir() / "pro-19x19" / "honinbo-07-01.sgf"
    tmux = Tmux(require_program("tmux"), f"qipai-review-{os.getpid()}")
    qipai_in_tmux(tmux, tmp_path, "review", str(record), then="echo QIPAI-EXIT=$?; sleep 60")
    try:
        start = tmux.wait_for("Start (move 0/278)")
        assert "19  . . ." in start and " 1  . . ." in start
        tmux.run("send-keys", "-t", "smoke", "End")
        end = tmux.wait_for("Move 278/278")
        assert "The record says: W+7.5" in end and "Estimated count: " in end
        assert all(cell_len(line) <= 80 for line in end.splitlines())
        tmux.run("send-keys", "-t", "smoke", "Left")
        tmux.wait_for("Move 277/278")
        tmux.run("send-keys", "-t", "smoke", "g")
        tmux.wait_for("jump to move")  # the field has focus: digits typed before it would be lost
        tmux.run("send-keys", "-t", "smoke", "100", "Enter")
        tmux.wait_for("Move 100/278")
        tmux.run("send-keys", "-t", "smoke", "q")
        tmux.wait_for("QIPAI-EXIT=0")
    finally:
        subprocess.run([*tmux.base, "kill-server"], capture_output=True, timeout=10)
