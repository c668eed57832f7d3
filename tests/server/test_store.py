"""The SQLite store: migrations keep old data; the login limiter forgets after its window."""

import sqlite3

from server.accounts import hash_password, password_matches
from server.store import MIGRATIONS, SCHEMA_VERSION, Store


def test_a_version_1_file_is_migrated_keeping_its_accounts(tmp_path):
    path = tmp_path / "old.db"
    old = sqlite3.connect(path, isolation_level=None)
    old.executescript(f"BEGIN; {MIGRATIONS[0]} PRAGMA user_version=1; COMMIT;")
    salt, digest = hash_password("password-1")
    old.execute("INSERT INTO accounts VALUES ('ann', ?, ?, 0)", (salt, digest))
    old.close()
    store = Store(str(path))
    try:
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 8
        assert password_matches("password-1", *store.account("ann"))
        assert not password_matches("password-2", *store.account("ann"))
        assert store.adjourned_of("ann") == [] and store.next_game_id() == 1
    finally:
        store.close()
