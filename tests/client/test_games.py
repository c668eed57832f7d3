"""My games lists Go games and mahjong hands; `s` saves a Go game as SGF and a mahjong hand as
a readable text replay (the deal, every action with its draws, the settlement)."""

from __future__ import annotations

import json

import pytest
from textual.widgets import DataTable

from client.mahjong_record_text import record_text, tiles_text
from client.screens.games import GamesScreen, game_cells
from qipai.mahjong.bots import play_hand
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.table.machine import HandMachine
from tests.client.fakes import FakeHall
from tests.client.one_screen import OneScreenApp, until

NAMES = ["ann", "bob", "cat", "dan"]
GO_GAME = {
    "game": 3,
    "room": "go",
    "black": "ann",
    "white": "eve",
    "result": "黑中盘胜",
    "valid": True,
    "finished_at": 1796000000.0,
    "moves": 57,
}


def stored_hand(game: int, machine: HandMachine, **record: object) -> dict:
    """A hand as ``game_record`` returns it (docs/protocol.md §9)."""
    return {
        "game": game,
        "room": "sichuan",
        "table": 5,
        "hand_number": 1,
        "players": NAMES,
        "record": {**machine.record(), "table_state": {}, **record},
        "settlement": machine.settlement.to_wire() if machine.settlement else {},
        "finished_at": 1796000100.0,
    }


def summary(stored: dict) -> dict:
    return {
        "game": stored["game"],
        "room": "sichuan",
        "ruleset": "sichuan",
        "table": 5,
        "hand_number": 1,
        "players": NAMES,
        "scores": stored["settlement"]["totals"],
        "finished_at": stored["finished_at"],
    }


@pytest.mark.asyncio
async def test_mahjong_hands_are_listed_and_saved_as_a_text_replay(private_user_dirs):
    machine = play_hand(HandMachine(get_ruleset("sichuan"), 4242, dealer=0))
    stored = stored_hand(17, machine)
    hall = FakeHall()
    hall.replies["games"] = {"games": [summary(stored), GO_GAME], "adjourned": []}
    hall.replies["game_record"] = stored
    app = OneScreenApp(hall, GamesScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await until(pilot, lambda: len(screen.games) == 2, "both listed")
        table = screen.query_one(DataTable)
        assert table.get_row_at(0) == list(game_cells(summary(stored)))
        assert table.get_row_at(0)[2] == "四川麻将" and table.get_row_at(0)[3] == "ann bob cat dan"
        assert table.get_row_at(1)[2:] == ["Go", "ann - eve", "黑中盘胜", "57 moves"]
        await pilot.press("s")
        await until(pilot, lambda: "Saved" in str(screen.query_one("#message").render()), "saved")
    assert hall.requests[-1] == {"type": "game_record", "game": 17}
    saved = private_user_dirs / "documents" / "qipai" / "qipai-17-sichuan-hand1.txt"
    text = saved.read_text(encoding="utf-8")
    assert text == record_text(stored)
    assert "players: 0 ann (dealer), 1 bob, 2 cat, 3 dan" in text
    assert f"seed: {machine.seed}" in text
    dealt = [e.private["tiles"] for e in machine.events if e.type == "dealt"]
    assert f"  ann: {tiles_text(dealt[0])}" in text
    draws = [e for e in machine.events if e.type == "drew"]
    assert text.count(" draws ") == len(draws)
    assert text.count("\n") > len(machine.actions)
    totals = machine.settlement.seat_totals()
    assert (
        "  totals: " + ", ".join(f"{n} {t:+d}" for n, t in zip(NAMES, totals, strict=True)) in text
    )


def test_an_escaped_hand_replays_to_the_escape_and_says_who_left():
    machine = HandMachine(get_ruleset("sichuan"), 99, dealer=1)
    for _ in range(6):
        machine.apply(machine.default_action(machine.to_act()[0]))
    stored = stored_hand(21, machine, escaped={"seat": 3, "cause": "left"})
    penalty = [{"payer": 3, "payee": s, "amount": 5, "reason": "逃跑"} for s in range(3)]
    stored["settlement"] = {
        "wins": [],
        "payments": penalty,
        "exhaustive_draw": False,
        "forfeited": [],
        "totals": [5, 5, 5, -16],
    }
    text = record_text(stored)
    assert "escaped: dan (left); the hand ended at once" in text
    assert "   6. " in text and "   7. " not in text
    assert "  dan -> ann 5  逃跑" in text and "totals: ann +5, bob +5, cat +5, dan -16" in text
    assert json.loads(text.split("table state: ")[1].splitlines()[0]) == {}
