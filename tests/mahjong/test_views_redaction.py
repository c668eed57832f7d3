"""What each seat and a spectator may see: redaction of hands, draws, concealed kongs, 定缺."""

from __future__ import annotations

from qipai.mahjong.bots import choose_action
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.table.actions import ActionType as A
from qipai.mahjong.table.machine import HandMachine
from tests.mahjong.test_machine_positions import E, S, Table, W, act


def test_each_seat_sees_only_its_own_hand_and_a_spectator_none() -> None:
    hand = HandMachine(get_ruleset("sichuan"), 4)
    for viewer in range(4):
        seats = hand.view(viewer)["seats"]
        for seat in range(4):
            shown = seats[seat]["hand"]
            assert shown == (sorted(hand.seats[seat].concealed) if seat == viewer else None)
            assert seats[seat]["hand_size"] == len(hand.seats[seat].concealed)
    assert all(s["hand"] is None for s in hand.view(None)["seats"])
    assert hand.view(None)["legal_actions"] == []
    assert hand.view(2)["legal_actions"] == [a.to_wire() for a in hand.legal_actions(2)]


def test_the_hint_line_is_in_the_seats_own_view_alone_through_a_hand() -> None:
    """Waits, ready discards, the distance to ready and why the hand cannot win tell much about
    it: no other seat and no spectator ever gets them, at any point of a hand."""
    hand = HandMachine(get_ruleset("sichuan"), 11)
    fields = ("waits", "ready_discards", "shanten", "cannot_win")
    while True:
        for viewer in (None, 0, 1, 2, 3):
            for seat, shown in enumerate(hand.view(viewer)["seats"]):
                if seat == viewer and not hand.over and hand.seats[seat].win is None:
                    assert isinstance(shown["waits"], list), (viewer, seat)
                    assert isinstance(shown["ready_discards"], list), (viewer, seat)
                    assert isinstance(shown["cannot_win"], list), (viewer, seat)
                else:
                    assert all(shown[f] is None for f in fields), (viewer, seat)
        if hand.over:
            break
        hand.apply(hand.default_action(hand.to_act()[0]))


def test_a_draw_is_public_without_its_tile() -> None:
    table = Table()
    hand = table.start(["*", "123m 456m 789m 12p 55p", "*", "*"], draws="9p", turn=S, filler=10)
    drew = next(e for e in reversed(hand.events) if e.type == "drew")
    assert drew.for_seat(None) == {"type": "drew", "seat": S, "replacement": False, "wall": 10}
    assert drew.for_seat(E) == drew.for_seat(None)
    assert drew.for_seat(S)["private"] == {"tile": hand.seats[S].last_drawn}


def test_concealed_kong_is_hidden_until_the_hand_ends() -> None:
    table = Table()
    hand = table.start(["*", "9999m 123p 456p 78p 1m", "*", "*"], draws="1m", turn=S, filler=10)
    act(hand, S, A.CONCEALED_KONG, 8)
    assert hand.view(E)["seats"][S]["melds"] == [{"type": "kong_concealed", "hidden": True}]
    assert hand.view(None)["seats"][S]["melds"] == [{"type": "kong_concealed", "hidden": True}]
    own = hand.view(S)["seats"][S]["melds"][0]
    assert own["kind"] == 8 and len(own["tiles"]) == 4
    event = next(e for e in hand.events if e.type == "concealed_kong")
    assert event.for_seat(W) == {"type": "concealed_kong", "seat": S}
    assert event.for_seat(S)["private"]["meld"]["kind"] == 8
    # the money is public (下雨 from everyone), the tiles are not
    assert [p["reason"] for p in hand.view(None)["payments"]] == ["下雨"] * 3


def test_everything_opens_at_the_end() -> None:
    table = Table()
    hand = table.start(["*", "9999m 123p 456p 78p 1m", "*", "*"], draws="1m", turn=S, filler=10)
    act(hand, S, A.CONCEALED_KONG, 8)
    hand.apply(hand.default_action(S))
    while not hand.over:
        seat = hand.to_act()[0]
        hand.apply(hand.default_action(seat))
    view = hand.view(None)
    assert all(s["hand"] is not None for s in view["seats"])
    assert view["seats"][S]["melds"][0]["kind"] == 8
    assert view["settlement"]["totals"] == hand.settlement.seat_totals()


def test_a_winner_hand_is_open_in_xuezhan() -> None:
    table = Table()
    hand = table.start(
        ["*", "123m 456m 789m 123p 5p", "*", "*"],
        draws="5p",
        turn=S,
        filler=10,
        options={"xuezhan": True},
    )
    act(hand, S, A.SELF_WIN)
    assert not hand.over
    seats = hand.view(None)["seats"]
    assert seats[S]["hand"] == sorted(hand.seats[S].concealed)
    assert seats[S]["won"]["score"]["fans"] == [{"name": "平和", "value": 1}]
    assert seats[E]["hand"] is None


def test_views_events_and_records_are_plain_msgpack_data() -> None:
    import msgpack

    from qipai.mahjong.bots import choose_action

    def plain(value: object) -> bool:
        if isinstance(value, dict):
            return all(type(k) is str and plain(v) for k, v in value.items())
        if isinstance(value, list):
            return all(plain(v) for v in value)
        return value is None or type(value) in (int, str, bool)

    hand = HandMachine(get_ruleset("sichuan", {"xuezhan": True}), 9)
    while not hand.over:
        seat = hand.to_act()[0]
        for viewer in (None, seat):
            view = hand.view(viewer)
            assert plain(view) and msgpack.unpackb(msgpack.packb(view)) == view
        hand.apply(choose_action(hand, seat))
    for viewer in (None, 0, 1, 2, 3):
        events = hand.public_events(viewer)
        assert plain(events) and msgpack.unpackb(msgpack.packb(events)) == events
    assert plain(hand.record())


def test_own_view_hints_the_waiting_kinds_and_no_one_else_sees_them() -> None:
    table = Table()
    hand = table.start(
        ["5p 1m 2m 3m 4m 6m 7m 8m 9m 1p 2p 3p 9p 9p", "123m 456m 789m 12p 55p", "*", "*"],
        turn=E,
        filler=10,
    )
    assert hand.view(S)["seats"][S]["waits"] == [11]  # 3p
    assert hand.view(E)["seats"][S]["waits"] is None
    assert hand.view(E)["seats"][E]["waits"] == []  # East holds 14: it must discard first
    assert [s["waits"] for s in hand.view(None)["seats"]] == [None] * 4
    assert [score.fan for score in hand.ready_scores(S).values()] == [1]


def test_a_xuezhan_winner_lays_open_his_concealed_kongs_too() -> None:
    table = Table()
    hand = table.start(
        ["*", "9999m 123p 456p 78p 1m", "*", "*"],
        draws="1m",
        replacements="9p",
        turn=S,
        filler=10,
        options={"xuezhan": True},
    )
    act(hand, S, A.CONCEALED_KONG, 8)
    assert hand.view(E)["seats"][S]["melds"] == [{"type": "kong_concealed", "hidden": True}]
    act(hand, S, A.SELF_WIN)
    assert hand.view(E)["seats"][S]["melds"][0]["kind"] == 8
    won = next(e for e in hand.events if e.type == "won")
    assert won.for_seat(None)["melds"][0]["kind"] == 8


def test_the_river_is_the_same_for_every_seat_and_a_spectator() -> None:
    """摸切 marks, claims and discard numbers are public: no viewer sees more or less of any
    river, at any point of a hand (issue 15)."""
    hand = HandMachine(get_ruleset("zhongyou"), 5)
    seen_drawn = False
    while not hand.over:
        rivers = [[s["river"] for s in hand.view(viewer)["seats"]] for viewer in (None, 0, 1, 2, 3)]
        assert all(r == rivers[0] for r in rivers)
        seen_drawn = seen_drawn or any(e.get("drawn") for river in rivers[0] for e in river)
        hand.apply(hand.default_action(hand.to_act()[0]))
    assert seen_drawn


def test_guobiao_flowers_are_open_to_all_and_concealed_tiles_stay_private() -> None:
    """Through a whole 国标 hand (144 tiles): every seat and a spectator see every seat's
    flowers set aside, the flower events are the same for all, and a seat's tiles, its draws
    and its replacements reach that seat alone until the hand ends."""
    hand = HandMachine(get_ruleset("guobiao"), 7)
    seen_flowers = 0
    while True:
        for viewer in (None, 0, 1, 2, 3):
            view = hand.view(viewer)
            for seat, shown in enumerate(view["seats"]):
                assert shown["flowers"] == hand.seats[seat].flowers
                if not hand.over and seat != viewer:
                    assert shown["hand"] is None
        if hand.over:
            break
        hand.apply(hand.default_action(hand.to_act()[0]))
    for event in hand.events:
        shown = [event.for_seat(viewer) for viewer in (None, 0, 1, 2, 3)]
        if event.type == "flowers":
            seen_flowers += len(event.public["tiles"])
            assert all(wire == shown[0] for wire in shown) and "private" not in shown[0]
        if event.private is not None:
            assert [("private" in wire) for wire in shown] == [
                viewer == event.to for viewer in (None, 0, 1, 2, 3)
            ]
    assert seen_flowers == sum(len(s.flowers) for s in hand.seats) > 0


def test_a_kept_seat_view_is_the_one_built_afresh_at_every_step_of_hands() -> None:
    """Views keep each seat's part while nothing it shows changes (``HandMachine.seat_views``):
    at every step of whole hands (claims, kongs, wins, xuezhan's play after a win), every
    receiver's view equals the view built with nothing kept."""
    for ruleset, seed in (("sichuan", 3), ("sichuan", 8), ("guobiao", 5), ("lengzi", 2)):
        hand = HandMachine(get_ruleset(ruleset), seed)
        while True:
            kept = [hand.view(viewer) for viewer in (None, 0, 1, 2, 3)]
            hand.seat_views.clear()
            assert kept == [hand.view(viewer) for viewer in (None, 0, 1, 2, 3)], (ruleset, seed)
            if hand.over:
                break
            seat = hand.to_act()[0]
            hand.apply(choose_action(hand, seat))
