"""A hand a player saw settled is stored: a real ``qipai-server`` is SIGKILLed the instant a
client receives a hand's record id (a new row of ``game.history``), then restarted on the same
file, several times; coin tables of every ruleset play in each life.

After the last start every record id any client was shown is in the store under that id, as
the hand it was shown (table, hand number, players, settlement): nothing is published as done
before its commit, and a published id is never handed to another hand by a later life."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import trio

from server.store import Store

from .test_mahjong_crash import KILLED, ROOMS, TIMINGS
from .test_mahjong_support import SeatBot, seated_table
from .test_server_cli import start

MATCH = {"hands": 3, "timed": False, "tier": "free"}
LIVES = 5
TABLES = 2


@dataclass(frozen=True)
class Shown:
    """A settled hand as a client saw it."""

    table: int
    hand_number: int
    players: tuple[str, ...]
    totals: tuple[int, ...]
    settlement: dict | None


@dataclass
class KillingBot(SeatBot):
    """A seat bot that reports each message the instant it arrives."""

    seen: Callable[[dict], None] | None = None

    def _take(self, message: dict) -> None:
        super()._take(message)
        if message.get("table") == self.table and self.seen is not None:
            self.seen(message)


def settled_rows(message: dict) -> list[tuple[dict, dict | None]]:
    """The history rows a message shows, each with the settlement shown with it."""
    view = message.get("view")
    if view is None:
        return []
    game, hand = view["game"], view["hand"]
    rows = []
    for row in game["history"]:
        settlement = None
        if message.get("kind") == "escaped" and row.get("escaped") is not None:
            settlement = message["settlement"]
        elif hand is not None and game["hand_number"] == row["hand"] and hand["settlement"]:
            settlement = hand["settlement"]
        rows.append((row, settlement))
    return rows


async def one_life(db: Path, life: int, shown: dict[int, Shown]) -> int:
    """Coin tables play until a client is shown a record id it had not seen: the server dies
    that instant. Returns how many new ids were shown."""
    process, port = start(db, *TIMINGS)
    before = len(shown)

    def seen(message: dict) -> None:
        for row, settlement in settled_rows(message):
            if row["game"] in shown:
                continue
            names = tuple(message["view"]["seats"][s]["name"] for s in "0123")
            shown[row["game"]] = Shown(
                message["table"], row["hand"], names, tuple(row["totals"]), settlement
            )
            process.kill()

    async def plays(bot: KillingBot) -> None:
        try:
            await bot.play()
        except KILLED:
            return  # the server was killed under us

    async def tables(room: str, prefix: str) -> None:
        names = [f"{prefix}{seat}" for seat in "abcd"]
        try:
            _table, bots = await seated_table(SimpleNamespace(port=port), room, MATCH, names)
        except KILLED:
            return
        async with trio.open_nursery() as seats:
            for bot in bots:
                watching = KillingBot(bot.client, bot.table, bot.name, seen=seen)
                seats.start_soon(plays, watching)

    try:
        with trio.fail_after(60):
            async with trio.open_nursery() as nursery:
                for index in range(TABLES):
                    room = ROOMS[(life + index) % len(ROOMS)]
                    nursery.start_soon(tables, room, f"l{life}t{index}")
                while process.poll() is None:
                    await trio.sleep(0.01)
                nursery.cancel_scope.cancel()
    finally:
        process.kill()
        process.wait()
        process.stdout.close()
        process.stderr.close()
    return len(shown) - before


def test_every_hand_shown_settled_is_stored_under_its_id_after_sigkill(tmp_path):
    db = tmp_path / "hall.db"
    shown: dict[int, Shown] = {}
    for life in range(LIVES):
        assert trio.run(one_life, db, life, shown) >= 1
    process, _port = start(db, *TIMINGS)  # the start-up checks pass on the killed file
    process.kill()
    process.wait()
    process.stdout.close()
    process.stderr.close()
    store = Store(str(db))
    try:
        lost, different = [], []
        for game, hand in sorted(shown.items()):
            row = store.mahjong_hand(game)
            if row is None:
                lost.append(game)
                continue
            settlement = json.loads(row.settlement)
            as_stored = Shown(
                row.table_id,
                row.hand_number,
                tuple(json.loads(row.players)),
                tuple(settlement["totals"]),
                settlement if hand.settlement is not None else None,
            )
            if as_stored != hand:
                different.append((game, hand, as_stored))
    finally:
        store.close()
    assert not lost, f"{len(lost)} of {len(shown)} hands shown settled are not stored: {lost}"
    assert not different, f"stored as another hand than shown: {different}"
