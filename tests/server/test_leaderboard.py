"""The `leaderboard` request over TCP: Go by rank then the current window, each mahjong room by
积分 with titles, coins; equal values share a place; the asker's own row always comes back."""

import json

import pytest

from qipai.platform.go_ranks import GoStanding
from qipai.platform.grants import operator_grant
from server import economy, leaderboard

from .harness import running_hall, user


def move_points(server, room: str, points: dict[str, int]) -> None:
    db = server.store.db
    with economy.transaction(db):
        economy.move_points(db, room, points, "test", 0.0, reason="hand")


def ranked_go(server, name: str, rank: str, window: list[bool]) -> None:
    """A stored standing plus the ranked game row that puts the player on the Go board."""
    db = server.store.db
    standing = GoStanding.new(rank) if rank.endswith("k") else GoStanding.new()
    wire = {**standing.to_wire(), "rank": rank, "window": window}
    with economy.transaction(db):
        db.execute("UPDATE go_standings SET standing = ? WHERE name = ?", (json.dumps(wire), name))
        db.execute(
            "INSERT INTO ranked_go VALUES ((SELECT COUNT(*) FROM ranked_go), ?, 1, 1, 0, 0, 0, 0)",
            (name,),
        )


def names_places(reply) -> list[tuple[str, int]]:
    return [(row["name"], row["place"]) for row in reply["rows"]]


@pytest.mark.trio
async def test_a_mahjong_board_orders_by_points_with_titles_and_shared_places(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, *_ = [await user(server, n) for n in ("ann", "bob", "cat", "dan", "eve")]
        move_points(server, "lengzi", {"ann": -16, "bob": 1028, "cat": 200, "dan": 200})
        move_points(server, "baicheng", {"eve": 5000})
        reply = await ann.ok("leaderboard", board="lengzi")
        assert reply["board"] == "lengzi" and reply["players"] == 4
        assert reply["boards"] == [
            "go",
            "sichuan",
            "xuezhan",
            "lengzi",
            "baicheng",
            "zhongyou",
            "guobiao",
            "coins",
        ]
        assert names_places(reply) == [("bob", 1), ("cat", 2), ("dan", 2), ("ann", 4)]
        bob = reply["rows"][0]
        assert (bob["points"], bob["level"], bob["title"], bob["title_en"]) == (
            1028,
            6,
            "县令",
            "County Magistrate",
        )
        assert bob["hands"] == 1
        assert reply["rows"][3]["title"] == "托钵人"
        assert reply["you"] == reply["rows"][3]
        eve_board = await ann.ok("leaderboard", board="baicheng")
        assert names_places(eve_board) == [("eve", 1)] and eve_board["you"] is None
        assert eve_board["rows"][0]["title"] == "道台"


@pytest.mark.trio
async def test_the_go_board_lists_ranked_players_by_rank_then_window(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, *_ = [await user(server, n) for n in ("ann", "bob", "cat", "dan", "eve")]
        ranked_go(server, "bob", "2d", [True, False])
        ranked_go(server, "cat", "1k", [True, True, False])
        ranked_go(server, "dan", "1k", [True, True])  # as many wins, fewer losses: above cat
        ranked_go(server, "ann", "5k", [False])
        # eve chose 1k at registration but has played no ranked game: not on the board
        reply = await ann.ok("leaderboard", board="go")
        assert names_places(reply) == [("bob", 1), ("dan", 2), ("cat", 3), ("ann", 4)]
        assert [r["rank"] for r in reply["rows"]] == ["2d", "1k", "1k", "5k"]
        assert (reply["rows"][2]["wins"], reply["rows"][2]["losses"]) == (2, 1)
        assert reply["you"]["place"] == 4


@pytest.mark.trio
async def test_the_coin_board_holds_players_only_and_the_askers_row_below_the_top(tmp_path):
    async with running_hall(tmp_path) as server:
        ann = await user(server, "ann")
        db = server.store.db
        for index in range(leaderboard.TOP + 2):
            name = f"p{index:02d}"
            server.store.add_account(name, b"s", b"h", 0.0)
            with economy.transaction(db):
                economy.post(db, operator_grant(name, index + 1, "test", f"op:{name}"), 0.0)
        with economy.transaction(db):
            economy.post(db, operator_grant("ann", -4999, "test", "op:ann"), 0.0)
        server.store.add_account("guest-x1", b"s", b"h", 0.0)  # a visitor: not on boards
        reply = await ann.ok("leaderboard", board="coins")
        assert reply["players"] == leaderboard.TOP + 3
        assert len(reply["rows"]) == leaderboard.TOP
        assert reply["rows"][0] == {"name": "p51", "coins": 5052, "place": 1}
        assert all(
            not r["name"].startswith(("house", "pot:", "bets:", "guest")) for r in reply["rows"]
        )
        assert reply["you"] == {"name": "ann", "coins": 1, "place": leaderboard.TOP + 3}


@pytest.mark.trio
async def test_an_unknown_board_is_refused(tmp_path):
    async with running_hall(tmp_path) as server:
        ann = await user(server, "ann")
        assert await ann.error("leaderboard", board="chess") == "bad_field"
        assert await ann.error("leaderboard") == "missing_field"
        assert await ann.error("leaderboard", board=3) == "bad_field"
