"""Coins and Go standing in SQLite: the rules of ``qipai.platform`` made durable.

The core builds every movement and standing; this module only stores them, and always in ONE
transaction with the record they belong to (an account, a finished game), so a crash leaves a
game either fully recorded with its coins and ranks or not recorded at all.  Every function runs
on the store's single writer thread (``Store.call``) and takes the connection as its first
argument.  Entries are append-only (triggers refuse UPDATE and DELETE); the ``balances`` table is
a cache of their sums that ``check_ledger`` verifies before the hall opens.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from qipai.mahjong.scoring import Settlement
from qipai.platform.errors import InsufficientCoins, PairingRefused
from qipai.platform.go_ranks import GoStanding, RankedEntry, record_ranked_game
from qipai.platform.grants import new_account, relief
from qipai.platform.hand_coins import close_pot, settle_hand
from qipai.platform.ledger import HOUSE, Entry, Movement, Reason, balances_from

RECENT_ENTRIES = 20


class LedgerMismatch(RuntimeError):
    """Stored balances disagree with the ledger: the hall refuses to start rather than guess."""


@contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[None]:
    """BEGIN IMMEDIATE … COMMIT, rolled back whole on any error (the connection autocommits)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def post(db: sqlite3.Connection, movement: Movement, at: float) -> None:
    """Append a movement and update the cached balances; call inside a transaction.

    Refuses the whole movement (the caller's transaction rolls back) if an account other than
    the house would go below zero: nobody pays beyond their balance (PL-20).
    """
    if not movement.entries:
        return
    number = db.execute("SELECT COALESCE(MAX(movement), 0) + 1 FROM ledger").fetchone()[0]
    db.executemany(
        "INSERT INTO ledger(movement, account, amount, reason, ref, detail, at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (number, e.account, e.amount, e.reason.value, e.ref, e.detail, at)
            for e in movement.entries
        ],
    )
    for account, change in movement.net().items():
        db.execute(
            "INSERT INTO balances(account, coins) VALUES (?, ?)"
            " ON CONFLICT(account) DO UPDATE SET coins = coins + excluded.coins",
            (account, change),
        )
        if account != HOUSE and balance(db, account) < 0:
            raise InsufficientCoins(f"{account} cannot pay {-change} coins")


def balance(db: sqlite3.Connection, account: str) -> int:
    row = db.execute("SELECT coins FROM balances WHERE account = ?", (account,)).fetchone()
    return row[0] if row else 0


def check_ledger(db: sqlite3.Connection) -> None:
    """The start-up check: every stored balance equals the sum of its ledger entries, and the
    ledger as a whole sums to zero (no coin created or lost)."""
    entries = [
        Entry(account, amount, Reason(reason), ref)
        for account, amount, reason, ref in db.execute(
            "SELECT account, amount, reason, ref FROM ledger"
        )
    ]
    derived = balances_from(entries)
    stored = {a: c for a, c in db.execute("SELECT account, coins FROM balances") if c}
    total = sum(e.amount for e in entries)
    if total:
        raise LedgerMismatch(f"the ledger sums to {total} coins, not 0: entries are missing")
    if derived != stored:
        wrong = sorted(set(derived) | set(stored), key=str)
        diffs = [
            f"{a}: stored {stored.get(a, 0)}, ledger {derived.get(a, 0)}"
            for a in wrong
            if stored.get(a, 0) != derived.get(a, 0)
        ]
        raise LedgerMismatch(
            "stored balances disagree with the ledger ("
            + "; ".join(diffs[:5])
            + (f"; and {len(diffs) - 5} more" if len(diffs) > 5 else "")
            + "); restore the database from a backup or ask the operator"
        )


class _StoredBalances:
    """What ``grants.relief`` asks of a ledger (a balance, whether an entry exists), from SQL."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def balance(self, account: str) -> int:
        return balance(self.db, account)

    def has_entry(self, account: str, reason: Reason, ref: str) -> bool:
        row = self.db.execute(
            "SELECT 1 FROM ledger WHERE account = ? AND reason = ? AND ref = ? LIMIT 1",
            (account, reason.value, ref),
        ).fetchone()
        return row is not None


# ---------------------------------------------------------------------- accounts and grants


def open_account(
    db: sqlite3.Connection, name: str, salt: bytes, digest: bytes, now: float, start: GoStanding
) -> bool:
    """The account, its PL-21 grant and its Go standing (PL-07), together or not at all;
    False when the name is taken."""
    try:
        with transaction(db):
            db.execute(
                "INSERT INTO accounts(name, salt, hash, created_at) VALUES (?, ?, ?, ?)",
                (name, salt, digest, now),
            )
            post(db, new_account(name), now)
            _save_standing(db, name, start)
    except sqlite3.IntegrityError:
        return False
    return True


def claim_relief(db: sqlite3.Connection, name: str, day: str, now: float) -> int:
    """救济金 (PL-21); returns the new balance, or raises ``ReliefUnavailable``."""
    with transaction(db):
        post(db, relief(_StoredBalances(db), name, day), now)  # type: ignore[arg-type]
        return balance(db, name)


def recent_entries(db: sqlite3.Connection, name: str, limit: int = RECENT_ENTRIES) -> list[dict]:
    rows = db.execute(
        "SELECT amount, reason, ref, detail, at FROM ledger WHERE account = ?"
        " ORDER BY id DESC LIMIT ?",
        (name, limit),
    ).fetchall()
    return [
        {"amount": amount, "reason": reason, "ref": ref, "detail": detail, "at": at}
        for amount, reason, ref, detail, at in rows
    ]


# ---------------------------------------------------------------------- Go standing


def standing(db: sqlite3.Connection, name: str) -> GoStanding:
    """A player's Go standing; accounts from before the economy start at the default 18k."""
    row = db.execute("SELECT standing FROM go_standings WHERE name = ?", (name,)).fetchone()
    return GoStanding.from_wire(json.loads(row[0])) if row else GoStanding.new()


def _save_standing(db: sqlite3.Connection, name: str, value: GoStanding) -> None:
    db.execute(
        "INSERT INTO go_standings(name, standing) VALUES (?, ?)"
        " ON CONFLICT(name) DO UPDATE SET standing = excluded.standing",
        (name, json.dumps(value.to_wire())),
    )


def record_go_game(db: sqlite3.Connection, insert_game: Any, record: Any) -> None:
    """A finished Go game, and for a ranked one both players' standings, in one transaction.

    ``insert_game`` is the store's row writer; ``record`` a ``GameRecord``. Ranks that drifted
    more than one step apart since the players sat (each played elsewhere) leave the standings
    alone: the core refuses such a pairing, and the game stays on record as played.
    """
    with transaction(db):
        insert_game(record)
        if json.loads(record.options).get("friendly", True) or not (record.black and record.white):
            return
        black, white = standing(db, record.black), standing(db, record.white)
        try:
            (black_after, black_entry), (white_after, white_entry) = record_ranked_game(
                (record.black, black), (record.white, white), record.winner, valid=record.valid
            )
        except PairingRefused:
            return
        for name, after, entry in (
            (record.black, black_after, black_entry),
            (record.white, white_after, white_entry),
        ):
            _save_standing(db, name, after)
            _add_ranked_entry(db, record.id, name, entry)


def _add_ranked_entry(db: sqlite3.Connection, game: int, name: str, entry: RankedEntry) -> None:
    db.execute(
        "INSERT INTO ranked_go(game, name, counted, won, collusion_flag, steps, rank_before,"
        " rank_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            game,
            name,
            int(entry.counted),
            int(entry.won),
            int(entry.collusion_flag),
            entry.steps,
            entry.rank_before,
            entry.rank_after,
        ),
    )


def go_record(db: sqlite3.Connection, name: str) -> dict[str, Any]:
    """Wins, losses and draws against each opponent over all stored Go games."""
    opponents: dict[str, dict[str, int]] = {}
    rows = db.execute(
        "SELECT black, white, winner FROM games WHERE black = ? OR white = ?", (name, name)
    )
    for black, white, winner in rows:
        mine, other = ("black", white) if black == name else ("white", black)
        if other == name:
            continue  # hot-seat: one player on both sides
        tally = opponents.setdefault(other or "", {"wins": 0, "losses": 0, "draws": 0})
        key = "draws" if winner is None else "wins" if winner == mine else "losses"
        tally[key] += 1
    totals = {k: sum(t[k] for t in opponents.values()) for k in ("wins", "losses", "draws")}
    return {
        **totals,
        "opponents": [{"name": n, **t} for n, t in sorted(opponents.items())],
    }


def profile(db: sqlite3.Connection, name: str) -> dict[str, Any]:
    """What the profile screen shows: coins, Go rank and window, recent entries, record."""
    go = standing(db, name).to_wire()
    return {
        "name": name,
        "balance": balance(db, name),
        "go": {"rank": go["rank"], "window": go["window"]},
        "entries": recent_entries(db, name),
        "record": go_record(db, name),
    }


# ---------------------------------------------------------------------- mahjong coin rooms


def balances_of(db: sqlite3.Connection, accounts: Sequence[str]) -> list[int]:
    return [balance(db, account) for account in accounts]


@dataclass(frozen=True)
class HandCoins:
    """What a coin room's finished hand moves. The movement itself is computed on the writer
    thread, from the balances of that moment: PL-20 (nobody pays beyond their balance) needs
    the true balances, and the hand record and its coins then share one transaction."""

    settlement: Settlement
    seats: tuple[str, ...]
    fee: int
    pot: str | None
    close_pot: bool
    """The match ends with this hand: what is left in the Lengzi pot goes to the house (LZ-10)."""


def record_mahjong_hand(
    db: sqlite3.Connection, insert_hand: Callable[[Any], None], hand: Any, coins: HandCoins | None
) -> None:
    """A finished hand (a ``MahjongHand``) and, in a coin room, its coins, in one transaction."""
    with transaction(db):
        insert_hand(hand)
        if coins is None:
            return
        accounts = [*coins.seats, *([coins.pot] if coins.pot else [])]
        ref = f"hand:{hand.id}"
        movement = settle_hand(
            coins.settlement,
            seats=coins.seats,
            balances=dict(zip(accounts, balances_of(db, accounts), strict=True)),
            ref=ref,
            pot=coins.pot,
            fee=coins.fee,
        )
        post(db, movement, hand.finished_at)
        if coins.close_pot and coins.pot:
            post(db, close_pot(coins.pot, balance(db, coins.pot), ref), hand.finished_at)


def close_table_pot(db: sqlite3.Connection, pot: str, ref: str, at: float) -> None:
    """A match that stops between hands hands its Lengzi pot to the house (LZ-10)."""
    with transaction(db):
        post(db, close_pot(pot, balance(db, pot), ref), at)
