"""``python -m tests.ssh.fast_hall DB``: qipai-server's wiring with its SSH door, but with the
mahjong tables' pauses off (MJ-08's claim delay among them), so that a hand played by four
SSH visitors takes seconds, not a minute.  Prints the same two ready lines as qipai-server;
stops on SIGTERM (the door, holding our pipe, closes with us)."""

from __future__ import annotations

import secrets
import sys
from pathlib import Path

import trio

from qipai.platform.newcomers import RegistrationMode, RegistrationPolicy
from server.app import Server
from server.bots import BotFactory
from server.door_process import run_door
from server.hall import HallConfig
from server.store import Store
from server.tables.mahjong_config import FAST

OPEN = RegistrationPolicy(RegistrationMode.OPEN)


async def serve(db: Path) -> None:
    secret = secrets.token_urlsafe(32)
    store = Store(str(db))
    # Four visitors register from this one machine: the per-address limit is not under test.
    config = HallConfig(door_secret=secret, mahjong=FAST, registration=OPEN)
    server = Server(store, BotFactory(None, seed=1), config)
    async with trio.open_nursery() as nursery:
        port = await nursery.start(server.run, "127.0.0.1", 0)
        print(f"QIPAI-READY 127.0.0.1 {port}", flush=True)
        door = ("127.0.0.1", 0)
        ssh_port = await nursery.start(run_door, ("127.0.0.1", port), door, db.parent, secret)
        print(f"QIPAI-SSH-READY 127.0.0.1 {ssh_port}", flush=True)


if __name__ == "__main__":
    trio.run(serve, Path(sys.argv[1]))
