"""Ranked Go in the hall: pairing within one rank, and every finished ranked game moving both
players' standings in the same transaction as the game record (platform.md §1–4)."""

import json
import sqlite3

import pytest
import trio

from qipai.platform.go_ranks import GoStanding, parse_rank
from server import economy
from server.store import GameRecord, Store

from .harness import Client, running_hall

BLACK = ["D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9", "C5"]
WHITE = ["F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "G5"]
RANKED = json.dumps({"friendly": False})
FRIENDLY = json.dumps({"friendly": True})


async def player(server, name: str, rank: str) -> Client:
    client = await Client.connect(server)
    await client.ok("register", name=name, password="password-1", go_rank=rank)
    return client


async def ranked_table(server, black: Client, white: Client) -> int:
    table = (await black.ok("create_table", room="go", options={"friendly": False}))["table"]
    await black.ok("sit", table=table, seat="black")
    await white.ok("sit", table=table, seat="white")
    await black.event("started", table)
    return table


@pytest.mark.trio
async def test_ranked_pairing_refuses_two_ranks_apart_and_a_valid_win_enters_both_windows(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, bob = await player(server, "ann", "5k"), await player(server, "bob", "4k")
        cai = await player(server, "cai", "7k")
        table = (await ann.ok("create_table", room="go", options={"friendly": False}))["table"]
        await ann.ok("sit", table=table, seat="black")
        assert await cai.error("sit", table=table, seat="white") == "rank_too_far_apart"
        await bob.ok("sit", table=table, seat="white")
        await ann.event("started", table)
        for b, w in zip(BLACK, WHITE, strict=True):
            await ann.ok("act", table=table, action="play", point=b)
            await bob.ok("act", table=table, action="play", point=w)
        await bob.ok("act", table=table, action="resign")
        over = await ann.event("over", table)
        assert over["result"]["valid"] is True and over["result"]["winner"] == "black"
        await server.hall.flush()
        ann_profile, bob_profile = await ann.ok("profile"), await ann.ok("profile", name="bob")
        assert ann_profile["go"] == {"rank": "5k", "window": [True]}
        assert bob_profile["go"] == {"rank": "4k", "window": [False]}
        assert ann_profile["record"]["opponents"] == [
            {"name": "bob", "wins": 1, "losses": 0, "draws": 0}
        ]
        rows = server.store.db.execute(
            "SELECT name, counted, won, steps FROM ranked_go WHERE game = ? ORDER BY name",
            (over["result"]["game"],),
        ).fetchall()
        assert rows == [("ann", 1, 1, 0), ("bob", 1, 0, 0)]
        # Fewer than 20 stones: the game is stored but moves no standing (GO-05).
        table = await ranked_table(server, ann, bob)
        await ann.ok("act", table=table, action="play", point="Q16")
        await bob.ok("act", table=table, action="resign")
        await server.hall.flush()
        assert (await ann.ok("profile"))["go"]["window"] == [True]
        assert (await bob.ok("profile"))["go"]["window"] == [False]
        assert (await ann.ok("profile"))["record"]["wins"] == 1  # nor is it in the record


@pytest.mark.trio
async def test_friendly_tables_pair_anyone_and_move_no_standing(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, dan = await player(server, "ann", "18k"), await player(server, "dan", "1k")
        table = (await ann.ok("create_table", room="go", options={"size": 9}))["table"]
        await ann.ok("sit", table=table, seat="black")
        await dan.ok("sit", table=table, seat="white")
        await ann.event("started", table)
        for b, w in zip(BLACK, WHITE, strict=True):
            await ann.ok("act", table=table, action="play", point=b)
            await dan.ok("act", table=table, action="play", point=w)
        await ann.ok("act", table=table, action="resign")
        await server.hall.flush()
        assert (await dan.ok("profile"))["go"] == {"rank": "1k", "window": []}
        assert server.store.db.execute("SELECT COUNT(*) FROM ranked_go").fetchone()[0] == 0


def set_standing(store: Store, name: str, standing: GoStanding) -> None:
    store.db.execute(
        "UPDATE go_standings SET standing = ? WHERE name = ?",
        (json.dumps(standing.to_wire()), name),
    )


def finished(game_id: int, winner: str | None, *, options: str = RANKED, valid: bool = True):
    return GameRecord(
        game_id, "go", options, "ann", "bob", "?", winner, "count", valid, 250, "(;)", 0.0
    )


@pytest.fixture
def store(tmp_path):
    store = Store(str(tmp_path / "hall.db"))
    store.add_account("ann", b"s", b"h", 0.0, GoStanding.new("2k"))
    store.add_account("bob", b"s", b"h", 0.0, GoStanding.new("2k"))
    yield store
    store.close()


def test_the_tenth_win_of_twenty_promotes_a_kyu_player_and_clears_the_window(store):
    set_standing(store, "ann", GoStanding(parse_rank("2k"), (True,) * 9 + (False,) * 10))
    store.add_go_game(finished(1, "black"))
    after = economy.standing(store.db, "ann")
    assert after.rank == parse_rank("1k") and after.window == ()
    assert economy.standing(store.db, "bob").window == (False,)


def test_two_kyu_promoted_twice_crosses_to_1d(store):
    set_standing(store, "ann", GoStanding(parse_rank("2k"), (True,) * 14 + (False,) * 5))
    set_standing(store, "bob", GoStanding(parse_rank("1k")))
    store.add_go_game(finished(1, "black"))
    assert economy.standing(store.db, "ann").rank == parse_rank("1d")


@pytest.mark.parametrize(
    "bob_rank, ann_window, bob_window",
    [("2k", (False,), (False,)), ("1k", (True,), (False,))],
)
def test_a_draw_is_a_loss_for_equal_ranks_and_a_win_for_the_lower(
    store, bob_rank, ann_window, bob_window
):
    set_standing(store, "bob", GoStanding(parse_rank(bob_rank)))
    store.add_go_game(finished(1, None))
    assert economy.standing(store.db, "ann").window == ann_window
    assert economy.standing(store.db, "bob").window == bob_window


def test_the_sixth_win_over_one_opponent_is_not_counted_and_is_flagged(store):
    for game in range(1, 7):
        store.add_go_game(finished(game, "black"))
    assert economy.standing(store.db, "ann").window == (True,) * 5
    assert economy.standing(store.db, "bob").window == (False,) * 6
    flags = store.db.execute(
        "SELECT game, counted, collusion_flag FROM ranked_go WHERE name = 'ann' AND game = 6"
    ).fetchall()
    assert flags == [(6, 0, 1)]


def test_a_game_that_cannot_be_stored_moves_no_standing(store):
    store.add_go_game(finished(1, "black"))
    with pytest.raises(sqlite3.IntegrityError):
        store.add_go_game(finished(1, "black"))  # the same id twice: the insert fails
    assert economy.standing(store.db, "ann").window == (True,)
    assert store.db.execute("SELECT COUNT(*) FROM ranked_go").fetchone()[0] == 2


def test_ranks_that_drifted_apart_keep_the_game_but_move_no_standing(store):
    set_standing(store, "bob", GoStanding(parse_rank("4k")))
    store.add_go_game(finished(1, "black"))
    assert store.game(1) is not None
    assert economy.standing(store.db, "ann").window == ()


def test_friendly_and_invalid_games_move_no_standing(store):
    store.add_go_game(finished(1, "black", options=FRIENDLY))
    store.add_go_game(finished(2, "black", valid=False))
    assert economy.standing(store.db, "ann").window == ()
    assert store.game(1) is not None and store.game(2) is not None


@pytest.mark.trio
async def test_a_game_against_a_bot_is_stored_and_moves_no_standing(tmp_path):
    # A bot never plays a ranked table (GoOptions refuses it), so a whole game against the
    # ladder's bot, won by the person, leaves both the standings and the ranked log alone.
    async with running_hall(tmp_path) as server:
        ann = await player(server, "ann", "5k")
        options = {"size": 9, "bot": "white", "bot_level": "simple@5", "handicap": 5}
        created = await ann.ok("create_table", room="go", options=options)
        table, view = created["table"], created["view"]
        white = view["seats"]["white"]
        assert (white["bot"], white["bot_level"]) == (True, "simple@5")
        assert view["game"]["handicap"] == 5 and view["game"]["komi"] == 0
        lobby = await ann.ok("lobby")
        row = next(t for t in lobby["tables"] if t["table"] == table)
        assert row["seats"]["white"] == white["name"] and row["options"]["bot_level"] == "simple@5"
        free = [f"{c}{r}" for r in range(1, 10) for c in "ABCDEFGHJ"]
        for _ in range(12):  # the bot (White, first after the stones) and Black take turns
            view = await _black_to_move(ann, table)
            forbidden = set(view["you"].get("forbidden") or ())
            empty = [p for p in free if _at(view["game"], p) == "." and p not in forbidden]
            await ann.ok("act", table=table, action="play", point=empty[0])
        await ann.ok("act", table=table, action="resign")
        await ann.event("over", table)
        await server.hall.flush()
        assert (await ann.ok("profile"))["go"] == {"rank": "5k", "window": []}
        assert server.store.db.execute("SELECT COUNT(*) FROM ranked_go").fetchone()[0] == 0
        assert server.store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1


async def _black_to_move(client: Client, table: int) -> dict:
    """The view once the bot has answered: Black to move."""
    with trio.fail_after(10):
        while True:
            view = (await client.ok("snapshot", table=table))["view"]
            if view["game"]["to_move"] == "black":
                return view
            await trio.sleep(0.01)


def _at(game: dict, point: str) -> str:
    """The board's character at a point such as "C3" (row 1 is the last line of the board)."""
    column = "ABCDEFGHJ".index(point[0])
    rows = game["board"]
    return rows[len(rows) - int(point[1:])][column]
