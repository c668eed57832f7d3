"""The table's hand history (`H`) and the end-of-match summary (`m` on the match-over
settlement), at 80x24 in both languages: the match's stored hands with each seat's total and
the result, enter replays one; the summary adds up the match."""

from __future__ import annotations

from typing import Any

import pytest
from rich.cells import cell_len
from textual.app import App
from textual.widgets import DataTable, Static

from client.i18n import Strings
from client.launch import Launch
from client.mahjong_history import summary_lines
from client.mahjong_view import view_from_wire
from client.screens.key_help import KeyHelpScreen
from client.screens.mahjong_history import MahjongHistoryScreen
from client.screens.mahjong_replay import MahjongReplayScreen
from client.screens.mahjong_settlement import MahjongSettlementScreen
from client.screens.mahjong_table import ChineseMahjongTableScreen, MahjongTableScreen
from tests.client.fakes import FakeHall
from tests.client.test_games import until
from tests.client.test_mahjong_replay import MATCH
from tests.client.test_mahjong_table import E, finished_hand, table_wire
from tests.mahjong.test_replay import played_match

NAMES = ("alice", "bob", "carol", "dave")


def history(hands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``game.history`` of the stored hands (docs/protocol.md, the view)."""
    return [
        {
            "hand": h["hand_number"],
            "game": h["game"],
            "dealer": h["record"]["dealer"],
            "totals": h["settlement"]["totals"],
        }
        for h in hands
    ]


class TableApp(App):
    def __init__(self, wire: dict[str, Any], hall: FakeHall, chinese: bool = False) -> None:
        super().__init__()
        self.hall = hall
        self.wire = wire
        self.chinese = chinese

    def on_mount(self) -> None:
        kind = ChineseMahjongTableScreen if self.chinese else MahjongTableScreen
        strings = Strings("zh" if self.chinese else "en")
        self.push_screen(kind(self.hall, 4, view_from_wire(self.wire), strings=strings))


def between_hands(hands: list[dict[str, Any]], phase: str = "between") -> dict[str, Any]:
    wire = table_wire(finished_hand(), E, phase=phase)
    wire["game"]["history"] = history(hands)
    wire["game"]["hand_number"] = len(hands)
    return wire


def rows(app: App) -> list[list[str]]:
    table = app.screen.query_one(DataTable)
    return [[str(c) for c in table.get_row_at(r)] for r in range(table.row_count)]


def matching_hall() -> FakeHall:
    hall = FakeHall()
    hall.replies["match_hands"] = {"table": 5, "hands": MATCH}
    return hall


@pytest.mark.asyncio
async def test_h_lists_the_matchs_hands_with_their_results_and_enter_replays_one():
    hall = matching_hall()
    app = TableApp(between_hands(MATCH), hall)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MahjongSettlementScreen), "settled")
        await pilot.press("enter")  # the last hand's settlement, closed: between hands
        await until(pilot, lambda: isinstance(app.screen, MahjongTableScreen), "the table")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeyHelpScreen) and "Hand history" in app.screen.text
        await pilot.press("escape")
        await pilot.press("H")
        await until(pilot, lambda: isinstance(app.screen, MahjongHistoryScreen), "the history")
        assert "This match's hands (2 stored)" in str(
            app.screen.query_one("#history-title").render()
        )
        await until(pilot, lambda: all(r[-1] for r in rows(app)), "the results")
        got = rows(app)
        assert [r[0] for r in got] == ["1", "2"]
        for row, hand in zip(got, MATCH, strict=True):
            assert row[2:6] == [f"{t:+d}" for t in hand["settlement"]["totals"]]
            wins = hand["settlement"]["wins"]
            assert ("fan" in row[6]) == bool(wins) and ("drawn hand" in row[6]) == (not wins)
        assert hall.requests[-1] == {"type": "match_hands", "game": MATCH[-1]["game"]}
        totals = [sum(h["settlement"]["totals"][s] for h in MATCH) for s in range(4)]
        total = str(app.screen.query_one("#history-total", Static).render())
        assert total == "Total: " + "  ".join(
            f"{n} {t:+d}" for n, t in zip(NAMES, totals, strict=True)
        )
        await pilot.press("down", "enter")
        await until(pilot, lambda: isinstance(app.screen, MahjongReplayScreen), "the replay")
        assert "Hand 2/2 step 0/" in str(app.screen.query_one("#did").render())
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, MahjongHistoryScreen), "back")
        await pilot.press("H")
        await until(pilot, lambda: isinstance(app.screen, MahjongTableScreen), "the table")


@pytest.mark.asyncio
async def test_the_history_speaks_chinese_and_says_when_no_hand_is_stored_yet():
    hall = matching_hall()
    app = TableApp(between_hands([]), hall, chinese=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MahjongSettlementScreen), "settled")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MahjongTableScreen), "the table")
        await pilot.press("H")
        await until(pilot, lambda: isinstance(app.screen, MahjongHistoryScreen), "the history")
        assert "本场牌局（已存 0 局）" in str(app.screen.query_one("#history-title").render())
        message = str(app.screen.query_one("#history-message").render())
        assert message == "本场还没有存下的牌局。"
        assert rows(app) == [] and hall.asked() == []
        await pilot.press("enter")  # nothing to replay: nothing happens
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MahjongTableScreen), "the table")


@pytest.mark.asyncio
async def test_the_match_over_settlement_shows_the_summary_on_m():
    hands = played_match("zhongyou", {}, seed=11, hands=4)
    wire = between_hands(hands, phase="over")
    totals = [sum(h["settlement"]["totals"][s] for h in hands) for s in range(4)]
    wire["game"]["scores"] = totals
    app = TableApp(wire, matching_hall())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MahjongSettlementScreen), "settled")
        hint = app.screen.query_one("#hint", Static)
        assert str(hint.render()).endswith("; m: match summary")
        await pilot.press("m")
        text = str(app.screen.query_one("#lines", Static).render())
        assert "The match: 4 hands" in text and "Final standing: 1." in text
        lines = text.splitlines()
        header = next(line for line in lines if line.strip().startswith("hand"))
        assert header.split()[1:] == list(NAMES)
        for hand in hands:
            row = next(line for line in lines if line.split()[:1] == [str(hand["hand_number"])])
            assert row.split()[1:] == [f"{t:+d}" for t in hand["settlement"]["totals"]]
        total = next(line for line in lines if line.strip().startswith("Total"))
        assert total.split()[1:] == [f"{t:+d}" for t in totals]
        for seat, name in enumerate(NAMES):
            best = max(h["settlement"]["totals"][seat] for h in hands)
            plus = sum(h["settlement"]["totals"][seat] > 0 for h in hands)
            assert any(
                line.strip().startswith(f"{name}: best hand {best:+d}")
                and line.endswith(f"{plus} hands in the plus")
                for line in lines
            )
        assert all(len(line) <= 78 for line in lines)  # inside the frame at 80 columns
        assert str(hint.render()).endswith("; m: the last hand")
        lines_widget = app.screen.query_one("#lines", Static)
        assert lines_widget.region.bottom <= hint.region.y  # the whole summary in sight
        await pilot.press("m")
        assert "Settlement of hand" in str(app.screen.query_one("#lines", Static).render())


@pytest.mark.asyncio
async def test_m_does_nothing_before_the_match_is_over():
    app = TableApp(between_hands(MATCH), matching_hall())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MahjongSettlementScreen), "settled")
        await pilot.press("m")
        text = str(app.screen.query_one("#lines", Static).render())
        assert "Settlement of hand" in text and "The match:" not in text


def test_the_summary_lines_up_chinese_names_over_their_columns():
    wire = between_hands(MATCH, phase="over")
    for seat, name in enumerate(("张三", "李四四四四四", "bob", "王五")):
        wire["seats"][str(seat)]["name"] = name
    lines = [line.plain for line in summary_lines(view_from_wire(wire), Strings("zh"))]
    header, first = lines[1], lines[2]
    assert cell_len(header) == cell_len(first)  # each name ends where its column of totals ends
    assert header.split()[1:] == ["张三", "李四四四", "bob", "王五"]  # 8 cells at most


@pytest.mark.asyncio
@pytest.mark.parametrize("chinese", [False, True])
async def test_at_60x20_the_history_says_its_keys_whole_and_right_shows_a_cut_result(chinese):
    """At 60 columns a long result runs past the edge: the keys line, whole, says ←/→ scroll
    it, and → brings the end of the result into sight."""
    app = TableApp(between_hands(MATCH), matching_hall(), chinese=chinese)
    async with app.run_test(size=(60, 20)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MahjongSettlementScreen), "settled")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MahjongTableScreen), "the table")
        await pilot.press("H")
        await until(pilot, lambda: isinstance(app.screen, MahjongHistoryScreen), "the history")
        await until(pilot, lambda: all(r[-1] for r in rows(app)), "the results")
        message = app.screen.query_one("#history-message", Static)
        keys = str(message.render())
        assert "←/→" in keys and cell_len(keys) <= message.content_region.width, keys
        table = app.screen.query_one(DataTable)
        await pilot.press(*["right"] * 12)
        await pilot.pause()
        assert table.scroll_x == table.max_scroll_x > 0


@pytest.mark.asyncio
async def test_question_mark_at_a_chinese_table_lists_every_key_in_chinese():
    """`?` in 中文 names every table key in 中文: the cursor, the reference, the settlement,
    托管 and 离桌 too (they are not in the footer, so `?` is where a player finds them)."""
    app = TableApp(between_hands(MATCH), matching_hall(), chinese=True)
    app.launch = Launch(language="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MahjongSettlementScreen), "settled")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MahjongTableScreen), "the table")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeyHelpScreen)
        keys = app.screen.text
    for english in ("Left", "Right", "Leave hand", "Settlement", "Fan reference", "Auto-play"):
        assert english not in keys, english
    assert "番种表" in keys and "左移" in keys
