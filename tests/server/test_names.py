"""Names that cannot be faked, over real sockets: look-alikes of a registered name and the
hall's own names are refused, two racing look-alikes cannot both win, and an older database
keeps every account when it learns the rule."""

import sqlite3

import pytest
import trio

from server.accounts import hash_password
from server.cli import main as cli_main
from server.hall import HallConfig
from server.store import MIGRATIONS

from .harness import Client, running_hall, user

SECRET = "door-secret-for-tests"
LOOK_ALIKES_OF_ANN = [
    "Ann",
    "ANN",
    "\u0430nn",  # Cyrillic а
    "\uff41\uff4e\uff4e",  # fullwidth ａｎｎ
    "a_nn",
    "ann.",
]
RESERVED = [
    "house",
    "\uff28\uff4f\uff55\uff53\uff45",  # fullwidth Ｈｏｕｓｅ
    "H0use",
    "pot",
    "bets",
    "operator",
    "bot-0",
    "BOT-1",
    "qipai-bot",
    "gnugo-bot",
    "GUEST",
    "guest-abc",
]


def accounts(server) -> list[str]:
    return [row[0] for row in server.store.db.execute("SELECT name FROM accounts ORDER BY name")]


@pytest.mark.trio
async def test_look_alikes_of_a_registered_name_are_taken(tmp_path):
    async with running_hall(tmp_path) as server:
        await user(server, "ann")
        client = await Client.connect(server)
        for name in LOOK_ALIKES_OF_ANN:
            assert await client.error("register", name=name, password="password-2") == (
                "name_taken"
            ), name
        assert accounts(server) == ["ann"]
        bob = await client.ok("register", name="\uff42\uff4f\uff42", password="password-2")
        assert bob["name"] == "\uff42\uff4f\uff42"  # shown as registered: ｂｏｂ
        other = await Client.connect(server)
        assert await other.error("register", name="bob", password="password-2") == "name_taken"
        assert (await other.ok("register", name="棋手_1", password="password-2"))["name"] == (
            "棋手_1"
        )


@pytest.mark.trio
async def test_the_halls_own_names_are_reserved_and_nothing_is_written(tmp_path):
    async with running_hall(tmp_path) as server:
        client = await Client.connect(server)
        for name in RESERVED:
            reply = await client.request("register", name=name, password="password-1")
            assert reply["type"] == "error" and reply["code"] == "name_reserved", name
            assert reply["message"]
        assert accounts(server) == []
        assert server.store.db.execute("SELECT COUNT(*) FROM ledger").fetchone()[0] == 0


@pytest.mark.trio
async def test_a_login_names_the_account_exactly(tmp_path):
    """The name is the identity shown everywhere; a look-alike is refused like a wrong
    password and cannot reach (or lock) the account it resembles."""
    async with running_hall(tmp_path) as server:
        await user(server, "ann")
        client = await Client.connect(server)
        assert await client.error("login", name="ANN", password="password-1") == (
            "bad_credentials"
        )
        assert (await client.ok("login", name="ann", password="password-1"))["name"] == "ann"


@pytest.mark.trio
async def test_two_look_alikes_registering_at_once_cannot_both_win(tmp_path):
    async with running_hall(tmp_path) as server:
        replies = {}
        clients = [await Client.connect(server) for _ in range(2)]

        async def register(client, name):
            replies[name] = await client.request("register", name=name, password="password-1")

        async with trio.open_nursery() as nursery:
            for client, name in zip(clients, ["carol", "CAROL"], strict=True):
                nursery.start_soon(register, client, name)
        outcomes = sorted(reply.get("code", "ok") for reply in replies.values())
        assert outcomes == ["name_taken", "ok"]
        assert len(accounts(server)) == 1


@pytest.mark.trio
async def test_the_door_cannot_register_a_look_alike_or_a_reserved_name(tmp_path):
    async with running_hall(tmp_path, config=HallConfig(door_secret=SECRET)) as server:
        await user(server, "ann")
        door = await Client.connect(server)
        assert (await door.ok("door_lookup", secret=SECRET, name="ann"))["exists"] is True
        assert await door.error("door_lookup", secret=SECRET, name="ANN") == "name_taken"
        assert (await door.ok("door_lookup", secret=SECRET, name="dee"))["exists"] is False
        for name in ["ANN", "a_nn"]:
            assert await door.error("door_ticket", secret=SECRET, name=name, register=True) == (
                "name_taken"
            )
        for name in ["house", "BOT-1", "GUEST"]:
            assert await door.error("door_ticket", secret=SECRET, name=name, register=True) == (
                "name_reserved"
            )
        assert accounts(server) == ["ann"]


def version_6_file(path, names: list[str]) -> None:
    """A database as the hall wrote it before names had keys, holding these accounts (each
    with the password ``password-1``) in this order of registration."""
    old = sqlite3.connect(path, isolation_level=None)
    for step, migration in enumerate(MIGRATIONS[:6]):
        old.executescript(f"BEGIN; {migration} PRAGMA user_version={step + 1}; COMMIT;")
    salt, digest = hash_password("password-1")
    for at, name in enumerate(names):
        old.execute("INSERT INTO accounts VALUES (?, ?, ?, ?)", (name, salt, digest, at))
    old.close()


@pytest.mark.trio
async def test_an_older_database_keeps_every_account_and_the_first_holds_the_key(tmp_path):
    path = tmp_path / "hall.db"
    version_6_file(path, ["ann", "Ann", "\u0430nn", "house", "bot-1", "dee"])
    async with running_hall(tmp_path) as server:
        keys = dict(server.store.db.execute("SELECT name, name_key FROM accounts").fetchall())
        assert keys == {
            "ann": "ann",
            "Ann": None,
            "\u0430nn": None,
            "house": "house",
            "bot-1": "botl",
            "dee": "dee",
        }
        for name in ["ann", "Ann", "\u0430nn", "bot-1", "dee"]:  # nobody is locked out ...
            client = await Client.connect(server)
            assert (await client.ok("login", name=name, password="password-1"))["name"] == name
        client = await Client.connect(server)
        # ... but the key stays taken, and the ledger's own account is nobody's.
        assert await client.error("register", name="ANN", password="password-1") == "name_taken"
        assert await client.error("login", name="house", password="password-1") == (
            "name_reserved"
        )
        assert server.store.db.execute(
            "SELECT COUNT(*) FROM tokens WHERE name = 'house'"
        ).fetchone() == (0,)
    assert cli_main(["grant", "house", "100", "--why", "x", "--db", str(path)]) == 2
