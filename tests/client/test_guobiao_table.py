"""The 国标 table at 80x24 (pilot, views made by the real machine): flowers laid out beside each
seat's melds for everyone to see, and a settlement whose fans read in both languages, the
English names coming from the core."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from client.i18n import Strings
from client.screens.mahjong_settlement import MahjongSettlementScreen
from qipai.mahjong.table.actions import ActionType
from qipai.mahjong.table.machine import HandMachine
from tests.client.fakes import FakeHall
from tests.client.test_mahjong_table import TableApp, board_text, table_wire
from tests.mahjong.test_guobiao_table import F1, F2, F3, start
from tests.mahjong.test_machine_positions import E, S, act, discard, pass_all


def guobiao_wire(hand: HandMachine, seat: int, **fields) -> dict:
    wire = table_wire(hand, seat, **fields)
    wire["room"] = "guobiao"
    wire["options"]["ruleset"] = "guobiao"
    return wire


def won_by_south() -> HandMachine:
    """South wins East's 9s with 花龙 门前清 平和 and two flowers: 14 fans."""
    hand = start(["*", "123m 456p 789s 234s 9s", "*", "*"], "9s", turn=E, filler=4)
    hand.seats[S].flowers = [F1, F2]
    discard(hand, E, "9s")
    act(hand, S, ActionType.WIN)
    pass_all(hand)
    return hand


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_flowers_show_beside_the_seat_for_every_viewer(size):
    hand = start(["*", "123m 456p 789s 234s 9s", "*", "*"], "9s", turn=E, filler=4)
    hand.seats[S].flowers = [F1, F2]
    hand.seats[E].flowers = [F3]
    app = TableApp(FakeHall(), guobiao_wire(hand, E))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        shown = board_text(app)
        assert "f1 f2" in shown  # South's, in the right-hand column
        (mine,) = [line for line in shown.splitlines() if "(you)" in line]
        assert mine.rstrip().endswith("f3")  # our own, on our header line
        assert all(len(line) <= size[0] for line in shown.splitlines())


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("language", "fans"),
    [
        ("en", "花龙 Mixed Straight 8, 门前清 Concealed Hand 2, 平和 All Chows 2"),
        ("zh", "花龙 8, 门前清 2, 平和 2, 花牌 2"),
    ],
)
async def test_the_settlement_names_the_fans_in_both_languages(language, fans):
    hand = won_by_south()
    wire = guobiao_wire(hand, E, phase="between", table_legal=("ready",))
    app = TableApp(FakeHall(), wire, strings=Strings(language))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MahjongSettlementScreen)
        text = str(app.screen.query_one("#lines", Static).render()).replace("\n", " ")
        assert "国标麻将" in text
        assert fans in text
        if language == "en":
            assert "花牌 Flower Tiles 2" in text and "(胡 win)" in text
            assert "alice pays bob 220  (点炮 dealt in)" in text  # (14 + 8) x 10


def test_a_stored_hand_s_text_says_each_flower_set_aside():
    """The hand record as text (my games): the flowers of the deal and those drawn in play."""
    from client.mahjong_record_text import record_text
    from qipai.mahjong.bots import play_hand
    from qipai.mahjong.rulesets import get_ruleset

    hand = play_hand(HandMachine(get_ruleset("guobiao"), 7))
    text = record_text(
        {
            "record": hand.record(),
            "players": ["ann", "bob", "cat", "dan"],
            "room": "guobiao",
            "settlement": hand.settlement.to_wire(),
        }
    )
    flowers = [e for e in hand.events if e.type == "flowers"]
    assert text.count("(补花)") == len(flowers) > 0
    names = ["ann", "bob", "cat", "dan"]
    first = flowers[0].public
    assert f"{names[first['seat']]} sets aside" in text
