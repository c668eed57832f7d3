"""The 国标 room in a real terminal: tmux at 80x24 runs
`qipai local mahjong --ruleset guobiao --bots 3` and plays a whole hand from the keyboard
(d discards, x passes a claim, w takes a win), to the hand's end and its settlement; every
line fits 80 columns and flowers set aside show beside the seat's melds."""

from __future__ import annotations

import os
import re
import subprocess
import time
from pathlib import Path

from rich.cells import cell_len

from tests.client.test_tmux_smoke import Tmux, hall_processes, qipai_in_tmux, quit_mid_game
from tests.conftest import require_program

HAND_WAIT = 240.0
"""A whole hand with three bots, loaded box included."""
FLOWER = re.compile(r"\bf[1-8]\b")


def play_to_the_end(tmux: Tmux) -> tuple[str, bool]:
    """Answer every prompt until the hand is over; the screen then, and whether a flower was
    seen on the table on the way."""
    deadline = time.monotonic() + HAND_WAIT
    flowers = False
    while time.monotonic() < deadline:
        shown = tmux.screen()
        assert all(cell_len(line) <= 80 for line in shown.splitlines())
        flowers = flowers or bool(FLOWER.search(shown))
        if "Hand over" in shown or "Settlement of hand 1" in shown:
            return shown, flowers
        footer = shown.splitlines()[-1]
        if " w " in f" {footer} ":
            tmux.run("send-keys", "-t", "smoke", "w")
        elif "Your turn" in shown:
            tmux.run("send-keys", "-t", "smoke", "d")
        elif "x pass" in shown.lower() or " x Pass" in footer:
            tmux.run("send-keys", "-t", "smoke", "x")
        time.sleep(0.3)
    raise AssertionError(f"the hand never ended; the screen was:\n{tmux.screen()}")


def test_a_guobiao_hand_is_played_to_its_settlement_at_80x24(tmp_path: Path):
    tmux = Tmux(require_program("tmux"), f"qipai-gb-{os.getpid()}")
    qipai_in_tmux(
        tmux,
        tmp_path,
        "local",
        "mahjong",
        "--ruleset",
        "guobiao",
        "--bots",
        "3",
        then="echo QIPAI-EXIT=$?; sleep 60",
    )
    try:
        dealt = tmux.wait_for("Your turn")
        middle = [line[27:53].strip() for line in dealt.splitlines()]
        assert "国标麻将" in middle and "Round E" in middle
        over, flowers = play_to_the_end(tmux)
        assert flowers, "144 tiles: some seat sets a flower aside in nearly every hand"
        if "Settlement of hand 1" not in over:
            tmux.run("send-keys", "-t", "smoke", "v")
        over = tmux.wait_for("This hand:")
        assert all(cell_len(line) <= 80 for line in over.splitlines())
        assert "Exhaustive draw" in over or re.search(r"WON .* \d+ fan: ", over), over
        quit_mid_game(tmux)
        tmux.wait_for("QIPAI-EXIT=0")
        assert hall_processes(str(tmp_path / "data")) == []
    finally:
        subprocess.run([*tmux.base, "kill-server"], capture_output=True, timeout=10)
