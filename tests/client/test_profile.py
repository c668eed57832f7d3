"""The profile screen shows coins, rank, window, record and ledger entries; `r` claims relief
and the hall's refusal is shown as the hall words it."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from client.screens.profile import ProfileScreen
from tests.client.fakes import FakeHall
from tests.client.one_screen import OneScreenApp, static_text, until

PROFILE = {
    "name": "ann",
    "balance": 5121,
    "go": {"rank": "5k", "window": [True, False, True]},
    "mahjong": [
        {"room": "sichuan", "points": 0, "hands": 0, "level": 2, "title": "平民"},
        {"room": "xuezhan", "points": -16, "hands": 0, "level": 1, "title": "托钵人"},
        {"room": "lengzi", "points": 1028, "hands": 40, "level": 6, "title": "县令"},
        {"room": "baicheng", "points": 0, "hands": 3, "level": 2, "title": "平民"},
        {"room": "zhongyou", "points": 0, "hands": 0, "level": 2, "title": "平民"},
    ],
    "entries": [
        {"amount": 121, "reason": "bet_payout", "ref": "go:17", "detail": "black", "at": 0.0},
        {"amount": 5000, "reason": "new_account", "ref": "account:ann", "detail": "", "at": 0.0},
    ],
    "record": {
        "wins": 3,
        "losses": 1,
        "draws": 0,
        "opponents": [{"name": "bob", "wins": 3, "losses": 1, "draws": 0}],
    },
}


@pytest.mark.asyncio
async def test_the_profile_shows_coins_rank_window_record_and_entries():
    hall = FakeHall()
    hall.replies["profile"] = PROFILE
    app = OneScreenApp(hall, ProfileScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.query_one(DataTable).row_count == 2, "entries")
        screen = app.screen
        summary = static_text(screen, "#summary")
        assert "Coins 5,121" in summary and "Go 5k" in summary
        assert "window 2/3 of 20 (WLW)" in summary and "Record 3 W  1 L  0 D" in summary
        assert static_text(screen, "#opponents") == "vs bob: 3-1-0"
        assert (
            static_text(screen, "#mahjong")
            == "Mahjong 血战 托钵人 -16  棱子 县令 1,028  白城 平民 0"
        )
        table = screen.query_one(DataTable)
        assert [str(c) for c in table.get_row_at(0)][1:4] == ["+121", "bet_payout", "go:17"]
        assert [str(c) for c in table.get_row_at(1)][1:3] == ["+5,000", "new_account"]


@pytest.mark.asyncio
async def test_r_claims_relief_and_reloads_the_profile():
    hall = FakeHall()
    hall.replies["profile"] = PROFILE
    hall.replies["relief"] = {"coins": 1000, "balance": 1319}
    app = OneScreenApp(hall, ProfileScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.query_one(DataTable).row_count == 2, "entries")
        await pilot.press("r")
        await until(pilot, lambda: "Relief" in static_text(app.screen, "#message"), "relief said")
        assert static_text(app.screen, "#message") == "Relief: +1,000 coins; you hold 1,319"
        await until(
            pilot, lambda: [r["type"] for r in hall.requests].count("profile") == 2, "reload"
        )


@pytest.mark.asyncio
async def test_a_refused_relief_shows_the_halls_reason():
    hall = FakeHall(errors={"relief": ("relief_unavailable", "relief is for players below 320")})
    hall.replies["profile"] = PROFILE
    app = OneScreenApp(hall, ProfileScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.query_one(DataTable).row_count == 2, "entries")
        await pilot.press("r")
        await until(pilot, lambda: "320" in static_text(app.screen, "#message"), "refusal shown")
        assert static_text(app.screen, "#message") == "relief is for players below 320"
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, ProfileScreen), "back")


@pytest.mark.asyncio
async def test_a_player_without_ranked_hands_is_told_where_titles_come_from():
    hall = FakeHall()
    hall.replies["profile"] = {**PROFILE, "mahjong": []}
    app = OneScreenApp(hall, ProfileScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.query_one(DataTable).row_count == 2, "entries")
        assert "no ranked hand yet" in static_text(app.screen, "#mahjong")
        assert "coin rooms are ranked" in static_text(app.screen, "#mahjong")
