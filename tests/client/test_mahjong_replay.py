"""The mahjong replay viewer (牌谱) at 80x24, driven by its keys: a match the table played,
stepped action by action and hand by hand, all open or as one seat saw it (never another
seat's concealed tiles), with the settlement at each hand's end, in both languages."""

from __future__ import annotations

import json

import pytest
from textual.app import App
from textual.widgets import DataTable, Static

from client.cli import main, parse, read_replay_file
from client.launch import Launch
from client.mahjong_replay_files import read_replay, replay_json
from client.mahjong_replay_view import position_view
from client.screens.games import GamesScreen
from client.screens.key_help import KeyHelpScreen
from client.screens.mahjong_replay import MahjongReplayScreen
from client.screens.size_guard import TooSmall
from qipai.mahjong.replay import match_replays
from qipai.mahjong.table import ActionType
from qipai.mahjong.tiles import kind_name, kind_of
from tests.client.fakes import FakeHall
from tests.client.test_games import GO_GAME, until
from tests.mahjong.test_replay import played_match

MATCH = played_match("sichuan", {}, seed=3, hands=2)


class ReplayApp(App):
    def __init__(self, language: str = "en", hand: int = 0) -> None:
        super().__init__()
        self.launch = Launch(language=language)
        self.hand = hand

    def on_mount(self) -> None:
        self.push_screen(MahjongReplayScreen(match_replays(MATCH), self.hand))


def text(app: App, widget: str) -> str:
    return str(app.screen.query_one(widget, Static).render())


def screen(app: App) -> MahjongReplayScreen:
    assert isinstance(app.screen, MahjongReplayScreen)
    return app.screen


@pytest.mark.asyncio
async def test_arrows_home_end_and_g_step_through_a_hand():
    app = ReplayApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        replay = screen(app).replay
        last = replay.last
        assert f"Hand 1/2 step 0/{last}" in text(app, "#did") and "the deal" in text(app, "#did")
        await pilot.press("right", "right")
        assert f"step 2/{last}" in text(app, "#did")
        await pilot.press("left")
        void = "mps"[replay.steps[1].action.tile]
        assert f"step 1/{last}  E ann: void {void}" in text(app, "#did")  # 四川: 定缺 first
        await pilot.press("g", "1", "0", "enter")
        assert f"step 10/{last}" in text(app, "#did")
        await pilot.press("g", "9", "9", "9", "enter")
        assert f"Not a step number: 999 (0-{last})" in text(app, "#message")
        await pilot.press("right")  # the arrows step again once the field is closed
        assert f"step 11/{last}" in text(app, "#did")
        await pilot.press("end")
        assert screen(app).has_class("-at-end")
        settlement = text(app, "#settlement-lines")
        assert "Settlement of hand 1" in settlement and "This hand" in settlement
        await pilot.press("home")
        assert "step 0/" in text(app, "#did") and not screen(app).has_class("-at-end")


@pytest.mark.asyncio
async def test_n_p_and_h_move_between_the_hands_of_the_match_with_running_scores():
    app = ReplayApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        assert "Hand 2/2 step 0/" in text(app, "#did")
        totals = MATCH[0]["settlement"]["totals"]
        board = "\n".join(screen(app).board_text())
        assert f"{totals[0]:+5d}" in board  # the first hand's scores carried into the second
        await pilot.press("p")
        assert "Hand 1/2" in text(app, "#did")
        await pilot.press("h", "2", "enter")
        assert "Hand 2/2" in text(app, "#did")
        await pilot.press("h", "7", "enter")
        assert "Not a hand of this match: 7 (1-2)" in text(app, "#message")


@pytest.mark.asyncio
async def test_s_cycles_the_view_and_a_seat_sees_no_other_concealed_tiles():
    app = ReplayApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("g", "2", "0", "enter")
        me = screen(app)
        assert "all hands open" in text(app, "#title")
        opened = text(app, "#hands")
        dealer = me.replay.end.dealer
        seen = []
        for _ in range(4):
            await pilot.press("s")
            seen.append(me.seat)
            assert "saw it" in text(app, "#title") and me.has_class("-one-seat")
            machine = me.replay.machine(me.at)
            board = "\n".join(me.board_text())
            view, log = position_view(me.hands, me.position)  # what the board was given
            assert [s.hand is not None for s in view.seats] == [
                s.seat == me.seat or s.won is not None for s in view.seats
            ]
            assert set(log.drawn) <= {me.seat}  # no other seat's draw reached the log
            assert me.query_one("#hands").display is False
            assert board.count("▒▒x") == 3
            mine = sorted(kind_name(kind_of(t)) for t in machine.seats[me.seat].concealed)
            assert all(name in board for name in mine)
        assert seen == [(dealer + k) % 4 for k in range(4)]
        await pilot.press("s")
        assert me.seat is None and "all hands open" in text(app, "#title")
        assert text(app, "#hands") == opened


@pytest.mark.asyncio
async def test_an_open_hand_shows_no_hidden_count_on_the_board():
    """All open, every hand is drawn (the bottom seat's on the board, the others under it), so
    no seat is marked with face-down tiles; a seat's view marks the three it did not see."""
    app = ReplayApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("g", "2", "0", "enter")
        board = "\n".join(screen(app).board_text())
        assert "▒▒" not in board and "▒▒" not in text(app, "#hands")
        await pilot.press("s")
        assert "\n".join(screen(app).board_text()).count("▒▒x") == 3

def discard_steps(replay) -> tuple[int, int]:
    """A step whose discard was 摸切 and one whose discard came from the hand."""
    found: dict[bool, int] = {}
    for step in replay.steps[1:]:
        action = step.action
        if action is not None and action.type is ActionType.DISCARD:
            river = replay.machine(step.number).seats[action.seat].river
            found.setdefault(river[-1].drawn, step.number)
    return found[True], found[False]


@pytest.mark.parametrize(
    ("language", "words"), [("en", ("Last", "as drawn")), ("zh", ("刚打", "摸切"))]
)
@pytest.mark.asyncio
async def test_the_last_discard_in_the_middle_says_when_it_was_let_go_as_drawn(language, words):
    """The middle line marks a 摸切 discard as the river does (`'5p`) and says so in words."""
    app = ReplayApp(language=language)
    last, as_drawn = words
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        drawn, from_hand = discard_steps(screen(app).replay)
        for step, marked in ((drawn, True), (from_hand, False)):
            await pilot.press("g", *str(step), "enter")
            middle = next(line for line in screen(app).board_text() if f"{last} " in line)
            assert (f"{last} '" in middle and as_drawn in middle) is marked, middle
            assert marked or as_drawn not in middle

@pytest.mark.asyncio
async def test_the_replay_speaks_chinese_and_lists_its_keys_on_question_mark():
    app = ReplayApp(language="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "牌谱" in text(app, "#title") and "全部明牌" in text(app, "#title")
        assert "第 1/2 局" in text(app, "#did") and "配牌" in text(app, "#did")
        await pilot.press("right")
        await pilot.press("s")
        assert "的视角" in text(app, "#title")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeyHelpScreen)
        keys = app.screen.text
        assert "跳到某步" in keys and "下一局" in keys and "视角：全部明牌 / 東 南 西 北" in keys
        assert "Next hand" not in keys  # the keys' words follow the language too


def listed(stored: dict) -> dict:
    """A stored hand's line in ``games`` (docs/protocol.md, "Stored hands")."""
    keys = ("game", "room", "table", "hand_number", "players")
    return {**{k: stored[k] for k in keys}, "scores": stored["settlement"]["totals"]}


class HallApp(App):
    def __init__(self, hall: FakeHall) -> None:
        super().__init__()
        self.hall = hall
        self.launch = Launch()

    def on_mount(self) -> None:
        self.push_screen(GamesScreen())


@pytest.mark.asyncio
async def test_r_in_my_games_replays_a_hand_with_its_match_and_the_list_groups_matches(
    private_user_dirs,
):
    other = {**GO_GAME, "game": 150}  # a Go game finished between the match's two hands
    hall = FakeHall()
    lines = [listed(MATCH[1]), other, listed(MATCH[0])]
    hall.replies["games"] = {"games": lines, "adjourned": []}
    hall.replies["match_hands"] = {"table": 5, "hands": MATCH}
    hall.replies["game_record"] = MATCH[0]
    app = HallApp(hall)
    async with app.run_test(size=(80, 24)) as pilot:
        games = app.screen
        await until(pilot, lambda: len(games.games) == 3, "the list")
        table = games.query_one(DataTable)
        rows = [table.get_row_at(r)[0] for r in range(3)]
        assert rows == [str(MATCH[1]["game"]), str(MATCH[0]["game"]), "150"]  # the match together
        assert table.get_row_at(0)[5] == "table 5 hand 2"
        await pilot.press("down", "r")  # the match's first hand
        await until(pilot, lambda: isinstance(app.screen, MahjongReplayScreen), "the replay")
        assert hall.requests[-1] == {"type": "match_hands", "game": MATCH[0]["game"]}
        assert "Hand 1/2 step 0/" in text(app, "#did")
        await pilot.press("q")
        await until(pilot, lambda: app.screen is games, "back to the list")
        await pilot.press("s")
        await until(pilot, lambda: "Saved" in text(app, "#message"), "saved")
    saved = private_user_dirs / "documents" / "qipai"
    replay_file = saved / f"qipai-{MATCH[0]['game']}-sichuan-hand1.json"
    assert (saved / f"qipai-{MATCH[0]['game']}-sichuan-hand1.txt").exists()
    (hand,) = read_replay(str(replay_file))
    assert hand.settlement == MATCH[0]["settlement"]
    assert parse(["replay", str(replay_file)]) == (Launch("replay", path=str(replay_file)), False)


def test_qipai_replay_says_why_a_file_cannot_be_replayed(tmp_path, capsys):
    match = tmp_path / "match.json"
    match.write_text(replay_json(MATCH), encoding="utf-8")
    assert read_replay_file(str(match)) is None
    assert [h.hand_number for h in read_replay(str(match))] == [1, 2]
    bare = tmp_path / "record.json"  # a game_record answer as it came off the wire
    bare.write_text(json.dumps(MATCH[1]), encoding="utf-8")
    assert read_replay_file(str(bare)) is None
    broken = json.loads(json.dumps(MATCH[0]))
    broken["record"]["actions"] = broken["record"]["actions"][:3] * 2
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken), encoding="utf-8")
    assert "does not replay" in read_replay_file(str(bad))
    (tmp_path / "text.json").write_text("qipai mahjong hand record", encoding="utf-8")
    assert "not JSON" in read_replay_file(str(tmp_path / "text.json"))
    (tmp_path / "empty.json").write_text("[]", encoding="utf-8")
    assert "holds no mahjong hands" in read_replay_file(str(tmp_path / "empty.json"))
    assert "cannot read" in read_replay_file(str(tmp_path / "missing.json"))
    assert main(["replay", str(bad)]) == 2
    assert "qipai replay:" in capsys.readouterr().err


@pytest.mark.asyncio
async def test_a_terminal_too_small_for_the_replay_says_the_size_it_needs():
    app = ReplayApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(60, 23)
        await pilot.pause()
        assert not app.screen.query(TooSmall)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        (notice,) = app.screen.query(TooSmall)
        assert "needs at least 60x23" in str(notice.render())
        await pilot.press("right")  # its keys still work meanwhile
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not app.screen.query(TooSmall) and "step 1/" in text(app, "#did")


@pytest.mark.asyncio
@pytest.mark.parametrize(("language", "said"), [("en", "? lists them"), ("zh", "? 列出按键")])
async def test_the_too_small_notice_says_the_keys_still_work_and_q_goes_back(language, said):
    """The notice hides the footer, so it says the keys still work: `?` lists them, `q` goes
    back to where the replay was opened."""
    app = ReplayApp(language=language)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        (notice,) = app.screen.query(TooSmall)
        assert said in str(notice.render())
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeyHelpScreen)
        await pilot.press("escape", "q")
        await pilot.pause()
        assert not isinstance(app.screen, MahjongReplayScreen)


@pytest.mark.asyncio
async def test_w_writes_the_match_shown_to_a_file_qipai_replay_opens(private_user_dirs):
    app = ReplayApp(hand=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        message = text(app, "#message")
    assert message.startswith("Saved ") and "qipai replay FILE opens it" in message
    path = message.removeprefix("Saved ").split(" (")[0]
    assert path.endswith("-sichuan-match-table5.json")
    assert [h.hand_number for h in read_replay(path)] == [1, 2]
    assert read_replay_file(path) is None
