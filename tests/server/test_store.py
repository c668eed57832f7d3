"""The SQLite store: migrations keep old data; the login limiter forgets after its window."""

import sqlite3

from server.accounts import LoginLimiter, hash_password, password_matches
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


def test_login_limiter_window():
    limiter = LoginLimiter(max_failures=2, window=60)
    limiter.failed("ann", 0)
    assert not limiter.blocked("ann", 1)
    limiter.failed("ann", 10)
    assert limiter.blocked("ann", 11) and not limiter.blocked("bob", 11)
    assert limiter.blocked("ann", 59)
    assert not limiter.blocked("ann", 70.5)  # the first failure left the window
    limiter.failed("ann", 71)
    limiter.succeeded("ann")
    assert not limiter.blocked("ann", 72)
