"""The table's `r` reference and `H` hand history in a real 80x24 terminal in 中文: tmux runs
`qipai local mahjong --lang zh`, a hand is played out, and each screen is read as the player
sees it: in Chinese from the title to the footer, nothing cut at 80 columns, and each key
opens, replays and closes what it says."""

from __future__ import annotations

import os
import time
from pathlib import Path

from rich.cells import cell_len

from tests.client.test_tmux_smoke import WAIT, Tmux, qipai_in_tmux
from tests.conftest import require_program

ENGLISH = ("Continue", "Close", "Replay", "Match summary", "table ", "local", "hot-seat")


def play_out(tmux: Tmux) -> str:
    """Choose the void, then discard (and pass) until the hand's settlement comes."""
    tmux.wait_for("请定缺")
    tmux.run("send-keys", "-t", "smoke", "m")
    deadline = time.monotonic() + 6 * WAIT
    while "结算" not in (shown := tmux.screen()):
        assert time.monotonic() < deadline, shown
        tmux.run("send-keys", "-t", "smoke", "d" if "轮到你" in shown else "x")
        time.sleep(0.3)
    return shown


def chinese_and_whole(shown: str) -> None:
    assert all(cell_len(line) <= 80 for line in shown.splitlines()), shown
    assert not [word for word in ENGLISH if word in shown], shown


def test_r_and_h_at_a_local_table_in_chinese_at_80x24(tmp_path: Path):
    tmux = Tmux(require_program("tmux"), f"qipai-keys-zh-{os.getpid()}")
    qipai_in_tmux(
        tmux, tmp_path, "local", "mahjong", "--ruleset", "sichuan", "--bots", "3", "--lang", "zh",
        then="echo QIPAI-EXIT=$?; sleep 60",
    )  # fmt: skip
    try:
        chinese_and_whole(tmux.wait_for("请定缺"))
        tmux.run("send-keys", "-t", "smoke", "r")
        reference = tmux.wait_for("番数：一手牌的番相加，每多一番所得翻一倍")
        assert "四川麻将 番种" in reference and "平和" in reference
        chinese_and_whole(reference)
        tmux.run("send-keys", "-t", "smoke", "r")
        settled = play_out(tmux)
        chinese_and_whole(settled)
        tmux.run("send-keys", "-t", "smoke", "Enter")
        tmux.wait_for("第2/4局")
        tmux.run("send-keys", "-t", "smoke", "H")
        history = tmux.wait_for("本场牌局（已存 1 局）")
        assert "回车回放该局（牌谱）" in history and "合计" in history
        chinese_and_whole(history)
        tmux.run("send-keys", "-t", "smoke", "Enter")
        replay = tmux.wait_for("第 0/")
        assert "牌谱：四川麻将" in replay and "全部明牌" in replay and "▒▒" not in replay
        chinese_and_whole(replay)
        tmux.run("send-keys", "-t", "smoke", "q")
        tmux.wait_for("本场牌局")
        tmux.run("send-keys", "-t", "smoke", "Escape")
        chinese_and_whole(tmux.wait_for("第2/4局"))
        tmux.run("send-keys", "-t", "smoke", "C-q")
        tmux.wait_for("退出？")
        tmux.run("send-keys", "-t", "smoke", "C-q")
        tmux.wait_for("QIPAI-EXIT=0")
    finally:
        tmux.run("kill-server")
