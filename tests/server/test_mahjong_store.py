"""Stored mahjong hands: migration 3, a stored hand replays to its own settlement, and
``games`` lists them."""

import json
import sqlite3

import pytest

from qipai.mahjong.bots import play_hand
from qipai.mahjong.rulesets import get_ruleset, replay_record
from qipai.mahjong.table.machine import HandMachine
from server.store import MIGRATIONS, MahjongHand, Store

from .harness import running_hall, user
from .test_mahjong_support import fast_config, play_all, seated_table


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
    replayed = replay_record(wire["record"], wire["record"]["table_state"])
    assert replayed.over
    assert replayed.settlement.to_wire() == wire["settlement"] == hand.settlement.to_wire()


@pytest.mark.trio
async def test_games_lists_ones_mahjong_hands_next_to_go_games(tmp_path):
    """Each stored hand of the player's, newest first: ruleset, players by seat, the hand's
    totals and when; an escaped hand says whose seat escaped. Others' hands are not listed."""
    async with running_hall(tmp_path, config=fast_config()) as server:
        table, bots = await seated_table(server, "zhongyou", {"hands": 2, "timed": False})
        final = (await play_all(bots))[0]["game"]
        eve = await user(server, "eve")
        go = await eve.ok("create_table", room="go", options={"size": 9, "hotseat": True})
        await eve.ok("act", table=go["table"], action="resign")
        await server.hall.flush()
        listed = (await bots[2].client.ok("games"))["games"]
        history = final["history"]
        assert [g["game"] for g in listed] == [h["game"] for h in reversed(history)]
        for line, hand in zip(listed, reversed(history), strict=True):
            assert line["room"] == "zhongyou" and line["ruleset"] == "zhongyou"
            assert line["table"] == table and line["hand_number"] == hand["hand"]
            assert sorted(line["players"]) == ["ann", "bob", "cat", "dan"]
            assert line["scores"] == hand["totals"]
            assert line["finished_at"] > 0 and "escaped" not in line
        eves = (await eve.ok("games"))["games"]
        assert [g["room"] for g in eves] == ["go"]
