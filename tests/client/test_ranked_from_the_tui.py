"""Ranked Go from the TUI (issue 16 item 6), against a real hall on loopback: the new-table
form's 升降级战 switch creates the core's ranked table through the hall's own checks, the lobby
marks it, the rank-gap rule refuses a player two steps away in words, and the form does not
offer it where the core says no (guests, a local hall)."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widgets import DataTable, Static

from client.app import QipaiApp
from client.connection import HallConnection, HallError
from client.i18n import Strings
from client.launch import Launch
from client.local_hall import LocalHall
from client.screens.leaderboard import where_text
from client.screens.lobby import LobbyScreen
from client.screens.login import LoginScreen
from client.screens.new_table import NewTableScreen
from qipai.go.options import ranked_table
from tests.client.test_app_flows import table_of, until


def form_text(app) -> str:
    return str(app.screen.query_one("#options", Static).render())


@pytest.mark.asyncio
async def test_a_ranked_table_from_the_form_is_marked_in_the_lobby_and_pairs_by_rank(tmp_path):
    hall = LocalHall(db_path=tmp_path / "hall.db")
    host, port = await hall.start()
    bob = await HallConnection.open(host, port, on_push=lambda message: None)
    cai = await HallConnection.open(host, port, on_push=lambda message: None)
    try:
        await bob.request("register", name="bob", password="bob-secret", go_rank="17k")
        await cai.request("register", name="cai", password="cai-secret", go_rank="1k")
        app = QipaiApp(Launch("connect", address=f"{host}:{port}"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LoginScreen), "the login screen")
            await pilot.press(*"ann", "enter", *"ann-secret", "ctrl+r")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            lobby = app.screen
            await pilot.press("n")
            await until(pilot, lambda: isinstance(app.screen, NewTableScreen), "the form")
            assert "6  ranked    off" in form_text(app)
            await pilot.press("1", "6")  # 9x9 first: the switch puts the ranked table back
            text = form_text(app)
            assert "board     19x19" in text and "clock     20 min + 3x30 s" in text
            assert "6  ranked    on: 升降级战" in text
            assert app.screen.options() == ranked_table().to_wire()
            await pilot.press("enter")
            await until(pilot, lambda: table_of(app) is not None, "ann's ranked table")
            screen = table_of(app)
            assert screen.view.ranked
            number = screen.table
            await until(pilot, lambda: number in lobby.tables, "the lobby's summary")
            assert lobby.tables[number]["options"]["friendly"] is False
            # the rank-gap rule is the hall's: ann (registered at the default 18k) and cai
            # (1k) are far apart, bob (17k) one step away
            assert (await app.hall.request("profile"))["go"]["rank"] == "18k"
            with pytest.raises(HallError) as refused:
                await cai.request("sit", table=number, seat="white")
            assert refused.value.code == "rank_too_far_apart"
            await bob.request("sit", table=number, seat="white")
            await until(pilot, lambda: screen.view.phase == "play", "the ranked game to start")
            await until(pilot, lambda: lobby.tables[number]["seats"]["white"] == "bob", "bob")
            await pilot.press("q", "q")  # leaving mid-game asks twice
            await until(pilot, lambda: app.screen is lobby, "back in the lobby")
            await until(pilot, lambda: lobby.query_one("#tables", DataTable).row_count, "rows")
            table = lobby.query_one("#tables", DataTable)
            assert table.get_row(str(number))[1] == "ranked 19"
            assert table.virtual_size.width <= table.size.width  # still every column at 80x24
            table.move_cursor(row=table.get_row_index(str(number)))
            await pilot.pause()
            assert "Ranked (升降级战), golden" in str(lobby.query_one("#terms").render())
            await app.close_hall()
    finally:
        await bob.close()
        await cai.close()
        await hall.stop()


class FormApp(App):
    def __init__(self, **form) -> None:
        super().__init__()
        self.form = form
        self.chosen: list = []

    def on_mount(self) -> None:
        self.push_screen(NewTableScreen(**self.form), self.chosen.append)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "form, said",
    [
        ({"guest": True}, "6  ranked    guests play friendly tables only"),
        ({"local": True}, "6  ranked    no: a local hall plays friendly"),
    ],
)
async def test_the_switch_is_not_offered_where_the_core_says_no(form, said):
    app = FormApp(**form)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert said in form_text(app)
        await pilot.press("6", "enter")
        await pilot.pause()
    assert app.chosen and "friendly" not in app.chosen[0]


@pytest.mark.asyncio
async def test_moving_another_choice_off_the_ranked_table_makes_it_friendly_again():
    app = FormApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("6")
        assert app.screen.options()["friendly"] is False
        await pilot.press("4")  # a handicap: no ranked game has one (GO-10)
        assert "6  ranked    off" in form_text(app)
        await pilot.press("enter")
        await pilot.pause()
    assert app.chosen[0]["handicap"] == 2 and "friendly" not in app.chosen[0]


def test_the_leaderboards_advice_names_the_keys_in_both_languages():
    for language, key in (("en", "6 for 升降级战"), ("zh", "再按 6")):
        assert key in where_text("go", {"you": None}, Strings(language))
    assert "register" in where_text("go", {"you": None}, Strings("en"), guest=True)
