"""The start screen and the log-in screen, keys only."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widgets import Input

from client.ordered_focus import OrderedFocusApp
from client.screens.login import LoginScreen
from client.screens.start import StartScreen
from tests.client.fakes import FakeHall


class StartApp(OrderedFocusApp):
    def __init__(self) -> None:
        super().__init__()
        self.opened: list[str] = []
        self.local: list[tuple] = []

    def on_mount(self) -> None:
        self.push_screen(StartScreen())

    def open_hall(self, address: str) -> None:
        self.opened.append(address)

    def play_local(self, size, bot, engine) -> None:
        self.local.append((size, bot, engine))


@pytest.mark.asyncio
async def test_start_keys_choose_local_play_and_the_board_size():
    app = StartApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l", "s", "b", "s", "s", "l")
    assert app.local == [(9, None, None), (13, "white", None), (9, None, None)]


@pytest.mark.asyncio
async def test_c_opens_the_address_box_where_every_letter_is_typed():
    app = StartApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", *"localhost:7001", "enter")
        await pilot.pause()
        assert app.screen.query_one("#address", Input).value == "localhost:7001"
    assert app.opened == ["localhost:7001"]
    assert app.local == []


class LoginApp(OrderedFocusApp):
    def __init__(self, hall: FakeHall, name: str = "") -> None:
        super().__init__()
        self.hall = hall
        self.remembered = name
        self.address = "go.lan:7460"
        self.logged: list[tuple[str, dict]] = []

    def on_mount(self) -> None:
        self.push_screen(LoginScreen(self.remembered))

    def logged_in(self, name: str, reply: dict) -> None:
        self.logged.append((name, reply))


@pytest.mark.asyncio
async def test_enter_moves_from_name_to_password_then_logs_in():
    hall = FakeHall()
    hall.replies["login"] = {"name": "ann", "token": "t0k"}
    app = LoginApp(hall)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"ann", "enter", *"pw-ann-1", "enter")
        await pilot.pause()
    assert hall.requests == [{"type": "login", "name": "ann", "password": "pw-ann-1"}]
    assert app.logged == [("ann", {"type": "ok", "name": "ann", "token": "t0k"})]


@pytest.mark.asyncio
async def test_register_with_the_remembered_name_and_a_refusal_is_shown():
    hall = FakeHall(errors={"register": ("name_taken", "ann is registered already")})
    app = LoginApp(hall, name="ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"pw-ann-1", "ctrl+r")
        await pilot.pause()
        message = str(app.screen.query_one("#message").render())
    assert hall.requests == [{"type": "register", "name": "ann", "password": "pw-ann-1"}]
    assert message == "ann is registered already"
    assert app.logged == []


@pytest.mark.asyncio
async def test_the_ansi_theme_uses_the_terminals_own_colours():
    from client.app import QipaiApp

    app = QipaiApp(ansi=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.theme == "ansi-dark" and app.ansi_color


@pytest.mark.asyncio
async def test_name_and_password_typed_in_one_burst_land_in_their_fields():
    """As a paste or a slow SSH link delivers them: all keys queued before any is handled."""
    from textual import events

    hall = FakeHall()
    hall.replies["login"] = {"name": "ann", "token": "t0k"}
    app = LoginApp(hall)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for character in "ann\rpw-ann-1\r":
            key = "enter" if character == "\r" else character.replace("-", "minus")
            app.post_message(events.Key(key, character))
        for _ in range(20):
            await pilot.pause(0.02)
    assert hall.requests == [{"type": "login", "name": "ann", "password": "pw-ann-1"}]


@pytest.mark.asyncio
async def test_c_and_an_address_in_one_burst_connect_to_that_address():
    from textual import events

    app = StartApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for character in "clocal:1\r":
            key = {"\r": "enter", ":": "colon"}.get(character, character)
            app.post_message(events.Key(key, character))
        for _ in range(20):
            await pilot.pause(0.02)
    assert app.opened == ["local:1"] and app.local == []


def login_fields(app: App) -> tuple[str, str]:
    screen = app.screen
    return screen.query_one("#name", Input).value, screen.query_one("#password", Input).value


@pytest.mark.asyncio
async def test_keys_pressed_right_after_tab_land_in_the_password():
    """The pilot presses the burst without pausing between keys, as a laggy link delivers it."""
    app = LoginApp(FakeHall())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"bob", "tab", *"w-bob-123", "shift+tab", *"by")
        await pilot.pause()
        assert login_fields(app) == ("bobby", "w-bob-123")


@pytest.mark.asyncio
async def test_name_tab_password_queued_before_any_is_handled_land_in_their_fields():
    """All keys in the app's queue before the first is handled: tmux's `name<Tab>password`."""
    from textual import events

    app = LoginApp(FakeHall())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for character in "bob\tw-bob-123":
            key = {"\t": "tab", "-": "minus"}.get(character, character)
            app.post_message(events.Key(key, character))
        for _ in range(10):
            await pilot.pause(0.02)
        assert login_fields(app) == ("bob", "w-bob-123")


@pytest.mark.asyncio
async def test_a_paste_right_after_tab_lands_in_the_password():
    from textual import events

    app = LoginApp(FakeHall())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for event in (events.Paste("bob"), events.Key("tab", "\t"), events.Paste("w-bob-123")):
            app.post_message(event)
        for _ in range(10):
            await pilot.pause(0.02)
        assert login_fields(app) == ("bob", "w-bob-123")


@pytest.mark.asyncio
async def test_a_pasted_name_tab_password_fills_both_fields():
    from textual import events

    app = LoginApp(FakeHall())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.post_message(events.Paste("bob\tw-bob-123"))
        app.post_message(events.Key("exclamation_mark", "!"))
        for _ in range(10):
            await pilot.pause(0.02)
        assert login_fields(app) == ("bob", "w-bob-123!")


@pytest.mark.asyncio
async def test_tab_and_an_address_in_one_burst_type_the_address_and_start_nothing():
    """`l`, `b`, `s`, `j` and `q` of `localhost` are letters once Tab has reached the box."""
    from textual import events

    app = StartApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for character in "\tlocalhost:1\r":
            key = {"\t": "tab", "\r": "enter", ":": "colon"}.get(character, character)
            app.post_message(events.Key(key, character))
        for _ in range(20):
            await pilot.pause(0.02)
        assert app.focused is None  # enter hands the address over and leaves the box
    assert app.opened == ["localhost:1"] and app.local == []


@pytest.mark.asyncio
async def test_a_bad_address_is_refused_without_repeating_what_was_typed():
    from client.app import QipaiApp

    app = QipaiApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", *"go.lan:7460w-bob-123", "enter")
        for _ in range(20):
            await pilot.pause(0.02)
        notices = [f"{n.title} {n.message}" for n in app._notifications]
    assert notices == ["cannot connect the port after the colon must be a number from 1 to 65535"]
