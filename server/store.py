"""SQLite persistence: accounts, session tokens and finished games.

One connection, used only through ``Store.call`` which runs on a worker thread behind a
capacity limiter of one: every write happens from one place, in order, and trio never blocks
on the disk.  The action log's small commits take the same turn on trio's thread
(``Store.call_here``): they never fsync, since checkpoints run apart (``Store.checkpoints``).
WAL mode keeps readers (``sqlite3`` in a shell, backups) from blocking the hall.
The schema carries its version in ``PRAGMA user_version`` and is migrated on open.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import trio

from qipai.platform.betting import BetsSettled
from qipai.platform.go_ranks import GoStanding
from qipai.platform.grants import NEW_ACCOUNT_COINS
from qipai.protocol.names import name_key

from .action_log import end_live
from .bets import last_bet_game_id, record_go_game_with_bets
from .economy import (
    HandCoins,
    check_ledger,
    check_points,
    open_account,
    record_mahjong_hand,
    transaction,
)

T = TypeVar("T")

#: Each entry upgrades the schema from version ``index`` to ``index + 1``.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE accounts (
        name TEXT PRIMARY KEY,
        salt BLOB NOT NULL,
        hash BLOB NOT NULL,
        created_at REAL NOT NULL
    );
    CREATE TABLE tokens (
        digest BLOB PRIMARY KEY,
        name TEXT NOT NULL REFERENCES accounts(name),
        expires_at REAL NOT NULL
    );
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        room TEXT NOT NULL,
        options TEXT NOT NULL,
        black TEXT,
        white TEXT,
        result TEXT NOT NULL,
        winner TEXT,
        reason TEXT NOT NULL,
        valid INTEGER NOT NULL,
        moves INTEGER NOT NULL,
        record TEXT NOT NULL,
        finished_at REAL NOT NULL
    );
    CREATE INDEX games_black ON games(black);
    CREATE INDEX games_white ON games(white);
    """,
    # 2: GO-12, untimed games adjourned while a player is away.
    """
    CREATE TABLE adjourned (
        id INTEGER PRIMARY KEY,
        room TEXT NOT NULL,
        options TEXT NOT NULL,
        black TEXT NOT NULL,
        white TEXT NOT NULL,
        record TEXT NOT NULL,
        left_by TEXT NOT NULL,
        adjourned_at REAL NOT NULL
    );
    """,
    # 3: mahjong hands, each stored whole when it ends: room rules, seed, actions, settlement.
    """
    CREATE TABLE mahjong_hands (
        id INTEGER PRIMARY KEY,
        room TEXT NOT NULL,
        table_id INTEGER NOT NULL,
        hand_number INTEGER NOT NULL,
        players TEXT NOT NULL,
        record TEXT NOT NULL,
        settlement TEXT NOT NULL,
        finished_at REAL NOT NULL
    );
    """,
    # 4: the economy (server/economy.py): an append-only coin ledger, balances cached from it,
    # Go standings and what each ranked game did to them. Accounts older than the ledger get
    # their new-account grant (PL-21) so that every balance is explained by an entry.
    f"""
    CREATE TABLE ledger (
        id INTEGER PRIMARY KEY,
        movement INTEGER NOT NULL,
        account TEXT NOT NULL,
        amount INTEGER NOT NULL CHECK (amount != 0),
        reason TEXT NOT NULL,
        ref TEXT NOT NULL,
        detail TEXT NOT NULL,
        at REAL NOT NULL
    );
    CREATE INDEX ledger_account ON ledger(account, reason, ref);
    CREATE INDEX ledger_movement ON ledger(movement);
    CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
        BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
    CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
        BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
    CREATE TABLE balances (account TEXT PRIMARY KEY, coins INTEGER NOT NULL);
    CREATE TABLE go_standings (name TEXT PRIMARY KEY, standing TEXT NOT NULL);
    CREATE TABLE ranked_go (
        game INTEGER NOT NULL,
        name TEXT NOT NULL,
        counted INTEGER NOT NULL,
        won INTEGER NOT NULL,
        collusion_flag INTEGER NOT NULL,
        steps INTEGER NOT NULL,
        rank_before INTEGER NOT NULL,
        rank_after INTEGER NOT NULL,
        PRIMARY KEY (game, name)
    );
    INSERT INTO ledger(movement, account, amount, reason, ref, detail, at)
        SELECT rowid, 'house', -{NEW_ACCOUNT_COINS}, 'new_account', 'account:' || name, '',
            created_at FROM accounts;
    INSERT INTO ledger(movement, account, amount, reason, ref, detail, at)
        SELECT rowid, name, {NEW_ACCOUNT_COINS}, 'new_account', 'account:' || name, '',
            created_at FROM accounts;
    INSERT INTO balances(account, coins)
        SELECT account, SUM(amount) FROM ledger GROUP BY account HAVING SUM(amount) != 0;
    """,
    # 5: mahjong 积分 per account and room (PL-19): an append-only log, one row per seat of a
    # ranked hand and per escape, and the totals cached from it (checked on open like coins).
    """
    CREATE TABLE points_log (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        room TEXT NOT NULL,
        amount INTEGER NOT NULL,
        reason TEXT NOT NULL,
        ref TEXT NOT NULL,
        at REAL NOT NULL
    );
    CREATE INDEX points_log_name ON points_log(name, room);
    CREATE TRIGGER points_log_no_update BEFORE UPDATE ON points_log
        BEGIN SELECT RAISE(ABORT, 'the points log is append-only'); END;
    CREATE TRIGGER points_log_no_delete BEFORE DELETE ON points_log
        BEGIN SELECT RAISE(ABORT, 'the points log is append-only'); END;
    CREATE TABLE points (
        name TEXT NOT NULL,
        room TEXT NOT NULL,
        points INTEGER NOT NULL,
        hands INTEGER NOT NULL,
        PRIMARY KEY (name, room)
    );
    CREATE INDEX points_board ON points(room, points DESC);
    """,
    # 6: table ids unique across server lives (ledger refs and Lengzi pots name tables): the
    # next id to hand out, kept here. An older file starts after every table id it mentions.
    """
    CREATE TABLE counters (name TEXT PRIMARY KEY, next INTEGER NOT NULL);
    INSERT INTO counters(name, next) SELECT 'table', 1 + MAX(
        COALESCE((SELECT MAX(table_id) FROM mahjong_hands), 0),
        COALESCE((SELECT MAX(CAST(substr(account, 11) AS INTEGER)) FROM ledger
            WHERE account LIKE 'pot:table:%'), 0),
        COALESCE((SELECT MAX(CAST(substr(ref, 7) AS INTEGER)) FROM ledger
            WHERE ref LIKE 'leave:%' OR ref LIKE 'table:%'), 0));
    """,
    # 7: one account per name skeleton (qipai/protocol/names.py ``name_key``), held by a UNIQUE
    # index so that two registrations racing for look-alike names cannot both win. Accounts
    # older than the rule keep their rows; where several share a key, the first registered
    # holds it and the later ones keep a NULL key: they log in as before, and the key stays
    # taken for new names.
    """
    ALTER TABLE accounts ADD COLUMN name_key TEXT;
    CREATE TEMP TABLE account_keys AS SELECT rowid AS account, name_key(name) AS key FROM accounts;
    UPDATE accounts SET name_key = (SELECT key FROM account_keys WHERE account = accounts.rowid)
        WHERE rowid IN (SELECT MIN(account) FROM account_keys GROUP BY key);
    DROP TABLE account_keys;
    CREATE UNIQUE INDEX accounts_name_key ON accounts(name_key);
    """,
    # 8: running tables (server/action_log.py): each started table's header and its
    # append-only log of accepted actions, so that a restart rebuilds it; and the notices a
    # player reads at the next login (a table that could not be rebuilt).
    """
    CREATE TABLE live_tables (
        id INTEGER PRIMARY KEY,
        room TEXT NOT NULL,
        header TEXT NOT NULL,
        opened_at REAL NOT NULL
    );
    CREATE TABLE live_actions (
        table_id INTEGER NOT NULL,
        n INTEGER NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (table_id, n)
    ) WITHOUT ROWID;
    CREATE TABLE notices (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        notice TEXT NOT NULL,
        at REAL NOT NULL
    );
    CREATE INDEX notices_name ON notices(name);
    """,
)

SCHEMA_VERSION = len(MIGRATIONS)


@dataclass(frozen=True)
class GameRecord:
    id: int
    room: str
    options: str
    black: str | None
    white: str | None
    result: str
    winner: str | None
    reason: str
    valid: bool
    moves: int
    record: str
    finished_at: float

    def summary(self) -> dict[str, Any]:
        return {
            "game": self.id,
            "room": self.room,
            "black": self.black,
            "white": self.white,
            "result": self.result,
            "valid": self.valid,
            "finished_at": self.finished_at,
            "moves": self.moves,
        }


@dataclass(frozen=True)
class AdjournedGame:
    id: int
    room: str
    options: str
    black: str
    white: str
    record: str
    left_by: str
    adjourned_at: float

    def summary(self) -> dict[str, Any]:
        return {
            "game": self.id,
            "room": self.room,
            "black": self.black,
            "white": self.white,
            "left_by": self.left_by,
            "adjourned_at": self.adjourned_at,
        }


@dataclass(frozen=True)
class MahjongHand:
    """One finished hand; ``record`` (JSON) replays it with ``qipai.mahjong.rulesets.replay_record``."""

    id: int
    room: str
    table_id: int
    hand_number: int
    players: str
    record: str
    settlement: str
    finished_at: float

    def to_wire(self) -> dict[str, Any]:
        return {
            "game": self.id,
            "room": self.room,
            "table": self.table_id,
            "hand_number": self.hand_number,
            "players": json.loads(self.players),
            "record": json.loads(self.record),
            "settlement": json.loads(self.settlement),
            "finished_at": self.finished_at,
        }

    def summary(self) -> dict[str, Any]:
        """A line of the ``games`` list: ruleset, players by seat, the hand's totals, when."""
        record = json.loads(self.record)
        summary = {
            "game": self.id,
            "room": self.room,
            "ruleset": record["ruleset"],
            "table": self.table_id,
            "hand_number": self.hand_number,
            "players": json.loads(self.players),
            "scores": json.loads(self.settlement)["totals"],
            "finished_at": self.finished_at,
        }
        if "escaped" in record:
            summary["escaped"] = record["escaped"]["seat"]
        return summary


class SchemaTooNew(RuntimeError):
    """The file was written by a newer qipai; refusing beats silently corrupting it."""


def open_database(path: str) -> sqlite3.Connection:
    db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA foreign_keys=ON")
    db.create_function("name_key", 1, name_key, deterministic=True)
    migrate(db)
    check_ledger(db)
    check_points(db)
    return db


def migrate(db: sqlite3.Connection) -> int:
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise SchemaTooNew(
            f"database schema {version} is newer than this server ({SCHEMA_VERSION})"
        )
    for step in range(version, SCHEMA_VERSION):
        db.executescript(f"BEGIN; {MIGRATIONS[step]} PRAGMA user_version={step + 1}; COMMIT;")
    return SCHEMA_VERSION


CACHE_KIB = 32 * 1024
"""The hall's connection's page cache (SQLite's default is 2 MiB): pages are kept only once
read or written, so a quiet hall does not grow by it."""

CHECKPOINT_EVERY = 1.0
"""Seconds between two looks at the WAL by ``Store.checkpoints``."""


class Store:
    """The synchronous queries, plus ``call`` to run any of them from trio."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.db = open_database(path)
        # A checkpoint fsyncs: it must never run inside a commit made on trio's thread
        # (``call_here``), so the hall's connection never starts one (``checkpoints`` does).
        self.db.execute("PRAGMA wal_autocheckpoint=0")
        # The running tables' log alone outgrows SQLite's default 2 MiB page cache at a couple
        # of hundred games (about one page read back from the file per move, 8 us each).
        self.db.execute(f"PRAGMA cache_size=-{CACHE_KIB}")
        self._limiter = trio.CapacityLimiter(1)

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        return await trio.to_thread.run_sync(fn, *args, limiter=self._limiter)

    async def call_here(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn`` in the writer's turn, like ``call``, but on trio's own thread: for writes
        smaller than a thread's round trip. Under WAL with ``synchronous=NORMAL`` a commit is
        a write into the OS's cache (no fsync: a killed process loses nothing, only a power
        cut can), tens of microseconds, while handing work to a thread and back costs up to
        two GIL switch intervals (5 ms each) whenever trio's thread is busy."""
        async with self._limiter:
            return fn(*args)

    async def checkpoints(self) -> None:
        """Copy the WAL back into the database, on a thread and a connection of their own:
        a PASSIVE checkpoint runs beside the writer without blocking it, so its fsyncs never
        stall the hall's loop (the hall's connection has automatic checkpoints off)."""
        if self.path in ("", ":memory:"):
            return
        checkpointer = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        seen = self.db.total_changes
        try:
            while True:
                await trio.sleep(CHECKPOINT_EVERY)
                if self.db.total_changes != seen:
                    seen = self.db.total_changes
                    await trio.to_thread.run_sync(
                        checkpointer.execute, "PRAGMA wal_checkpoint(PASSIVE)"
                    )
        finally:
            checkpointer.close()

    def close(self) -> None:
        self.db.close()

    # accounts

    def add_account(
        self, name: str, salt: bytes, digest: bytes, now: float, go_start: GoStanding | None = None
    ) -> bool:
        """A new account with its coin grant and Go standing, in one transaction."""
        return open_account(self.db, name, salt, digest, now, go_start or GoStanding.new())

    def account(self, name: str) -> tuple[bytes, bytes] | None:
        row = self.db.execute("SELECT salt, hash FROM accounts WHERE name = ?", (name,)).fetchone()
        return (row[0], row[1]) if row else None

    def name_key_taken(self, name: str) -> bool:
        """Whether an account holds the name's key: ``name`` itself or a look-alike of it."""
        row = self.db.execute(
            "SELECT 1 FROM accounts WHERE name_key = ?", (name_key(name),)
        ).fetchone()
        return row is not None

    # tokens

    def add_token(self, digest: bytes, name: str, expires_at: float) -> None:
        self.db.execute(
            "INSERT INTO tokens(digest, name, expires_at) VALUES (?, ?, ?)",
            (digest, name, expires_at),
        )

    def token_owner(self, digest: bytes, now: float) -> str | None:
        row = self.db.execute(
            "SELECT name FROM tokens WHERE digest = ? AND expires_at > ?", (digest, now)
        ).fetchone()
        return row[0] if row else None

    def drop_token(self, digest: bytes) -> None:
        self.db.execute("DELETE FROM tokens WHERE digest = ?", (digest,))

    # tables

    def allocate_table_id(self) -> int:
        """A table id never handed out before, in this life or an earlier one: it is written
        before the table exists, so a crash can only skip ids, never repeat one."""
        with transaction(self.db):
            (table_id,) = self.db.execute(
                "SELECT next FROM counters WHERE name = 'table'"
            ).fetchone()
            self.db.execute("UPDATE counters SET next = ? WHERE name = 'table'", (table_id + 1,))
        return table_id

    # games

    def next_game_id(self) -> int:
        """Finished and adjourned games, mahjong hands and golden games' bet pools share one
        id space."""
        stored = self.db.execute(
            "SELECT MAX(COALESCE((SELECT MAX(id) FROM games), 0),"
            " COALESCE((SELECT MAX(id) FROM adjourned), 0),"
            " COALESCE((SELECT MAX(id) FROM mahjong_hands), 0))"
        ).fetchone()[0]
        return max(stored, last_bet_game_id(self.db)) + 1

    def add_game(self, game: GameRecord) -> None:
        self.db.execute(
            "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game.id,
                game.room,
                game.options,
                game.black,
                game.white,
                game.result,
                game.winner,
                game.reason,
                int(game.valid),
                game.moves,
                game.record,
                game.finished_at,
            ),
        )

    def add_go_game(self, game: GameRecord, live: int | None = None) -> BetsSettled | None:
        """A finished Go game with its ranked standings and its bets' settlement (if ranked),
        and the end of table ``live``'s log, in one transaction; returns the settlement (None
        when nobody bet)."""

        def insert(row: GameRecord) -> None:
            self.add_game(row)
            if live is not None:
                end_live(self.db, live)

        return record_go_game_with_bets(self.db, insert, game)

    def games_of(self, name: str, limit: int = 100) -> list[GameRecord]:
        rows = self.db.execute(
            "SELECT * FROM games WHERE black = ? OR white = ? ORDER BY id DESC LIMIT ?",
            (name, name, limit),
        ).fetchall()
        return [_game(row) for row in rows]

    def game(self, game_id: int) -> GameRecord | None:
        row = self.db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        return _game(row) if row else None

    # mahjong hands

    def add_mahjong_hand(self, hand: MahjongHand, coins: HandCoins | None = None) -> None:
        """A finished hand with, in a coin room, its coins, in one transaction."""
        record_mahjong_hand(self.db, self._insert_mahjong_hand, hand, coins)

    def _insert_mahjong_hand(self, hand: MahjongHand) -> None:
        self.db.execute(
            "INSERT INTO mahjong_hands VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                hand.id,
                hand.room,
                hand.table_id,
                hand.hand_number,
                hand.players,
                hand.record,
                hand.settlement,
                hand.finished_at,
            ),
        )

    def mahjong_hands_of(self, name: str, limit: int = 100) -> list[MahjongHand]:
        rows = self.db.execute(
            "SELECT * FROM mahjong_hands WHERE EXISTS"
            " (SELECT 1 FROM json_each(mahjong_hands.players) WHERE value = ?)"
            " ORDER BY id DESC LIMIT ?",
            (name, limit),
        ).fetchall()
        return [MahjongHand(*row) for row in rows]

    def mahjong_hand(self, hand_id: int) -> MahjongHand | None:
        row = self.db.execute("SELECT * FROM mahjong_hands WHERE id = ?", (hand_id,)).fetchone()
        return MahjongHand(*row) if row else None

    def mahjong_match(self, hand_id: int) -> list[MahjongHand]:
        """Every stored hand of the match hand ``hand_id`` is one of, in playing order: a table
        holds one match, and table ids are not given again (``allocate_table_id``; a file older
        than migration 6 may repeat one, hence the room and players too)."""
        rows = self.db.execute(
            "SELECT m.* FROM mahjong_hands AS m JOIN mahjong_hands AS one ON one.id = ?"
            " WHERE m.table_id = one.table_id AND m.room = one.room AND m.players = one.players"
            " ORDER BY m.hand_number, m.id",
            (hand_id,),
        ).fetchall()
        return [MahjongHand(*row) for row in rows]

    # adjourned games

    def add_adjourned(self, game: AdjournedGame, live: int | None = None) -> None:
        """An adjourned game, ending table ``live``'s log in the same transaction."""
        with transaction(self.db):
            self._insert_adjourned(game)
            if live is not None:
                end_live(self.db, live)

    def _insert_adjourned(self, game: AdjournedGame) -> None:
        self.db.execute(
            "INSERT INTO adjourned VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game.id,
                game.room,
                game.options,
                game.black,
                game.white,
                game.record,
                game.left_by,
                game.adjourned_at,
            ),
        )

    def adjourned_of(self, name: str) -> list[AdjournedGame]:
        rows = self.db.execute(
            "SELECT * FROM adjourned WHERE black = ? OR white = ? ORDER BY id DESC", (name, name)
        ).fetchall()
        return [AdjournedGame(*row) for row in rows]

    def take_adjourned(self, game_id: int) -> AdjournedGame | None:
        """Remove an adjourned game to resume it; None if it is gone (resumed or expired)."""
        row = self.db.execute("SELECT * FROM adjourned WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return None
        self.db.execute("DELETE FROM adjourned WHERE id = ?", (game_id,))
        return AdjournedGame(*row)

    def expired_adjourned(self, before: float) -> list[AdjournedGame]:
        rows = self.db.execute(
            "SELECT * FROM adjourned WHERE adjourned_at < ? ORDER BY id", (before,)
        ).fetchall()
        return [AdjournedGame(*row) for row in rows]

    def settle_adjourned(self, game_id: int, record: GameRecord) -> None:
        """The adjourned game becomes a finished one, in one transaction."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("DELETE FROM adjourned WHERE id = ?", (game_id,))
            self.add_game(record)


def _game(row: tuple) -> GameRecord:
    values = list(row)
    values[8] = bool(values[8])
    return GameRecord(*values)
