"""Two people at one keyboard who can both claim the same discard, through the one claim
window (80x24): each presses their seat key, sees their own cover and then their own hand and
options (``you.claims``; the hall is asked to ``show`` a seat it does not show), and answers;
the window comes back for the other after the first has answered.

The hall is played by hand here: the machine gets the same actions and its views go back as
the hall would send them (``table_wire``, with ``claims`` for a several-seat connection)."""

from __future__ import annotations

from typing import Any

import pytest

from client.screens.mahjong_claim_window import MahjongClaimWindowScreen
from client.screens.mahjong_cover import MahjongCoverScreen
from client.screens.mahjong_settlement import MahjongSettlementScreen
from client.screens.mahjong_table import MahjongTableScreen
from qipai.mahjong.table.actions import ActionType
from qipai.mahjong.table.machine import HandMachine
from tests.client.fakes import FakeHall
from tests.client.test_mahjong_table import (
    TableApp,
    board_text,
    push,
    table_screen,
    table_wire,
    text_of,
)
from tests.mahjong.test_machine_positions import E, S, Table, W, act, discard, pass_all

EVERYONE = (0, 1, 2, 3)
BOB_LETS_5P_GO = "111m 234m 99p 1p 7p 2p 3p 4p"
ALICE_WAITS_ON_5P = "123m 456m 789m 123p 5p"
CAROL_PUNGS_5P = "55p 777m 888m 6p 8p 9p 2m 3m"
CAROL_WAITS_ON_5P = "777m 888m 999m 666p 5p"


def bob_discards(carol: str) -> tuple[HandMachine, int]:
    """bob (S) has drawn and lets a 5p go that alice (E) and carol (W) can both claim."""
    hand = Table().start(
        [ALICE_WAITS_ON_5P, BOB_LETS_5P_GO, carol, "*"], draws="5p", turn=S, filler=8
    )
    since = len(hand.events)
    discard(hand, S, "5p")
    return hand, since


def snapshot(hand: HandMachine, shown: int, seq: int) -> dict[str, Any]:
    return {
        "type": "snapshot",
        "table": 4,
        "seq": seq,
        "view": table_wire(hand, shown, mine=EVERYONE, seq=seq),
    }


def who(app) -> str:
    return str(app.screen.query_one("#who").render())


async def press(pilot, *keys: str) -> None:
    await pilot.press(*keys)
    await pilot.pause()


@pytest.mark.asyncio
async def test_a_pung_and_a_win_both_answer_through_the_window_and_the_win_takes_it():
    hand, since = bob_discards(CAROL_PUNGS_5P)
    assert hand.to_act()[:2] == [E, W]
    app = TableApp(FakeHall(), table_wire(hand, S, mine=EVERYONE))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        screen.on_table_push(push(hand, E, since, 6))  # the hall shows alice, the first
        await pilot.pause()
        assert isinstance(app.screen, MahjongClaimWindowScreen)
        await press(pilot, "3")  # carol asks first: her cover, and the hall is asked to show her
        assert who(app) == "Pass the keyboard to carol (W)"
        assert app.hall.acts() == [{"type": "act", "table": 4, "action": "show", "seat": "2"}]
        screen.on_table_push(snapshot(hand, W, 6))  # the hall's answer to show
        await press(pilot, "z")
        assert isinstance(app.screen, MahjongTableScreen)
        board = board_text(app)
        assert "carol(you)" in board and "alice(you)" not in board
        assert "5p 5p" in board  # carol's own pair, not alice's hand
        assert text_of(app, "#prompt").startswith("bob discarded 5p: p pung (碰)")
        await press(pilot, "p")
        act(hand, W, ActionType.PUNG)  # the hall waits on: alice's win would outrank it
        screen.on_table_push(snapshot(hand, E, 6))  # carol's answer taken, privately
        await pilot.pause()
        assert isinstance(app.screen, MahjongClaimWindowScreen)  # the same window, for alice
        await press(pilot, "1")
        assert who(app) == "Pass the keyboard to alice (E)"
        await press(pilot, "z")
        assert "alice(you)" in board_text(app)
        assert "w win (胡)" in text_of(app, "#prompt")
        await press(pilot, "w")
        since = len(hand.events)
        act(hand, E, ActionType.WIN)
        pass_all(hand)  # the hall's pass for dave, who cannot claim
        assert hand.over and hand.seats[E].win is not None and not hand.seats[W].melds
        screen.on_table_push(push(hand, E, since, 7))
        await pilot.pause()
        assert isinstance(app.screen, MahjongSettlementScreen)
    assert [(a["action"], a["seat"]) for a in app.hall.acts()] == [
        ("show", "2"),
        ("pung", "2"),
        ("win", "0"),
    ]


@pytest.mark.asyncio
async def test_two_winners_on_one_discard_both_win_through_the_window():
    hand, since = bob_discards(CAROL_WAITS_ON_5P)
    app = TableApp(FakeHall(), table_wire(hand, S, mine=EVERYONE))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        screen.on_table_push(push(hand, E, since, 6))
        await pilot.pause()
        await press(pilot, "1", "z")  # alice, shown already: no show needed
        assert "alice(you)" in board_text(app) and "w win (胡)" in text_of(app, "#prompt")
        await press(pilot, "w")
        act(hand, E, ActionType.WIN)
        assert W in hand.to_act()  # 一炮多响: carol may win too
        screen.on_table_push(snapshot(hand, W, 6))  # the hall now shows carol, still waited for
        await pilot.pause()
        assert isinstance(app.screen, MahjongClaimWindowScreen)  # not carol's cover: the window
        await press(pilot, "3")
        assert isinstance(app.screen, MahjongCoverScreen) and who(app).endswith("carol (W)")
        await press(pilot, "z")
        assert "carol(you)" in board_text(app) and "w win (胡)" in text_of(app, "#prompt")
        await press(pilot, "w")
        since = len(hand.events)
        act(hand, W, ActionType.WIN)
        pass_all(hand)
        assert hand.over and hand.seats[E].win is not None and hand.seats[W].win is not None
        screen.on_table_push(push(hand, W, since, 7))
        await pilot.pause()
        assert isinstance(app.screen, MahjongSettlementScreen)
    assert [(a["action"], a["seat"]) for a in app.hall.acts()] == [("win", "0"), ("win", "2")]


@pytest.mark.asyncio
async def test_space_after_one_claim_passes_for_the_other_seat_still_asked():
    hand, since = bob_discards(CAROL_PUNGS_5P)
    app = TableApp(FakeHall(), table_wire(hand, S, mine=EVERYONE))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        screen.on_table_push(push(hand, E, since, 6))
        await pilot.pause()
        await press(pilot, "3")
        screen.on_table_push(snapshot(hand, W, 6))
        await press(pilot, "z", "p")
        act(hand, W, ActionType.PUNG)
        screen.on_table_push(snapshot(hand, E, 6))
        await pilot.pause()
        await press(pilot, "space")  # nobody else claims: alice passes, carol's pung stands
    assert [(a["action"], a["seat"]) for a in app.hall.acts()] == [
        ("show", "2"),
        ("pung", "2"),
        ("pass", "0"),
    ]
