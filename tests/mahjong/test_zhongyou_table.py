"""众游世界 on the table machine: liabilities, 人和, the passed-win rule, the minimum fan."""

from __future__ import annotations

import pytest

from qipai.mahjong.bots import play_hand
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.rulesets.zhongyou import Zhongyou, ZhongyouOptions
from qipai.mahjong.scoring import HOUSE, Payment
from qipai.mahjong.table.actions import ActionType
from qipai.mahjong.table.machine import HandMachine
from qipai.mahjong.table.match import Match, MatchOver
from qipai.mahjong.tiles import WINDS, parse_kinds
from tests.mahjong.test_lengzi_table import Deal, act, answer_all, discard

EAST, SOUTH, WEST, NORTH = range(4)
B = 10


def zhongyou(**options: object) -> Zhongyou:
    return Zhongyou(ZhongyouOptions(base=B, **options))


def discard_drawn(hand: HandMachine, seat: int) -> None:
    act(hand, seat, ActionType.DISCARD, hand.seats[seat].last_drawn)
    answer_all(hand, {})


def test_example_3_twelve_tiles_down_feeder_pays_the_self_draw() -> None:
    hand = Deal(zhongyou()).start(
        [
            "123m 456m 789m 123p 4p",
            "345s 678s 99s 456p 11p",
            "8p 345m 678m 99m 123s 4s",
            "[222m] [EEE] [777s] 88p 5p 3s",
        ],
        draws="S C F P 5p",
        turn=WEST,
    )
    discard(hand, WEST, "8p")
    answer_all(hand, {NORTH: ActionType.PUNG})
    discard(hand, NORTH, "3s")
    answer_all(hand, {})
    for seat in (EAST, SOUTH, WEST):
        discard_drawn(hand, seat)
    act(hand, NORTH, ActionType.SELF_WIN)
    win = hand.wins[0]
    assert sorted((f.name_zh, f.value) for f in win.score.fans) == [
        ("圈风东", 1),
        ("对对胡", 3),
        ("自摸", 1),
    ]
    assert list(hand.settlement.payments) == [
        *(Payment(seat, HOUSE, 1, "台费") for seat in range(4)),  # 10 % of 10 (PL-16)
        Payment(WEST, NORTH, 960, "包自摸"),
    ]


def test_example_4_win_on_a_direct_kong_replacement_is_paid_by_the_kong_feeder() -> None:
    hand = Deal(zhongyou()).start(
        [
            "5s 123p 456p 789s 11m E W",
            "234m 567m 345p 66s 78s",
            "678m 99m 678p 99s 11s E",
            "555s 123m 456m 789p 3s",
        ],
        tail="3s C",
    )
    discard(hand, EAST, "5s")
    answer_all(hand, {NORTH: ActionType.KONG})
    act(hand, NORTH, ActionType.SELF_WIN)
    win = hand.wins[0]
    assert sorted(f.name_zh for f in win.score.fans) == ["杠开", "自摸"]
    assert list(hand.settlement.payments)[4:] == [Payment(EAST, NORTH, 120, "杠开包")]


def test_example_4_robbing_the_kong_is_paid_by_the_konger() -> None:
    hand = Deal(zhongyou()).start(
        [
            "234p 567p 345s 66s 99p",
            "[777m] 123s 456s 789s 1p",
            "[123m] 456p 789p 55s 68m",
            "234m 56m 9m 11p 22p 33p C",
        ],
        draws="7m",
        turn=SOUTH,
    )
    act(hand, SOUTH, ActionType.ADDED_KONG, parse_kinds("7m")[0])
    answer_all(hand, {WEST: ActionType.WIN})
    win = hand.wins[0]
    assert sorted(f.name_zh for f in win.score.fans) == ["平胡", "自摸"]
    assert list(hand.settlement.payments)[4:] == [Payment(SOUTH, WEST, 120, "抢杠")]


def test_example_5_human_hand_on_the_dealers_first_discard() -> None:
    hand = Deal(zhongyou()).start(
        [
            "9p 234s 567s 789s 11s E W",
            "123m 456m 789m 123p 9p",
            "234p 567p 456s 88s E W",
            "345m 678m 33s 99s NN C",
        ]
    )
    discard(hand, EAST, "9p")
    answer_all(hand, {SOUTH: ActionType.WIN})
    win = hand.wins[0]
    assert ("人和", 9) in [(f.name_zh, f.value) for f in win.score.fans]
    assert win.score.fan == 9
    assert list(hand.settlement.payments)[4:] == [Payment(EAST, SOUTH, 5120, "点炮")]


def waiting_position() -> HandMachine:
    """South waits on 5p (closed) and holds 99s; West is to draw and holds two 5p."""
    return Deal(zhongyou()).start(
        [
            "234p 567p 345s 66s 11p",
            "123m 456m 46p 99s 555s",
            "5p 5p 678m 99m 123s 4s E W",
            "234m 567m 78p 9s 33s NN",
        ],
        draws="C 9s F",
        turn=WEST,
    )


def win_offered(hand: HandMachine, seat: int) -> bool:
    return ActionType.WIN in {a.type for a in hand.legal_actions(seat)}


def test_passed_win_bars_the_same_kind_until_the_seat_draws() -> None:
    """ZY-06: South declines West's 5p; East's 5p is not offered; after South's draw it is."""
    hand = waiting_position()
    discard(hand, WEST, "5p")
    assert win_offered(hand, SOUTH)
    answer_all(hand, {})
    discard(hand, NORTH, "N")
    answer_all(hand, {})
    discard(hand, EAST, "5p")
    assert not win_offered(hand, SOUTH)
    answer_all(hand, {})
    discard_drawn(hand, SOUTH)
    discard(hand, WEST, "5p")
    assert win_offered(hand, SOUTH)


def test_passed_win_is_lifted_by_a_claim() -> None:
    """ZY-06: after punging North's 9s, South may win on 5p again before his next draw."""
    hand = waiting_position()
    discard(hand, WEST, "5p")
    answer_all(hand, {})
    discard(hand, NORTH, "9s")
    answer_all(hand, {SOUTH: ActionType.PUNG})
    discard(hand, SOUTH, "5s")
    answer_all(hand, {})
    discard(hand, WEST, "5p")
    assert win_offered(hand, SOUTH)


def test_passed_win_state_is_set_by_the_decline_and_cleared_by_the_claim() -> None:
    """ZY-06 as machine state: West's 5p declined is remembered for South, North's 9s punged
    by South forgets it (the lift is the seat's own move, not anything read from the log)."""
    hand = waiting_position()
    discard(hand, WEST, "5p")
    answer_all(hand, {})
    assert [passed.kind for passed in hand.seats[SOUTH].passed] == parse_kinds("5p")
    discard(hand, NORTH, "9s")
    answer_all(hand, {SOUTH: ActionType.PUNG})
    assert hand.seats[SOUTH].passed == []


def test_passed_win_bars_only_the_declined_kind() -> None:
    """ZY-06 "不能胡那一张的": South declines West's 3p and may still win on North's 6p."""
    hand = Deal(zhongyou()).start(
        [
            "234p 567p 345s 66s 11p",
            "123m 456m 45p 99s 555s",
            "3p 9s 678m 99m 123s 4s E W",
            "234m 567m 78p 6p 33s NN",
        ],
        draws="C 9s F",
        turn=WEST,
    )
    discard(hand, WEST, "3p")
    assert win_offered(hand, SOUTH)
    answer_all(hand, {})
    discard(hand, NORTH, "6p")
    assert win_offered(hand, SOUTH)


def test_minimum_fan_option_refuses_a_chicken_hand() -> None:
    for min_fan, offered in ((0, True), (1, False)):
        hand = Deal(zhongyou(min_fan=min_fan)).start(
            [
                "5s 123p 456p 789s 11m E W",
                "[555m] 123m 789p 33s 46s",
                "678m 99m 678p 99s 11s E",
                "234m 34p 789p 22s NN C",
            ],
            dealer=NORTH,
            turn=EAST,  # mid-hand: East's discard is no 人和
        )
        discard(hand, EAST, "5s")
        assert win_offered(hand, SOUTH) is offered


def test_thirteen_orphans_is_a_limit_hand_on_the_table() -> None:
    hand = Deal(zhongyou()).start(
        [
            "9m 234m 567m 234p 567p 2s",
            "19m 19p 19s ESWNCFP",
            "345s 678s 33m 88p 44s 6p",
            "11m 22p 66s 77s 88s 3p 4p 5p",
        ],
        dealer=NORTH,
        turn=EAST,
    )
    discard(hand, EAST, "9m")
    answer_all(hand, {SOUTH: ActionType.WIN})
    assert ("十三幺", 9) in [(f.name_zh, f.value) for f in hand.wins[0].score.fans]
    assert list(hand.settlement.payments)[4:] == [Payment(EAST, SOUTH, 5120, "点炮")]


def test_heavenly_hand_the_dealers_dealt_tiles_win() -> None:
    hand = Deal(zhongyou()).start(
        [
            "123m 456m 789m 123p 99p",
            "234s 567s 11s 456p 88s",
            "345m 678m 33s 99s NN C",
            "234p 567p 789s 66m 11p",
        ]
    )
    act(hand, EAST, ActionType.SELF_WIN)
    assert ("天和", 9) in [(f.name_zh, f.value) for f in hand.wins[0].score.fans]
    assert list(hand.settlement.payments)[4:] == [
        Payment(seat, EAST, 5120, "自摸") for seat in (SOUTH, WEST, NORTH)
    ]


def test_earthly_hand_a_non_dealer_wins_on_his_first_draw() -> None:
    hand = Deal(zhongyou()).start(
        [
            "234s 567s 11s 456p 88s C",
            "123m 456m 789m 123p 9p",
            "345m 678m 33s 99s NN F",
            "234p 567p 789s 66m 11p",
        ],
        draws="9p",
    )
    discard(hand, EAST, "C")
    answer_all(hand, {})
    act(hand, SOUTH, ActionType.SELF_WIN)
    assert ("地和", 9) in [(f.name_zh, f.value) for f in hand.wins[0].score.fans]


def test_last_tile_self_draw_is_hai_di() -> None:
    hand = Deal(zhongyou()).start(
        [
            "234s 567s 11s 456p 88s",
            "123m 456m 789m 123p 9p",
            "345m 678m 33s 99s NN",
            "234p 567p 789s 66m 11p",
        ],
        draws="F 9p",
        filler=0,
        dealer=NORTH,
        turn=EAST,
    )
    discard(hand, EAST, "F")
    answer_all(hand, {})
    assert hand.wall.remaining() == 0
    act(hand, SOUTH, ActionType.SELF_WIN)
    fans = sorted((f.name_zh, f.value) for f in hand.wins[0].score.fans)
    assert fans == [("平胡", 1), ("海底捞针", 1), ("自摸", 1), ("门前清", 1)]
    assert list(hand.settlement.payments)[4:] == [
        Payment(seat, SOUTH, 160, "自摸") for seat in (EAST, WEST, NORTH)
    ]


def test_a_match_moves_the_round_wind_when_the_deal_comes_back_to_east() -> None:
    match = Match(Zhongyou(), seed=9)
    for seed in range(12):
        dealer, round_before = match.dealer, match.table_state["round"]
        hand = play_hand(match.start_hand(seed))
        assert hand.view(None)["table"]["round_wind"] == WINDS[round_before]
        match.finish_hand(hand)
        passed_back_to_east = match.dealer == EAST and dealer != EAST
        assert match.table_state["round"] == round_before + passed_back_to_east
    assert match.table_state["round"] == 2  # the South round was played through


def test_east_deals_the_first_hand_whatever_the_seed() -> None:
    """ZY-20: the wind positions are drawn when the seats are filled; then East deals."""
    assert {Match(Zhongyou(), seed=seed).dealer for seed in range(20)} == {EAST}


def test_a_match_is_over_after_the_north_round_and_deals_no_more() -> None:
    """ZY-02: four rounds, each ending when the deal comes back to East; then ``over``."""
    match = Match(zhongyou(), seed=3)
    rounds_seen = []
    seed = 0
    while not match.over:
        rounds_seen.append(match.table_state["round"])
        match.finish_hand(play_hand(match.start_hand(seed)))
        seed += 1
    assert sorted(set(rounds_seen)) == [0, 1, 2, 3] and rounds_seen == sorted(rounds_seen)
    assert match.table_state["round"] == 4 and match.dealer == EAST
    with pytest.raises(MatchOver) as refused:
        match.start_hand(seed)
    assert refused.value.code == "match_over" and match.hands_played == seed


@pytest.mark.parametrize("name", ["sichuan", "lengzi", "baicheng"])
def test_other_rulesets_leave_the_match_length_to_the_table(name: str) -> None:
    match = Match(get_ruleset(name, {}), seed=5)
    for seed in range(6):
        match.finish_hand(play_hand(match.start_hand(seed)))
        assert not match.over
    assert match.pot == (match.table_state["pot"] if name == "lengzi" else 0)


def test_a_hand_whose_only_win_is_below_the_rooms_minimum_fan_says_so_in_its_hint() -> None:
    hand = Deal(zhongyou(min_fan=1)).start(
        [
            "5s 123p 456p 789s 11m E W",
            "[555m] 123m 789p 33s 46s",
            "678m 99m 678p 99s 11s E",
            "234m 34p 789p 22s NN C",
        ],
        dealer=NORTH,
        turn=EAST,
    )
    own = hand.view(SOUTH)["seats"][SOUTH]
    assert (own["waits"], own["shanten"], own["cannot_win"]) == ([], 0, ["below_min_fan"])
