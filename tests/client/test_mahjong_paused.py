"""A mahjong table restored after the hall restarted stands paused until its players are back
(game.paused, docs/protocol.md): the prompt says so in both languages, and the `unpaused`
event that ends it is said too (the hall's automatic acts are said on screen)."""

from __future__ import annotations

import copy

import pytest

from client.i18n import Strings
from tests.client.fakes import FakeHall
from tests.client.test_mahjong_table import TableApp, table_screen, table_wire, text_of
from tests.client.test_mahjong_view import played
from tests.mahjong.test_machine_positions import E

SAID = {
    "en": ("the table is paused until every player is back", "The table goes on"),
    "zh": ("牌桌暂停，等所有玩家回来后继续", "牌桌继续"),
}


def paused_wire() -> dict:
    wire = table_wire(played(steps=0), E)
    wire["game"]["paused"] = True
    wire["hand"]["legal_actions"] = []  # a paused match takes no action
    return wire


@pytest.mark.asyncio
@pytest.mark.parametrize("language", ["en", "zh"])
async def test_a_restored_table_says_it_waits_for_its_players_then_that_it_goes_on(language):
    wire = paused_wire()
    app = TableApp(FakeHall(), wire, strings=Strings(language))
    paused, goes_on = SAID[language]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert paused in text_of(app, "#prompt")
        back = copy.deepcopy(table_wire(played(steps=0), E))
        back["seq"] = wire["seq"] + 1
        event = {"type": "event", "seq": back["seq"], "kind": "unpaused", "view": back}
        table_screen(app).on_table_push(event)
        await pilot.pause()
        assert paused not in text_of(app, "#prompt")
        assert goes_on in text_of(app, "#message")
