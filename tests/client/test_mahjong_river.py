"""The river at the table, as the pilot drives it (issue 15): a tile let go as drawn (摸切) is
marked apart, a claimed one keeps its place marked, and `?` explains both, in both languages."""

from __future__ import annotations

import pytest

from client.i18n import Strings
from client.screens.key_help import KeyHelpScreen
from qipai.mahjong.table.actions import ActionType
from tests.client.fakes import FakeHall
from tests.client.test_mahjong_table import TableApp, table_wire
from tests.mahjong.test_machine_positions import E, S, Table, W, act, discard, pass_all


def played_river():
    """bob (S) lets go the 5p he drew and alice (E) pungs it; she discards 9p from her hand;
    bob lets go the 1s he draws next; carol (W) plays on, so bob's 1s is no longer the last."""
    hand = Table().start(
        ["123m 456m 789m 55p 7p 9p", "234m 567m 22p 33p 44p 6p", "*", "*"],
        draws="5p 1s",
        turn=S,
        filler=10,
    )
    act(hand, S, ActionType.DISCARD, hand.seats[S].last_drawn)
    act(hand, E, ActionType.PUNG)
    pass_all(hand)
    discard(hand, E, "9p")
    pass_all(hand)
    act(hand, S, ActionType.DISCARD, hand.seats[S].last_drawn)
    pass_all(hand)
    hand.apply(hand.default_action(W))
    pass_all(hand)
    return hand


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("language", "legend"),
    [
        ("en", "  River: '5p let go as drawn (摸切, italic),  ~5p claimed (faint)"),
        ("zh", "  牌河：'5p 摸切（斜体），~5p 被吃碰杠或点炮（淡色）"),
    ],
)
async def test_the_river_marks_drawn_and_claimed_tiles_and_help_says_what_they_mean(
    language, legend, monkeypatch
):
    monkeypatch.setenv("QIPAI_LANG", language)  # the help speaks the app's language
    hand = played_river()
    app = TableApp(FakeHall(), table_wire(hand, E), strings=Strings(language))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.query_one("#board").text_lines()
        assert any(line.rstrip().endswith(" ~5p'1s") for line in board)  # bob, on the right
        assert any(line.strip() == "9p" for line in board[-5:])  # alice's own, from her hand
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeyHelpScreen)
        assert legend in app.screen.text.splitlines()
    assert app.hall.acts() == []
