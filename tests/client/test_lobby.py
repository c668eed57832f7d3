"""The lobby with a recording hall: the table list, choosing a seat, watching, refusals."""

from __future__ import annotations

import re

import pytest
from textual.app import App
from textual.screen import Screen
from textual.widgets import DataTable, Log, Static

from client.go_view import GoView
from client.i18n import Strings
from client.screens.lobby import LobbyScreen, standing_label, table_cells
from client.screens.mahjong_new_table import MahjongNewTableScreen
from client.screens.new_table import OPPONENTS, NewTableScreen, rung_label
from qipai.go.ladder import RUNGS, rung
from tests.client.fakes import FakeHall, go_view_wire

TABLES = [
    {
        "table": 3,
        "room": "go",
        "options": {"size": 9, "clock": {"main": 300, "periods": 3, "period": 30}},
        "seats": {"black": "ann", "white": None},
        "spectators": 1,
        "phase": "waiting",
    },
    {
        "table": 5,
        "room": "go",
        "options": {"size": 19, "clock": None},
        "seats": {"black": None, "white": None},
        "spectators": 0,
        "phase": "waiting",
    },
]


class LobbyApp(App):
    def __init__(self, hall: FakeHall) -> None:
        super().__init__()
        self.hall = hall
        self.local = None
        self.opened: list[tuple[int, dict]] = []

    def on_mount(self) -> None:
        self.push_screen(LobbyScreen("go.lan:7460", "cy"))

    def open_table(self, table: int, view: dict) -> None:
        self.opened.append((table, view))


def lobby_hall(**errors) -> FakeHall:
    hall = FakeHall(errors=errors)
    hall.replies["lobby"] = {
        "rooms": [{"room": "go", "name": "Go", "tables": 2}],
        "tables": TABLES,
        "players": ["ann", "cy"],
    }
    hall.replies["sit"] = {"view": {"seq": 1}}
    hall.replies["watch"] = {"view": {"seq": 1}}
    return hall


async def lobby_ready(pilot, app: LobbyApp) -> LobbyScreen:
    for _ in range(100):
        await pilot.pause(0.02)
        if app.screen.query_one("#tables", DataTable).row_count == 2:
            await pilot.pause()
            return app.screen
    raise AssertionError("the table list never filled")


@pytest.mark.asyncio
async def test_the_list_shows_boards_clocks_seats_and_who_is_online():
    app = LobbyApp(lobby_hall())
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await lobby_ready(pilot, app)
        table = lobby.query_one("#tables", DataTable)
        assert table.get_row("3") == [
            "3", "9x9", "5m+3x30", "black ann", "white (free)", "waiting +1"
        ]  # fmt: skip
        assert table.get_row("5")[:3] == ["5", "19x19", "-"]
        assert lobby.players == {"ann", "cy"}


@pytest.mark.asyncio
async def test_enter_sits_at_the_free_seat_and_a_digit_chooses_the_seat():
    app = LobbyApp(lobby_hall())
    async with app.run_test(size=(80, 24)) as pilot:
        await lobby_ready(pilot, app)
        await pilot.press("enter")  # table 3: only white is free
        await pilot.press("down", "2")  # table 5: white, as chosen
        await pilot.press("3")  # a Go table has two seats
        await pilot.pause()
        assert "has 2 seats" in str(app.screen.query_one("#message").render())
    sits = [r for r in app.hall.requests if r["type"] == "sit"]
    assert sits == [
        {"type": "sit", "table": 3, "seat": "white"},
        {"type": "sit", "table": 5, "seat": "white"},
    ]
    assert [table for table, _ in app.opened] == [3, 5]


@pytest.mark.asyncio
async def test_a_taken_seat_is_refused_by_the_hall_and_nothing_opens():
    app = LobbyApp(lobby_hall(sit=("seat_taken", "black is taken by ann")))
    async with app.run_test(size=(80, 24)) as pilot:
        await lobby_ready(pilot, app)
        await pilot.press("1")
        await pilot.pause()
        assert str(app.screen.query_one("#message").render()) == "black is taken by ann"
    assert app.opened == []


@pytest.mark.asyncio
async def test_w_watches_the_selected_table():
    app = LobbyApp(lobby_hall())
    async with app.run_test(size=(80, 24)) as pilot:
        await lobby_ready(pilot, app)
        await pilot.press("down", "w")
        await pilot.pause()
    assert [r for r in app.hall.requests if r["type"] == "watch"] == [{"type": "watch", "table": 5}]


COIN_TABLES = [
    {
        "table": 7,
        "room": "sichuan",
        "options": {
            "ruleset": "sichuan",
            "rules": {},
            "hands": 8,
            "rounds": None,
            "tier": "hundred",
        },
        "stake": 100,
        "seats": {"0": "ann", "1": None, "2": "bot-2", "3": "bob"},
        "spectators": 0,
        "phase": "playing",
    },
    {
        "table": 8,
        "room": "lengzi",
        "options": {"ruleset": "lengzi", "rules": {}, "hands": 4, "rounds": None, "tier": None},
        "seats": {"0": "dan", "1": None, "2": None, "3": None},
        "spectators": 0,
        "phase": "waiting",
    },
]


def coin_hall(balance: int, **errors) -> FakeHall:
    hall = lobby_hall(**errors)
    hall.replies["lobby"] = {"rooms": [], "tables": COIN_TABLES, "players": ["ann", "cy"]}
    hall.replies["profile"] = {"name": "cy", "balance": balance}
    hall.replies["relief"] = {"coins": 1000, "balance": balance + 1000}
    return hall


def shown(app: App, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


def footer_keys(app: App) -> set[str]:
    return {key for key, b in app.screen.active_bindings.items() if b.enabled and b.binding.show}


@pytest.mark.asyncio
async def test_coin_rooms_show_their_tier_minimum_stake_and_fee():
    app = LobbyApp(coin_hall(5000))
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await lobby_ready(pilot, app)
        table = lobby.query_one("#tables", DataTable)
        assert table.get_row("7")[1:3] == ["四川麻将 [100]场", "8 hands 注100"]
        assert table.get_row("8")[1:3] == ["长安棱子", "4 hands"]  # friendly: no coins
        assert shown(app, "#terms") == (
            "四川麻将 [100]场: 3,200 coins to sit  stake 100  fee 10 a won hand"
        )
        await pilot.press("down")
        await pilot.pause()
        assert shown(app, "#terms") == "长安棱子: friendly, no coins move"


@pytest.mark.asyncio
async def test_with_a_go_table_selected_the_line_names_every_coin_rooms_minimum():
    app = LobbyApp(lobby_hall())
    async with app.run_test(size=(80, 24)) as pilot:
        await lobby_ready(pilot, app)
        assert shown(app, "#terms") == (
            "Coins to sit: 自由场 320  [100]场 3,200  [1000]场 32,000  防作弊 320"
        )


@pytest.mark.asyncio
async def test_too_few_coins_says_the_minimum_the_balance_and_c_claims_the_relief():
    app = LobbyApp(coin_hall(200, sit=("below_room_minimum", "[100]场 needs 3200 coins")))
    async with app.run_test(size=(80, 24)) as pilot:
        await lobby_ready(pilot, app)
        assert "c" not in footer_keys(app)
        await pilot.press("enter")  # table 7: seat 1 is free
        await pilot.pause()
        assert shown(app, "#message") == (
            "Too few coins: [100]场 needs 3,200 to sit, you hold 200. The daily relief (救济金) "
            "gives 1,000 coins: press c to claim it."
        )
        assert "c" in footer_keys(app)
        await pilot.press("c")
        await pilot.pause()
        assert shown(app, "#message") == "Daily relief: 1,000 coins, you hold 1,200 now."
        assert "c" not in footer_keys(app)
    kinds = [r["type"] for r in app.hall.requests]
    assert kinds == ["lobby", "profile", "sit", "profile", "relief"] and app.opened == []


@pytest.mark.asyncio
async def test_too_few_coins_above_the_relief_line_says_to_choose_another_room():
    app = LobbyApp(coin_hall(1000, sit=("below_room_minimum", "[100]场 needs 3200 coins")))
    async with app.run_test(size=(80, 24)) as pilot:
        await lobby_ready(pilot, app)
        await pilot.press("enter")
        await pilot.pause()
        assert shown(app, "#message").startswith(
            "Too few coins: [100]场 needs 3,200 to sit, you hold 1,000. Choose a room you can"
        )
        assert "c" not in footer_keys(app)
        await pilot.press("c")  # not on offer: nothing is asked
        await pilot.pause()
    assert "relief" not in [r["type"] for r in app.hall.requests]


@pytest.mark.asyncio
async def test_ranks_too_far_apart_say_what_to_do():
    refusal = ("rank_too_far_apart", "titles at the table: 县令 (ann), 平民 (you)")
    app = LobbyApp(coin_hall(5000, sit=refusal))
    async with app.run_test(size=(80, 24)) as pilot:
        await lobby_ready(pilot, app)
        await pilot.press("enter")
        await pilot.pause()
        assert shown(app, "#message") == (
            "Ranks too far apart for this table (titles at the table: 县令 (ann), 平民 (you)). "
            "Choose a table whose players are nearer yours: Go one rank step, mahjong titles "
            "two levels."
        )


@pytest.mark.asyncio
async def test_the_new_mahjong_table_form_chooses_the_coin_room():
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        chosen: list = []
        app.push_screen(MahjongNewTableScreen(local=True), chosen.append)
        await pilot.pause()
        assert "4  coins   friendly (no coins)" in shown(app, "#options")
        await pilot.press("4", "4")  # [100]场: a coin room seats four people
        await pilot.pause()
        assert "4  coins   [100]场 (hundred), 3,200 coins to sit" in shown(app, "#options")
        assert "3  seats   four people" in shown(app, "#options")
        await pilot.press("enter")
        app.push_screen(MahjongNewTableScreen(), chosen.append)
        await pilot.pause()
        await pilot.press("4", "3")  # bots after a coin room: back to a friendly table
        await pilot.pause()
        assert "4  coins   friendly (no coins)" in shown(app, "#options")
        await pilot.press("enter")
        await pilot.pause()
    assert chosen == [
        ("sichuan", {"hands": 4, "tier": "hundred"}),
        ("sichuan", {"hands": 4, "bots": 3, "timed": False, "bot_level": "normal"}),
    ]


@pytest.mark.asyncio
async def test_the_new_mahjong_table_form_chooses_how_well_the_bots_play():
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        chosen: list = []
        app.push_screen(MahjongNewTableScreen(local=True), chosen.append)
        await pilot.pause()
        assert "5  bots    normal" in shown(app, "#options")
        await pilot.press("5")
        await pilot.pause()
        assert "5  bots    strong" in shown(app, "#options")
        await pilot.press("enter")
        await pilot.pause()
    assert chosen == [("sichuan", {"hands": 4, "bots": 3, "timed": False, "bot_level": "strong"})]


@pytest.mark.asyncio
async def test_the_new_go_table_form_offers_the_ladder_with_its_measured_ranks():
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        chosen: list = []
        app.push_screen(NewTableScreen(), chosen.append)
        await pilot.pause()
        await pilot.press("5")  # the hall's bot (GNU Go where installed)
        await pilot.pause()
        assert "5  opponent  the hall's bot" in shown(app, "#options")
        search = rung("mcts:300")
        for _ in range(OPPONENTS.index(search) - 1):  # up the ladder to the search bot at 300
            await pilot.press("5")
        await pilot.pause()
        assert f"5  opponent  {rung_label(search)}" in shown(app, "#options")
        assert rung_label(search) == f"about {search.kyu} kyu, search bot 300"
        await pilot.press("enter")
        await pilot.pause()
    assert chosen[0]["bot"] == "white" and chosen[0]["bot_level"] == "mcts:300"


@pytest.mark.asyncio
async def test_a_rung_that_gives_stones_sets_the_handicap_and_leaving_it_the_even_game():
    giver = next(r for r in RUNGS if r.handicap)
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        chosen: list = []
        app.push_screen(NewTableScreen(), chosen.append)
        await pilot.pause()
        for _ in range(OPPONENTS.index(giver)):
            await pilot.press("5")
        await pilot.pause()
        text = shown(app, "#options")
        assert f"5  opponent  {rung_label(giver)}" in text
        assert f"you take {giver.handicap} stones" in text
        assert f"4  handicap  {giver.handicap}" in text and "3  komi      0 stones" in text
        await pilot.press("enter")
        await pilot.pause()
        app.push_screen(NewTableScreen(), chosen.append)
        await pilot.pause()
        for _ in range(OPPONENTS.index(giver) + 1):  # one past it: an even opponent again
            await pilot.press("5")
        await pilot.pause()
        assert "4  handicap  none" in shown(app, "#options")
        await pilot.press("enter")
        await pilot.pause()
    assert chosen[0]["bot_level"] == giver.name and chosen[0]["bot"] == "white"
    assert (chosen[0]["handicap"], chosen[0]["komi"]) == (giver.handicap, 0.0)
    assert (chosen[1]["handicap"], chosen[1]["komi"]) == (0, 3.5)


@pytest.mark.asyncio
async def test_the_new_go_table_form_speaks_chinese_with_no_english_left(monkeypatch):
    monkeypatch.setenv("QIPAI_LANG", "zh")
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NewTableScreen(), lambda chosen: None)
        await pilot.pause()
        seen = []
        for _ in OPPONENTS:  # every opponent, the ladder's rungs among them
            seen.append(shown(app, "#options"))
            await pilot.press("5")
            await pilot.pause()
        for key in "1234":  # every other line's next value too
            await pilot.press(key)
            await pilot.pause()
            seen.append(shown(app, "#options"))
        seen.append(str(app.screen.query_one("#form").query(Static).last().render()))
        bindings = app.screen._bindings.key_to_bindings.values()
        footer = [b.description for keyed in bindings for b in keyed if b.show]
    text = "\n".join(seen + footer)
    assert "新建围棋桌" in text and "约19级，简单电脑" in text and "对手      真人对手" in text
    assert "GNU Go 第1档" in text and "你受5子" in text
    # GNU Go is a name, esc a key: nothing else in Latin letters
    assert re.findall("[A-Za-z]+", text.replace("GNU Go", "").replace("esc", "")) == []


def test_a_bot_seat_says_it_is_a_bot_and_its_rank_in_both_languages():
    wire = go_view_wire(
        seats={
            "black": {"name": "ann", "online": True, "bot": False},
            "white": {"name": "qipai-bot", "online": True, "bot": True, "bot_level": "simple"},
        }
    )
    kyu = rung("simple").kyu
    assert GoView.from_wire(wire, 0.0).players["white"] == f"qipai-bot (bot, about {kyu} kyu)"
    chinese = GoView.from_wire(wire, 0.0, Strings("zh")).players
    assert chinese == {"black": "ann", "white": f"qipai-bot（电脑，约{kyu}级）"}
    summary = {
        "table": 3,
        "room": "go",
        "seats": {"black": "ann", "white": "qipai-bot"},
        "options": {"size": 9, "bot": "white", "bot_level": "simple"},
        "phase": "play",
    }
    assert table_cells(summary)[4] == f"white qipai-bot·{kyu}k"
    assert table_cells(summary, Strings("zh"))[4] == f"白 qipai-bot·{kyu}级"
    assert table_cells(summary)[3] == "black ann"


def title(app: App) -> str:
    return shown(app, "#title")


@pytest.mark.asyncio
async def test_the_title_line_shows_your_coins_and_go_rank():
    hall = coin_hall(5120)
    hall.replies["profile"] = {"name": "cy", "balance": 5120, "go": {"rank": "5k"}}
    app = LobbyApp(hall)
    async with app.run_test(size=(80, 24)) as pilot:
        await lobby_ready(pilot, app)
        assert title(app) == "qipai  lobby  |  go.lan:7460  |  cy  5,120枚  5k  |  b: leaderboards"
    assert [r["type"] for r in hall.requests] == ["lobby", "profile"]


@pytest.mark.asyncio
async def test_coins_are_asked_again_back_from_a_table_not_per_lobby_push():
    hall = coin_hall(5120)
    app = LobbyApp(hall)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await lobby_ready(pilot, app)
        for number in (7, 8):
            lobby.on_lobby_push({"kind": "table", "table": COIN_TABLES[number - 7]})
        await pilot.pause()
        assert [r["type"] for r in hall.requests] == ["lobby", "profile"]
        app.push_screen(Screen())  # a table in front of the lobby
        await pilot.pause()
        hall.replies["profile"] = {"name": "cy", "balance": 4870}
        app.pop_screen()
        for _ in range(50):
            await pilot.pause(0.02)
            if "4,870枚" in title(app):
                break
        assert "|  cy  4,870枚  |" in title(app)
    assert [r["type"] for r in hall.requests] == ["lobby", "profile"] * 2


@pytest.mark.asyncio
async def test_a_refused_seat_and_the_relief_update_the_coins_in_the_title():
    hall = coin_hall(5000, sit=("below_room_minimum", "[100]场 needs 3200 coins"))
    app = LobbyApp(hall)
    async with app.run_test(size=(80, 24)) as pilot:
        await lobby_ready(pilot, app)
        assert "cy  5,000枚" in title(app)
        hall.replies["profile"] = {"name": "cy", "balance": 200}  # lost at another terminal
        hall.replies["relief"] = {"coins": 1000, "balance": 1200}
        await pilot.press("enter")
        await pilot.pause()
        assert "cy  200枚" in title(app)
        await pilot.press("c")
        await pilot.pause()
        assert "cy  1,200枚" in title(app)


@pytest.mark.parametrize(
    ("account", "profile", "label"),
    [
        ("cy", {"balance": 0, "go": {"rank": "18k"}}, "0枚  18k"),
        ("cy", {"balance": 32000}, "32,000枚"),
        ("guest-x3Fq9a", {"balance": 0, "go": {"rank": "18k"}}, ""),
        ("guest-x3Fq9a", {"balance": 1000, "go": {"rank": "18k"}}, "1,000枚"),
        ("guestbook", {"balance": 0, "go": {"rank": "18k"}}, "0枚  18k"),  # a name anyone may take
        ("cy", None, ""),
    ],
)
def test_the_standing_label_leaves_out_what_a_guest_does_not_have(account, profile, label):
    assert standing_label(account, profile) == label


@pytest.mark.asyncio
async def test_a_lobby_push_before_the_lobby_is_up_and_its_chat_line_are_kept_and_break_nothing():
    """A local hall asks for its table while the lobby goes onto the stack: a table's line
    can arrive before the lobby's widgets exist."""

    class EarlyPush(App):
        def __init__(self, hall: FakeHall) -> None:
            super().__init__()
            self.hall = hall
            self.local = None

        def on_mount(self) -> None:
            lobby = LobbyScreen("go.lan:7460", "cy")
            self.push_screen(lobby)
            early = {"table": 9, "room": "go", "options": {"size": 9, "clock": None}}
            lobby.on_lobby_push({"type": "lobby", "kind": "table", "table": early})
            lobby.on_lobby_push({"type": "chat", "from": "ann", "text": "hi"})
            self.early = lobby

    app = EarlyPush(lobby_hall())
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await lobby_ready(pilot, app)
        assert lobby is app.early
        assert sorted(lobby.tables) == [3, 5]  # shown, the lobby asked for the list anew
        assert "ann: hi" in "\n".join(lobby.query_one("#chat-log", Log).lines)
        lobby.on_lobby_push({"type": "lobby", "kind": "offline", "name": "ann"})
        await pilot.pause()
        assert "ann" not in str(lobby.query_one("#online", Static).render())
