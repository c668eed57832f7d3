"""A spectator who comes late steps back through the game so far (issue 16 item 4): `v` at the
table asks the hall for the record of the running game (`table_record`) and opens the review
on its last move; q is back at the live table. Against a real hall on loopback, at 80x24."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from client.app import QipaiApp
from client.connection import HallConnection
from client.launch import Launch
from client.local_hall import LocalHall
from client.screens.lobby import LobbyScreen
from client.screens.login import LoginScreen
from client.screens.review import ReviewScreen
from client.widgets.go_board import GoBoard
from tests.client.test_app_flows import table_of, until
from tests.client.test_go_estimate import table_app

MOVES = ("E5", "C3", "G7", "C7")


def side(app) -> str:
    return str(app.screen.query_one("#side", Static).render())


async def players(
    host: str, port: int, options: dict
) -> tuple[HallConnection, HallConnection, int]:
    ann = await HallConnection.open(host, port, on_push=lambda message: None)
    bob = await HallConnection.open(host, port, on_push=lambda message: None)
    await ann.request("register", name="ann", password="ann-secret")
    await bob.request("register", name="bob", password="bob-secret")
    table = int((await ann.request("create_table", room="go", options=options))["table"])
    await ann.request("sit", table=table, seat="black")
    await bob.request("sit", table=table, seat="white")
    for n, point in enumerate(MOVES):
        await (ann, bob)[n % 2].request("act", table=table, action="play", point=point)
    await bob.request("chat", table=table, text="nice shape")
    return ann, bob, table


async def watch_late(pilot, app: QipaiApp, table: int):
    await until(pilot, lambda: isinstance(app.screen, LoginScreen), "the login screen")
    await pilot.press(*"sam", "enter", *"sam-secret", "ctrl+r")
    await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
    await until(pilot, lambda: table in app.screen.tables, "the table in the lobby")
    await pilot.press("w")
    await until(pilot, lambda: table_of(app) is not None, "the watched table")
    return table_of(app)


@pytest.mark.asyncio
async def test_a_late_spectator_steps_back_through_the_game_so_far(tmp_path):
    hall = LocalHall(db_path=tmp_path / "hall.db")
    host, port = await hall.start()
    ann, bob, table = await players(host, port, {"size": 9})
    try:
        app = QipaiApp(Launch("connect", address=f"{host}:{port}"))
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await watch_late(pilot, app, table)
            assert screen.view.is_spectator and screen.view.move_number == 4
            await pilot.press("v")
            await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
            review = app.screen
            assert review.ply == 4 and "Move 4/4" in side(app)
            assert "bob: nice shape" in side(app)  # the table chat, on the move it followed
            await pilot.press("left", "left")
            assert review.ply == 2
            lines = review.query_one(GoBoard).text_lines()
            assert "X" in lines[9 - 5 + 1] and "O" not in lines[9 - 7 + 1]  # E5, C3; no G7
            await pilot.press("home")
            assert review.ply == 0
            await pilot.press("q")
            await until(pilot, lambda: app.screen is screen, "back at the live table")
            await ann.request("act", table=table, action="play", point="D4")
            await until(pilot, lambda: screen.view.move_number == 5, "the game going on")
            await pilot.press("v")
            await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review again")
            assert app.screen.ply == 5
            await app.close_hall()
    finally:
        await ann.close()
        await bob.close()
        await hall.stop()


SO_FAR = "(;GM[1]FF[4]SZ[9]KM[7]PB[ann]PW[bob];B[ee];W[cg];B[gc])"


@pytest.mark.asyncio
@pytest.mark.parametrize("seats, shown", [(["black"], False), ([], True)])
async def test_a_ranked_games_player_looks_back_without_the_estimators_count(seats, shown):
    """The review's end count is an estimate of the game still going: the players of a ranked
    game get none (``may_see_estimate``), its spectators do."""
    legal = {} if seats else {"legal": []}
    app = table_app(friendly=False, you=seats, move_number=3, **legal)
    app.hall.replies["table_record"] = {"table": 3, "sgf": SO_FAR}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        assert app.screen.estimate is shown and app.screen.ply == 3
        assert ("Estimate" in side(app)) is shown
    assert app.hall.requests[-1] == {"type": "table_record", "table": 3}


@pytest.mark.asyncio
async def test_a_refused_look_back_is_said_in_words():
    app = table_app(you=[], legal=[])
    app.hall.errors["table_record"] = ("not_at_table", "sit or watch first")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("v")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not isinstance(app.screen, ReviewScreen)
        said = str(app.screen.query_one("#message", Static).render())
        assert said and "not_at_table" not in said
