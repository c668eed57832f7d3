"""Coins in sight at a coin table (80x24): each seat's balance beside its name, and the
settlement's line of what the hand moved, which arrives after the hand's end."""

from __future__ import annotations

from typing import Any

import pytest
from rich.cells import cell_len
from textual.widgets import Static

from client.mahjong_view import ViewError, view_from_wire
from client.screens.mahjong_settlement import MahjongSettlementScreen
from client.screens.mahjong_table import MahjongTableScreen
from client.widgets.mahjong_board import MahjongBoard
from tests.client.fakes import FakeHall
from tests.client.test_mahjong_table import TableApp, finished_hand, table_screen, table_wire
from tests.client.test_mahjong_view import played
from tests.mahjong.test_machine_positions import E

BALANCES = [5120, 312000, 880, 45]


def coin_wire(hand, phase: str = "playing", balances=BALANCES, **game: Any) -> dict[str, Any]:
    wire = table_wire(hand, E, phase=phase)
    for seat, coins in enumerate(balances):
        wire["seats"][str(seat)]["coins"] = coins
    wire["game"].update({"tier": "free", "stake": 10, **game})
    return wire


def shown_board(app) -> list[str]:
    return table_screen(app).query_one(MahjongBoard).text_lines()


@pytest.mark.asyncio
async def test_every_seat_shows_its_coins_beside_its_name_within_80_columns():
    app = TableApp(FakeHall(), coin_wire(played(steps=0)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = shown_board(app)
        assert all(cell_len(line) <= 80 for line in lines)
        text = "\n".join(lines)
        for label in ("5,120枚", "312,000枚", "880枚", "45枚"):
            assert text.count(label) == 1, label
        # you (alice, seat E) at the bottom: the name, the score, then the coins
        mine = next(line for line in lines if "alice" in line)
        assert mine.index("alice") < mine.index("5,120枚")
        # the side seats have their coins on the line under their name
        for name, label in (("bob", "312,000枚"), ("dave", "45枚")):
            row = next(i for i, line in enumerate(lines) if name in line)
            assert label in lines[row + 1] or label in lines[row]


@pytest.mark.asyncio
async def test_a_friendly_table_shows_no_coins():
    app = TableApp(FakeHall(), table_wire(played(steps=0), E))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "枚" not in "\n".join(shown_board(app))


def settlement_lines(app) -> str:
    return str(app.screen.query_one("#lines", Static).render())


@pytest.mark.asyncio
async def test_the_open_settlement_takes_in_the_coins_the_hall_wrote_after_the_hand():
    hand = finished_hand()
    app = TableApp(FakeHall(), coin_wire(hand, phase="between"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MahjongSettlementScreen)
        assert "Coins:" not in settlement_lines(app)  # not written yet
        after = [5120 + 36, 312000 - 40, 880, 45]
        written = coin_wire(
            hand, phase="between", balances=after, coins_moved={"hand": 1, "coins": [36, -40, 0, 0]}
        )
        written["seq"] = 6
        push = {"type": "event", "seq": 6, "kind": "coins", "view": written}
        table_screen(app).on_table_push(push)
        await pilot.pause()
        assert isinstance(app.screen, MahjongSettlementScreen)
        assert (
            "Coins: alice +36 (5,156枚)  bob -40 (311,960枚)  carol +0 (880枚)  dave +0 (45枚)"
        ) in settlement_lines(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MahjongTableScreen)
        assert "5,156枚" in "\n".join(shown_board(app))


@pytest.mark.asyncio
async def test_coins_of_an_earlier_hand_are_not_shown_as_this_ones():
    hand = finished_hand()
    wire = coin_wire(hand, phase="between", coins_moved={"hand": 0, "coins": [5, -5, 0, 0]})
    app = TableApp(FakeHall(), wire)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MahjongSettlementScreen)
        assert "Coins:" not in settlement_lines(app)


@pytest.mark.parametrize(
    "moved", [{"hand": 1, "coins": [1, 2, 3]}, {"hand": "1", "coins": [0] * 4}, [0, 0, 0, 0]]
)
def test_a_malformed_coins_moved_is_refused(moved):
    with pytest.raises(ViewError):
        view_from_wire(coin_wire(finished_hand(), coins_moved=moved))


def test_the_view_reads_each_seats_coins_and_none_at_a_friendly_table():
    coin = view_from_wire(coin_wire(played(steps=0)))
    assert [seat.coins for seat in coin.seats] == BALANCES
    friendly = view_from_wire(table_wire(played(steps=0), E))
    assert [seat.coins for seat in friendly.seats] == [None] * 4
