"""What a person does, with OpenSSH's own client in a real terminal (tmux at 80x24): ssh to the
door with a key, confirm the name, arrive in the lobby, chat, quit; then come back with the same
key straight to the lobby."""

from __future__ import annotations

import os
import shlex
import subprocess
import time
from pathlib import Path

import asyncssh

from tests.conftest import require_program

from .harness import client_pids, start_hall

WAIT = 30.0


class Terminal:
    def __init__(self, tmux: str, socket: str) -> None:
        self.base = [tmux, "-L", socket]

    def run(self, *args: str) -> str:
        done = subprocess.run(
            [*self.base, *args], capture_output=True, text=True, timeout=10, check=True
        )
        return done.stdout

    def start(self, command: str) -> None:
        shell = f"{command}; echo SSH-EXIT=$?; sleep 60"
        self.run("new-session", "-d", "-s", "door", "-x", "80", "-y", "24", shell)

    def restart(self, command: str) -> None:
        """Run the command again in the same window, as a person types it again."""
        self.run("respawn-pane", "-k", "-t", "door", f"{command}; echo SSH-EXIT=$?; sleep 60")

    def keys(self, *keys: str) -> None:
        self.run("send-keys", "-t", "door", *keys)

    def wait_for(self, text: str) -> str:
        deadline = time.monotonic() + WAIT
        while True:
            shown = self.run("capture-pane", "-p", "-t", "door")
            if text in shown:
                return shown
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never appeared; the screen was:\n{shown}")
            time.sleep(0.1)

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True, timeout=10)


def test_a_person_with_only_ssh_registers_by_key_plays_and_comes_back(tmp_path: Path):
    ssh = require_program("ssh")
    terminal = Terminal(require_program("tmux"), f"qipai-door-{os.getpid()}")
    key_file = tmp_path / "id_ed25519"
    key = asyncssh.generate_private_key("ssh-ed25519")
    key.write_private_key(str(key_file))
    key_file.chmod(0o600)
    hall = start_hall(tmp_path)
    command = shlex.join(
        [ssh, "-p", str(hall.ssh_port), "-i", str(key_file), "-o", "IdentitiesOnly=yes"]
        + ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"]
        + ["-o", "LogLevel=ERROR", "-F", "/dev/null", "fay@127.0.0.1"]
    )
    try:
        terminal.start(command)
        terminal.wait_for("The name fay is free")
        terminal.keys("y")
        terminal.wait_for("lobby  |")
        terminal.keys("t")
        terminal.wait_for("say something")
        terminal.keys("hi from openssh", "Enter")
        terminal.wait_for("fay: hi from openssh")
        terminal.keys("C-q")
        terminal.wait_for("SSH-EXIT=0")
        deadline = time.monotonic() + WAIT
        while client_pids(hall):
            assert time.monotonic() < deadline, "the client outlived the session"
            time.sleep(0.1)
        terminal.restart(command)
        shown = terminal.wait_for("lobby  |")
        assert "is free" not in shown and "fay" in shown
    finally:
        terminal.close()
        hall.stop()
