"""The leaderboard screen at 80x24: it asks the hall for each board, switches with the arrows,
h/l and digits, marks and selects the player's own row (below the top rows when needed), and
shows the hall's refusals."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.widgets import DataTable, Static

from client.screens.leaderboard import LeaderboardScreen
from client.screens.profile import ProfileScreen
from tests.client.fakes import FakeHall
from tests.client.one_screen import OneScreenApp, static_text, until

BOARDS = ["go", "sichuan", "xuezhan", "lengzi", "baicheng", "zhongyou", "coins"]
REPLIES: dict[str, dict[str, Any]] = {
    "go": {
        "rows": [
            {"place": 1, "name": "bob", "rank": "2d", "rank_index": 19, "wins": 3, "losses": 1},
            {"place": 2, "name": "ann", "rank": "5k", "rank_index": 13, "wins": 0, "losses": 1},
        ],
        "you": {"place": 2, "name": "ann", "rank": "5k", "rank_index": 13, "wins": 0, "losses": 1},
        "players": 2,
    },
    "lengzi": {
        "rows": [
            {
                "place": 1,
                "name": "bob",
                "points": 1028,
                "hands": 40,
                "level": 6,
                "title": "县令",
                "title_en": "County Magistrate",
            },
            {
                "place": 2,
                "name": "cat",
                "points": 200,
                "hands": 9,
                "level": 4,
                "title": "举人",
                "title_en": "Provincial Graduate",
            },
        ],
        "you": {
            "place": 7,
            "name": "ann",
            "points": -16,
            "hands": 2,
            "level": 1,
            "title": "托钵人",
            "title_en": "Beggar",
        },
        "players": 7,
    },
    "coins": {
        "rows": [{"place": 1, "name": "eve", "coins": 51200}],
        "you": None,
        "players": 1,
    },
}


class BoardHall(FakeHall):
    async def request(self, kind: str, **fields: Any) -> dict[str, Any]:
        reply = await super().request(kind, **fields)
        board = fields.get("board", "")
        empty = {"rows": [], "you": None, "players": 0}
        return {**reply, "board": board, "boards": BOARDS, **REPLIES.get(board, empty)}


def rows(screen) -> list[list[str]]:
    table = screen.query_one(DataTable)
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


def asked(hall: FakeHall) -> list[str]:
    return [r["board"] for r in hall.requests if r["type"] == "leaderboard"]


@pytest.mark.asyncio
async def test_the_go_board_first_with_my_row_marked_and_selected():
    hall = BoardHall()
    app = OneScreenApp(hall, LeaderboardScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: len(rows(app.screen)) == 2, "go rows")
        screen = app.screen
        assert asked(hall) == ["go"]
        assert rows(screen) == [["", "1", "bob", "2d", "3-1"], [">", "2", "ann", "5k", "0-1"]]
        assert screen.query_one(DataTable).cursor_row == 1
        assert static_text(screen, "#tabs").startswith("[围棋 Go]")
        assert static_text(screen, "#where") == "You are #2 of 2."


@pytest.mark.asyncio
async def test_switching_boards_with_keys_and_my_row_below_the_top():
    hall = BoardHall()
    app = OneScreenApp(hall, LeaderboardScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: len(rows(app.screen)) == 2, "go rows")
        await pilot.press("4")
        await until(pilot, lambda: len(rows(app.screen)) == 4, "lengzi rows")
        screen = app.screen
        assert rows(screen) == [
            ["", "1", "bob", "县令 (6)", "1,028", "40"],
            ["", "2", "cat", "举人 (4)", "200", "9"],
            ["", "...", "", "", "", ""],
            [">", "7", "ann", "托钵人 (1)", "-16", "2"],
        ]
        assert screen.query_one(DataTable).cursor_row == 3
        assert "[棱子]" in static_text(screen, "#tabs")
        await pilot.press("right")
        await until(pilot, lambda: asked(hall)[-1] == "baicheng", "next board asked")
        await until(
            pilot, lambda: "play a hand in a coin room" in static_text(screen, "#where"), "none"
        )
        assert rows(screen) == []
        await pilot.press("l", "l")
        await until(pilot, lambda: asked(hall)[-1] == "coins", "coins asked")
        await until(pilot, lambda: len(rows(screen)) == 1, "coin rows")
        assert rows(screen) == [["", "1", "eve", "51,200"]]
        await pilot.press("right")
        await until(pilot, lambda: asked(hall)[-1] == "go", "wraps round to go")
        await pilot.press("h")
        await until(pilot, lambda: asked(hall)[-1] == "coins", "back to coins")
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, LeaderboardScreen), "closed")


@pytest.mark.asyncio
async def test_a_refusal_is_shown_in_plain_words():
    """A request the hall could not read is this client's fault: the player is told so, not
    the field's name."""
    hall = BoardHall(errors={"leaderboard": ("bad_field", "board must be one of go, coins")})
    app = OneScreenApp(hall, LeaderboardScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: static_text(app.screen, "#message"), "refusal")
        assert static_text(app.screen, "#message") == (
            "The hall did not understand this client (a bug); nothing was changed."
        )


class LobbyApp(App):
    def __init__(self, hall: FakeHall) -> None:
        super().__init__()
        self.hall = hall
        self.local = None

    def on_mount(self) -> None:
        from client.screens.lobby import LobbyScreen

        self.push_screen(LobbyScreen("go.lan:7460", "ann"))


@pytest.mark.asyncio
async def test_b_in_the_lobby_opens_the_boards_and_the_footer_shows_the_key():
    from textual.widgets._footer import FooterKey

    hall = BoardHall()
    hall.replies["lobby"] = {"rooms": [], "tables": [], "players": ["ann"]}
    app = LobbyApp(hall)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: any(r["type"] == "lobby" for r in hall.requests), "lobby")

        def keys() -> list[FooterKey]:
            return [k for k in app.screen.query(FooterKey) if k.description == "Boards"]

        await until(pilot, lambda: len(keys()) == 1, "the footer's key")
        assert keys()[0].key == "b"
        # The lobby's footer is wider than 80 columns: the title line carries the hint.
        title = app.screen.query_one("#title", Static)
        hint = str(title.render()).index("b: leaderboards")
        assert title.region.x + hint + len("b: leaderboards") <= 80
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, LeaderboardScreen), "boards open")
        await until(pilot, lambda: len(rows(app.screen)) == 2, "go rows")
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, LeaderboardScreen), "back")


@pytest.mark.asyncio
async def test_enter_opens_a_players_profile_and_my_own_row_opens_mine():
    hall = BoardHall()
    hall.replies["profile"] = {"name": "cat", "balance": 1, "entries": []}
    app = OneScreenApp(hall, LeaderboardScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: len(rows(app.screen)) == 2, "go rows")
        await pilot.press("4")
        await until(pilot, lambda: len(rows(app.screen)) == 4, "lengzi rows")
        await pilot.press("up", "enter")  # the gap row: nobody's profile
        await pilot.pause(0.1)
        assert isinstance(app.screen, LeaderboardScreen)
        await pilot.press("up", "enter")  # cat
        await until(pilot, lambda: isinstance(app.screen, ProfileScreen), "cat's profile")
        await until(pilot, lambda: hall.requests[-1]["type"] == "profile", "profile asked")
        assert hall.requests[-1] == {"type": "profile", "name": "cat"}
        assert "profile of cat" in static_text(app.screen, "#title")
        await pilot.press("r")  # relief is for oneself only
        await pilot.pause(0.1)
        assert [r for r in hall.requests if r["type"] == "relief"] == []
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LeaderboardScreen), "back")
        await pilot.press("down", "down", "enter")  # my own row
        await until(pilot, lambda: isinstance(app.screen, ProfileScreen), "my profile")
        await until(pilot, lambda: hall.requests[-1]["type"] == "profile", "profile asked")
        assert hall.requests[-1] == {"type": "profile"}
        assert "my profile" in static_text(app.screen, "#title")
