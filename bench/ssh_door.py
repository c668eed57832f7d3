"""The SSH front door: time from connect to first frame, and memory per player.

Starts ``qipai-server --ssh 0`` on 127.0.0.1 with a fresh database, registers the players'
keys once (that visit is not timed), then times returning players, who go straight to the
lobby, the common case:

- connect: from opening the TCP connection to the SSH session being open (handshake + auth);
- first byte: to the first byte the client process draws;
- first frame: to the lobby fully drawn (its footer on the bottom row), as seen through a
  terminal emulator;

for one player alone (median of ``--rounds``) and for four joining at once (slowest of the
four, median over rounds).  Memory per player is read from /proc for each client process
while ``--players`` are in the lobby: RSS, and PSS (each shared page divided among the
processes sharing it: what a player really adds, since clients are forked from a process that
has already imported the client).

Run: python bench/ssh_door.py [--rounds 5] [--players 8]
Targets (issue 8): first frame < 0.5 s alone, < 1 s for four at once, <= 40 MB per player.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.ssh.harness import Screen, Visitor, client_pids, start_hall  # noqa: E402


async def visit(port: int, name: str, key: asyncssh.SSHKey) -> tuple[Visitor, dict[str, float]]:
    start = time.perf_counter()
    visitor = await Visitor.connect(port, name, key)
    screen: Screen = await visitor.open_terminal()
    connected = time.perf_counter()
    while not screen.received:
        await asyncio.sleep(0.002)
    first_byte = time.perf_counter()
    while not screen.lobby_drawn():
        await asyncio.sleep(0.002)
    frame = time.perf_counter()
    return visitor, {
        "connect": connected - start,
        "first byte": first_byte - start,
        "first frame": frame - start,
    }


async def register(port: int, name: str, key: asyncssh.SSHKey) -> None:
    visitor = await Visitor.connect(port, name, key)
    await visitor.open_terminal()
    await visitor.wait_for("is free")
    visitor.press(b"y")
    await visitor.wait_for_lobby()
    await leave(visitor)


async def leave(visitor: Visitor) -> None:
    visitor.press(b"\x11")
    await visitor.closed()
    visitor.close()


def memory_kib(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of one process in KiB."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        key, value = line.split(":", 1)
        fields[key] = int(value.split()[0])
    return fields["Rss"], fields["Pss"]


def report(title: str, samples: list[dict[str, float]]) -> None:
    print(title)
    for key in ("connect", "first byte", "first frame"):
        values = [s[key] for s in samples]
        print(
            f"  {key:12s} median {statistics.median(values) * 1000:6.0f} ms"
            f"   min {min(values) * 1000:6.0f}   max {max(values) * 1000:6.0f}"
        )


async def main(rounds: int, players: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        hall = start_hall(Path(folder))
        try:
            port = hall.ssh_port
            keys = {f"p{i}": asyncssh.generate_private_key("ssh-ed25519") for i in range(players)}
            for name, key in keys.items():
                await register(port, name, key)
            names = list(keys)

            alone = []
            for _ in range(rounds):
                visitor, sample = await visit(port, names[0], keys[names[0]])
                alone.append(sample)
                await leave(visitor)
            report(f"one player alone ({rounds} rounds)", alone)

            four = []
            for _ in range(rounds):
                results = await asyncio.gather(*(visit(port, n, keys[n]) for n in names[:4]))
                four.append({k: max(r[1][k] for r in results) for k in results[0][1]})
                for visitor, _ in results:
                    await leave(visitor)
            report(f"four at once, the slowest of the four ({rounds} rounds)", four)

            results = await asyncio.gather(*(visit(port, n, keys[n]) for n in names))
            await asyncio.sleep(1.0)
            pids = client_pids(hall)
            sizes = [memory_kib(pid) for pid in pids]
            rss = statistics.mean(s[0] for s in sizes) / 1024
            pss = statistics.mean(s[1] for s in sizes) / 1024
            print(f"memory with {len(pids)} players in the lobby, per client process:")
            print(f"  RSS {rss:5.1f} MB (counts shared pages in full)")
            print(f"  PSS {pss:5.1f} MB (shared pages divided among their sharers)")
            for visitor, _ in results:
                await leave(visitor)
        finally:
            hall.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, default=8)
    options = parser.parse_args()
    asyncio.run(main(options.rounds, options.players))
