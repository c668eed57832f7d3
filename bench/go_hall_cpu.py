"""The Go hall's own CPU per move, in one process and without sockets.

``bench/server_load.py`` measures the hall as a server (sockets, a child process, clients in
another); on a shared box its figures move with the load. This drives the same ``Hall`` in
process: N tables of two in-memory sessions (the sessions get the bytes a connection would
write, and the bench only drops them), the same 19x19 timed tables and capture-free moves as
``server_load.py``, ``--batch`` tables moving side by side in each pass (one log commit for
them, as for the requests of many connections), and prints the hall's CPU time per move.
Sockets are not in it (``Outbox``'s writes cost the same per message in every version). Run
under cProfile (``--profile FILE``) it says where the hall's time goes.

    python bench/go_hall_cpu.py [--tables 200] [--moves 20000] [--batch 8] [--no-log]
        [--profile FILE]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import trio

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from in_process import InProcessPlayer  # noqa: E402
from server_load import BLACK_POINTS, TABLE_OPTIONS, WHITE_POINTS  # noqa: E402

from server.bots import BotFactory  # noqa: E402
from server.hall import Hall, HallConfig  # noqa: E402
from server.store import Store  # noqa: E402


class Player(InProcessPlayer):
    """A Go seat: what was pushed to it is dropped."""

    def drain(self) -> int:
        """Drop what was pushed (the hall's work is done once the bytes are queued)."""
        count = 0
        while True:
            try:
                self.inbox.receive_nowait()
            except trio.WouldBlock:
                return count
            count += 1


class Game:
    def __init__(self, black: Player, white: Player) -> None:
        self.black, self.white = black, white
        self.table = 0
        self.turn = 0
        self.points = {"black": [], "white": []}

    async def open(self) -> None:
        await self.black.request("create_table", room="go", options=TABLE_OPTIONS)
        self.table = max(self.black.hall.tables)
        await self.black.request("sit", table=self.table, seat="black")
        await self.white.request("sit", table=self.table, seat="white")
        self.turn = 0
        self.points = {"black": list(BLACK_POINTS), "white": list(WHITE_POINTS)}

    async def move(self) -> None:
        seat = "black" if self.turn % 2 == 0 else "white"
        player = self.black if seat == "black" else self.white
        self.turn += 1
        await player.request("act", table=self.table, action="play", point=self.points[seat].pop(0))

    @property
    def done(self) -> bool:
        return not self.points["white"]

    async def restart(self) -> None:
        await self.black.request("act", table=self.table, action="resign")
        await self.black.request("leave", table=self.table)
        await self.white.request("leave", table=self.table)
        await self.open()


def add_account(store: Store, name: str) -> None:
    store.add_account(name, b"salt", b"digest", time.time())


async def drive(options: argparse.Namespace) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"{tmp}/hall.db")
        config = HallConfig(log_tables=not options.no_log)
        async with trio.open_nursery() as nursery:
            hall = Hall(store, nursery, BotFactory(None, seed=1), config)
            games = []
            for i in range(options.tables):
                for name in (f"b{i}", f"w{i}"):
                    add_account(store, name)
                game = Game(Player(hall, f"b{i}"), Player(hall, f"w{i}"))
                await game.open()
                games.append(game)
            moves = 0
            warm = options.moves // 10
            start = None
            turn = 0
            while moves < warm + options.moves:
                if moves >= warm and start is None:
                    start, wall = time.process_time(), time.perf_counter()
                    commits = hall.log_writer.commits
                    measured = moves
                    if options.profile:
                        import cProfile

                        profile = cProfile.Profile(time.process_time)
                        profile.enable()
                batch = [games[(turn + k) % len(games)] for k in range(options.batch)]
                turn += options.batch
                for game in batch:
                    if game.done:
                        await game.restart()
                async with trio.open_nursery() as acting:
                    for game in batch:
                        acting.start_soon(game.move)
                        moves += 1
                await trio.sleep(0)
                for game in batch:
                    game.black.drain()
                    game.white.drain()
            cpu = time.process_time() - start
            moves -= measured
            commits = hall.log_writer.commits - commits
            elapsed = time.perf_counter() - wall
            if options.profile:
                profile.disable()
                profile.dump_stats(options.profile)
            nursery.cancel_scope.cancel()
        store.close()
    return {
        "moves": moves,
        "hall_us": 1e6 * cpu / moves,
        "per_s": moves / elapsed,
        "per_commit": f"{moves / commits:.1f}" if commits else "no",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--moves", type=int, default=20000)
    parser.add_argument("--batch", type=int, default=8, help="tables moving in each pass")
    parser.add_argument("--no-log", action="store_true", help="tables without the action log")
    parser.add_argument("--profile", help="write the measured part's cProfile stats here")
    options = parser.parse_args()
    figures = trio.run(drive, options)
    log = "no action log" if options.no_log else "action log on"
    print(
        f"in-process Go hall, {options.tables} tables, {options.batch} a pass, {log}: "
        f"{figures['hall_us']:.0f} us of hall CPU per move ({figures['moves']} moves, "
        f"game ends and new tables included), {figures['per_s']:.0f} moves/s, "
        f"{figures['per_commit']} moves a log commit, load average {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
