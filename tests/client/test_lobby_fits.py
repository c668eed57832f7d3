"""The lobby at 80x24: Go and mahjong tables in one list whose seat cells say whose seat is
whose (not mahjong under Go's black / white), every column in sight, the rooms one line each so
the Online list shows, and a footer that fits with `?` for the rest of the keys."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input, Static

from client.screens.key_help import KeyHelpScreen
from tests.client.test_lobby import TABLES, LobbyApp, lobby_hall, lobby_ready
from tests.client.test_mahjong_table import footer

MAHJONG = {
    "table": 6,
    "room": "lengzi",
    "options": {"ruleset": "lengzi", "hands": 8, "rounds": None},
    "seats": {"0": "alice", "1": "bot-1", "2": None, "3": "dave"},
    "tier": "hundred",
    "stake": 100,
    "spectators": 2,
    "phase": "playing",
}


@pytest.mark.asyncio
async def test_the_lobby_fits_80x24():
    hall = lobby_hall()
    hall.replies["lobby"] = {
        "rooms": [
            {"room": room, "name": room}
            for room in ("go", "sichuan", "xuezhan", "lengzi", "baicheng", "zhongyou")
        ],
        "tables": [TABLES[0], MAHJONG],
        "players": ["alice", "ann", "cy", "dave"],
    }
    app = LobbyApp(hall)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await lobby_ready(pilot, app)
        table = lobby.query_one("#tables", DataTable)
        assert table.get_row("6")[3:] == ["1 alice 2 bot-1", "3 (free) 4 dave", "playing +2"]
        assert table.virtual_size.width <= table.size.width  # no column cut or scrolled off
        online = lobby.query_one("#online", Static)
        assert online.region.bottom <= lobby.query_one("#terms").region.y  # all four in sight
        assert str(online.render()).split("\n") == ["alice", "ann", "cy", "dave"]
        keys = footer(app)
        assert "question_mark" in keys and "r" not in keys
        from textual.widgets._footer import FooterKey

        shown = [key for key in app.screen.query(FooterKey) if key.region.width]
        assert shown and max(key.region.right for key in shown) <= 80  # every key in sight
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeyHelpScreen)
        assert "Refresh" in str(app.screen.query_one("#keys", Static).render())


@pytest.mark.asyncio
async def test_enter_sends_the_chat_line_and_the_next_key_is_a_lobby_key_again():
    hall = lobby_hall()
    app = LobbyApp(hall)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await lobby_ready(pilot, app)
        await pilot.press("t", "h", "i", "enter")
        await pilot.pause()
        assert not isinstance(app.focused, Input)
        lobbies = sum(r["type"] == "lobby" for r in hall.requests)
        await pilot.press("r")  # refresh: a command, not a letter of the next line
        await pilot.pause()
        await pilot.pause()
        assert sum(r["type"] == "lobby" for r in hall.requests) == lobbies + 1
        assert {"type": "chat", "text": "hi"} in hall.requests
        assert lobby.query_one("#chat", Input).value == ""
