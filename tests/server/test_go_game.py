"""Two players play Go over real sockets, a spectator follows, and the game is stored."""

import sqlite3

import pytest
import trio

from server import economy
from server.store import Store

from .harness import Client, running_hall, user

BLACK = ["D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9", "C5"]
WHITE = ["F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "G5"]


async def table_for_two(server, options=None):
    ann, bob = await user(server, "ann"), await user(server, "bob")
    created = await ann.ok("create_table", room="go", options=options or {"size": 9})
    table = created["table"]
    assert created["view"]["game"]["phase"] == "waiting"
    await ann.ok("sit", table=table, seat="black")
    await bob.ok("sit", table=table, seat="white")
    await ann.event("started", table)
    await bob.event("started", table)
    return ann, bob, table


async def play(client, table, point):
    return await client.ok("act", table=table, action="play", point=point)


@pytest.mark.trio
async def test_two_players_play_to_a_scored_result_while_a_spectator_follows(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, bob, table = await table_for_two(server)
        carol = await user(server, "carol")
        watched = await carol.ok("watch", table=table)
        assert watched["view"]["you"] == {"seats": [], "legal": [], "forbidden": []}
        assert watched["view"]["seats"]["black"] == {"name": "ann", "online": True, "bot": False}
        for b, w in zip(BLACK, WHITE, strict=True):
            await play(ann, table, b)
            await play(bob, table, w)
        await ann.ok("act", table=table, action="pass")
        await bob.ok("act", table=table, action="pass")
        scoring = await carol.event("scoring", table)
        game = scoring["view"]["game"]
        assert game["phase"] == "scoring"
        count = game["count"]
        assert (count["black"], count["white"]) == (40.5, 40.5)
        assert count["black_stones"] + count["black_territory"] + count["dame"] / 2 == 40.5
        assert game["territory"]["dame"] == [f"E{row}" for row in range(1, 10)]  # the gap
        assert game["board"][4] == "..XX.OO.."
        assert scoring["view"]["you"]["legal"] == []
        await ann.ok("act", table=table, action="confirm")
        await bob.ok("act", table=table, action="confirm")
        over = await carol.event("over", table)
        result = over["result"]
        assert result["winner"] == "white" and result["reason"] == "count"
        assert result["margin"] == 3.5 and result["text"] == "白胜 3.5 子"
        assert result["sgf"] == "W+7" and result["valid"] is True
        await server.hall.flush()
        games = (await ann.ok("games"))["games"]
        assert [(g["game"], g["black"], g["white"], g["result"], g["valid"]) for g in games] == [
            (result["game"], "ann", "bob", "白胜 3.5 子", True)
        ]
        record = await bob.ok("game_record", game=result["game"])
        assert (
            "RE[W+7]" in record["sgf"] and "PB[ann]" in record["sgf"] and ";B[dh]" in record["sgf"]
        )


@pytest.mark.trio
async def test_spectator_sees_every_event_in_sequence(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, bob, table = await table_for_two(server)
        carol = await user(server, "carol")
        first = (await carol.ok("watch", table=table))["view"]["seq"]
        await play(ann, table, "E5")
        await play(bob, table, "C3")
        await ann.ok("act", table=table, action="resign")
        seqs, kinds = [], []
        while "over" not in kinds:
            # Her own arrival (a "spectators" event) is already in the view she got.
            event = await carol.push(lambda m: m["type"] == "event" and m["seq"] > first)
            seqs.append(event["seq"])
            kinds.append(event["kind"])
        assert kinds == ["move", "move", "resign", "over"]
        assert seqs == list(range(first + 1, first + 5))


@pytest.mark.trio
async def test_the_seat_to_move_gets_its_legal_actions_and_forbidden_points(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, bob, table = await table_for_two(server)
        # Black surrounds A1 so that White may not play there (suicide, rules book 1.5).
        for b, w in (("A2", "J9"), ("B1", "J8")):
            await play(ann, table, b)
            await play(bob, table, w)
        await play(ann, table, "E5")
        view = (await bob.push(lambda m: m.get("point") == "E5"))["view"]
        assert view["you"]["seats"] == ["white"]
        assert view["you"]["legal"] == ["play", "pass", "resign", "undo_request"]
        assert view["you"]["forbidden"] == ["A1"]
        assert view["game"]["to_move"] == "white" and view["game"]["last_move"] == "E5"
        ann_view = (await ann.ok("snapshot", table=table))["view"]
        assert ann_view["you"]["legal"] == ["resign", "undo_request"]
        assert ann_view["you"]["forbidden"] == []


@pytest.mark.trio
async def test_illegal_and_out_of_turn_actions_get_errors_and_change_nothing(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, bob, table = await table_for_two(server)
        carol = await user(server, "carol")
        await play(ann, table, "E5")
        before = (await ann.ok("snapshot", table=table))["view"]
        assert await bob.error("act", table=table, action="play", point="E5") == "illegal_occupied"
        assert await ann.error("act", table=table, action="play", point="D4") == "not_your_turn"
        assert await ann.error("act", table=table, action="pass") == "not_your_turn"
        assert await carol.error("act", table=table, action="pass") == "not_seated"
        assert await bob.error("act", table=table, action="play", point="I9") == "bad_field"
        assert (
            await bob.error("act", table=table, action="play", point="J10") == "illegal_off_board"
        )
        assert await bob.error("act", table=table, action="play") == "missing_field"
        assert await bob.error("act", table=table, action="fly") == "bad_field"
        assert await bob.error("act", table=table, action="confirm") == "wrong_phase"
        assert await bob.error("act", table=table, action="undo_accept") == "no_undo_request"
        assert await bob.error("act", table=999, action="pass") == "no_such_table"
        assert await bob.error("stand", table=table) == "wrong_phase"
        assert await carol.error("sit", table=table, seat="white") == "seat_taken"
        after = (await ann.ok("snapshot", table=table))["view"]
        assert after == before


@pytest.mark.trio
async def test_undo_request_accepted_and_declined(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, bob, table = await table_for_two(server)
        await play(ann, table, "E5")
        await play(bob, table, "C3")
        await ann.ok("act", table=table, action="undo_request")
        asked = await bob.event("undo_requested", table)
        assert asked["view"]["game"]["undo_request"] == "black"
        assert "undo_accept" in asked["view"]["you"]["legal"]
        assert await ann.error("act", table=table, action="undo_accept") == "no_undo_request"
        await bob.ok("act", table=table, action="undo_decline")
        declined = await ann.event("undo_declined", table)
        assert declined["view"]["game"]["move_number"] == 2
        await ann.ok("act", table=table, action="undo_request")
        await bob.ok("act", table=table, action="undo_accept")
        undone = await ann.event("undone", table)
        game = undone["view"]["game"]
        # Black's E5 and White's answer are both taken back: Black is to move again.
        assert game["move_number"] == 0 and game["to_move"] == "black"
        assert all(set(row) == {"."} for row in game["board"])


@pytest.mark.trio
async def test_scoring_phase_toggle_resume_and_dead_stones_counted(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, bob, table = await table_for_two(server)
        for b, w in zip(BLACK, WHITE, strict=True):
            await play(ann, table, b)
            await play(bob, table, w)
        await play(ann, table, "H2")  # a lone black stone in White's area
        await bob.ok("act", table=table, action="pass")
        await ann.ok("act", table=table, action="pass")
        proposed = (await bob.event("scoring", table))["view"]["game"]
        assert proposed["dead"] == ["H2"]  # the engine's proposal (GO-04 b)
        assert (proposed["count"]["black"], proposed["count"]["white"]) == (40.5, 40.5)
        assert "H2" in proposed["territory"]["white"]  # a dead stone's point is the area around it
        await ann.ok("act", table=table, action="toggle_dead", point="H2")
        alive = (await bob.event("dead_toggled", table))["view"]["game"]
        assert alive["dead"] == []
        # Alive, H2 turns White's whole area into dame: 11 + 26 + 34/2 against 10 + 34/2.
        assert (alive["count"]["black"], alive["count"]["white"]) == (54.0, 27.0)
        await bob.ok("act", table=table, action="confirm")
        confirmed = (await ann.event("confirmed", table))["view"]
        assert confirmed["game"]["confirmed"] == ["white"]
        assert confirmed["you"]["legal"] == ["toggle_dead", "confirm", "resume", "resign"]
        await ann.ok("act", table=table, action="toggle_dead", point="h2")
        cleared = (await bob.push(lambda m: m.get("kind") == "dead_toggled"))["view"]["game"]
        assert cleared["confirmed"] == [] and cleared["dead"] == ["H2"]
        await bob.ok("act", table=table, action="resume")
        resumed = (await ann.event("resumed", table))["view"]["game"]
        assert resumed["phase"] == "play" and resumed["to_move"] == "white"
        assert (
            await ann.error("act", table=table, action="toggle_dead", point="H2") == "wrong_phase"
        )


@pytest.mark.trio
async def test_a_player_drops_and_reconnects_mid_game_keeping_the_seat(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, bob, table = await table_for_two(server)
        await play(ann, table, "E5")
        await play(bob, table, "C3")
        await play(ann, table, "G7")
        await bob.aclose()
        offline = await ann.event("offline", table)
        assert offline["seat"] == "white" and offline["view"]["seats"]["white"]["online"] is False
        # Ann cannot move for Bob, and Bob's seat is not free for anyone else.
        assert await ann.error("act", table=table, action="play", point="D4") == "not_your_turn"
        carol = await user(server, "carol")
        assert await carol.error("sit", table=table, seat="white") == "seat_taken"
        back = await Client.connect(server)
        reply = await back.ok("login", name="bob", password="password-1")
        assert reply["seats"] == [{"table": table, "seat": "white"}]
        snapshot = await back.push(lambda m: m["type"] == "snapshot")
        assert snapshot["table"] == table and snapshot["view"]["you"]["seats"] == ["white"]
        assert snapshot["view"]["game"]["last_move"] == "G7"
        assert "play" in snapshot["view"]["you"]["legal"]
        online = await ann.event("online", table)
        assert online["view"]["seats"]["white"]["online"] is True
        await play(back, table, "D4")
        moved = await ann.push(lambda m: m.get("kind") == "move" and m["point"] == "D4")
        assert moved["view"]["game"]["move_number"] == 4


@pytest.mark.trio
async def test_handicap_table_places_the_stones_and_white_moves_first(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, bob, table = await table_for_two(server, {"size": 9, "handicap": 2})
        view = (await bob.ok("snapshot", table=table))["view"]
        game = view["game"]
        assert game["handicap"] == 2 and game["komi"] == 0.0
        assert sum(row.count("X") for row in game["board"]) == 2
        assert game["to_move"] == "white" and game["move_number"] == 0
        assert view["you"]["legal"][:2] == ["play", "pass"]
        assert await ann.error("act", table=table, action="play", point="E5") == "not_your_turn"
        await play(bob, table, "E5")


def hold_record_write(server, entered: trio.Event, until) -> None:
    """Keep a finished game's record from being written until ``await until()`` returns;
    ``entered`` is set when the write is due. The write is made on trio's thread
    (``Store.call_here``), so it is held before the store's writer turn, not inside it
    (that would stop the whole hall)."""
    write = server.store.add_go_game
    call_here = server.store.call_here

    async def held(fn, *args):
        if getattr(fn, "func", None) == write:
            entered.set()
            await until()
        return await call_here(fn, *args)

    server.store.call_here = held


@pytest.mark.trio
async def test_over_goes_out_only_after_the_record_is_committed(tmp_path):
    """A crash between the end of a game and its write must not lose a game the players saw end:
    while the record is being written the table says `ending`, with no result, and refuses
    actions; `over` follows the commit."""
    async with running_hall(tmp_path) as server:
        ann, bob, table = await table_for_two(server, {"friendly": False})
        carol = await user(server, "carol")
        await carol.ok("watch", table=table)
        entered, release = trio.Event(), trio.Event()
        hold_record_write(server, entered, release.wait)
        reader = sqlite3.connect(str(tmp_path / "hall.db"))
        try:
            for b, w in zip(BLACK, WHITE, strict=True):
                await play(ann, table, b)
                await play(bob, table, w)
            await bob.ok("act", table=table, action="resign")
            resigned = await carol.event("resign", table)
            assert resigned["view"]["game"]["phase"] == "ending"
            assert resigned["view"]["game"]["result"] is None
            with trio.fail_after(10):
                await entered.wait()
            seen = (await carol.ok("snapshot", table=table))["view"]["game"]
            assert seen["phase"] == "ending" and seen["result"] is None
            assert await ann.error("act", table=table, action="pass") == "wrong_phase"
            assert await ann.error("stand", table=table) == "wrong_phase"
            assert not [m for m in carol.pushes + ann.pushes if m.get("kind") == "over"]
            assert reader.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0
            release.set()
            over = await carol.event("over", table)
            stored = reader.execute("SELECT id, result FROM games").fetchall()
            assert stored == [(over["result"]["game"], "黑中盘胜")]
            assert over["view"]["game"]["phase"] == "over"
            assert await ann.error("act", table=table, action="pass") == "game_over"
        finally:
            release.set()
            reader.close()


@pytest.mark.trio
async def test_a_game_ending_as_the_server_stops_is_stored_before_it_exits(tmp_path):
    """The clean-shutdown flush waits for a record still being written when the hall stops."""
    due = trio.Event()
    async with running_hall(tmp_path) as server:
        ann, bob, table = await table_for_two(server, {"friendly": False})
        # the write lands half a second later, while the hall is stopping
        hold_record_write(server, due, lambda: trio.sleep(0.5))
        for b, w in zip(BLACK, WHITE, strict=True):
            await play(ann, table, b)
            await play(bob, table, w)
        await ann.ok("act", table=table, action="resign")
    assert due.is_set()
    store = Store(str(tmp_path / "hall.db"))
    try:
        (game,) = store.games_of("ann")
        assert game.result == "白中盘胜" and game.valid
        assert economy.standing(store.db, "bob").window == (True,)
    finally:
        store.close()
