"""The match across hands (``qipai.mahjong.table.match``): booking, rounds and the match's end
(each rule once), the between-hands choices, the first leaver's pot split, standings with ties,
and a whole match of bots that replays from its seeds."""

import pytest

from qipai.mahjong.bots import BASELINE, play_hand, play_match
from qipai.mahjong.rulesets import get_ruleset
from qipai.mahjong.rulesets.lengzi import Lengzi
from qipai.mahjong.rulesets.zhongyou import Zhongyou
from qipai.mahjong.scoring import POT, Payment
from qipai.mahjong.table import IllegalAction
from qipai.mahjong.table.match import HANDS_PER_ROUND_CAP, Match, MatchLength, MatchOver, Place

EAST, SOUTH, WEST, NORTH = range(4)

SHAPE = [BASELINE] * 4
"""The match rules below were recorded with today's shape bot in every seat."""


def test_equal_scores_share_a_place_and_the_next_place_is_skipped() -> None:
    match = Match(Lengzi(), seed=1, scores=[-15, 10, 10, -5])
    assert match.standing() == [
        Place(SOUTH, 10, 1),
        Place(WEST, 10, 1),
        Place(NORTH, -5, 3),
        Place(EAST, -15, 4),
    ]
    assert [p.place for p in Match(Lengzi(), seed=1).standing()] == [1, 1, 1, 1]


def test_a_table_of_hands_ends_after_its_hands() -> None:
    match = Match(get_ruleset("sichuan", {}), seed=2, length=MatchLength(hands=3))
    seed = 0
    while not match.over:
        match.finish_hand(play_hand(match.start_hand(seed), SHAPE))
        seed += 1
    assert match.hands_played == 3 and [b.number for b in match.history] == [1, 2, 3]
    assert match.scores == [sum(b.totals[s] for b in match.history) for s in range(4)]
    with pytest.raises(MatchOver):
        match.start_hand(seed)


def test_a_round_ends_when_the_deal_comes_back_to_its_opener() -> None:
    """The one round rule: the deal has passed round the table and back to the round's first
    dealer; a table of one round ends there."""
    match = Match(Lengzi(), seed=3, length=MatchLength(rounds=1))
    opener = match.round_opener
    dealers = []
    seed = 0
    while not match.over:
        dealers.append(match.dealer)
        match.finish_hand(play_hand(match.start_hand(seed), SHAPE))
        seed += 1
    assert match.rounds_done == 1 and match.dealer == opener
    assert dealers[0] == opener and opener not in dealers[dealers.index((opener + 3) % 4) :]
    assert sorted(set(dealers)) == [0, 1, 2, 3]


def test_a_table_of_rounds_ends_after_sixteen_hands_a_round_at_the_latest() -> None:
    length = MatchLength(rounds=2)
    assert not length.reached(2 * HANDS_PER_ROUND_CAP - 1, 1)
    assert length.reached(2 * HANDS_PER_ROUND_CAP, 1)
    assert length.reached(9, 2)
    assert not MatchLength().reached(1000, 1000)  # the rules alone, or the players, end it


def test_the_north_round_opened_by_south_ends_a_zhongyou_match_when_east_loses_the_deal() -> None:
    """ZY-02 with the match's own round counter: four rounds and the match is over, whatever
    the table's length; the round wind follows the match's round."""
    match = Match(Zhongyou(), seed=9, length=MatchLength(hands=40))
    match.rounds_done, match.round_opener = 3, SOUTH
    seed = 0
    while not match.over:
        match.finish_hand(play_hand(match.start_hand(seed), SHAPE))
        seed += 1
    assert match.rounds_done == 4 and match.dealer == SOUTH and match.table_state["round"] == 4
    assert [b.dealer for b in match.history] == [EAST] * match.hands_played
    assert match.hands_played < 40


def test_between_hands_choices_are_the_rulesets_and_every_seat_makes_its_own() -> None:
    """LZ-09: 下炮 is each seat's toggle for the coming deals; the deal takes the marks."""
    match = Match(Lengzi(), seed=4)
    assert match.choices == ("xiapao",)
    match.choose(SOUTH, "xiapao", True)
    match.choose(NORTH, "xiapao", True)
    hand = match.start_hand(11)
    assert hand.table_state["xiapao"] == [False, True, False, True]
    match.finish_hand(play_hand(hand, SHAPE))
    match.choose(SOUTH, "xiapao", False)
    assert match.start_hand(12).table_state["xiapao"] == [False, False, False, True]
    assert match.chosen(NORTH, "xiapao") and not match.chosen(SOUTH, "xiapao")
    for seat, choice, on in ((4, "xiapao", True), (EAST, "xiapao", 1), (EAST, "dingque", True)):
        with pytest.raises(IllegalAction):
            match.choose(seat, choice, on)
    assert match.table_state["xiapao"] == [False, False, False, True]
    assert Match(Zhongyou(), seed=4).choices == ()


def test_a_hand_keeps_the_table_state_it_was_dealt_with() -> None:
    match = Match(Lengzi(), seed=4)
    hand = match.start_hand(3)
    match.choose(EAST, "xiapao", True)
    assert hand.table_state["xiapao"] == [False] * 4


def test_the_first_leaver_splits_the_pot_into_the_scores_and_later_leavers_nothing() -> None:
    """LZ-10: floor(pot / 3) to each of the other three, the remainder stays in the pot."""
    match = Match(Lengzi(), seed=5)
    match.pot = 700
    assert match.leave(NORTH) == [Payment(POT, seat, 233, "锅底平分") for seat in (0, 1, 2)]
    assert match.scores == [233, 233, 233, 0] and match.pot == 1
    assert match.first_leaver == NORTH
    assert match.leave(WEST) == [] and match.scores == [233, 233, 233, 0]
    sichuan = Match(get_ruleset("sichuan", {}), seed=5)
    assert sichuan.leave(NORTH) == [] and sichuan.scores == [0, 0, 0, 0]


def test_a_whole_lengzi_match_of_bots_replays_from_its_seeds() -> None:
    def played() -> Match:
        return play_match(
            Match(Lengzi(), seed=7, length=MatchLength(hands=4)), seed=7, levels=SHAPE
        )

    match = played()
    assert match.hands_played == 4 and match.over
    # Three bots were behind after the third hand (14, -18, -18, -18): 下炮 for the fourth.
    assert [b.totals for b in match.history][:1] == [(14, -18, -18, -18)]
    assert match.table_state["xiapao"] == [False, True, True, True]
    again = played()
    assert (again.scores, again.history, again.table_state) == (
        match.scores,
        match.history,
        match.table_state,
    )
