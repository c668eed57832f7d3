"""``qipai-server`` as a child process: the ready line, clean stops, and durable records."""

import signal
import socket
import sqlite3
import subprocess
import sys
import time

import msgpack
import pytest

from server.store import SCHEMA_VERSION, Store


class Line:
    """A blocking protocol client, enough to talk to a child server."""

    def __init__(self, port: int, address: str = "") -> None:
        """``address``: another loopback address to come from (127.0.0.2 ...)."""
        self.sock = socket.create_connection(
            ("127.0.0.1", port), timeout=10, source_address=(address, 0) if address else None
        )
        self.unpacker = msgpack.Unpacker(raw=False)
        self.next_id = 0

    def receive(self) -> dict:
        while True:
            for message in self.unpacker:
                return message
            data = self.sock.recv(65536)
            if not data:
                raise EOFError
            self.unpacker.feed(data)

    def request(self, kind: str, **fields) -> dict:
        self.next_id += 1
        self.sock.sendall(msgpack.packb({"type": kind, "id": self.next_id, **fields}))
        while True:
            message = self.receive()
            if message.get("id") == self.next_id:
                return message


def start(db, *extra) -> tuple[subprocess.Popen, int]:
    process = subprocess.Popen(
        [sys.executable, "-m", "server.cli", "--port", "0", "--db", str(db), *extra],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = process.stdout.readline()
    assert line.startswith("QIPAI-READY 127.0.0.1 "), (line, process.stderr.read())
    return process, int(line.split()[2])


def test_ready_line_then_sigterm_says_bye_and_exits_cleanly(tmp_path):
    process, port = start(tmp_path / "hall.db")
    try:
        client = Line(port)
        assert client.request("hello", version=1)["type"] == "ok"
        process.send_signal(signal.SIGTERM)
        assert client.receive() == {
            "type": "bye",
            "code": "shutting_down",
            "message": "the hall is stopping",  # a connection at no table: nothing to save
        }
        assert process.wait(timeout=15) == 0
        assert process.stdout.read() == ""  # nothing but the ready line on stdout
    finally:
        process.kill()
        process.wait()


def test_exit_with_stdin(tmp_path):
    process, port = start(tmp_path / "hall.db", "--exit-with-stdin")
    try:
        process.stdin.close()
        assert process.wait(timeout=15) == 0
    finally:
        process.kill()
        process.wait()


def test_a_finished_game_survives_killing_the_server(tmp_path):
    db = tmp_path / "hall.db"
    process, port = start(db)
    try:
        client = Line(port)
        client.request("hello", version=1)
        client.request("register", name="ann", password="password-1")
        table = client.request("create_table", room="go", options={"size": 9, "hotseat": True})
        for point in ("E5", "C3", "G7"):
            assert (
                client.request("act", table=table["table"], action="play", point=point)["type"]
                == "ok"
            )
        assert client.request("act", table=table["table"], action="resign")["type"] == "ok"
        deadline = time.monotonic() + 10
        while not client.request("games")["games"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        process.kill()
        process.wait()
    finally:
        process.kill()
        process.wait()
    store = Store(str(db))
    try:
        (game,) = store.games_of("ann")
        # White was to move, so in hot-seat White resigned.
        assert (game.black, game.white, game.result, game.reason) == (
            "ann",
            "ann",
            "黑中盘胜",
            "resign",
        )
        assert game.moves == 3 and not game.valid and ";B[ee];W[cg];B[gc]" in game.record
    finally:
        store.close()


def test_schema_is_versioned_and_a_newer_file_is_refused(tmp_path):
    db = tmp_path / "hall.db"
    Store(str(db)).close()
    raw = sqlite3.connect(db)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    raw.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    raw.close()
    done = subprocess.run(
        [sys.executable, "-m", "server.cli", "--port", "0", "--db", str(db)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2 and "newer" in done.stderr and done.stdout == ""


@pytest.mark.parametrize("flag", ["--go-engine", "--exit-with-stdin"])
def test_help_mentions_the_launcher_flags(flag):
    done = subprocess.run(
        [sys.executable, "-m", "server.cli", "--help"], capture_output=True, text=True, timeout=30
    )
    assert flag in done.stdout
