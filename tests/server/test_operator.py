"""`qipai-server grant NAME AMOUNT --why TEXT --db PATH` as a real process on a temporary
database: a ledger movement from (or back to) the house with its reason; unknown accounts, bad
amounts, a missing reason and a damaged file are refused and nothing moves."""

import sqlite3
import subprocess
import sys

import pytest

from server import economy
from server.cli import main as cli_main
from server.store import Store


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "server.cli", "grant", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture
def hall_db(tmp_path):
    path = tmp_path / "hall.db"
    store = Store(str(path))
    store.add_account("ann", b"s", b"h", 0.0)
    store.close()
    return path


def ledger(path) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return db.execute(
            "SELECT movement, account, amount, reason, ref, detail FROM ledger ORDER BY id"
        ).fetchall()
    finally:
        db.close()


def balances(path) -> dict[str, int]:
    store = Store(str(path))
    try:
        economy.check_ledger(store.db)
        return dict(store.db.execute("SELECT account, coins FROM balances").fetchall())
    finally:
        store.close()


def test_a_grant_and_a_removal_are_ledger_movements_with_their_reason(hall_db):
    done = run("ann", "2500", "--why", "tournament prize", "--db", str(hall_db))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "granted 2,500 coins: ann now holds 7,500 (tournament prize)"
    done = run("ann", "-500", "--why", "refund of a mistaken prize", "--db", str(hall_db))
    assert done.returncode == 0, done.stderr
    assert "took back 500 coins: ann now holds 7,000" in done.stdout
    rows = ledger(hall_db)[2:]  # after the new-account grant
    assert [row[1:4] + row[5:] for row in rows] == [
        ("house", -2500, "operator", "tournament prize"),
        ("ann", 2500, "operator", "tournament prize"),
        ("ann", -500, "operator", "refund of a mistaken prize"),
        ("house", 500, "operator", "refund of a mistaken prize"),
    ]
    assert rows[0][0] == rows[1][0] != rows[2][0] == rows[3][0]  # one movement each
    assert all(row[4].startswith("operator:20") for row in rows)
    assert balances(hall_db) == {"ann": 7000, "house": -7000}


@pytest.mark.parametrize(
    "args, says",
    [
        (("bob", "100", "--why", "x"), "there is no account 'bob'"),
        (("house", "100", "--why", "x"), "house is the hall's own account"),
        (("ann", "0", "--why", "x"), "non-zero integer"),
        (("ann", "-5001", "--why", "x"), "cannot pay 5001"),
        (("ann", "100", "--why", "  "), "reason must be a non-empty string"),
        (("ann", "ten", "--why", "x"), "invalid int value: 'ten'"),
        (("ann", "100"), "the following arguments are required: --why"),
    ],
)
def test_refused_grants_move_nothing(hall_db, args, says, capsys):
    """In-process, through the same ``main`` (a real process for each case costs seconds)."""
    before = ledger(hall_db)
    try:
        code = cli_main(["grant", *args, "--db", str(hall_db)])
    except SystemExit as stop:  # argparse's own refusals
        code = stop.code
    out, err = capsys.readouterr()
    assert code == 2
    assert says in err and out == ""
    assert ledger(hall_db) == before


def test_a_refusal_as_a_real_process(hall_db):
    before = ledger(hall_db)
    done = run("bob", "100", "--why", "x", "--db", str(hall_db))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == (
        "qipai-server grant: there is no account 'bob'; nothing was granted"
    )
    assert ledger(hall_db) == before


def test_a_damaged_or_missing_database_is_refused_untouched(tmp_path, hall_db):
    db = sqlite3.connect(hall_db)
    db.execute("UPDATE balances SET coins = 1 WHERE account = 'ann'")
    db.commit()
    db.close()
    before = ledger(hall_db)
    done = run("ann", "100", "--why", "x", "--db", str(hall_db))
    assert done.returncode == 2 and "stored balances disagree with the ledger" in done.stderr
    assert ledger(hall_db) == before
    missing = tmp_path / "none.db"
    done = run("ann", "100", "--why", "x", "--db", str(missing))
    assert done.returncode == 2 and "no database at" in done.stderr
    assert not missing.exists()


def test_a_grant_while_the_server_runs_shows_in_the_players_profile(tmp_path):
    from .test_server_cli import Line, start

    path = tmp_path / "live.db"
    process, port = start(path)
    try:
        client = Line(port)
        client.request("hello", version=1)
        assert client.request("register", name="ann", password="password-1")["type"] == "ok"
        done = run("ann", "1234", "--why", "welcome back", "--db", str(path))
        assert done.returncode == 0, done.stderr
        profile = client.request("profile")
        assert profile["balance"] == 6234
        assert profile["entries"][0]["detail"] == "welcome back"
    finally:
        process.kill()
        process.wait()
    assert balances(path)["ann"] == 6234
