"""A real ``qipai-server`` SIGKILLed while bets ride on a golden game: restarted on the same file,
it refunds the pool before it listens, so no coin is stranded, and the ledger check passes."""

import sqlite3

from server import economy
from server.store import Store

from .test_server_cli import Line, start


def test_a_killed_server_refunds_the_riding_bets_when_it_starts_again(tmp_path):
    db = tmp_path / "hall.db"
    # Fresh accounts from one address bet here: the farming defences are test_farming.py's.
    process, port = start(db, "--registration", "open", "--newcomers", "0,0")
    try:
        clients = {name: Line(port) for name in ("ann", "bob")}
        clients |= {name: Line(port, "127.0.0.2") for name in ("sam", "tom")}  # spectators
        for name, client in clients.items():
            client.request("hello", version=1)
            assert client.request("register", name=name, password="password-1")["type"] == "ok"
        ann, bob, sam, tom = clients.values()
        table = ann.request("create_table", room="go", options={"friendly": False})["table"]
        assert ann.request("sit", table=table, seat="black")["type"] == "ok"
        assert bob.request("sit", table=table, seat="white")["type"] == "ok"
        for bettor, side, amount in ((sam, "black", 700), (tom, "white", 1300)):
            assert bettor.request("watch", table=table)["type"] == "ok"
            reply = bettor.request("bet", table=table, side=side, amount=amount)
            assert reply["type"] == "ok", reply
        assert ann.request("act", table=table, action="play", point="Q16")["type"] == "ok"
    finally:
        process.kill()
        process.wait()
        process.stdout.close()
        process.stderr.close()
    killed = sqlite3.connect(str(db))  # the file as the kill left it: the stakes still ride
    try:
        assert economy.balance(killed, "bets:go:1") == 2000
    finally:
        killed.close()
    process, port = start(db)  # the start-up refunds, then the ledger check passes
    process.kill()
    process.wait()
    process.stdout.close()
    process.stderr.close()
    store = Store(str(db))
    try:
        economy.check_ledger(store.db)
        assert [economy.balance(store.db, n) for n in ("sam", "tom", "bets:go:1")] == [
            5000,
            5000,
            0,
        ]
        refunds = store.db.execute(
            "SELECT account, amount FROM ledger WHERE reason = 'bet_refund' AND amount > 0"
        ).fetchall()
        assert sorted(refunds) == [("sam", 700), ("tom", 1300)]
    finally:
        store.close()
