"""Review mode at 80x24: arrows, home/end and `g` step through a record the core replays; the
panel shows the move, captures, comments, clocks and at the end the result, in both languages;
`qipai review FILE.sgf` opens it from the command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import Static

from client.cli import parse, read_review
from client.launch import Launch
from client.screens.games import GamesScreen
from client.screens.key_help import KeyHelpScreen
from client.screens.result import ResultScreen
from client.screens.review import ReviewScreen
from client.widgets.go_board import GoBoard
from qipai.go.replay import Replay
from tests.client.fakes import FakeHall
from tests.client.one_screen import OneScreenApp, until
from tests.client.test_games import GO_GAME
from tests.go.test_replay import capture_game


class ReviewApp(App):
    def __init__(self, language: str = "en", ply: int | None = None) -> None:
        super().__init__()
        self.launch = Launch(language=language)
        self.ply = ply

    def on_mount(self) -> None:
        self.push_screen(ReviewScreen(Replay.from_sgf(capture_game()), ply=self.ply))


def side(app: App) -> str:
    return str(app.screen.query_one("#side", Static).render())


def board_rows(app: App) -> list[str]:
    board = app.screen.query_one(GoBoard)
    return ["".join(ch for ch, _ in line) for line in board.build_lines()]


@pytest.mark.asyncio
async def test_arrows_home_end_step_through_the_record():
    app = ReviewApp(ply=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Start (move 0/7)" in side(app) and "table chat: hello" in side(app)
        await pilot.press("right", "right", "right")
        assert "Move 3/7" in side(app) and "Black F5" in side(app) and "nice" in side(app)
        await pilot.press("end")
        text = side(app)
        assert "Move 7/7" in text and "Black E4" in text
        assert "Captures: Black 1  White 0" in text and "Time left: Black 9:50  White 9:58" in text
        assert "Result: 黑中盘胜" in text and "The record says: B+R" in text
        assert " 5  . . . X + X" in board_rows(app)[5]  # E5 (a star point) taken
        await pilot.press("left")
        assert "Move 6/7" in side(app) and " 5  . . . X O X" in board_rows(app)[5]
        await pilot.press("home")
        assert "Start (move 0/7)" in side(app)


@pytest.mark.asyncio
async def test_g_jumps_to_a_typed_move_and_refuses_what_is_not_one():
    app = ReviewApp(ply=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("g", "5", "enter")
        assert "Move 5/7" in side(app)
        await pilot.press("g", "4", "0", "enter")
        assert "Move 5/7" in side(app)
        assert "Not a move number: 40 (0-7)" in str(app.screen.query_one("#message").render())
        await pilot.press("right")  # the arrows step again once the field is closed
        assert "Move 6/7" in side(app)


@pytest.mark.asyncio
async def test_the_review_speaks_chinese_and_lists_its_keys_on_question_mark():
    app = ReviewApp(language="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = side(app)
        assert "第 7/7 手" in text and "提子：黑 1  白 0" in text and "棋谱记载：B+R" in text
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeyHelpScreen)
        keys = app.screen.text
        assert "跳到某手" in keys and "home" in keys and "Jump to move" not in keys


def test_qipai_review_takes_a_file_and_says_why_one_cannot_be_read(tmp_path: Path):
    assert parse(["review", "game.sgf"]) == (Launch("review", path="game.sgf"), False)
    good = tmp_path / "good.sgf"
    good.write_text(capture_game(), encoding="utf-8")
    assert read_review(str(good)) is None
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;GM[1]SZ[9];B[ee];W[ee])", encoding="utf-8")
    assert "move 2" in read_review(str(bad))
    assert "cannot read" in read_review(str(tmp_path / "missing.sgf"))


@pytest.mark.asyncio
async def test_r_on_the_games_screen_reviews_the_stored_go_game():
    hall = FakeHall()
    hall.replies["games"] = {"games": [GO_GAME], "adjourned": []}
    hall.replies["game_record"] = {"game": 3, "sgf": capture_game()}
    app = OneScreenApp(hall, GamesScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.games, "the list")
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        assert "Move 7/7" in side(app) and "Result: 黑中盘胜" in side(app)
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, GamesScreen), "back to the list")
    assert hall.requests[-1] == {"type": "game_record", "game": 3}


@pytest.mark.asyncio
async def test_r_on_the_result_screen_reviews_the_game_just_ended():
    hall = FakeHall()
    hall.replies["game_record"] = {"game": 9, "sgf": capture_game()}
    view = {"game": {"result": {"text": "黑中盘胜", "winner": "black", "game": 9}}}
    app = OneScreenApp(hall, lambda: ResultScreen(4, view))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        await pilot.press("home", "right")
        assert "Move 1/7" in side(app) and "Time left: Black 10:00  White --:--" in side(app)
    assert hall.requests == [{"type": "game_record", "game": 9}]
