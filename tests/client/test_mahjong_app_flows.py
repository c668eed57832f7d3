"""The whole client against a real hall on loopback, driven through the pilot at 80x24: a local
hot-seat mahjong match of one hand played from the keyboard to its settlement and standing, with
the cover screen between players; the lobby's mahjong table form and rows."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from client.app import QipaiApp
from client.launch import Launch
from client.screens.mahjong_cover import MahjongCoverScreen
from client.screens.mahjong_new_table import MahjongNewTableScreen, lobby_cells
from client.screens.mahjong_settlement import MahjongSettlementScreen
from client.screens.mahjong_table import MahjongTableScreen
from tests.client.test_app_flows import until

MAX_KEYS = 2000


def table_of(app: QipaiApp) -> MahjongTableScreen | None:
    return next((s for s in app.screen_stack if isinstance(s, MahjongTableScreen)), None)


def prompt_of(screen: MahjongTableScreen) -> str:
    return str(screen.query_one("#prompt", Static).render())


async def next_key(pilot, app: QipaiApp, screen: MahjongTableScreen) -> str | None:
    """The key a simple player presses now: uncover, choose a void, win when offered, pass a
    claim, discard the tile under the cursor; None while the hall is busy."""
    if isinstance(app.screen, MahjongCoverScreen):
        return "space"
    prompt = prompt_of(screen)
    if "m / p / s" in prompt:
        return "m"
    if " w win" in prompt:
        return "w"
    if "x pass" in prompt and ("discarded" in prompt or "adds a kong" in prompt):
        return "x"
    if "Your turn" in prompt:
        return "d"
    return None


@pytest.mark.asyncio
async def test_a_local_hot_seat_hand_is_played_from_the_keyboard_to_the_standing():
    app = QipaiApp(Launch("local", game="mahjong", room="sichuan", bots=0, hands=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: table_of(app) is not None, "the local mahjong table")
        screen = table_of(app)
        assert screen.view.mine == (0, 1, 2, 3) and "hot-seat" in screen.title_text
        covers = 0
        for _ in range(MAX_KEYS):
            if isinstance(app.screen, MahjongSettlementScreen):
                break
            key = await next_key(pilot, app, screen)
            if key is None:
                await pilot.pause(0.02)
                continue
            covers += key == "space"
            if key == "space":
                # the cover hides every tile: nothing of the next hand is on screen
                assert "[" not in str(app.screen.query_one("#who", Static).render())
            await pilot.press(key)
            await pilot.pause()
        assert isinstance(app.screen, MahjongSettlementScreen), (
            f"the hand never ended: {prompt_of(screen)!r} {screen.query_one('#message').render()}"
        )
        assert covers >= 4  # each player uncovered at least for the void declaration
        text = str(app.screen.query_one("#lines", Static).render())
        assert text.startswith("Settlement of hand 1  四川麻将")
        assert "Final standing" in text and "Scores:" in text
        assert screen.view.match_over and screen.view.settlement is not None
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is screen, "the table again")
        await app.close_hall()


@pytest.mark.asyncio
async def test_the_new_mahjong_table_form_builds_the_halls_options():
    app = QipaiApp(Launch())
    async with app.run_test(size=(80, 24)) as pilot:
        chosen: list = []
        app.push_screen(MahjongNewTableScreen(), chosen.append)
        await pilot.pause()
        await pilot.press("1", "1", "2", "3", "3", "enter")  # lengzi, 8 hands, hot-seat of four
        await pilot.pause()
    assert chosen == [("lengzi", {"hands": 8, "hotseat": True, "timed": False})]


def test_a_mahjong_table_in_the_lobby_shows_its_rules_length_and_four_seats():
    summary = {
        "table": 7,
        "room": "xuezhan",
        "options": {"ruleset": "sichuan", "hands": 8, "rounds": None},
        "seats": {"0": "ann", "1": None, "2": "bot-2", "3": "bob"},
        "spectators": 2,
        "phase": "waiting",
    }
    assert lobby_cells(summary) == (
        "7", "四川麻将 血战到底", "8 hands", "ann, (free)", "bot-2, bob", "waiting", "2",
    )  # fmt: skip
