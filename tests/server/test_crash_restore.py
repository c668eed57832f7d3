"""Issue 13's proof, in small: a real ``qipai-server`` killed (SIGKILL, and once SIGTERM) while
timed ranked Go games with bets and untimed ones are played; after each start every player is
back at its seat at the state it last saw, the ledger check passes, and every result a player
was shown is stored (tests/server/crash_driver.py; the full run is bench/crash_restore.py)."""

from server.store import Store

from .crash_driver import run


def test_go_games_survive_kills_and_stops(tmp_path):
    db = tmp_path / "hall.db"
    tally = run(db, kills=3, terms=1, seed=5)
    assert tally.failures == []
    assert tally.restored >= 4 and tally.moves > 0
    store = Store(str(db))  # opening runs the ledger check
    try:
        for game_id, text in tally.shown_results.items():
            stored = store.game(game_id)
            assert stored is not None and stored.result == text
    finally:
        store.close()
