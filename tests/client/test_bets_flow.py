"""A spectator in the TUI bets on a ranked game between two protocol players on a real hall
(started as local mode starts it), at 80x24, and is told what the bet won."""

from __future__ import annotations

import pytest

from client.app import QipaiApp
from client.connection import HallConnection
from client.launch import Launch
from client.local_hall import LocalHall
from client.screens.bet_window import BetWindow
from client.screens.lobby import LobbyScreen
from client.screens.login import LoginScreen
from client.widgets.bets_panel import BetsPanel
from tests.client.test_app_flows import table_of, until

BLACK = ["D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9", "C5"]
WHITE = ["F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "G5"]


@pytest.mark.asyncio
async def test_a_spectator_bets_from_the_tui_and_is_told_the_win(tmp_path):
    hall = LocalHall(db_path=tmp_path / "hall.db")
    host, port = await hall.start()
    ann = await HallConnection.open(host, port, on_push=lambda message: None)
    bob = await HallConnection.open(host, port, on_push=lambda message: None)
    dan = await HallConnection.open(host, port, on_push=lambda message: None)
    try:
        for name, player in (("ann", ann), ("bob", bob), ("dan", dan)):
            await player.request("register", name=name, password=f"{name}-secret")
        table = (await ann.request("create_table", room="go", options={"friendly": False}))["table"]
        await ann.request("sit", table=table, seat="black")
        await bob.request("sit", table=table, seat="white")
        await dan.request("watch", table=table)
        await dan.request("bet", table=table, side="white", amount=300)
        app = QipaiApp(Launch("connect", address=f"{host}:{port}"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LoginScreen), "the login screen")
            await pilot.press(*"cy", "enter", *"cy-secret", "ctrl+r")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            lobby = app.screen
            await until(pilot, lambda: table in lobby.tables, "the table listed")
            await pilot.press("w")
            await until(pilot, lambda: table_of(app) is not None, "the watched table")
            screen = table_of(app)
            assert screen.query_one(BetsPanel).text_lines()[-1] == " b bet (2 left)"
            await pilot.press("b")
            await until(pilot, lambda: isinstance(app.screen, BetWindow), "the bet window")
            await until(pilot, lambda: app.screen.balance == 5000, "the balance")
            await pilot.press("x", "1", "0", "0", "enter")
            await until(pilot, lambda: app.screen is screen, "the bet placed")
            await until(pilot, lambda: len(screen.view.bets.bets) == 2, "the bet listed")
            assert screen.query_one(BetsPanel).text_lines()[1:5] == [
                " Pool X 100  O 300",
                "  dan        O    300",
                " *cy         X    100",
                " b bet (1 left)",
            ]
            for b, w in zip(BLACK, WHITE, strict=True):
                await ann.request("act", table=table, action="play", point=b)
                await bob.request("act", table=table, action="play", point=w)
            await bob.request("act", table=table, action="resign")
            # Pool 400, rake 20: cy's 100 takes all 380 (+280); dan loses 300.
            await until(
                pilot,
                lambda: any("赢 280" in n.message for n in app._notifications),
                "the bet's pop-up",
            )
            assert screen.query_one(BetsPanel).text_lines()[-1] == " You: +280 coins"
            profile = await dan.request("profile", name="cy")
            assert profile["balance"] == 5280
            await app.close_hall()
    finally:
        for connection in (ann, bob, dan):
            await connection.close()
        await hall.stop()
