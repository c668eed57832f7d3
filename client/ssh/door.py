"""The SSH front door: who may come in, and one qipai client per visitor on its own terminal.

Identity: the name a visitor gives ssh is the hall account.  A name with registered keys
opens only with one of them; a name the hall knows without a key opens with its password
(checked by the hall); a new name is registered by the first key used with it, after a
confirmation screen; ``guest`` opens without credentials as a fresh guest account.  The hall
then issues a one-time ticket that the visitor's client redeems, so the hall treats SSH
players exactly like any other.

Only the game: a session with a terminal gets a client; a command, a session without a
terminal, sftp, a second session on the same connection and every kind of forwarding are
refused.  Each connection is counted against the caps until it closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import signal
import struct
import termios
import time
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from qipai.protocol import ProtocolError
from qipai.protocol.names import GUEST_LOGIN, check_name, check_new_name

from .caps import ConnectionCaps, NewAccountRate
from .forkserver import ForkServer, ForkServerError
from .hall_link import HallLink, HallRefused
from .hostkey import load_or_create
from .keystore import KeyStore, fingerprint
from .visitor_env import client_env

log = logging.getLogger(__name__)

CONFIRM_TIMEOUT = 120.0
TYPE_AHEAD = 4096
INPUT_BUFFER = 64 * 1024
HANGUP_GRACE = 3.0
DEFAULT_SIZE = (80, 24)

NEEDS_TERMINAL = "qipai: this door only opens the game; connect with a terminal (ssh -t)."
ONLY_THE_GAME = "qipai: this door runs no commands; connect without one to play."
NEW_NAME_BANNER = (
    "The name {name} is free in this hall. Connect with an SSH key to register it,\r\n"
    "or come in as guest: ssh guest@this-hall\r\n"
)


@dataclass
class DoorConfig:
    data_dir: Path
    hall: HallLink
    per_address: int = 8
    total: int = 64
    new_accounts_per_hour: int = 20
    client_home: str = "/nonexistent"


class Door:
    """What every connection shares: caps, the key file, the hall, the fork server, and the
    visitors playing now (by client pid)."""

    def __init__(self, config: DoorConfig, forks: ForkServer) -> None:
        self.config = config
        self.caps = ConnectionCaps(config.per_address, config.total)
        self.new_accounts = NewAccountRate(config.new_accounts_per_hour, 3600.0)
        self.keys = KeyStore(config.data_dir)
        self.hall = config.hall
        self.forks = forks
        self.players: dict[int, VisitorSession] = {}
        self._server: asyncssh.SSHAcceptor | None = None
        self._replacing = asyncio.Lock()

    async def listen(self, host: str, port: int) -> int:
        self._server = await asyncssh.create_server(
            lambda: DoorServer(self),
            host,
            port,
            server_host_keys=[load_or_create(self.config.data_dir)],
            encoding=None,
            agent_forwarding=False,
            x11_forwarding=False,
            login_timeout=60,
            keepalive_interval=60,
        )
        return self._server.sockets[0].getsockname()[1]

    async def spawn(self, tty: int, argv: list[str], env: dict[str, str]) -> int:
        """A client on ``tty``.  A fork server found dead is replaced (once, however many
        visitors found it so), so that one crash does not close the door."""
        forks = self.forks
        try:
            return await asyncio.to_thread(forks.spawn, tty, argv, env)
        except ForkServerError as exc:
            async with self._replacing:
                if self.forks is forks:
                    log.error("%s; starting a new fork server", exc)
                    self.forks = await asyncio.to_thread(ForkServer.start)
                    await asyncio.to_thread(forks.close)
        return await asyncio.to_thread(self.forks.spawn, tty, argv, env)

    def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for session in list(self.players.values()):
            session.hang_up()


class DoorServer(asyncssh.SSHServer):
    """One SSH connection: its place under the caps, and who the visitor turned out to be."""

    def __init__(self, door: Door) -> None:
        self.door = door
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = ""
        self.admitted = False
        self.kind = ""
        self.name = ""
        self.new_key: asyncssh.SSHKey | None = None
        self.ticket: tuple[str, str] | None = None
        self.sessions = 0

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.address = str((conn.get_extra_info("peername") or ("?",))[0])
        if not self.door.caps.admit(self.address):
            log.warning("refused %s: connection caps reached", self.address)
            conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, "the hall is full, try later")
            return
        self.admitted = True

    def connection_lost(self, exc: Exception | None) -> None:
        if self.admitted:
            self.admitted = False
            self.door.caps.release(self.address)

    async def begin_auth(self, username: str) -> bool:
        """Choose the one way this name may open; a name that cannot be an account, or a hall
        that does not answer, leaves no way at all (and a banner that says why)."""
        assert self.conn is not None
        self.name = username
        if username == GUEST_LOGIN:
            self.kind = "guest"
            return False
        try:
            check_name(username)
            if self.door.keys.keys_of(username):
                self.kind = "key"
            elif await self.door.hall.account_exists(username):
                self.kind = "password"
            else:
                check_new_name(username)
                self.kind = "new"
                self.conn.send_auth_banner(NEW_NAME_BANNER.format(name=username))
        except (ProtocolError, HallRefused) as refused:
            self.kind = "none"
            self.conn.send_auth_banner(f"qipai: {refused.message}\r\n")
        return True

    def public_key_auth_supported(self) -> bool:
        return self.kind in ("key", "new")

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self.kind == "new":
            self.new_key = key
            return True
        return any(k.public_data == key.public_data for k in self.door.keys.keys_of(username))

    def password_auth_supported(self) -> bool:
        return self.kind == "password"

    async def validate_password(self, username: str, password: str) -> bool:
        try:
            self.ticket = await self.door.hall.ticket(
                name=username, password=password, address=self.address
            )
        except HallRefused as refused:
            log.info("password refused for %s from %s: %s", username, self.address, refused)
            return False
        return True

    def session_requested(self) -> VisitorSession | bool:
        if self.sessions:
            return False  # one game per connection: a second channel would be a second client
        self.sessions += 1
        return VisitorSession(self)


class Declined(Exception):
    """The visitor did not confirm registering a new name."""


class VisitorSession(asyncssh.SSHServerSession):
    """One visitor's channel, bridged to a client process on a fresh pseudo-terminal."""

    def __init__(self, server: DoorServer) -> None:
        self.server = server
        self.door = server.door
        self.chan: asyncssh.SSHServerChannel | None = None
        self.term: str | None = None
        self.size = DEFAULT_SIZE
        self.command: str | None = None
        self.tty: int | None = None
        self.pid: int | None = None
        self._pending = b""
        self._answer: asyncio.Future[bytes] | None = None
        self._task: asyncio.Task[None] | None = None
        self._paused = False

    # ------------------------------------------------------------------ what the visitor asks

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple, term_modes: object) -> bool:
        self.term = term_type
        self._set_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command  # answered with a message, never run
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        log.info("refused subsystem %r from %s", subsystem, self.server.address)
        return False

    def session_started(self) -> None:
        if self.command is not None:
            self._leave(ONLY_THE_GAME, 1)
        elif self.term is None:
            self._leave(NEEDS_TERMINAL, 1)
        else:
            self._task = asyncio.create_task(self._visit())

    def terminal_size_changed(self, width: int, height: int, pw: int, ph: int) -> None:
        self._set_size(width, height)
        if self.tty is not None:
            _set_winsize(self.tty, self.size)

    def data_received(self, data: bytes, datatype: object) -> None:
        if self._answer is not None and not self._answer.done():
            self._answer.set_result(data)
        elif self.tty is not None:
            self._pending += data
            self._flush_to_client()
        elif len(self._pending) < TYPE_AHEAD:
            self._pending += data  # typed while the client starts: it gets them once it runs

    def eof_received(self) -> bool:
        self.hang_up()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self.hang_up()

    def pause_writing(self) -> None:
        """The visitor reads slower than the client draws: stop reading the client, so the
        client blocks on its terminal instead of the door buffering without bound."""
        self._paused = True
        if self.tty is not None:
            asyncio.get_running_loop().remove_reader(self.tty)

    def resume_writing(self) -> None:
        self._paused = False
        if self.tty is not None:
            asyncio.get_running_loop().add_reader(self.tty, self._from_client)

    # ------------------------------------------------------------------ the visit

    async def _visit(self) -> None:
        try:
            name, ticket = await self._identify()
        except HallRefused as refused:
            self._leave(f"qipai: {refused.message}", 1)
            return
        except Declined:
            self._leave("Nothing was registered. Bye.", 0)
            return
        try:
            await self._start_client(name, ticket)
        except (ForkServerError, OSError) as exc:
            log.error("no client for %s: %s", name, exc)
            self._leave("qipai: the hall cannot start a game client now; try later.", 1)

    async def _identify(self) -> tuple[str, str]:
        server, hall = self.server, self.door.hall
        if server.kind == "guest":
            self._count_new_account()
            return await hall.ticket(guest=True, address=server.address)
        if server.kind == "password" and server.ticket is not None:
            return server.ticket
        if server.kind == "key":
            return await hall.ticket(name=server.name, address=server.address)
        assert server.kind == "new" and server.new_key is not None
        await self._confirm(server.name, server.new_key)
        self._count_new_account()
        issued = await hall.ticket(name=server.name, register=True, address=server.address)
        self.door.keys.add(server.name, server.new_key)
        log.info("registered %s by key %s", server.name, fingerprint(server.new_key))
        return issued

    def _count_new_account(self) -> None:
        if not self.door.new_accounts.allow(self.server.address, time.monotonic()):
            raise HallRefused(
                "rate_limited", "too many new accounts from your address; try again later"
            )

    async def _confirm(self, name: str, key: asyncssh.SSHKey) -> None:
        """The registration screen: plain text, one key to answer."""
        assert self.chan is not None
        self.chan.write(
            (
                "\x1b[2J\x1b[H"
                "qipai 棋牌 - welcome to the hall\r\n\r\n"
                f"The name {name} is free. Register it with your SSH key\r\n"
                f"  {fingerprint(key)}\r\n"
                "so that this key takes you straight to the lobby from now on?\r\n\r\n"
                "  y   register and come in\r\n"
                "  n   leave (nothing is kept)\r\n"
            ).encode()
        )
        self._answer = asyncio.get_running_loop().create_future()
        try:
            answer = await asyncio.wait_for(self._answer, CONFIRM_TIMEOUT)
        except TimeoutError:
            raise Declined from None
        finally:
            self._answer = None
        if answer[:1] not in (b"y", b"Y"):
            raise Declined

    async def _start_client(self, name: str, ticket: str) -> None:
        assert self.chan is not None
        env = client_env(self.term or "", self.chan.get_environment(), self.door.config.client_home)
        env["QIPAI_TICKET"] = ticket
        argv = ["--door", self.door.hall.address]
        master, slave = os.openpty()
        try:
            _set_winsize(slave, self.size)
            pid = await self.door.spawn(slave, argv, env)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        if self.chan.is_closing():
            os.close(master)
            _kill_group(pid, signal.SIGHUP)
            return
        os.set_blocking(master, False)
        self.tty, self.pid = master, pid
        self.door.players[pid] = self
        if not self._paused:
            asyncio.get_running_loop().add_reader(master, self._from_client)
        if self._pending:
            self._flush_to_client()
        log.info("%s (%s) plays in client %d", name, self.server.address, pid)

    def _from_client(self) -> None:
        assert self.tty is not None and self.chan is not None
        try:
            data = os.read(self.tty, 65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""  # EIO: every process on the terminal has gone
        if not data:
            self._client_gone()
            return
        self.chan.write(data)

    def _flush_to_client(self) -> None:
        """Write what the visitor typed; what the terminal cannot take yet waits for it, and
        past INPUT_BUFFER the door stops reading the visitor until the client catches up."""
        loop = asyncio.get_running_loop()
        if self.tty is None or self.chan is None:
            return
        try:
            written = os.write(self.tty, self._pending)
        except BlockingIOError:
            written = 0
        except OSError:
            self._pending = b""
            return
        self._pending = self._pending[written:]
        if self._pending:
            loop.add_writer(self.tty, self._flush_to_client)
            if len(self._pending) > INPUT_BUFFER:
                self.chan.pause_reading()
        else:
            loop.remove_writer(self.tty)
            self.chan.resume_reading()

    def _client_gone(self) -> None:
        self._release_tty()
        if self.chan is not None:
            self.chan.exit(0)

    def hang_up(self) -> None:
        """The visitor left: hang up the client's terminal (the kernel sends SIGHUP), and
        make sure the client is gone shortly after."""
        pid = self.pid
        self._release_tty()
        if pid is not None:
            asyncio.get_running_loop().call_later(HANGUP_GRACE, _kill_group, pid, signal.SIGKILL)

    def _release_tty(self) -> None:
        tty, self.tty = self.tty, None
        if self.pid is not None:
            self.door.players.pop(self.pid, None)
        if tty is not None:
            loop = asyncio.get_running_loop()
            loop.remove_reader(tty)
            loop.remove_writer(tty)
            os.close(tty)

    def _leave(self, message: str, status: int) -> None:
        if self.chan is not None and not self.chan.is_closing():
            self.chan.write(message.encode() + b"\r\n")
            self.chan.exit(status)

    def _set_size(self, width: int, height: int) -> None:
        self.size = (width or DEFAULT_SIZE[0], height or DEFAULT_SIZE[1])


def _set_winsize(fd: int, size: tuple[int, int]) -> None:
    columns, rows = size
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def _kill_group(pid: int, signum: int) -> None:
    """The client leads its own session and process group (the fork server set it up); a pid
    that no longer leads a session is not ours any more."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        if os.getsid(pid) == pid:
            os.killpg(pid, signum)
