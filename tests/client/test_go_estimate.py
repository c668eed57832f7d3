"""The score estimate during play (issue 16 item 3): `e` draws the estimator's map over the board
for spectators, local and friendly games; a ranked table's players are told why not."""

from __future__ import annotations

import time

import pytest
from textual.app import App
from textual.widgets import Static

from client.go_view import GoView
from client.i18n import Strings
from client.screens.go_table import GoTableScreen
from client.widgets.go_board import GoBoard
from client.widgets.go_panel import GoPanel
from tests.client.fakes import FakeHall, go_view_wire

# Black walls off the left of a 9x9 board, White the right: the map gives each side its half.
WALLS = ["..X...O.."] * 9


class TableApp(App):
    def __init__(self, view: GoView) -> None:
        super().__init__()
        self.hall = FakeHall()
        self.view = view

    def on_mount(self) -> None:
        self.push_screen(GoTableScreen(self.hall, 3, self.view))


def table_app(friendly: bool = True, size: int = 9, **fields) -> TableApp:
    wire = go_view_wire(size=size, **fields)
    wire["options"]["friendly"] = friendly
    return TableApp(GoView.from_wire(wire, time.monotonic()))


def message_line(app: App) -> str:
    return str(app.screen.query_one("#message", Static).render())


def board_text(app: App) -> str:
    return "\n".join(app.screen.query_one(GoBoard).text_lines())


async def press_and_wait(app: App, pilot, key: str) -> None:
    await pilot.press(key)
    await app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.asyncio
async def test_a_spectator_of_a_ranked_table_sees_the_map_and_the_estimated_result():
    app = table_app(friendly=False, board=WALLS, you=[], legal=[], move_number=18)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "-" not in board_text(app)
        await press_and_wait(app, pilot, "e")
        text = board_text(app)
        assert " - " in text and " = " in text  # each side's half marked, stones untouched
        assert sum(line.count("X") for line in text.splitlines()[1:-1]) == 9  # stones stay
        panel = app.screen.query_one(GoPanel)
        assert panel.text_of("estimate").startswith("Estimate: ")
        assert "子" in panel.text_of("estimate") or "和棋" in panel.text_of("estimate")
        assert panel.text_of("estimate-legend").startswith("- X  = O")
        await pilot.press("e")  # the same key hides it
        await pilot.pause()
        assert " - " not in board_text(app) and panel.text_of("estimate") == ""
    assert app.hall.acts() == []  # the hall was never asked


@pytest.mark.asyncio
async def test_a_player_of_a_ranked_table_is_refused_in_words():
    app = table_app(friendly=False, board=WALLS, you=["black"], move_number=18)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_and_wait(app, pilot, "e")
        assert message_line(app) == (
            "No estimate for the players of a ranked game (spectators may see it)"
        )
        assert " - " not in board_text(app)
        assert app.screen.query_one(GoPanel).text_of("estimate") == ""


@pytest.mark.asyncio
async def test_a_local_hot_seat_game_and_a_friendly_player_get_the_estimate():
    for you in (["black", "white"], ["white"]):
        app = table_app(board=WALLS, you=you, move_number=18)
        async with app.run_test(size=(80, 24)) as pilot:
            await press_and_wait(app, pilot, "e")
            assert " - " in board_text(app)
            assert app.screen.query_one(GoPanel).text_of("estimate").startswith("Estimate: ")


@pytest.mark.asyncio
async def test_a_new_move_is_estimated_again_and_19x19_stays_inside_80x24():
    app = table_app(size=19, you=[], legal=[], move_number=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_and_wait(app, pilot, "e")
        screen = app.screen
        board, panel = screen.query_one(GoBoard), screen.query_one(GoPanel)
        assert panel.text_of("estimate").startswith("Estimate: ")
        assert board.region.bottom <= 23 and panel.region.bottom <= 23
        assert panel.region.right <= 80
        wire = go_view_wire(size=19, you=[], legal=[], move_number=3, seq=2)
        wire["game"]["board"] = ["X" + "." * 18] + ["." * 19] * 18
        screen.on_table_push({"type": "snapshot", "seq": 2, "view": wire})
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.estimate is not None and screen.estimate.view is screen.view
        assert panel.text_of("estimate").startswith("Estimate: ")


@pytest.mark.asyncio
async def test_the_key_is_in_the_help_and_the_footer_during_play():
    app = table_app(you=[], legal=[])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "e" in app.screen.active_bindings
        assert "Estimate" in app.screen.key_list(Strings())
