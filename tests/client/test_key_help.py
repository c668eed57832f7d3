"""A key that does nothing says so, one not on offer now says that, and `?` lists the keys of
the screen (those on offer first), in both languages."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from client.i18n import Strings
from client.screens.key_help import KeyHelpScreen
from tests.client.fakes import FakeHall
from tests.client.test_mahjong_table import TableApp, table_screen, table_wire, text_of
from tests.mahjong.test_machine_positions import E, Table


def our_turn(**looks) -> TableApp:
    hand = Table().start(["123m 456m 789m 5p 7p 999p", "*", "*", "*"])
    return TableApp(FakeHall(), table_wire(hand, E), **looks)


@pytest.mark.asyncio
async def test_an_unbound_key_and_a_key_not_on_offer_say_so_and_send_nothing():
    app = our_turn()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("z")
        await pilot.pause()
        assert text_of(app, "#message") == "The key z does nothing here - ? lists the keys"
        await pilot.press("c")  # chow: Sichuan has none, and it is our discard anyway
        await pilot.pause()
        assert "c (Chow) is not possible now" in text_of(app, "#message")
    assert app.hall.acts() == []


@pytest.mark.asyncio
async def test_question_mark_lists_the_keys_on_offer_first_and_esc_closes_it():
    app = our_turn()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeyHelpScreen)
        text = str(app.screen.query_one("#keys", Static).render())
        now, later = text.split("Keys for other moments:")
        assert "Keys you can use now:" in now and "Discard" in now and "Leave" in now
        assert "Chow" in later and "Discard" not in later
        assert "C 中 red, F 發 green, P 白 white dragon" in later  # the tiles' legend
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table_screen(app)
    assert app.hall.acts() == []


@pytest.mark.asyncio
async def test_the_words_are_chinese_at_a_chinese_table(monkeypatch):
    monkeypatch.setenv("QIPAI_LANG", "zh")
    app = our_turn(strings=Strings("zh"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("z")
        await pilot.pause()
        assert text_of(app, "#message") == "z 键在这里没有作用 - 按 ? 查看按键"
