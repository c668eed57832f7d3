"""Golden-table bets in SQLite (platform.md §5, PL-09 … PL-12): the durable side of ``BetBook``.

The ledger is the truth about a pool. A stake goes into the game's pool account in a
transaction of its own, refused if the game is already stored; the pool is emptied (payouts and
rake, or refunds) from the stakes the ledger holds, inside the transaction that stores the game
and its standings, so a bet that reached the ledger is always settled with its game and one
that did not never is. A game lost with its server (a crash, a shutdown mid-game) never gets
a record, so on start every pool still holding coins is refunded. Every function runs on the
store's writer thread and takes the connection first.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from qipai.platform.betting import BetBook, BetsSettled, Side
from qipai.platform.errors import BetWindowClosed
from qipai.platform.ledger import Entry, Movement, Reason, bet_pool_account

from .economy import balance, post, record_go_game, transaction

GAME_PREFIX = "go:"
POOL_PREFIX = bet_pool_account(GAME_PREFIX)
POOL_END = POOL_PREFIX[:-1] + ";"
"""Every pool account sorts in [POOL_PREFIX, POOL_END): ';' follows ':' in ASCII."""


def game_ref(game_id: int) -> str:
    """The ledger ``ref`` of a golden game's bets; its pool account is ``bets:go:<id>``."""
    return f"{GAME_PREFIX}{game_id}"


def pool_entries(db: sqlite3.Connection, ref: str) -> list[Entry]:
    """Every entry of the movements that touched the pool of ``ref``, in order: the stakes with
    their bettors, and the settlement if there was one (found through the pool's own entries,
    which the ledger's account index reaches without a scan)."""
    rows = db.execute(
        "SELECT account, amount, reason, ref, detail FROM ledger WHERE movement IN"
        " (SELECT movement FROM ledger WHERE account = ?) AND ref = ? ORDER BY id",
        (bet_pool_account(ref), ref),
    )
    return [Entry(a, amount, Reason(reason), r, detail) for a, amount, reason, r, detail in rows]


def place_bet(db: sqlite3.Connection, game_id: int, movement: Movement, at: float) -> int:
    """Post a stake into the pool; returns the bettor's balance after it.

    Refused whole (``bet_window_closed``) once the game is stored, and (``insufficient_coins``,
    from ``post``) when the bettor's coins moved elsewhere since the table read them.
    """
    with transaction(db):
        if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone():
            raise BetWindowClosed("the game has ended")
        post(db, movement, at)
        bettor = next(e.account for e in movement.entries if e.amount < 0)
        return balance(db, bettor)


def settle_pool(db: sqlite3.Connection, record: Any) -> BetsSettled | None:
    """Empty a finished game's pool (inside the game record's transaction): parimutuel, or the
    refunds of PL-10 (draw, invalid game, one-sided pool). None when nobody bet."""
    if json.loads(record.options).get("friendly", True):
        return None
    ref = game_ref(record.id)
    seated = frozenset(name for name in (record.black, record.white) if name)
    book = BetBook.from_ledger(ref, seated, pool_entries(db, ref))
    if not book.bets or book.settled:
        return None
    winner = Side(record.winner) if record.winner else None
    settled = book.settle(winner, valid=record.valid)
    post(db, settled.movement, record.finished_at)
    return settled


def record_go_game_with_bets(
    db: sqlite3.Connection, insert_game: Any, record: Any
) -> BetsSettled | None:
    """``economy.record_go_game`` with the game's pool settled in the same transaction, right
    after the game row (bets settle even when the standings are left alone, PL-23)."""
    settled: list[BetsSettled | None] = []

    def insert_and_settle(row: Any) -> None:
        insert_game(row)
        settled.append(settle_pool(db, row))

    record_go_game(db, insert_and_settle, record)
    return settled[0] if settled else None


def refund_pool(db: sqlite3.Connection, ref: str, at: float) -> BetsSettled | None:
    """Give every stake of a game that will never finish back, without rake (PL-10)."""
    with transaction(db):
        book = BetBook.from_ledger(ref, frozenset(), pool_entries(db, ref))
        if not book.bets or book.settled:
            return None
        settled = book.settle(None, valid=False)
        post(db, settled.movement, at)
        return settled


def refund_unfinished(
    db: sqlite3.Connection, at: float, keep: frozenset[str] | set[str] = frozenset()
) -> list[str]:
    """On start, every pool still holding coins belongs to a game lost with the last server,
    unless it is a restored game's (its ref in ``keep``): refund it. Returns the refs
    refunded."""
    pools = [
        account
        for (account,) in db.execute(
            "SELECT account FROM balances WHERE account >= ? AND account < ? AND coins != 0",
            (POOL_PREFIX, POOL_END),
        )
    ]
    refs = [account.removeprefix(bet_pool_account("")) for account in pools]
    refs = [ref for ref in refs if ref not in keep]
    for ref in refs:
        refund_pool(db, ref, at)
    return refs


def last_bet_game_id(db: sqlite3.Connection) -> int:
    """The highest game id with a pool: ids are handed out when a golden game starts, so one
    that never got a record must not be handed out again to a game whose bets would mix."""
    row = db.execute(
        "SELECT MAX(CAST(substr(account, ?) AS INTEGER)) FROM ledger"
        " WHERE account >= ? AND account < ?",
        (len(POOL_PREFIX) + 1, POOL_PREFIX, POOL_END),
    ).fetchone()
    return row[0] or 0
