"""The board widget at 80x24: ASCII stones, markers, cursor keys, and redrawing changed lines only."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from client.go_view import GoView
from client.widgets.go_board import GoBoard
from tests.client.fakes import board_rows, go_view_wire

DIAGRAM = """
    . . . . . . . . .
    . . . . . . . . .
    . . X O . . . . .
    . . X O . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
"""


class BoardApp(App):
    def __init__(self, view: GoView) -> None:
        super().__init__()
        self.view = view
        self.chosen: list[str] = []

    def compose(self) -> ComposeResult:
        yield GoBoard(self.view)

    def on_go_board_point_chosen(self, event: GoBoard.PointChosen) -> None:
        self.chosen.append(event.name)


def view_of(diagram: str = DIAGRAM, **fields) -> GoView:
    return GoView.from_wire(go_view_wire(board=board_rows(diagram), **fields), 0.0)


def test_board_text_has_coordinates_stones_and_last_move_brackets():
    board = GoBoard(view_of(last_move="D7"))
    lines = board.text_lines()
    assert lines[0] == "    A B C D E F G H J    "
    assert lines[-1] == lines[0]
    assert lines[3] == " 7  . . X(O). . + . .  7 "  # G7 is a star point
    assert lines[1].startswith(" 9  . .") and lines[9].startswith(" 1 ")


def test_star_points_and_the_cursor_are_marked_without_colour():
    board = GoBoard(view_of())
    board.cursor = (6, 6)
    lines = board.build_lines()
    text = ["".join(ch for ch, _ in line) for line in lines]
    assert text[7] == " 3  . . + . . .[+]. .  3 "  # C3 star; the cursor sits on the G3 star
    assert text[5][12] == "+"  # E5, the centre star


def test_the_cursor_never_hides_the_last_move_mark():
    board = GoBoard(view_of(last_move="D7"))
    board.cursor = (3, 2)  # on D7 itself
    text = ["".join(ch for ch, _ in line) for line in board.build_lines()]
    assert text[3] == " 7  . . X(O). . + . .  7 "
    board.cursor = (4, 2)  # beside it: the shared separator keeps the mark
    text = ["".join(ch for ch, _ in line) for line in board.build_lines()]
    assert text[3] == " 7  . . X(O).]. + . .  7 "


def test_dead_stones_show_in_lower_case():
    board = GoBoard(view_of(dead=["C7", "C6"], phase="scoring"))
    assert "x" in board.text_lines()[3] and "X" not in board.text_lines()[3]


@pytest.mark.asyncio
async def test_keys_move_the_cursor_and_enter_chooses_the_point():
    app = BoardApp(view_of())
    posted = []
    async with app.run_test(size=(80, 24), message_hook=posted.append) as pilot:
        board = app.query_one(GoBoard)
        board.focus()
        assert board.cursor == (4, 4)
        await pilot.press("up", "k", "left", "h", "h", "enter")
        await pilot.press("j", "l", "right", "down", "space")
        await pilot.pause()
    # The hook sees a message at every node it bubbles through: count each message once.
    chosen = list({id(m): m for m in posted if isinstance(m, GoBoard.PointChosen)}.values())
    assert [(m.x, m.y, m.name) for m in chosen] == [(1, 2, "B7"), (3, 4, "D5")]
    assert app.chosen == ["B7", "D5"]


@pytest.mark.asyncio
async def test_cursor_stops_at_the_edge():
    app = BoardApp(view_of())
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(GoBoard)
        board.focus()
        await pilot.press(*["h"] * 12, *["k"] * 12, "enter")
        await pilot.pause()
    assert app.chosen == ["A9"]


@pytest.mark.asyncio
async def test_a_move_refreshes_only_the_cells_that_changed(monkeypatch):
    app = BoardApp(view_of(last_move="D7"))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(GoBoard)
        await pilot.pause()
        refreshed = []
        monkeypatch.setattr(board, "refresh", lambda *regions, **kw: refreshed.append(regions))
        rows = board_rows(DIAGRAM)
        rows[5] = "....X...."
        board.show(GoView.from_wire(go_view_wire(board=rows, last_move="E4"), 0.0))
    regions = sorted((r.y, r.x, r.width, r.height) for regions in refreshed for r in regions)
    # The old last-move brackets around D7 go, the new stone on E4 comes with its brackets.
    assert regions == [(3, 9, 3, 1), (6, 11, 3, 1)]


@pytest.mark.asyncio
async def test_clicking_a_point_chooses_it():
    app = BoardApp(view_of())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click(GoBoard, offset=(4 + 2 * 2, 1 + 0))
        await pilot.pause()
    assert app.chosen == ["C9"]
