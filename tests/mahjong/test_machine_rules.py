"""Table-machine rules beyond the worked examples: 定缺, claims, kongs, compulsory wins,
天和/地和, 杠上炮 chains, bad input, wire forms, default actions, replay, the Match."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.mahjong.rulesets import RULESETS, RoomRules, get_ruleset, replay_record
from qipai.mahjong.table.actions import Action
from qipai.mahjong.table.actions import ActionType as A
from qipai.mahjong.table.errors import (
    BadOptions,
    HandNotOver,
    HandOver,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    UnknownRuleset,
)
from qipai.mahjong.table.machine import HandMachine, Phase
from qipai.mahjong.table.match import Match
from qipai.mahjong.tiles import kind_of, suit_of
from tests.mahjong.test_machine_positions import (
    SUIT_S,
    E,
    M,
    N,
    P,
    S,
    Table,
    W,
    act,
    discard,
    pass_all,
    types,
)

JUNK = ["*", "*", "*"]  # junk hands: see Table.junk


def fresh(seed: int = 7, **options) -> HandMachine:
    return HandMachine(get_ruleset("sichuan", options), seed, dealer=E)


# --- 定缺 (SC-01) ----------------------------------------------------------------------------------


def test_void_declaration_is_secret_until_all_four_have_chosen() -> None:
    hand = fresh()
    assert hand.phase is Phase.DECLARE_VOID
    assert hand.to_act() == [E, S, W, N]
    act(hand, S, A.DECLARE_VOID, P)
    assert hand.view(S)["seats"][S]["void"] == P
    assert [s["void"] for s in hand.view(E)["seats"]] == [None, None, None, None]
    assert hand.events[-1].for_seat(E) == {"type": "void_declared", "seat": S}
    own = {"type": "void_declared", "seat": S, "private": {"suit": P}}
    assert hand.events[-1].for_seat(S) == own  # so a client following events knows its own
    for seat in (E, W, N):
        act(hand, seat, A.DECLARE_VOID, M)
    assert hand.phase is Phase.TURN
    assert [s["void"] for s in hand.view(None)["seats"]] == [M, P, M, M]
    assert hand.events[-1].for_seat(None) == {"type": "voids_revealed", "voids": [M, P, M, M]}


def test_void_suit_must_be_discarded_first_and_cannot_be_melded() -> None:
    table = Table()
    hand = table.start(
        ["1m 5m 123p 456p 789p 11p", "55m 123p 456p 789p 99p", JUNK[1], JUNK[2]],
        turn=E,
        voids=[M, M, SUIT_S, SUIT_S],
        filler=10,
    )
    assert {kind_of(a.tile) for a in hand.legal_actions(E)} == {0, 4}  # only 1m and 5m
    discard(hand, E, "5m")
    assert types(hand, S) == {A.PASS}  # South holds 55m but m is its void suit
    assert types(hand, W) == {A.PASS}


def test_seed_literal_mode_has_no_declaration_and_free_discards() -> None:
    hand = fresh(void_declaration=False)
    assert hand.phase is Phase.TURN
    assert len({a.tile for a in hand.legal_actions(E) if a.type is A.DISCARD}) == 14


def test_default_void_is_the_shortest_suit() -> None:
    hand = fresh()
    for seat in range(4):
        per_suit = [0, 0, 0]
        for tile in hand.seats[seat].concealed:
            per_suit[suit_of(kind_of(tile))] += 1
        assert hand.default_action(seat) == Action(
            seat, A.DECLARE_VOID, per_suit.index(min(per_suit))
        )


# --- claims -----------------------------------------------------------------------------------------


def test_every_seat_in_play_is_prompted_after_a_discard() -> None:
    table = Table()
    hand = table.start(["1s 5m 123p 456p 789p 11p", JUNK[0], JUNK[1], JUNK[2]], turn=E, filler=10)
    discard(hand, E, "1s")
    assert sorted(hand.to_act()) == [S, W, N]
    assert all(types(hand, seat) == {A.PASS} for seat in (S, W, N))
    assert hand.view(None)["offer"] == {
        "actor": E,
        "tile": hand.seats[E].discards[-1],
        "robbing": False,
    }


def test_pung_then_discard_without_drawing_and_no_kong_right_after() -> None:
    table = Table()
    hand = table.start(
        ["5p 1m 2m 3m 4m 6m 7m 8m 9m 1p 2p 3p 9p 9p", "55p 5p 123m 456m 789m 1p", JUNK[1], JUNK[2]],
        turn=E,
        voids=[SUIT_S] * 4,
        filler=10,
    )
    discard(hand, E, "5p")
    assert types(hand, S) == {A.KONG, A.PUNG, A.PASS}
    act(hand, S, A.PUNG)
    for seat in (W, N):
        act(hand, seat, A.PASS)
    assert hand.phase is Phase.TURN and hand.current == S
    assert types(hand, S) == {A.DISCARD}  # MJ-07: no kong straight after a claim
    assert [m.type for m in hand.seats[S].melds] == ["pung"]
    assert hand.wall.remaining() == 10


def test_no_kong_when_no_replacement_tile_is_left() -> None:
    table = Table()
    hand = table.start(
        ["5p 1m 2m 3m 4m 6m 7m 8m 9m 1p 2p 3p 9p 9p", "555p 123m 456m 789m 1p", JUNK[1], JUNK[2]],
        turn=E,
        voids=[SUIT_S] * 4,
    )
    discard(hand, E, "5p")
    assert types(hand, S) == {A.PUNG, A.PASS}


# --- compulsory win, heavenly and earthly wins -----------------------------------------------------


def test_last_four_tiles_make_a_discard_win_compulsory() -> None:
    table = Table()
    hand = table.start(
        ["5p 1m 2m 3m 4m 6m 7m 8m 9m 1p 2p 3p 9p 9p", "123m 456m 789m 123p 5p", JUNK[1], JUNK[2]],
        turn=E,
        voids=[SUIT_S] * 4,
        filler=4,
    )
    discard(hand, E, "5p")
    assert types(hand, S) == {A.WIN}
    assert hand.default_action(S) == Action(S, A.WIN)


def test_five_tiles_left_leave_the_choice() -> None:
    table = Table()
    hand = table.start(
        ["5p 1m 2m 3m 4m 6m 7m 8m 9m 1p 2p 3p 9p 9p", "123m 456m 789m 123p 5p", JUNK[1], JUNK[2]],
        turn=E,
        voids=[SUIT_S] * 4,
        filler=5,
    )
    discard(hand, E, "5p")
    assert types(hand, S) == {A.WIN, A.PASS}
    assert hand.default_action(S) == Action(S, A.PASS)


def test_compulsory_self_draw_on_the_fourth_last_tile() -> None:
    table = Table()
    hand = table.start(
        [JUNK[0], "123m 456m 789m 123p 5p", JUNK[1], JUNK[2]],
        draws="5p",
        turn=S,
        filler=3,
    )
    assert types(hand, S) == {A.SELF_WIN}


def test_heavenly_win_after_a_first_turn_concealed_kong() -> None:
    table = Table()
    hand = table.start(
        ["1111m 234m 567m 123p 5p", JUNK[0], JUNK[1], JUNK[2]],
        replacements="5p",
        filler=10,
    )
    act(hand, E, A.CONCEALED_KONG, 0)
    act(hand, E, A.SELF_WIN)
    (win,) = hand.settlement.wins
    assert [f.name_zh for f in win.score.fans] == ["天和", "杠", "杠上花"]
    assert win.score.fan == 6  # 8 capped


def test_earthly_win_on_a_first_draw() -> None:
    table = Table()
    hand = table.start(
        ["1s 5m 123p 456p 789p 11p", "123m 456m 789m 123p 5p", "*", "*"],
        draws="9m 5p",
        filler=10,
    )
    discard(hand, E, "1s")
    pass_all(hand)
    act(hand, S, A.SELF_WIN)
    assert [f.name_zh for f in hand.settlement.wins[0].score.fans] == ["地和"]


def test_a_pung_before_it_voids_the_earthly_win() -> None:
    table = Table()
    hand = table.start(
        ["11m 234p 567p 99m 789p", "234m 456m 789m 123p 5p", "11m 23456789s 123s", "*"],
        draws="3m 8m 8m 5p",
        filler=10,
    )
    discard(hand, E, "1m")
    act(hand, W, A.PUNG)
    pass_all(hand)
    discard(hand, W, "2s")
    pass_all(hand)
    hand.apply(hand.default_action(N))
    pass_all(hand)
    hand.apply(hand.default_action(E))
    pass_all(hand)
    assert hand.current == S and hand.seats[S].draws == 1
    act(hand, S, A.SELF_WIN)
    assert [f.name_zh for f in hand.settlement.wins[0].score.fans] == ["平和"]


def test_gang_shang_pao_transfers_every_kong_of_the_chain() -> None:
    """SC-20: kong, replacement, kong again, then the discard that is won on."""
    table = Table()
    hand = table.start(
        ["1111m 2222m 5p 789m 34m", "789m 456p 789p 33p 46p", JUNK[1], JUNK[2]],
        replacements="9p 7p",
        filler=10,
    )
    act(hand, E, A.CONCEALED_KONG, 0)
    act(hand, E, A.CONCEALED_KONG, 1)
    discard(hand, E, "5p")
    act(hand, S, A.WIN)
    for seat in (W, N):
        act(hand, seat, A.PASS)
    transfers = [p for p in hand.settlement.payments if p.reason == "杠上炮"]
    assert [(p.payer, p.payee, p.amount) for p in transfers] == [(E, S, 36), (E, S, 36)]


# --- bad input changes nothing ----------------------------------------------------------------------


def test_illegal_actions_raise_typed_errors_and_change_nothing() -> None:
    hand = fresh(void_declaration=False)
    before = (hand.view(None), [hand.view(s) for s in range(4)], len(hand.actions))
    tile_of_south = hand.seats[S].concealed[0]
    with pytest.raises(IllegalAction) as error:
        hand.apply(Action(E, A.DISCARD, tile_of_south))
    assert error.value.code == "illegal_action"
    with pytest.raises(NotYourTurn) as error:
        hand.apply(Action(S, A.DISCARD, tile_of_south))
    assert error.value.code == "not_your_turn"
    with pytest.raises(IllegalAction):
        hand.apply(Action(E, A.PUNG))
    with pytest.raises(MalformedAction):
        hand.apply("discard")
    with pytest.raises(MalformedAction):
        hand.apply(Action(7, A.PASS))
    assert (hand.view(None), [hand.view(s) for s in range(4)], len(hand.actions)) == before


def test_actions_after_the_end_are_refused() -> None:
    table = Table()
    hand = table.start([JUNK[0], "123m 456m 789m 123p 5p", JUNK[1], JUNK[2]], draws="5p", turn=S)
    act(hand, S, A.SELF_WIN)
    with pytest.raises(HandOver) as error:
        act(hand, E, A.PASS)
    assert error.value.code == "hand_over"


@pytest.mark.parametrize(
    "wire",
    [
        None,
        {"seat": 4, "type": "pass"},
        {"seat": "0", "type": "pass"},
        {"seat": 0, "type": "shout"},
        {"seat": 0, "type": "discard"},
        {"seat": 0, "type": "discard", "tile": "5m"},
        {"seat": 0, "type": "pass", "tile": 3},
        {"seat": 0, "type": "pass", "extra": 1},
        {"seat": True, "type": "pass"},
    ],
)
def test_malformed_wire_actions(wire: object) -> None:
    with pytest.raises(MalformedAction) as error:
        Action.from_wire(wire)
    assert error.value.code == "malformed_action"


def test_action_wire_round_trip() -> None:
    for action in (Action(2, A.DISCARD, 77), Action(1, A.PASS), Action(0, A.CHOW, 3)):
        assert Action.from_wire(action.to_wire()) == action


# --- options and registry -------------------------------------------------------------------------


def test_registry_and_room_rules_round_trip() -> None:
    assert "sichuan" in RULESETS
    rules = RoomRules.from_wire({"ruleset": "sichuan", "options": {"xuezhan": True, "cap": 5}})
    ruleset = rules.build()
    assert ruleset.continues_after_win and ruleset.options.cap == 5
    assert rules.to_wire()["options"]["dajiao"] == "max"  # defaults are persisted too
    assert RoomRules.from_wire(rules.to_wire()) == rules


def test_options_describe_themselves_for_the_lobby() -> None:
    described = {d["name"]: d for d in get_ruleset("sichuan").Options.describe()}
    assert described["cap"]["choices"] == [3, 4, 5, 6, 0] and described["cap"]["default"] == 6
    assert described["base"]["choices"] == {"min": 1, "max": 1_000_000}
    assert described["xuezhan"]["doc"].startswith("血战到底")
    stake = RoomRules.from_wire({"ruleset": "sichuan", "options": {"base": 100_000}})
    assert stake.build().options.base == 100_000


@pytest.mark.parametrize(
    "options",
    [
        {"cap": 7},
        {"xuezhan": "yes"},
        {"dajiao": "median"},
        {"colour": "red"},
        {"cap": True},
        {"base": 0},
        {"base": 2.5},
        [],
    ],
)
def test_bad_options_are_refused(options: object) -> None:
    with pytest.raises(BadOptions) as error:
        RoomRules.from_wire({"ruleset": "sichuan", "options": options})
    assert error.value.code == "bad_options"


def test_unknown_ruleset() -> None:
    with pytest.raises(UnknownRuleset) as error:
        get_ruleset("riichi")
    assert error.value.code == "unknown_ruleset"


# --- timeouts, replay, the match --------------------------------------------------------------------


def test_default_discard_is_the_drawn_tile_when_allowed() -> None:
    table = Table()
    hand = table.start(
        [JUNK[0], "123m 456m 789m 12p 55p", JUNK[1], JUNK[2]], draws="9p", turn=S, filler=10
    )
    drawn = hand.seats[S].last_drawn
    assert hand.default_action(S) == Action(S, A.DISCARD, drawn)
    assert hand.default_action(E) is None


def test_default_discard_respects_the_void_suit() -> None:
    table = Table()
    hand = table.start(
        [JUNK[0], "123m 456m 789m 12p 5p 9s", JUNK[1], JUNK[2]], draws="9p", turn=S, filler=10
    )
    default = hand.default_action(S)
    assert default.type is A.DISCARD and suit_of(kind_of(default.tile)) == SUIT_S


def test_replay_from_seed_and_actions_is_exact() -> None:
    from qipai.mahjong.bots import play_hand

    hand = play_hand(fresh(seed=11, xuezhan=True))
    again = HandMachine.replay(hand.ruleset, 11, E, list(hand.actions))
    assert again.view(None) == hand.view(None)
    assert [e.for_seat(2) for e in again.events] == [e.for_seat(2) for e in hand.events]


def test_a_hand_record_is_plain_wire_data_and_replays() -> None:
    import msgpack

    from qipai.mahjong.bots import play_hand

    hand = play_hand(fresh(seed=12))
    record = msgpack.unpackb(msgpack.packb(hand.record()))
    again = replay_record(record)
    assert again.settlement == hand.settlement
    with pytest.raises(MalformedAction):
        replay_record({**record, "dealer": 7})
    with pytest.raises(IllegalAction):
        replay_record({**record, "actions": record["actions"][:3] * 2})


def test_match_books_scores_and_moves_the_dealer() -> None:
    from qipai.mahjong.bots import play_hand

    match = Match(get_ruleset("sichuan", {"xuezhan": True}), seed=5)
    first_dealer = match.dealer
    assert 0 <= first_dealer < 4
    with pytest.raises(HandNotOver) as error:
        match.finish_hand(match.start_hand(99))
    assert error.value.code == "hand_not_over" and match.hands_played == 0
    for seed in range(3):
        hand = match.start_hand(seed)
        assert hand.dealer == match.dealer
        play_hand(hand)
        expected = hand.ruleset.next_dealer(hand)
        totals = match.finish_hand(hand)
        assert sum(totals) == 0
        assert match.dealer == expected
    assert sum(match.scores) == 0 and match.hands_played == 3


_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 200), st.text(max_size=6))


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["seat", "type", "tile", "x"]),
        _VALUES | st.sampled_from(["discard", "pass", "win", "chow"]),
    )
)
def test_any_wire_action_is_read_or_refused_as_malformed(data: dict) -> None:
    try:
        action = Action.from_wire(data)
    except MalformedAction:
        return
    assert Action.from_wire(action.to_wire()) == action


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["xuezhan", "cap", "dajiao", "base", "nope"]), _VALUES))
def test_any_room_options_are_built_or_refused_as_bad_options(options: dict) -> None:
    try:
        rules = RoomRules.from_wire({"ruleset": "sichuan", "options": options})
    except BadOptions:
        return
    assert RoomRules.from_wire(rules.to_wire()) == rules
