"""Pre-forked qipai clients: a process that has already imported the client forks one per
visitor, so a visitor waits for a fork and a first frame, not for Python to import Textual
(~0.5 s on a 2-core box), and the forked clients share the imported code's memory pages.

The door sends a request over a SOCK_SEQPACKET pair: the client's arguments and environment
(msgpack) with the pseudo-terminal's slave end attached (SCM_RIGHTS).  The fork server forks;
the child makes that terminal its controlling terminal in a new session and runs
``client.cli.main`` exactly as the ``qipai`` command would, and the fork server replies with
its pid.  It reaps its children, and exits when the door closes its end.  Its one event loop
(the rehearsal below) has ended, threads and all, before the first fork, so forking is safe.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import gc
import importlib
import io
import os
import signal
import socket
import subprocess
import sys
import termios
import threading

import msgpack

MAX_REQUEST = 64 * 1024


class ForkServerError(Exception):
    """The fork server is gone or refused; the visitor cannot get a client."""


class ForkServer:
    """The door's handle on a running fork server (a child process of the door)."""

    def __init__(self, process: subprocess.Popen, sock: socket.socket) -> None:
        self.process = process
        self._sock = sock
        self._lock = threading.Lock()

    @classmethod
    def start(cls) -> ForkServer:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        process = subprocess.Popen(
            [sys.executable, "-m", "client.ssh.forkserver", str(theirs.fileno())],
            pass_fds=[theirs.fileno()],
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            env=_fork_server_env(),
        )
        theirs.close()
        server = cls(process, ours)
        server._expect_ready()
        return server

    def _expect_ready(self) -> None:
        if self._sock.recv(16) != b"ready":
            raise ForkServerError("the fork server did not start")

    def spawn(self, tty_fd: int, argv: list[str], env: dict[str, str]) -> int:
        """Start one client on the terminal ``tty_fd``; returns its pid.  Blocking, but only
        for a fork: call it from a worker thread in an event loop."""
        request = msgpack.packb({"argv": argv, "env": env})
        with self._lock:
            try:
                socket.send_fds(self._sock, [request], [tty_fd])
                reply = self._sock.recv(256)
            except OSError as exc:
                raise ForkServerError(f"the fork server is gone: {exc}") from exc
        if not reply:
            raise ForkServerError("the fork server is gone")
        return int(msgpack.unpackb(reply)["pid"])

    def close(self) -> None:
        self._sock.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _fork_server_env() -> dict[str, str]:
    """The children are forked, not executed, so the fork server's own environment stays in
    their memory (``/proc/PID/environ``): it gets only what Python needs to find the code,
    never the hall's environment."""
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    if os.environ.get("PYTHONPATH"):
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return env


# ---------------------------------------------------------------------- the fork server process


def _preload() -> None:
    """Import everything a client needs before the first visitor comes."""
    import textual.drivers.linux_driver  # noqa: F401

    import client.cli  # noqa: F401
    import client.door  # noqa: F401


def _rehearse() -> None:
    """Draw an empty lobby once, headless, so that every child inherits Textual's warmed
    caches (parsed styles, measured text) instead of filling them while a visitor waits; then
    freeze what is alive, so that the children's garbage collector neither scans nor touches
    (and so copies) the shared pages.  The rehearsal has no hall and no name in it."""
    from textual import events

    from client.door import DoorApp
    from client.screens.lobby import LobbyScreen

    class Rehearsal(DoorApp):
        def on_mount(self, event: events.Mount) -> None:
            event.prevent_default()
            self.push_screen(LobbyScreen("", ""))

    async def rehearse() -> None:
        async with Rehearsal("127.0.0.1:1", "").run_test(size=(80, 24)) as pilot:
            await pilot.pause()

    asyncio.run(rehearse())
    gc.collect()
    gc.freeze()


def _reap(signum: int, frame: object) -> None:
    with contextlib.suppress(ChildProcessError):
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass


def serve(sock: socket.socket) -> None:
    _preload()
    _rehearse()
    signal.signal(signal.SIGCHLD, _reap)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sock.send(b"ready")
    while True:
        message, fds, _flags, _address = socket.recv_fds(sock, MAX_REQUEST, 1)
        if not message:
            return
        request = msgpack.unpackb(message)
        pid = os.fork()
        if pid == 0:
            sock.close()
            _become_client(fds[0], request["argv"], request["env"])
        for fd in fds:
            os.close(fd)
        sock.send(msgpack.packb({"pid": pid}))


def _become_client(tty_fd: int, argv: list[str], env: dict[str, str]) -> None:
    """In the forked child: the terminal, the environment and the streams of a fresh
    ``qipai`` process, then the client itself.  Never returns."""
    code = 1
    try:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.setsid()
        fcntl.ioctl(tty_fd, termios.TIOCSCTTY, 0)
        for fd in (0, 1, 2):
            os.dup2(tty_fd, fd)
        if tty_fd > 2:
            os.close(tty_fd)
        os.environ.clear()
        os.environ.update(env)
        import textual.constants

        importlib.reload(textual.constants)  # it reads TEXTUAL_* and ESCDELAY at import
        sys.stdin = sys.__stdin__ = io.TextIOWrapper(io.FileIO(0, "rb", closefd=False))
        sys.stdout = sys.__stdout__ = _terminal_writer(1)
        sys.stderr = sys.__stderr__ = _terminal_writer(2)
        from client.cli import main

        code = main(argv)
    except SystemExit as exit:
        code = exit.code if isinstance(exit.code, int) else 1
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def _terminal_writer(fd: int) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.FileIO(fd, "wb", closefd=False), write_through=True)


if __name__ == "__main__":
    serve(socket.socket(fileno=int(sys.argv[1])))
