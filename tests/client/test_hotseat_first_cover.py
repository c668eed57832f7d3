"""Hot-seat: the first hand of a match is dealt behind a cover too (the seat shown before the deal
and after it is the same, so no change of seat raised one)."""

from __future__ import annotations

import pytest

from client.screens.mahjong_cover import MahjongCoverScreen
from tests.client.fakes import FakeHall
from tests.client.test_mahjong_table import TableApp, push, table_screen, table_wire
from tests.mahjong.test_machine_positions import Table


@pytest.mark.asyncio
async def test_the_first_hand_of_a_hot_seat_match_is_dealt_behind_a_cover():
    """The table showed seat 0 before the deal, and the deal shows seat 0 again: the seat did
    not change, but a new hand's first player still gets the cover."""
    hand = Table().start(["123m 456m 789m 5p 7p 999p", "*", "*", "*"])
    before = table_wire(hand, 0, mine=(0, 1, 2, 3), phase="waiting")
    before["hand"] = None
    app = TableApp(FakeHall(), before)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        deal = push(hand, 0, 0, 6)
        deal["kind"] = "deal"
        table_screen(app).on_table_push(deal)
        await pilot.pause()
        assert isinstance(app.screen, MahjongCoverScreen) and app.screen.seat == 0
        await pilot.press("z")
        await pilot.pause()
        assert app.screen is table_screen(app)
