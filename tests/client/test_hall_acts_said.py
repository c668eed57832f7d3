"""What the hall does by itself is said on the table: the tile it discarded or the void it chose
when a seat's time ran out, and 托管 after two timeouts; the seat the table waits for is shown
with its countdown, not only our own."""

from __future__ import annotations

import pytest

from tests.client.fakes import FakeHall
from tests.client.test_mahjong_table import TableApp, table_screen, table_wire, text_of
from tests.mahjong.test_machine_positions import E, S, Table, discard


@pytest.mark.asyncio
async def test_a_discard_made_for_us_at_the_deadline_is_said():
    hand = Table().start(["123m 456m 789m 5p 7p 999p", "*", "*", "*"])
    app = TableApp(FakeHall(), table_wire(hand, E))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        since = len(hand.events)
        discard(hand, E, "5p")
        events = [event.for_seat(E) for event in hand.events[since:]]
        table_screen(app).on_table_push(
            {
                "type": "event",
                "seq": 6,
                "kind": "timeout",
                "by": "0",
                "events": events,
                "view": table_wire(hand, E, seq=6),
            }
        )
        await pilot.pause()
        assert text_of(app, "#message") == "Time ran out for you: the hall discarded 5p"
        table_screen(app).on_table_push(
            {
                "type": "event",
                "seq": 7,
                "kind": "auto",
                "seat": "0",
                "on": True,
                "view": table_wire(hand, E, seq=7),
            }
        )
        await pilot.pause()
        assert text_of(app, "#message").startswith("Two timeouts in a row: the hall plays for you")


@pytest.mark.asyncio
async def test_the_seat_waited_on_has_its_countdown():
    hand = Table().start(["*", "123m 456m 789m 5p 7p 999p", "*", "*"], turn=S)
    app = TableApp(FakeHall(), table_wire(hand, E, deadline=12.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        prompt = text_of(app, "#prompt")
        assert prompt.startswith("bob to play  [") and prompt.endswith("s]")
