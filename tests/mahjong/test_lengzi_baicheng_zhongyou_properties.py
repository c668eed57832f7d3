"""Properties of whole bot-played hands of the issue-5 rulesets (Lengzi, Baicheng, Zhongyou) and
国标 (issue 19, whose flowers set aside count among the tiles outside the wall).

Every hand ends; payments sum to zero (the pot is a party); no tile appears twice or goes
missing; a hand replays exactly from its seed and actions; no view shows a seat anything it may
not see; and every Baicheng win meets the requirements of §3.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.mahjong.bots import choose_action, play_hand
from qipai.mahjong.rulesets import RoomRules, get_ruleset
from qipai.mahjong.rulesets.baicheng_requirements import unmet_requirement
from qipai.mahjong.rulesets.lengzi_table_hand import seat_hand
from qipai.mahjong.scoring import net
from qipai.mahjong.table.errors import BadOptions
from qipai.mahjong.table.machine import HandMachine

NAMES = ("lengzi", "baicheng", "zhongyou", "guobiao")
MAX_ACTIONS = 1000


def bot_hand(name: str, seed: int) -> HandMachine:
    hand = HandMachine(get_ruleset(name), seed, dealer=seed % 4)
    return play_hand(hand)


def every_tile(hand: HandMachine) -> list[int]:
    """Every tile instance outside the wall: hands, melds, rivers, flowers set aside and claimed
    winning tiles."""
    tiles = []
    for state in hand.seats:
        tiles.extend(state.concealed)
        tiles.extend(state.discards)
        tiles.extend(state.flowers)
        for meld in state.melds:
            tiles.extend(meld.tiles)
    for win in hand.wins:
        if win.tile not in tiles:
            tiles.append(win.tile)
    return tiles


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_bot_hands_end_balance_and_conserve_tiles(name: str, seed: int) -> None:
    ruleset = get_ruleset(name)
    hand = bot_hand(name, seed)
    assert hand.over and hand.settlement is not None
    assert len(hand.actions) < MAX_ACTIONS
    assert sum(net(hand.settlement.payments).values()) == 0
    assert all(p.amount > 0 for p in hand.settlement.payments)
    assert hand.exhaustive or len(hand.wins) == 1  # 截胡: one winner at most
    held = every_tile(hand)
    assert len(held) == len(set(held))
    set_aside = sum(hand.wall.is_excluded(p) for p in range(hand.wall.size))
    assert len(held) + hand.wall.remaining() + set_aside == ruleset.tile_set_size


@pytest.mark.parametrize("name", NAMES)
def test_a_hand_replays_from_its_seed_and_actions(name: str) -> None:
    hand = bot_hand(name, seed=11)
    again = HandMachine.replay(get_ruleset(name), hand.seed, hand.dealer, list(hand.actions))
    assert again.settlement == hand.settlement
    assert [e.for_seat(None) for e in again.events] == [e.for_seat(None) for e in hand.events]


@pytest.mark.parametrize("name", NAMES)
def test_no_view_shows_hidden_tiles(name: str) -> None:
    """At every step: other seats' concealed tiles and the wall stay out of every view."""
    hand = HandMachine(get_ruleset(name), seed=5, dealer=1)
    while not hand.over:
        for viewer in (0, 1, 2, 3, None):
            view = hand.view(viewer)
            for other, seat_view in enumerate(view["seats"]):
                if other != viewer and seat_view["won"] is None:
                    assert seat_view["hand"] is None
            for event in hand.public_events(viewer):
                private = event.get("private")
                assert private is None or viewer is not None
        seat = hand.to_act()[0]
        hand.apply(choose_action(hand, seat))


def test_every_baicheng_win_meets_the_requirements() -> None:
    for seed in range(12):
        hand = bot_hand("baicheng", seed)
        for win in hand.wins:
            names = {f.name_zh for f in win.score.fans}
            if names & {"摸宝", "宝中宝"}:
                continue  # the treasure stood for a waiting tile, checked in its own tests
            complete = seat_hand(hand, win.seat, win.tile)
            assert unmet_requirement(complete) is None


@pytest.mark.parametrize(
    ("name", "values"),
    [
        ("lengzi", {"tiles": 120}),
        ("lengzi", {"all_pay": "yes"}),
        ("baicheng", {"fee_percent": 7}),
        ("zhongyou", {"min_fan": 2}),
        ("zhongyou", {"treasure": True}),
    ],
)
def test_room_options_outside_their_choices_are_refused(name: str, values: dict) -> None:
    with pytest.raises(BadOptions) as refused:
        get_ruleset(name, values)
    assert refused.value.code == "bad_options"


def test_room_options_round_trip_through_room_rules() -> None:
    for name, values in (
        ("lengzi", {"tiles": 108, "all_pay": True, "table_fee": 0}),
        ("baicheng", {"base": 100, "fee_percent": 0}),
        ("zhongyou", {"min_fan": 3, "full_shoot": True}),
    ):
        rules = RoomRules.from_wire({"ruleset": name, "options": values})
        assert rules.build().name == name
        assert {k: rules.options[k] for k in values} == values
