"""Lengzi's 下炮 before every deal (LZ-09): closing the settlement asks every seat at the keyboard,
each behind its own cover in hot-seat, on a screen that says what 下炮 means; the choices changed
go to the hall, then ready. A single seat gets the same screen, and `f` is in the footer."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from client.screens.mahjong_cover import MahjongCoverScreen
from client.screens.mahjong_settlement import MahjongSettlementScreen
from client.screens.mahjong_xiapao import MahjongXiapaoScreen
from tests.client.fakes import FakeHall
from tests.client.test_mahjong_table import TableApp, footer, table_wire
from tests.mahjong.test_friendly_tables import lengzi_closed_wait_win

SOUTH = 1


def between_hands(mine: tuple[int, ...]) -> dict:
    hand = lengzi_closed_wait_win(coins=False, base=1)
    wire = table_wire(hand, SOUTH, mine=mine, phase="between", table_legal=("ready", "xiapao"))
    wire["room"] = "lengzi"
    wire["options"] = {"ruleset": "lengzi", "hands": 4}
    return wire


@pytest.mark.asyncio
async def test_hot_seat_every_seat_chooses_its_xiapao_behind_its_cover_then_ready():
    app = TableApp(FakeHall(), between_hands((0, 1, 2, 3)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MahjongSettlementScreen)
        await pilot.press("enter")
        for seat, name, keys in (
            (0, "alice", ["f"]),
            (1, "bob", []),
            (2, "carol", ["f"]),
            (3, "dave", []),
        ):
            await pilot.pause()
            assert isinstance(app.screen, MahjongCoverScreen) and app.screen.seat == seat
            assert f"{name}: press any key to choose your 下炮" in str(
                app.screen.query_one("#press", Static).render()
            )
            await pilot.press("z")
            await pilot.pause()
            assert isinstance(app.screen, MahjongXiapaoScreen)
            meaning = str(app.screen.query_one("#meaning", Static).render())
            assert "side stake" in meaning and "one stake" in meaning
            assert footer(app).get("f") == "下炮 on/off"
            await pilot.press(*keys, "enter")
        await pilot.pause()
        await pilot.pause()
    assert app.hall.acts() == [
        {"type": "act", "table": 4, "action": "xiapao", "seat": "0", "on": True},
        {"type": "act", "table": 4, "action": "xiapao", "seat": "2", "on": True},
        {"type": "act", "table": 4, "action": "ready"},
    ]


@pytest.mark.asyncio
async def test_a_single_seat_chooses_on_the_same_screen_and_the_footer_lists_f():
    app = TableApp(FakeHall(), between_hands((SOUTH,)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("escape")  # the settlement
        await pilot.pause()
        assert isinstance(app.screen, MahjongXiapaoScreen)  # no cover for one player
        await pilot.press("enter")  # kept off: nothing to change
        await pilot.pause()
        await pilot.pause()
        assert footer(app).get("f") == "下炮 on/off"
    assert app.hall.acts() == [{"type": "act", "table": 4, "action": "ready"}]
