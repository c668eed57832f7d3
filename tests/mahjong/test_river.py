"""The river as players read it (issue 15): each discard keeps its place and says whether it was
the tile just drawn (摸切), whether and by whom it was claimed, and its number in the hand's order
of play, the same for every seat and for spectators."""

from __future__ import annotations

from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.table.actions import ActionType as A
from qipai.mahjong.table.machine import HandMachine
from qipai.mahjong.tiles import kind_of, parse_kinds
from tests.mahjong.test_machine_positions import SUIT_S, E, N, S, Table, W, act, discard, pass_all
from tests.mahjong.test_machine_rules import JUNK


def river(hand: HandMachine, seat: int, viewer: int | None = None) -> list[dict]:
    return hand.view(viewer)["seats"][seat]["river"]


def test_a_pung_a_drawn_tile_let_go_and_a_tile_from_the_hand() -> None:
    table = Table()
    hand = table.start(
        ["5p 1m 2m 3m 4m 6m 7m 8m 9m 1p 2p 3p 9p 9p", "55p 123m 456m 789m 1p 7p", JUNK[1], JUNK[2]],
        draws="9s 4p",
        turn=E,
        voids=[SUIT_S] * 4,
        filler=10,
    )
    five = discard(hand, E, "5p")  # from the hand: the dealer's 14th tile is 9p
    act(hand, S, A.PUNG)
    pass_all(hand)
    seven = discard(hand, S, "7p")  # after a claim nothing was drawn
    pass_all(hand)
    nine = hand.seats[W].last_drawn  # W drew 9s, a tile of its void suit
    assert nine is not None and kind_of(nine) == parse_kinds("9s")[0]
    act(hand, W, A.DISCARD, nine)  # 摸切
    pass_all(hand)
    drawn = hand.seats[N].last_drawn
    kept = next(t for t in hand.seats[N].concealed if t != drawn and kind_of(t) >= 18)
    act(hand, N, A.DISCARD, kept)  # 手切: N keeps its 4p
    for viewer in (None, E, S, W, N):  # public: every seat and a spectator see the same
        assert river(hand, E, viewer) == [{"tile": five, "n": 1, "claimed_by": S, "claim": "pung"}]
        assert river(hand, S, viewer) == [{"tile": seven, "n": 2}]
        assert river(hand, W, viewer) == [{"tile": nine, "n": 3, "drawn": True}]
        assert river(hand, N, viewer) == [{"tile": kept, "n": 4}]
    # the tiles still lying in the river are those the rules see (a claimed one left it)
    assert hand.view(None)["seats"][E]["discards"] == []
    assert hand.view(None)["seats"][S]["discards"] == [seven]


def test_a_discard_won_on_is_marked_with_its_winner() -> None:
    table = Table()
    hand = table.start(
        ["5p 1m 2m 3m 4m 6m 7m 8m 9m 1p 2p 3p 9p 9p", "123m 456m 789m 23p 88p", JUNK[1], JUNK[2]],
        turn=E,
        filler=10,
    )
    discard(hand, E, "1p")
    act(hand, S, A.WIN)
    pass_all(hand)
    (entry,) = river(hand, E)
    assert entry == {"tile": entry["tile"], "n": 1, "claimed_by": S, "claim": "win"}


def test_a_seeded_hand_numbers_every_discard_in_the_order_of_play() -> None:
    """Sichuan seed 11 played out by the hall's timeout choices (which let the drawn tile go),
    but every pung and win offered is taken: the numbers run 1, 2, 3… across seats in the order the discards were made, each river lists
    its own in that order, and every claim of the event log is marked where it was taken."""
    hand = HandMachine(get_ruleset("sichuan"), 11)
    order: list[tuple[int, int, bool]] = []
    while not hand.over:
        seat = hand.to_act()[0]
        legal = hand.legal_actions(seat)
        taken = [a for a in legal if a.type in (A.PUNG, A.WIN, A.SELF_WIN)]
        action = taken[0] if taken else hand.default_action(seat)
        if action.type is A.DISCARD:
            state = hand.seats[seat]
            order.append((seat, action.tile, hand.after_draw and action.tile == state.last_drawn))
        hand.apply(action)
    view = hand.view(None)
    entries = sorted((e["n"], s["seat"], e) for s in view["seats"] for e in s["river"])
    assert [n for n, _, _ in entries] == list(range(1, len(order) + 1))
    assert [(seat, e["tile"], e.get("drawn", False)) for _, seat, e in entries] == order
    assert any(drawn for _, _, drawn in order) and not all(drawn for _, _, drawn in order)
    claims = [e.public for e in hand.events if e.type == "claimed"]
    marked = [e for _, _, e in entries if e.get("claim") not in (None, "win")]
    assert claims and [(e["tile"], e["claimed_by"]) for e in marked] == [
        (c["tile"], c["seat"]) for c in claims
    ]
    for seat in view["seats"]:
        assert [e["tile"] for e in seat["river"] if "claimed_by" not in e] == seat["discards"]
