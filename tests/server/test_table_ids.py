"""Table ids are unique across server lives: Lengzi pots (``pot:table:<id>``) and ledger refs
(``leave:<table>:<hand>``, ``table:<id>:closed``) name tables, so an id reused after a restart
would hand one match's coins to another.  For the same reason a restart closes every pot a
match cut short left holding coins (LZ-10) before the hall listens."""

from __future__ import annotations

import sqlite3

import pytest

from qipai.platform.grants import NEW_ACCOUNT_COINS
from qipai.platform.ledger import HOUSE, Reason, pot_account, transfer
from server import economy
from server.store import MIGRATIONS, Store

from .harness import Client, running_hall


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


async def tables_opened(server, name: str, login: bool) -> list[int]:
    """A friendly Go table created, and a Lengzi 防作弊 seat (a table the hall opens itself)."""
    client = await Client.connect(server)
    if login:
        await client.ok("login", name=name, password="password-1")
    else:
        await client.ok("register", name=name, password="password-1")
    created = await client.ok("create_table", room="go", options={})
    placed = await client.ok("create_table", room="lengzi", options={"tier": "anti_cheat"})
    await client.aclose()
    return [created["table"], placed["table"]]


@pytest.mark.trio
async def test_a_hall_restarted_on_the_same_file_never_reuses_a_table_id(tmp_path):
    seen: list[int] = []
    for life in range(3):
        async with running_hall(tmp_path) as server:
            opened = await tables_opened(server, "ann", login=life > 0)
        assert not set(opened) & set(seen), (life, opened, seen)
        seen.extend(opened)
    assert seen == sorted(seen)


def stranded_pot(path, table: str, coins: int) -> None:
    """What a kill mid-match leaves: a player's 点炮 paid into the table's pot."""
    store = Store(str(path))
    try:
        store.add_account("ann", b"s", b"h", 0.0)
        pot = pot_account(table)
        with economy.transaction(store.db):
            paid = transfer("ann", pot, coins, Reason.POT, "hand:1")
            economy.post(store.db, paid, 1.0)
    finally:
        store.close()


@pytest.mark.trio
async def test_a_restart_closes_a_pot_left_holding_coins_to_the_house(tmp_path):
    path = tmp_path / "hall.db"
    pot = pot_account("table:4")
    stranded_pot(path, "table:4", 100)
    opened = Store(str(path))  # a tool opening the file beside a hall closes nothing
    try:
        assert economy.balance(opened.db, pot) == 100
    finally:
        opened.close()
    async with running_hall(tmp_path) as server:
        db = server.store.db
        assert economy.balance(db, pot) == 0
        assert economy.balance(db, HOUSE) == 100 - NEW_ACCOUNT_COINS
        rows = db.execute(
            "SELECT movement, account, amount, reason, ref FROM ledger WHERE reason = 'pot_closed'"
        ).fetchall()
        number = rows[0][0]
        ref = f"table:4:closed_on_start:{number}"
        assert sorted(rows) == [
            (number, HOUSE, 100, "pot_closed", ref),
            (number, pot, -100, "pot_closed", ref),
        ]
        economy.check_ledger(db)
    async with running_hall(tmp_path) as server:  # nothing left to close: nothing moves
        closed = server.store.db.execute("SELECT COUNT(*) FROM ledger WHERE reason = 'pot_closed'")
        assert closed.fetchone()[0] == 2
