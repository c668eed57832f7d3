"""Wall, dice, break point and deal exactly as mahjong-common §3-5 (MJ-02..05)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.mahjong.tiles import kind_of, tile_set
from qipai.mahjong.wall import (
    Dice,
    Wall,
    WallError,
    WallExhausted,
    break_stack,
    deal,
    ring_bases,
    set_aside_flowers,
    wall_owner,
)

EAST, SOUTH, WEST, NORTH = range(4)


def test_wall_owner_counts_seats_from_the_dealer_in_play_order():
    # 004:L24: dealer on 5, 9; 下家 on 2, 6, 10; 对家 on 3, 7, 11; 上家 on 4, 8, 12.
    for dealer in range(4):
        for total in range(2, 13):
            assert wall_owner(dealer, total) == (dealer + {1: 0, 2: 1, 3: 2, 0: 3}[total % 4]) % 4
    assert [wall_owner(EAST, t) for t in (5, 9)] == [EAST, EAST]
    assert [wall_owner(EAST, t) for t in (2, 6, 10)] == [SOUTH] * 3
    assert [wall_owner(EAST, t) for t in (3, 7, 11)] == [WEST] * 3
    assert [wall_owner(EAST, t) for t in (4, 8, 12)] == [NORTH] * 3
    assert wall_owner(NORTH, 2) == EAST


def test_ring_is_east_north_west_south_clockwise():
    assert ring_bases(136) == (0, 51, 34, 17)  # E, S, W, N
    assert ring_bases(108) == (0, 41, 27, 14)  # MJ-03: 14, 13, 14, 13 stacks
    assert ring_bases(120) == (0, 45, 30, 15)
    assert ring_bases(144) == (0, 54, 36, 18)


def test_the_books_break_example_10_plus_5():
    # §4 (000:L97): East deals, d1 = 10 -> South; South rolls 5; k = 15; dealing starts with
    # South's 16th stack.
    dice = Dice((4, 6), (2, 3))
    assert wall_owner(EAST, dice.first_total) == SOUTH
    assert dice.break_count == 15
    start = break_stack(136, EAST, dice)
    assert start - ring_bases(136)[SOUTH] == 15  # zero-based 15 = South's 16th stack


def test_a_long_count_continues_into_the_next_wall_of_the_ring():
    # 108 tiles: South's wall has 13 stacks; k = 15 runs two stacks into East's wall.
    dice = Dice((1, 1), (6, 6))  # d1 = 2 -> South; k = 14
    assert break_stack(108, EAST, dice) == (41 + 14) % 54 == 1
    assert break_stack(108, EAST, Dice((1, 1), (6, 6))) == 1
    assert break_stack(136, EAST, Dice((6, 6), (6, 6))) == (17 + 24) % 68  # 12 -> North, k = 24


@pytest.mark.parametrize("size", [108, 120, 136, 144])
def test_live_wall_starts_at_the_break_and_runs_clockwise(size):
    seed = 1234 + size
    rng = random.Random(seed)
    ring = list(tile_set(size))
    rng.shuffle(ring)
    dice = Dice((rng.randint(1, 6), rng.randint(1, 6)), (rng.randint(1, 6), rng.randint(1, 6)))
    wall = Wall(size, random.Random(seed), SOUTH)
    assert wall.dice == dice
    assert wall.start_stack == break_stack(size, SOUTH, dice)
    assert wall.owner == wall_owner(SOUTH, dice.first_total)
    assert [wall.peek(p) for p in range(size)] == [
        ring[(2 * wall.start_stack + p) % size] for p in range(size)
    ]


def test_same_seed_same_wall_and_dice():
    one, two = Wall(136, random.Random(7), EAST), Wall(136, random.Random(7), EAST)
    assert one.dice == two.dice
    assert [one.draw() for _ in range(136)] == [two.draw() for _ in range(136)]
    other = Wall(136, random.Random(8), EAST)
    assert [other.peek(p) for p in range(136)] != [
        Wall(136, random.Random(7), 0).peek(p) for p in range(136)
    ]


def test_deal_order_mj05():
    tiles = list(range(136))
    wall = Wall.stacked(tiles, dealer=WEST)
    hands = deal(wall, WEST)
    # Rounds of four tiles in play order from the dealer: W, N, E, S.
    assert hands[WEST] == [0, 1, 2, 3, 16, 17, 18, 19, 32, 33, 34, 35, 48, 49]
    assert hands[NORTH] == [4, 5, 6, 7, 20, 21, 22, 23, 36, 37, 38, 39, 50]
    assert hands[EAST] == [8, 9, 10, 11, 24, 25, 26, 27, 40, 41, 42, 43, 51]
    assert hands[SOUTH] == [12, 13, 14, 15, 28, 29, 30, 31, 44, 45, 46, 47, 52]
    assert wall.draw() == 53  # the first live draw
    assert wall.remaining() == 136 - 54


def test_replacements_come_from_the_tail_top_first():
    wall = Wall.stacked(list(range(136)))
    assert [wall.draw_replacement() for _ in range(4)] == [134, 135, 132, 133]
    assert wall.remaining() == 132


def test_lengzi_concealed_kong_takes_the_bottom_tile():
    wall = Wall.stacked(list(range(136)))
    assert wall.draw_replacement(bottom_first=True) == 135
    assert wall.draw_replacement(bottom_first=True) == 134  # only the top is left in that stack
    assert wall.draw_replacement() == 132


def test_baicheng_treasure_stack_is_never_drawn():
    wall = Wall.stacked(list(range(120)))
    deal(wall, EAST)
    treasure_stack = wall.tail_stack(1)
    assert treasure_stack == 58
    assert wall.peek(2 * treasure_stack) == 116  # top of the second-to-last stack
    wall.exclude_stack(treasure_stack)
    assert wall.is_excluded(116) and wall.is_excluded(117)
    assert wall.remaining() == 120 - 53 - 2
    assert [wall.draw_replacement() for _ in range(3)] == [118, 119, 114]
    drawn = [wall.draw() for _ in range(wall.remaining())]
    assert 116 not in drawn and 117 not in drawn
    with pytest.raises(WallExhausted) as caught:
        wall.draw()
    assert caught.value.code == "wall_exhausted"


def test_drawing_from_both_ends_uses_every_tile_once():
    wall = Wall(108, random.Random(3), NORTH)
    hands = deal(wall, NORTH)
    assert sorted(len(h) for h in hands) == [13, 13, 13, 14]
    assert len(hands[NORTH]) == 14
    seen = [t for hand in hands for t in hand]
    while wall.remaining():
        seen.append(wall.draw() if wall.remaining() % 3 else wall.draw_replacement())
    assert sorted(seen) == list(tile_set(108))
    with pytest.raises(WallExhausted):
        wall.draw_replacement()


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([108, 120, 136, 144]), st.integers(0, 3))
def test_dice_are_dice_and_the_deal_is_sound(seed, size, dealer):
    wall = Wall(size, random.Random(seed), dealer)
    assert all(1 <= d <= 6 for d in wall.dice.dealer_roll + wall.dice.owner_roll)
    hands = deal(wall, dealer)
    assert [len(h) for h in hands] == [14 if s == dealer else 13 for s in range(4)]
    assert wall.remaining() == size - 53


def test_bad_requests_are_typed_errors_and_change_nothing():
    with pytest.raises(WallError):
        Wall(100, random.Random(1), EAST)
    with pytest.raises(WallError):
        Wall(136, random.Random(1), 4)
    wall = Wall.stacked(list(range(136)))
    wall.draw()
    with pytest.raises(WallError):
        deal(wall, EAST)
    with pytest.raises(WallError):
        wall.exclude_stack(0)  # already drawn from
    with pytest.raises(WallError):
        wall.peek(136)
    with pytest.raises(WallError):
        Wall.stacked([1, 1])
    assert wall.remaining() == 135
    assert wall.draw() == 1


def test_flowers_are_set_aside_and_replaced_from_the_tail():
    # 144-tile option (MJ-13): East is dealt two flowers, West one; the tail gives them 0, 1, 8.
    order = list(range(136))
    order[0], order[1], order[8] = 136, 137, 138
    order += [139, 140, 141, 142, 8, 143, 0, 1]
    wall = Wall.stacked(order, dealer=EAST)
    hands = deal(wall, EAST)
    aside = set_aside_flowers(wall, hands, EAST)
    assert aside == [[136, 137], [], [138], []]
    assert sorted(hands[EAST])[:2] == [0, 1] and 8 in hands[WEST]
    assert [len(h) for h in hands] == [14, 13, 13, 13]
    assert all(kind_of(t) < 34 for hand in hands for t in hand)


def test_a_flower_replaced_by_a_flower_is_set_aside_in_turn():
    order = list(range(136))
    order[0] = 136
    order += [139, 140, 141, 142, 138, 143, 137, 0]
    wall = Wall.stacked(order, dealer=EAST)
    hands = deal(wall, EAST)
    aside = set_aside_flowers(wall, hands, EAST)
    assert aside[EAST] == [136, 137]  # 137 came from the tail and went aside too
    assert 0 in hands[EAST] and len(hands[EAST]) == 14
