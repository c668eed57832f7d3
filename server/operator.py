"""``qipai-server grant NAME AMOUNT --why TEXT``: the operator's coins (PL-21).

The hall's operator may give coins to a player, or take them back (a negative amount), from the
command line, never without a reason: the grant is one ledger movement from (or to) the house
with the reason in its detail, so the ledger alone still explains every coin.

It may run while the server is up: SQLite serialises the two writers, and the server reads
balances from the database whenever it needs them. So it opens the file without the server's
start-up work (no migration, no refund of bet pools, which belong to the running server's live
tables), but with its checks: a file of another schema version or whose balances disagree with
the ledger is refused untouched.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import time
from pathlib import Path

from qipai.platform.errors import PlatformError
from qipai.platform.grants import operator_grant
from qipai.platform.ledger import HOUSE

from . import economy
from .store import SCHEMA_VERSION


class GrantRefused(Exception):
    """Why the operator's grant was not written; nothing moved."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="qipai-server grant",
        description="Give coins to a player (or take them back with a negative AMOUNT); "
        "written to the ledger from the house with the reason.",
    )
    parser.add_argument("name", metavar="NAME", help="the player's account name")
    parser.add_argument("amount", metavar="AMOUNT", type=int, help="coins, negative to remove")
    parser.add_argument("--why", required=True, metavar="TEXT", help="the reason (required)")
    parser.add_argument(
        "--db", default=None, help="SQLite database file (default: the server's default)"
    )
    return parser


def open_live(path: Path) -> sqlite3.Connection:
    """The server's database, checked but not changed; ``GrantRefused`` if it will not do."""
    if not path.exists():
        raise GrantRefused(f"no database at {path}")
    db = sqlite3.connect(str(path), isolation_level=None, timeout=30)
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version != SCHEMA_VERSION:
            raise GrantRefused(
                f"{path} is at schema {version}, this qipai at {SCHEMA_VERSION}: "
                "start this version's qipai-server on it once first"
            )
        db.execute("PRAGMA journal_mode=WAL")
        economy.check_ledger(db)
        economy.check_points(db)
    except economy.LedgerMismatch as error:
        db.close()
        raise GrantRefused(f"refusing to touch {path}: {error}") from None
    except GrantRefused:
        db.close()
        raise
    return db


def grant(db: sqlite3.Connection, name: str, amount: int, why: str, now: float) -> int:
    """Write the grant in one transaction and return the player's new balance."""
    ref = f"operator:{time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(now))}"
    if name == HOUSE:  # an older hall let a player register the name; the coins are the hall's
        raise GrantRefused(f"{name} is the hall's own account; nothing was granted")
    try:
        movement = operator_grant(name, amount, why.strip(), ref)
        with economy.transaction(db):
            known = db.execute("SELECT 1 FROM accounts WHERE name = ?", (name,)).fetchone()
            if known is None:
                raise GrantRefused(f"there is no account {name!r}; nothing was granted")
            economy.post(db, movement, now)
            return economy.balance(db, name)
    except PlatformError as error:
        raise GrantRefused(f"{error.message}; nothing was granted") from None


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    if args.db:
        path = Path(args.db)
    else:
        from .cli import default_db_path  # the server's command line imports this module

        path = default_db_path()
    try:
        db = open_live(path)
        try:
            balance = grant(db, args.name, args.amount, args.why, time.time())
        finally:
            db.close()
    except GrantRefused as error:
        print(f"qipai-server grant: {error}", file=sys.stderr)
        return 2
    verb = "granted" if args.amount > 0 else "took back"
    print(f"{verb} {abs(args.amount):,} coins: {args.name} now holds {balance:,} ({args.why})")
    return 0
