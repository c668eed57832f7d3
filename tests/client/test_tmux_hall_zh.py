"""The way in, in a real 80x24 terminal in 中文: tmux runs `QIPAI_LANG=zh qipai`; the start screen,
its mahjong choice and the table it deals, and the start screen's Go game, are read as the
player sees them: Chinese from the title to the footer, nothing cut at 80 columns."""

from __future__ import annotations

import getpass
import os
import re
import subprocess
from pathlib import Path

from rich.cells import cell_len

from tests.client.test_tmux_smoke import Tmux, qipai_in_tmux
from tests.conftest import require_program

LATIN_KEPT = {"qipai", "esc", "hjkl", "bot"}
"""The program's name, key names and the local bots' names (bot-1...); the rest of the Latin on these screens is single letters
(keys, tiles, the board's columns)."""


def chinese_and_whole(shown: str) -> None:
    """No Latin word but the kept ones, the local player's name, and what a dialog leaves in
    sight of one (``qip`` of the start screen's title); no line wider than the terminal."""
    assert all(cell_len(line) <= 80 for line in shown.splitlines()), shown
    kept = LATIN_KEPT | {getpass.getuser()}  # a local game's players are named after the user
    words = re.findall(r"[A-Za-z]{2,}", shown)
    assert [w for w in words if not any(k.startswith(w) for k in kept)] == [], shown


def quit_in_chinese(tmux: Tmux) -> None:
    """ctrl+q mid-game asks first (in 中文); the second press quits."""
    tmux.run("send-keys", "-t", "smoke", "C-q")
    tmux.wait_for("退出？")
    tmux.run("send-keys", "-t", "smoke", "C-q")
    tmux.wait_for("QIPAI-EXIT=0")


def test_start_screen_to_a_local_mahjong_table_in_chinese_at_80x24(tmp_path: Path):
    tmux = Tmux(require_program("tmux"), f"qipai-hall-zh-{os.getpid()}")
    qipai_in_tmux(tmux, tmp_path, then="echo QIPAI-EXIT=$?; sleep 60", QIPAI_LANG="zh")
    try:
        start = tmux.wait_for("终端里的棋牌大厅")
        chinese_and_whole(tmux.wait_for("c 连接"))
        assert "j   在本机打麻将（选规则；三个电脑或同屏热座）" in start
        tmux.run("send-keys", "-t", "smoke", "j")
        choice = tmux.wait_for("回车 发牌")
        chinese_and_whole(choice)
        assert "o  对手：三个电脑（你坐一个座位）" in choice
        tmux.run("send-keys", "-t", "smoke", "Enter")
        chinese_and_whole(tmux.wait_for("请定缺"))
        quit_in_chinese(tmux)
    finally:
        subprocess.run([*tmux.base, "kill-server"], capture_output=True, timeout=10)


def test_start_screen_to_a_local_go_game_in_chinese_at_80x24(tmp_path: Path):
    tmux = Tmux(require_program("tmux"), f"qipai-hall-zh-go-{os.getpid()}")
    qipai_in_tmux(tmux, tmp_path, then="echo QIPAI-EXIT=$?; sleep 60", QIPAI_LANG="zh")
    try:
        tmux.wait_for("c 连接")
        tmux.run("send-keys", "-t", "smoke", "l")
        tmux.wait_for("黑方下")
        board = tmux.wait_for("q 离桌")  # drawn to the footer
        chinese_and_whole(board)
        assert "9路" in board and "同屏对弈" in board
        quit_in_chinese(tmux)
    finally:
        subprocess.run([*tmux.base, "kill-server"], capture_output=True, timeout=10)
