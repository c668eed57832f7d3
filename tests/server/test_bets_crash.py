"""A real ``qipai-server`` SIGKILLed while bets ride on a golden game: restarted on the same file,
it restores the game with its pool as the ledger holds it, so no coin is stranded or doubled,
and the ledger check passes."""

import sqlite3

from server import economy
from server.store import Store

from .test_server_cli import Line, start


def test_a_killed_server_restores_the_riding_bets_with_their_game(tmp_path):
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
    process, port = start(db)  # the game and its bets come back; the ledger check passes
    try:
        sam = Line(port)
        sam.request("hello", version=1)
        assert sam.request("login", name="sam", password="password-1")["type"] == "ok"
        view = sam.request("watch", table=table)["view"]
        assert view["game"]["bets"]["pool"] == {"black": 700, "white": 1300}
        assert view["game"]["move_number"] == 1
    finally:
        process.kill()
    process.wait()
    process.stdout.close()
    process.stderr.close()
    store = Store(str(db))
    try:
        economy.check_ledger(store.db)
        assert [economy.balance(store.db, n) for n in ("sam", "tom", "bets:go:1")] == [
            4300,
            3700,
            2000,
        ]
    finally:
        store.close()
