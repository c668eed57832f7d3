"""The hint in the seat's own view (MJ-10): waits with 13 tiles, the discards that leave the hand
ready with 14 (only wins the ruleset accepts), the distance to ready otherwise; kept per seat
until that seat's hand changes."""

from __future__ import annotations

from qipai.mahjong.rulesets.baicheng import Baicheng, BaichengOptions
from qipai.mahjong.table import hints
from qipai.mahjong.table.machine import HandMachine
from qipai.mahjong.tiles import format_kinds, parse_kinds
from tests.mahjong.test_lengzi_table import Deal
from tests.mahjong.test_machine_positions import E, S, Table, discard

HINT_FIELDS = ("waits", "ready_discards", "shanten", "cannot_win")


def own(hand: HandMachine, seat: int) -> dict:
    return hand.view(seat)["seats"][seat]


def ready(hand: HandMachine, seat: int) -> dict[str, str]:
    return {
        format_kinds([r["discard"]]): format_kinds(r["waits"])
        for r in own(hand, seat)["ready_discards"]
    }


def test_fourteen_tiles_list_each_discard_that_leaves_the_hand_ready_with_its_waits():
    hand = Table().start(["123m 456m 789m 5p 7p 999p", "*", "*", "*"])
    assert ready(hand, E) == {"5p": "78p", "7p": "5p", "9p": "6p"}
    assert own(hand, E)["waits"] == [] and own(hand, E)["shanten"] is None


def test_with_a_void_suit_tile_held_only_discarding_it_can_make_the_hand_ready():
    hand = Table().start(["123m 456m 789m 5p 7p 99p 2s", "*", "*", "*"])
    assert ready(hand, E) == {"2s": "6p"}


def test_a_kind_whose_four_copies_are_ours_is_no_wait():
    # with 555p melded, a lone 5p waits on the fourth copy, which is ours (MJ-10)
    hand = Table().start(["123m 456m 789m 5p 1p [555p]", "*", "*", "*"])
    assert ready(hand, E) == {"5p": "1p"}


def test_thirteen_tiles_show_the_waits_and_far_hands_their_distance():
    hand = Table().start(
        ["123m 456m 789m 111p 5p", "234m 567m 22p 33p 44p 6p", "*", "*"], draws="5p", turn=S
    )
    discard(hand, S, "5p")
    assert own(hand, E)["waits"] == parse_kinds("5p")
    assert own(hand, E)["ready_discards"] == [] and own(hand, E)["shanten"] is None
    far = Table().start(["159m 159p 2468m 246p 1s", "*", "*", "*"])
    # sets 456m 456p, partial 12m 89m 12p, no pair: two exchanges from ready
    assert [own(far, E)[field] for field in HINT_FIELDS] == [[], [], 2, []]


def baicheng_position(east: str) -> HandMachine:
    return Deal(Baicheng(BaichengOptions(base=100))).start(
        [
            east,
            "234m 567m 33p 44p 88s 1m",
            "7s 7s 234m 678m 234p 6p 1s",
            "1p 1p 2p 3p 4s 9s 9s 2s 3s 1s 6m 7m 8p",
        ]
    )


def test_baicheng_lists_only_the_discards_whose_waits_it_accepts():
    # All three suits, a pung, terminals, opened: discarding 4p leaves a true wait on 7s.
    hand = baicheng_position("[555s] 123m 789p 68s 99m 4p")
    assert ready(hand, E) == {"4p": "7s"}


def test_baicheng_refuses_a_shape_complete_wait_in_two_suits_so_no_discard_is_listed():
    # Discarding 1m would wait on 7s by shape, but only in two suits (三色全 unmet): no hint
    # of it, where a shape-only count would list it; the distance is shown instead.
    hand = baicheng_position("[555p] 123s 789p 68s 99p 1m")
    assert ready(hand, E) == {}
    assert own(hand, E)["shanten"] == 0


def test_only_the_seats_own_view_carries_the_hint():
    hand = Table().start(["123m 456m 789m 5p 7p 999p", "*", "*", "*"])
    for viewer in (None, S, 2, 3):
        seats = hand.view(viewer)["seats"]
        for seat, shown in enumerate(seats):
            if seat != viewer:
                assert all(shown[field] is None for field in HINT_FIELDS), (viewer, seat)
    assert own(hand, E)["ready_discards"]


def test_the_hint_is_judged_once_per_hand_state_of_the_seat(monkeypatch):
    judged = []
    real = hints.seat_hint
    monkeypatch.setattr(
        "qipai.mahjong.table.machine.seat_hint",
        lambda hand, seat: judged.append(seat) or real(hand, seat),
    )
    hand = Table().start(
        ["123m 456m 789m 5p 7p 999p", "234m 567m 22p 33p 44p 6p", "*", "*"], draws="1s", filler=8
    )
    for _ in range(3):
        for viewer in (None, E, S, 2, 3):
            hand.view(viewer)
    assert sorted(judged) == [E, S, 2, 3]  # one each, however many views and receivers
    discard(hand, E, "5p")
    for viewer in (None, E, S, 2, 3):
        hand.view(viewer)
    assert sorted(judged) == [E, E, S, 2, 3]  # only East's hand changed
    assert own(hand, E)["waits"] == parse_kinds("78p")


def test_a_baicheng_hand_ready_by_shape_that_can_never_win_says_which_requirement_it_breaks():
    # 14 tiles in two suits (no man): every discard that leaves it ready by shape waits on a
    # win without 三色全, so it is 0 from ready with no discard listed, and says why.
    hand = baicheng_position("[555p] 123s 789p 68s 99p 1m")
    assert own(hand, E)["cannot_win"] == ["missing_a_suit"]
    # Concealed: after 5m the waits 1m 4m have all three suits, a pung and terminals, but
    # the hand has not opened (开门); so has every other ready discard.
    closed = baicheng_position("23m 999m 789p 456s 99s 5m")
    assert ready(closed, E) == {} and own(closed, E)["shanten"] == 0
    assert own(closed, E)["cannot_win"] == ["not_opened"]
    discard(closed, E, "5m")  # holding 13: the same with no waits listed
    assert own(closed, E)["waits"] == [] and own(closed, E)["shanten"] == 0
    assert own(closed, E)["cannot_win"] == ["not_opened"]


def test_a_hand_that_can_win_or_is_not_ready_names_no_refusal():
    assert own(baicheng_position("[555s] 123m 789p 68s 99m 4p"), E)["cannot_win"] == []
    far = Table().start(["159m 159p 2468m 246p 1s", "*", "*", "*"])
    assert own(far, E)["cannot_win"] == []


def test_a_sichuan_hand_ready_only_through_its_void_suit_says_it_holds_the_void_suit():
    # void s: discarding 5p would wait on 1s 4s by shape, but a win may hold no bamboo
    hand = Table().start(["123m 456m 789m 11p 23s 5p", "*", "*", "*"])
    assert ready(hand, E) == {} and own(hand, E)["shanten"] == 0
    assert own(hand, E)["cannot_win"] == ["holds_void_suit"]


def _every_discard_tried(hand: HandMachine, seat: int) -> hints.SeatHint:
    """The 14-tile hint the long way: each discard's waits judged, the distance after."""
    counts = hand.seats[seat].counts()
    found = []
    for kind, held in enumerate(counts):
        if held:
            counts[kind] -= 1
            waits = tuple(sorted(hand.winning_kinds(seat, counts)))
            counts[kind] += 1
            if waits:
                found.append((kind, waits))
    if found:
        return hints.SeatHint(ready_discards=tuple(found))
    distance = hints._distance(hand, seat, counts)
    refused = hints._refusals_after_a_discard(hand, seat, counts) if distance == 0 else ()
    return hints.SeatHint(shanten=distance, cannot_win=refused)


def test_a_fourteen_tile_hand_far_from_ready_is_not_tried_discard_by_discard():
    """A hand two or more steps from ready cannot be made ready by one discard: the hint says
    its distance at once, the same hint as trying every discard, at every turn of bot hands."""
    from qipai.mahjong.rulesets import get_ruleset

    compared = far = 0
    for name in ("sichuan", "lengzi", "baicheng", "zhongyou"):
        ruleset = get_ruleset(name, {})
        for seed in range(6):
            hand = HandMachine(ruleset, seed, dealer=seed % 4)
            while not hand.over:
                seat = hand.to_act()[0]
                state = hand.seats[seat]
                if sum(state.counts()) + 3 * len(state.melds) == 14:
                    quick = hints.seat_hint(hand, seat)
                    assert quick == _every_discard_tried(hand, seat), (name, seed)
                    compared += 1
                    far += quick.shanten is not None and quick.shanten > 0
                hand.apply(hand.default_action(seat))
    assert compared > 300 and 0 < far < compared
