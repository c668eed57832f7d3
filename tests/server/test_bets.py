"""Golden tables end to end (platform.md §5, PL-09 … PL-12): spectators bet over TCP on a ranked
Go game, every refusal has its code and moves nothing, the pool is settled with the game record
(parimutuel with rake, or the refunds of PL-10), each bettor is told the outcome, and pools of
games that never finish are refunded at shutdown or on the next start."""

import sqlite3
import threading
from functools import partial

import pytest
import trio

from qipai.platform.betting import BetBook
from server import bets, economy
from server.hall import HallConfig
from server.store import GameRecord, Store

from .harness import Client, running_hall, user

BLACK = ["D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9", "C5"]
WHITE = ["F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "G5"]
SPECTATORS = "127.0.0.2"
# 25 stones a side on four separate rows: 50 plies and no capture.
COLUMNS = "ABCDEFGHJKLMNOPQRST"
BLACK_50 = [f"{c}4" for c in COLUMNS] + [f"{c}5" for c in COLUMNS[:6]]
WHITE_50 = [f"{c}16" for c in COLUMNS] + [f"{c}15" for c in COLUMNS[:6]]


def ledger_rows(server) -> int:
    return server.store.db.execute("SELECT COUNT(*) FROM ledger").fetchone()[0]


def coins(server, account: str) -> int:
    return economy.balance(server.store.db, account)


async def golden_table(server, *spectators: str):
    """ann (black) and bob (white) at a started ranked table, the spectators watching it
    from another machine (a bet from a player's address is refused, test_farming.py)."""
    ann, bob = await user(server, "ann"), await user(server, "bob")
    table = (await ann.ok("create_table", room="go", options={"friendly": False}))["table"]
    await ann.ok("sit", table=table, seat="black")
    await bob.ok("sit", table=table, seat="white")
    await ann.event("started", table)
    watchers = []
    for name in spectators:
        client = await user(server, name, address=SPECTATORS)
        await client.ok("watch", table=table)
        watchers.append(client)
    return ann, bob, table, watchers


async def play_stones(ann, bob, table, black, white):
    for b, w in zip(black, white, strict=True):
        await ann.ok("act", table=table, action="play", point=b)
        await bob.ok("act", table=table, action="play", point=w)


@pytest.mark.trio
async def test_the_worked_example_played_over_tcp_pays_the_parimutuel_split(tmp_path):
    """platform.md §5: S1 100 on Black, S2 300 on White, S3 200 on Black and 100 on White;
    Black wins: S1 +121, S2 −300, S3 +143, the house 36, everyone told."""
    async with running_hall(tmp_path) as server:
        ann, bob, table, (s1, s2, s3) = await golden_table(server, "s1", "s2", "s3")
        house = coins(server, "house")
        reply = await s1.ok("bet", table=table, side="black", amount=100)
        assert reply["bet"] == {"bettor": "s1", "side": "black", "amount": 100}
        assert reply["balance"] == 4900 and coins(server, "s1") == 4900
        event = await ann.event("bet", table)  # the players see every bet (000:L63)
        assert (event["bettor"], event["side"], event["amount"]) == ("s1", "black", 100)
        await s2.ok("bet", table=table, side="white", amount=300)
        await s3.ok("bet", table=table, side="black", amount=200)
        await s3.ok("bet", table=table, side="white", amount=100)
        seen = (await s1.ok("snapshot", table=table))["view"]
        assert seen["you"]["legal"] == ["bet"]
        shown = seen["game"]["bets"]
        assert shown["open"] is True and shown["pool"] == {"black": 300, "white": 400}
        assert [(b["bettor"], b["side"], b["amount"]) for b in shown["bets"]] == [
            ("s1", "black", 100),
            ("s2", "white", 300),
            ("s3", "black", 200),
            ("s3", "white", 100),
        ]
        assert coins(server, bets.bet_pool_account(bets.game_ref(shown["game"]))) == 700
        await play_stones(ann, bob, table, BLACK, WHITE)
        await bob.ok("act", table=table, action="resign")
        over = await s2.event("over", table)
        assert over["result"]["winner"] == "black" and over["result"]["valid"] is True
        outcome = over["view"]["game"]["bets"]["outcome"]
        assert outcome["refunded"] is False and outcome["rake"] == 35
        assert {n: o["net"] for n, o in outcome["bettors"].items()} == {
            "s1": 121,
            "s2": -300,
            "s3": 143,
        }
        for client, text, kind in (
            (s1, "赢 121", "won"),
            (s2, "输 300", "lost"),
            (s3, "赢 143", "won"),
        ):
            told = await client.push(lambda m: m["type"] == "bet_result")
            assert (told["text"], told["outcome"], told["table"]) == (text, kind, table)
            assert told["game"] == over["result"]["game"]
        await server.hall.flush()
        assert [coins(server, n) for n in ("s1", "s2", "s3")] == [5121, 4700, 5143]
        assert coins(server, "house") - house == 36
        assert coins(server, bets.bet_pool_account(bets.game_ref(shown["game"]))) == 0
        economy.check_ledger(server.store.db)
        entries = (await s1.ok("profile"))["entries"]
        assert [(e["amount"], e["reason"]) for e in entries[:2]] == [
            (221, "bet_payout"),
            (-100, "bet"),
        ]


@pytest.mark.trio
async def test_every_refusal_has_its_code_and_moves_nothing(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, bob, table, (sam, tom) = await golden_table(server, "sam", "tom")
        cai = await user(server, "cai")  # not watching
        friendly = (await cai.ok("create_table", room="go", options={"size": 9}))["table"]
        mahjong = (await cai.ok("create_table", room="sichuan"))["table"]
        waiting = (await cai.ok("create_table", room="go", options={"friendly": False}))["table"]
        await sam.ok("watch", table=friendly)
        await sam.ok("watch", table=waiting)
        before = ledger_rows(server)
        refusals = [
            (sam, {"table": friendly, "side": "black", "amount": 100}, "not_golden_table"),
            (sam, {"table": mahjong, "side": "black", "amount": 100}, "not_golden_table"),
            (sam, {"table": waiting, "side": "black", "amount": 100}, "table_not_started"),
            (ann, {"table": table, "side": "white", "amount": 100}, "seated_cannot_bet"),
            (bob, {"table": table, "side": "white", "amount": 100}, "seated_cannot_bet"),
            (cai, {"table": table, "side": "black", "amount": 100}, "not_at_table"),
            (sam, {"table": table, "side": "black", "amount": 9}, "bet_amount_out_of_range"),
            (sam, {"table": table, "side": "black", "amount": 10_001}, "bet_amount_out_of_range"),
            (sam, {"table": table, "side": "red", "amount": 100}, "bad_field"),
            (sam, {"table": table, "side": "black", "amount": "100"}, "bad_field"),
            (sam, {"table": table, "side": "black"}, "missing_field"),
            (sam, {"table": table, "side": "black", "amount": 5_001}, "insufficient_coins"),
            (sam, {"table": 999, "side": "black", "amount": 100}, "no_such_table"),
        ]
        for client, fields, code in refusals:
            assert await client.error("bet", **fields) == code, (fields, code)
        assert ledger_rows(server) == before and coins(server, "sam") == 5000
        await sam.ok("bet", table=table, side="black", amount=10)
        await sam.ok("bet", table=table, side="white", amount=5_000 - 10)  # all he has left
        rows = ledger_rows(server)
        assert await sam.error("bet", table=table, side="black", amount=10) == "bet_limit_reached"
        assert await tom.error("bet", table=table, side="black", amount=5_001) == (
            "insufficient_coins"
        )
        assert ledger_rows(server) == rows and coins(server, "sam") == 0
        view = (await tom.ok("snapshot", table=table))["view"]["game"]["bets"]
        assert view["pool"] == {"black": 10, "white": 4_990} and len(view["bets"]) == 2
        shown = [await ann.event("bet", table) for _ in range(2)]  # refusals publish nothing
        assert [(e["side"], e["amount"]) for e in shown] == [("black", 10), ("white", 4_990)]
        assert shown[1]["seq"] == shown[0]["seq"] + 1


@pytest.mark.trio
async def test_bets_close_the_instant_ply_50_is_played(tmp_path):
    """PL-09: open while fewer than 50 plies were played (a bet after ply 49 stands), closed
    when ply 50 is played; an undo does not reopen them."""
    async with running_hall(tmp_path) as server:
        ann, bob, table, (sam,) = await golden_table(server, "sam")
        await play_stones(ann, bob, table, BLACK_50[:24], WHITE_50[:24])
        await ann.ok("act", table=table, action="play", point=BLACK_50[24])  # ply 49
        await sam.ok("bet", table=table, side="white", amount=50)
        await bob.ok("act", table=table, action="play", point=WHITE_50[24])  # ply 50
        rows = ledger_rows(server)
        assert await sam.error("bet", table=table, side="white", amount=50) == "bet_window_closed"
        view = (await sam.ok("snapshot", table=table))["view"]
        assert view["game"]["bets"]["open"] is False and view["you"]["legal"] == []
        await bob.ok("act", table=table, action="undo_request")
        await ann.ok("act", table=table, action="undo_accept")
        assert (await sam.ok("snapshot", table=table))["view"]["game"]["move_number"] == 49
        assert await sam.error("bet", table=table, side="white", amount=50) == "bet_window_closed"
        assert ledger_rows(server) == rows and coins(server, "sam") == 4950


@pytest.mark.trio
async def test_an_invalid_game_refunds_every_bet_and_a_game_ended_early_closes_bets(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, bob, table, (sam, tom) = await golden_table(server, "sam", "tom")
        await sam.ok("bet", table=table, side="black", amount=400)
        await tom.ok("bet", table=table, side="white", amount=600)
        await ann.ok("act", table=table, action="play", point="Q16")
        await bob.ok("act", table=table, action="resign")  # 1 stone: invalid (GO-05)
        over = await sam.event("over", table)
        assert over["result"]["valid"] is False
        assert over["view"]["game"]["bets"]["outcome"]["refunded"] is True
        told = await tom.push(lambda m: m["type"] == "bet_result")
        assert (told["outcome"], told["net"]) == ("refunded", 0)
        assert await sam.error("bet", table=table, side="black", amount=10) == "bet_window_closed"
        assert coins(server, "sam") == coins(server, "tom") == 5000
        economy.check_ledger(server.store.db)


@pytest.mark.trio
async def test_a_one_sided_pool_is_refunded_and_a_friendly_game_has_no_bets(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, bob, table, (sam, tom) = await golden_table(server, "sam", "tom")
        await sam.ok("bet", table=table, side="black", amount=400)
        await tom.ok("bet", table=table, side="black", amount=100)
        await play_stones(ann, bob, table, BLACK, WHITE)
        await bob.ok("act", table=table, action="resign")
        over = await sam.event("over", table)
        assert over["result"]["winner"] == "black" and over["result"]["valid"] is True
        assert over["view"]["game"]["bets"]["outcome"]["refunded"] is True
        assert coins(server, "sam") == coins(server, "tom") == 5000
        assert coins(server, "house") == -4 * 5000  # no rake on a refund
        friendly = (await ann.ok("create_table", room="go", options={"size": 9}))["table"]
        watched = await sam.ok("watch", table=friendly)
        assert watched["view"]["game"]["bets"] is None and watched["view"]["you"]["legal"] == []


def finished(game_id: int, winner: str | None, valid: bool = True) -> GameRecord:
    options = '{"friendly": false}'
    return GameRecord(
        game_id, "go", options, "ann", "bob", "?", winner, "count", valid, 250, "", 1.0
    )


@pytest.fixture
def store(tmp_path):
    store = Store(str(tmp_path / "hall.db"))
    for name in ("ann", "bob", "sam", "tom"):
        store.add_account(name, b"s", b"h", 0.0)
    yield store
    store.close()


def stake(store: Store, game_id: int, bettor: str, side: str, amount: int) -> None:
    ref = bets.game_ref(game_id)
    book = BetBook.from_ledger(ref, frozenset({"ann", "bob"}), bets.pool_entries(store.db, ref))
    movement = book.place(
        bettor, side, amount, plies_played=0, balance=economy.balance(store.db, bettor)
    )
    bets.place_bet(store.db, game_id, movement, 0.0)


def test_a_draw_refunds_without_rake_in_the_game_records_transaction(store):
    stake(store, 7, "sam", "black", 300)
    stake(store, 7, "tom", "white", 200)
    settled = store.add_go_game(finished(7, None))
    assert settled is not None and settled.refunded and settled.nets == {"sam": 0, "tom": 0}
    assert economy.balance(store.db, "sam") == economy.balance(store.db, "tom") == 5000
    assert economy.balance(store.db, "bets:go:7") == 0
    economy.check_ledger(store.db)


def test_a_bet_reaching_the_ledger_after_the_game_record_is_refused_whole(store):
    stake(store, 7, "sam", "black", 300)
    store.add_go_game(finished(7, "white"))  # one-sided: refunded
    ref = bets.game_ref(7)
    book = BetBook(ref, frozenset({"ann", "bob"}), ranked_go=True)
    late = book.place("tom", "white", 100, plies_played=10, balance=5000)
    rows = store.db.execute("SELECT COUNT(*) FROM ledger").fetchone()[0]
    with pytest.raises(Exception, match="bet_window_closed"):
        bets.place_bet(store.db, 7, late, 2.0)
    assert store.db.execute("SELECT COUNT(*) FROM ledger").fetchone()[0] == rows
    assert economy.balance(store.db, "tom") == 5000


def test_a_failed_game_write_settles_no_bet(store, monkeypatch):
    stake(store, 7, "sam", "black", 300)
    stake(store, 7, "tom", "white", 200)

    def broken(record):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store, "add_game", broken)
    with pytest.raises(sqlite3.OperationalError):
        store.add_go_game(finished(7, "black"))
    assert economy.balance(store.db, "bets:go:7") == 500  # still riding, nothing half-paid


@pytest.mark.trio
async def test_a_restart_refunds_the_pools_of_games_that_never_finished(tmp_path, store):
    stake(store, 7, "sam", "black", 300)
    stake(store, 7, "tom", "white", 200)
    stake(store, 9, "tom", "black", 50)
    stake(store, 11, "sam", "white", 10)
    store.add_go_game(finished(11, "white"))  # finished: one-sided, refunded with its game
    store.close()
    opened = Store(str(tmp_path / "hall.db"))  # a tool opening the file refunds nothing
    try:
        assert economy.balance(opened.db, "bets:go:7") == 500
    finally:
        opened.close()
    async with running_hall(tmp_path) as server:  # what a crash leaves: pools 7 and 9 full
        db = server.store.db
        assert economy.balance(db, "sam") == economy.balance(db, "tom") == 5000
        for pool in ("bets:go:7", "bets:go:9", "bets:go:11"):
            assert economy.balance(db, pool) == 0
        reasons = db.execute(
            "SELECT ref, COUNT(*) FROM ledger WHERE reason = 'bet_refund' GROUP BY ref ORDER BY ref"
        ).fetchall()
        assert reasons == [("go:11", 2), ("go:7", 4), ("go:9", 2)]
        economy.check_ledger(db)
        assert server.store.next_game_id() == 12  # no id with a pool is handed out again


@pytest.mark.trio
async def test_a_server_stopping_mid_game_keeps_the_bets_for_the_restored_game(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, bob, table, (sam, tom) = await golden_table(server, "sam", "tom")
        await sam.ok("bet", table=table, side="black", amount=400)
        await tom.ok("bet", table=table, side="white", amount=600)
        await ann.ok("act", table=table, action="play", point="Q16")
    db = sqlite3.connect(str(tmp_path / "hall.db"))  # as the stopped server left it
    try:
        assert (economy.balance(db, "sam"), economy.balance(db, "tom")) == (4600, 4400)
        assert economy.balance(db, "bets:go:1") == 1000
        economy.check_ledger(db)
    finally:
        db.close()
    async with running_hall(tmp_path) as server:  # the game comes back with its bets
        bets_view = server.hall.tables[table].game_view()["bets"]
        assert bets_view["pool"] == {"black": 400, "white": 600}
        assert [(b["bettor"], b["amount"]) for b in bets_view["bets"]] == [
            ("sam", 400),
            ("tom", 600),
        ]


@pytest.mark.trio
async def test_a_bettor_who_left_is_still_told_and_paid(tmp_path):
    async with running_hall(tmp_path) as server:
        ann, bob, table, (sam, tom) = await golden_table(server, "sam", "tom")
        await sam.ok("bet", table=table, side="black", amount=1000)
        await tom.ok("bet", table=table, side="white", amount=1000)
        await sam.ok("leave", table=table)
        await play_stones(ann, bob, table, BLACK, WHITE)
        await ann.ok("act", table=table, action="resign")
        told = await sam.push(lambda m: m["type"] == "bet_result")
        assert (told["outcome"], told["net"], told["text"]) == ("lost", -1000, "输 1000")
        told = await tom.push(lambda m: m["type"] == "bet_result")
        assert (told["outcome"], told["net"]) == ("won", 900)  # 2000 − 100 rake
        await server.hall.flush()
        assert coins(server, "tom") == 5900 and coins(server, "sam") == 4000


@pytest.mark.trio
async def test_bets_racing_the_end_of_the_game_are_either_settled_with_it_or_refused(tmp_path):
    """Twelve spectators fire both their bets while White resigns: whatever got into the pool
    is settled with the game, whatever came too late is refused whole, and no coin is lost."""
    async with running_hall(tmp_path) as server:
        names = [f"w{i}" for i in range(12)]
        ann, bob, table, watchers = await golden_table(server, *names)
        await play_stones(ann, bob, table, BLACK, WHITE)
        replies: dict[str, list[dict]] = {name: [] for name in names}

        async def bettor(name, client, side):
            for amount in (100, 250):
                replies[name].append(
                    await client.request("bet", table=table, side=side, amount=amount)
                )

        async with trio.open_nursery() as nursery:
            for i, (name, client) in enumerate(zip(names, watchers, strict=True)):
                nursery.start_soon(bettor, name, client, "black" if i % 2 else "white")
            await ann.event("bet", table)  # the first bets are in, the rest in flight
            nursery.start_soon(partial(bob.ok, "act", table=table, action="resign"))
        await server.hall.flush()
        over = await ann.event("over", table)
        outcome = over["view"]["game"]["bets"]["outcome"]
        placed = over["view"]["game"]["bets"]["bets"]
        accepted = {
            name: sum(r["bet"]["amount"] for r in got if r["type"] == "ok")
            for name, got in replies.items()
        }
        for got in replies.values():
            assert all(r["type"] == "ok" or r["code"] == "bet_window_closed" for r in got)
        assert sum(accepted.values()) == sum(b["amount"] for b in placed)
        db = server.store.db
        economy.check_ledger(db)
        assert (
            economy.balance(db, bets.bet_pool_account(bets.game_ref(over["result"]["game"]))) == 0
        )
        nets = {} if outcome is None else {n: o["net"] for n, o in outcome["bettors"].items()}
        for name in names:
            assert coins(server, name) == 5000 + nets.get(name, 0), name
            assert (name in nets) == (accepted[name] > 0)
        # The house issued 14 grants and kept exactly what the bettors lost in all.
        assert coins(server, "house") == -14 * 5000 - sum(nets.values())


@pytest.mark.trio
async def test_a_stake_still_being_written_is_hidden_then_settled_with_the_game(
    tmp_path, monkeypatch
):
    """Only bets in the ledger are shown; one whose stake is being written when the game ends is
    written first (one writer, in order) and so settled with the game."""
    async with running_hall(tmp_path) as server:
        ann, bob, table, (sam, tom) = await golden_table(server, "sam", "tom")
        await tom.ok("bet", table=table, side="white", amount=300)
        await play_stones(ann, bob, table, BLACK, WHITE)
        entered, release = threading.Event(), threading.Event()
        write = bets.place_bet

        def held(*args):
            entered.set()
            release.wait(10)
            return write(*args)

        monkeypatch.setattr(bets, "place_bet", held)
        async with trio.open_nursery() as nursery:
            reply: list[dict] = []

            async def sams_bet():
                reply.append(await sam.request("bet", table=table, side="black", amount=100))

            nursery.start_soon(sams_bet)
            assert await trio.to_thread.run_sync(entered.wait, 10)
            shown = (await tom.ok("snapshot", table=table))["view"]["game"]["bets"]
            assert shown["pool"] == {"black": 0, "white": 300} and len(shown["bets"]) == 1

            async def resign():  # its log entry and its record queue behind the stake
                await bob.ok("act", table=table, action="resign")

            nursery.start_soon(resign)
            await trio.sleep(0.2)
            release.set()
        assert reply[0]["type"] == "ok"
        over = await tom.event("over", table)
        outcome = over["view"]["game"]["bets"]["outcome"]
        # Pool 400, rake 20: sam's 100 on the winner takes the other 380.
        assert {n: o["net"] for n, o in outcome["bettors"].items()} == {"sam": 280, "tom": -300}
        await server.hall.flush()
        assert coins(server, "sam") == 5280 and coins(server, "tom") == 4700
        economy.check_ledger(server.store.db)


@pytest.mark.trio
async def test_a_stake_the_database_fails_to_write_leaves_no_bet_behind(tmp_path, monkeypatch):
    async with running_hall(tmp_path) as server:
        ann, bob, table, (sam,) = await golden_table(server, "sam")
        write = bets.place_bet

        def failing(*args):
            raise sqlite3.OperationalError("disk I/O error")

        monkeypatch.setattr(bets, "place_bet", failing)
        assert await sam.error("bet", table=table, side="black", amount=100) == "internal_error"
        shown = (await sam.ok("snapshot", table=table))["view"]["game"]["bets"]
        assert shown["bets"] == [] and shown["pool"] == {"black": 0, "white": 0}
        monkeypatch.setattr(bets, "place_bet", write)
        await sam.ok("bet", table=table, side="black", amount=100)  # both bets still his
        await sam.ok("bet", table=table, side="white", amount=100)
        assert coins(server, "sam") == 4800


@pytest.mark.trio
async def test_a_player_leaving_forfeits_and_the_bets_settle_on_that_result(tmp_path):
    """Leaving is resignation (GO-09): a valid game settles normally on it."""
    async with running_hall(tmp_path) as server:
        ann, bob, table, (sam, tom) = await golden_table(server, "sam", "tom")
        await sam.ok("bet", table=table, side="black", amount=1000)
        await tom.ok("bet", table=table, side="white", amount=1000)
        await play_stones(ann, bob, table, BLACK, WHITE)
        await ann.ok("leave", table=table)
        over = await bob.event("over", table)
        assert over["result"]["winner"] == "white" and over["result"]["reason"] == "resign"
        nets = over["view"]["game"]["bets"]["outcome"]["bettors"]
        assert (nets["sam"]["net"], nets["tom"]["net"]) == (-1000, 900)
        await server.hall.flush()
        assert (coins(server, "sam"), coins(server, "tom")) == (4000, 5900)


@pytest.mark.trio
async def test_a_guest_from_the_ssh_door_may_watch_but_not_bet(tmp_path):
    """Each visit mints a guest's coins; losing them on purpose would hand coins to others."""
    async with running_hall(tmp_path, config=HallConfig(door_secret="door-secret")) as server:
        ann, bob, table, _ = await golden_table(server)
        door = await Client.connect(server)
        ticket = await door.ok("door_ticket", secret="door-secret", guest=True)
        guest = await Client.connect(server)
        await guest.ok("ticket_login", ticket=ticket["ticket"])
        await guest.ok("watch", table=table)
        rows = ledger_rows(server)
        assert await guest.error("bet", table=table, side="black", amount=100) == "friendly_only"
        assert ledger_rows(server) == rows
