"""Coins nobody can farm (issue 14, platform.md "Coins nobody can farm"), over real TCP with the
hall's own settings: the audit's script — ten fresh accounts bet on the losing side of a ranked
Go game two others threw, the farmer on the winning side — gains nothing, whether it comes from
one address or from many; registration follows the operator's mode; and what a newcomer loses
at a coin table goes to the house, not to the other seats."""

from dataclasses import replace

import pytest

from qipai.platform.newcomers import NO_NEWCOMERS, RegistrationMode, RegistrationPolicy
from server import economy
from server.hall import HallConfig

from .harness import Client, running_hall
from .test_bets import BLACK, WHITE, play_stones
from .test_mahjong_support import SeatBot, fast_config, play_all

SHILLS = [f"shill{i}" for i in range(10)]


async def register(server, name: str, address: str) -> Client | None:
    client = await Client.connect(server, source=address)
    reply = await client.request("register", name=name, password="password-1")
    if reply["type"] == "error":
        assert reply["code"] == "registration_refused", reply
        return None
    return client


async def farm(server, address_of) -> tuple[int, dict[str, int]]:
    """The audit's script; returns the farmer's gain and the refusals it met, by code."""
    refusals: dict[str, int] = {}
    ann = await register(server, "ann", address_of(0))
    bob = await register(server, "bob", address_of(0))
    farmer = await register(server, "farmer", address_of(1))
    assert ann and bob and farmer, "the players and the farmer get their accounts"
    table = (await ann.ok("create_table", room="go", options={"friendly": False}))["table"]
    await ann.ok("sit", table=table, seat="black")
    await bob.ok("sit", table=table, seat="white")
    await ann.event("started", table)
    shills = [await register(server, name, address_of(2 + i)) for i, name in enumerate(SHILLS)]
    refusals["registration_refused"] = shills.count(None)
    for client, side, amount in [(farmer, "black", 10)] + [(s, "white", 5000) for s in shills if s]:
        await client.ok("watch", table=table)
        reply = await client.request("bet", table=table, side=side, amount=amount)
        if reply["type"] == "error":
            refusals[reply["code"]] = refusals.get(reply["code"], 0) + 1
    await play_stones(ann, bob, table, BLACK, WHITE)  # ten 回合: a valid game
    await bob.ok("act", table=table, action="resign")  # thrown
    await ann.event("over", table)
    await server.hall.flush()
    economy.check_ledger(server.store.db)
    return economy.balance(server.store.db, "farmer") - 5000, refusals


def one_address(_: int) -> str:
    return "127.0.0.1"


def many_addresses(i: int) -> str:
    return f"127.0.0.{10 + i}"


@pytest.mark.trio
async def test_without_the_defences_the_script_farms_47500_coins(tmp_path):
    """The audit's finding, as the hall was: the pool of 50,010 less the 5 % rake, less his own 10."""
    async with running_hall(tmp_path) as server:
        gain, refusals = await farm(server, many_addresses)
    assert gain == 47_500 and refusals == {"registration_refused": 0}


@pytest.mark.trio
async def test_from_one_address_the_script_gets_three_accounts_and_no_bet(tmp_path):
    async with running_hall(tmp_path, farming_defences=True) as server:
        gain, refusals = await farm(server, one_address)
    assert gain == 0
    # ann, bob and the farmer are the address's three accounts of the day: no shill gets one,
    # and the farmer, a newcomer, cannot bet.
    assert refusals == {"registration_refused": 10, "newcomer_cannot_bet": 1}


@pytest.mark.trio
async def test_from_many_addresses_every_fresh_bettor_is_refused(tmp_path):
    async with running_hall(tmp_path, farming_defences=True) as server:
        gain, refusals = await farm(server, many_addresses)
    assert gain == 0
    assert refusals == {"registration_refused": 0, "newcomer_cannot_bet": 11}


@pytest.mark.trio
async def test_an_account_that_has_played_cannot_bet_from_a_players_address(tmp_path):
    """With every account counted as having played, the shills at the players' machine are
    still refused; the farmer, elsewhere, may bet (and wins nothing worth farming: the pool is
    his own 10 coins, refunded as one-sided)."""
    config = replace(HallConfig(), newcomers=NO_NEWCOMERS)

    def players_address(i: int) -> str:
        return "127.0.0.5" if i != 1 else "127.0.0.6"

    open_registration = replace(config, registration=RegistrationPolicy(RegistrationMode.OPEN))
    async with running_hall(tmp_path, config=open_registration, farming_defences=True) as server:
        gain, refusals = await farm(server, players_address)
    assert gain == 0
    assert refusals == {"registration_refused": 0, "same_address_bet": 10}


@pytest.mark.trio
async def test_registration_closed_or_by_invitation(tmp_path):
    closed = replace(HallConfig(), registration=RegistrationPolicy(RegistrationMode.CLOSED))
    async with running_hall(tmp_path, config=closed, farming_defences=True) as server:
        client = await Client.connect(server)
        assert await client.error("register", name="ann", password="password-1") == (
            "registration_refused"
        )
        assert server.store.db.execute("SELECT COUNT(*) FROM accounts").fetchone() == (0,)
    invite = replace(HallConfig(), registration=RegistrationPolicy(RegistrationMode.INVITE))
    (tmp_path / "2").mkdir()
    async with running_hall(tmp_path / "2", config=invite, farming_defences=True) as server:
        client = await Client.connect(server)
        assert await client.error("register", name="ann", password="password-1") == (
            "registration_refused"
        )
        assert await client.error(
            "register", name="ann", password="password-1", invite="made-up"
        ) == ("registration_refused")
        server.hall.config = replace(server.hall.config, registration=RegistrationPolicy())
        server.hall.registrations.policy = RegistrationPolicy()
        ann = await Client.connect(server)
        await ann.ok("register", name="ann", password="password-1")
        assert await ann.error("invite") == "not_yet_inviting"  # a newcomer invites nobody
        server.hall.config = replace(server.hall.config, newcomers=NO_NEWCOMERS)
        code = (await ann.ok("invite"))["invite"]
        server.hall.registrations.policy = RegistrationPolicy(RegistrationMode.INVITE)
        await client.ok("register", name="bob", password="password-1", invite=code)
        other = await Client.connect(server)
        assert await other.error("register", name="cat", password="password-1", invite=code) == (
            "registration_refused"
        )  # used once


@pytest.mark.trio
async def test_what_newcomers_lose_at_a_coin_table_goes_to_the_house(tmp_path):
    """Four fresh accounts, each from its own machine, play a hand of a coin room: nobody
    gains a coin from another seat; every coin lost went to the house."""
    config = fast_config()
    async with running_hall(tmp_path, config=config, farming_defences=True) as server:
        names = ["ann", "bob", "cat", "dan"]
        clients = [await register(server, n, f"127.0.0.{20 + i}") for i, n in enumerate(names)]
        options = {"hands": 1, "timed": False, "tier": "free"}
        table = (await clients[0].ok("create_table", room="sichuan", options=options))["table"]
        for seat, client in enumerate(clients):
            await client.ok("sit", table=table, seat=str(seat))
        views = await play_all([SeatBot(c, table, n) for c, n in zip(clients, names, strict=True)])
        await server.hall.flush()
        db = server.store.db
        economy.check_ledger(db)
        hands = views[0]["game"]["history"]
        lost = 0
        for hand in hands:
            rows = db.execute(
                "SELECT account, SUM(amount) FROM ledger WHERE ref = ? GROUP BY account",
                (f"hand:{hand['game']}",),
            ).fetchall()
            moved = dict(rows)
            assert all(moved.get(n, 0) <= 0 for n in names), moved
            lost -= sum(moved.get(n, 0) for n in names)
        assert lost > 0, "someone won a hand and paid nothing to its winner"
        assert sum(economy.balance(db, n) for n in names) == 4 * 5000 - lost


@pytest.mark.trio
async def test_the_doors_visitors_are_counted_at_their_own_address(tmp_path):
    """The SSH door reaches the hall from this machine; the ticket carries the visitor's address,
    so the per-address rules see the visitor's machine: three key registrations from one
    visitor's address, then none, while another's goes on; and a visitor from elsewhere may bet
    on a game played at the door's machine, one from that machine may not."""
    config = replace(HallConfig(door_secret="door-secret"), newcomers=NO_NEWCOMERS)
    async with running_hall(tmp_path, config=config, farming_defences=True) as server:
        door = await Client.connect(server)

        async def visit(name: str, address: str, register: bool = True) -> Client:
            fields = {"register": True} if register else {}
            reply = await door.ok(
                "door_ticket", secret="door-secret", name=name, address=address, **fields
            )
            client = await Client.connect(server)
            await client.ok("ticket_login", ticket=reply["ticket"])
            return client

        far = [await visit(f"far{i}", "10.0.0.7") for i in range(3)]
        refused = await door.request(
            "door_ticket", secret="door-secret", name="far3", register=True, address="10.0.0.7"
        )
        assert refused["code"] == "registration_refused"
        near = await visit("near", "127.0.0.1")
        ann = await register(server, "ann", "127.0.0.1")
        bob = await register(server, "bob", "127.0.0.8")
        table = (await ann.ok("create_table", room="go", options={"friendly": False}))["table"]
        await ann.ok("sit", table=table, seat="black")
        await bob.ok("sit", table=table, seat="white")
        await ann.event("started", table)
        for client in (far[0], near):
            await client.ok("watch", table=table)
        await far[0].ok("bet", table=table, side="white", amount=100)
        assert await near.error("bet", table=table, side="white", amount=100) == (
            "same_address_bet"
        )
