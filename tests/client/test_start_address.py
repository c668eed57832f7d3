"""`qipai HOST:PORT` with no hall there leaves the start screen's address box holding that
address (to correct it), not the one saved from an earlier session."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from client.app import QipaiApp
from client.config import Settings
from client.launch import Launch
from client.screens.start import StartScreen


class Unsaved(Settings):
    def save(self) -> None:  # the test's settings never reach the user's config
        pass


@pytest.mark.asyncio
async def test_an_unreachable_command_line_hall_is_kept_in_the_address_box(unused_tcp_port):
    address = f"127.0.0.1:{unused_tcp_port}"
    app = QipaiApp(Launch("connect", address=address), Unsaved(last_server="old.example:7000"))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(50):
            await pilot.pause(0.05)
            if app._notifications:
                break
        assert isinstance(app.screen, StartScreen)
        assert app.screen.query_one("#address", Input).value == address
        assert app.settings.last_server == "old.example:7000"  # nothing reached, nothing saved
