"""Groups too large for the cache-resident tables take the slow paths; they answer the same."""

import pytest
from mahjong.shanten import Shanten

from qipai.mahjong.analysis import HandCountsError, is_standard_win, shanten, waits
from qipai.mahjong.notation import parse_hand


def counts(text: str) -> list[int]:
    return parse_hand(text).concealed_counts()


def test_a_vector_of_33_tiles_in_complete_groups_is_refused_not_scored():
    # Every group is a table entry, and the group tile counts add up to 33 = 1 more than the
    # 5-bit total field holds: the total must still be checked, not read modulo 32.
    bad = [1] * 27 + [4, 2, 0, 0, 0, 0, 0]
    for check in (shanten, waits, is_standard_win):
        with pytest.raises(HandCountsError) as caught:
            check(bad)
        assert caught.value.code == "bad_hand_counts"


def test_45_tiles_in_valid_groups_are_refused_though_the_field_would_read_13():
    bad = [4, 4, 4, 2, 0, 0, 0, 0, 0] * 3 + [3, 0, 0, 0, 0, 0, 0]  # 14 + 14 + 14 + 3 = 45 = 32 + 13
    for check in (shanten, waits):
        with pytest.raises(HandCountsError):
            check(bad)


def test_nine_gates_waits_on_every_kind_of_its_suit():
    assert waits(counts("1112345678999m")) == list(range(9))


def test_a_hopeless_suit_of_nine_tiles_waits_on_nothing():
    hopeless = counts("111357999m 1357p")  # no tile completes 9 tiles of m or 4 of p
    assert waits(hopeless) == []
    assert waits(hopeless, seven_pairs=True, thirteen_orphans=True) == []


def test_shanten_of_big_groups_agrees_with_the_package():
    for text in ("111357999m 1357p", "1112345678999m", "11123456789999m"):
        hand = counts(text)
        assert shanten(hand) == Shanten().calculate_shanten_for_regular_hand(hand)
