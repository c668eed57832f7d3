"""The door as the hall's child process: started by module name with nothing secret on its
command line, stopped with the hall however the hall ends, and logged (not fatal) if it dies."""

from __future__ import annotations

import os
import signal
import socket
import time
from pathlib import Path

from .harness import children, command_of, door_pid, start_hall


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_until(condition, what: str, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def test_the_hall_starts_the_door_by_module_name_with_the_secret_off_its_command_line(tmp_path):
    hall = start_hall(tmp_path)
    try:
        argv = command_of(door_pid(hall)).split(b"\0")[1:-1]
        assert argv[:2] == [b"-m", b"client.ssh"]
        flags = [word for word in argv[2:] if word.startswith(b"--")]
        assert flags == [
            b"--host",
            b"--port",
            b"--hall",
            b"--data-dir",
            b"--per-address",
            b"--total",
            b"--log-level",
        ]
        assert argv[argv.index(b"--hall") + 1] == f"127.0.0.1:{hall.port}".encode()
        assert argv[argv.index(b"--data-dir") + 1] == str(tmp_path).encode()
        assert len(argv) == 2 + 2 * len(flags)  # each flag with one value, and nothing else
    finally:
        hall.stop()


def test_stopping_the_hall_stops_the_door_and_its_fork_server(tmp_path):
    hall = start_hall(tmp_path)
    door = door_pid(hall)
    (forks,) = [pid for pid in children(door) if b"forkserver" in command_of(pid)]
    hall.stop()  # SIGTERM, as systemd or the admin's kill would send
    assert hall.process.returncode == 0
    wait_until(lambda: not alive(door) and not alive(forks), "the door to close")


def test_the_door_does_not_outlive_a_hall_that_was_killed(tmp_path):
    hall = start_hall(tmp_path)
    door = door_pid(hall)
    hall.process.kill()  # no chance to stop its child: the door sees its stdin close
    hall.process.wait()
    wait_until(lambda: not alive(door), "the door to notice the hall is gone")


def test_a_door_that_dies_is_logged_and_the_hall_goes_on(tmp_path):
    with (tmp_path / "hall.log").open("w") as log:
        hall = start_hall(tmp_path, stderr=log)
        try:
            os.kill(door_pid(hall), signal.SIGKILL)
            stopped = "the SSH door stopped (exit status -9); the hall goes on without it"
            wait_until(lambda: stopped in (tmp_path / "hall.log").read_text(), "the log line")
            assert hall.process.poll() is None
            with socket.create_connection(("127.0.0.1", hall.port), timeout=5):
                pass
        finally:
            hall.stop()
