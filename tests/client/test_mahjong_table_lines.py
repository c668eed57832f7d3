"""The table's lines that are rewritten only where they change: the footer of keys, the prompt
and message lines, and the partial updates that start where a change starts."""

from __future__ import annotations

import pytest
from rich.segment import Segment
from textual.geometry import Region
from textual.strip import Strip

from client.cropped_updates import CroppingCompositor, skip_before
from client.widgets.changed_line import ChangedLine, changed_cells
from client.widgets.keys_line import KeysLine
from tests.client.fakes import FakeHall
from tests.client.test_mahjong_table import TableApp, table_screen, table_wire, text_of
from tests.mahjong.test_machine_positions import E, Table


def test_a_changed_line_repaints_from_the_first_changed_character_to_the_longer_end():
    assert changed_cells("bot-1 to play", "bot-2 to play", 1) == Region(5, 0, 9, 1)
    assert changed_cells("Waiting for the others", "bob to play", 1) == Region(1, 0, 22, 1)
    # wide characters take two cells each: the change after 观战 starts at cell 5 (+1 padding)
    assert changed_cells("观战 bob", "观战 ann", 1) == Region(6, 0, 3, 1)
    assert changed_cells("", "x", 1) == Region(1, 0, 1, 1)


def test_skipping_before_a_change_drops_whole_segments_only():
    strip = Strip([Segment("    "), Segment("ab"), Segment("cd")], 8)
    assert skip_before(0, strip, 5) == (4, Strip([Segment("ab"), Segment("cd")], 4))
    x, rest = skip_before(10, strip, 16)  # a widget at x=10: cell 16 lies in "cd"
    assert (x, rest.text) == (16, "cd")
    assert skip_before(0, strip, 0)[1].text == "    abcd"


@pytest.mark.asyncio
async def test_the_footer_shows_the_keys_on_offer_in_order_and_a_click_presses_one():
    hand = Table().start(["123m 456m 789m 5p 7p 999p", "*", "*", "*"])
    app = TableApp(FakeHall(), table_wire(hand, E))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        assert isinstance(screen._compositor, CroppingCompositor)
        footer = screen.query_one(KeysLine)
        line = footer.text_lines()[0]
        assert line.rstrip() == " d Discard  q Leave"  # as Textual's footer spaces them
        assert len(line) == 80 and footer.region.y == 23
        assert "Your turn" in text_of(app, "#prompt")
        await pilot.press("3")
        await pilot.click(KeysLine, offset=(2, 0))  # on " d "
        await pilot.pause()
    tile = sorted(hand.seats[E].concealed)[2]
    assert app.hall.acts() == [
        {"type": "act", "table": 4, "action": "discard", "seat": "0", "tile": tile}
    ]


@pytest.mark.asyncio
async def test_the_message_line_says_each_text_and_an_empty_one_clears_it():
    hand = Table().start(["123m 456m 789m 5p 7p 999p", "*", "*", "*"])
    app = TableApp(FakeHall(), table_wire(hand, E))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        screen.say("too late")
        await pilot.pause()
        assert text_of(app, "#message") == "too late"
        assert isinstance(screen.query_one("#message"), ChangedLine)
        screen.say("")
        await pilot.pause()
        assert text_of(app, "#message") == ""
