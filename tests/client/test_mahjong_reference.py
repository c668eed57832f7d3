"""`r` at the mahjong table: the fans of the table's ruleset, read from the core, with an English
gloss for each, in a scrolling overlay at 80x24 in both languages; every room of the registry."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from client.i18n import REASON_GLOSSES, Strings
from client.screens.mahjong_reference import MahjongReferenceScreen
from qipai.mahjong.rulesets import get_ruleset, mahjong_rooms
from qipai.mahjong.table.machine import HandMachine
from qipai.platform.rooms import economy_fee
from tests.client.fakes import FakeHall
from tests.client.test_mahjong_table import TableApp, table_screen, table_wire
from tests.mahjong.test_machine_positions import E

ROOMS = list(mahjong_rooms())


def room_wire(room_id: str) -> dict:
    cls, room = mahjong_rooms()[room_id]
    hand = HandMachine(get_ruleset(cls.name, dict(room.imposed)), 3)
    wire = table_wire(hand, E)
    wire["room"] = room_id
    return wire


@pytest.mark.asyncio
@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("room_id", ROOMS)
async def test_r_shows_every_fan_of_the_rooms_ruleset_glossed_and_closes(room_id, language):
    wire = room_wire(room_id)
    fans = get_ruleset(wire["hand"]["ruleset"], wire["hand"]["options"]).fan_reference()
    app = TableApp(FakeHall(), wire, strings=Strings(language))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        shown = app.screen
        assert isinstance(shown, MahjongReferenceScreen)
        lines = shown.text.split("\n")
        for fan in fans:
            (line,) = [x for x in lines if x.split()[:2] == [fan.name_zh, str(fan.value)]]
            assert line.split(maxsplit=2)[2], f"{fan.name_zh} has no English gloss"
        assert all(cell_len(line) <= 74 for line in lines)  # inside the border at 80 columns
        assert shown.query_one("#reference").region.height <= 24
        scroll = shown.query_one("#reference")
        await pilot.press("end")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y  # the last lines can be reached
        if len(lines) > 22:
            assert scroll.max_scroll_y > 0
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is table_screen(app)
    assert app.hall.acts() == []  # looking at the reference sends nothing


@pytest.mark.asyncio
@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("room_id", ROOMS)
async def test_r_lists_the_payment_rules_with_the_tables_amounts(room_id, language):
    """After the fans, each payment rule: its reason as the settlement writes it, who pays whom
    in words (never a code), the amount at this table's options, and in English its gloss."""
    wire = room_wire(room_id)
    ruleset = get_ruleset(wire["hand"]["ruleset"], wire["hand"]["options"])
    app = TableApp(FakeHall(), wire, strings=Strings(language))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        text = app.screen.text
    s = Strings(language)
    payments = text.split(s("reference_payments"))[1].split("\n")
    for rule in ruleset.payment_reference():
        amount = s(f"scale_{rule.scale}", amount=rule.amount, plus=rule.plus)
        (line,) = [
            x
            for x in payments
            if x.startswith(f"  {rule.reason} ")
            and x.split("  (")[0].endswith(amount)
            and (not rule.payer or s(f"party_{rule.payer}") in x)
        ]
        assert "_" not in line, line  # no code such as not_ready or doubling_from_one
        if language == "en" and rule.reason in REASON_GLOSSES:
            assert f"({REASON_GLOSSES[rule.reason]})" in text, rule.reason


@pytest.mark.asyncio
async def test_a_sichuan_coin_room_lists_the_fee_the_economy_charges():
    """Sichuan's settlement writes no 台费 (the economy charges it, PL-16): at a coin room the
    reference lists it at this hand's stake; at a friendly table, where no coins move, it does
    not."""
    wire = room_wire("sichuan")
    friendly = TableApp(FakeHall(), wire)
    async with friendly.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert "台费" not in friendly.screen.text
    wire["game"].update(tier="hundred", stake=100)
    fee = economy_fee(get_ruleset("sichuan"), 100)
    app = TableApp(FakeHall(), wire)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        lines = app.screen.text.split("\n")
    assert f"  台费       all four → house: {fee}  (table fee)" in lines


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("room_id", "language", "unit"),
    [
        ("sichuan", "en", "Value: fan, added up; each fan doubles the payment"),
        ("zhongyou", "zh", "番数：一手牌的番相加，每多一番所得翻一倍"),
        ("guobiao", "en", "Value: 国标 points (番), added up, not doubled"),
        ("guobiao", "zh", "番数：国标分，一手牌的番相加，一番一分"),
    ],
)
async def test_r_says_what_the_value_column_counts_for_the_tables_ruleset(room_id, language, unit):
    """The value column's unit comes from the core (``Ruleset.fan_unit``), in the table's
    language, just above the column's header."""
    app = TableApp(FakeHall(), room_wire(room_id), strings=Strings(language))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        lines = app.screen.text.split("\n")
    header = lines.index(Strings(language)("reference_header"))
    assert lines[header - 1] == f"  {unit}"
    assert cell_len(lines[header - 1]) <= 54  # whole inside the overlay at 60 columns too
