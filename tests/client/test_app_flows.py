"""The whole client against a real hall on loopback (started as local mode starts it), driven
through Textual's pilot at 80x24: local hot-seat to a scored result, and log in / lobby / play
against a second player who speaks the protocol directly."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from client.app import QipaiApp
from client.connection import HallConnection
from client.launch import Launch
from client.local_hall import LocalHall
from client.screens.games import GamesScreen
from client.screens.go_table import GoTableScreen
from client.screens.lobby import LobbyScreen
from client.screens.login import LoginScreen
from client.screens.result import ResultScreen
from client.widgets.go_board import GoBoard
from client.widgets.go_panel import GoPanel
from qipai.go.ladder import rung

WAIT = 20.0


async def until(pilot, condition: Callable[[], object], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.05)


def table_of(app: QipaiApp) -> GoTableScreen | None:
    return next((s for s in app.screen_stack if isinstance(s, GoTableScreen)), None)


def board_line(app: QipaiApp, row: int) -> str:
    screen = table_of(app)
    assert screen is not None
    lines = screen.query_one(GoBoard).text_lines()
    return lines[screen.view.size - row + 1]


@pytest.mark.asyncio
async def test_local_hot_seat_game_from_first_move_to_a_counted_result():
    app = QipaiApp(Launch("local", size=9))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: table_of(app) is not None, "the local table")
        screen = table_of(app)
        assert screen.view.seats == {"black", "white"}
        assert screen.title_text.startswith("qipai  Go 9x9 komi 3.5  |  table ")
        assert "hot-seat  |  local" in screen.title_text
        await pilot.press("enter")  # black E5
        await until(pilot, lambda: screen.view.move_number == 1, "black's move")
        assert board_line(app, 5) == " 5  . . . .(X). . . .  5 "  # the cursor on it keeps the mark
        assert screen.query_one(GoPanel).text_of("last") == "Last: E5"
        await pilot.press("k", "enter")  # white E6
        await until(pilot, lambda: screen.view.move_number == 2, "white's move")
        assert board_line(app, 6) == " 6  . . . .(O). . . .  6 "
        assert board_line(app, 5) == " 5  . . . . X . . . .  5 "
        await pilot.press("u")  # hot-seat: the last move is taken back at once
        await until(pilot, lambda: screen.view.move_number == 1, "the undo")
        assert board_line(app, 6) == " 6  . . . .[.]. . . .  6 "
        await pilot.press("enter")
        await until(pilot, lambda: screen.view.move_number == 2, "white's move again")
        assert screen.query_one(GoPanel).text_of("status") == "Move 2  Black to play"
        await pilot.press("p", "p")
        await until(pilot, lambda: screen.view.phase == "scoring", "the scoring phase")
        counted = screen.view.count
        assert screen.query_one(GoPanel).text_of("status").startswith("Count X ")
        await pilot.press("enter")  # the cursor is on white's E6: mark it dead
        await until(pilot, lambda: screen.view.dead, "the dead mark")
        assert screen.view.dead == {(4, 3)}
        # with White's stone dead the whole board is Black's area, marked as such
        assert board_line(app, 6) == " 6  - - - -[o]- - - -  6 "
        assert screen.view.count["black"] > counted["black"]
        assert screen.query_one(GoPanel).text_of("status") == (
            f"Count X {screen.view.count['black']:g} O {screen.view.count['white']:g}"
        )
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ResultScreen), "the result")
        assert screen.view.phase == "over"
        text = "\n".join(app.screen.query_one("#lines").render().plain.splitlines())
        assert text.startswith("Result: ")
        await pilot.press("enter", "q")
        await until(pilot, lambda: table_of(app) is None, "leaving the table")
        await app.close_hall()


@pytest.mark.asyncio
async def test_register_meet_in_the_lobby_and_play_a_second_player(tmp_path):
    hall = LocalHall(db_path=tmp_path / "hall.db")
    host, port = await hall.start()
    bob_pushes: list[dict] = []
    bob = await HallConnection.open(host, port, on_push=bob_pushes.append)
    try:
        await bob.request("register", name="bob", password="bob-secret")
        app = QipaiApp(Launch("connect", address=f"{host}:{port}"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LoginScreen), "the login screen")
            await pilot.press(*"ann", "enter", *"ann-secret", "ctrl+r")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            lobby = app.screen
            await until(pilot, lambda: "bob" in lobby.players, "bob online")
            await pilot.press("n", "2", "enter")  # 9x9, 5 min + 3x30 s, ann sits black
            await until(pilot, lambda: table_of(app) is not None, "ann's table")
            screen = table_of(app)
            panel = screen.query_one(GoPanel)
            assert screen.view.phase == "waiting"
            assert panel.text_of("black-clock").split()[:2] == ["5:00", "+3x30s"]
            summary = lobby.tables[screen.table]
            assert lobby.query_one("#tables").get_row(str(screen.table))[1:3] == ["9x9", "5m+3x30"]
            assert summary["seats"]["black"] == "ann"
            await bob.request("sit", table=screen.table, seat="white")
            await until(pilot, lambda: screen.view.phase == "play", "the game to start")
            assert screen.view.clocks["black"].running and not screen.view.clocks["white"].running
            await until(
                pilot, lambda: panel.text_of("black-clock").split()[0] == "4:59", "black's clock"
            )
            assert panel.text_of("white-clock").split()[0] == "5:00"
            await pilot.press("colon", *"c3", "enter")
            await until(pilot, lambda: screen.view.move_number == 1, "ann's move")
            moves = [m for m in bob_pushes if m.get("kind") == "move"]
            assert moves and moves[-1]["point"] == "C3" and moves[-1]["by"] == "black"
            await bob.request("act", table=screen.table, action="play", point="G7")
            await until(pilot, lambda: screen.view.move_number == 2, "bob's move")
            assert screen.query_one(GoPanel).text_of("last") == "Last: G7"
            assert "(O)" in board_line(app, 7)
            await pilot.press("enter")  # the cursor is still on C3: the hall says no
            await until(
                pilot,
                lambda: (
                    str(screen.query_one("#message").render())
                    == "There is a stone on that point already."
                ),
                "the hall's refusal",
            )
            assert app.settings.last_name == "ann"
            await app.close_hall()
    finally:
        await bob.close()
        await hall.stop()


@pytest.mark.asyncio
async def test_a_dropped_player_is_reconnected_with_the_token_and_sees_the_moves_made_meanwhile(
    tmp_path,
):
    hall = LocalHall(db_path=tmp_path / "hall.db")
    host, port = await hall.start()
    bob = await HallConnection.open(host, port, on_push=lambda message: None)
    try:
        await bob.request("register", name="bob", password="bob-secret")
        app = QipaiApp(Launch("connect", address=f"{host}:{port}"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LoginScreen), "the login screen")
            await pilot.press(*"ann", "enter", *"ann-secret", "ctrl+r")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await pilot.press("n", "enter")
            await until(pilot, lambda: table_of(app) is not None, "ann's table")
            screen = table_of(app)
            await bob.request("sit", table=screen.table, seat="white")
            await until(pilot, lambda: screen.view.phase == "play", "the game to start")
            await pilot.press("enter")
            await until(pilot, lambda: screen.view.move_number == 1, "ann's move")
            dropped = app.hall
            dropped._writer.transport.abort()  # the network goes away under ann's feet
            await until(pilot, lambda: app.hall is not dropped, "a new connection")
            await bob.request("act", table=screen.table, action="play", point="C3")
            await until(pilot, lambda: screen.view.move_number == 2, "bob's move after the drop")
            await until(pilot, lambda: screen.hall is app.hall, "the table on the new connection")
            assert table_of(app) is screen
            assert screen.query_one(GoPanel).text_of("last") == "Last: C3"
            await pilot.press("k", "enter")
            await until(pilot, lambda: screen.view.move_number == 3, "ann playing on")
            await app.close_hall()
    finally:
        await bob.close()
        await hall.stop()


@pytest.mark.asyncio
async def test_local_game_against_the_bot_gets_an_answer_to_each_move():
    app = QipaiApp(Launch("local", size=9, bot="white"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: table_of(app) is not None, "the local table")
        screen = table_of(app)
        assert screen.view.seats == {"black"}
        assert screen.view.players["white"].endswith("(bot)")
        await pilot.press("colon", *"c3", "enter")
        await until(pilot, lambda: screen.view.move_number == 2, "the bot's answer")
        assert screen.view.to_move == "black"
        assert screen.query_one(GoPanel).text_of("status") == "Move 2  Black to play"
        await app.close_hall()


@pytest.mark.asyncio
async def test_a_local_game_against_a_rung_that_gives_stones_is_its_handicap_game():
    app = QipaiApp(Launch("local", size=9, bot="black", rung="simple@5"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: table_of(app) is not None, "the local table")
        screen = table_of(app)
        assert screen.view.seats == {"black"} and screen.view.handicap == 5
        assert screen.view.komi == 0
        await app.close_hall()


@pytest.mark.asyncio
async def test_a_local_game_against_a_rung_of_the_ladder_shows_its_rank():
    app = QipaiApp(Launch("local", size=9, bot="white", rung="mcts:300"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: table_of(app) is not None, "the local table")
        screen = table_of(app)
        kyu = rung("mcts:300").kyu
        assert screen.view.players["white"] == f"qipai-bot (bot, about {kyu} kyu)"
        await pilot.press("colon", *"c3", "enter")
        await until(pilot, lambda: screen.view.move_number == 2, "the search bot's answer")
        await app.close_hall()


@pytest.mark.asyncio
async def test_a_resigned_game_is_saved_as_sgf_from_the_result_and_from_my_games(
    private_user_dirs,
):
    app = QipaiApp(Launch("local", size=9))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: table_of(app) is not None, "the local table")
        screen = table_of(app)
        await pilot.press("enter")
        await until(pilot, lambda: screen.view.move_number == 1, "black's move")
        await pilot.press("R", "R")  # white, to move, resigns
        await until(pilot, lambda: isinstance(app.screen, ResultScreen), "the result")
        lines = app.screen.query_one("#lines").render().plain
        assert "Black wins by resignation" in lines
        await pilot.press("s")
        await until(
            pilot,
            lambda: "Saved" in app.screen.query_one("#message").render().plain,
            "the SGF saved",
        )
        saved = list((private_user_dirs / "documents" / "qipai").glob("*.sgf"))
        assert len(saved) == 1 and saved[0].read_text().startswith("(;")
        assert ";B[ee]" in saved[0].read_text()
        await pilot.press("enter", "q")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "back in the lobby")
        await pilot.press("g")
        await until(pilot, lambda: isinstance(app.screen, GamesScreen), "my games")
        games = app.screen
        await until(pilot, lambda: len(games.games) == 1, "the finished game listed")
        saved[0].unlink()
        await pilot.press("s")
        await until(
            pilot,
            lambda: "Saved" in games.query_one("#message").render().plain,
            "the SGF saved from the list",
        )
        assert saved[0].exists()
        await app.close_hall()


@pytest.mark.asyncio
async def test_a_spectator_watches_from_the_lobby_follows_the_moves_and_chats(tmp_path):
    hall = LocalHall(db_path=tmp_path / "hall.db")
    host, port = await hall.start()
    ann_pushes: list[dict] = []
    ann = await HallConnection.open(host, port, on_push=ann_pushes.append)
    bob = await HallConnection.open(host, port, on_push=lambda message: None)
    try:
        await ann.request("register", name="ann", password="ann-secret")
        await bob.request("register", name="bob", password="bob-secret")
        created = await ann.request("create_table", room="go", options={"size": 9})
        table = created["table"]
        await ann.request("sit", table=table, seat="black")
        await bob.request("sit", table=table, seat="white")
        app = QipaiApp(Launch("connect", address=f"{host}:{port}"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LoginScreen), "the login screen")
            await pilot.press(*"cy", "enter", *"cy-secret", "ctrl+r")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            lobby = app.screen
            await until(pilot, lambda: table in lobby.tables, "the table listed")
            assert {"ann", "bob", "cy"} <= lobby.players
            later = await bob.request("create_table", room="go", options={"size": 13})
            await until(pilot, lambda: later["table"] in lobby.tables, "the lobby push")
            await bob.request("leave", table=later["table"])
            await until(pilot, lambda: later["table"] not in lobby.tables, "the table closing")
            await pilot.press("w")
            await until(pilot, lambda: table_of(app) is not None, "the watched table")
            screen = table_of(app)
            assert screen.view.is_spectator and screen.view.phase == "play"
            assert not screen.check_action("act", ("pass",))
            assert not screen.query_one(GoBoard).check_action("choose", ())
            await ann.request("act", table=table, action="play", point="E5")
            await until(pilot, lambda: screen.view.move_number == 1, "ann's move")
            assert board_line(app, 5) == " 5  . . . .(X). . . .  5 "  # no cursor for spectators
            await pilot.press("t", *"hello", "enter")
            await until(
                pilot,
                lambda: any(
                    m.get("type") == "chat" and m.get("text") == "hello" for m in ann_pushes
                ),
                "cy's chat at the table",
            )
            chat = next(m for m in ann_pushes if m.get("type") == "chat")
            assert chat["from"] == "cy" and chat["table"] == table
            await app.close_hall()
    finally:
        await ann.close()
        await bob.close()
        await hall.stop()


@pytest.mark.asyncio
async def test_a_bot_playing_black_opens_the_game():
    app = QipaiApp(Launch("local", size=9, bot="black"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: table_of(app) is not None, "the local table")
        screen = table_of(app)
        assert screen.view.seats == {"white"}
        await until(pilot, lambda: screen.view.move_number == 1, "the bot's first move")
        assert screen.view.to_move == "white"
        assert (
            screen.query_one(GoPanel).text_of("white-name") == ">O White " + app.account + " (you)"
        )
        await app.close_hall()
