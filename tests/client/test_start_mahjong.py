"""Mahjong from the start screen, keys only at 80x24: `j` opens the choice of rules and
opponents, and enter opens the table the way `qipai local mahjong` does, on the real local hall;
then the same in a real terminal (tmux) with NO_COLOR."""

from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.app import App
from textual.widgets import Static

from client.app import QipaiApp
from client.launch import Launch
from client.mahjong_cli import local_rooms
from client.screens.start import StartScreen
from client.screens.start_mahjong import StartMahjongScreen
from tests.client.test_app_flows import until
from tests.client.test_mahjong_app_flows import prompt_of, table_of
from tests.client.test_tmux_smoke import Tmux, hall_processes, qipai_command, quit_mid_game
from tests.conftest import require_program


class StartApp(App):
    """The start screen alone, recording the mahjong table it asks the app for."""

    def __init__(self) -> None:
        super().__init__()
        self.mahjong: list[tuple[str, int]] = []

    def on_mount(self) -> None:
        self.push_screen(StartScreen())

    def play_local_mahjong(self, room: str, bots: int) -> None:
        self.mahjong.append((room, bots))


def choices_text(app: App) -> str:
    return str(app.screen.query_one("#choices", Static).render())


@pytest.mark.asyncio
async def test_j_shows_every_ruleset_by_its_chinese_name_and_the_hint_of_every_key():
    app = StartApp()
    async with app.run_test(size=(80, 24)) as pilot:
        assert "j   play mahjong here" in str(app.screen.query_one("#welcome", Static).render())
        await pilot.press("j")
        assert isinstance(app.screen, StartMahjongScreen)
        text = choices_text(app)
        for line in (
            " > 1  四川麻将  sichuan",
            "   2  血战到底  xuezhan",
            "   3  长安棱子  lengzi",
            "   4  白城鸡宝夹  baicheng",
            "   5  众游世界  zhongyou",
            "o  opponents: three bots (you play one seat)",
            "enter deal   esc back",
        ):
            assert line in text.splitlines()
        assert all(cell_len(line) <= 56 for line in text.splitlines())  # inside the 60-wide box
        await pilot.press("4", "o")
        text = choices_text(app)
        assert " > 4  白城鸡宝夹  baicheng" in text.splitlines()
        assert "   1  四川麻将  sichuan" in text.splitlines()
        assert "o  opponents: hot-seat, four players on this keyboard" in text


@pytest.mark.asyncio
async def test_enter_asks_for_the_chosen_table_and_esc_changes_nothing():
    app = StartApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j", "escape")
        assert isinstance(app.screen, StartScreen) and app.mahjong == []
        await pilot.press("j", "enter")  # the defaults: Sichuan against three bots
        await pilot.press("j", "3", "o", "enter")
        await pilot.press("j", "5", "o", "o", "2", "enter")
        assert isinstance(app.screen, StartScreen)
    assert app.mahjong == [("sichuan", 3), ("lengzi", 0), ("xuezhan", 3)]


@pytest.mark.asyncio
async def test_from_the_start_screen_to_a_dealt_xuezhan_table_against_three_bots():
    app = QipaiApp(Launch())
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, StartScreen)
        await pilot.press("j", "2", "enter")
        await until(pilot, lambda: table_of(app) is not None, "the local mahjong table")
        screen = table_of(app)
        await until(pilot, lambda: "m / p / s" in prompt_of(screen), "the deal (the void choice)")
        view = screen.view
        assert view.room == "xuezhan" and view.mine == (0,) and view.you == 0
        assert [seat.bot for seat in view.seats] == [False, True, True, True]
        assert view.seats[0].hand is not None and len(view.seats[0].hand) in (13, 14)
        assert "hot-seat" not in screen.title_text and "local" in screen.title_text
        assert app.launch.room == "xuezhan" and app.launch.bots == 3  # as `--bots 3` sets it
        await app.close_hall()


def test_qipai_then_j_deals_mahjong_against_bots_in_tmux_without_colour(tmp_path: Path):
    tmux = Tmux(require_program("tmux"), f"qipai-start-mj-{os.getpid()}")
    env = {
        "XDG_CONFIG_HOME": tmp_path / "config",
        "XDG_DATA_HOME": tmp_path / "data",
        "TERM": "xterm-256color",
        "NO_COLOR": "1",
        "PYTHONPATH": Path(__file__).resolve().parents[2],
    }
    exports = " ".join(f"{k}={shlex.quote(str(v))}" for k, v in env.items())
    command = shlex.join(qipai_command())
    shell = (
        f"cd {shlex.quote(os.getcwd())} && env {exports} {command}; echo QIPAI-EXIT=$?; sleep 60"
    )
    tmux.run("new-session", "-d", "-s", "smoke", "-x", "80", "-y", "24", shell)
    try:
        assert "j Mahjong" in tmux.wait_for("Hot-seat")
        tmux.run("send-keys", "-t", "smoke", "j")
        tmux.wait_for(f"1-{len(local_rooms())} Rules")  # the footer comes last
        assert "> 1  四川麻将  sichuan" in tmux.wait_for("enter deal   esc back")
        tmux.run("send-keys", "-t", "smoke", "3")
        assert "> 3  长安棱子  lengzi" in tmux.wait_for("> 3")
        tmux.run("send-keys", "-t", "smoke", "1", "Enter")
        dealt = tmux.wait_for("Choose your void suit")
        middle = [line[27:53].strip() for line in dealt.splitlines()]
        assert "四川麻将" in middle and "Hand 1/4" in middle and dealt.count("bot-") >= 3
        assert len(hall_processes(str(tmp_path / "data"))) == 1
        quit_mid_game(tmux)
        tmux.wait_for("QIPAI-EXIT=0")
        assert hall_processes(str(tmp_path / "data")) == []
    finally:
        subprocess.run([*tmux.base, "kill-server"], capture_output=True, timeout=10)
