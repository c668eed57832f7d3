"""The SSH front door as a visitor meets it: asyncssh's own client against ``qipai-server
--ssh 0`` on 127.0.0.1, the screen read through a terminal emulator."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

import asyncssh
import pytest

from tests.server.test_server_cli import Line

from .harness import Visitor, children, client_pids, command_of, door_pid, start_hall, until


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    running = start_hall(tmp_path_factory.mktemp("door"), env={"QIPAI_HALL_ONLY": "not-for-you"})
    yield running
    running.stop()


@pytest.fixture(autouse=True)
def no_clients_left_over(request):
    """Each test starts with no client running: the previous test's visitors have hung up,
    and their clients end within the door's grace period."""
    if "hall" not in request.fixturenames:
        return
    hall = request.getfixturevalue("hall")
    deadline = time.monotonic() + 10
    while client_pids(hall):
        assert time.monotonic() < deadline, "an earlier test's client never ended"
        time.sleep(0.05)


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


async def register(hall, name: str, key: asyncssh.SSHKey) -> Visitor:
    """A new name with a new key: the confirmation screen, 'y', then the lobby."""
    visitor = await Visitor.connect(hall.ssh_port, name, key)
    await visitor.open_terminal()
    await visitor.wait_for(f"The name {name} is free")
    await visitor.wait_for(key.get_fingerprint("sha256"))
    visitor.press(b"y")
    await visitor.wait_for("lobby  |")
    await visitor.wait_for(name)
    return visitor


@pytest.mark.asyncio
async def test_first_frame_keys_resize_and_quit(hall):
    visitor = await register(hall, "ann", new_key())
    assert len(client_pids(hall)) == 1
    screen = visitor.view.screen
    await visitor.wait_for_lobby()
    footer = screen.display[23].strip()[:20]
    visitor.press(b"t")  # keys reach the game: open the chat box, say something
    await visitor.wait_for("say something")
    visitor.press(b"hello door\r")
    await visitor.wait_for("ann: hello door")
    visitor.press(b"\x1b")  # close the chat box
    visitor.resize(100, 30)
    await until(lambda: screen.display[29].strip().startswith(footer), "the footer on row 30")
    assert not screen.display[23].strip().startswith(footer)
    assert "─" * 100 in visitor.view.text()  # the rule above the chat spans the new width
    assert "ann: hello door" in visitor.view.text()
    visitor.press(b"\x11")  # ctrl+q quits the client
    await visitor.closed()
    assert visitor.chan.get_exit_status() == 0
    await until(lambda: not client_pids(hall), "the client process to end")
    visitor.close()


@pytest.mark.asyncio
async def test_a_visitor_who_hangs_up_takes_the_client_with_them(hall):
    visitor = await register(hall, "dee", new_key())
    assert len(client_pids(hall)) == 1
    visitor.close()
    await until(lambda: not client_pids(hall), "the client process to end")


@pytest.mark.asyncio
async def test_the_registered_key_goes_straight_to_the_lobby_and_no_other_key_opens(hall):
    key = new_key()
    first = await register(hall, "bob", key)
    first.press(b"\x11")
    await first.closed()
    first.close()
    again = await Visitor.connect(hall.ssh_port, "bob", key)
    screen = await again.open_terminal()
    await again.wait_for("lobby  |")
    assert "is free" not in screen.text() and "bob" in screen.text()
    again.close()
    with pytest.raises(asyncssh.PermissionDenied):
        await Visitor.connect(hall.ssh_port, "bob", new_key())
    with pytest.raises(asyncssh.PermissionDenied):
        await Visitor.connect(hall.ssh_port, "bob", password="anything")


@pytest.mark.asyncio
async def test_declining_registration_keeps_nothing(hall):
    key = new_key()
    visitor = await Visitor.connect(hall.ssh_port, "eve", key)
    await visitor.open_terminal()
    await visitor.wait_for("The name eve is free")
    visitor.press(b"n")
    await visitor.wait_for("Nothing was registered")
    await visitor.closed()
    visitor.close()
    assert not client_pids(hall)
    again = await Visitor.connect(hall.ssh_port, "eve", new_key())  # still free for anyone
    await again.open_terminal()
    await again.wait_for("The name eve is free")
    again.close()


@pytest.mark.asyncio
async def test_an_account_without_a_key_opens_with_its_password(hall):
    line = Line(hall.port)
    line.request("hello", version=1)
    assert line.request("register", name="cid", password="cid-password")["type"] == "ok"
    line.sock.close()
    with pytest.raises(asyncssh.PermissionDenied):
        await Visitor.connect(hall.ssh_port, "cid", password="not-it")
    with pytest.raises(asyncssh.PermissionDenied):
        await Visitor.connect(hall.ssh_port, "cid", key=new_key())
    visitor = await Visitor.connect(hall.ssh_port, "cid", password="cid-password")
    await visitor.open_terminal()
    await visitor.wait_for("lobby  |")
    await visitor.wait_for("cid")
    visitor.close()


async def refused_with_banner(hall, username: str) -> str:
    """Connect with a key as ``username``: nothing opens, and the banner says why."""
    banners = []

    class Listener(asyncssh.SSHClient):
        def auth_banner_received(self, msg: str, lang: str) -> None:
            banners.append(msg)

    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect(
            "127.0.0.1",
            hall.ssh_port,
            username=username,
            client_factory=Listener,
            client_keys=[new_key()],
            known_hosts=None,
            agent_path=None,
        )
    assert len(banners) == 1
    return banners[0]


@pytest.mark.asyncio
async def test_a_name_that_cannot_be_an_account_opens_nothing(hall):
    assert "without spaces" in await refused_with_banner(hall, "two words")


@pytest.mark.asyncio
async def test_the_halls_names_and_look_alikes_of_an_account_are_not_offered(hall):
    line = Line(hall.port)
    line.request("hello", version=1)
    assert line.request("register", name="fay", password="fay-password")["type"] == "ok"
    line.sock.close()
    assert "looks like it, is taken" in await refused_with_banner(hall, "FAY")
    assert "the hall uses for itself" in await refused_with_banner(hall, "house")
    assert "bots" in await refused_with_banner(hall, "bot-1")


@pytest.mark.asyncio
async def test_a_guest_comes_in_without_credentials(hall):
    visitor = await Visitor.connect(hall.ssh_port, "guest")
    await visitor.open_terminal()
    await visitor.wait_for("lobby  |")
    await visitor.wait_for("guest-")
    visitor.close()


@pytest.mark.asyncio
async def test_a_command_instead_of_a_terminal_is_refused(hall):
    visitor = await Visitor.connect(hall.ssh_port, "guest")
    result = await visitor.conn.run("cat /etc/passwd", check=False)
    assert result.exit_status == 1
    assert "runs no commands" in result.stdout and "root:" not in result.stdout
    with pytest.raises(asyncssh.ChannelOpenError):  # one session per connection
        await visitor.conn.run("true", check=False)
    visitor.close()
    shell = await Visitor.connect(hall.ssh_port, "guest")
    no_terminal = await shell.conn.run(check=False)  # a shell without a pty
    assert no_terminal.exit_status == 1
    assert "only opens the game" in no_terminal.stdout
    shell.close()
    assert not client_pids(hall)


@pytest.mark.asyncio
async def test_sftp_and_forwarding_are_refused(hall):
    visitor = await Visitor.connect(hall.ssh_port, "guest")
    with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
        await visitor.conn.start_sftp_client()
    with pytest.raises(asyncssh.ChannelOpenError):
        await visitor.conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", hall.port)
    with pytest.raises(asyncssh.ChannelListenError):
        await visitor.conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", hall.port)
    visitor.close()
    await asyncio.sleep(0)


@pytest.mark.asyncio
async def test_a_fork_server_that_died_is_replaced_for_the_next_visitor(hall):
    forks = next(pid for pid in children(door_pid(hall)) if b"forkserver" in command_of(pid))
    os.kill(forks, signal.SIGKILL)
    visitor = await Visitor.connect(hall.ssh_port, "guest")
    await visitor.open_terminal()
    await visitor.wait_for_lobby()
    assert len(client_pids(hall)) == 1
    visitor.close()
    await until(lambda: not client_pids(hall), "the client process to end")


@pytest.mark.asyncio
async def test_nothing_of_the_halls_environment_reaches_a_visitors_process(hall):
    """The hall runs with QIPAI_HALL_ONLY set (see the fixture)."""
    visitor = await Visitor.connect(hall.ssh_port, "guest")
    await visitor.open_terminal(env={"LANG": "C.UTF-8", "SNEAKY": "1"})
    await visitor.wait_for_lobby()
    (pid,) = client_pids(hall)
    memory = Path(f"/proc/{pid}/environ").read_bytes()
    assert b"QIPAI_HALL_ONLY" not in memory and b"SNEAKY" not in memory
    visitor.close()


@pytest.mark.asyncio
async def test_guests_from_one_address_are_limited(tmp_path):
    """The door's new-account rate, live: the fixture's hall allows 20 an hour; this one 1."""
    from client.ssh.door import Door, DoorConfig
    from client.ssh.hall_link import HallLink

    config = DoorConfig(
        data_dir=tmp_path, hall=HallLink("127.0.0.1", 9, "unused"), new_accounts_per_hour=1
    )
    door = Door(config, forks=None)
    door.new_accounts.allow("127.0.0.1", time.monotonic())  # one guest came from here
    port = await door.listen("127.0.0.1", 0)
    try:
        visitor = await Visitor.connect(port, "guest")
        await visitor.open_terminal()
        await visitor.wait_for("too many new accounts from your address")
        await visitor.closed()
        assert visitor.chan.get_exit_status() == 1
        visitor.close()
    finally:
        door.close()
