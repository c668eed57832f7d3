"""The hall's one-time tickets for the SSH door: the book itself, then over real sockets."""

import pytest

from server.door_tickets import TicketBook, door_secret_matches
from server.hall import HallConfig
from tests.server.harness import Client, running_hall, user

SECRET = "door-secret-for-tests"


def test_a_ticket_opens_its_account_once():
    book = TicketBook(lifetime=60)
    ticket = book.issue("ann", now=100.0)
    assert book.redeem(ticket, now=110.0) == "ann"
    assert book.redeem(ticket, now=111.0) is None
    assert len(book) == 0


def test_a_ticket_expires_and_unknown_tickets_open_nothing():
    book = TicketBook(lifetime=60)
    ticket = book.issue("ann", now=100.0)
    assert book.redeem("made-up", now=101.0) is None
    assert book.redeem(ticket, now=160.0) is None
    book.issue("bob", now=200.0)
    book.issue("cid", now=300.0)
    assert len(book) == 1  # bob's expired ticket was dropped when cid's was issued


def test_no_configured_door_means_no_secret_matches():
    assert not door_secret_matches(None, "")
    assert not door_secret_matches("", "")
    assert not door_secret_matches(SECRET, SECRET + "x")
    assert door_secret_matches(SECRET, SECRET)


def door_config() -> HallConfig:
    return HallConfig(door_secret=SECRET)


@pytest.mark.trio
async def test_door_requests_need_the_secret(tmp_path):
    async with running_hall(tmp_path, config=door_config()) as server:
        stranger = await Client.connect(server)
        assert await stranger.error("door_ticket", secret="guess", guest=True) == "not_the_door"
        assert await stranger.error("door_lookup", secret="guess", name="ann") == "not_the_door"
    async with running_hall(tmp_path) as server:  # no door configured: nothing opens it
        stranger = await Client.connect(server)
        assert await stranger.error("door_ticket", secret="", guest=True) == "not_the_door"


@pytest.mark.trio
async def test_a_key_registration_ticket_logs_the_client_in_once(tmp_path):
    async with running_hall(tmp_path, config=door_config()) as server:
        door = await Client.connect(server)
        assert (await door.ok("door_lookup", secret=SECRET, name="ann"))["exists"] is False
        issued = await door.ok("door_ticket", secret=SECRET, name="ann", register=True)
        assert issued["name"] == "ann"
        assert (await door.ok("door_lookup", secret=SECRET, name="ann"))["exists"] is True
        assert (
            await door.error("door_ticket", secret=SECRET, name="ann", register=True)
            == "name_taken"
        )
        client = await Client.connect(server)
        reply = await client.ok("ticket_login", ticket=issued["ticket"])
        assert reply["name"] == "ann" and reply["token"]
        assert (await client.ok("lobby"))["players"] == ["ann"]
        again = await Client.connect(server)
        assert await again.error("ticket_login", ticket=issued["ticket"]) == "bad_ticket"
        # The account has no password anyone knows: only the door (its key) lets ann in.
        assert await again.error("login", name="ann", password="") == "bad_credentials"


@pytest.mark.trio
async def test_password_tickets_are_checked_by_the_hall(tmp_path):
    async with running_hall(tmp_path, config=door_config()) as server:
        await user(server, "bob", "password-1")
        door = await Client.connect(server)
        wrong = dict(secret=SECRET, name="bob", password="nope-nope", address="10.0.0.9")
        assert await door.error("door_ticket", **wrong) == "bad_credentials"
        issued = await door.ok("door_ticket", secret=SECRET, name="bob", password="password-1")
        assert issued["name"] == "bob"
        assert await door.error("door_ticket", secret=SECRET, name="nobody") == "bad_credentials"
        assert await door.error("door_ticket", secret=SECRET) == "missing_field"
        assert await door.error("door_ticket", secret=SECRET, name="a b", register=True) == (
            "bad_name"
        )


@pytest.mark.trio
async def test_guests_get_a_fresh_name_each(tmp_path):
    async with running_hall(tmp_path, config=door_config()) as server:
        door = await Client.connect(server)
        first = await door.ok("door_ticket", secret=SECRET, guest=True)
        second = await door.ok("door_ticket", secret=SECRET, guest=True)
        assert first["name"].startswith("guest-") and second["name"].startswith("guest-")
        assert first["name"] != second["name"]
        client = await Client.connect(server)
        assert (await client.ok("ticket_login", ticket=second["ticket"]))["name"] == second["name"]


@pytest.mark.trio
async def test_guest_names_are_the_doors_and_guests_play_friendly_tables_only(tmp_path):
    async with running_hall(tmp_path, config=door_config()) as server:
        anyone = await Client.connect(server)
        for name in ("guest", "guest-abc"):
            assert (
                await anyone.error("register", name=name, password="password-1")
                == "name_reserved"
            )
            assert (
                await anyone.error("door_ticket", secret=SECRET, name=name, register=True)
                == "name_reserved"
            )
        host = await user(server, "ann")
        ranked = (await host.ok("create_table", room="go", options={"friendly": False}))["table"]
        issued = await anyone.ok("door_ticket", secret=SECRET, guest=True)
        guest = await Client.connect(server)
        await guest.ok("ticket_login", ticket=issued["ticket"])
        assert await guest.error("sit", table=ranked, seat="white") == "friendly_only"
        assert (
            await guest.error("create_table", room="go", options={"friendly": False})
            == "friendly_only"
        )
        friendly = (await guest.ok("create_table", room="go", options={"size": 9}))["table"]
        assert (await guest.ok("lobby"))["tables"][1]["table"] == friendly
        await host.ok("sit", table=friendly, seat="white")
