"""The hall's screens in 中文: the start screen and its mahjong choice, the log-in, the lobby
with its forms and key list, my games, the profile, the leaderboards, a game's result, the
lost-hall question, the away notice, the adjourned-game offer, the bet window and the bets
panel. Each is read whole, as the terminal shows it (footer included), at 80x24 and the smallest
size, and no English word is left: only key letters, players' names, addresses and the hall's
own ids (a ledger entry's ref) stay Latin."""

from __future__ import annotations

import errno
import re
import time

import pytest
from rich.cells import cell_len
from textual.app import App
from textual.widgets import DataTable

from client import hall_rooms
from client.app import QipaiApp
from client.go_view import GoView
from client.i18n import Strings
from client.launch import Launch
from client.screens.disconnected import DisconnectedScreen
from client.screens.games import GamesScreen
from client.screens.go_table import GoTableScreen
from client.screens.hall_away import HallAwayScreen
from client.screens.leaderboard import LeaderboardScreen
from client.screens.lobby import LobbyScreen
from client.screens.login import LoginScreen
from client.screens.profile import ProfileScreen
from client.screens.result import ResultScreen
from client.screens.return_offer import ReturnOfferScreen
from client.sgf_files import save_failure
from tests.client.fakes import FakeHall
from tests.client.one_screen import OneScreenApp, until
from tests.client.test_bets import bets_wire, betting_hall, golden_wire
from tests.client.test_leaderboard import BoardHall
from tests.client.test_profile import PROFILE

LATIN_KEPT = {"qipai", "esc", "ctrl", "shift", "tab", "super"}
"""The program's name and the key names the footer and the hints write in Latin."""


class ZhApp(OneScreenApp):
    ENABLE_COMMAND_PALETTE = False  # as qipai's app: no `^p palette` in the footer


def on_screen(app: App) -> str:
    """The screen as the terminal shows it, every line."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def english_left(text: str, *kept: str) -> list[str]:
    """Latin words of two letters or more, but for the kept ones (names, ids) and what a dialog
    leaves in sight of one (``qip`` of the start screen's title)."""
    allowed = LATIN_KEPT | set(kept)
    words = re.findall(r"[A-Za-z]{2,}", text)
    return [w for w in words if not any(a.startswith(w) for a in allowed)]


async def chinese_and_whole(pilot, app: App, *kept: str, must_show: tuple[str, ...] = ()) -> str:
    """The screen once drawn (its footer comes a frame after the rest)."""
    await pilot.pause()
    await pilot.pause()
    text = on_screen(app)
    assert english_left(text, *kept) == [], text
    width = app.size.width
    assert all(cell_len(line) <= width for line in text.splitlines()), text
    for words in must_show:  # whole, not cut at the edge or wrapped
        assert words in text, f"{words!r} not shown whole:\n{text}"
    return text


@pytest.fixture
def chinese(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screens' test apps have no launch: the UI language comes from QIPAI_LANG."""
    monkeypatch.setenv("QIPAI_LANG", "zh")


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_the_start_screen_and_its_mahjong_choice_speak_chinese(size, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    app = QipaiApp(Launch(language="zh"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await chinese_and_whole(
            pilot,
            app,
            must_show=(
                "l   在本机下围棋，同屏对弈（黑白双方用这个键盘）",
                "c   连接大厅（在下面输入地址，再按回车）",
                "本机棋盘：9路（按 s 更换）",
                "大厅地址：主机[:端口]",
                "l 同屏",
            ),
        )
        await pilot.press("s")
        assert "本机棋盘：13路" in on_screen(app)
        await pilot.press("j")
        await pilot.pause()
        await chinese_and_whole(
            pilot,
            app,
            must_show=("在本机打麻将", "> 1  四川麻将", "o  对手：三个电脑（你坐一个座位）"),
        )
        await pilot.press("o")
        await pilot.pause()
        await chinese_and_whole(
            pilot, app, must_show=("o  对手：同屏热座：四人用这个键盘", "esc 返回")
        )


@pytest.mark.asyncio
async def test_a_bad_address_is_refused_in_chinese(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    app = QipaiApp(Launch(language="zh"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", *"go.lan:7460w-bob-123", "enter")
        await until(pilot, lambda: app._notifications, "the notice")
        notices = [f"{n.title} {n.message}" for n in app._notifications]
    assert notices == [
        "连不上大厅 大厅地址不对：请写 主机 或 主机:端口（端口是 1 到 65535 的数字）"
    ]


@pytest.mark.asyncio
async def test_the_log_in_speaks_chinese(chinese):
    app = ZhApp(FakeHall(), LoginScreen)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await chinese_and_whole(
            pilot, app, must_show=("登录，或注册一个新名字", "名字", "ctrl+r：注册")
        )
        await pilot.press("enter", "enter")
        await until(pilot, lambda: "请先输入名字和密码。" in on_screen(app), "the ask")
        await chinese_and_whole(pilot, app, must_show=("登录", "注册", "返回"))


LOBBY_TABLES = [
    {
        "table": 3,
        "room": "go",
        "options": {"size": 9, "clock": {"main": 300, "periods": 3, "period": 30}},
        "seats": {"black": "ann", "white": None},
        "spectators": 1,
        "phase": "play",
    },
    {
        "table": 7,
        "room": "sichuan",
        "options": {"ruleset": "sichuan", "rules": {}, "hands": 8},
        "seats": {"0": "ann", "1": None, "2": "bob", "3": "dan"},
        "spectators": 0,
        "phase": "waiting",
    },
]


class LobbyApp(App):
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, hall: FakeHall) -> None:
        super().__init__()
        self.hall = hall
        self.local = None

    def on_mount(self) -> None:
        self.push_screen(LobbyScreen("go.lan:7460", "cy"))


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_the_lobby_its_forms_and_its_key_list_speak_chinese(size, chinese):
    hall_rooms.forget()  # the hall's rooms are the lobby's to tell
    hall = FakeHall()
    rooms = [  # as the hall describes them (server/rooms.py)
        {"room": "go", "name": "围棋 Go", "name_zh": "围棋", "short": "围棋"},
        {"room": "sichuan", "name": "四川麻将 Sichuan", "name_zh": "四川麻将", "short": "四川"},
    ]
    hall.replies["lobby"] = {"rooms": rooms, "tables": LOBBY_TABLES, "players": ["ann", "cy"]}
    hall.replies["profile"] = {"name": "cy", "balance": 5000, "go": {"rank": "5k"}}
    names = ("ann", "bob", "dan", "cy", "go", "lan")  # go.lan is the hall's address
    app = LobbyApp(hall)
    async with app.run_test(size=size) as pilot:
        lobby = app.screen
        table = lobby.query_one("#tables", DataTable)
        await until(pilot, lambda: table.row_count == 2 and "5级" in on_screen(app), "tables")
        assert [str(c) for c in table.get_row("3")] == [
            "3", "9路", "5分+3x30秒", "黑 ann", "白 空位", "对局中 +1"
        ]  # fmt: skip
        assert [str(c) for c in table.get_row("7")][1:] == [
            "四川麻将", "8局", "1 ann 2 空位", "3 bob 4 dan", "等人"
        ]  # fmt: skip
        await chinese_and_whole(
            pilot, app, *names, must_show=("大厅", "在线", "n 新围棋", "q 登出  ? 按键")
        )
        if size == (80, 24):  # as in English (test_lobby_fits): every column in sight
            assert table.virtual_size.width <= table.size.width
        await pilot.press("4")  # a Go table has two seats
        await until(pilot, lambda: "3号桌只有 2 个座位" in on_screen(app), "the seats")
        await pilot.press("down")
        await until(pilot, lambda: "四川麻将：友谊桌，不动金币" in on_screen(app), "the terms")
        await chinese_and_whole(pilot, app, *names)
        await pilot.press("question_mark")
        await pilot.pause()
        await chinese_and_whole(
            pilot, app, *names, must_show=("现在可用的按键：", "m          新麻将")
        )
        await pilot.press("escape", "m")
        await pilot.pause()
        await chinese_and_whole(
            pilot, app, *names, must_show=("新建麻将桌", "2  局数    4局", "4  金币    友谊桌")
        )
        await pilot.press("escape", "n")
        await pilot.pause()
        await chinese_and_whole(pilot, app, *names, must_show=("新建围棋桌", "1 棋盘"))
    hall_rooms.forget()


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_my_games_speak_chinese(size, chinese):
    hall = FakeHall()
    go_game = {
        "game": 17, "room": "go", "finished_at": 0.0, "black": "ann", "white": "bob",
        "result": "黑中盘胜", "valid": False, "moves": 12,
    }  # fmt: skip
    hand = {
        "game": 18, "room": "sichuan", "finished_at": 0.0, "players": ["ann", "bob", "cy", "dan"],
        "scores": [8, -8, 0, 0], "escaped": 1, "table": 4, "hand_number": 2,
    }  # fmt: skip
    adjourned = {"game": 19, "black": "ann", "white": "bob", "left_by": "white"}
    hall.replies["games"] = {"games": [go_game, hand], "adjourned": [adjourned]}
    app = ZhApp(hall, GamesScreen)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.screen.query_one(DataTable).row_count == 3, "games")
        text = await chinese_and_whole(
            pilot,
            app,
            "ann",
            "bob",
            "cy",
            "dan",
            must_show=("回车 继续未完的；s 保存、r 回放已完的）",),
        )
        if size == (60, 20):  # the title whole; the last columns scroll, as in English
            return
        for words in (
            "结束时间",
            "封盘",
            "bob 离开",
            "（无效）",
            "12手",
            "（bob 逃跑）",
            "4号桌 第2局",
        ):
            assert words in text
        assert "复盘" in text and "返回" in text


@pytest.mark.asyncio
async def test_the_profile_speaks_chinese(chinese):
    hall = FakeHall()
    hall.replies["profile"] = PROFILE
    hall.replies["relief"] = {"coins": 1000, "balance": 6121}
    app = ZhApp(hall, ProfileScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.query_one(DataTable).row_count == 2, "entries")
        refs = ("go", "account", "ann", "bob")  # the ledger's refs (its ids), names
        text = await chinese_and_whole(pilot, app, *refs)
        for words in (
            "金币 5,121",
            "围棋 5级",
            "（胜负胜）",
            "战绩 3胜 1负 0和",
            "对 bob：3胜1负0和",
        ):
            assert words in text
        assert (
            "押币赢得" in text
            and "黑方" in text
            and "新账户" in text
            and "麻将 血战 托钵人 -16" in text
        )
        await pilot.press("r")
        await until(
            pilot, lambda: "救济金：+1,000 金币；你现在有 6,121" in on_screen(app), "relief"
        )


@pytest.mark.asyncio
async def test_the_leaderboards_speak_chinese(chinese):
    app = ZhApp(BoardHall(), LeaderboardScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "2段" in on_screen(app), "the Go board")
        text = await chinese_and_whole(pilot, app, "bob", "ann")
        assert "[围棋]" in text and "你排第 2 名，共 2 人。" in text and "下一榜" in text
        await pilot.press("4")
        await until(pilot, lambda: "县令" in on_screen(app), "the 棱子 board")
        await chinese_and_whole(pilot, app, "bob", "cat", "ann", must_show=("称号", "积分", "局数"))
        await pilot.press("7")
        await until(pilot, lambda: "你不在这个榜上。" in on_screen(app), "the coins board")
        await chinese_and_whole(pilot, app, "eve")


@pytest.mark.asyncio
async def test_a_result_speaks_chinese(chinese):
    result = {"text": "黑中盘胜", "winner": "black", "reason": "resign", "sgf": "B+R"}
    view = {"game": {"result": {**result, "valid": False}, "komi": 3.5}}
    app = ZhApp(FakeHall(), lambda: ResultScreen(3, view))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await chinese_and_whole(
            pilot,
            app,
            must_show=("结果：黑中盘胜", "黑方中盘胜", "贴3.5子", "太短不计", "s 保存棋谱"),
        )
        await pilot.press("s")
        await until(pilot, lambda: "这盘棋没有保存的记录。" in on_screen(app), "no record")


@pytest.mark.asyncio
async def test_the_lost_hall_the_away_notice_and_the_offer_speak_chinese(chinese):
    lost = ZhApp(FakeHall(), lambda: DisconnectedScreen("go.lan:7460", "大厅关闭了连接"))
    async with lost.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await chinese_and_whole(
            pilot, lost, "go", "lan", must_show=("与大厅", "重新连接", "开始画面")
        )
    words = Strings("zh")
    away = HallAwayScreen(words, words("away_lost", where="go.lan:7460"), time.monotonic() + 60)
    app = ZhApp(FakeHall(), lambda: away)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await chinese_and_whole(pilot, app, "go", "lan", must_show=("回车：马上重试",))
    game = {"game": 19, "black": "ann", "white": "bob", "left_by": "white"}
    offer = ZhApp(FakeHall(), lambda: ReturnOfferScreen(words, game))
    async with offer.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await chinese_and_whole(pilot, offer, "ann", "bob", must_show=("回到你的对局？",))


class BettingApp(App):
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, hall: FakeHall) -> None:
        super().__init__()
        self.hall = hall
        self.launch = Launch(language="zh")

    def on_mount(self) -> None:
        bets = bets_wire(("s1", "black", 100), ("cy", "white", 300))
        view = GoView.from_wire(golden_wire(bets), time.monotonic())
        title = "  |  ".join(Strings("zh")(k, n=3) for k in ("gt_table", "gt_spectator"))
        self.push_screen(GoTableScreen(self.hall, 3, view, title=title, account="cy"))


@pytest.mark.asyncio
async def test_the_bets_panel_and_the_bet_window_speak_chinese():
    app = BettingApp(betting_hall())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        names = ("alice", "bob", "cy", "hjkl")
        text = await chinese_and_whole(
            pilot, app, *names, must_show=("押币到第 50 手（现第 12 手）",)
        )
        assert "奖池 黑 100  白 300" in text and "b 押币（还剩 1 次）" in text
        await pilot.press("b")
        await until(pilot, lambda: "4,900" in on_screen(app), "the balance")
        await chinese_and_whole(
            pilot,
            app,
            *names,
            must_show=("押币  3号桌", "(*) X 黑方", "每局可押 2 次", "回车 确认"),
        )
        await pilot.press("enter")
        await until(pilot, lambda: "请先输入金额" in on_screen(app), "the ask")


def test_a_failed_save_says_why_in_the_ui_language():
    denied = PermissionError(errno.EACCES, "Permission denied", "/games/x.sgf")
    assert save_failure(denied) == "Could not save /games/x.sgf: Permission denied"
    assert save_failure(denied, Strings("zh")) == "无法保存 /games/x.sgf：没有写入权限"
    odd = OSError(errno.EIO, "Input/output error")  # a reason without words of ours: the OS's
    assert save_failure(odd, Strings("zh")) == "无法保存：Input/output error"
