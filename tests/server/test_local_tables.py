"""Hot-seat tables and bot seats (built-in bot, and GNU Go over GTP)."""

import threading

import pytest
import trio

from qipai.go.mcts import MctsBot
from server.bots import BotFactory, find_gnugo
from tests.conftest import require_program

from .harness import running_hall, user


@pytest.mark.trio
async def test_hotseat_one_connection_plays_both_colours_to_the_end(tmp_path):
    async with running_hall(tmp_path) as server:
        ann = await user(server, "ann")
        created = await ann.ok("create_table", room="go", options={"size": 9, "hotseat": True})
        table, view = created["table"], created["view"]
        assert view["you"]["seats"] == ["black", "white"]
        assert view["game"]["phase"] == "play" and view["game"]["clocks"] is None
        await ann.ok("act", table=table, action="play", point="E5")
        await ann.ok("act", table=table, action="play", point="C3")
        moved = (await ann.ok("snapshot", table=table))["view"]
        assert moved["game"]["board"][4] == "....X...."
        assert moved["game"]["board"][6] == "..O......"
        assert moved["you"]["legal"][:2] == ["play", "pass"]
        # Hot-seat undo takes back one move at once, without asking anyone.
        await ann.ok("act", table=table, action="undo_request")
        undone = await ann.event("undone", table)
        assert undone["view"]["game"]["move_number"] == 1
        assert undone["view"]["game"]["to_move"] == "white"
        await ann.ok("act", table=table, action="pass")
        await ann.ok("act", table=table, action="pass")
        await ann.ok("act", table=table, action="confirm")
        over = await ann.event("over", table)
        assert over["result"]["reason"] == "count" and over["result"]["winner"] == "black"
        assert over["result"]["valid"] is False  # one stone: GO-05


async def play_against_bot(server, bot_seat: str, moves_wanted: int) -> dict:
    ann = await user(server, "ann")
    created = await ann.ok("create_table", room="go", options={"size": 9, "bot": bot_seat})
    table = created["table"]
    seats = created["view"]["seats"]
    assert seats[bot_seat]["bot"] is True and seats[bot_seat]["online"] is True
    mine = "black" if bot_seat == "white" else "white"
    assert seats[mine]["name"] == "ann"
    points = ["C3", "G7", "C7", "G3", "E5", "D4", "F6", "E3", "C5", "G5"]
    played = 0
    while True:
        view = (await ann.ok("snapshot", table=table))["view"]
        if view["game"]["to_move"] != mine:
            await ann.event("move", table)
            continue
        if played == moves_wanted:
            break
        for point in points:
            reply = await ann.request("act", table=table, action="play", point=point)
            if reply["type"] == "ok":
                points.remove(point)
                break
        else:
            await ann.ok("act", table=table, action="pass")
        played += 1
    await ann.ok("act", table=table, action="resign")
    over = await ann.event("over", table)
    return over


@pytest.mark.trio
async def test_builtin_bot_answers_every_move(tmp_path):
    async with running_hall(tmp_path, bots=BotFactory(None, seed=7)) as server:
        over = await play_against_bot(server, "white", 4)
        game = over["view"]["game"]
        assert game["move_number"] == 8
        assert sum(row.count("O") for row in game["board"]) >= 3
        assert over["result"]["winner"] == "white" and over["result"]["reason"] == "resign"


@pytest.mark.trio
async def test_builtin_bot_as_black_moves_first(tmp_path):
    async with running_hall(tmp_path, bots=BotFactory(None, seed=3)) as server:
        over = await play_against_bot(server, "black", 2)
        assert over["view"]["game"]["move_number"] == 5


@pytest.mark.trio
async def test_a_broken_engine_command_falls_back_to_the_builtin_bot(tmp_path):
    bots = BotFactory(["/nonexistent/gtp-engine"], seed=1)
    async with running_hall(tmp_path, bots=bots) as server:
        over = await play_against_bot(server, "white", 2)
        assert over["view"]["game"]["move_number"] == 4


@pytest.mark.trio
async def test_gnugo_plays_over_gtp(tmp_path, caplog):
    require_program("gnugo")
    command = find_gnugo()
    assert command is not None
    async with running_hall(tmp_path, bots=BotFactory(command)) as server:
        over = await play_against_bot(server, "white", 3)
        assert over["view"]["seats"]["white"]["name"] == "gnugo-bot"
        assert over["view"]["game"]["move_number"] == 6
    assert "built-in bot" not in caplog.text


@pytest.mark.trio
async def test_the_hall_answers_other_tables_while_the_search_bot_thinks(tmp_path, monkeypatch):
    # The search is held inside its worker thread until the other table has been served: had
    # it run on the table's task, the whole hall would stand still and bob's requests time out.
    thinking, go_on = threading.Event(), threading.Event()
    search = MctsBot.search

    def held(self, game, color, stop=None):
        thinking.set()
        go_on.wait(30)
        return search(self, game, color, stop)

    monkeypatch.setattr(MctsBot, "search", held)
    async with running_hall(tmp_path) as server:
        ann = await user(server, "ann")
        options = {"size": 9, "bot": "white", "bot_level": "mcts:300"}
        created = await ann.ok("create_table", room="go", options=options)
        table = created["table"]
        white = created["view"]["seats"]["white"]
        assert (white["name"], white["bot"], white["bot_level"]) == ("qipai-bot", True, "mcts:300")
        await ann.ok("act", table=table, action="play", point="E5")
        await trio.to_thread.run_sync(thinking.wait, 10)
        bob = await user(server, "bob")
        other = await bob.ok("create_table", room="go", options={"size": 9, "hotseat": True})
        for point in ("C3", "G7", "C7", "G3", "E3"):
            await bob.ok("act", table=other["table"], action="play", point=point)
        assert (await ann.ok("snapshot", table=table))["view"]["game"]["move_number"] == 1
        go_on.set()
        moved = await ann.push(
            lambda m: m.get("kind") == "move" and m["view"]["game"]["move_number"] == 2
        )
        assert moved["view"]["game"]["to_move"] == "black"


@pytest.mark.trio
async def test_a_hall_without_gnu_go_refuses_its_rungs(tmp_path):
    async with running_hall(tmp_path, bots=BotFactory(None, seed=1)) as server:
        ann = await user(server, "ann")
        options = {"size": 9, "bot": "white", "bot_level": "gnugo:5"}
        assert await ann.error("create_table", room="go", options=options) == "bad_option"
