"""The mahjong hall's own CPU per action, in one process and without sockets.

``bench/server_load.py --mahjong`` measures the hall as a server (sockets, a child process,
clients in another); on a shared box its figures move with the load. This drives the same
``Hall`` in process: N tables of four in-memory sessions (the sessions get the bytes a
connection would write), each answering its newest view at once with a plain legal choice,
and prints the hall's CPU time per action with the clients' own decoding taken out. Run under
cProfile (``--profile FILE``) it says where the hall's time goes.

    python bench/mahjong_hall_cpu.py [--tables 25] [--actions 20000] [--room sichuan]
        [--full-views] [--no-log] [--profile FILE]

It then plays the same tables and choices on the rules core alone (no hall, no views, no
log) and prints its CPU per action: the part of the hall's figure that only a faster core
lowers.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

import msgpack
import trio

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from in_process import InProcessPlayer  # noqa: E402
from mahjong_load import PREFERENCE, pick  # noqa: E402

from qipai.mahjong.rulesets import get_ruleset  # noqa: E402
from qipai.mahjong.table import Action  # noqa: E402
from qipai.mahjong.table.match import MatchLength  # noqa: E402
from qipai.platform.mahjong_table import MahjongTableMatch  # noqa: E402
from qipai.platform.mahjong_table_io import HandDone, Presence, TableRules  # noqa: E402
from server.bots import BotFactory  # noqa: E402
from server.hall import Hall, HallConfig  # noqa: E402
from server.store import Store  # noqa: E402
from server.tables.mahjong import prepare_analysis  # noqa: E402
from server.tables.mahjong_config import FAST  # noqa: E402


class Player(InProcessPlayer):
    """A mahjong seat that reads its newest view, its decoding timed apart."""

    def __init__(self, hall: Hall, name: str) -> None:
        super().__init__(hall, name)
        self.table = 0
        self.decoding = 0.0
        """CPU seconds this client spent decoding (taken out of the hall's figure)."""

    def newest(self) -> dict | None:
        """The newest full view, or the newest incremental event's own part (replies and
        lobby pushes come between them)."""
        found = None
        start = time.process_time()
        while True:
            try:
                message = msgpack.unpackb(self.inbox.receive_nowait())
            except trio.WouldBlock:
                break
            if "view" in message:
                found = message["view"]
            elif message.get("type") == "event" and "you" in message:
                you = message["you"]
                found = {"you": you, "hand": {"legal_actions": you["legal_actions"]}}
        self.decoding += time.process_time() - start
        return found


def choose(view: dict) -> dict | None:
    if "ready" in view["you"]["legal"]:
        return {"action": "ready"}
    choice = pick(view["hand"]["legal_actions"]) if view.get("hand") else None
    if choice is None:
        return None
    return {"action": choice["type"], **({"tile": choice["tile"]} if "tile" in choice else {})}


async def open_table(hall: Hall, index: int, room: str, incremental: bool) -> list[Player]:
    players = [Player(hall, f"p{index}x{n}") for n in range(4)]
    options = {"hands": 64, "timed": False}
    await players[0].request("create_table", room=room, options=options)
    table = max(hall.tables)
    for n, player in enumerate(players):
        player.table = table
        await player.request("sit", table=table, seat=str(n))
        if incremental:
            await player.request("act", table=table, action="incremental", on=True)
    return players


async def drive(options: argparse.Namespace) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"{tmp}/hall.db")
        config = HallConfig(mahjong=FAST, log_tables=not options.no_log)
        async with trio.open_nursery() as nursery:
            hall = Hall(store, nursery, BotFactory(None, seed=1), config)
            tables = [
                await open_table(hall, i, options.room, options.incremental)
                for i in range(options.tables)
            ]
            players = [p for seats in tables for p in seats]
            actions = 0
            warm = options.actions // 10
            start = None
            while actions < warm + options.actions:
                if actions >= warm and start is None:
                    for player in players:
                        player.decoding = 0.0
                    start, wall = time.process_time(), time.perf_counter()
                    commits = hall.log_writer.commits
                    if options.profile:
                        import cProfile

                        # CPU time, not the wall clock: on a shared box the wall clock
                        # charges each function with the other processes' turns.
                        profile = cProfile.Profile(time.process_time)
                        profile.enable()
                acted = False
                # Each pass's requests are handled side by side, as the requests of many
                # connections are: the action log commits once for all of them.
                async with trio.open_nursery() as acting:
                    for player in players:
                        view = player.newest()
                        request = choose(view) if view else None
                        if request is not None:
                            acting.start_soon(
                                partial(player.request, "act", table=player.table, **request)
                            )
                            actions += 1
                            acted = True
                await trio.sleep(0 if acted else 0.001)
            cpu = time.process_time() - start
            commits = hall.log_writer.commits - commits
            elapsed = time.perf_counter() - wall
            if options.profile:
                profile.disable()
                profile.dump_stats(options.profile)
            decoding = sum(p.decoding for p in players)
            nursery.cancel_scope.cancel()
        store.close()
    return {
        "actions": options.actions,
        "hall_us": 1e6 * (cpu - decoding) / options.actions,
        "decode_us": 1e6 * decoding / options.actions,
        "per_s": options.actions / elapsed,
        "per_commit": f"{options.actions / commits:.1f}" if commits else "no",
    }


def core_alone(options: argparse.Namespace) -> float:
    """The rules core's own CPU per action (µs), with no hall around it: the same tables, the
    same choices (``pick`` of each seat's legal actions), every record stored at once. The
    hall's figure cannot go below this plus what a relay spends on the messages."""
    ruleset = get_ruleset(options.room, None)
    rules = TableRules(length=MatchLength(hands=64))

    def table(seed: int) -> MahjongTableMatch:
        core = MahjongTableMatch(ruleset, rules, FAST, random.Random(seed))
        core.presence = Presence(people=4)
        core.start([0, 1, 2, 3], 0.0)
        return core

    def carry_out(core: MahjongTableMatch, now: float) -> None:
        for output in core.outputs():
            if isinstance(output, HandDone):
                core.stored(output.number, now)

    tables = [table(seed) for seed in range(options.tables)]
    made, actions, now = len(tables), 0, 0.0
    start = time.process_time()
    while actions < options.actions:
        for n, core in enumerate(tables):
            now += 0.001
            if core.finished:
                made += 1
                tables[n] = core = table(made)
            while core.advance(now):
                carry_out(core, now)
            carry_out(core, now)
            if core.between:
                core.mark_ready(0, range(4))
                actions += 1
            elif core.hand is not None and core.storing is None:
                hand = core.hand
                for seat in hand.to_act():
                    choice = None if core.answered(seat) else pick_action(hand.legal_actions(seat))
                    if choice is not None:
                        core.act(choice, now)
                        actions += 1
                        break
            carry_out(core, now)
    return 1e6 * (time.process_time() - start) / actions


def pick_action(legal: list[Action]) -> Action | None:
    """``pick`` on the core's own actions."""
    for kind in PREFERENCE:
        options = [a for a in legal if a.type == kind]
        if options:
            return options[-1] if kind == "discard" else options[0]
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--actions", type=int, default=20000)
    parser.add_argument("--room", default="sichuan")
    parser.add_argument(
        "--full-views",
        dest="incremental",
        action="store_false",
        help="seats take a full view with every event (the TUI takes incremental events)",
    )
    parser.add_argument("--no-log", action="store_true", help="tables without the action log")
    parser.add_argument("--profile", help="write the measured part's cProfile stats here")
    options = parser.parse_args()
    prepare_analysis()
    figures = trio.run(drive, options)
    core = core_alone(options)
    mode = "incremental events" if options.incremental else "full views"
    log = "no action log" if options.no_log else "action log on"
    print(
        f"in-process hall, {options.room}, {options.tables} tables, {mode}, {log}: "
        f"{figures['hall_us']:.0f} us of hall CPU per action ({figures['actions']} actions, "
        f"clients' decoding {figures['decode_us']:.0f} us/action taken out), "
        f"{figures['per_s']:.0f} actions/s, {figures['per_commit']} actions a log commit, "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    print(f"the rules core alone, the same choices: {core:.0f} us of CPU per action")


if __name__ == "__main__":
    main()
