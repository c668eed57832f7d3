"""Hand analysis on the rules book's own hands: §9 shapes, MJ-10 waits, MJ-12 classification."""

from __future__ import annotations

import pytest

from qipai.mahjong.analysis import (
    Decomposition,
    HandCountsError,
    SetShape,
    classify_wait,
    decompositions,
    is_seven_pairs,
    is_standard_win,
    is_thirteen_orphans,
    shanten,
    waits,
)
from qipai.mahjong.notation import parse_hand
from qipai.mahjong.tiles import parse_kinds, to_counts

CHOW, PUNG = SetShape.CHOW, SetShape.PUNG


def counts(text: str) -> list[int]:
    return to_counts(parse_kinds(text))


def kinds(text: str) -> list[int]:
    return sorted(parse_kinds(text))


@pytest.mark.parametrize(
    "hand",
    ["11234789345123m", "55123456345999m", "123m 456p 789s 111s EE", "11m", "123m 55p"],
)
def test_seed_winning_shapes(hand):
    # 000:L109-113 as one suit, plus hands with fewer concealed sets (melds declared).
    assert is_standard_win(counts(hand))


@pytest.mark.parametrize("hand", ["1m", "123m 5p", "11m 22m", "11m 22p 33s 44p 55s", "EEE 12s 99s"])
def test_not_winning(hand):
    assert not is_standard_win(counts(hand))


def test_seed_listening_shape():
    # 000:L113 "23 444 56 234 567": a 13-tile listening shape.
    assert waits(counts("2344456234567m")) == kinds("1237m")


def test_honours_never_chow():
    assert not is_standard_win(counts("ESW 11m"))
    assert waits(counts("ES 111m 222m 333m 44m")) == []


def test_seven_pairs_quads_count_as_two_pairs_only_when_asked():
    hand = counts("1122m 3344p 5555s 66s")
    assert is_seven_pairs(hand, quads_as_two_pairs=True)
    assert not is_seven_pairs(hand, quads_as_two_pairs=False)
    assert is_seven_pairs(counts("1122m 3344p 5566s EE"), quads_as_two_pairs=False)
    assert not is_seven_pairs(counts("1122m 3344p 556s EEE"), quads_as_two_pairs=True)


def test_seven_pairs_waits():
    hand = counts("1122m 3344p 55566s")
    assert waits(hand, seven_pairs=True) == kinds("5s")
    assert waits(hand, seven_pairs=True, quads_as_two_pairs=False) == []
    assert waits(hand) == []
    assert waits(counts("1122m 3344p 5566s E"), seven_pairs=True) == kinds("E")


def test_thirteen_orphans():
    assert is_thirteen_orphans(counts("19m19p19s ESWNCFP C"))
    assert not is_thirteen_orphans(counts("19m19p19s ESWNCF 11m"))
    assert waits(counts("19m19p19s ESWNCFP"), thirteen_orphans=True) == kinds("19m19p19sESWNCFP")
    assert waits(counts("19m19p19s ESWNCCP"), thirteen_orphans=True) == kinds("F")
    assert waits(counts("19m19p19s ESWNCFP")) == []


def test_waits_exclude_a_kind_whose_four_copies_the_player_holds():
    # MJ-10: a melded pung of 5p plus a concealed 5p leaves no fifth copy to wait on.
    hand = parse_hand("5p [555p] 123m 456m 789m")
    melded = to_counts(tile for meld in hand.melds for tile in meld.tiles)
    assert waits(hand.concealed_counts()) == kinds("5p")
    assert waits(hand.concealed_counts(), melded=melded) == []


def test_decompositions_of_an_ambiguous_hand():
    found = decompositions(counts("111222333m 55p"))
    assert Decomposition(13, ((PUNG, 0), (PUNG, 1), (PUNG, 2))) in found
    assert Decomposition(13, ((CHOW, 0), (CHOW, 0), (CHOW, 0))) in found
    assert len(found) == 2
    assert decompositions(counts("1m")) == []


@pytest.mark.parametrize(
    ("hand", "win", "closed", "edge", "single", "waited"),
    [
        ("13m 123p 456p 789p EE", "2m", True, False, False, "2m"),
        ("89s 123p 456p 789p EE", "7s", False, True, False, "7s"),
        ("C 123p 456p 789p 111m", "C", False, False, True, "C"),
        ("3456p 123s 456s 789s", "3p", False, False, False, "36p"),
        ("45567m 123s 456s 99s", "6m", True, False, False, "36m"),
        ("2344p 123s 456s 789s", "4p", False, False, False, "14p"),
        ("1112m 123s 456s 789s", "3m", False, True, False, "23m"),
        ("1112m 123s 456s 789s", "2m", False, False, False, "23m"),
    ],
)
def test_mj12_examples(hand, win, closed, edge, single, waited):
    win_kind = parse_kinds(win)[0]
    complete = counts(hand)
    complete[win_kind] += 1
    found = classify_wait(complete, win_kind)
    assert (found.closed, found.edge, found.single) == (closed, edge, single)
    assert found.waits == tuple(kinds(waited))


def test_lengzi_example_4_reads_both_ways():
    # ruleset-lengzi.md Example 4: 123p 789s 45567m 99s waits 3m / 6m.
    hand = counts("123p 789s 45567m 99s")
    assert waits(hand) == kinds("36m")
    on_6m = hand.copy()
    on_6m[5] += 1
    on_3m = hand.copy()
    on_3m[2] += 1
    assert classify_wait(on_6m, 5).closed
    three = classify_wait(on_3m, 2)
    assert not (three.closed or three.edge or three.single)


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("123m 456p 789s 11p EEE", -1),
        ("123m 456p 789s 11p EE", 0),
        ("1m", 0),
        ("11m", -1),
        ("1111m", 1),  # 111 + 1 cannot wait on a fifth 1m
        ("19m 19p 19s ESWNCFP", 8),
    ],
)
def test_shanten_examples(hand, expected):
    assert shanten(counts(hand)) == expected


def test_shanten_special_shapes():
    assert shanten(counts("19m19p19s ESWNCFP"), thirteen_orphans=True) == 0
    hand = counts("1122m 3344p 55566s")
    assert shanten(hand, seven_pairs=True) == 0
    assert shanten(hand, seven_pairs=True, quads_as_two_pairs=False) == 1
    assert shanten(hand) == 2


@pytest.mark.parametrize(
    "bad",
    [[0] * 33, [5] + [0] * 33, [-1] + [0] * 33, [4] * 4 + [0] * 30, ["1"] + [0] * 33],
)
def test_bad_counts_are_typed_errors(bad):
    for check in (is_standard_win, shanten, waits, decompositions):
        with pytest.raises(HandCountsError) as caught:
            check(bad)
        assert caught.value.code == "bad_hand_counts"


def test_wrong_tile_totals():
    with pytest.raises(HandCountsError):
        waits(counts("11m"))
    with pytest.raises(HandCountsError):
        shanten(counts("111m"))
    with pytest.raises(HandCountsError):
        classify_wait(counts("123m 11p"), 27)


@pytest.mark.parametrize(
    ("hand", "waited", "closed", "edge", "single"),
    [
        # ruleset-lengzi.md §8
        ("234m 567m 345p 55s 78s + 9s", "69s", False, False, False),  # Example 1: two-sided
        ("123m 456m 789p EE 13s + 2s", "2s", True, False, False),  # Example 2: 卡张
        ("111m 456p 789p 234s C + C", "C", False, False, True),  # Example 3: 单吊
        # ruleset-baicheng.md §10
        ("[555s] 123m 789p 68s 99m + 7s", "7s", True, False, False),  # Example 1: 夹胡
        ("[123m] [111s] 789p 44p 56m + 4m", "47m", False, False, False),  # Example 2's waits
        ("[FFF] [999m] [222p] [777s] 1s + 1s", "1s", False, False, True),  # Example 3: 单漂
        ("[777p] 123m 456m 99m 79s + 8s", "8s", True, False, False),  # Example 4: only 8s
    ],
)
def test_ruleset_worked_examples_classify_as_the_books_say(hand, waited, closed, edge, single):
    parsed = parse_hand(hand)
    melded = to_counts(tile for meld in parsed.melds for tile in meld.tiles)
    assert waits(parsed.concealed_counts(), melded=melded) == kinds(waited)
    found = classify_wait(parsed.concealed_counts(with_winning=True), parsed.winning, melded=melded)
    assert (found.closed, found.edge, found.single) == (closed, edge, single)
    assert found.waits == tuple(kinds(waited))
