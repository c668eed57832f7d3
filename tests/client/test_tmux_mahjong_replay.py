"""`qipai replay FILE.json` in a real terminal at 80x24 (then 60x23, the least it needs): a saved match
opens at the first deal, the arrows, end and n step through it, s shows one seat, q quits;
every line fits the width."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

from rich.cells import cell_len

from client.mahjong_replay_files import save_replay
from tests.client.test_tmux_smoke import Tmux, qipai_in_tmux
from tests.conftest import require_program
from tests.mahjong.test_replay import played_match


def narrowed(tmux: Tmux, width: int) -> str:
    """The screen once the app has drawn itself again at ``width`` columns."""
    deadline = time.monotonic() + 10
    while True:
        shown = tmux.screen()
        lines = [line for line in shown.splitlines() if line.strip()]
        if lines and max(cell_len(line) for line in lines) <= width and "Hand" in shown:
            return shown
        assert time.monotonic() < deadline, f"never redrawn at {width} columns:\n{shown}"
        time.sleep(0.1)


def test_qipai_replay_steps_through_a_saved_match_at_80x24(tmp_path: Path):
    path = save_replay(played_match("sichuan", {}, seed=3, hands=2), tmp_path)
    tmux = Tmux(require_program("tmux"), f"qipai-replay-{os.getpid()}")
    qipai_in_tmux(tmux, tmp_path, "replay", str(path), then="echo QIPAI-EXIT=$?; sleep 60")
    try:
        start = tmux.wait_for("Hand 1/2 step 0/")
        assert "Replay (牌谱): 四川麻将 Sichuan, table 5" in start and "the deal" in start
        assert "all hands open" in start and "Wall" in start
        tmux.run("send-keys", "-t", "smoke", "Right", "Right")
        tmux.wait_for("step 2/")
        tmux.run("send-keys", "-t", "smoke", "End")
        end = tmux.wait_for("Settlement of hand 1")
        assert "This hand:" in end and all(cell_len(line) <= 80 for line in end.splitlines())
        tmux.run("send-keys", "-t", "smoke", "n")
        tmux.wait_for("Hand 2/2 step 0/")
        tmux.run("send-keys", "-t", "smoke", "s")
        seat = tmux.wait_for("saw it")
        assert seat.count("▒▒x13") == 3 and all(cell_len(line) <= 80 for line in seat.splitlines())
        tmux.run("resize-window", "-t", "smoke", "-x", "60", "-y", "23")
        small = narrowed(tmux, 60)
        assert "Hand 2/2 step 0/" in small and "too small" not in small
        tmux.run("send-keys", "-t", "smoke", "q")
        tmux.wait_for("QIPAI-EXIT=0")
    finally:
        subprocess.run([*tmux.base, "kill-server"], capture_output=True, timeout=10)
