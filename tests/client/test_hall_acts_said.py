"""What the hall does by itself is said on the table: the tile it discarded or the void it chose
when a seat's time ran out, and 托管 after two timeouts; the seat the table waits for is shown
with its countdown, not only our own."""

from __future__ import annotations

import pytest

from client.i18n import Strings
from tests.client.fakes import FakeHall
from tests.client.test_mahjong_table import TableApp, table_screen, table_wire, text_of
from tests.client.test_mahjong_view import played
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


def timeout(hand, seat: int, since: int, seq: int, shown: int = E) -> dict:
    """The hall's message after it acted for ``seat`` at its deadline (docs/protocol.md)."""
    return {
        "type": "event",
        "seq": seq,
        "kind": "timeout",
        "by": str(seat),
        "events": [event.for_seat(shown) for event in hand.events[since:]],
        "view": table_wire(hand, shown, seq=seq),
    }


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("language", "ours", "theirs"),
    [
        (
            "en",
            "Time ran out for you: the hall chose the void suit {suit}",
            "Time ran out for bob: the hall chose the void suit",
        ),
        ("zh", "你 超时：平台代选定缺 {suit}", "bob 超时：平台代选了定缺"),
    ],
)
async def test_a_void_chosen_at_the_deadline_is_said_and_anothers_stays_secret(
    language, ours, theirs
):
    """定缺 on timeout: ours names the suit; another seat's is said without it (it is secret
    until all four have chosen)."""
    hand = played(steps=0)
    app = TableApp(FakeHall(), table_wire(hand, E), strings=Strings(language))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        since = len(hand.events)
        mine = hand.default_action(E)
        hand.apply(mine)
        table_screen(app).on_table_push(timeout(hand, E, since, 6))
        await pilot.pause()
        suit = Strings(language).suit(mine.tile)
        assert text_of(app, "#message") == ours.format(suit=suit)
        since = len(hand.events)
        hand.apply(hand.default_action(S))
        table_screen(app).on_table_push(timeout(hand, S, since, 7))
        await pilot.pause()
        assert text_of(app, "#message") == theirs
    assert app.hall.acts() == []


@pytest.mark.asyncio
async def test_a_claim_passed_at_the_deadline_is_said():
    hand = Table().start(
        ["123m 456m 789m 55p 7p 9p", "234m 567m 22p 33p 44p 6p", "*", "*"], draws="5p", turn=S
    )
    discard(hand, S, "5p")
    app = TableApp(FakeHall(), table_wire(hand, E, deadline=8.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        since = len(hand.events)
        hand.apply(hand.default_action(E))  # the hall passes for alice
        table_screen(app).on_table_push(timeout(hand, E, since, 6))
        await pilot.pause()
        assert text_of(app, "#message") == "Time ran out for you: the hall passed"
