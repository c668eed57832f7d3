"""Golden-table bets in the TUI at 80x24: the bet list under the panel, the `b` key only while
the hall offers a bet and the spectator has one left, the bet window (side, amount, balance,
limits, the hall's refusals shown in it), what is sent, and the outcome."""

from __future__ import annotations

import time
from typing import Any

import pytest
from textual.app import App
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from client.go_view import GoView
from client.screens.bet_window import BetWindow
from client.screens.go_table import GoTableScreen
from client.widgets.bets_panel import BetsPanel
from tests.client.fakes import FakeHall, go_view_wire


def bets_wire(*bets: tuple[str, str, int], open_: bool = True, outcome=None) -> dict[str, Any]:
    pool = {"black": 0, "white": 0}
    for _, side, amount in bets:
        pool[side] += amount
    return {
        "game": 17,
        "open": open_,
        "bets": [{"bettor": n, "side": s, "amount": a} for n, s, a in bets],
        "pool": pool,
        "limits": {"min": 10, "max": 10_000, "per_spectator": 2},
        "close_at_ply": 50,
        "outcome": outcome,
    }


def golden_wire(bets: dict[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    fields.setdefault("you", [])
    fields.setdefault("legal", ["bet"] if fields["you"] == [] else ["play", "pass", "resign"])
    return go_view_wire(19, bets=bets_wire() if bets is None else bets, move_number=12, **fields)


class TableApp(App):
    def __init__(self, hall: FakeHall, wire: dict[str, Any], account: str = "cy") -> None:
        super().__init__()
        self.hall = hall
        self.wire = wire
        self.account = account

    def on_mount(self) -> None:
        view = GoView.from_wire(self.wire, time.monotonic())
        self.push_screen(GoTableScreen(self.hall, 3, view, account=self.account))


def betting_hall(**errors: tuple[str, str]) -> FakeHall:
    hall = FakeHall(errors=dict(errors))
    hall.replies["profile"] = {"balance": 4_900}
    hall.replies["bet"] = {"bet": {"bettor": "cy", "side": "white", "amount": 250}, "balance": 4650}
    return hall


def panel_text(app: App) -> list[str]:
    return app.screen.query_one(BetsPanel).text_lines()


def table_screen(app: App) -> GoTableScreen:
    return next(s for s in app.screen_stack if isinstance(s, GoTableScreen))


def message_line(app: App) -> str:
    return str(table_screen(app).query_one("#message", Static).render())


def window_text(app: App) -> str:
    window = app.screen
    assert isinstance(window, BetWindow)
    return "\n".join(
        str(window.query_one(f"#{part}", Static).render()) for part in ("form", "error")
    )


@pytest.mark.asyncio
async def test_a_spectator_sees_every_bet_with_the_pool_and_the_bet_key():
    bets = bets_wire(("s1", "black", 100), ("s2", "white", 300), ("cy", "black", 200))
    app = TableApp(betting_hall(), golden_wire(bets))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert panel_text(app) == [
            " Bets open to ply 50 (now 12)",
            " Pool X 300  O 300",
            "  s1         X    100",
            "  s2         O    300",
            " *cy         X    200",
            " b bet (1 left)",
        ]
        assert table_screen(app).check_action("bet", ()) is True
        footer = {k.key: k.description for k in app.screen.query(FooterKey)}
        assert footer.get("b") == "Bet 押币"
        bottom = app.screen.query_one(BetsPanel).region.bottom
        assert bottom <= 23, "the list fits above the status line at 80x24"


@pytest.mark.asyncio
async def test_the_bet_window_sends_the_chosen_side_and_amount_and_closes():
    hall = betting_hall()
    app = TableApp(hall, golden_wire())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, BetWindow)
        text = window_text(app)
        assert "You hold 4,900 coins" in text and "A bet is 10-10,000 coins" in text
        assert "2 bets a game, 2 left" in text
        assert "(*) X Black" in text and "[X 0]" in text  # Black is chosen at first
        await pilot.press("o", "2", "5", "0")
        await pilot.pause()
        text = window_text(app)
        assert "(*) O White" in text and "[O 0]" in text and "Amount  250_" in text
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, BetWindow)
        assert message_line(app) == "Bet 250 on O White 白方; you hold 4,650"
    sent = [r for r in hall.requests if r["type"] == "bet"]
    assert sent == [{"type": "bet", "table": 3, "side": "white", "amount": 250}]
    assert [r["type"] for r in hall.requests] == ["profile", "bet"]


@pytest.mark.asyncio
async def test_steps_erase_and_cancel_send_nothing():
    hall = betting_hall()
    app = TableApp(hall, golden_wire())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("b", "plus", "plus", "plus")
        await pilot.pause()
        assert "Amount  100_" in window_text(app)
        await pilot.press("minus", "backspace")
        await pilot.pause()
        assert "Amount  5_" in window_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GoTableScreen)
    assert [r["type"] for r in hall.requests] == ["profile"]


@pytest.mark.asyncio
async def test_the_halls_refusal_is_shown_in_the_window_which_stays_open():
    hall = betting_hall(bet=("insufficient_coins", "you hold 40 coins and cannot bet 250"))
    app = TableApp(hall, golden_wire())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("b", "enter")
        await pilot.pause()
        assert "Type an amount first" in window_text(app)
        await pilot.press("2", "5", "0", "enter")
        await pilot.pause()
        assert isinstance(app.screen, BetWindow)
        assert "\nyou hold 40 coins and cannot bet 250" in window_text(app)
        assert "insufficient_coins" not in window_text(app)
    assert len([r for r in hall.requests if r["type"] == "bet"]) == 1


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("wire", "hint"),
    [
        (golden_wire(you=["black"]), None),  # a player of the game
        (golden_wire(bets_wire(("cy", "black", 10), ("cy", "white", 10))), "Your 2 bets are in"),
        (golden_wire(bets_wire(open_=False), legal=[]), None),  # ply 50 was played
    ],
    ids=["player", "two-bets-placed", "closed"],
)
async def test_no_bet_key_when_the_hall_offers_none_or_both_bets_are_in(wire, hint):
    hall = betting_hall()
    app = TableApp(hall, wire)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, GoTableScreen)
        assert table_screen(app).check_action("bet", ()) is False
        lines = panel_text(app)
        assert not any(line.startswith(" b bet") for line in lines)
        if hint:
            assert lines[-1] == f" {hint}"
    assert hall.requests == []


@pytest.mark.asyncio
async def test_a_friendly_table_shows_no_bets_at_all():
    app = TableApp(betting_hall(), go_view_wire(19, you=[], legal=[]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.query_one(BetsPanel).display is False
        assert table_screen(app).check_action("bet", ()) is False


@pytest.mark.asyncio
async def test_the_list_follows_bet_events_and_shows_the_outcome_at_the_end():
    app = TableApp(betting_hall(), golden_wire(seq=5))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        placed = bets_wire(("s1", "black", 100), ("cy", "white", 300))
        screen.on_table_push(
            {
                "type": "event",
                "table": 3,
                "seq": 6,
                "kind": "bet",
                "bettor": "cy",
                "side": "white",
                "amount": 300,
                "view": golden_wire(placed, seq=6),
            }
        )
        await pilot.pause()
        assert panel_text(app)[1:4] == [
            " Pool X 100  O 300",
            "  s1         X    100",
            " *cy         O    300",
        ]
        outcome = {
            "refunded": False,
            "rake": 20,
            "bettors": {
                "s1": {"outcome": "lost", "net": -100, "text": "输 100"},
                "cy": {"outcome": "won", "net": 80, "text": "赢 80"},
            },
        }
        over = golden_wire(
            bets_wire(*[("s1", "black", 100), ("cy", "white", 300)], open_=False, outcome=outcome),
            seq=7,
            legal=[],
            phase="over",
        )
        screen.on_table_push({"type": "event", "table": 3, "seq": 7, "kind": "over", "view": over})
        screen.on_bet_result(
            {
                "type": "bet_result",
                "table": 3,
                "game": 17,
                "outcome": "won",
                "net": 80,
                "text": "赢 80",
            }
        )
        await pilot.pause()
        lines = panel_text(app)
        assert lines[0] == " Bets settled" and lines[-1] == " You: +80 coins"
        assert message_line(app) == "Your bets: 赢 80"


@pytest.mark.asyncio
async def test_clicking_the_bet_line_opens_the_window_like_the_seeds_button():
    app = TableApp(betting_hall(), golden_wire())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = panel_text(app)
        assert lines[-1] == " b bet (2 left)"
        await pilot.click(BetsPanel, offset=(3, 0))  # the heading: nothing
        await pilot.pause()
        assert isinstance(app.screen, GoTableScreen)
        await pilot.click(BetsPanel, offset=(3, len(lines) - 1))
        await pilot.pause()
        assert isinstance(app.screen, BetWindow)


@pytest.mark.asyncio
async def test_the_open_window_follows_the_table_and_says_when_bets_close():
    app = TableApp(betting_hall(), golden_wire(seq=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("b")
        await pilot.pause()
        screen = table_screen(app)
        more = golden_wire(bets_wire(("s1", "white", 700)), seq=6)
        screen.on_table_push({"type": "event", "table": 3, "seq": 6, "kind": "bet", "view": more})
        await pilot.pause()
        assert "[X 0]" in window_text(app) and "O 700" in window_text(app)
        closed = golden_wire(bets_wire(("s1", "white", 700), open_=False), seq=7, legal=[])
        screen.on_table_push(
            {"type": "event", "table": 3, "seq": 7, "kind": "move", "view": closed}
        )
        await pilot.pause()
        assert "Bets have closed" in window_text(app)
