"""The worked examples of ruleset-sichuan.md §9, played through the table machine (b = 6)."""

from __future__ import annotations

from qipai.mahjong.table.actions import ActionType as A
from tests.mahjong.test_machine_positions import SUIT_S, E, N, P, S, Table, W, act, discard, types

JUNK_E = "123456789s 147p 9m"
JUNK_W = "123456789s 258p 8m"
JUNK_N = "123456789s 369p 6m"


def reasons(hand) -> list[tuple[int, int, int, str]]:
    return [(p.payer, p.payee, p.amount, p.reason) for p in hand.settlement.payments]


def test_example_1_qq_self_draw_big_pungs() -> None:
    table = Table()
    hand = table.start(
        [JUNK_E, "[222m] [777m] 555p 999p 3m", JUNK_W, "123456789s 147p 8m"],
        draws="3m",
        turn=S,
        filler=10,
    )
    act(hand, S, A.SELF_WIN)
    (win,) = hand.settlement.wins
    assert [(f.name_zh, f.value) for f in win.score.fans] == [("大对子", 2)]
    assert reasons(hand) == [(E, S, 18, "自摸"), (W, S, 18, "自摸"), (N, S, 18, "自摸")]
    assert hand.settlement.seat_totals() == [-18, 54, -18, -18]


def example_2(table: Table):
    return table.start(
        [
            "7777m 5p 11m 55m 66m 7p 88p",
            "123p 234p 22p 999p 46p",
            "123456789s 57p 12m",
            "123m 456m 888m 99m 34p",
        ],
        replacements="3m",
        filler=10,
    )


def test_example_2_concealed_kong_gang_shang_pao_and_multiple_winners() -> None:
    hand = example_2(Table())
    act(hand, E, A.CONCEALED_KONG, 6)
    assert [(p.payer, p.amount, p.reason) for p in hand.ledger] == [
        (S, 12, "下雨"),
        (W, 12, "下雨"),
        (N, 12, "下雨"),
    ]
    discard(hand, E, "5p")
    act(hand, S, A.WIN)
    act(hand, W, A.PASS)
    act(hand, N, A.WIN)
    assert hand.over
    south, north = hand.settlement.wins
    assert [(f.name_zh, f.value) for f in south.score.fans] == [("清一色", 3), ("根", 1)]
    assert [(f.name_zh, f.value) for f in north.score.fans] == [("平和", 1)]
    assert reasons(hand)[3:] == [
        (E, S, 48, "点炮"),
        (E, S, 36, "杠上炮"),
        (E, N, 6, "点炮"),
        (E, N, 36, "杠上炮"),
    ]
    assert hand.settlement.seat_totals() == [-90, 72, -12, 30]
    assert hand.ruleset.next_dealer(hand) == E  # 一炮多响 → the discarder


def example_3(dajiao: str, **options: object):
    table = Table()
    hand = table.start(
        [
            "45p 666p 111p 999p 22p",
            "123m 456m 123p 789p 5p",
            "[888m] 8m 1m 3m 5m 9m 9m 2p 4p 6p 8p 7m",
            "1s 2s 3s 4m 5m 6m 7p 8p 7m 7m 2m 2m 6m",
        ],
        replacements="9s",
        turn=W,
        options={"dajiao": dajiao, **options},
    )
    act(hand, W, A.ADDED_KONG, 7)
    for seat in (N, E, S):
        act(hand, seat, A.PASS)
    assert [(p.payer, p.payee, p.amount) for p in hand.ledger] == [(E, W, 6), (S, W, 6), (N, W, 6)]
    discard(hand, W, "9s")
    for seat in (N, E, S):
        act(hand, seat, A.PASS)
    assert hand.over and hand.settlement.exhaustive_draw
    return hand


def test_example_3_exhaustive_draw_pig_big_call_max_and_refund() -> None:
    hand = example_3("max")
    assert reasons(hand)[3:] == [
        (N, E, 96, "查花猪"),
        (N, S, 96, "查花猪"),
        (N, W, 96, "查花猪"),
        (W, E, 48, "查大叫"),
        (W, S, 6, "查大叫"),
        (W, E, 6, "退税"),
        (W, S, 6, "退税"),
        (W, N, 6, "退税"),
    ]
    assert hand.settlement.seat_totals() == [144, 102, 42, -288]
    assert hand.ruleset.next_dealer(hand) == hand.dealer


def test_example_3_big_call_min_option() -> None:
    hand = example_3("min")
    assert (W, E, 24, "查大叫") in reasons(hand)
    assert hand.settlement.seat_totals() == [120, 102, 66, -288]


def example_4(leave: bool):
    table = Table()
    hand = table.start(
        [
            "111m 222m 555s 77s 88s",
            "123m 456m 789m 234p 5p",
            "111p 234p 567p 88p 9p 9s",
            "999s 147s 258s 3m 5m 6m 9m",
        ],
        draws="5p 9p 8p",
        replacements="4m",
        turn=S,
        voids=[P, SUIT_S, SUIT_S, P],
        options={"xuezhan": True},
    )
    assert types(hand, S) == {A.SELF_WIN}  # four tiles left: the win is compulsory
    act(hand, S, A.SELF_WIN)
    if leave:
        act(hand, S, A.LEAVE)
    discard(hand, W, "9s")
    act(hand, N, A.KONG)
    act(hand, E, A.PASS)
    discard(hand, N, "4m")
    act(hand, W, A.PASS)
    act(hand, E, A.PASS)
    discard(hand, E, "8p")
    assert types(hand, W) == {A.WIN}
    act(hand, W, A.WIN)
    act(hand, N, A.PASS)
    assert hand.over and hand.settlement.exhaustive_draw
    return hand


def test_example_4_xuezhan_sequence() -> None:
    hand = example_4(leave=False)
    assert reasons(hand) == [
        (E, S, 12, "自摸"),
        (W, S, 12, "自摸"),
        (N, S, 12, "自摸"),
        (W, N, 6, "刮风"),
        (E, W, 24, "点炮"),
        (N, E, 12, "查大叫"),
        (N, W, 6, "退税"),
    ]
    assert hand.settlement.seat_totals() == [-24, 36, 12, -24]
    assert hand.ruleset.next_dealer(hand) == S  # the first winner deals next


def test_example_4_winner_who_leaves_forfeits_his_win() -> None:
    hand = example_4(leave=True)
    assert hand.settlement.seat_totals() == [-12, 0, 24, -12]
    assert [p.payee for p in hand.settlement.forfeited] == [S, S, S]


def example_5(options: dict | None = None):
    table = Table()
    hand = table.start(
        [
            "123456789s 147p 9m",
            "444m 123p 456p 789p 1m",
            "4m 258p 567m 23m 567m 9p",
            "123456789s 369p 6m",
        ],
        draws="8m",
        replacements="1m",
        turn=W,
        filler=10,
        options=options,
    )
    discard(hand, W, "4m")
    act(hand, N, A.PASS)
    act(hand, E, A.PASS)
    act(hand, S, A.KONG)
    act(hand, S, A.SELF_WIN)
    return hand


def test_example_5_dian_gang_hua_feeder_pays_alone() -> None:
    hand = example_5()
    (win,) = hand.settlement.wins
    assert [f.name_zh for f in win.score.fans] == ["平和", "杠", "杠上花"]
    assert reasons(hand) == [(W, S, 6, "刮风"), (W, S, 24, "点杠花")]


def test_example_5_dian_gang_hua_as_self_draw_option() -> None:
    hand = example_5({"dian_gang_hua": "self_draw"})
    assert reasons(hand)[1:] == [(E, S, 30, "自摸"), (W, S, 30, "自摸"), (N, S, 30, "自摸")]


def test_example_5_robbing_the_added_kong_voids_it() -> None:
    table = Table()
    hand = table.start(
        [
            "123m 456m 789m 34p 11p",
            "123456789s 147p 9m",
            "123456789s 268p 8m",
            "[555p] 5p 1m 2m 3m 7m 8m 9m 6p 7p 9p",
        ],
        draws="2m",
        turn=N,
        filler=10,
    )
    act(hand, N, A.ADDED_KONG, 13)
    assert types(hand, E) == {A.WIN, A.PASS}
    assert types(hand, S) == {A.PASS}  # everyone is prompted, so a prompt reveals nothing
    act(hand, E, A.WIN)
    act(hand, S, A.PASS)
    act(hand, W, A.PASS)
    (win,) = hand.settlement.wins
    assert [f.name_zh for f in win.score.fans] == ["抢杠和"]
    assert reasons(hand) == [(N, E, 12, "抢杠和")]
    assert [m.type for m in hand.seats[N].melds] == ["pung"]


def test_example_6_passed_win_allows_only_a_higher_score() -> None:
    table = Table()
    hand = table.start(
        [
            "12345678p 1m 4m 7m 9m 6m",
            "45m 666m 123p 789p 11p",
            "3m 12m 789m 456p 99p 2m 5m 8m",
            "3m 1m 2m 7m 9m 4p 5p 6p 3p 3p 9p 7p 5p",
        ],
        draws="8m 8m",
        turn=W,
        filler=10,
    )
    discard(hand, W, "3m")
    assert A.WIN in types(hand, S)  # 平和, 1 fan
    for seat in (N, E, S):
        act(hand, seat, A.PASS)
    discard(hand, N, "3m")
    assert A.WIN not in types(hand, S)  # not higher than the declined 1 fan
    for seat in (E, S, W):
        act(hand, seat, A.PASS)
    discard(hand, E, "6m")
    assert A.WIN in types(hand, S)  # 平和 + 根 = 2 > 1
    act(hand, S, A.WIN)
    for seat in (W, N):
        act(hand, seat, A.PASS)
    (win,) = hand.settlement.wins
    assert win.score.fan == 2
