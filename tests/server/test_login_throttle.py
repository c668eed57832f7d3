"""Failed log-ins slow the guesser, not the name's owner (issue 14, item 6).

The throttle is per (name, address) with growing waits; a guesser at 127.0.0.2 locks out
neither the owner at 127.0.0.1 nor anyone else at 127.0.0.2, and a name that does not exist
costs the same hash and gets the same answers as one that does.
"""

from __future__ import annotations

import pytest

from server import accounts
from server.accounts import LoginThrottle
from server.hall import HallConfig

from .harness import Client, running_hall, user

GUESSER = "127.0.0.2"
CONFIG = HallConfig(login_free_failures=2, login_first_wait=60.0)


async def login(client: Client, name: str, password: str) -> str:
    reply = await client.request("login", name=name, password=password)
    return reply["type"] if reply["type"] == "ok" else reply["code"]


@pytest.mark.trio
async def test_a_guesser_waits_while_the_owner_logs_in_from_elsewhere(tmp_path):
    async with running_hall(tmp_path, config=CONFIG) as server:
        await (await user(server, "ann")).aclose()
        guesser = await Client.connect(server, source=GUESSER)
        assert [await login(guesser, "ann", f"guess-{n}") for n in range(2)] == [
            "bad_credentials",
            "bad_credentials",
        ]
        # Now even the right password waits, from the guesser's address only.
        reply = await guesser.request("login", name="ann", password="password-1")
        assert reply["code"] == "rate_limited" and "60 s" in reply["message"]
        owner = await Client.connect(server)
        assert await login(owner, "ann", "password-1") == "ok"
        # Another name from the guesser's address is not touched.
        await (await user(server, "bob")).aclose()
        neighbour = await Client.connect(server, source=GUESSER)
        assert await login(neighbour, "bob", "password-1") == "ok"


@pytest.mark.trio
async def test_an_unknown_name_is_hashed_and_answered_like_a_known_one(tmp_path, monkeypatch):
    hashed = []

    def counting(password, salt, digest):
        hashed.append(salt)
        return real(password, salt, digest)

    real = accounts.password_matches
    monkeypatch.setattr(accounts, "password_matches", counting)
    async with running_hall(tmp_path, config=CONFIG) as server:
        await (await user(server, "ann")).aclose()
        guesser = await Client.connect(server, source=GUESSER)
        answers = {
            name: [await login(guesser, name, "guess-123") for _ in range(3)]
            for name in ("ann", "nobody")
        }
        assert (
            answers["ann"]
            == answers["nobody"]
            == [
                "bad_credentials",
                "bad_credentials",
                "rate_limited",
            ]
        )
        assert len(hashed) == 4  # two per name: the waits answer without a hash
        assert hashed[2] == hashed[3] == accounts.stand_in_account()[0]


def test_the_waits_grow_per_name_and_address_and_are_forgotten():
    throttle = LoginThrottle(free=3, first=1.0, longest=300.0, forget=900.0)
    waits = []
    now = 0.0
    for _ in range(13):
        now += waits[-1] if waits else 0
        throttle.failed("ann", "10.0.0.9", now)
        waits.append(throttle.wait("ann", "10.0.0.9", now))
    assert waits == [0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]
    assert throttle.wait("ann", "10.0.0.8", now) == 0  # the owner's address
    assert throttle.wait("bob", "10.0.0.9", now) == 0  # another name from the guesser's
    assert throttle.wait("ann", "10.0.0.9", now + 299) == 1
    throttle.failed("ann", "10.0.0.9", now + 300)
    assert throttle.wait("ann", "10.0.0.9", now + 300) == 300
    assert throttle.wait("ann", "10.0.0.9", now + 300 + 900) == 0  # forgotten
    throttle.failed("ann", "10.0.0.9", now + 300 + 900)
    assert throttle.wait("ann", "10.0.0.9", now + 300 + 900) == 0  # counting from one again
    throttle.succeeded("ann", "10.0.0.9")
    throttle.failed("ann", "10.0.0.9", now + 2000)
    throttle.failed("ann", "10.0.0.9", now + 2000)
    assert throttle.wait("ann", "10.0.0.9", now + 2000) == 0
