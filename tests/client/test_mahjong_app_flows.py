"""The whole client against a real hall on loopback, driven through the pilot at 80x24: a local
hot-seat mahjong match of one hand played from the keyboard to its settlement and standing, with
the cover screen between players; a network table made from the lobby where three protocol
clients take the other seats, and ann's connection drops mid-hand and comes back; the lobby's
mahjong table form and rows."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest
from textual.widgets import Static

from client.app import QipaiApp
from client.connection import HallConnection, HallError
from client.launch import Launch
from client.local_hall import LocalHall
from client.mahjong_follow import FollowedTable
from client.screens.lobby import LobbyScreen, table_cells
from client.screens.login import LoginScreen
from client.screens.mahjong_claim_window import MahjongClaimWindowScreen
from client.screens.mahjong_cover import MahjongCoverScreen
from client.screens.mahjong_new_table import MahjongNewTableScreen, lobby_cells
from client.screens.mahjong_settlement import MahjongSettlementScreen
from client.screens.mahjong_table import MahjongTableScreen
from tests.client.test_app_flows import until

MAX_KEYS = 6000  # key presses and 20 ms waits: the hall waits 0.8 s after each discard (MJ-08)


def table_of(app: QipaiApp) -> MahjongTableScreen | None:
    """The mahjong table screen once it is drawn."""
    screen = next((s for s in app.screen_stack if isinstance(s, MahjongTableScreen)), None)
    return screen if screen is not None and screen.query("#prompt") else None


def prompt_of(screen: MahjongTableScreen) -> str:
    return str(screen.query_one("#prompt", Static).render())


async def next_key(pilot, app: QipaiApp, screen: MahjongTableScreen) -> str | None:
    """The key a simple player presses now: uncover, choose a void, win when offered, pass a
    claim, discard the tile under the cursor; None while the hall is busy."""
    if isinstance(app.screen, MahjongCoverScreen):
        return "space"
    if isinstance(app.screen, MahjongClaimWindowScreen):
        # a player who can claim asks for the tile with their seat key; else nobody claims
        latest = screen._latest()
        claiming = latest is not None and latest.phase in ("claim", "rob") and latest.acting
        return str(latest.acting[0] + 1) if claiming else "space"
    prompt = prompt_of(screen)
    if "m / p / s" in prompt:
        return "m"
    if " w win" in prompt:
        return "w"
    if "x pass" in prompt and ("discarded" in prompt or "adds a kong" in prompt):
        return "x"
    if "Your turn" in prompt:
        return "d"
    return None


@pytest.mark.asyncio
async def test_a_local_hot_seat_hand_is_played_from_the_keyboard_to_the_standing():
    app = QipaiApp(Launch("local", game="mahjong", room="sichuan", bots=0, hands=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: table_of(app) is not None, "the local mahjong table")
        screen = table_of(app)
        assert screen.view.mine == (0, 1, 2, 3) and "hot-seat" in screen.title_text
        covers = windows = 0
        for _ in range(MAX_KEYS):
            if isinstance(app.screen, MahjongSettlementScreen):
                break
            key = await next_key(pilot, app, screen)
            if key is None:
                await pilot.pause(0.02)
                continue
            covers += isinstance(app.screen, MahjongCoverScreen)
            windows += isinstance(app.screen, MahjongClaimWindowScreen)
            if isinstance(app.screen, MahjongCoverScreen):
                while not app.screen.query("#who"):  # pushed, not yet composed (a loaded run)
                    await pilot.pause()
                # the cover hides every tile: nothing of the next hand is on screen
                assert "[" not in str(app.screen.query_one("#who", Static).render())
            await pilot.press(key)
        assert isinstance(app.screen, MahjongSettlementScreen), (
            f"the hand never ended: {prompt_of(screen)!r} {screen.query_one('#message').render()}"
        )
        assert screen.followed is None  # hot-seat takes full views (mahjong_incremental)
        assert covers >= 4  # each player uncovered at least for the void declaration
        assert windows >= 8  # the claim window after every discard (MJ-08)
        text = str(app.screen.query_one("#lines", Static).render())
        assert text.startswith("Settlement of hand 1  四川麻将")
        assert "Final standing" in text and "Scores:" in text
        assert screen.view.match_over and screen.view.settlement is not None
        await pilot.press("enter")  # the match is over: back to the lobby, as the hint says
        await until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen", "the lobby")
        assert screen not in app.screen_stack
        await app.close_hall()


@pytest.mark.asyncio
async def test_the_new_mahjong_table_form_builds_the_halls_options():
    app = QipaiApp(Launch())
    async with app.run_test(size=(80, 24)) as pilot:
        chosen: list = []
        app.push_screen(MahjongNewTableScreen(), chosen.append)
        await pilot.pause()
        await pilot.press("1", "1", "2", "3", "3", "enter")  # lengzi, 8 hands, hot-seat of four
        await pilot.pause()
    assert chosen == [("lengzi", {"hands": 8, "hotseat": True, "timed": False})]


def test_a_mahjong_table_in_the_lobby_shows_its_rules_length_and_four_seats():
    summary = {
        "table": 7,
        "room": "xuezhan",
        "options": {"ruleset": "sichuan", "hands": 8, "rounds": None},
        "seats": {"0": "ann", "1": None, "2": "bot-2", "3": "bob"},
        "spectators": 2,
        "phase": "waiting",
    }
    assert lobby_cells(summary) == (
        "7", "血战到底", "8 hands", "1 ann 2 (free)", "3 bot-2 4 bob",
    )  # fmt: skip
    assert table_cells(summary)[5:] == ("waiting +2",)  # the phase, and two watching


class AutoPlayer:
    """A protocol client in one seat that answers every prompt at once: ready between hands,
    the void suit, a win, else the first discard, else pass (what a minimal bot written from
    docs/protocol.md does)."""

    PREFERENCE = ("declare_void", "self_win", "win", "discard", "pass")

    def __init__(self, name: str) -> None:
        self.name = name
        self.hall: HallConnection | None = None
        self.answered: set[tuple[int, str]] = set()
        self.tasks: set[asyncio.Task] = set()

    async def open(self, host: str, port: int) -> None:
        self.hall = await HallConnection.open(host, port, on_push=self.on_push)
        await self.hall.request("register", name=self.name, password=f"{self.name}-secret")

    def on_push(self, message: dict[str, Any]) -> None:
        view = message.get("view")
        if isinstance(view, dict) and "ready" in view["you"]["legal"]:
            self.answer(view, {"type": "ready"})
        hand = view.get("hand") if isinstance(view, dict) else None
        if not isinstance(hand, dict) or not hand.get("legal_actions"):
            return
        known = [a for a in hand["legal_actions"] if a["type"] in self.PREFERENCE]
        if known:  # a pung or kong on offer comes with a pass or a discard: never only those
            self.answer(view, min(known, key=lambda a: self.PREFERENCE.index(a["type"])))

    def answer(self, view: dict[str, Any], action: dict[str, Any]) -> None:
        key = (view["seq"], action["type"])
        if key not in self.answered:
            self.answered.add(key)
            task = asyncio.get_running_loop().create_task(self.act(view["table"], action))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def act(self, table: int, action: dict[str, Any]) -> None:
        assert self.hall is not None
        fields = {"action": action["type"]}
        if "seat" in action:
            fields["seat"] = str(action["seat"])
        if "tile" in action:
            fields["tile"] = action["tile"]
        with contextlib.suppress(HallError):  # a window may have closed meanwhile
            await self.hall.request("act", table=table, **fields)

    async def close(self) -> None:
        if self.hall is not None:
            await self.hall.close()


@pytest.mark.asyncio
async def test_a_table_made_in_the_lobby_is_played_with_three_people_over_the_network(
    tmp_path, monkeypatch
):
    followed: list[int] = []  # the seq of each incremental event ann's table made whole
    whole = FollowedTable._whole

    def counted(self, message):
        followed.append(message["seq"])
        return whole(self, message)

    monkeypatch.setattr(FollowedTable, "_whole", counted)
    hall = LocalHall(db_path=tmp_path / "hall.db")
    host, port = await hall.start()
    others = [AutoPlayer(name) for name in ("bob", "cat", "dan")]
    try:
        for player in others:
            await player.open(host, port)
        app = QipaiApp(Launch("connect", address=f"{host}:{port}"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LoginScreen), "the login screen")
            await pilot.press(*"ann", "enter", *"ann-secret", "ctrl+r")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await pilot.press("m")
            await until(pilot, lambda: isinstance(app.screen, MahjongNewTableScreen), "the form")
            await pilot.press("enter")  # Sichuan, 4 hands, four people: ann sits in seat 0
            await until(pilot, lambda: table_of(app) is not None, "ann's table")
            screen = table_of(app)
            assert screen.view.mine == (0,) and screen.view.match_phase == "waiting"
            for seat, player in enumerate(others, 1):
                await player.hall.request("sit", table=screen.table, seat=str(seat))
            await until(pilot, lambda: "m / p / s" in prompt_of(screen), "the void prompt")
            assert "s]" in prompt_of(screen)  # a timed table counts down (MJ-06)
            names = [seat.name for seat in screen.view.seats]
            assert names == ["ann", "bob", "cat", "dan"]
            await pilot.press("m")
            first = app.hall
            mine = 0
            while mine < 2:
                await until(
                    pilot,
                    lambda: "Your turn" in prompt_of(screen) or "x pass" in prompt_of(screen),
                    "a choice for ann",
                )
                if "x pass" in prompt_of(screen) and "Your turn" not in prompt_of(screen):
                    await pilot.press("x")
                else:
                    await pilot.press("d")
                    mine += 1
                    await until(
                        pilot, lambda: "Your turn" not in prompt_of(screen), "ann's discard"
                    )
                if mine == 1 and app.hall is first:
                    assert followed and screen.followed is not None  # incremental events
                    before = len(followed)
                    first._writer.transport.abort()  # the network goes away mid-hand
                    await until(pilot, lambda: app.hall is not first, "a new connection")
                    await until(pilot, lambda: screen.hall is app.hall, "the table rejoined")
            rivers = [len(seat.discards) for seat in screen.view.seats]
            assert rivers[0] >= 1 and sum(rivers[1:]) >= 1
            assert len(followed) > before  # switched on again on the new connection
            assert screen.followed is not None and screen.followed.seq == screen.view.seq
            assert table_of(app) is screen
            await app.close_hall()
    finally:
        for player in others:
            await player.close()
        await hall.stop()


@pytest.mark.asyncio
async def test_a_spectator_watches_a_table_from_the_lobby_and_sees_no_concealed_tile(tmp_path):
    hall = LocalHall(db_path=tmp_path / "hall.db")
    host, port = await hall.start()
    bob = AutoPlayer("bob")
    try:
        await bob.open(host, port)
        created = await bob.hall.request(
            "create_table", room="lengzi", options={"bots": 3, "timed": False}
        )
        app = QipaiApp(Launch("connect", address=f"{host}:{port}"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LoginScreen), "the login screen")
            await pilot.press(*"eve", "enter", *"eve-secret", "ctrl+r")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            lobby = app.screen
            await until(pilot, lambda: created["table"] in lobby.tables, "bob's table listed")
            row = lobby.query_one("#tables").get_row(str(created["table"]))
            assert row[1:4] == ["长安棱子", "4 hands", "1 bob 2 bot-1"]
            await pilot.press("w")
            await until(pilot, lambda: table_of(app) is not None, "the watched table")
            screen = table_of(app)
            assert screen.view.you is None and screen.view.mine == ()
            assert "spectator" in screen.title_text
            await until(pilot, lambda: 0 < screen.view.wall < 80, "the bots and bob playing")
            assert all(seat.hand is None for seat in screen.view.seats)
            assert prompt_of(screen).startswith("Watching"), (screen.view.phase, screen.view.wall)
            text = screen.query_one("#board").render_table(screen.view, screen.hand_log, None).plain
            assert text.count("▒▒x") == 4
            await app.close_hall()
    finally:
        await bob.close()
        await hall.stop()
