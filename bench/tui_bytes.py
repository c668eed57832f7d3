"""Bytes the client writes to a real terminal per opponent move, and time to the first frame.

Runs `qipai` in tmux at 80x24 with 256 colours (TERM=xterm-256color) and copies everything the
client writes to its terminal into a file with `tmux pipe-pane`. A hall runs on loopback (as
local mode starts it); the TUI logs in as ann and sits black at an untimed 19x19 table, bob plays
white over the protocol. For each of bob's moves we count the bytes the TUI wrote from the moment
bob sent it until the screen shows it and the output has gone quiet.

    python bench/tui_bytes.py [--moves 20] [--size 19] [--clock]

Prints: time to the start screen, time to a local 19x19 table, bytes per opponent move
(mean / median / max) and bytes per own move for comparison. Targets (issue 3): under 500 bytes
a move, first frame under 0.5 s.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from client.connection import HallConnection  # noqa: E402
from client.coords import COLUMNS  # noqa: E402
from client.local_hall import LocalHall  # noqa: E402

QUIET = 0.25
WAIT = 30.0


class Terminal:
    """One tmux server on a private socket with one 80x24 window running a command."""

    def __init__(self, home: Path, name: str) -> None:
        tmux = shutil.which("tmux")
        if tmux is None:
            raise SystemExit("tmux is needed: apt-get install tmux")
        self.base = [tmux, "-L", f"qipai-bench-{os.getpid()}-{name}"]
        self.home = home
        self.output = home / f"{name}.out"

    def tmux(self, *args: str) -> str:
        done = subprocess.run([*self.base, *args], capture_output=True, text=True, check=True)
        return done.stdout

    def start(self, command: list[str]) -> float:
        env = {
            "XDG_CONFIG_HOME": self.home / "config",
            "XDG_DATA_HOME": self.home / "data",
            "TERM": "xterm-256color",
            "PYTHONPATH": ROOT,
        }
        exports = " ".join(f"{k}={shlex.quote(str(v))}" for k, v in env.items())
        # The pane starts a shell that waits for a go-file, so the pipe is attached before the
        # client writes its first byte and the clock starts when the client does.
        go = self.home / "go"
        shell = (
            f"while [ ! -e {shlex.quote(str(go))} ]; do sleep 0.01; done; cd {shlex.quote(str(ROOT))}"
            f" && env {exports} {shlex.join(command)}; sleep 600"
        )
        self.tmux("new-session", "-d", "-s", "bench", "-x", "80", "-y", "24", shell)
        self.tmux("pipe-pane", "-o", "-t", "bench", f"cat > {shlex.quote(str(self.output))}")
        started = time.monotonic()
        go.touch()
        return started

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "bench")

    def written(self) -> int:
        return self.output.stat().st_size if self.output.exists() else 0

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "bench", *keys)

    def type_text(self, text: str) -> None:
        """Literal text: without -l, tmux would read `F3` as the F3 key."""
        self.tmux("send-keys", "-t", "bench", "-l", text)

    def wait_for(self, text: str) -> float:
        deadline = time.monotonic() + WAIT
        while text not in self.screen():
            if time.monotonic() > deadline:
                raise SystemExit(f"{text!r} never appeared:\n{self.screen()}")
            time.sleep(0.005)
        return time.monotonic()

    def settle(self) -> int:
        """Wait until nothing has been written for QUIET seconds; return the bytes so far."""
        size, since = self.written(), time.monotonic()
        while time.monotonic() - since < QUIET:
            time.sleep(0.02)
            now = self.written()
            if now != size:
                size, since = now, time.monotonic()
        return size

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True)


def qipai() -> list[str]:
    script = shutil.which("qipai")
    return [script] if script else [sys.executable, "-m", "client.cli"]


BARE_APP = """
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("Hot-seat")
Bare().run()
"""


def first_frames(size: int) -> tuple[float, float, float]:
    with tempfile.TemporaryDirectory() as home:
        terminal = Terminal(Path(home), "bare")
        try:
            started = terminal.start([sys.executable, "-c", BARE_APP])
            bare = terminal.wait_for("Hot-seat") - started
        finally:
            terminal.close()
    with tempfile.TemporaryDirectory() as home:
        terminal = Terminal(Path(home), "start")
        try:
            started = terminal.start(qipai())
            start_screen = terminal.wait_for("Hot-seat") - started
        finally:
            terminal.close()
    with tempfile.TemporaryDirectory() as home:
        terminal = Terminal(Path(home), "local")
        try:
            started = terminal.start([*qipai(), "local", "go", "--size", str(size)])
            table = terminal.wait_for("Black to play") - started
        finally:
            terminal.close()
    return bare, start_screen, table


async def moves(
    size: int, count: int, dump: Path | None, clock: bool
) -> tuple[list[int], list[int], float | None]:
    home = Path(tempfile.mkdtemp())
    hall = LocalHall(db_path=home / "hall.db")
    host, port = await hall.start()
    bob = await HallConnection.open(host, port, on_push=lambda message: None)
    terminal = Terminal(home, "moves")
    try:
        await bob.request("register", name="bob", password="bob-secret")
        terminal.start([*qipai(), f"{host}:{port}"])
        await asyncio.to_thread(terminal.wait_for, "register")
        terminal.type_text("ann\rann-secret")  # one burst, as a paste or a slow link delivers it
        terminal.keys("C-r")
        await asyncio.to_thread(terminal.wait_for, "New table")
        terminal.keys("n")
        await asyncio.to_thread(terminal.wait_for, "1  board")
        terminal.keys(*["1"] * {9: 0, 13: 1, 19: 2}[size], *(["2"] if clock else []), "Enter")
        await asyncio.to_thread(terminal.wait_for, "Waiting for an opponent")
        lobby = await bob.request("lobby")
        table = max(t["table"] for t in lobby["tables"])
        await bob.request("sit", table=table, seat="white")
        await asyncio.to_thread(terminal.wait_for, "Black to play")
        opponent, own = [], []
        for n in range(count):
            # Black fills rows from the bottom, White from the top: nothing is ever captured.
            column, row = COLUMNS[n % size], n // size
            mine, theirs = f"{column}{1 + row}", f"{column}{size - row}"
            before = await asyncio.to_thread(terminal.settle)
            terminal.type_text(f":{mine}")
            terminal.keys("Enter")
            await asyncio.to_thread(terminal.wait_for, f"Last: {mine}")
            after = await asyncio.to_thread(terminal.settle)
            own.append(after - before)
            await bob.request("act", table=table, action="play", point=theirs)
            await asyncio.to_thread(terminal.wait_for, f"Last: {theirs}")
            settled = await asyncio.to_thread(terminal.settle)
            opponent.append(settled - after)
            if dump is not None:
                dump.write_bytes(terminal.output.read_bytes()[after:settled])
        ticking = None
        if clock:  # black's clock runs while ann thinks: what does a second cost?
            start = await asyncio.to_thread(terminal.settle)
            await asyncio.sleep(5.0)
            ticking = (terminal.written() - start) / 5.0
        return opponent, own, ticking
    finally:
        terminal.close()
        await bob.close()
        await hall.stop()
        shutil.rmtree(home, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--size", type=int, choices=(9, 13, 19), default=19)
    parser.add_argument("--dump", type=Path, help="write the last opponent move's bytes here")
    parser.add_argument(
        "--clock", action="store_true", help="play with a 5 min + 3x30 s clock (ticks included)"
    )
    args = parser.parse_args()
    if args.moves > args.size * args.size // 3:
        parser.error(f"at most {args.size * args.size // 3} moves on {args.size}x{args.size}")
    bare, start_screen, table = first_frames(args.size)
    print(f"first frame: start screen {start_screen:.3f} s (target < 0.5 s)")
    print(f"first frame: a bare Textual app with one Static, for scale {bare:.3f} s")
    print(f"first frame: local {args.size}x{args.size} table incl. starting the hall {table:.3f} s")
    opponent, own, ticking = asyncio.run(moves(args.size, args.moves, args.dump, args.clock))
    print(
        f"bytes per opponent move ({len(opponent)} moves, {args.size}x{args.size}, 80x24, 256 colours):"
        f" mean {statistics.mean(opponent):.0f}  median {statistics.median(opponent):.0f}"
        f"  max {max(opponent)}  (target < 500)"
    )
    print(
        f"bytes per own move (typed point):"
        f" mean {statistics.mean(own):.0f}  median {statistics.median(own):.0f}  max {max(own)}"
    )
    if ticking is not None:
        print(f"bytes per second while a clock runs and nobody moves: {ticking:.0f}")


if __name__ == "__main__":
    main()
