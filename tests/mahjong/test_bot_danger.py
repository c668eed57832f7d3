"""The strong bot's defence (qipai/mahjong/bot_danger.py): it reads an opponent's river as a
player does (摸切 runs, the kinds passed since its hand last changed, its void suit) and folds
against a plainly ready opponent; the model's constants come from ``bench/fit_danger.py``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from qipai.mahjong import bot_danger, bot_danger_fitted, bot_player, bot_shape
from qipai.mahjong.bot_seat import SeatPicture
from qipai.mahjong.bot_worth import WinPrices
from qipai.mahjong.bots import choose_action
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.table.machine import HandMachine
from qipai.mahjong.table.state import RiverTile
from qipai.mahjong.tiles import kind_of, parse_kinds
from tests.mahjong.test_machine_positions import SUIT_S, E, N, P, S, Table, W

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ("sichuan", "lengzi", "baicheng", "zhongyou", "guobiao")
SOUTH = "1m 4m 9m 2p 3p 6p 7p 8p 8p 9p 3m 3m 5m 7m"
"""South's 14 after its draw: three steps from ready, no tile of its void (bamboo)."""


def throw(hand: HandMachine, seat: int, tiles: list[int], drawn: bool) -> None:
    """Add discards to ``seat``'s river in play order, marked as drawn-and-thrown or not."""
    state = hand.seats[seat]
    for tile in tiles:
        hand.river_count += 1
        state.discards.append(tile)
        state.river.append(RiverTile(tile, hand.river_count, drawn))
    state.river_wire = None


def position(
    west_drawn: bool,
    voids: tuple[int, ...] = (SUIT_S,) * 4,
    last: str = "7s 5m 3s 4s",
    early: str = "1s 2s 9s 8s 6m 2p 1s 9s 7s 8s",
    filler: int = 20,
    ruleset: str = "sichuan",
    south: str = SOUTH,
) -> HandMachine:
    """West has thrown ``early`` from its hand and then the ``last`` four, as drawn (摸切) or
    from its hand; East and North have thrown one tile each and show nothing."""
    table = Table()
    rivers = [table.tiles(text) for text in ("9s", "1s", early, last)]
    hand = table.start(
        ["*", south, "*", "*"], turn=S, filler=filler, voids=list(voids), ruleset=ruleset
    )
    throw(hand, E, rivers[0], drawn=False)
    throw(hand, N, rivers[1], drawn=False)
    throw(hand, W, rivers[2], drawn=False)
    throw(hand, W, rivers[3], drawn=west_drawn)
    return hand


def picture_of(hand: HandMachine) -> SeatPicture:
    return SeatPicture(hand.ruleset, hand.view(S), S)


def opponent(picture: SeatPicture, seat: int):
    return next(o for o in picture.opponents if o.seat == seat)


def test_the_river_reading_counts_the_drawn_run_and_the_kinds_passed_since_the_last_change() -> (
    None
):
    west = opponent(picture_of(position(west_drawn=True)), W)
    assert west.drawn_run == 4
    assert west.passed == frozenset(parse_kinds("7s 5m 3s 4s"))
    west = opponent(picture_of(position(west_drawn=False)), W)
    assert west.drawn_run == 0 and west.passed == frozenset()


def test_a_run_of_drawn_and_thrown_discards_reads_as_ready() -> None:
    """Ten discards, the last four thrown from the hand or as drawn: the 摸切 run makes West
    likelier ready (a modest sign by the fit: shape bots far from ready throw what they draw
    too), and West far likelier than East and North, who have thrown one tile each."""
    short = "1s 2s 9s 8s 6m 2p"
    drawn = picture_of(position(west_drawn=True, early=short, filler=30))
    thrown = picture_of(position(west_drawn=False, early=short, filler=30))
    ready = bot_danger.readiness(opponent(drawn, W), drawn)
    assert ready > 1.15 * bot_danger.readiness(opponent(thrown, W), thrown)
    assert ready > 3 * bot_danger.readiness(opponent(drawn, E), drawn)


def test_a_kind_passed_since_the_hand_last_changed_is_safe_against_a_ready_opponent() -> None:
    """No 振听 here, but a ready West would have won on the 5m it drew and threw."""
    picture = picture_of(position(west_drawn=True))
    west = opponent(picture, W)
    (five,) = parse_kinds("5m")
    assert bot_danger.wait_chance(five, west, picture) < 0.01
    assert bot_danger.wait_chance(parse_kinds("4m")[0], west, picture) > 0.05


@pytest.mark.parametrize("ruleset", ["zhongyou", "lengzi"])
def test_the_strong_bot_folds_onto_a_passed_tile_against_a_ready_opponent(ruleset: str) -> None:
    """South is three steps from ready and West plainly ready (four 摸切 in a row): strong
    breaks its 3m 5m shape to throw the 5m West let go, where today's bot throws a lone tile."""
    hand = position(west_drawn=True, ruleset=ruleset)
    (five,) = parse_kinds("5m")
    assert kind_of(bot_shape.choose_action(hand, S).tile) != five
    assert kind_of(choose_action(hand, S, "strong").tile) == five


ONE_STEP = "1m 2m 3m 2p 3p 4p 6p 7p 8p 9p 3m 5m 9m 1p"
"""South's 14, one step from ready once the 9m goes."""


def test_where_the_ruleset_guards_hard_the_strong_bot_folds_from_one_step_from_ready(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Against the same plainly ready West, South one step from ready: strong keeps its hand
    (it folds from two steps), unless the ruleset guards hard (Baicheng: 点炮 doubles the
    discarder's line, 荒庄 costs no hand), where it breaks 3m 5m for the 5m West let go."""
    (five, nine) = parse_kinds("5m 9m")
    hand = position(west_drawn=True, ruleset="zhongyou", south=ONE_STEP)
    assert kind_of(bot_shape.choose_action(hand, S).tile) == nine
    assert kind_of(choose_action(hand, S, "strong").tile) == nine
    monkeypatch.setattr(type(hand.ruleset), "bot_guards_hard", True)
    assert kind_of(choose_action(hand, S, "strong").tile) == five
    assert kind_of(choose_action(hand, S, "normal").tile) == nine  # normal never folds


def test_baicheng_alone_guards_hard_and_its_strong_level_folds_sooner() -> None:
    guarded = [name for name in RULESETS if get_ruleset(name, {}).bot_guards_hard]
    assert guarded == ["baicheng"]
    strong = bot_player.check_level("strong", get_ruleset("baicheng", {}))
    elsewhere = bot_player.check_level("strong", get_ruleset("zhongyou", {}))
    assert strong.folds and strong.fold_shanten < elsewhere.fold_shanten
    assert strong.fold_ready < elsewhere.fold_ready and strong.defence > elsewhere.defence
    assert bot_player.check_level("normal", get_ruleset("baicheng", {})) == bot_player.LEVEL[
        "normal"
    ]


def test_where_a_hand_not_ready_pays_at_the_end_the_strong_bot_does_not_break_its_hand() -> None:
    """四川 charges a hand that is not ready at a drawn end (查大叫) and every self-draw: a
    broken hand pays those too, and the league measured the outright fold losing points
    there (血战 −0.27 a hand against −0.04 without it, 400 deals). So against the same ready
    West, South keeps its 3m 5m shape and only weighs the danger into each discard."""
    assert [WinPrices.of(get_ruleset(name, {})).unready_pays for name in RULESETS] == [
        name == "sichuan" for name in RULESETS
    ]
    hand = position(west_drawn=True)
    (five,) = parse_kinds("5m")
    assert kind_of(choose_action(hand, S, "strong").tile) != five


def test_without_the_drawn_marks_the_strong_bot_keeps_its_shape() -> None:
    """The same river thrown from the hand: nothing is known safe and West looks less ready,
    so strong keeps the 3m 5m shape as today's bot does."""
    hand = position(west_drawn=False)
    (five,) = parse_kinds("5m")
    assert kind_of(choose_action(hand, S, "strong").tile) != five


def test_the_strong_bot_throws_a_tile_of_the_ready_opponent_s_void_suit() -> None:
    """West's 定缺 is dots, so it can never win on one: against a ready West, strong gives up
    a dot rather than any other tile it holds."""
    hand = position(west_drawn=True, voids=(SUIT_S, SUIT_S, P, SUIT_S), last="7s 6s 3s 4s")
    picture = picture_of(hand)
    west = opponent(picture, W)
    assert all(bot_danger.wait_chance(k, west, picture) == 0.0 for k in parse_kinds("2p 8p"))
    assert kind_of(bot_shape.choose_action(hand, S).tile) // 9 != P
    assert kind_of(choose_action(hand, S, "strong").tile) // 9 == P


def test_the_fitted_constants_say_how_they_were_fitted() -> None:
    doc = bot_danger_fitted.__doc__ or ""
    assert "python bench/fit_danger.py" in doc
    assert len(bot_danger_fitted.WAIT) == len(bot_danger.WAIT_FEATURES)
    for coefficients in bot_danger_fitted.READINESS.values():
        assert len(coefficients) == len(bot_danger.READINESS_FEATURES)
    assert set(bot_danger_fitted.READINESS) >= {"sichuan", "lengzi", "baicheng", "guobiao", "all"}


def test_the_fitting_script_runs_on_a_tiny_sample() -> None:
    run = subprocess.run(
        [sys.executable, "bench/fit_danger.py", "--hands", "2", "--rooms", "sichuan"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "readiness" in run.stdout and "AUC" in run.stdout and "decile" in run.stdout


def test_an_honour_all_in_sight_cannot_be_waited_on() -> None:
    """Three Easts in the rivers and the fourth in hand: nobody can wait on East (a pair or a
    single wait needs one in hand), so it is safe against West however ready it looks."""
    picture = picture_of(position(west_drawn=True))
    west = opponent(picture, W)
    (east,) = parse_kinds("E")
    seen = list(picture.seen)
    seen[east] = 4
    assert bot_danger.cannot_wait(east, west, seen)
    seen[east] = 3
    assert not bot_danger.cannot_wait(east, west, seen)
