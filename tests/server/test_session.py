"""Handshake, accounts, tokens and the login limiter over real sockets."""

import pytest
import trio

from qipai.protocol import encode

from .harness import Client, running_hall, user


@pytest.mark.trio
async def test_requests_before_hello_are_refused(tmp_path):
    async with running_hall(tmp_path) as server:
        client = await Client.connect(server, hello=False)
        assert (
            await client.error("login", name="ann", password="password-1") == "handshake_required"
        )
        assert await client.error("hello", version=99) == "bad_version"
        reply = await client.ok("hello", version=1)
        assert reply["version"] == 1 and reply["limits"]["max_frame"] == 65536


@pytest.mark.trio
async def test_register_then_login_with_password_and_with_token(tmp_path):
    async with running_hall(tmp_path) as server:
        ann = await user(server, "ann")
        assert (await ann.ok("lobby"))["players"] == ["ann"]
        await ann.aclose()
        again = await Client.connect(server)
        assert await again.error("lobby") == "not_logged_in"
        reply = await again.ok("login", name="ann", password="password-1")
        assert reply["name"] == "ann" and reply["seats"] == []
        await again.aclose()
        third = await Client.connect(server)
        assert (await third.ok("resume_session", token=reply["token"]))["name"] == "ann"
        await third.ok("logout")
        fourth = await Client.connect(server)
        assert await fourth.error("resume_session", token=reply["token"]) == "bad_token"


@pytest.mark.trio
async def test_account_rules(tmp_path):
    async with running_hall(tmp_path) as server:
        await user(server, "ann")
        client = await Client.connect(server)
        assert await client.error("register", name="ann", password="password-2") == "name_taken"
        assert await client.error("register", name="a b", password="password-2") == "bad_name"
        assert await client.error("register", name="", password="password-2") == "bad_name"
        assert await client.error("register", name="bob", password="short") == "weak_password"
        assert await client.error("login", name="ann", password="wrong-one") == "bad_credentials"
        assert await client.error("login", name="nobody", password="wrong-one") == "bad_credentials"
        assert (await client.ok("register", name="棋手_1", password="password-2"))[
            "name"
        ] == "棋手_1"
        assert await client.error("login", name="ann", password="password-1") == "already_logged_in"


@pytest.mark.trio
async def test_passwords_are_stored_hashed(tmp_path):
    async with running_hall(tmp_path) as server:
        await user(server, "ann", "very-secret-pw")
        salt, digest = server.store.account("ann")
        assert b"very-secret-pw" not in digest and len(salt) == 16 and len(digest) == 32
    raw = b"".join(path.read_bytes() for path in tmp_path.glob("hall.db*"))
    assert b"very-secret-pw" not in raw


@pytest.mark.trio
async def test_a_second_login_replaces_the_first_connection(tmp_path):
    async with running_hall(tmp_path) as server:
        first = await user(server, "ann")
        second = await Client.connect(server)
        await second.ok("login", name="ann", password="password-1")
        bye = await first.push(lambda m: m["type"] == "bye")
        assert bye["code"] == "replaced"
        with pytest.raises(EOFError), trio.fail_after(5):
            while True:
                await first._receive()


@pytest.mark.trio
async def test_ping_and_unknown_types(tmp_path):
    async with running_hall(tmp_path) as server:
        client = await Client.connect(server)
        assert "time" in await client.ok("ping")
        assert await client.error("teleport") == "unknown_type"
        await client.send_raw(encode({"type": "ping"}))
        reply = await client.push(lambda m: m["type"] == "error")
        assert reply["id"] is None and reply["code"] == "missing_field"
