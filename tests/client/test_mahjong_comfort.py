"""The comfort toggles at the mahjong table, driven by the pilot (issue 15): shift+W takes every
win offered, shift+X passes every claim but a win, shift+T switches the tiles' glyphs, shift+O
sorts the drawn tile in; each is saved, shown on the title line, and every action a toggle
takes is one the hall offered and is said on screen."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from textual.widgets import Static

from client.config import Settings, config_dir
from client.i18n import Strings
from client.launch import Launch
from client.mahjong_comfort import Comfort, remember
from client.mahjong_view import view_from_wire
from client.screens.key_help import KeyHelpScreen
from client.screens.mahjong_table import MahjongTableScreen
from tests.client.fakes import FakeHall
from tests.client.test_mahjong_table import TableApp, board_text, table_wire, text_of
from tests.mahjong.test_machine_positions import E, N, S, Table, W, discard


class SettingsApp(TableApp):
    """A table in an app with the client's settings, as `qipai` runs it."""

    def __init__(self, hall: FakeHall, wire: dict[str, Any], **looks: Any) -> None:
        super().__init__(hall, wire, **looks)
        self.settings = Settings.load()


def pung_offered():
    """bob (S) lets go a 5p alice (E) may pung (no win for her)."""
    hand = Table().start(
        ["123m 456m 789m 55p 7p 9p", "234m 567m 22p 33p 44p 6p", "*", "*"], draws="5p", turn=S
    )
    discard(hand, S, "5p")
    return hand


def win_offered():
    """bob lets go the 5p alice waits on; she could pung it too."""
    hand = Table().start(
        ["123m 456m 789m 111p 5p", "234m 567m 22p 33p 44p 6p", "*", "*"], draws="5p", turn=S
    )
    discard(hand, S, "5p")
    return hand


def title(app) -> str:
    return text_of(app, "#title")


@pytest.mark.asyncio
async def test_shift_x_passes_a_pung_says_so_and_is_saved():
    app = SettingsApp(FakeHall(), table_wire(pung_offered(), E))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "p pung" in text_of(app, "#prompt") and "[auto-pass]" not in title(app)
        await pilot.press("X")
        await pilot.pause()
        assert title(app).startswith("[auto-pass]  ")
        assert text_of(app, "#message") == "auto-pass: passed on 5p"
    assert app.hall.acts() == [{"type": "act", "table": 4, "action": "pass", "seat": "0"}]
    assert Settings.load().mahjong_auto_pass is True


@pytest.mark.asyncio
async def test_auto_pass_leaves_a_win_to_the_player_and_auto_win_takes_it():
    app = TableApp(FakeHall(), table_wire(win_offered(), E), comfort=Comfort(auto_pass=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.hall.acts() == []  # a win is on offer: not passed for the player
        await pilot.press("W")
        await pilot.pause()
        assert title(app).startswith("[auto-win]  [auto-pass]")
        assert text_of(app, "#message") == "auto-win: won on 5p"
    assert app.hall.acts() == [{"type": "act", "table": 4, "action": "win", "seat": "0"}]


@pytest.mark.asyncio
async def test_auto_win_takes_a_self_draw_once_however_often_the_view_comes():
    hand = Table().start(["123m 456m 1111p 23p 55p", "*", "*", "*"], filler=8)
    wire = table_wire(hand, E)
    app = TableApp(FakeHall(), wire, comfort=Comfort(auto_win=True), strings=Strings("zh"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, MahjongTableScreen))
        screen.show_view(view_from_wire(wire))  # a snapshot of the same moment
        await pilot.pause()
        assert text_of(app, "#message") == "自动和：自摸"
        assert title(app).startswith("[自动和]")
    assert app.hall.acts() == [{"type": "act", "table": 4, "action": "self_win", "seat": "0"}]


@pytest.mark.asyncio
async def test_a_hot_seat_keyboard_answers_for_itself():
    hand = win_offered()
    wire = table_wire(hand, E, mine=(E, W, N))
    app = TableApp(FakeHall(), wire, comfort=Comfort(auto_win=True, auto_pass=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    assert app.hall.acts() == []


@pytest.mark.asyncio
async def test_shift_t_switches_the_glyphs_and_shift_o_sorts_the_drawn_tile_in():
    hand = Table().start(["*", "123m 456m 789m 12p 55p", "*", "*"], draws="9m", turn=S, filler=10)
    app = SettingsApp(FakeHall(), table_wire(hand, S, seq=4))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        events = [event.for_seat(S) for event in hand.events]  # bob's draw among them
        screen = next(s for s in app.screen_stack if isinstance(s, MahjongTableScreen))
        screen.on_table_push(
            {"type": "event", "seq": 5, "events": events, "view": table_wire(hand, S)}
        )
        await pilot.pause()
        hand_line = board_text(app).split("\n")[-2]
        assert hand_line.rstrip().endswith("5p   9m")  # the drawn 9m apart
        await pilot.press("O")
        await pilot.pause()
        assert board_text(app).split("\n")[-2].startswith("  [1m]2m 3m 4m 5m 6m 7m 8m 9m 9m 1p")
        assert text_of(app, "#message") == "The tile you draw is sorted into your hand"
        await pilot.press("T")
        await pilot.pause()
        assert "一萬" in board_text(app).split("\n")[-2]
        assert text_of(app, "#message") == "Tiles as 五萬 二筒 東 (T again: 5m 2p E)"
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeyHelpScreen)
        listed = app.screen.query_one("#keys", Static).render()
        for line in ("W          Auto-win on/off", "X          Auto-pass claims on/off (no calls)"):
            assert line in str(listed)
    saved = Settings.load()
    assert (saved.mahjong_cjk, saved.mahjong_drawn_apart) == (True, False)
    assert app.hall.acts() == []
    assert Comfort.from_settings(saved) == Comfort(cjk=True, drawn_apart=False)


def test_the_ssh_door_keeps_no_visitors_toggles_in_the_hosts_settings():
    """Through the door the settings file is the host's, shared by every visitor: a toggle
    lasts the session only. A hand-edited value that is no yes/no keeps the default."""
    door = SimpleNamespace(settings=Settings(), launch=Launch("door"))
    remember(door, Comfort(auto_win=True))
    assert Settings.load().mahjong_auto_win is False
    at_home = SimpleNamespace(settings=Settings.load(), launch=Launch())
    remember(at_home, Comfort(auto_win=True))
    assert Settings.load().mahjong_auto_win is True
    path = config_dir() / "settings.json"
    path.write_text('{"mahjong_auto_pass": "yes", "last_name": "ann"}', encoding="utf-8")
    loaded = Settings.load()
    assert (loaded.mahjong_auto_pass, loaded.last_name) == (False, "ann")
