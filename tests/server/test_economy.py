"""Coins in the hall: the new-account grant, relief, the profile, and the start-up check that
refuses a database whose stored balances disagree with its ledger."""

import sqlite3

import pytest

from qipai.platform.errors import InsufficientCoins, ReliefUnavailable
from qipai.platform.go_ranks import GoStanding
from qipai.platform.grants import operator_grant
from server import economy
from server.economy import LedgerMismatch
from server.store import MIGRATIONS, SCHEMA_VERSION, Store

from .harness import Client, running_hall, user


def take_coins(store: Store, name: str, amount: int) -> None:
    with economy.transaction(store.db):
        economy.post(store.db, operator_grant(name, -amount, "test", "op:1"), 0.0)


@pytest.mark.trio
async def test_a_new_account_gets_5000_coins_18k_and_shows_them_in_its_profile(tmp_path):
    async with running_hall(tmp_path) as server:
        ann = await user(server, "ann")
        profile = await ann.ok("profile")
        assert profile["name"] == "ann" and profile["balance"] == 5000
        assert profile["go"] == {"rank": "18k", "window": []}
        assert [(e["amount"], e["reason"], e["ref"]) for e in profile["entries"]] == [
            (5000, "new_account", "account:ann")
        ]
        assert profile["record"] == {"wins": 0, "losses": 0, "draws": 0, "opponents": []}
        bob = await Client.connect(server)
        await bob.ok("register", name="bob", password="password-1", go_rank="3k")
        assert (await ann.ok("profile", name="bob"))["go"]["rank"] == "3k"
        assert await ann.error("profile", name="nobody") == "bad_name"
        assert await ann.error("profile", name=7) == "bad_field"
        economy.check_ledger(server.store.db)
        assert economy.balance(server.store.db, "house") == -10000


@pytest.mark.trio
async def test_only_the_owner_sees_the_ledger_entries_in_a_profile(tmp_path):
    """The entries name the games, tables and days one played: another player's profile shows
    the coins, ranks and record, never them (issue 14)."""
    async with running_hall(tmp_path) as server:
        ann = await user(server, "ann")
        bob = await user(server, "bob")
        seen = await ann.ok("profile", name="bob")
        assert "entries" not in seen and seen["balance"] == 5000 and seen["name"] == "bob"
        assert [e["ref"] for e in (await bob.ok("profile"))["entries"]] == ["account:bob"]
        assert [e["ref"] for e in (await bob.ok("profile", name="bob"))["entries"]] == [
            "account:bob"
        ]


@pytest.mark.trio
@pytest.mark.parametrize("rank", ["1d", "9d", "19k", "0k", "kyu", ""])
async def test_a_starting_rank_outside_18k_to_1k_is_refused_and_no_account_is_made(tmp_path, rank):
    async with running_hall(tmp_path) as server:
        cai = await Client.connect(server)
        code = await cai.error("register", name="cai", password="password-1", go_rank=rank)
        assert code == "bad_rank"
        assert server.store.account("cai") is None
        assert economy.balance(server.store.db, "house") == 0
        await cai.ok("register", name="cai", password="password-1", go_rank="1k")


@pytest.mark.trio
async def test_relief_only_below_320_coins_and_once_a_day(tmp_path):
    async with running_hall(tmp_path) as server:
        ann = await user(server, "ann")
        assert await ann.error("relief") == "relief_unavailable"
        assert (await ann.ok("profile"))["balance"] == 5000
        take_coins(server.store, "ann", 4681)  # 319 left: one coin short of the free room
        reply = await ann.ok("relief")
        assert reply["coins"] == 1000 and reply["balance"] == 1319
        take_coins(server.store, "ann", 1319)
        assert await ann.error("relief") == "relief_unavailable"  # the same day
        assert (await ann.ok("profile"))["balance"] == 0
        entries = (await ann.ok("profile"))["entries"]
        assert [(e["amount"], e["reason"]) for e in entries] == [
            (-1319, "operator"),
            (1000, "relief"),
            (-4681, "operator"),
            (5000, "new_account"),
        ]
        assert entries[1]["ref"].startswith("relief:20")
        economy.check_ledger(server.store.db)


def test_exactly_320_coins_gets_no_relief(tmp_path):
    store = Store(str(tmp_path / "hall.db"))
    try:
        store.add_account("ann", b"s", b"h", 0.0)
        take_coins(store, "ann", 4680)
        with pytest.raises(ReliefUnavailable):
            economy.claim_relief(store.db, "ann", "2026-11-29", 0.0)
        assert economy.balance(store.db, "ann") == 320
    finally:
        store.close()


def test_a_payment_beyond_the_balance_is_refused_whole(tmp_path):
    store = Store(str(tmp_path / "hall.db"))
    try:
        store.add_account("ann", b"s", b"h", 0.0)
        before = store.db.execute("SELECT COUNT(*) FROM ledger").fetchone()[0]
        with pytest.raises(InsufficientCoins):
            take_coins(store, "ann", 5001)
        assert economy.balance(store.db, "ann") == 5000
        assert store.db.execute("SELECT COUNT(*) FROM ledger").fetchone()[0] == before
    finally:
        store.close()


def test_a_taken_name_leaves_no_second_grant(tmp_path):
    store = Store(str(tmp_path / "hall.db"))
    try:
        assert store.add_account("ann", b"s", b"h", 0.0, GoStanding.new("9k"))
        assert not store.add_account("ann", b"s", b"h", 0.0)
        assert economy.balance(store.db, "ann") == 5000
        assert economy.standing(store.db, "ann").rank == GoStanding.new("9k").rank
    finally:
        store.close()


def test_the_ledger_is_append_only(tmp_path):
    store = Store(str(tmp_path / "hall.db"))
    try:
        store.add_account("ann", b"s", b"h", 0.0)
        for sql in ("UPDATE ledger SET amount = 9000", "DELETE FROM ledger"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                store.db.execute(sql)
        assert economy.balance(store.db, "ann") == 5000
    finally:
        store.close()


@pytest.mark.parametrize(
    "tamper, says",
    [
        ("UPDATE balances SET coins = 6000 WHERE account = 'ann'", "ann: stored 6000, ledger 5000"),
        ("DELETE FROM balances WHERE account = 'ann'", "ann: stored 0, ledger 5000"),
        (
            "INSERT INTO ledger(movement, account, amount, reason, ref, detail, at)"
            " VALUES (99, 'ann', 7, 'hand', 'x', '', 0)",
            "sums to 7",
        ),
        (  # two movements wrong by opposite amounts: the total is right, each movement is not
            "INSERT INTO ledger(movement, account, amount, reason, ref, detail, at)"
            " VALUES (98, 'ann', 7, 'hand', 'x', '', 0), (99, 'ann', -7, 'hand', 'y', '', 0)",
            "sums to 7 coins, not 0, in movement 98",
        ),
        (
            "INSERT INTO ledger(movement, account, amount, reason, ref, detail, at)"
            " VALUES (99, 'ann', 7, 'gift', 'x', '', 0), (99, 'house', -7, 'gift', 'x', '', 0)",
            "unknown reasons \\['gift'\\]",
        ),
    ],
)
def test_the_hall_refuses_to_open_a_database_whose_balances_disagree(tmp_path, tamper, says):
    path = str(tmp_path / "hall.db")
    store = Store(path)
    store.add_account("ann", b"s", b"h", 0.0)
    store.db.execute(tamper)
    store.close()
    with pytest.raises(LedgerMismatch, match=says):
        Store(path)


def test_the_server_command_refuses_to_start_with_a_clear_message(tmp_path, caplog):
    from server.cli import main

    path = str(tmp_path / "hall.db")
    store = Store(path)
    store.add_account("ann", b"s", b"h", 0.0)
    store.db.execute("UPDATE balances SET coins = 1 WHERE account = 'ann'")
    store.close()
    assert main(["--db", path, "--port", "0"]) == 2
    assert "stored balances disagree with the ledger" in caplog.text


def test_accounts_older_than_the_ledger_get_their_grant_on_migration(tmp_path):
    path = tmp_path / "old.db"
    old = sqlite3.connect(path, isolation_level=None)
    old.executescript(f"BEGIN; {MIGRATIONS[0]} PRAGMA user_version=1; COMMIT;")
    old.execute("INSERT INTO accounts VALUES ('ann', x'00', x'00', 0)")
    old.execute("INSERT INTO accounts VALUES ('bob', x'00', x'00', 0)")
    old.close()
    store = Store(str(path))
    try:
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert economy.balance(store.db, "ann") == economy.balance(store.db, "bob") == 5000
        assert economy.balance(store.db, "house") == -10000
        assert economy.standing(store.db, "ann") == GoStanding.new()
    finally:
        store.close()
