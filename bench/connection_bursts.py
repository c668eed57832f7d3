"""Memory after bursts of connections: the issue 14 run (3 bursts of 4,000, no login).

Each burst opens N connections at once, each says ``hello`` and reads the answer, then all
close; the server's resident size (/proc/PID/status) is printed once it has closed them all.
The same bursts then go to the peer, a bare trio server that keeps msgpack's default
``Unpacker`` per connection and answers every map: the least a msgpack server holds, and what
the hall held before its decoder gave its unpacker back between frames.

    python bench/connection_bursts.py [--connections 4000] [--bursts 3]
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.server.test_connection_memory import burst, open_files, resident_kib, settle  # noqa: E402

PEER = r"""
import sys, msgpack, trio
async def serve(stream):
    unpacker = msgpack.Unpacker(raw=False, max_buffer_size=128 * 1024)
    async with stream:
        while data := await stream.receive_some(65536):
            unpacker.feed(data)
            for message in unpacker:
                await stream.send_all(msgpack.packb({"type": "ok", "id": message.get("id")}))
async def main():
    listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
    print("QIPAI-READY 127.0.0.1", listeners[0].socket.getsockname()[1], flush=True)
    await trio.serve_listeners(serve, listeners)
trio.run(main)
"""


def start_hall(db: Path, connections: int) -> subprocess.Popen:
    command = [sys.executable, "-m", "server.cli", "--port", "0", "--db", str(db)]
    caps = f"{connections},{connections}"  # the operator's setting for a hall this busy
    return subprocess.Popen(
        [*command, "--log-level", "WARNING", "--connection-caps", caps],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )


def start_peer() -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", PEER], stdout=subprocess.PIPE, text=True)


def run(name: str, process: subprocess.Popen, count: int, bursts: int) -> list[float]:
    try:
        port = int(process.stdout.readline().split()[2])
        files = open_files(process.pid)
        figures = [resident_kib(process.pid) / 1024]
        for _ in range(bursts):
            burst(port, count)
            settle(process.pid, files)
            figures.append(resident_kib(process.pid) / 1024)
        shown = " -> ".join(f"{mib:.0f}" for mib in figures)
        growth = (figures[-1] - figures[1]) * 1024 / max(1, count * (bursts - 1))
        print(f"{name:<12} RSS MiB {shown}   after the first burst: {growth:+.1f} KiB/connection")
        return figures
    finally:
        process.kill()
        process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=4000)
    parser.add_argument("--bursts", type=int, default=3)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, args.connections + 256)), hard))
    print(f"{args.bursts} bursts of {args.connections} connections (hello, then close)")
    with tempfile.TemporaryDirectory() as folder:
        run(
            "qipai-server",
            start_hall(Path(folder) / "hall.db", args.connections),
            args.connections,
            args.bursts,
        )
    run("bare trio", start_peer(), args.connections, args.bursts)


if __name__ == "__main__":
    main()
