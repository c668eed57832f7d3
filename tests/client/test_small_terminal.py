"""At 60x20 every screen fits or says plainly that the terminal is too small and how big it must
be: the mahjong table draws its compact layout (the player's hand and hint over the prompt), a
19x19 Go board gives way to a notice naming 72x24, and the board comes back when the window grows."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from client.screens.size_guard import TooSmall
from client.widgets.mahjong_board import MahjongBoard
from tests.client.fakes import FakeHall
from tests.client.test_go_table import table_app as go_table_app
from tests.client.test_mahjong_table import TableApp, table_screen, table_wire
from tests.mahjong.test_machine_positions import E, Table


def visible_notice(app) -> str | None:
    notices = app.screen.query(TooSmall)
    return str(notices.first().render()) if notices else None


@pytest.mark.asyncio
async def test_the_mahjong_table_at_60x20_draws_the_hand_over_the_prompt():
    hand = Table().start(["123m 456m 789m 5p 7p 999p", "*", "*", "*"])
    app = TableApp(FakeHall(), table_wire(hand, E))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert visible_notice(app) is None
        board = table_screen(app).query_one(MahjongBoard)
        lines = board.text_lines()
        prompt = app.screen.query_one("#prompt", Static)
        assert board.region.bottom <= prompt.region.y  # nothing of the board is cut off
        assert len(lines) == board.size.height == 16
        hand_line = next(line for line in lines if "9p" in line and "1m" in line)
        assert hand_line.strip().startswith("[1m]2m 3m")
        assert "Your turn" in str(prompt.render())


@pytest.mark.asyncio
async def test_a_19x19_go_board_at_60x20_says_the_size_it_needs_and_returns_when_it_fits():
    app = go_table_app(size=19)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        notice = visible_notice(app)
        assert notice is not None
        assert "60x20" in notice and "72x24" in notice and "too small" in notice
        assert not app.screen.query_one("#table").display
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert visible_notice(app) is None
        assert app.screen.query_one("#table").display
        await pilot.press("p")  # the keys work as before
        await pilot.pause()


@pytest.mark.asyncio
async def test_a_9x9_go_board_fits_60x20():
    app = go_table_app(size=9)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert visible_notice(app) is None


def test_a_long_hint_gives_way_to_a_shorter_one_rather_than_being_cut():
    """Holding 14 with many ready discards, the full hint (each wait with its unseen copies)
    is wider than 80 columns: the waits without counts, then the discards alone, fit."""
    from client.i18n import Strings
    from client.mahjong_hints import Hint
    from client.widgets.tiles import TileStyle
    from qipai.mahjong.tiles import parse_kinds

    board = MahjongBoard(Strings(), TileStyle())
    k = parse_kinds("1m 2m 3m 4m 5m 6m 7m 8m 9m")
    many = tuple((k[i], tuple((w, 3) for w in k[:4])) for i in range(6))
    found = Hint(ready_discards=many)
    full = board.hint_line(None, found, 300).plain
    assert "(3)" in full and len(full) > 80
    fitted = board.hint_line(None, found, 80).plain
    assert len(fitted) <= 80 and fitted.startswith("  Ready after discarding 1m")
    assert board.hint_line(None, found, 40).plain.strip() == (
        "Ready after discarding 1m 2m 3m 4m 5m 6m"
    )


def test_why_a_hand_cannot_win_gives_way_to_its_first_reason_then_a_shorter_lead_in():
    from client.i18n import Strings
    from client.mahjong_hints import Hint
    from client.widgets.tiles import TileStyle

    board = MahjongBoard(Strings(), TileStyle())
    found = Hint(shanten=0, cannot_win=("not_opened", "single_tile_without_piao"))
    both = "  Ready in shape, cannot win: must open (claim a set); a lone tile only for all pungs"
    assert board.hint_line(None, found, 100).plain == both
    first = "  Ready in shape, cannot win: must open (claim a set)"
    assert board.hint_line(None, found, 80).plain == first
    assert board.hint_line(None, found, 58).plain == first
    assert board.hint_line(None, found, 40).plain == "  Cannot win: must open (claim a set)"
