"""Table ids are unique across server lives: Lengzi pots (``pot:table:<id>``) and ledger refs
(``leave:<table>:<hand>``, ``table:<id>:closed``) name tables, so an id reused after a restart
would hand one match's coins to another."""

from __future__ import annotations

import sqlite3

import pytest

from qipai.platform.ledger import HOUSE, pot_account
from server.store import MIGRATIONS, Store


def test_ids_continue_after_every_id_handed_out_in_earlier_lives(tmp_path):
    path = str(tmp_path / "hall.db")
    first = Store(path)
    try:
        assert [first.allocate_table_id() for _ in range(3)] == [1, 2, 3]
    finally:
        first.close()
    second = Store(path)
    try:
        assert second.allocate_table_id() == 4
    finally:
        second.close()


@pytest.mark.parametrize("highest", ["hand", "pot", "leave", "closed"])
def test_a_file_from_before_the_counter_starts_after_every_table_it_mentions(tmp_path, highest):
    """Hands name tables, and so do the Lengzi pots and the refs of leavers and closed tables;
    the highest of them bounds the ids the old server used, whichever it is."""
    ids = dict.fromkeys(["hand", "pot", "leave", "closed"], 3) | {highest: 20}
    path = tmp_path / "old.db"
    old = sqlite3.connect(path, isolation_level=None)
    for version, migration in enumerate(MIGRATIONS[:5], start=1):
        old.executescript(f"BEGIN; {migration} PRAGMA user_version={version}; COMMIT;")
    old.execute(
        "INSERT INTO mahjong_hands VALUES (1, 'lengzi', ?, 1, '[]', '{}', '{}', 0)", (ids["hand"],)
    )
    pot = pot_account(f"table:{ids['pot']}")
    rows = [
        (1, pot, 100, "pot", "hand:1"),
        (1, HOUSE, -100, "pot", "hand:1"),
        (2, HOUSE, 5, "table_fee", f"leave:{ids['leave']}:2"),
        (2, HOUSE, -5, "table_fee", f"leave:{ids['leave']}:2"),
        (3, HOUSE, 1, "pot_closed", f"table:{ids['closed']}:closed"),
        (3, HOUSE, -1, "pot_closed", f"table:{ids['closed']}:closed"),
    ]
    old.executemany(
        "INSERT INTO ledger(movement, account, amount, reason, ref, detail, at)"
        " VALUES (?, ?, ?, ?, ?, '', 0)",
        rows,
    )
    old.execute("INSERT INTO balances VALUES (?, 100), (?, -100)", (pot, HOUSE))
    old.close()
    store = Store(str(path))
    try:
        assert store.allocate_table_id() == 21
    finally:
        store.close()
