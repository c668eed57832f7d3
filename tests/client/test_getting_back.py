"""The client gets back (issue 13): while the hall is away it says why and counts down to the next
attempt, for minutes, then logs in again with its session and the player is at their table; a
player coming back to an adjourned game is offered it at log-in and finds it in my games; a
second log-in elsewhere is said plainly and fought for by nobody. The whole client against a
real hall, at 80x24, keys only."""

from __future__ import annotations

import os
import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from client.app import QipaiApp
from client.config import parse_address
from client.connection import HallConnection
from client.door import DoorApp
from client.launch import Launch
from client.local_hall import LocalHall
from client.reconnect import PATIENCE, backoff, clock
from client.screens.disconnected import DisconnectedScreen
from client.screens.games import GamesScreen
from client.screens.hall_away import HallAwayScreen
from client.screens.lobby import LobbyScreen
from client.screens.login import LoginScreen
from client.screens.return_offer import ReturnOfferScreen
from client.widgets.go_panel import GoPanel
from tests.client.adjourned_games import password_of, store_adjourned_game
from tests.client.hall_proxy import HallProxy
from tests.client.test_app_flows import table_of, until


def test_the_client_tries_quickly_then_every_quarter_minute_for_five_minutes():
    waits = list(backoff())
    assert waits[:6] == [0.5, 1.0, 2.0, 4.0, 8.0, 15.0]
    assert set(waits[5:-1]) == {15.0} and 0 < waits[-1] <= 15.0
    assert sum(waits) == PATIENCE == 300.0
    assert [clock(s) for s in (299.6, 65, 9.4, -3)] == ["5:00", "1:05", "0:09", "0:00"]


def shown(screen, selector: str) -> str:
    return str(screen.query_one(selector).render())


async def log_in(pilot, app: QipaiApp, name: str, register: bool = False) -> None:
    await until(pilot, lambda: isinstance(app.screen, LoginScreen), "the login screen")
    await pilot.press(*name, "enter", *password_of(name), "ctrl+r" if register else "enter")
    await until(
        pilot,
        lambda: app.screen_stack and any(isinstance(s, LobbyScreen) for s in app.screen_stack),
        "the lobby",
    )


@asynccontextmanager
async def hall_and_player(
    db: Path, name: str, how: str | None, pushes: list | None = None
) -> AsyncIterator[tuple[str, int, HallConnection]]:
    """A real hall on `db`, and `name` speaking the protocol to it (`how`: register, login,
    or None, only connected); both go at the end."""
    hall = LocalHall(db_path=db)
    host, port = await hall.start()
    on_push = pushes.append if pushes is not None else lambda message: None
    player = await HallConnection.open(host, port, on_push=on_push)
    try:
        if how is not None:
            await player.request(how, name=name, password=password_of(name))
        yield host, port, player
    finally:
        await player.close()
        await hall.stop()


@pytest.mark.asyncio
async def test_a_stopping_hall_is_said_counted_down_and_the_player_lands_back_at_the_table(
    tmp_path,
):
    async with hall_and_player(tmp_path / "hall.db", "bob", "register") as (host, port, bob):
        proxy = HallProxy(host, port)
        await proxy.open()
        app = QipaiApp(Launch("connect", address=proxy.address))
        async with app.run_test(size=(80, 24)) as pilot:
            await log_in(pilot, app, "ann", register=True)
            await pilot.press("n", "enter")
            await until(pilot, lambda: table_of(app) is not None, "ann's table")
            screen = table_of(app)
            await bob.request("sit", table=screen.table, seat="white")
            await until(pilot, lambda: screen.view.phase == "play", "the game to start")
            await pilot.press("enter")
            await until(pilot, lambda: screen.view.move_number == 1, "ann's move")

            bye = {"type": "bye", "code": "shutting_down", "message": "stop", "saved": True}
            await proxy.close(farewell=bye)
            await until(
                pilot,
                lambda: isinstance(app.screen, HallAwayScreen) and app.screen.query("#headline"),
                "the notice",
            )
            away = app.screen
            assert shown(away, "#headline") == "The hall is stopping; your game is saved."
            await until(pilot, lambda: "attempt 2" in shown(away, "#countdown"), "a retry")
            assert shown(away, "#countdown").startswith("Trying again in ")
            assert "giving up in 4:" in shown(away, "#countdown")
            assert shown(away, "#failure").startswith("Cannot reach the hall at ")
            await pilot.press("c", "q", "R")  # keys meant for the board do nothing meanwhile
            assert app.screen is away and screen.view.move_number == 1

            await bob.request("act", table=screen.table, action="play", point="C3")
            await proxy.open()
            await pilot.press("enter")  # try now
            await until(pilot, lambda: screen.view.move_number == 2, "bob's move, seen after")
            await until(pilot, lambda: app.screen is screen, "the table again")
            assert table_of(app) is screen and screen.hall is app.hall
            assert screen.query_one(GoPanel).text_of("last") == "Last: C3"
            await pilot.press("k", "enter")
            await until(pilot, lambda: screen.view.move_number == 3, "ann playing on")
            await app.close_hall()
        await proxy.close()


@pytest.mark.asyncio
async def test_an_adjourned_game_is_offered_at_log_in_and_resumed_at_its_position(tmp_path):
    game = store_adjourned_game(tmp_path / "hall.db", "ann", "bob", ["E5", "C3", "G7"])
    bob_pushes: list[dict] = []
    db = tmp_path / "hall.db"
    async with hall_and_player(db, "bob", "login", bob_pushes) as (host, port, bob):
        app = QipaiApp(Launch("connect", address=f"{host}:{port}"))
        async with app.run_test(size=(80, 24)) as pilot:
            await log_in(pilot, app, "ann")
            await until(pilot, lambda: isinstance(app.screen, ReturnOfferScreen), "the offer")
            assert shown(app.screen, "#game") == (
                f"Go game {game}: ann (black) - bob (white), adjourned when bob left."
            )
            await pilot.press("enter")
            await until(pilot, lambda: table_of(app) is not None, "the resumed table")
            screen = table_of(app)
            assert app.screen is screen
            assert screen.view.move_number == 3 and screen.view.seats == {"black"}
            assert screen.view.to_move == "white"
            started = [m for m in bob_pushes if m.get("kind") == "started"]
            assert started and started[-1]["table"] == screen.table
            await bob.request("act", table=screen.table, action="play", point="D4")
            await until(pilot, lambda: screen.view.move_number == 4, "bob's move")
            await app.close_hall()


@pytest.mark.asyncio
async def test_my_games_lists_the_adjourned_game_and_enter_resumes_it_once_both_are_here(
    tmp_path,
):
    game = store_adjourned_game(tmp_path / "hall.db", "ann", "bob", ["E5", "C3"])
    async with hall_and_player(tmp_path / "hall.db", "bob", None) as (host, port, bob):
        app = QipaiApp(Launch("connect", address=f"{host}:{port}", language="zh"))
        async with app.run_test(size=(80, 24)) as pilot:
            await log_in(pilot, app, "ann")
            await until(pilot, lambda: isinstance(app.screen, ReturnOfferScreen), "the offer")
            await pilot.press("g")
            await until(pilot, lambda: isinstance(app.screen, GamesScreen), "my games")
            games = app.screen
            await until(pilot, lambda: game in games.adjourned, "the adjourned game listed")
            row = games.query_one("DataTable").get_row_at(0)
            assert row == [str(game), "封盘", "围棋", "ann - bob", "bob 离开", ""]
            await pilot.press("enter")  # bob is not in the hall
            await until(pilot, lambda: "对手不在大厅" in shown(games, "#message"), "the refusal")
            await bob.request("login", name="bob", password=password_of("bob"))
            await pilot.press("enter")
            await until(pilot, lambda: table_of(app) is not None, "the resumed table")
            assert app.screen is table_of(app) and table_of(app).view.move_number == 2
            assert not any(isinstance(s, GamesScreen) for s in app.screen_stack)
            await app.close_hall()


@pytest.mark.asyncio
async def test_a_second_log_in_elsewhere_is_said_plainly_and_nobody_reconnects(tmp_path):
    async with hall_and_player(tmp_path / "hall.db", "ann", None) as (host, port, elsewhere):
        app = QipaiApp(Launch("connect", address=f"{host}:{port}"))
        async with app.run_test(size=(80, 24)) as pilot:
            await log_in(pilot, app, "ann", register=True)
            first = app.hall
            await elsewhere.request("login", name="ann", password=password_of("ann"))
            await until(
                pilot,
                lambda: isinstance(app.screen, DisconnectedScreen) and app.screen.query("#reason"),
                "the word",
            )  # the screen pushed and composed
            assert shown(app.screen, "#reason").startswith(
                "You logged in from another place (another terminal or an SSH session)"
            )
            assert not [w for w in app.workers if w.group == "hall" and not w.is_finished]
            assert app.hall is first and first.closed and app.token is None
            assert (await elsewhere.request("ping"))["type"] == "ok"  # the other one stays


@pytest.mark.asyncio
async def test_a_local_hall_that_dies_is_started_again_on_its_port_and_the_session_resumed():
    app = QipaiApp(Launch("local", size=9))
    async with app.run_test(size=(60, 20)) as pilot:
        await until(pilot, lambda: table_of(app) is not None, "the local table")
        screen = table_of(app)
        await pilot.press("enter")
        await until(pilot, lambda: screen.view.move_number == 1, "black's move")
        first, address = app.local.process, app.local.address
        os.kill(first.pid, signal.SIGKILL)
        await until(
            pilot,
            lambda: isinstance(app.screen, HallAwayScreen) and app.screen.query("#headline"),
            "the notice",
        )
        assert shown(app.screen, "#headline") == "The local hall stopped: starting it again."
        box = app.screen.query_one("#away").region
        assert box.x >= 0 and box.right <= 60 and box.bottom <= 20  # it fits a 60x20 terminal
        await until(pilot, lambda: app.local.alive and app.local.process is not first, "a hall")
        await until(pilot, lambda: not isinstance(app.screen, HallAwayScreen), "getting back")
        assert app.local.address == address  # the same port: the same endpoint as before
        assert (await app.hall.request("profile"))["name"] == app.account
        await app.close_hall()


@pytest.mark.asyncio
async def test_a_spectator_who_gets_back_watches_the_same_table_again(tmp_path):
    async with hall_and_player(tmp_path / "hall.db", "bob", "register") as (host, port, bob):
        dan = await HallConnection.open(host, port, on_push=lambda message: None)
        await dan.request("register", name="dan", password=password_of("dan"))
        table = (await bob.request("create_table", room="go", options={"size": 9}))["table"]
        await bob.request("sit", table=table, seat="black")
        await dan.request("sit", table=table, seat="white")
        proxy = HallProxy(host, port)
        await proxy.open()
        app = QipaiApp(Launch("connect", address=proxy.address))
        async with app.run_test(size=(80, 24)) as pilot:
            await log_in(pilot, app, "cy", register=True)
            lobby = app.screen
            await until(pilot, lambda: table in lobby.tables, "the table listed")
            await pilot.press("w")
            await until(pilot, lambda: table_of(app) is not None, "the watched table")
            screen = table_of(app)
            await proxy.close()
            await until(
                pilot,
                lambda: isinstance(app.screen, HallAwayScreen) and app.screen.query("#headline"),
                "the notice",
            )
            assert shown(app.screen, "#headline") == (
                f"The connection to the hall {proxy.address} was lost."
            )
            await bob.request("act", table=table, action="play", point="E5")
            await proxy.open()
            await pilot.press("enter")
            await until(pilot, lambda: screen.view.move_number == 1, "the move made meanwhile")
            assert app.screen is screen and screen.view.is_spectator
            await dan.request("act", table=table, action="play", point="C3")
            await until(pilot, lambda: screen.view.move_number == 2, "watching on")
            await app.close_hall()
        await dan.close()
        await proxy.close()


class PasswordDoor(DoorApp):
    """The SSH door's client, entered by a password log-in (a ticket needs the door's secret)."""

    async def _enter(self) -> None:
        await self.connect(*parse_address(self.launch.address))
        reply = await self.hall.request("login", name="ann", password=password_of("ann"))
        self.account, self.token = reply["name"], reply["token"]
        self.push_screen(LobbyScreen(self.address, self.account))


@pytest.mark.asyncio
async def test_a_second_log_in_ends_an_ssh_visit_with_those_words(tmp_path, capfd):
    async with hall_and_player(tmp_path / "hall.db", "ann", "register") as (host, port, ann):
        await ann.close()
        app = PasswordDoor(f"{host}:{port}", "unused")
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            elsewhere = await HallConnection.open(host, port, on_push=lambda message: None)
            await elsewhere.request("login", name="ann", password=password_of("ann"))
            await until(pilot, lambda: not app.is_running, "the visit ending")
            await elsewhere.close()
        assert app.return_code == 1
        said = capfd.readouterr().err
        assert "qipai: You logged in from another place (another terminal or an SSH" in said
        assert "closed the connection" not in said
