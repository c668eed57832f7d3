"""Stored mahjong hands: migration 3, and a stored hand replays to its own settlement."""

import json
import sqlite3

from qipai.mahjong.bots import play_hand
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.table.machine import HandMachine
from server.store import MIGRATIONS, MahjongHand, Store


def test_a_version_2_file_gains_the_hands_table_and_keeps_its_games(tmp_path):
    path = tmp_path / "old.db"
    old = sqlite3.connect(path, isolation_level=None)
    for step in (0, 1):
        old.executescript(f"BEGIN; {MIGRATIONS[step]} PRAGMA user_version={step + 1}; COMMIT;")
    old.execute(
        "INSERT INTO games VALUES (7, 'go', '{}', 'ann', 'bob', 'B+R', 'black', 'resign', 1, 3,"
        " '(;)', 0)"
    )
    old.close()
    store = Store(str(path))
    try:
        assert store.game(7) is not None and store.next_game_id() == 8
        assert store.mahjong_hand(8) is None
    finally:
        store.close()


def test_a_stored_hand_replays_to_its_settlement(tmp_path):
    hand = play_hand(HandMachine(get_ruleset("lengzi"), 99, dealer=2))
    record = {**hand.record(), "table_state": get_ruleset("lengzi").new_table_state()}
    stored = MahjongHand(
        id=12,
        room="lengzi",
        table_id=3,
        hand_number=1,
        players=json.dumps(["ann", "bob", "cat", "dan"]),
        record=json.dumps(record),
        settlement=json.dumps(hand.settlement.to_wire()),
        finished_at=1.0,
    )
    store = Store(str(tmp_path / "hall.db"))
    try:
        store.add_mahjong_hand(stored)
        wire = store.mahjong_hand(12).to_wire()
        assert store.next_game_id() == 13
    finally:
        store.close()
    assert wire["players"] == ["ann", "bob", "cat", "dan"] and wire["room"] == "lengzi"
    replayed = HandMachine.from_record(wire["record"], wire["record"]["table_state"])
    assert replayed.over
    assert replayed.settlement.to_wire() == wire["settlement"] == hand.settlement.to_wire()
