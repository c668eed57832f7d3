"""Whole hands in the rules book's notation (mahjong-common §0)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.mahjong.notation import HandText, Meld, MeldKind, format_hand, parse_hand
from qipai.mahjong.tiles import NotationError, parse_kinds


def test_the_books_example_hand():
    hand = parse_hand("123m 456p 78s EE [555p] {7777s} + 9s")
    assert hand.concealed == tuple(parse_kinds("123m 456p 78s EE"))
    assert hand.melds == (
        Meld(MeldKind.PUNG, (13, 13, 13)),
        Meld(MeldKind.KONG_CONCEALED, (24, 24, 24, 24)),
    )
    assert hand.winning == 26
    assert format_hand(hand) == "123m 456p 78s EE [555p] {7777s} + 9s"


def test_meld_kinds_from_brackets():
    hand = parse_hand("[123m] [5555p] [EEE] 11s")
    assert [m.kind for m in hand.melds] == [MeldKind.CHOW, MeldKind.KONG_EXPOSED, MeldKind.PUNG]
    assert hand.winning is None
    assert hand.melds[1].is_kong and not hand.melds[1].is_concealed


def test_added_kong_prints_like_an_exposed_one():
    hand = HandText((0, 0), (Meld(MeldKind.KONG_ADDED, (5, 5, 5, 5)),))
    assert format_hand(hand) == "11m [6666m]"
    assert parse_hand(format_hand(hand)).melds[0].kind is MeldKind.KONG_EXPOSED


def test_concealed_counts_with_and_without_the_winning_tile():
    hand = parse_hand("13m [555p] + 2m")
    assert hand.concealed_counts()[:3] == [1, 0, 1]
    assert hand.concealed_counts(with_winning=True)[:3] == [1, 1, 1]


@pytest.mark.parametrize(
    "bad",
    [
        "[124m]",  # not a chow
        "[12m]",
        "{777s}",  # a concealed kong has four tiles
        "[789s1p]",
        "[8912m]",
        "[EFC]",  # honours never form chows
        "123m + ",
        "123m + 1m 2m",
        "123m + 4m [555p]",  # the winning tile comes last
        "[123m",
        "f1 123m",
        "123m + f1",
    ],
)
def test_bad_hands_are_typed_errors(bad):
    with pytest.raises(NotationError):
        parse_hand(bad)


def test_meld_shape_is_checked_on_creation():
    with pytest.raises(NotationError):
        Meld(MeldKind.PUNG, (1, 1, 2))
    with pytest.raises(NotationError):
        Meld("nonsense", (1, 1, 1))
    assert Meld("pung", (1, 1, 1)).kind is MeldKind.PUNG


_melds = st.one_of(
    st.integers(0, 26)
    .filter(lambda k: k % 9 <= 6)
    .map(lambda k: Meld(MeldKind.CHOW, (k, k + 1, k + 2))),
    st.integers(0, 33).map(lambda k: Meld(MeldKind.PUNG, (k,) * 3)),
    st.integers(0, 33).map(lambda k: Meld(MeldKind.KONG_EXPOSED, (k,) * 4)),
    st.integers(0, 33).map(lambda k: Meld(MeldKind.KONG_CONCEALED, (k,) * 4)),
)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 33), max_size=14).map(lambda ks: tuple(sorted(ks))),
    st.lists(_melds, max_size=4).map(tuple),
    st.one_of(st.none(), st.integers(0, 33)),
)
def test_hands_round_trip(concealed, melds, winning):
    hand = HandText(concealed, melds, winning)
    assert parse_hand(format_hand(hand)) == hand
