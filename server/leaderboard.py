"""Leaderboards read from the store: Go by rank, each mahjong room by 积分, and coins.

Every board is a query over what the economy already keeps (standings, the points totals, the
balances cached from the ledger), so a board can never disagree with a profile. Titles are
derived from 积分 here as everywhere (``economy.title_wire``). Equal values share a place
(1, 2, 2, 4), and the asker's own row comes with the board even when it is below the top rows,
so the screen can always say where the player stands. Guests play friendly tables only and
are left out.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Mapping
from typing import Any

from qipai.platform.go_ranks import parse_rank
from qipai.protocol.names import is_guest

from .economy import title_wire
from .rooms import HallRoom

TOP = 50
"""Rows sent per board: a screenful or two; the asker's own row is added below if needed."""


def boards(rooms: Mapping[str, HallRoom]) -> list[str]:
    """The hall's boards: Go by rank, each mahjong room by 积分, and coins."""
    return ["go", *(room_id for room_id, room in rooms.items() if room.kind == "mahjong"), "coins"]


def board(db: sqlite3.Connection, name: str, which: str, all_boards: list[str]) -> dict[str, Any]:
    """One board for ``name``: the top rows, the asker's row (None if not on it), its size.
    ``which`` must be one of ``all_boards`` (the hall checks it)."""
    if which == "go":
        ranked = _go_rows(db)
    elif which == "coins":
        ranked = _coin_rows(db)
    else:
        ranked = _points_rows(db, which)
    rows = _placed([r for r in ranked if not is_guest(r["name"])], _key(which))
    you = next((row for row in rows if row["name"] == name), None)
    return {
        "board": which,
        "boards": all_boards,
        "rows": rows[:TOP],
        "you": you,
        "players": len(rows),
    }


def _key(which: str) -> Callable[[dict[str, Any]], tuple]:
    if which == "go":
        return lambda row: (row["rank_index"], row["wins"], -row["losses"])
    if which == "coins":
        return lambda row: (row["coins"],)
    return lambda row: (row["points"],)


def _placed(rows: list[dict[str, Any]], key: Callable[[dict[str, Any]], tuple]) -> list[dict]:
    """Best first, names breaking ties in order only; equal keys share a place."""
    rows.sort(key=lambda row: row["name"])
    rows.sort(key=key, reverse=True)
    previous = None
    for index, row in enumerate(rows):
        current = key(row)
        if current != previous:
            place = index + 1
            previous = current
        row["place"] = place
    return rows


def _go_rows(db: sqlite3.Connection) -> list[dict[str, Any]]:
    """Players with at least one ranked game: a rank chosen at registration is not a result.
    After the rank, the current window (wins, then fewer losses) orders equal ranks."""
    rows = []
    query = (
        "SELECT name, standing FROM go_standings"
        " WHERE name IN (SELECT DISTINCT name FROM ranked_go)"
    )
    for name, stored in db.execute(query):
        data = json.loads(stored)  # the standing's wire form; a full GoStanding is not needed
        window = data["window"]
        wins = sum(1 for won in window if won)
        rows.append(
            {
                "name": name,
                "rank": data["rank"],
                "rank_index": parse_rank(data["rank"]),
                "wins": wins,
                "losses": len(window) - wins,
            }
        )
    return rows


def _points_rows(db: sqlite3.Connection, room: str) -> list[dict[str, Any]]:
    rows = db.execute("SELECT name, points, hands FROM points WHERE room = ?", (room,))
    return [
        {"name": name, "points": points, "hands": hands, **title_wire(points)}
        for name, points, hands in rows
    ]


def _coin_rows(db: sqlite3.Connection) -> list[dict[str, Any]]:
    """Players' coins only: the house, table pots and bet pools are accounts, not players."""
    rows = db.execute(
        "SELECT accounts.name, COALESCE(balances.coins, 0) FROM accounts"
        " LEFT JOIN balances ON balances.account = accounts.name"
    )
    return [{"name": name, "coins": coins} for name, coins in rows]
