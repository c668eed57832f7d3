"""``python -m client.ssh``: the door process, normally started by ``qipai-server --ssh PORT``.

The first line of stdin is the door's secret for the hall; the door stops when stdin closes
(its parent, the hall, went away) or on SIGTERM/SIGINT.  Once it listens, stdout carries one
line, ``QIPAI-SSH-READY <host> <port>``.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
import tempfile
from pathlib import Path

from .door import Door, DoorConfig
from .forkserver import ForkServer
from .hall_link import HallLink

log = logging.getLogger("client.ssh")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m client.ssh", description="The qipai hall's SSH front door."
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=2222, help="SSH port, 0 picks a free one")
    parser.add_argument("--hall", required=True, metavar="HOST:PORT", help="the hall to serve")
    parser.add_argument("--data-dir", required=True, help="host key and players' keys live here")
    parser.add_argument("--per-address", type=int, default=8, help="connections per address")
    parser.add_argument("--total", type=int, default=64, help="connections in all")
    parser.add_argument("--log-level", default="INFO")
    return parser


async def serve(args: argparse.Namespace, secret: str) -> None:
    host, _, port = args.hall.rpartition(":")
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    loop.add_reader(sys.stdin.fileno(), lambda: sys.stdin.buffer.read1(4096) or stop.set())
    forks = await asyncio.to_thread(ForkServer.start)
    with tempfile.TemporaryDirectory(prefix="qipai-door-home-") as home:
        config = DoorConfig(
            data_dir=Path(args.data_dir),
            hall=HallLink(host, int(port), secret),
            per_address=args.per_address,
            total=args.total,
            client_home=home,
        )
        door = Door(config, forks)
        try:
            bound = await door.listen(args.host, args.port)
            print(f"QIPAI-SSH-READY {args.host} {bound}", flush=True)
            log.info("SSH door on %s port %d for the hall at %s", args.host, bound, args.hall)
            await stop.wait()
        finally:
            door.close()
            await asyncio.to_thread(door.forks.close)
    log.info("SSH door closed")


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(
        level=args.log_level.upper(),
        stream=sys.stderr,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    secret = sys.stdin.readline().strip()
    if not secret:
        log.error("no door secret on stdin")
        return 2
    try:
        asyncio.run(serve(args, secret))
    except OSError as exc:
        log.error("cannot open the SSH door on %s:%s: %s", args.host, args.port, exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
