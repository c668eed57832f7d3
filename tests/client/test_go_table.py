"""The Go table screen at 80x24 with a recording hall: what the keys send and what the screen shows."""

from __future__ import annotations

import time

import pytest
from textual.app import App
from textual.widgets import Static

from client.go_view import GoView
from client.launch import Launch
from client.screens.go_table import GoTableScreen
from client.widgets.go_board import GoBoard
from client.widgets.go_panel import GoPanel
from tests.client.fakes import FakeHall, go_view_wire


class TableApp(App):
    def __init__(self, hall: FakeHall, view: GoView, language: str = "en") -> None:
        super().__init__()
        self.hall = hall
        self.view = view
        self.launch = Launch(language=language)

    def on_mount(self) -> None:
        self.push_screen(GoTableScreen(self.hall, 3, self.view))


def table_app(hall: FakeHall | None = None, language: str = "en", **fields) -> TableApp:
    view = GoView.from_wire(go_view_wire(**fields), time.monotonic())
    return TableApp(hall or FakeHall(), view, language)


def message_line(app: App) -> str:
    return str(app.screen.query_one("#message", Static).render())


@pytest.mark.asyncio
async def test_enter_plays_the_point_under_the_cursor():
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("k", "k", "h", "enter")
        await pilot.pause()
    assert app.hall.acts() == [{"type": "act", "table": 3, "action": "play", "point": "D7"}]


@pytest.mark.asyncio
async def test_a_typed_point_is_played_and_a_bad_one_is_refused_without_sending():
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon", "z", "9", "enter")
        await pilot.pause()
        assert message_line(app) == "Not a point on this board (type e.g. D4)"
        assert app.hall.acts() == []
        await pilot.press("colon", "c", "x", "backspace", "3")
        await pilot.pause()
        assert message_line(app).startswith("Point: C3_")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.query_one(GoBoard).cursor == (2, 6)
    assert app.hall.acts() == [{"type": "act", "table": 3, "action": "play", "point": "C3"}]


@pytest.mark.asyncio
async def test_pass_and_undo_request_keys():
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p", "u")
        await pilot.pause()
    assert [a["action"] for a in app.hall.acts()] == ["pass", "undo_request"]


@pytest.mark.asyncio
async def test_resign_needs_a_second_press():
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("R")
        await pilot.pause()
        assert app.hall.acts() == []
        assert "again" in message_line(app)
        await pilot.press("R")
        await pilot.pause()
    assert [a["action"] for a in app.hall.acts()] == ["resign"]


@pytest.mark.asyncio
async def test_the_halls_error_is_shown_and_the_board_stays_as_it_was():
    hall = FakeHall(errors={"play": ("illegal_ko", "that retakes the ko")})
    app = table_app(hall)
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.screen.query_one(GoBoard).text_lines()
        await pilot.press("enter")
        await pilot.pause()
        assert message_line(app) == (
            "Ko: that would repeat an earlier position; play elsewhere first."
        )
        assert app.screen.query_one(GoBoard).text_lines() == before


@pytest.mark.asyncio
async def test_keys_of_another_phase_send_nothing_and_out_of_turn_the_hall_decides():
    hall = FakeHall(errors={"pass": ("not_your_turn", "it is black's turn")})
    app = table_app(hall, legal=["resign"], to_move="black", you=["white"])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("y", "n", "c", "m")
        await pilot.pause()
        assert app.hall.acts() == []
        await pilot.press("p")
        await pilot.pause()
        assert message_line(app) == "it is black's turn"
    assert app.hall.acts() == [{"type": "act", "table": 3, "action": "pass"}]


@pytest.mark.asyncio
async def test_an_undo_request_offers_accept_and_decline():
    app = table_app(undo_request="black", you=["white"], legal=["undo_accept", "undo_decline"])
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(GoPanel)
        assert panel.text_of("notice") == "Black asks to undo"
        assert "y accept  n decline undo" in panel.text_of("hints")
        await pilot.press("n")
        await pilot.pause()
    assert app.hall.acts() == [{"type": "act", "table": 3, "action": "undo_decline"}]


@pytest.mark.asyncio
async def test_scoring_phase_toggles_dead_groups_and_confirms_with_the_live_count():
    board = ["." * 9] * 4 + ["....X...."] + ["." * 9] * 4
    app = table_app(
        phase="scoring",
        board=board,
        dead=["E5"],
        count={"black": 40.5, "white": 40.5},
        confirmed=["white"],
        legal=["toggle_dead", "confirm", "resume", "resign"],
    )
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(GoPanel)
        assert panel.text_of("status") == "Count X 40.5 O 40.5"
        assert panel.text_of("notice") == "Confirmed: White"
        assert "x" in app.screen.query_one(GoBoard).text_lines()[5]
        await pilot.press("enter", "c", "m")
        await pilot.pause()
    assert app.hall.acts() == [
        {"type": "act", "table": 3, "action": "toggle_dead", "point": "E5"},
        {"type": "act", "table": 3, "action": "confirm"},
        {"type": "act", "table": 3, "action": "resume"},
    ]


@pytest.mark.asyncio
async def test_a_spectator_sees_the_game_without_controls():
    app = table_app(you=[], legal=[], spectators=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "p", "R", "R", "u")
        await pilot.pause()
        panel = app.screen.query_one(GoPanel)
        assert panel.text_of("hints") == "q leave (watching)"
        assert panel.text_of("spectators") == "Watching: 2"
        assert "[" not in "".join(app.screen.query_one(GoBoard).text_lines())
    assert app.hall.acts() == []


@pytest.mark.asyncio
async def test_an_event_redraws_the_board_and_a_seq_gap_asks_for_a_snapshot():
    hall = FakeHall()
    app = table_app(hall, seq=4)
    moved = go_view_wire(
        seq=5,
        board=["." * 9] * 6 + ["..O......"] + ["." * 9] * 2,
        last_move="C3",
        to_move="black",
        move_number=2,
    )
    hall.replies["snapshot"] = {"view": go_view_wire(seq=9, move_number=7)}
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.on_table_push({"type": "event", "table": 3, "seq": 5, "kind": "move", "view": moved})
        await pilot.pause()
        assert "(O)" in screen.query_one(GoBoard).text_lines()[7]
        assert screen.query_one(GoPanel).text_of("last") == "Last: C3"
        assert hall.requests == []
        screen.on_table_push({"type": "event", "table": 3, "seq": 8, "kind": "pass", "view": moved})
        await pilot.pause()
        await pilot.pause()
        assert screen.query_one(GoPanel).text_of("status").startswith("Move 7")
    assert hall.requests == [{"type": "snapshot", "table": 3}]


@pytest.mark.asyncio
async def test_a_19x19_table_fits_80x24_with_clocks_and_key_hints():
    clocks = {
        "black": {"main": 291.5, "periods": 3, "period": 30, "byoyomi": False},
        "white": {"main": 21.0, "periods": 2, "period": 30, "byoyomi": True},
        "running": "white",
    }
    app = table_app(
        size=19,
        clocks=clocks,
        captures={"black": 3, "white": 0},
        move_number=41,
        to_move="white",
        you=["white"],
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        board, panel = screen.query_one(GoBoard), screen.query_one(GoPanel)
        assert board.region.height == 21 and board.region.bottom <= 23
        assert panel.region.right <= 80
        assert panel.text_of("black-clock").split() == ["4:52", "+3x30s", "cap", "3"]
        assert panel.text_of("white-clock").startswith("   0:2")
        assert panel.text_of("white-name") == ">O White bob (you)"
        assert panel.text_of("status") == "Move 41  White to play"
        hint_count = len(panel.text_of("hints").splitlines())
        assert panel.region.bottom <= 23 and panel.region.height == 9 + hint_count
        assert panel.text_lines()[-1].rstrip() == " R resign  q leave"


@pytest.mark.asyncio
async def test_the_running_clock_ticks_down_between_updates_and_only_its_line_changes():
    clocks = {
        "black": {"main": 65.0, "periods": 3, "period": 30, "byoyomi": False},
        "white": {"main": 300.0, "periods": 3, "period": 30, "byoyomi": False},
        "running": "black",
    }
    app = table_app(clocks=clocks)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(GoPanel)
        before = panel.text_lines()
        arrived = panel.view.clocks["black"].as_of
        panel.tick(arrived + 6.0)
        await pilot.pause()
        after = panel.text_lines()
    assert before[1].split()[0] == "1:05" and after[1].split()[0] == "0:59"
    assert [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b] == [1]


@pytest.mark.asyncio
async def test_a_view_the_client_cannot_read_is_reported_and_changes_nothing():
    app = table_app(seq=4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        before = screen.query_one(GoBoard).text_lines()
        broken = go_view_wire(seq=5, last_move="Z99")
        screen.on_table_push(
            {"type": "event", "table": 3, "seq": 5, "kind": "move", "view": broken}
        )
        screen.on_table_push({"type": "event", "table": 3, "seq": 6, "kind": "move", "view": {}})
        await pilot.pause()
        assert message_line(app) == "The hall sent a table this client cannot draw; update qipai."
        assert screen.query_one(GoBoard).text_lines() == before
        assert screen.view.seq == 4


@pytest.mark.asyncio
async def test_table_chat_takes_every_letter_once_the_box_is_open():
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t", *"that pq", "enter")
        await pilot.pause()
        assert app.screen.query_one(GoBoard).has_focus
    assert app.hall.requests == [{"type": "chat", "text": "that pq", "table": 3}]


@pytest.mark.asyncio
async def test_events_older_than_the_view_on_screen_are_dropped():
    hall = FakeHall()
    app = table_app(hall, seq=2, you=["black", "white"])
    older = go_view_wire(seq=1, you=["black"], legal=[])
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.on_table_push(
            {"type": "event", "table": 3, "seq": 1, "kind": "seated", "view": older}
        )
        screen.on_table_push(
            {"type": "event", "table": 3, "seq": 2, "kind": "started", "view": older}
        )
        await pilot.pause()
        assert screen.view.seats == {"black", "white"} and screen.seq == 2
    assert hall.requests == []


@pytest.mark.asyncio
async def test_a_typed_point_and_a_chat_line_survive_arriving_in_one_burst():
    from textual import events

    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys = [("colon", ":"), ("d", "d"), ("4", "4"), ("enter", "\r")]
        keys += [("t", "t"), ("o", "o"), ("k", "k"), ("enter", "\r")]
        for key, character in keys:
            app.post_message(events.Key(key, character))
        for _ in range(20):
            await pilot.pause(0.02)
    assert app.hall.requests == [
        {"type": "act", "table": 3, "action": "play", "point": "D4"},
        {"type": "chat", "text": "ok", "table": 3},
    ]


@pytest.mark.asyncio
async def test_the_table_speaks_chinese_in_its_panel_footer_and_messages():
    """In 中文 no English is left at the table: the panel's facts and key hints, the footer's
    words and the messages of the keys (the board's coordinates stay Latin, as on real boards)."""
    app = table_app(language="zh", last_move="pass", move_number=4, spectators=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(GoPanel)
        text = "\n".join(panel.text_lines())
        for words in (
            "第 4 手  黑方下",
            "上一手：停一手",
            "提子 0",
            "观战：2人",
            "回车 落子",
            "R 认输",
        ):
            assert words in text
        footer = {
            b.binding.description for b in app.screen.active_bindings.values() if b.binding.show
        }
        assert {"落子", "停一手", "悔棋", "认输", "离桌"} <= footer
        await pilot.press("colon", "z", "9", "enter")
        await pilot.pause()
        assert message_line(app) == "棋盘上没有这个点（例如输入 D4）"
        await pilot.press("R")
        await pilot.pause()
        assert message_line(app) == "再按一次 R 认输"
    names = set(app.view.players.values())  # key letters and the players' names may be Latin
    words = text.replace("hjkl", "").split()
    leftover = [w for w in words if w.isascii() and w.isalpha() and len(w) > 1 and w not in names]
    assert leftover == [], leftover
