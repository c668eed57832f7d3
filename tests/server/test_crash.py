"""Crash safety and concurrency of settlement: a real ``qipai-server`` killed with SIGKILL while
ranked games settle and accounts open, then restarted on the same file; and many tables settling
at once in one hall. Whatever was stored is whole: every stored ranked game has both standing
entries, every standing equals a replay of the stored games, every account holds exactly its
grant, and the start-up ledger check passes."""

import json
import random
import threading
import time

import pytest
import trio

from qipai.platform.go_ranks import GoStanding, record_ranked_game
from qipai.platform.grants import NEW_ACCOUNT_COINS
from server import economy
from server.store import Store

from .harness import Client, running_hall
from .test_server_cli import Line, start

BLACK = ["D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9", "C5"]
WHITE = ["F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "G5"]


def assert_whole(store: Store) -> int:
    """Check everything stored is consistent; returns the number of ranked games."""
    db = store.db
    economy.check_ledger(db)
    names = [row[0] for row in db.execute("SELECT name FROM accounts")]
    for name in names:
        assert economy.balance(db, name) == NEW_ACCOUNT_COINS, name
        assert economy.standing(db, name) is not None
    assert economy.balance(db, "house") == -NEW_ACCOUNT_COINS * len(names)
    ranked = {
        game_id: (black, white, winner, bool(valid))
        for game_id, black, white, winner, valid, options in db.execute(
            "SELECT id, black, white, winner, valid, options FROM games"
        )
        if not json.loads(options)["friendly"]
    }
    entries = {}
    for game, name, counted, won, flag, steps, before, after in db.execute(
        "SELECT * FROM ranked_go"
    ):
        entries.setdefault(game, {})[name] = (counted, won, flag, steps, before, after)
    assert set(entries) == {g for g, (_, _, _, valid) in ranked.items() if valid}
    standings = {name: GoStanding.new() for name in names}
    order = [
        row[0] for row in db.execute("SELECT game FROM ranked_go GROUP BY game ORDER BY MIN(rowid)")
    ]
    for game in order:
        black, white, winner, valid = ranked[game]
        assert set(entries[game]) == {black, white}
        (b_after, b_entry), (w_after, w_entry) = record_ranked_game(
            (black, standings[black]), (white, standings[white]), winner, valid=valid
        )
        standings[black], standings[white] = b_after, w_after
        for name, entry in ((black, b_entry), (white, w_entry)):
            assert entries[game][name] == (
                int(entry.counted),
                int(entry.won),
                int(entry.collusion_flag),
                entry.steps,
                entry.rank_before,
                entry.rank_after,
            )
    for name in names:
        assert economy.standing(db, name) == standings[name], name
    return len(order)


def play_pairs(port: int, prefix: str, stop: threading.Event) -> None:
    """Two new players play ranked games until the server dies or ``stop`` is set."""
    try:
        ann, bob = Line(port), Line(port)
        for client, name in ((ann, f"{prefix}a"), (bob, f"{prefix}b")):
            client.request("hello", version=1)
            assert client.request("register", name=name, password="password-1")["type"] == "ok"
        game = 0
        while not stop.is_set():
            table = ann.request("create_table", room="go", options={"friendly": False})["table"]
            black, white = (ann, bob) if game % 2 == 0 else (bob, ann)
            assert black.request("sit", table=table, seat="black")["type"] == "ok"
            assert white.request("sit", table=table, seat="white")["type"] == "ok"
            for b, w in zip(BLACK, WHITE, strict=True):
                black.request("act", table=table, action="play", point=b)
                white.request("act", table=table, action="play", point=w)
            (white if game % 3 else black).request("act", table=table, action="resign")
            for client in (ann, bob):
                client.request("leave", table=table)
            game += 1
    except (OSError, EOFError, KeyError):
        return  # the server was killed under us


def test_sigkill_while_games_settle_leaves_every_game_whole(tmp_path):
    db = tmp_path / "hall.db"
    chance = random.Random(7)
    for round_number in range(4):
        process, port = start(db, "--registration", "open")  # many players, one address
        stop = threading.Event()
        drivers = [
            threading.Thread(target=play_pairs, args=(port, f"r{round_number}p{i}", stop))
            for i in range(3)
        ]
        for driver in drivers:
            driver.start()
        time.sleep(chance.uniform(1.0, 3.0))
        process.kill()
        process.wait()
        stop.set()
        for driver in drivers:
            driver.join(timeout=20)
        process.stdout.close()
        process.stderr.close()
    process, port = start(db)  # the start-up ledger check passes on the killed file
    process.kill()
    process.wait()
    process.stdout.close()
    process.stderr.close()
    store = Store(str(db))
    try:
        assert assert_whole(store) > 0
    finally:
        store.close()


@pytest.mark.trio
async def test_many_tables_settling_at_once_lose_nothing(tmp_path):
    pairs = 8
    games_each = 2
    async with running_hall(tmp_path) as server:

        async def pair(i: int) -> None:
            ann, bob = await Client.connect(server), await Client.connect(server)
            await ann.ok("register", name=f"a{i}", password="password-1")
            await bob.ok("register", name=f"b{i}", password="password-1")
            for _ in range(games_each):
                created = await ann.ok("create_table", room="go", options={"friendly": False})
                table = created["table"]
                await ann.ok("sit", table=table, seat="black")
                await bob.ok("sit", table=table, seat="white")
                for b, w in zip(BLACK, WHITE, strict=True):
                    await ann.ok("act", table=table, action="play", point=b)
                    await bob.ok("act", table=table, action="play", point=w)
                await bob.ok("act", table=table, action="resign")
                await ann.ok("leave", table=table)
                await bob.ok("leave", table=table)

        async with trio.open_nursery() as nursery:
            for i in range(pairs):
                nursery.start_soon(pair, i)
        await server.hall.flush()
        assert assert_whole(server.store) == pairs * games_each
        for i in range(pairs):
            assert economy.standing(server.store.db, f"a{i}").window == (True,) * games_each
            assert economy.standing(server.store.db, f"b{i}").window == (False,) * games_each
