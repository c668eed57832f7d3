"""After a dropped connection, a player who presses the documented `c` and types their password
(believing the log-in is open) must not wipe the hall address, see the password in clear text,
send it as a host name or start anything: the whole client against a real hall, keys only."""

from __future__ import annotations

import pytest
from textual.widgets import Input

import client.app
from client.app import QipaiApp
from client.launch import Launch
from client.local_hall import LocalHall
from client.screens.disconnected import DisconnectedScreen
from client.screens.lobby import LobbyScreen
from client.screens.login import LoginScreen
from client.screens.start import StartScreen
from tests.client.test_app_flows import until

PASSWORD = "w-bob-123"


def clear_text_fields(app: QipaiApp) -> list[str]:
    """What every non-password field of every open screen shows."""
    return [
        box.value for screen in app.screen_stack for box in screen.query(Input) if not box.password
    ]


async def logged_in(pilot, app: QipaiApp, address: str) -> None:
    await pilot.press("c", *address, "enter")
    await until(pilot, lambda: isinstance(app.screen, LoginScreen), "the login screen")
    await pilot.press(*"bob", "enter", *PASSWORD, "ctrl+r")
    await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")


async def logged_in_then_dropped(pilot, app: QipaiApp, address: str) -> None:
    await logged_in(pilot, app, address)
    dropped = app.hall
    dropped._writer.transport.abort()  # the network goes away
    await until(pilot, lambda: app.hall is not dropped, "the reconnection attempt")


@pytest.mark.asyncio
async def test_c_and_a_password_after_a_drop_reach_no_field_and_no_host(tmp_path, monkeypatch):
    monkeypatch.setattr(client.app, "backoff", lambda: iter([0.01]))  # one quick attempt
    hall = LocalHall(db_path=tmp_path / "hall.db")
    host, port = await hall.start()
    address = f"{host}:{port}"
    app = QipaiApp(Launch())
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await logged_in_then_dropped(pilot, app, address)
            await hall.stop()  # and the hall with it: the token cannot bring the seat back
            await until(pilot, lambda: app.token is None, "giving up the session")
            await pilot.pause(0.2)
            assert not isinstance(app.focused, Input)  # a key typed now edits nothing
            opened: list[str] = []
            monkeypatch.setattr(app, "open_hall", opened.append)
            monkeypatch.setattr(app, "play_local", lambda *a: opened.append("local Go"))
            await pilot.press("c", *PASSWORD, "enter")
            await pilot.pause(0.5)
            assert all(PASSWORD not in shown for shown in clear_text_fields(app))
            assert all(PASSWORD not in target for target in opened)
            assert "local Go" not in opened
            assert app.settings.last_server == address
            assert isinstance(app.screen, DisconnectedScreen)
            assert str(app.screen.query_one("#status").render()).startswith(
                f"Cannot reach the hall at {address}:"
            )
            await pilot.press("escape")
            assert isinstance(app.screen, StartScreen) and app.focused is None
            start = next(s for s in app.screen_stack if isinstance(s, StartScreen))
            assert start.query_one("#address", Input).value == address
    finally:
        await hall.stop()


@pytest.mark.asyncio
async def test_c_after_a_drop_opens_the_log_in_where_the_password_is_hidden(tmp_path):
    hall = LocalHall(db_path=tmp_path / "hall.db")
    host, port = await hall.start()
    app = QipaiApp(Launch())
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await logged_in(pilot, app, f"{host}:{port}")
            app.token = None  # as after a log-in elsewhere: no session to resume
            app.hall._writer.transport.abort()
            await until(pilot, lambda: isinstance(app.screen, DisconnectedScreen), "the question")
            assert not isinstance(app.focused, Input)
            await pilot.press("c")
            await until(pilot, lambda: isinstance(app.screen, LoginScreen), "the log-in again")
            assert app.focused is app.screen.query_one("#password", Input) and app.focused.password
            assert app.screen.query_one("#name", Input).value == "bob"
            await pilot.press(*PASSWORD, "enter")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby again")
            assert all(PASSWORD not in shown for shown in clear_text_fields(app))
            assert [type(s).__name__ for s in app.screen_stack][1:] == [
                "StartScreen",
                "LobbyScreen",
            ]
            await app.close_hall()
    finally:
        await hall.stop()
