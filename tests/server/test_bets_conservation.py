"""Conservation through the SQLite side of golden tables: random bets (many refused), then the
game stored with any result, or lost with the server and refunded on the next start. Every
balance equals its ledger, the pool ends empty, and the house holds exactly what bettors lost."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.platform.betting import BetBook
from qipai.platform.errors import PlatformError
from server import bets, economy
from server.store import GameRecord, Store

SPECTATORS = ("s0", "s1", "s2", "s3")
PLAYERS = ("ann", "bob")
attempts = st.lists(
    st.tuples(
        st.sampled_from(SPECTATORS + PLAYERS),
        st.sampled_from(("black", "white", "red")),
        st.integers(min_value=0, max_value=12_000),
        st.integers(min_value=0, max_value=60),
    ),
    max_size=14,
)
endings = st.sampled_from(("black", "white", "draw", "invalid", "lost"))


@settings(max_examples=40, deadline=None)
@given(attempts=attempts, ending=endings)
def test_bets_conserve_coins_whatever_the_game_does(attempts, ending):
    with tempfile.TemporaryDirectory() as folder:
        store = Store(str(Path(folder) / "hall.db"))
        try:
            for name in SPECTATORS + PLAYERS:
                store.add_account(name, b"s", b"h", 0.0)
            ref = bets.game_ref(1)
            book = BetBook(ref, frozenset(PLAYERS), ranked_go=True)
            staked = dict.fromkeys(SPECTATORS, 0)
            for bettor, side, amount, ply in sorted(attempts, key=lambda a: a[3]):
                balance = economy.balance(store.db, bettor)
                try:
                    movement = book.place(bettor, side, amount, plies_played=ply, balance=balance)
                except PlatformError:
                    continue
                bets.place_bet(store.db, 1, movement, 0.0)
                staked[bettor] += amount
            for name, amount in staked.items():
                assert economy.balance(store.db, name) == 5000 - amount
            if ending == "lost":
                bets.refund_unfinished(store.db, 1.0)  # what the next hall does on start
                nets: dict[str, int] = {}
            else:
                winner = ending if ending in ("black", "white") else None
                record = GameRecord(
                    1, "go", '{"friendly": false}', "ann", "bob", "?", winner, "count",
                    ending != "invalid", 250, "", 1.0,
                )  # fmt: skip
                settled = store.add_go_game(record)
                nets = {} if settled is None else settled.nets
            economy.check_ledger(store.db)
            assert economy.balance(store.db, bets.bet_pool_account(ref)) == 0
            for name in SPECTATORS:
                assert economy.balance(store.db, name) == 5000 + nets.get(name, 0)
            assert economy.balance(store.db, "house") == -5000 * 6 - sum(nets.values())
            if ending in ("draw", "invalid", "lost"):
                assert not any(nets.values())
        finally:
            store.close()
