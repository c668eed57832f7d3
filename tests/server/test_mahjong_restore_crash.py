"""Issue 13's proof for mahjong: a real ``qipai-server`` SIGKILLed (every fifth life stopped
with SIGTERM instead) at random moments while coin-room matches of every ruleset are played
by protocol clients. After each start every
player logs in again and finds its seat at the same table id, at or after the point of the
hand it last saw (the same hand number, the wall no fuller); at the end every stored hand is
whole with its coins and 积分, and only the pots of matches still being played hold coins
(test_mahjong_crash's checks). ``QIPAI_MAHJONG_KILLS=50`` runs the full count (with pytest's
``--timeout=900``: it outlasts the suite's 300 s per test)."""

from __future__ import annotations

import contextlib
import os
import random
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import trio

from server.store import Store

from .harness import Client
from .test_mahjong_crash import KILLED, MATCH, ROOMS, TIMINGS, assert_hands_whole
from .test_mahjong_support import SeatBot, seated_table
from .test_server_cli import start

KILLS = int(os.environ.get("QIPAI_MAHJONG_KILLS", "3"))
LONG_MATCH = {**MATCH, "hands": 16}
"""Long enough that each match outlives several kills (three hands can end within one life)."""


@dataclass
class Match:
    room: str
    names: list[str]
    table: int | None = None
    seen: dict | None = None
    """Each player's last view: name -> view."""
    over: bool = False


def progress(view: dict) -> tuple[int, int]:
    hand = view.get("hand")
    wall = hand["wall"] if hand else 200
    return view["game"]["hand_number"], -wall


async def play_until_killed(bot: SeatBot) -> None:
    with contextlib.suppress(*KILLED):
        await bot.play()


async def ended_while_away(hall, match: Match) -> bool:
    """The kill came after the match's last hand was stored but before its players were told
    (they saw it ``ending``): it is over, with no table to come back to. Any other match must
    still seat its players."""
    name = match.names[0]
    client = await Client.connect(hall)
    try:
        reply = await client.ok("login", name=name, password="password-1")
    finally:
        await client.stream.aclose()
    if match.table in [s["table"] for s in reply["seats"]]:
        return False
    phase = (match.seen.get(name) or {}).get("game", {}).get("phase")
    assert phase in ("ending", "over"), (name, match.room, phase, reply["seats"])
    return True


async def life(process, port: int, matches: list[Match], number: int, rng, tally: dict) -> None:
    hall = SimpleNamespace(port=port)
    bots: list[SeatBot] = []
    for match in matches:
        if match.table is not None and not match.over:
            match.over = await ended_while_away(hall, match)
        if match.table is None or match.over:
            tally["ended"] += match.over  # played to its end: a new match, nothing to restore
            match.names = [f"{match.room[:3]}{number}{seat}" for seat in "abcd"]
            match.table, seated = await seated_table(hall, match.room, LONG_MATCH, match.names)
            match.over, match.seen = False, {}
            bots.extend(seated)
            continue
        for name in match.names:
            client = await Client.connect(hall)
            reply = await client.ok("login", name=name, password="password-1")
            assert match.table in [s["table"] for s in reply["seats"]], (name, reply["seats"])
            snapshot = await client.push(
                lambda m, t=match.table: m["type"] == "snapshot" and m["table"] == t
            )
            seen = match.seen.get(name)
            if seen is not None:
                assert progress(snapshot["view"]) >= progress(seen), (name, match.room)
            bot = SeatBot(client, match.table, name)
            bot.view = snapshot["view"]
            bots.append(bot)
        tally["restored"] += 1
    async with trio.open_nursery() as nursery:  # played until the kill, at a random moment
        for bot in bots:
            nursery.start_soon(play_until_killed, bot)
        await trio.sleep(rng.uniform(0.5, 2.0))
        if number % 5 == 1:  # now and then a clean stop (SIGTERM) instead of a SIGKILL
            process.terminate()
            tally["terms"] += 1
        else:
            process.kill()
        await trio.to_thread.run_sync(process.wait)
    for bot in bots:
        bot.drain()
    for match in matches:
        for bot in bots:
            if bot.table == match.table and bot.view is not None:
                match.seen[bot.name] = bot.view
                match.over = match.over or bot.view["game"]["phase"] == "over"


async def guarded_life(db: Path, matches, number, rng, tally) -> None:
    process, port = start(db, *TIMINGS)
    try:
        await life(process, port, matches, number, rng, tally)
    finally:
        process.kill()
        process.wait()
        process.stdout.close()
        process.stderr.close()


def test_coin_matches_of_every_ruleset_come_back_after_sigkill(tmp_path):
    db = tmp_path / "hall.db"
    rng = random.Random(11)
    matches = [Match(room, []) for room in ROOMS]
    tally = {"restored": 0, "ended": 0, "terms": 0}
    for number in range(KILLS + 1):
        trio.run(guarded_life, db, matches, number, rng, tally)
    store = Store(str(db))
    try:
        hands, _escapes = assert_hands_whole(store.db, LONG_MATCH["hands"])
    finally:
        store.close()
    assert tally["restored"] >= len(ROOMS) * (KILLS - 1) - tally["ended"]
    print(
        f"{KILLS - tally['terms']} SIGKILLs and {tally['terms']} SIGTERMs,"
        f" {tally['restored']} matches restored and checked,"
        f" {tally['ended']} played to their end, {hands} hands stored"
    )
