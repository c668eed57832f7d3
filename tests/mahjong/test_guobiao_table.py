"""The 国标 room on the shared machine (docs/guobiao.md): flowers set aside and replaced, the
8-fan minimum on the table, the moment's fans reaching the calculator, the competition
settlement with its worked numbers, the knitted shapes, the deal passing every hand."""

from __future__ import annotations

from qipai.mahjong.bots import play_hand
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.rulesets.guobiao import Guobiao
from qipai.mahjong.table.actions import ActionType as A
from qipai.mahjong.table.machine import HandMachine
from qipai.mahjong.table.match import Match
from qipai.mahjong.tiles import NUM_KINDS, WINDS, instances_of, kind_of, parse_kinds
from tests.mahjong.test_machine_positions import E, N, S, Table, W, act, discard, pass_all, types

F1, F2, F3 = (instances_of(kind)[0] for kind in (34, 35, 36))


def start(seats: list[str], draws: str = "", replacements: str = "", **kwargs) -> HandMachine:
    return Table().start(
        seats, draws, replacements, ruleset="guobiao", options={"base": 10}, **kwargs
    )


def won_fans(hand: HandMachine) -> dict[str, int]:
    (win,) = hand.settlement.wins
    return {fan.name_zh: fan.value for fan in win.score.fans}


def offered_win(hand: HandMachine, seat: int) -> bool:
    return bool({A.WIN, A.SELF_WIN} & types(hand, seat))


# --- flowers ---------------------------------------------------------------------------------


def test_dealt_flowers_are_set_aside_open_to_all_and_replaced_from_the_tail() -> None:
    hand = HandMachine(get_ruleset("guobiao"), 7)
    shown = {e.public["seat"]: e.public["tiles"] for e in hand.events if e.type == "flowers"}
    assert shown, "seed 7 deals flowers"
    for seat, state in enumerate(hand.seats):
        assert all(kind_of(t) < NUM_KINDS for t in state.concealed)
        assert len(state.concealed) == (14 if seat == hand.dealer else 13)
        assert state.flowers == shown.get(seat, [])
    for viewer in (None, 0, 1, 2, 3):
        view = hand.view(viewer)
        assert [s["flowers"] for s in view["seats"]] == [s.flowers for s in hand.seats]
    # 144 tiles: 53 dealt, one replacement from the tail for each flower set aside
    flowers = sum(len(s.flowers) for s in hand.seats)
    assert hand.wall.remaining() == 144 - 53 - flowers


def test_a_drawn_flower_is_shown_and_replaced_from_the_tail_before_the_draw_is_told() -> None:
    hand = start(["*", "123m 456p 789s 234s 9s", "*", "*"], turn=E, filler=6)
    hand.wall.tiles.insert(0, F1)  # South's next draw is a flower
    replacement = hand.wall.tiles[-1]
    act(hand, E, A.DISCARD, hand.seats[E].last_drawn)
    pass_all(hand)
    assert hand.seats[S].flowers == [F1]
    assert replacement in hand.seats[S].concealed
    flower, drew = hand.events[-2], hand.events[-1]
    assert flower.for_seat(None) == {"type": "flowers", "seat": S, "tiles": [F1], "dealt": False}
    assert flower.for_seat(W) == flower.for_seat(None) == flower.for_seat(S)
    assert drew.type == "drew" and drew.public["replacement"] is False
    assert drew.for_seat(S)["private"] == {"tile": replacement}
    assert "private" not in drew.for_seat(W)


def test_a_flower_as_the_last_tile_ends_the_hand_drawn() -> None:
    hand = start(["*", "123m 456p 789s 234s 9s", "*", "*"], turn=E, filler=2)
    hand.wall.tiles[:] = [F2]
    act(hand, E, A.DISCARD, hand.seats[E].last_drawn)
    pass_all(hand)
    assert hand.over and hand.settlement.exhaustive_draw
    assert hand.seats[S].flowers == [F2] and hand.settlement.payments == ()


# --- the 8-fan minimum -----------------------------------------------------------------------


def test_a_hand_below_eight_fans_is_never_offered_its_win_and_says_why() -> None:
    """123m 456m 789p 234s 9s + 9s is 门前清 平和 连六 单钓将 = 6: a 错和, never offered."""
    hand = start(["*", "123m 456m 789p 234s 9s", "*", "*"], "9s", turn=E, filler=4)
    assert hand.view(S)["seats"][S]["cannot_win"] == ["below_min_fan"]
    assert hand.view(S)["seats"][S]["waits"] == []
    discard(hand, E, "9s")
    assert A.WIN not in types(hand, S)


def test_the_same_wait_with_a_mixed_straight_wins_and_pays_fan_plus_eight() -> None:
    """花龙 8 门前清 2 平和 2 = 12 on East's discard, at a stake of 10: East pays (12 + 8) x 10,
    West and North 8 x 10 each."""
    hand = start(["*", "123m 456p 789s 234s 9s", "*", "*"], "9s", turn=E, filler=4)
    assert hand.view(S)["seats"][S]["waits"] == parse_kinds("9s")
    discard(hand, E, "9s")
    act(hand, S, A.WIN)
    pass_all(hand)
    assert won_fans(hand) == {"花龙": 8, "门前清": 2, "平和": 2}
    assert [(p.payer, p.payee, p.amount, p.reason) for p in hand.settlement.payments] == [
        (E, S, 200, "点炮"),
        (W, S, 80, "胡"),
        (N, S, 80, "胡"),
    ]
    assert hand.settlement.seat_totals() == [-200, 360, -80, -80]


def test_the_settlement_names_each_fan_in_both_languages() -> None:
    hand = start(["*", "123m 456p 789s 234s 9s", "*", "*"], "9s", turn=E, filler=4)
    discard(hand, E, "9s")
    act(hand, S, A.WIN)
    pass_all(hand)
    fans = hand.settlement.to_wire()["wins"][0]["score"]["fans"]
    assert fans[0] == {"name": "花龙", "name_en": "Mixed Straight", "value": 8}


def test_flowers_count_after_the_minimum_never_toward_it() -> None:
    """Two flowers on 6 fans make 8, still a 错和; on 花龙's 12 they make 14."""
    hand = start(["*", "123m 456m 789p 234s 9s", "*", "*"], "9s", turn=E, filler=4)
    hand.seats[S].flowers = [F1, F2]
    discard(hand, E, "9s")
    assert A.WIN not in types(hand, S)
    hand = start(["*", "123m 456p 789s 234s 9s", "*", "*"], "9s", turn=E, filler=4)
    hand.seats[S].flowers = [F1, F2]
    discard(hand, E, "9s")
    act(hand, S, A.WIN)
    pass_all(hand)
    assert won_fans(hand) == {"花龙": 8, "门前清": 2, "平和": 2, "花牌": 2}
    assert hand.settlement.wins[0].score.fan == 14


# --- the moment's fans reach the calculator ----------------------------------------------------

WAITS_7M = "123m 456p 789s 99s 68m"
NORTH_PUNG_7M = "[777m] 1p 4p 7p 2s 5s 8s E S W N"


def test_the_last_of_four_on_view_is_heju_zhang() -> None:
    """North's pung of 7m is open and East discards the fourth: 和绝张 for South's closed wait."""
    hand = start(["*", WAITS_7M, "*", NORTH_PUNG_7M], "7m", turn=E, filler=4)
    discard(hand, E, "7m")
    act(hand, S, A.WIN)
    pass_all(hand)
    assert won_fans(hand)["和绝张"] == 4


def test_two_shown_and_the_discard_are_not_heju_zhang_at_the_offer_nor_at_the_win() -> None:
    """The discard lies in the river while the win is offered and has left it when the win is
    recorded: both judgements leave it out, so they agree (a bot table once met the two
    disagreeing on 和绝张, a win offered and then worth less than eight)."""
    hand = start(
        [
            "*",
            WAITS_7M,
            "[567m] 1p 4p 7p 2s 5s 8s E S W N",
            "[789m] 1p 4p 7p 2s 5s 8s E S W N",
        ],
        "7m",
        turn=E,
        filler=4,
    )
    tile = discard(hand, E, "7m")
    offered = hand.discard_win_score(S, tile, robbing=False)
    assert offered is not None and "和绝张" not in {f.name_zh for f in offered.fans}
    act(hand, S, A.WIN)
    pass_all(hand)
    assert "和绝张" not in won_fans(hand)
    assert hand.settlement.wins[0].score == offered


def test_the_wall_s_last_tile_self_drawn_is_miaoshou_huichun_paid_by_each() -> None:
    """花龙 8 妙手回春 8 不求人 4 平和 2 单钓将 1 = 23: each pays (23 + 8) x 10."""
    hand = start(["*", "123m 456p 789s 567m 9m", "*", "*"], "9m", turn=S)
    assert hand.wall.remaining() == 0
    act(hand, S, A.SELF_WIN)
    assert won_fans(hand) == {"花龙": 8, "妙手回春": 8, "不求人": 4, "平和": 2, "单钓将": 1}
    assert [(p.payer, p.amount, p.reason) for p in hand.settlement.payments] == [
        (E, 310, "自摸"),
        (W, 310, "自摸"),
        (N, 310, "自摸"),
    ]
    assert hand.settlement.seat_totals() == [-310, 930, -310, -310]


def test_the_last_discard_is_haidi_laoyue() -> None:
    hand = start(["*", "123m 456p 789s 567m 9m", "*", "*"], "9m", turn=N)
    discard(hand, N, "9m")
    act(hand, S, A.WIN)
    pass_all(hand)
    assert won_fans(hand)["海底捞月"] == 8
    assert hand.settlement.seat_totals() == [-80, 29 * 10 + 160, -80, -290]


def test_a_kong_s_replacement_is_gangshang_kaihua() -> None:
    hand = start(["*", "123m 456p 789s 9m 5555m", "*", "*"], replacements="9m", turn=S, filler=4)
    act(hand, S, A.CONCEALED_KONG, parse_kinds("5m")[0])
    act(hand, S, A.SELF_WIN)
    fans = won_fans(hand)
    assert fans["杠上开花"] == 8 and "自摸" not in fans


def test_robbing_an_added_kong_is_qiangganghe_without_heju_zhang() -> None:
    hand = start(["[777m] 1p 4p 7p 2s 5s 8s E S W N", WAITS_7M, "*", "*"], "7m", turn=E, filler=4)
    act(hand, E, A.ADDED_KONG, parse_kinds("7m")[0])
    act(hand, S, A.WIN)
    pass_all(hand)
    fans = won_fans(hand)
    assert fans["抢杠和"] == 8 and "和绝张" not in fans
    assert hand.settlement.payments[0].payer == E


def test_seat_and_prevalent_winds_come_from_the_dealer_and_the_round() -> None:
    """South's pung of South in the South round: 门风刻 and 圈风刻."""
    hand = start(["*", "123m 456p 789s SSS 9m", "*", "*"], "9m", turn=E, filler=4)
    hand.table_state["round"] = 1
    discard(hand, E, "9m")
    act(hand, S, A.WIN)
    pass_all(hand)
    fans = won_fans(hand)
    assert fans["门风刻"] == 2 and fans["圈风刻"] == 2


# --- shapes, the deal, the bot -----------------------------------------------------------------


def test_the_knitted_shapes_wait_and_win() -> None:
    hand = start(["*", "147m 258p 369s E S W C", "*", "*"], "F", turn=E, filler=4)
    assert set(parse_kinds("N F P")) <= set(hand.view(S)["seats"][S]["waits"])
    discard(hand, E, "F")
    act(hand, S, A.WIN)
    pass_all(hand)
    assert won_fans(hand) == {"全不靠": 12, "组合龙": 12}


def test_the_deal_passes_every_hand_and_the_prevalent_wind_every_four() -> None:
    match = Match(Guobiao(), seed=3)
    dealers, winds = [], []
    for number in range(5):
        hand = play_hand(match.start_hand(number))
        dealers.append(hand.dealer)
        winds.append(hand.view(None)["table"]["round_wind"])
        match.finish_hand(hand)
    assert dealers == [0, 1, 2, 3, 0]
    assert winds == [WINDS[0]] * 4 + [WINDS[1]]
    assert not match.over


def test_four_bots_win_their_hands_at_eight_fans_or_more() -> None:
    """Seeded hands: the bot plays for the minimum (a plain hand never wins here), and every
    win the machine takes is worth eight fans without the flowers."""
    won = 0
    for seed in range(8):
        hand = play_hand(HandMachine(get_ruleset("guobiao"), seed, seed % 4))
        for win in hand.settlement.wins:
            won += 1
            assert sum(f.value for f in win.score.fans if f.name_zh != "花牌") >= 8
    assert won >= 5
