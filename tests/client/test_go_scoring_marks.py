"""The scoring phase on screen: territory, dead stones, dame and gaps to seal are marked on the
board, and the panel adds the count up (stones + territory + half the dame) against the
baseline, komi and handicap, in English and in 中文."""

from __future__ import annotations

import time

import pytest

from client.go_view import GoView
from client.widgets.go_board import GoBoard
from client.widgets.go_panel import GoPanel
from qipai.go import format_point
from tests.client.fakes import FakeHall, go_view_wire
from tests.client.test_go_table import TableApp
from tests.go.diagrams import game_from_diagram

# Black walls off the left but for a gap at D5 (a stone there would seal it), White the right;
# the E column is dame, and a dead White stone sits on Black's side.
POSITION = """
    9 . . . X . O . . .
    8 . . . X . O . . .
    7 . . . X . O . . .
    6 . . . X . O . . .
    5 . O . . . O . . .
    4 . . . X . O . . .
    3 . . . X . O . . .
    2 . . . X . O . . .
    1 . . . X . O . . .
"""


def scoring_view(handicap: int = 0, komi: float = 3.5) -> GoView:
    """The wire view the hall sends for this position, built from the engine's own count."""
    game = game_from_diagram(POSITION, komi=komi)
    game.pass_()
    game.pass_()
    game.mark_dead(["B5"])
    area = game.count()
    count = area.parts()
    territory = {
        name: [format_point(p, 9) for p in points] for name, points in game.territory().items()
    }
    wire = go_view_wire(
        phase="scoring",
        board=game.rows(),
        dead=["B5"],
        count=count,
        territory=territory,
        komi=komi,
        handicap=handicap,
        legal=["toggle_dead", "confirm", "resume", "resign"],
    )
    return GoView.from_wire(wire, time.monotonic())


class LanguageApp(TableApp):
    def __init__(self, view: GoView, language: str) -> None:
        super().__init__(FakeHall(), view)
        self.launch = type("Launch", (), {"language": language})()


@pytest.mark.asyncio
async def test_the_board_marks_territory_dead_stones_dame_and_the_gap_to_seal():
    app = LanguageApp(scoring_view(), "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # the cursor's brackets and the last move's parentheses are not marks
        lines = [
            line.translate(str.maketrans("[]()", "    "))
            for line in app.screen.query_one(GoBoard).text_lines()
        ]
    # the top label line, then rows 9..1: Black's side is open at D5, so it is dame, not area
    assert lines[5].split()[1:10] == [",", "o", ",", "?", ",", "O", "=", "=", "="]
    assert lines[1].split()[1:10] == [",", ",", ",", "X", ",", "O", "=", "=", "="]


@pytest.mark.asyncio
async def test_the_panel_adds_the_count_up_against_baseline_and_komi_in_english():
    app = LanguageApp(scoring_view(), "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(GoPanel)
        # the open side (27 points, B5's among them), the gap D5 and the E column: 37 dame
        assert panel.text_of("count-black") == "X 8 + 0 + 18.5 = 26.5"
        assert panel.text_of("count-white") == "O 9 + 27 + 18.5 = 54.5"
        assert panel.text_of("count-parts") == "(stones + area + dame/2)"
        assert panel.text_of("count-verdict") == "X 26.5 - komi 3.5 vs 40.5"
        assert panel.text_of("count-legend") == "- X  = O  , dame  ? to seal"


@pytest.mark.asyncio
async def test_the_count_in_chinese_names_the_handicap_compensation():
    app = LanguageApp(scoring_view(handicap=2, komi=0), "zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(GoPanel)
        assert panel.text_of("count-black") == "X 8子 + 0目 + 18.5公 = 26.5"
        assert panel.text_of("count-parts") == "(子 + 目 + 公/2)"
        assert panel.text_of("count-verdict") == "黑 26.5 − 贴0 − 让1 对 40.5"
        assert panel.text_of("count-legend") == "- 黑地 = 白地 , 公 ? 待封"
