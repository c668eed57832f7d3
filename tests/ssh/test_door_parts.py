"""The door's parts on their own: caps (live, on 127.0.0.1), the visitor's environment, the
key file and the host key."""

from __future__ import annotations

import asyncio
import stat

import asyncssh
import pytest

from client.ssh.caps import ConnectionCaps, NewAccountRate
from client.ssh.door import Door, DoorConfig
from client.ssh.hall_link import HallLink
from client.ssh.hostkey import HOST_KEY_FILE, load_or_create
from client.ssh.keystore import KeyStore
from client.ssh.visitor_env import client_env


def test_caps_count_per_address_and_in_total():
    caps = ConnectionCaps(per_address=2, total=3)
    assert caps.admit("10.0.0.1") and caps.admit("10.0.0.1")
    assert not caps.admit("10.0.0.1")
    assert caps.admit("10.0.0.2")
    assert not caps.admit("10.0.0.3")  # three in all
    caps.release("10.0.0.1")
    assert caps.open == 2
    assert caps.admit("10.0.0.3")
    assert not caps.admit("10.0.0.1")


def test_new_accounts_per_address_are_limited_in_a_sliding_window():
    rate = NewAccountRate(limit=2, window=60)
    assert rate.allow("10.0.0.1", now=0) and rate.allow("10.0.0.1", now=10)
    assert not rate.allow("10.0.0.1", now=20)
    assert rate.allow("10.0.0.2", now=20)
    assert not rate.allow("10.0.0.1", now=59)
    assert rate.allow("10.0.0.1", now=60.5)  # the first one left the window
    assert not rate.allow("10.0.0.1", now=61)


async def guests(port: int, count: int) -> list[asyncssh.SSHClientConnection]:
    return [
        await asyncssh.connect(
            "127.0.0.1", port, username="guest", known_hosts=None, agent_path=None
        )
        for _ in range(count)
    ]


@pytest.mark.asyncio
@pytest.mark.parametrize(("per_address", "total"), [(2, 10), (10, 2)])
async def test_connections_over_a_cap_are_refused(tmp_path, per_address, total):
    config = DoorConfig(
        data_dir=tmp_path,
        hall=HallLink("127.0.0.1", 9, "unused"),  # guests authenticate without the hall
        per_address=per_address,
        total=total,
    )
    door = Door(config, forks=None)
    port = await door.listen("127.0.0.1", 0)
    try:
        admitted = await guests(port, 2)
        with pytest.raises((asyncssh.DisconnectError, ConnectionError)):
            await guests(port, 1)
        admitted[0].close()
        await admitted[0].wait_closed()
        for _ in range(100):  # the door counts the closed one out
            if door.caps.open == 1:
                break
            await asyncio.sleep(0.02)
        again = await guests(port, 1)
        for conn in admitted[1:] + again:
            conn.close()
    finally:
        door.close()


def test_the_client_environment_is_built_from_scratch():
    visitor = {
        "LANG": "zh_CN.UTF-8",
        "NO_COLOR": "1",
        "COLORTERM": "truecolor",
        "LD_PRELOAD": "/tmp/evil.so",
        "PYTHONPATH": "/tmp",
        "TEXTUAL_SCREENSHOT": "1",
        "LC_ALL": "$(rm -rf /)",
    }
    env = client_env("xterm-256color", visitor, "/tmp/home")
    assert env == {
        "TERM": "xterm-256color",
        "HOME": "/tmp/home",
        "PATH": "/usr/bin:/bin",
        "PYTHONDONTWRITEBYTECODE": "1",
        "LANG": "zh_CN.UTF-8",
        "NO_COLOR": "1",
        "COLORTERM": "truecolor",
    }
    assert client_env("xterm\x1b]0;x", {}, "/h")["TERM"] == "xterm-256color"
    assert client_env("screen", {}, "/h")["LANG"] == "C.UTF-8"


def test_the_key_file_maps_names_to_keys(tmp_path):
    store = KeyStore(tmp_path)
    ann, bob = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    assert store.keys_of("ann") == []
    store.add("ann", ann)
    store.add("bob", bob)
    assert [k.public_data for k in store.keys_of("ann")] == [ann.public_data]
    assert [k.public_data for k in store.keys_of("bob")] == [bob.public_data]
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600
    with store.path.open("a") as handle:  # an admin's comment and a broken line are skipped
        handle.write("# ann ssh-ed25519 AAAA\nann ssh-ed25519 not-base64\n")
    assert len(store.keys_of("ann")) == 1


def test_the_host_key_is_created_once_and_kept(tmp_path):
    first = load_or_create(tmp_path / "data")
    second = load_or_create(tmp_path / "data")
    assert first.public_data == second.public_data
    assert stat.S_IMODE((tmp_path / "data" / HOST_KEY_FILE).stat().st_mode) == 0o600
