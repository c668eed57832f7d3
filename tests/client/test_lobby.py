"""The lobby with a recording hall: the table list, choosing a seat, watching, refusals."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widgets import DataTable

from client.screens.lobby import LobbyScreen
from tests.client.fakes import FakeHall

TABLES = [
    {
        "table": 3,
        "room": "go",
        "options": {"size": 9, "clock": {"main": 300, "periods": 3, "period": 30}},
        "seats": {"black": "ann", "white": None},
        "spectators": 1,
        "phase": "waiting",
    },
    {
        "table": 5,
        "room": "go",
        "options": {"size": 19, "clock": None},
        "seats": {"black": None, "white": None},
        "spectators": 0,
        "phase": "waiting",
    },
]


class LobbyApp(App):
    def __init__(self, hall: FakeHall) -> None:
        super().__init__()
        self.hall = hall
        self.local = None
        self.opened: list[tuple[int, dict]] = []

    def on_mount(self) -> None:
        self.push_screen(LobbyScreen("go.lan:7460", "cy"))

    def open_table(self, table: int, view: dict) -> None:
        self.opened.append((table, view))


def lobby_hall(**errors) -> FakeHall:
    hall = FakeHall(errors=errors)
    hall.replies["lobby"] = {
        "rooms": [{"room": "go", "name": "Go", "tables": 2}],
        "tables": TABLES,
        "players": ["ann", "cy"],
    }
    hall.replies["sit"] = {"view": {"seq": 1}}
    hall.replies["watch"] = {"view": {"seq": 1}}
    return hall


async def lobby_ready(pilot, app: LobbyApp) -> LobbyScreen:
    for _ in range(100):
        await pilot.pause(0.02)
        if app.screen.query_one("#tables", DataTable).row_count == 2:
            return app.screen
    raise AssertionError("the table list never filled")


@pytest.mark.asyncio
async def test_the_list_shows_boards_clocks_seats_and_who_is_online():
    app = LobbyApp(lobby_hall())
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await lobby_ready(pilot, app)
        table = lobby.query_one("#tables", DataTable)
        assert table.get_row("3") == ["3", "9x9", "5m+3x30", "ann", "(free)", "waiting", "1"]
        assert table.get_row("5")[:3] == ["5", "19x19", "-"]
        assert lobby.players == {"ann", "cy"}


@pytest.mark.asyncio
async def test_enter_sits_at_the_free_seat_and_a_digit_chooses_the_seat():
    app = LobbyApp(lobby_hall())
    async with app.run_test(size=(80, 24)) as pilot:
        await lobby_ready(pilot, app)
        await pilot.press("enter")  # table 3: only white is free
        await pilot.press("down", "2")  # table 5: white, as chosen
        await pilot.press("3")  # a Go table has two seats
        await pilot.pause()
        assert "has 2 seats" in str(app.screen.query_one("#message").render())
    sits = [r for r in app.hall.requests if r["type"] == "sit"]
    assert sits == [
        {"type": "sit", "table": 3, "seat": "white"},
        {"type": "sit", "table": 5, "seat": "white"},
    ]
    assert [table for table, _ in app.opened] == [3, 5]


@pytest.mark.asyncio
async def test_a_taken_seat_is_refused_by_the_hall_and_nothing_opens():
    app = LobbyApp(lobby_hall(sit=("seat_taken", "black is taken by ann")))
    async with app.run_test(size=(80, 24)) as pilot:
        await lobby_ready(pilot, app)
        await pilot.press("1")
        await pilot.pause()
        assert str(app.screen.query_one("#message").render()) == (
            "seat_taken: black is taken by ann"
        )
    assert app.opened == []


@pytest.mark.asyncio
async def test_w_watches_the_selected_table():
    app = LobbyApp(lobby_hall())
    async with app.run_test(size=(80, 24)) as pilot:
        await lobby_ready(pilot, app)
        await pilot.press("down", "w")
        await pilot.pause()
    assert [r for r in app.hall.requests if r["type"] == "watch"] == [{"type": "watch", "table": 5}]
