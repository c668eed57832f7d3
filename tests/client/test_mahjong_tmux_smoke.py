"""The README's local mahjong command in a real terminal: tmux at 80x24 runs
`qipai local mahjong --ruleset sichuan --bots 3`; the table is dealt, the void suit is chosen,
a tile is discarded and the bots play on; ctrl+q quits and takes the local hall with it."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import time
from pathlib import Path

from rich.cells import cell_len

from tests.client.test_tmux_smoke import WAIT, Tmux, hall_processes, qipai_command, quit_mid_game
from tests.conftest import require_program


def wait_for_turn(tmux: Tmux) -> str:
    """Our turn to discard; a claim prompt that comes first (a bot's discard we could take) is
    passed with x."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        shown = tmux.screen()
        if "Your turn" in shown:
            return shown
        if " discarded " in shown and "x pass" in shown:
            tmux.run("send-keys", "-t", "smoke", "x")
        time.sleep(0.2)
    raise AssertionError(f"our turn never came; the screen was:\n{tmux.screen()}")


def test_local_mahjong_against_three_bots_in_tmux(tmp_path: Path):
    tmux = Tmux(require_program("tmux"), f"qipai-mj-smoke-{os.getpid()}")
    env = {
        "XDG_CONFIG_HOME": tmp_path / "config",
        "XDG_DATA_HOME": tmp_path / "data",
        "TERM": "xterm-256color",
        "PYTHONPATH": Path(__file__).resolve().parents[2],
    }
    exports = " ".join(f"{k}={shlex.quote(str(v))}" for k, v in env.items())
    command = shlex.join(
        [*qipai_command(), "local", "mahjong", "--ruleset", "sichuan", "--bots", "3"]
    )
    shell = (
        f"cd {shlex.quote(os.getcwd())} && env {exports} {command}; echo QIPAI-EXIT=$?; sleep 60"
    )
    tmux.run("new-session", "-d", "-s", "smoke", "-x", "80", "-y", "24", shell)
    try:
        dealt = tmux.wait_for("Choose your void suit")
        rows = dealt.splitlines()
        middle = [line[27:53].strip() for line in rows]
        assert "四川麻将" in middle and "Hand 1/4" in middle and "Wall 55" in middle
        assert "bot-" in rows[1] and "bot-" in rows[5][:27] and "bot-" in rows[5][53:]
        assert "(you)" in rows[-6]  # at the bottom, over the hand, the hint, prompt, footer
        assert all(cell_len(line) <= 80 for line in rows)
        mine = [line for line in dealt.splitlines() if re.match(r"^  \[\w\w\]", line)]
        assert len(mine) == 1 and len(re.findall(r"[1-9][mps]", mine[0])) in (13, 14)
        tmux.run("send-keys", "-t", "smoke", "m")
        turn = wait_for_turn(tmux)
        assert "void m" in turn
        tmux.run("send-keys", "-t", "smoke", "d")
        after = tmux.wait_for("to play")  # a bot's turn once ours is done
        assert "Your turn" not in after
        assert len(hall_processes(str(tmp_path / "data"))) == 1
        quit_mid_game(tmux)
        tmux.wait_for("QIPAI-EXIT=0")
        assert hall_processes(str(tmp_path / "data")) == []
    finally:
        subprocess.run([*tmux.base, "kill-server"], capture_output=True, timeout=10)
