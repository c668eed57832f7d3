"""Ctrl+Q in the middle of a game asks first (a second press within 3 s quits), and quits at
once anywhere else; in 中文 the footer's quit key says 退出."""

from __future__ import annotations

import pytest

from client.app import QipaiApp
from client.launch import Launch
from client.mahjong_view import view_from_wire
from client.screens.mahjong_table import MahjongTableScreen
from tests.client.fakes import FakeHall
from tests.client.test_mahjong_table import footer, table_wire
from tests.mahjong.test_machine_positions import E, Table


def notices(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


@pytest.mark.asyncio
async def test_ctrl_q_mid_hand_asks_and_a_second_press_quits():
    app = QipaiApp(Launch())
    async with app.run_test(size=(80, 24)) as pilot:
        hand = Table().start(["123m 456m 789m 5p 7p 999p", "*", "*", "*"])
        app.push_screen(MahjongTableScreen(FakeHall(), 4, view_from_wire(table_wire(hand, E))))
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, MahjongTableScreen) and app.return_code is None
        assert any("ctrl+q again within 3 s quits" in text for text in notices(app))
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0


@pytest.mark.asyncio
async def test_ctrl_q_on_the_start_screen_quits_at_once():
    app = QipaiApp(Launch())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert notices(app) == []
    assert app.return_code == 0


@pytest.mark.asyncio
async def test_the_quit_key_is_chinese_in_chinese(monkeypatch):
    monkeypatch.setenv("QIPAI_LANG", "zh")
    app = QipaiApp(Launch())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert footer(app)["ctrl+q"] == "退出"
