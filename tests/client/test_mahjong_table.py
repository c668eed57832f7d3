"""The mahjong table screen at 80x24 with a recording hall and views made by the real machine:
discard, claim, win, the settlement, the hot-seat cover screen."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.widgets import Static

from client.i18n import Strings
from client.mahjong_view import view_from_wire
from client.screens.mahjong_claim_window import MahjongClaimWindowScreen
from client.screens.mahjong_cover import MahjongCoverScreen
from client.screens.mahjong_settlement import MahjongSettlementScreen
from client.screens.mahjong_table import ChineseMahjongTableScreen, MahjongTableScreen
from client.screens.mahjong_xiapao import MahjongXiapaoScreen
from client.widgets.mahjong_board import MahjongBoard
from client.widgets.tiles import TileStyle
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.table.actions import ActionType
from qipai.mahjong.table.machine import HandMachine
from qipai.mahjong.tiles import kind_of, parse_kinds
from tests.client.fakes import FakeHall
from tests.client.test_mahjong_view import played
from tests.mahjong.test_machine_positions import (
    E,
    N,
    S,
    ScriptedWall,
    Table,
    W,
    act,
    discard,
    pass_all,
)
from tests.mahjong.test_seat_hints import baicheng_position

NAMES = ("alice", "bob", "carol", "dave")


def table_wire(
    hand: HandMachine,
    seat: int | None,
    *,
    mine: tuple[int, ...] | None = None,
    seq: int = 5,
    phase: str = "playing",
    deadline: float | None = None,
    table_legal: tuple[str, ...] = (),
    scores: list[int] | None = None,
) -> dict[str, Any]:
    """A mahjong table view shaped as the hall sends it (docs/protocol.md)."""
    mine = (seat,) if mine is None and seat is not None else mine or ()
    return {
        "table": 4,
        "room": "sichuan",
        "seq": seq,
        "options": {"ruleset": "sichuan", "hands": 4},
        "seats": {str(s): {"name": NAMES[s], "online": True, "bot": s != E} for s in range(4)},
        "spectators": 0,
        "you": {
            "seats": [str(s) for s in mine],
            "seat": None if seat is None else str(seat),
            "acting": [str(s) for s in mine if s in waited_for(hand)],
            "legal": list(table_legal),
            **({"claims": claims_of(hand, mine)} if len(mine) > 1 else {}),
        },
        "game": {
            "phase": phase,
            "hand_number": 1,
            "hands": 4,
            "scores": scores or [0, 0, 0, 0],
            "deadline": deadline,
            "standing": None,
        },
        "hand": hand.view(seat),
    }


def waited_for(hand: HandMachine) -> list[int]:
    """The seats the hall waits for: to act, and with more than a pass (it passes for the
    others itself, MJ-08)."""
    return [
        seat
        for seat in hand.to_act()
        if any(a.type is not ActionType.PASS for a in hand.legal_actions(seat))
    ]


def claims_of(hand: HandMachine, mine: tuple[int, ...]) -> dict[str, list[dict[str, Any]]]:
    """``you.claims`` of a hot-seat connection: in a claim window, the options of each of its
    seats the hall waits for."""
    if hand.phase.value not in ("claim", "rob"):
        return {}
    waiting = waited_for(hand)
    return {str(s): [a.to_wire() for a in hand.legal_actions(s)] for s in mine if s in waiting}


def push(hand: HandMachine, shown: int, since: int, seq: int, **fields: Any) -> dict[str, Any]:
    """The event message a hot-seat connection (all four seats) gets for the machine's
    events from index ``since`` on, showing seat ``shown``."""
    everyone = (0, 1, 2, 3)
    return {
        "type": "event",
        "table": 4,
        "seq": seq,
        "kind": "play",
        "events": [event.for_seat(shown) for event in hand.events[since:]],
        "view": table_wire(hand, shown, mine=everyone, seq=seq, **fields),
    }


class TableApp(App):
    def __init__(self, hall: FakeHall, wire: dict[str, Any], **looks: Any) -> None:
        super().__init__()
        self.hall = hall
        self.wire = wire
        self.looks = looks

    def on_mount(self) -> None:
        view = view_from_wire(self.wire)
        self.push_screen(MahjongTableScreen(self.hall, 4, view, **self.looks))


def table_screen(app: App) -> MahjongTableScreen:
    return next(s for s in app.screen_stack if isinstance(s, MahjongTableScreen))


def text_of(app: App, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def footer(app: App) -> dict[str, str]:
    """The keys the footer shows now, with their words."""
    return {
        key: active.binding.description
        for key, active in app.screen.active_bindings.items()
        if active.enabled and active.binding.show
    }


def came_in(app: App) -> str:
    """The prompt as it read the moment the view came (a loaded run may draw it a second
    later, one second down)."""
    screen = table_screen(app)
    assert screen.view.deadline is not None
    return screen.prompt_text(screen.view.deadline - app.wire["game"]["deadline"])


def board_text(app: App) -> str:
    screen = table_screen(app)
    board = screen.query_one(MahjongBoard)
    return board.render_table(screen.view, screen.hand_log, screen._cursor_or_none()).plain


@pytest.mark.asyncio
async def test_number_keys_choose_a_tile_and_d_discards_it():
    hand = Table().start(["123m 456m 789m 5p 7p 999p", "*", "*", "*"])
    app = TableApp(FakeHall(), table_wire(hand, E))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert "1m 2m[3m]4m" in board_text(app)
        assert "Your turn" in text_of(app, "#prompt")
        hint_line = board_text(app).split("\n")[-1].rstrip()
        assert (
            hint_line == "  Ready (unseen) after discarding 5p: 7p(3) 8p(4)  7p: 5p(3)  9p: 6p(4)"
        )
        await pilot.press("right", "d")
        await pilot.pause()
    tile = sorted(hand.seats[E].concealed)[3]
    assert app.hall.acts() == [
        {"type": "act", "table": 4, "action": "discard", "seat": "0", "tile": tile}
    ]


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", "  Ready in shape, cannot win: needs all 3 suits"),
        ("zh", "  听牌型但不能和：须三色全"),
    ],
)
async def test_the_hint_line_says_why_a_hand_ready_by_shape_cannot_win(language, line):
    """Baicheng: discarding 1m would wait on 7s by shape, in two suits only (三色全 unmet). The
    hall lists no such discard and says which requirement fails; the line says it in words,
    not a bare 0向听."""
    hand = baicheng_position("[555p] 123s 789p 68s 99p 1m")
    app = TableApp(FakeHall(), table_wire(hand, E), strings=Strings(language))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert board_text(app).split("\n")[-1].rstrip() == line


@pytest.mark.asyncio
async def test_a_hand_that_has_not_opened_is_told_to_open_and_an_unknown_code_is_said_plainly():
    closed = baicheng_position("23m 999m 789p 456s 99s 5m")
    wire = table_wire(closed, E)
    app = TableApp(FakeHall(), wire)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert board_text(app).split("\n")[-1].rstrip() == (
            "  Ready in shape, cannot win: must open (claim a set)"
        )
    wire["hand"]["seats"][E]["cannot_win"] = ["not_opened", "a_code_from_a_newer_hall"]
    app = TableApp(FakeHall(), wire)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert board_text(app).split("\n")[-1].rstrip() == (
            "  Ready in shape, cannot win: must open (claim a set); the rules refuse it"
        )


@pytest.mark.asyncio
async def test_a_claim_window_shows_the_choices_with_a_countdown_and_p_pungs():
    hand = Table().start(
        ["123m 456m 789m 55p 7p 9p", "234m 567m 22p 33p 44p 6p", "*", "*"], draws="5p", turn=S
    )
    tile = discard(hand, S, "5p")
    app = TableApp(FakeHall(), table_wire(hand, E, deadline=8.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        prompt = text_of(app, "#prompt")
        assert prompt.startswith("bob discarded 5p:")
        assert "p pung (碰)" in prompt and "x pass" in prompt and prompt.endswith("s]")
        assert came_in(app).endswith("[8s]")  # the full 8 s as the view came
        bob = [line[53:] for line in board_text(app).split("\n")]  # E's 下家, on the right
        assert any("[5p]" in line for line in bob)  # the last discard, in brackets
        await pilot.press("p")
        await pilot.pause()
    assert app.hall.acts() == [{"type": "act", "table": 4, "action": "pung", "seat": "0"}]
    assert kind_of(tile) == parse_kinds("5p")[0]


@pytest.mark.asyncio
async def test_w_wins_on_a_discard_and_a_refusal_is_shown():
    hand = Table().start(
        ["123m 456m 789m 111p 5p", "234m 567m 22p 33p 44p 6p", "*", "*"], draws="5p", turn=S
    )
    discard(hand, S, "5p")
    hall = FakeHall(errors={"win": ("illegal_action", "too late")})
    app = TableApp(hall, table_wire(hand, E))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "w win (胡)" in text_of(app, "#prompt")
        assert board_text(app).split("\n")[-1].rstrip() == "  Waits (unseen): 5p(2)"
        await pilot.press("w")
        await pilot.pause()
        assert text_of(app, "#message") == "too late"
    assert hall.acts() == [{"type": "act", "table": 4, "action": "win", "seat": "0"}]


@pytest.mark.asyncio
async def test_keys_for_actions_not_on_offer_send_nothing():
    hand = Table().start(["123m 456m 789m 5p 7p 999p", "*", "*", "*"])
    app = TableApp(FakeHall(), table_wire(hand, E))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p", "c", "x", "w")
        await pilot.pause()
    assert app.hall.acts() == []


@pytest.mark.asyncio
async def test_void_declaration_keys_choose_the_suit():
    hand = played(steps=0)
    app = TableApp(FakeHall(), table_wire(hand, W))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "m / p / s" in text_of(app, "#prompt")
        await pilot.press("p")
        await pilot.pause()
    assert app.hall.acts() == [
        {"type": "act", "table": 4, "action": "declare_void", "seat": "2", "tile": 1}
    ]


def finished_hand() -> HandMachine:
    """E wins a 5p from S; the hand is over in plain Sichuan (not 血战)."""
    hand = Table().start(
        ["123m 456m 789m 111p 5p", "234m 567m 22p 33p 44p 6p", "*", "*"], draws="5p", turn=S
    )
    discard(hand, S, "5p")
    act(hand, E, ActionType.WIN)
    pass_all(hand)
    assert hand.over
    return hand


@pytest.mark.asyncio
async def test_the_settlement_shows_hands_fans_payments_and_scores_and_enter_says_ready():
    hand = finished_hand()
    wire = table_wire(hand, E, phase="between", table_legal=("ready",), scores=[4, -4, 0, 0])
    app = TableApp(FakeHall(), wire)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MahjongSettlementScreen)
        text = str(app.screen.query_one("#lines", Static).render())
        assert "Settlement of hand 1  四川麻将" in text
        settlement = hand.settlement
        for win in settlement.wins:
            for fan in win.score.fans:
                assert f"{fan.name_zh} {fan.value}" in text
        for payment in settlement.payments:
            line = f"{NAMES[payment.payer]} pays {NAMES[payment.payee]} {payment.amount}"
            assert f"{line}  ({Strings().reason(payment.reason)})" in text
        assert "(点炮 dealt in)" in text  # the Chinese reason with its English gloss
        assert "This hand: alice +" in text
        assert "WON 5p <- bob" in text
        assert "Scores: alice +4  bob -4  carol +0  dave +0" in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MahjongTableScreen)
        assert "Hand over" in text_of(app, "#prompt")
    assert app.hall.acts() == [{"type": "act", "table": 4, "action": "ready"}]


@pytest.mark.asyncio
async def test_the_end_of_the_match_shows_the_standing():
    hand = finished_hand()
    wire = table_wire(hand, E, phase="over", scores=[12, -4, 0, -8])
    wire["game"]["standing"] = [
        {"seat": "0", "name": "alice", "score": 12, "place": 1},
        {"seat": "2", "name": "carol", "score": 0, "place": 2},
        {"seat": "1", "name": "bob", "score": -4, "place": 3},
        {"seat": "3", "name": "dave", "score": -8, "place": 4},
    ]
    app = TableApp(FakeHall(), wire)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = str(app.screen.query_one("#lines", Static).render())
        assert "Final standing: 1. alice +12  2. carol +0  3. bob -4  4. dave -8" in text
        hint = app.screen.query_one("#hint", Static)
        assert "The match is over - enter leaves the table" in str(hint.render())
        assert hint.region.bottom <= 23  # in sight at 80x24, over the footer, not scrolled off
        lines = app.screen.query_one("#lines", Static)
        assert lines.region.bottom <= hint.region.y  # the whole settlement fits, unscrolled
        await pilot.press("enter")  # back to the lobby, as the hint says
        await pilot.pause()
        await pilot.pause()
        assert not any(isinstance(s, MahjongTableScreen) for s in app.screen_stack)
    assert app.hall.acts() == [] and app.hall.requests[-1] == {"type": "leave", "table": 4}


def claimable_discard() -> HandMachine:
    """bob (S) is to discard a 5p that alice (E) may pung; carol and dave cannot claim it."""
    return Table().start(
        ["123m 456m 789m 55p 7p 9p", "234m 567m 22p 33p 44p 6p", "*", "*"],
        draws="5p",
        turn=S,
        filler=8,
    )


def window_text(app: App) -> str:
    return "\n".join(
        str(app.screen.query_one(f"#{part}", Static).render())
        for part in ("tile", "ask", "seats", "nobody")
    )


@pytest.mark.asyncio
async def test_hot_seat_covers_the_hand_until_the_next_player_presses_a_key():
    hand = Table().start(["123m 456m 789m 5p 7p 999p", "*", "*", "*"])  # alice to discard
    everyone = (0, 1, 2, 3)
    app = TableApp(FakeHall(), table_wire(hand, S, mine=everyone))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table_screen(app).on_table_push(push(hand, E, len(hand.events), 6))
        await pilot.pause()
        assert isinstance(app.screen, MahjongCoverScreen)
        shown = app.screen.query_one("#who", Static).render()
        assert str(shown) == "Pass the keyboard to alice (E)"
        await pilot.press("z")
        await pilot.pause()
        assert isinstance(app.screen, MahjongTableScreen)
        assert "alice(you)" in board_text(app) and "Your turn" in text_of(app, "#prompt")


@pytest.mark.asyncio
async def test_hot_seat_claims_go_through_one_window_the_same_whoever_can_claim():
    hand = claimable_discard()
    everyone = (0, 1, 2, 3)
    app = TableApp(FakeHall(), table_wire(hand, S, mine=everyone))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        since = len(hand.events)
        discard(hand, S, "5p")
        assert waited_for(hand) == [E]
        table_screen(app).on_table_push(push(hand, E, since, 6))  # the hall shows alice
        await pilot.pause()
        assert isinstance(app.screen, MahjongClaimWindowScreen)
        assert window_text(app) == (
            "5p discarded by S bob\n"
            "A player who wants it presses their seat key:\n"
            "1: E alice   3: W carol   4: N dave\n"
            "space: nobody claims"
        )
        await pilot.press("3")  # carol asks: her own cover first, then the answer
        await pilot.pause()
        assert str(app.screen.query_one("#who", Static).render()) == (
            "Pass the keyboard to carol (W)"
        )
        await pilot.press("z")
        await pilot.pause()
        assert str(app.screen.query_one("#who", Static).render()) == (
            "carol: nothing to claim on this tile"
        )
        await pilot.press("z")
        await pilot.pause()
        assert isinstance(app.screen, MahjongClaimWindowScreen)  # back, for the others
        await pilot.press("1")
        await pilot.pause()
        assert str(app.screen.query_one("#who", Static).render()) == (
            "Pass the keyboard to alice (E)"
        )
        await pilot.press("z")
        await pilot.pause()
        assert isinstance(app.screen, MahjongTableScreen)
        assert "alice(you)" in board_text(app)
        assert text_of(app, "#prompt").startswith("bob discarded 5p: p pung (碰)")
        await pilot.press("p")
        await pilot.pause()
    assert app.hall.acts() == [{"type": "act", "table": 4, "action": "pung", "seat": "0"}]


@pytest.mark.asyncio
async def test_the_claim_window_looks_the_same_when_nobody_can_claim():
    windows = []
    for claimable in (True, False):
        hand = claimable_discard()
        if not claimable:  # carol, not alice, holds the 5p pair: she cannot pung from bob...
            hand = Table().start(
                ["123m 456m 789m 5p 7p 99p", "234m 567m 22p 33p 44p 6p", "*", "*"],
                draws="5p",
                turn=S,
            )
        everyone = (0, 1, 2, 3)
        app = TableApp(FakeHall(), table_wire(hand, S, mine=everyone))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            since = len(hand.events)
            discard(hand, S, "5p")
            assert bool(waited_for(hand)) is claimable
            shown = waited_for(hand)[0] if claimable else S  # else the last seat that acted
            table_screen(app).on_table_push(push(hand, shown, since, 6))
            await pilot.pause()
            assert isinstance(app.screen, MahjongClaimWindowScreen)
            windows.append(window_text(app))
    assert windows[0] == windows[1]


def unclaimable_discard() -> HandMachine:
    """bob (S) is to discard a 5p that nobody can claim."""
    return Table().start(
        ["123m 456m 789m 5p 7p 99p", "234m 567m 22p 33p 44p 6p", "*", "*"],
        draws="5p",
        turn=S,
        filler=8,
    )


@pytest.mark.asyncio
async def test_space_passes_for_the_seats_the_hall_waits_for_and_play_goes_on():
    hand = claimable_discard()
    everyone = (0, 1, 2, 3)
    app = TableApp(FakeHall(), table_wire(hand, S, mine=everyone, seq=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        since = len(hand.events)
        discard(hand, S, "5p")
        screen.on_table_push(push(hand, E, since, 6))
        await pilot.pause()
        await pilot.press("space")
        await pilot.pause()
        assert app.hall.acts() == [{"type": "act", "table": 4, "action": "pass", "seat": "0"}]
        assert isinstance(app.screen, MahjongTableScreen)
        assert "bob(you)" in board_text(app)  # alice's hand never came on screen
        since = len(hand.events)
        pass_all(hand)  # the hall takes alice's pass: carol draws
        screen.on_table_push(push(hand, W, since, 7))
        await pilot.pause()
        assert isinstance(app.screen, MahjongCoverScreen)  # carol's turn: her cover
        assert str(app.screen.query_one("#who", Static).render()).endswith("carol (W)")


@pytest.mark.asyncio
async def test_what_the_hall_sends_behind_the_window_waits_and_is_taken_in_order():
    hand = unclaimable_discard()
    everyone = (0, 1, 2, 3)
    app = TableApp(FakeHall(), table_wire(hand, S, mine=everyone, seq=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        since = len(hand.events)
        discard(hand, S, "5p")
        screen.on_table_push(push(hand, S, since, 6))
        since = len(hand.events)
        pass_all(hand)  # the hall passes for everyone after its delay: carol draws
        assert hand.to_act() == [W]
        screen.on_table_push(push(hand, W, since, 7))
        await pilot.pause()
        assert isinstance(app.screen, MahjongClaimWindowScreen)  # both held behind it
        assert screen.view.seq == 5 and screen.hand_log.last_discard is None
        await pilot.press("space")
        await pilot.pause()
        assert app.hall.acts() == []  # the hall waited for nobody here
        assert screen.view.seq == 7 and screen.view.you == W
        assert isinstance(app.screen, MahjongCoverScreen)
        assert str(app.screen.query_one("#who", Static).render()).endswith("carol (W)")
        assert screen.view.seats[S].river[-1].tile == hand.seats[S].discards[-1]


@pytest.mark.asyncio
async def test_one_person_with_bots_gets_the_claim_prompt_with_no_window():
    hand = claimable_discard()
    app = TableApp(FakeHall(), table_wire(hand, E, mine=(E,)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        since = len(hand.events)
        discard(hand, S, "5p")
        table_screen(app).on_table_push(push(hand, E, since, 6) | {"view": table_wire(hand, E)})
        await pilot.pause()
        assert isinstance(app.screen, MahjongTableScreen)
        assert "p pung (碰)" in text_of(app, "#prompt")


@pytest.mark.asyncio
async def test_a_view_the_client_cannot_read_leaves_the_table_as_it_was():
    hand = Table().start(["123m 456m 789m 5p 7p 999p", "*", "*", "*"])
    app = TableApp(FakeHall(), table_wire(hand, E))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = board_text(app)
        table_screen(app).on_table_push(
            {"type": "event", "table": 4, "seq": 6, "view": {"hand": {"seats": [1, 2]}}}
        )
        await pilot.pause()
        assert text_of(app, "#message") == (
            "The hall sent a table this client cannot draw; update qipai."
        )
        assert board_text(app) == before


@pytest.mark.asyncio
async def test_a_spectator_sees_no_hand_and_the_table_in_chinese():
    hand = played(steps=40)
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = MahjongTableScreen(
            FakeHall(), 4, view_from_wire(table_wire(hand, None)), strings=Strings("zh")
        )
        app.push_screen(screen)
        await pilot.pause()
        text = board_text(app)
        assert text.count("▒▒x") == 4 and "(你)" not in text
        assert text_of(app, "#prompt").startswith("观战")


@pytest.mark.asyncio
async def test_a_waiting_table_offers_its_creator_bots_for_the_empty_seats():
    wire = table_wire(played(steps=0), E, phase="waiting", table_legal=("add_bots",))
    wire["hand"] = None
    wire["seats"]["1"] = wire["seats"]["2"] = wire["seats"]["3"] = None
    app = TableApp(FakeHall(), wire)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "b fills the empty seats with bots" in text_of(app, "#prompt")
        middle = [line[27:53].strip() for line in board_text(app).split("\n")]
        assert "四川麻将" in middle and "Hand 1/4" in middle and "Wall 0" in middle
        assert footer(app) == {"b": "Bots", "q": "Leave"}
        await pilot.press("d")  # not on offer: not in the footer, and nothing is sent
        await pilot.pause()
        assert app.hall.acts() == []
        await pilot.press("b")
        await pilot.pause()
    assert app.hall.acts() == [{"type": "act", "table": 4, "action": "add_bots"}]


@pytest.mark.asyncio
async def test_c_chows_with_the_run_that_holds_the_tile_under_the_cursor():
    table = Table()
    hands = [
        table.tiles("3m 111p 222p 333p EEE"),
        table.tiles("12m 45m 999p 567s SSS"),
        table.tiles("678m 678p 678s WWW N"),
        table.tiles("789m 789s 444p CCC N"),
    ]
    wall = ScriptedWall(table.tiles("FFF PPP"), [])
    hand = HandMachine.arranged(get_ruleset("zhongyou", {}), wall, hands, dealer=E, turn=E)
    discard(hand, E, "3m")
    app = TableApp(FakeHall(), table_wire(hand, S))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        prompt = text_of(app, "#prompt")
        assert "c chow (吃) 1m 2m 3m  x pass" in prompt
        await pilot.press("3", "c")  # the cursor on 4m: the run 2m3m4m
        await pilot.pause()
    (chow,) = app.hall.acts()
    assert chow == {"type": "act", "table": 4, "action": "chow", "seat": "1", "tile": 1}


@pytest.mark.asyncio
async def test_a_xuezhan_winner_may_leave_the_hand_with_shift_l():
    hand = Table().start(
        ["123m 456m 789m 111p 5p", "234m 567m 22p 33p 44p 6p", "*", "*"],
        draws="5p",
        turn=S,
        options={"xuezhan": True},
        filler=8,
    )
    discard(hand, S, "5p")
    act(hand, E, ActionType.WIN)
    pass_all(hand)
    app = TableApp(FakeHall(), table_wire(hand, E))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "L leave" in text_of(app, "#prompt")
        assert " WON" in board_text(app).split("\n")[-3]
        await pilot.press("L")
        await pilot.pause()
    assert app.hall.acts() == [{"type": "act", "table": 4, "action": "leave", "seat": "0"}]


@pytest.mark.asyncio
async def test_w_wins_by_self_draw_and_k_kongs_the_kind_under_the_cursor():
    hand = Table().start(["123m 456m 1111p 23p 55p", "*", "*", "*"], filler=8)
    app = TableApp(FakeHall(), table_wire(hand, E))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        prompt = text_of(app, "#prompt")
        assert "w win (自摸)" in prompt and "k kong (暗杠) 1p" in prompt
        await pilot.press("w", "7", "k")  # the 7th tile is a 1p
        await pilot.pause()
    assert app.hall.acts() == [
        {"type": "act", "table": 4, "action": "self_win", "seat": "0"},
        {"type": "act", "table": 4, "action": "concealed_kong", "seat": "0", "tile": 9},
    ]


@pytest.mark.asyncio
async def test_in_chinese_with_cjk_tiles_the_prompt_and_the_settlement_name_tiles_so():
    hand = Table().start(
        ["123m 456m 789m 55p 7p 9p", "234m 567m 22p 33p 44p 6p", "*", "*"], draws="5p", turn=S
    )
    discard(hand, S, "5p")
    looks = {"strings": Strings("zh"), "style": TileStyle(cjk=True)}
    app = TableApp(FakeHall(), table_wire(hand, E, deadline=8.0), **looks)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert text_of(app, "#prompt").startswith("bob 打出 五筒： p 碰  x 过  [")
        assert came_in(app) == "bob 打出 五筒： p 碰  x 过  [8秒]"
        assert footer(app) == {"p": "Pung", "x": "Pass", "space": "Pass", "q": "Leave"}
        await pilot.press("d")
        await pilot.pause()
        assert app.hall.acts() == []
    done = finished_hand()
    wire = table_wire(done, E, phase="between", table_legal=("ready",))
    app = TableApp(FakeHall(), wire, **looks)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = str(app.screen.query_one("#lines", Static).render()).split("\n")
        assert lines[0] == "第1局结算  四川麻将"
        assert lines[1].startswith(
            "東 alice        一二三四五六七八九萬 一一一五筒"  # a suit's ranks under one mark
        )
        assert "已胡 五筒 <- bob" in lines[2]


@pytest.mark.asyncio
async def test_the_chinese_table_has_its_footer_in_chinese_and_the_same_keys():
    hand = Table().start(["123m 456m 789m 5p 7p 999p", "*", "*", "*"])
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ChineseMahjongTableScreen(
            FakeHall(), 4, view_from_wire(table_wire(hand, E)), strings=Strings("zh")
        )
        app.push_screen(screen)
        await pilot.pause()
        shown = footer(app)
        assert shown["d"] == shown["enter"] == "打出" and "x" not in shown
        assert screen.query_one("#title").region.height == 1
        await pilot.press("d")
        await pilot.pause()
    assert screen.hall.acts()[0]["action"] == "discard"


@pytest.mark.asyncio
async def test_a_seat_the_hall_plays_is_marked_and_a_takes_it_back():
    hand = Table().start(["123m 456m 789m 5p 7p 999p", "*", "*", "*"])
    wire = table_wire(hand, E, table_legal=("manual",))
    wire["seats"]["0"]["auto"] = True
    app = TableApp(FakeHall(), wire)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert text_of(app, "#prompt") == "The hall plays for you (托管) - a takes your seat back"
        assert "auto (托管)" in board_text(app).split("\n")[-3]
        await pilot.press("a")
        await pilot.pause()
    assert app.hall.acts() == [{"type": "act", "table": 4, "action": "manual"}]


@pytest.mark.asyncio
async def test_a_match_of_rounds_shows_the_round():
    wire = table_wire(played(steps=0), E)
    wire["game"].update({"hands": None, "rounds": 2, "round": 1, "hand_number": 6})
    app = TableApp(FakeHall(), wire)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        middle = [line[27:53].strip() for line in board_text(app).split("\n")]
        assert "Hand 6" in middle and "Round 2/2" in middle and "Wall 55" in middle


@pytest.mark.asyncio
async def test_the_settlement_closes_itself_when_the_next_hand_is_dealt():
    wire = table_wire(finished_hand(), E, phase="between")
    app = TableApp(FakeHall(), wire)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MahjongSettlementScreen)
        following = table_wire(played(steps=0), E, seq=6)
        following["game"]["hand_number"] = 2
        table_screen(app).on_table_push({"type": "event", "seq": 6, "view": following})
        await pilot.pause()
        assert isinstance(app.screen, MahjongTableScreen)
        assert "Hand 2/4" in board_text(app)


@pytest.mark.asyncio
async def test_before_a_lengzi_deal_f_toggles_xiapao_and_n_says_ready():
    wire = table_wire(played(steps=0), E, phase="between", table_legal=("ready", "xiapao"))
    wire["hand"] = None
    wire["room"] = "lengzi"
    wire["options"] = {"ruleset": "lengzi", "rules": {}, "hands": 4}
    app = TableApp(FakeHall(), wire)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert text_of(app, "#prompt") == "n: ready for the next deal  f: 下炮 off"
        await pilot.press("f")
        await pilot.pause()
        table_screen(app).on_table_push(
            {"type": "event", "seq": 6, "kind": "xiapao", "seat": "0", "on": True, "view": wire}
        )
        await pilot.pause()
        assert text_of(app, "#prompt") == "n: ready for the next deal  f: 下炮 on"
        await pilot.press("f", "n")
        await pilot.pause()
        assert isinstance(app.screen, MahjongXiapaoScreen)  # n asks once more (LZ-09)
        await pilot.press("enter")
        await pilot.pause()
    assert app.hall.acts() == [
        {"type": "act", "table": 4, "action": "xiapao", "seat": "0", "on": True},
        {"type": "act", "table": 4, "action": "xiapao", "seat": "0", "on": False},
        {"type": "act", "table": 4, "action": "ready"},
    ]


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
@pytest.mark.parametrize("cjk", [False, True])
async def test_the_table_fills_the_terminal_with_nothing_that_matters_clipped(size, cjk):
    hand = played(steps=60)
    looks = {"strings": Strings("zh" if cjk else "en"), "style": TileStyle(cjk=cjk)}
    app = TableApp(FakeHall(), table_wire(hand, S), **looks)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        width, height = size
        board = app.screen.query_one(MahjongBoard)
        assert board.region == (0, 1, width, height - 4)  # under the title, over the prompt
        shown = board.text_lines()
        assert len(shown) == height - 4 and shown == board_text(app).split("\n")
        assert app.screen.query_one("#prompt").region.y == height - 3
        seat = hand.seats[S]
        hand_row = shown[-2]
        faces = hand_row.translate(str.maketrans("[]", "  ")).split()
        assert len(faces) == len(seat.concealed)  # every tile of the hand on its line
        assert "bob(" in shown[-3] and "dave" in shown[0]
        assert any(f"{'牌墙' if cjk else 'Wall'} {hand.wall.remaining()}" in r for r in shown)


@pytest.mark.asyncio
async def test_the_footer_shows_only_the_keys_the_ruleset_and_the_moment_allow():
    hand = Table().start(["123m 456m 789m 5p 7p 999p", "*", "*", "*"])
    app = TableApp(FakeHall(), table_wire(hand, E))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert footer(app) == {"d": "Discard", "enter": "Discard", "q": "Leave"}
        discard(hand, E, "5p")  # a Sichuan discard: the others may pung or pass, never chow
        screen = table_screen(app)
        screen.on_table_push({"type": "event", "seq": 6, "view": table_wire(hand, S, seq=6)})
        await pilot.pause()
        # bob cannot claim the 5p: the hall passes for him (MJ-08), so no pass key either
        assert screen.view.legal_of("pass") and footer(app) == {"q": "Leave"}
    void = TableApp(FakeHall(), table_wire(played(steps=0), W))
    async with void.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert footer(void) == {"m": "Void m", "p": "Void p", "s": "Void s", "q": "Leave"}
    table = Table()
    hands = [
        table.tiles("3m 111p 222p 333p EEE"),
        table.tiles("12m 45m 999p 567s SSS"),
        table.tiles("678m 678p 678s WWW N"),
        table.tiles("789m 789s 444p CCC N"),
    ]
    wall = ScriptedWall(table.tiles("FFF PPP"), [])
    zhongyou = HandMachine.arranged(get_ruleset("zhongyou", {}), wall, hands, dealer=E, turn=E)
    discard(zhongyou, E, "3m")
    chow = TableApp(FakeHall(), table_wire(zhongyou, S))
    async with chow.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert footer(chow) == {"c": "Chow", "x": "Pass", "space": "Pass", "q": "Leave"}


@pytest.mark.asyncio
async def test_a_coin_table_shows_its_room_and_stake_in_the_middle():
    wire = table_wire(played(steps=0), E)
    wire["game"].update({"tier": "hundred", "stake": 100})
    app = TableApp(FakeHall(), wire)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        middle = [line[27:53].strip() for line in board_text(app).split("\n")]
        assert "[100]场 注100" in middle and "Wall 55" in middle


@pytest.mark.asyncio
async def test_a_coin_match_ended_by_a_player_below_the_minimum_says_so():
    wire = table_wire(finished_hand(), E, phase="over")
    app = TableApp(FakeHall(), table_wire(played(steps=0), E))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        over = {"type": "event", "seq": 6, "kind": "over", "below_minimum": ["dave"]}
        table_screen(app).on_table_push(over | {"view": wire})
        await pilot.pause()
        assert text_of_table(app, "#message") == (
            "The match is over: dave holds less than this room's minimum"
        )


def text_of_table(app: App, selector: str) -> str:
    return str(table_screen(app).query_one(selector, Static).render())


@pytest.mark.asyncio
async def test_a_pass_only_prompt_names_the_discard_and_offers_no_key():
    hand = claimable_discard()
    discard(hand, S, "5p")
    app = TableApp(FakeHall(), table_wire(hand, W))  # carol cannot claim bob's 5p
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert text_of(app, "#prompt") == "bob discarded 5p"
        await pilot.press("x")
        await pilot.pause()
    assert app.hall.acts() == []


@pytest.mark.asyncio
async def test_an_added_kong_that_may_be_robbed_opens_the_same_window():
    hand = Table().start(
        ["123m 456m 789m 34p 11p", "*", "*", "[555p] 5p 1m 2m 3m 7m 8m 9m 6p 7p 9p"],
        draws="2m",
        turn=N,
        filler=10,
    )
    everyone = (0, 1, 2, 3)
    app = TableApp(FakeHall(), table_wire(hand, N, mine=everyone))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        since = len(hand.events)
        act(hand, N, ActionType.ADDED_KONG, parse_kinds("5p")[0])
        assert waited_for(hand) == [E]  # alice may rob the kong (34p waits on 5p)
        table_screen(app).on_table_push(push(hand, E, since, 6))
        await pilot.pause()
        assert isinstance(app.screen, MahjongClaimWindowScreen)
        assert window_text(app).split("\n")[0] == "N dave adds a kong with 5p (it may be robbed)"
        await pilot.press("1", "z")
        await pilot.pause()
        assert text_of(app, "#prompt").startswith("dave adds a kong with 5p: w win")
        await pilot.press("w")
        await pilot.pause()
    assert app.hall.acts() == [{"type": "act", "table": 4, "action": "win", "seat": "0"}]


@pytest.mark.asyncio
async def test_the_claim_window_in_chinese_with_cjk_tiles():
    hand = claimable_discard()
    everyone = (0, 1, 2, 3)
    looks = {"strings": Strings("zh"), "style": TileStyle(cjk=True)}
    app = TableApp(FakeHall(), table_wire(hand, S, mine=everyone), **looks)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        since = len(hand.events)
        discard(hand, S, "5p")
        table_screen(app).on_table_push(push(hand, E, since, 6))
        await pilot.pause()
        assert window_text(app) == (
            "南 bob 打出 五筒\n"
            "想要这张牌的玩家请按自己的座位键：\n"
            "1: 東 alice   3: 西 carol   4: 北 dave\n"
            "空格：无人要牌"
        )


@pytest.mark.asyncio
async def test_events_older_than_the_view_on_screen_change_nothing():
    """The hall sends a request's events before its reply, so a table opened from that reply
    can get them late: they must neither roll the view back nor be followed twice."""
    hand = Table().start(["123m 456m 789m 5p 7p 999p", "*", "*", "*"])

    def event(seq: int, since: int) -> dict[str, Any]:
        events = [e.for_seat(E) for e in hand.events[since:]]
        return {"type": "event", "table": 4, "seq": seq, "kind": "play", "events": events,
                "view": table_wire(hand, E, seq=seq)}  # fmt: skip

    dealt = event(6, 0)
    since = len(hand.events)
    discard(hand, E, "5p")
    app = TableApp(FakeHall(), table_wire(hand, E, seq=5))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        screen.on_table_push(dealt)
        screen.on_table_push(event(7, since))
        await pilot.pause()
        before = (board_text(app), [seat.river for seat in screen.view.seats])
        assert [entry.tile for entry in before[1][E]] == [hand.seats[E].discards[-1]]
        late = event(7, since)
        dealt["view"]["you"]["seats"] = []  # as the table was before we sat
        for message in (late, dealt):
            screen.on_table_push(message)
        await pilot.pause()
        assert screen.view.seq == 7 and screen.view.mine == (E,)
        assert (board_text(app), [seat.river for seat in screen.view.seats]) == before
        assert app.hall.asked() == []  # no gap seen: no snapshot asked for
