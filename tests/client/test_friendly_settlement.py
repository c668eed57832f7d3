"""The settlement of a won hand at a friendly table says why no 台费 is paid and, at Lengzi,
what the pot takes there (the rule is the core's: tests/mahjong/test_friendly_tables.py)."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from client.screens.mahjong_settlement import MahjongSettlementScreen
from tests.client.fakes import FakeHall
from tests.client.test_mahjong_table import TableApp, table_wire
from tests.mahjong.test_friendly_tables import lengzi_closed_wait_win

SOUTH = 1


def lengzi_wire(coins: bool) -> dict:
    hand = lengzi_closed_wait_win(coins=coins, base=10 if coins else 1)
    wire = table_wire(hand, SOUTH, phase="between", table_legal=("ready",))
    wire["room"] = "lengzi"
    wire["options"] = {"ruleset": "lengzi", "hands": 4}
    if coins:
        wire["game"]["tier"] = "free"
    return wire


async def settlement_lines(wire: dict) -> str:
    app = TableApp(FakeHall(), wire)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MahjongSettlementScreen)
        return str(app.screen.query_one("#lines", Static).render())


@pytest.mark.asyncio
async def test_a_friendly_lengzi_win_says_why_there_is_no_fee_and_what_the_pot_takes():
    text = await settlement_lines(lengzi_wire(coins=False))
    assert (
        "carol pays bob 2  (棱子胡 closed-wait win)" in text
        and "carol pays pot 10  (点炮入锅" in text
    )
    assert "pays house" not in text
    assert "Friendly table: no coins move, so the house takes no 台费" in text
    assert "Each 点炮 feeds the pot 10 stakes" in text


@pytest.mark.asyncio
async def test_a_coin_room_settlement_has_its_fee_and_no_friendly_words():
    text = await settlement_lines(lengzi_wire(coins=True))
    assert "alice pays house 10  (台费 table fee)" in text
    assert "Friendly table" not in text
