"""The comfort toggles in a real terminal: tmux at 80x24 runs `qipai local mahjong`, shift+T
turns the tiles to 五萬 and shift+X turns auto-pass on; both are said, shown, and still set in
the settings file after ctrl+q."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.client.test_tmux_smoke import Tmux, qipai_in_tmux, quit_mid_game
from tests.conftest import require_program


def test_shift_t_and_shift_x_at_a_local_table_in_tmux(tmp_path: Path):
    tmux = Tmux(require_program("tmux"), f"qipai-comfort-{os.getpid()}")
    qipai_in_tmux(
        tmux, tmp_path, "local", "mahjong", "--ruleset", "sichuan", "--bots", "3",
        then="echo QIPAI-EXIT=$?; sleep 60",
    )  # fmt: skip
    try:
        tmux.wait_for("Choose your void suit")
        tmux.run("send-keys", "-t", "smoke", "T")
        shown = tmux.wait_for("Tiles as 五萬 二筒 東")
        assert any(face in shown for face in ("萬", "筒", "条"))
        tmux.run("send-keys", "-t", "smoke", "X")
        shown = tmux.wait_for("Auto-pass on")
        assert shown.splitlines()[0].strip().startswith("[auto-pass]  qipai")
        quit_mid_game(tmux)
        tmux.wait_for("QIPAI-EXIT=0")
    finally:
        tmux.run("kill-server")
    saved = json.loads((tmp_path / "config" / "qipai" / "settings.json").read_text())
    assert saved["mahjong_cjk"] is True and saved["mahjong_auto_pass"] is True
