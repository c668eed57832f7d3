"""The hall's stored Go records carry what OGS and Sabaki users look for: players and their
ranks, date, place, the time control, each move's clock and the table chat (issue 16 item 5)."""

from __future__ import annotations

import json

import pytest
from sgfmill import sgf as sgfmill_sgf

from qipai.go import Color, Game
from qipai.go import sgf as go_sgf
from qipai.go.clock import TimeLeft
from qipai.go.options import GoOptions
from server.hall import HallConfig
from server.tables.go_notes import GoNotes
from server.tables.go_record import game_record, notes_of, record_text

from .harness import running_hall
from .test_ranked import player


def test_a_stored_record_names_players_place_date_and_time_control():
    game = Game(9)
    game.play("E5")
    game.resign(Color.WHITE)
    options = GoOptions.from_wire({"size": 9, "clock": {"main": 600, "periods": 3, "period": 30}})
    record = game_record(7, json.dumps(options.to_wire()), "ann", "bob", game)
    root = sgfmill_sgf.Sgf_game.from_string(record.record).get_root()
    assert (root.get("PB"), root.get("PW"), root.get("PC")) == ("ann", "bob", "qipai")
    assert root.get("TM") == 600 and root.get("OT") == "3x30 byo-yomi"
    assert root.has_property("DT") and root.get("RE") == "B+R"


def test_a_game_without_a_clock_has_no_time_control():
    game = Game(9)
    game.resign(Color.BLACK)
    record = game_record(8, json.dumps({"clock": None}), "ann", None, game)
    root = sgfmill_sgf.Sgf_game.from_string(record.record).get_root()
    assert not root.has_property("TM") and not root.has_property("PW")


@pytest.mark.trio
async def test_the_halls_record_of_a_played_game_carries_ranks_clocks_chat_and_place(tmp_path):
    """A real hall: ranks as the players sat down, each move's clock (BL/WL), what was said at
    the table on the move it followed, the hall's place; read back by sgfmill (the oracle) and
    by our reader alike."""
    config = HallConfig(place="Lakeside Go hall")
    async with running_hall(tmp_path, config=config) as server:
        ann, bob = await player(server, "ann", "5k"), await player(server, "bob", "4k")
        clock = {"main": 300, "periods": 3, "period": 30}
        table = (await ann.ok("create_table", room="go", options={"size": 9, "clock": clock}))[
            "table"
        ]
        await ann.ok("sit", table=table, seat="black")
        await bob.ok("watch", table=table)
        await bob.ok("chat", table=table, text="have a good game")
        await bob.ok("sit", table=table, seat="white")
        await ann.event("started", table)
        await ann.ok("act", table=table, action="play", point="E5")
        await bob.ok("act", table=table, action="play", point="C3")
        await ann.ok("chat", table=table, text="你好")
        await ann.ok("act", table=table, action="pass")
        await bob.ok("act", table=table, action="resign")
        over = await ann.event("over", table)
        text = (await ann.ok("game_record", game=over["result"]["game"]))["sgf"]
    oracle = sgfmill_sgf.Sgf_game.from_string(text)
    root = oracle.get_root()
    assert (root.get("PB"), root.get("BR"), root.get("PW"), root.get("WR")) == (
        "ann", "5k", "bob", "4k"
    )  # fmt: skip
    assert root.get("PC") == "Lakeside Go hall" and root.has_property("DT")
    assert root.get("TM") == 300 and root.get("OT") == "3x30 byo-yomi"
    assert root.get("C") == "bob: have a good game"
    first, second, third = oracle.get_main_sequence()[1:]
    assert first.get_move() == ("b", (4, 4)) and 299 < first.get("BL") <= 300
    assert second.get_move() == ("w", (2, 2)) and 299 < second.get("WL") <= 300
    assert second.get("C") == "ann: 你好"
    assert third.get_move() == ("b", None) and third.has_property("BL")
    assert not first.has_property("OB")  # still in main time
    ours = go_sgf.read(text)
    assert ours.root["BR"] == "5k" and ours.root["PC"] == "Lakeside Go hall"
    assert sorted(ours.time_left) == [1, 2, 3]
    assert ours.comments == {0: ["bob: have a good game"], 2: ["ann: 你好"]}


def test_byo_yomi_readings_write_the_periods_left_and_read_back():
    game = Game(9)
    game.play("E5")
    game.play("C3")
    notes = GoNotes()
    notes.moved(1, TimeLeft(12.5, 3, 30))
    notes.moved(2, TimeLeft(0.0, 2, 30))
    notes.said(5, "ann", "a word after a move taken back")
    text = record_text(game, json.dumps({"clock": None}), "ann", "guest-1", notes)
    first, second = sgfmill_sgf.Sgf_game.from_string(text).get_main_sequence()[1:]
    assert first.get("BL") == 12.5 and not first.has_property("OB")
    assert second.get("WL") == 30 and second.get("OW") == 2
    assert second.get("C") == "ann: a word after a move taken back"  # on the last move left
    read = go_sgf.read(text)
    assert read.periods_left == {2: 2} and read.time_left == {1: 12.5, 2: 30}
    assert notes_of(read, "ann", "guest-1") == GoNotes(
        ranks={}, time_left={1: 12.5, 2: 30}, periods_left={2: 2}, chat={2: [notes.chat[5][0]]}
    )


@pytest.mark.trio
async def test_a_restored_game_keeps_the_ranks_and_clock_readings_for_its_record(tmp_path):
    clock = {"main": 300, "periods": 3, "period": 30}
    async with running_hall(tmp_path) as server:
        ann, bob = await player(server, "ann", "5k"), await player(server, "bob", "4k")
        table = (await ann.ok("create_table", room="go", options={"size": 9, "clock": clock}))[
            "table"
        ]
        await ann.ok("sit", table=table, seat="black")
        await bob.ok("sit", table=table, seat="white")
        await ann.ok("act", table=table, action="play", point="E5")
        await bob.ok("act", table=table, action="play", point="C3")
        before = server.hall.tables[table].notes
        await server.hall.flush()
    async with running_hall(tmp_path) as server:
        notes = server.hall.tables[table].notes
        assert notes.ranks == {"ann": "5k", "bob": "4k"} == before.ranks
        assert notes.time_left == pytest.approx(before.time_left) and sorted(notes.time_left) == [
            1,
            2,
        ]


@pytest.mark.trio
async def test_a_late_spectator_gets_the_game_so_far_and_an_outsider_does_not(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, bob = await player(server, "ann", "5k"), await player(server, "bob", "4k")
        sam = await player(server, "sam", "9k")
        table = (await ann.ok("create_table", room="go", options={"size": 9}))["table"]
        await ann.ok("sit", table=table, seat="black")
        await bob.ok("sit", table=table, seat="white")
        for who, point in ((ann, "E5"), (bob, "C3"), (ann, "G7")):
            await who.ok("act", table=table, action="play", point=point)
        assert await sam.error("table_record", table=table) == "not_at_table"
        await sam.ok("watch", table=table)
        reply = await sam.ok("table_record", table=table)
        assert reply["table"] == table
        read = go_sgf.read(reply["sgf"])
        assert [m.point for m in read.game.moves] == [(4, 4), (2, 2), (6, 6)]
        assert read.game.rows() == server.hall.tables[table].game.rows()
        assert read.root["PB"] == "ann" and read.root["WR"] == "4k" and "RE" not in read.root
        mahjong = (await sam.ok("create_table", room="sichuan"))["table"]
        assert await sam.error("table_record", table=mahjong) == "no_such_game"
