"""The levelled bot (qipai/mahjong/bot_player.py): legal moves only, from its seat's view only,
replays from a seed, and every ruleset's special choices (定缺, 下炮, Baicheng's requirements)."""

from __future__ import annotations

import copy

import msgpack
import pytest

from qipai.mahjong import bot_player, bot_shape
from qipai.mahjong.bots import LEVELS, choose_action, choose_between_hands, play_hand, play_match
from qipai.mahjong.rulesets import get_ruleset, mahjong_rooms
from qipai.mahjong.rulesets.baicheng import Baicheng, BaichengOptions
from qipai.mahjong.rulesets.base import Ruleset
from qipai.mahjong.table.actions import ActionType as A
from qipai.mahjong.table.machine import HandMachine
from qipai.mahjong.table.match import Match, MatchLength
from qipai.mahjong.tiles import kind_of, parse_kinds, suit_of
from tests.mahjong.test_bot import declares_the_shortest_suit_void_and_sheds_it_first
from tests.mahjong.test_lengzi_table import Deal
from tests.mahjong.test_machine_positions import E, S, Table, W, discard

RULESETS = ("sichuan", "baicheng", "lengzi", "zhongyou", "guobiao")
ROOMS = tuple(mahjong_rooms())
"""Every room the hall offers (血战到底 plays on after a win), so a new room is covered here."""


def room_ruleset(room: str) -> Ruleset:
    cls, found = mahjong_rooms()[room]
    return get_ruleset(cls.name, dict(found.imposed))


@pytest.mark.parametrize("room", ROOMS)
def test_every_level_chooses_only_legal_actions_and_hands_end(room: str) -> None:
    for seed in range(3):
        hand = HandMachine(room_ruleset(room), seed, seed % 4)
        levels = [LEVELS[(seed + s) % 3] for s in range(4)]
        while not hand.over:
            for seat in hand.to_act():
                action = choose_action(hand, seat, levels[seat])
                assert action in hand.legal_actions(seat)
                hand.apply(action)
                break
        assert hand.settlement is not None


def test_the_bot_decides_from_the_seat_view_alone() -> None:
    """Two deals that differ only in what South cannot see (the other hands and the wall)
    give South the same view, and the bot the same move; the view it is handed is plain data
    with no other seat's tiles in it."""
    moves = []
    for west in ("147m 258p 369p 1m 9p 5p 2m", "*"):
        table = Table()
        hand = table.start(["*", "123m 456m 79m 13p 55p 9p", west, "*"], draws="8p", turn=S)
        view = hand.view(S)
        assert all(seat["hand"] is None for seat in view["seats"] if seat["seat"] != S)
        plain = msgpack.unpackb(msgpack.packb(view))
        moves.append([bot_player.decide(hand.ruleset, plain, S, level) for level in LEVELS])
        moves.append([choose_action(hand, S, level) for level in LEVELS])
    assert moves[0] == moves[1] == moves[2] == moves[3]


def test_a_bot_match_replays_from_its_seeds() -> None:
    def played() -> Match:
        match = Match(get_ruleset("lengzi"), seed=4, length=MatchLength(hands=3))
        return play_match(match, seed=4, levels=["easy", "strong", "normal", "strong"])

    first, again = played(), played()
    assert (first.scores, first.history, first.table_state) == (
        again.scores,
        again.history,
        again.table_state,
    )


@pytest.mark.parametrize("room", ROOMS)
def test_a_bot_hand_replays_identically_from_its_seed_in_every_room(room: str) -> None:
    def played() -> dict:
        hand = HandMachine(room_ruleset(room), 11, 2)
        return play_hand(hand, ["strong", "easy", "normal", "strong"]).record()

    assert played() == played()


def test_every_level_takes_a_win() -> None:
    for level in LEVELS:
        table = Table()
        hand = table.start(["*", "123m 456m 789m 123p 5p", "*", "*"], draws="5p", turn=S, filler=10)
        assert choose_action(hand, S, level).type is A.SELF_WIN


def test_the_bot_declares_its_shortest_suit_void_and_sheds_it_first() -> None:
    declares_the_shortest_suit_void_and_sheds_it_first(choose_action)


def test_of_two_equally_short_suits_the_void_is_the_one_with_less_shape() -> None:
    # four characters (a pair and a run) against four dots (scattered): the dots go
    table = Table()
    hand = table.start(
        ["*", "11m 23m 1p 4p 7p 9p 123s 456s 7s", "*", "*"], voids=None, turn=S, filler=10
    )
    hand.phase = hand.phase.DECLARE_VOID
    assert choose_action(hand, S).tile == 1


def test_xiapao_strong_raises_normal_only_when_behind_easy_never() -> None:
    assert choose_between_hands([5, 0, 0, -5], 0, "xiapao", "strong")
    assert not choose_between_hands([5, 0, 0, -5], 0, "xiapao", "normal")
    assert choose_between_hands([5, 0, 0, -5], 3, "xiapao", "normal")
    assert not choose_between_hands([5, 0, 0, -5], 3, "xiapao", "easy")
    with pytest.raises(ValueError):
        choose_between_hands([0] * 4, 0, "xiapao", "expert")


def test_baicheng_bot_keeps_the_suit_a_win_needs_where_the_shape_bot_throws_it() -> None:
    # Discarding 1m would be ready by shape, but in two suits only (三色全 unmet): no win ever
    hand = Deal(Baicheng(BaichengOptions(base=100))).start(
        [
            "[555p] 123s 789p 68s 99p 1m",
            "234m 567m 33p 44p 88s 1m",
            "7s 7s 234m 678m 234p 6p 1s",
            "1p 1p 2p 3p 4s 9s 9s 2s 3s 1s 6m 7m 8p",
        ]
    )
    assert kind_of(bot_shape.choose_action(hand, E).tile) == parse_kinds("1m")[0]
    for level in LEVELS:
        assert kind_of(choose_action(hand, E, level).tile) != parse_kinds("1m")[0]


def test_the_strong_bot_folds_against_a_ready_flush_late_in_the_hand() -> None:
    """West has laid down three dot melds and holds four tiles: a dot flush, plainly ready.
    South, far from ready, keeps its dots and throws what West cannot want."""
    table = Table()
    hand = table.start(
        ["*", "1m 4m 7m 9m 2p 5p 8p 3p 6p 9p 5m 8m 2m", "[111p] [444p] [777p] 3m", "*"],
        draws="6m",
        turn=S,
        filler=10,
    )
    hand.seats[W].discards.extend(table.tiles("9s 8s 7s 6s 5s 4s 3s 2s"))
    move = choose_action(hand, S, "strong")
    assert suit_of(kind_of(move.tile)) != 1


def test_a_view_is_not_changed_by_the_bot() -> None:
    hand = HandMachine(get_ruleset("zhongyou"), 5)
    view = hand.view(hand.dealer)
    before = copy.deepcopy(view)
    bot_player.decide(hand.ruleset, view, hand.dealer, "strong")
    assert view == before


def test_the_bot_claims_a_pung_that_makes_it_ready() -> None:
    table = Table()
    hand = table.start(
        ["5p 1m 2m 3m 4m 6m 7m 8m 9m 1p 2p 3p 9p 9p", "55p 11m 77m 123p 789p 9m", "*", "*"],
        turn=E,
        filler=10,
    )
    discard(hand, E, "5p")
    assert choose_action(hand, S).type is A.PUNG


def test_a_sichuan_bot_takes_the_concealed_kong_the_table_pays_for_at_once() -> None:
    """下雨: a concealed kong is paid 2b by each other seat in play as soon as it stands. East
    holds 2222m as a pung beside 34m, so the kong sets its shape back and today's bot throws
    9m; every level takes the money (and the kong's fan)."""
    table = Table()
    hand = table.start(
        ["2m 2m 2m 2m 3m 4m 5p 6p 7p 2p 3p 8p 8p 9m", "*", "*", "*"], turn=E, filler=10
    )
    assert bot_shape.choose_action(hand, E).type is A.DISCARD
    for level in LEVELS:
        assert choose_action(hand, E, level).type is A.CONCEALED_KONG


def test_four_bot_hands_still_end_with_settlements_in_every_ruleset() -> None:
    for name in RULESETS:
        hand = play_hand(HandMachine(get_ruleset(name), 7, 1), ["strong"] * 4)
        assert hand.settlement is not None and hand.over


def test_in_lengzi_the_bot_breaks_its_ready_hand_rather_than_feed_a_ready_flush() -> None:
    """LZ-10: a 点炮 feeds 100 into the pot, whatever the win is worth. West shows three dot
    pungs and is plainly ready on dots; South is ready by throwing its lone 5p. Strong and
    normal throw 9m instead, a kind West itself threw; easy and today's bot feed the 5p."""
    deal = Deal(get_ruleset("lengzi"))
    river = deal.tiles("9m 1s E S W N 9s 2m")
    hand = deal.start(
        [
            "2m 3m 4m 6s 7s 7s 3s 4s C C F F 2p",
            "2m 3m 4m 6m 7m 8m 2s 3s 4s 6s 7s 9m 9m 5p",
            "[111p] [444p] [777p] 2p 3p 5s 5s",
            "6m 7m 8m 5p 5p 6p 7p 8p 9p 9p 3s 3s 2m",
        ],
        dealer=S,
        turn=S,
        filler=10,
    )
    hand.seats[W].discards.extend(river)
    for level in ("strong", "normal"):
        assert kind_of(choose_action(hand, S, level).tile) == parse_kinds("9m")[0]
    for move in (choose_action(hand, S, "easy"), bot_shape.choose_action(hand, S)):
        assert kind_of(move.tile) == parse_kinds("5p")[0]
