"""The wall, the dice, the break point and the deal (mahjong-common §3-5, MJ-02..05).

The physical ring of stacks exists only to place the break exactly as the rules book counts it;
after that the wall is one sequence (MJ-04): stack ``j`` of the live wall holds positions
``2j`` (top) and ``2j + 1`` (bottom), normal draws come from the head and replacement draws
from the tail, top tile of the last stack first. Everything random comes from the caller's
``random.Random``, in a fixed order (shuffle, dealer's dice, wall owner's dice), so a hand is
replayed exactly from its seed.

Seats are 0..3 = East, South, West, North, which is also play order (MJ-02).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from qipai.mahjong.tiles import NUM_KINDS, TileError, kind_of, tile_set

SEATS = 4
STACKS_PER_SEAT = {
    108: (14, 13, 14, 13),
    120: (15, 15, 15, 15),
    136: (17, 17, 17, 17),
    144: (18, 18, 18, 18),
}
"""MJ-03, indexed by seat E S W N."""

RING_ORDER = (0, 3, 2, 1)
"""The walls clockwise around the ring: East's, then North's, West's, South's (§3)."""

DEALT_BY_ROUNDS = 12
FIRST_LIVE_DRAW = 53
"""After 48 tiles in three rounds, dealer two more, the others one each (MJ-05)."""


class WallError(TileError):
    """A request the wall cannot serve; the wall is unchanged."""

    code = "bad_wall_request"


class WallExhausted(WallError):
    """No drawable tile is left (the machine should have ended the hand before asking)."""

    code = "wall_exhausted"


@dataclass(frozen=True)
class Dice:
    """The two rolls of §4: the dealer's (picks the wall owner) and the owner's (the break)."""

    dealer_roll: tuple[int, int]
    owner_roll: tuple[int, int]

    @property
    def first_total(self) -> int:
        return sum(self.dealer_roll)

    @property
    def break_count(self) -> int:
        """``k = d1 + d2``: stacks counted along the owner's wall before the break (§4.3)."""
        return self.first_total + sum(self.owner_roll)


def wall_owner(dealer: int, first_total: int) -> int:
    """Count seats from the dealer as 1, in play order (§4.2; 5 and 9 land on the dealer)."""
    return (dealer + first_total - 1) % SEATS


def ring_bases(size: int) -> tuple[int, ...]:
    """``base(seat)``: ring index of each seat's rightmost stack (§3), indexed by seat."""
    lengths = _stacks_per_seat(size)
    bases = [0] * SEATS
    position = 0
    for seat in RING_ORDER:
        bases[seat] = position
        position += lengths[seat]
    return tuple(bases)


def break_stack(size: int, dealer: int, dice: Dice) -> int:
    """Ring index of the first live stack: ``base(owner) + k`` around the ring (§4.4-4.5)."""
    owner = wall_owner(dealer, dice.first_total)
    return (ring_bases(size)[owner] + dice.break_count) % (size // 2)


class Wall:
    """A shuffled wall with a head cursor for draws and a tail for replacement tiles."""

    def __init__(self, size: int, rng: random.Random, dealer: int) -> None:
        _check_seat(dealer)
        _stacks_per_seat(size)
        tiles = list(tile_set(size))
        rng.shuffle(tiles)
        dice = Dice(
            (rng.randint(1, 6), rng.randint(1, 6)),
            (rng.randint(1, 6), rng.randint(1, 6)),
        )
        start = break_stack(size, dealer, dice)
        # tiles[2j], tiles[2j + 1] are the top and bottom of ring stack j.
        linear = tiles[2 * start :] + tiles[: 2 * start]
        self._setup(linear, dealer, dice, start)

    @classmethod
    def stacked(cls, tiles: Sequence[int], dealer: int = 0) -> Wall:
        """A wall in a chosen live order (tests and worked examples); dice read as 1+1, 1+1."""
        _check_seat(dealer)
        wall = cls.__new__(cls)
        if len(set(tiles)) != len(tiles) or len(tiles) % 2:
            raise WallError("a stacked wall needs an even number of distinct tile ids")
        for tile in tiles:
            kind_of(tile)
        wall._setup(list(tiles), dealer, Dice((1, 1), (1, 1)), 0)
        return wall

    def _setup(self, linear: list[int], dealer: int, dice: Dice, start: int) -> None:
        self._tiles = linear
        self.dealer = dealer
        self.dice = dice
        self.start_stack = start
        """Ring index of the first live stack, for display and replay checks."""
        self._gone = bytearray(len(linear))
        """1 for a position drawn or excluded (never drawable again)."""
        self._excluded = bytearray(len(linear))
        self._head = 0
        self._drawable = len(linear)

    @property
    def size(self) -> int:
        return len(self._tiles)

    @property
    def stack_count(self) -> int:
        return len(self._tiles) // 2

    @property
    def owner(self) -> int:
        """The seat whose wall was broken (§4.2)."""
        return wall_owner(self.dealer, self.dice.first_total)

    def remaining(self) -> int:
        """Tiles still drawable (drawn and excluded ones are not), for the reserve check."""
        return self._drawable

    def draw(self) -> int:
        """The next tile from the head."""
        position = self._head
        while position < len(self._tiles) and self._gone[position]:
            position += 1
        if position == len(self._tiles):
            raise WallExhausted("no tile left to draw")
        self._head = position + 1
        return self._take(position)

    def draw_replacement(self, *, bottom_first: bool = False) -> int:
        """A replacement tile from the tail: the last stack that still has a drawable tile,
        its top tile unless ``bottom_first`` (Lengzi's concealed kong, LZ-02) or only the
        other tile is left."""
        stack = self.tail_stack(0)
        top, bottom = 2 * stack, 2 * stack + 1
        first, second = (bottom, top) if bottom_first else (top, bottom)
        return self._take(first if not self._gone[first] else second)

    def tail_stack(self, offset: int = 0) -> int:
        """The live-wall index of the ``offset``-th stack from the tail that still holds a
        drawable tile (0 = last). Baicheng's treasure is the top of ``tail_stack(1)``."""
        seen = 0
        for stack in range(self.stack_count - 1, -1, -1):
            if not (self._gone[2 * stack] and self._gone[2 * stack + 1]):
                if seen == offset:
                    return stack
                seen += 1
        raise WallExhausted(f"fewer than {offset + 1} stacks hold a drawable tile")

    def peek(self, position: int) -> int:
        """The tile at a live-wall position (``2j`` top / ``2j + 1`` bottom of stack ``j``),
        for a ruleset that turns a wall tile face up; the wall is unchanged."""
        if not (isinstance(position, int) and 0 <= position < len(self._tiles)):
            raise WallError(f"no wall position {position!r}")
        return self._tiles[position]

    def exclude_stack(self, stack: int) -> None:
        """Never draw from this stack again (Baicheng's treasure stack, BC-04c)."""
        if not (isinstance(stack, int) and 0 <= stack < self.stack_count):
            raise WallError(f"no stack {stack!r}")
        positions = (2 * stack, 2 * stack + 1)
        if any(self._gone[p] for p in positions):
            raise WallError(f"stack {stack} is already drawn from or excluded")
        for position in positions:
            self._gone[position] = 1
            self._excluded[position] = 1
        self._drawable -= 2

    def is_excluded(self, position: int) -> bool:
        return bool(self._excluded[position])

    def _take(self, position: int) -> int:
        self._gone[position] = 1
        self._drawable -= 1
        return self._tiles[position]


def deal(wall: Wall, dealer: int) -> list[list[int]]:
    """Starting hands by seat (§5): three rounds of two stacks each in play order from the
    dealer, then the dealer two tiles and the others one (MJ-05): dealer 14, others 13."""
    _check_seat(dealer)
    if wall.remaining() != wall.size:
        raise WallError("the deal needs an untouched wall")
    if wall.size < FIRST_LIVE_DRAW:
        raise WallError("the wall is too short for a deal")
    hands: list[list[int]] = [[] for _ in range(SEATS)]
    order = [(dealer + step) % SEATS for step in range(SEATS)]
    for _ in range(3):
        for seat in order:
            hands[seat].extend(wall.draw() for _ in range(4))
    hands[dealer].extend((wall.draw(), wall.draw()))
    for seat in order[1:]:
        hands[seat].append(wall.draw())
    return hands


def set_aside_flowers(wall: Wall, hands: list[list[int]], dealer: int) -> list[list[int]]:
    """The 144-tile set's flower replacement after the deal (§5, reserved by MJ-13): in play
    order from the dealer, each seat sets its flowers aside and draws replacements from the
    tail until it holds none. Mutates ``hands``; returns the flowers set aside by seat."""
    _check_seat(dealer)
    aside: list[list[int]] = [[] for _ in range(SEATS)]
    for step in range(SEATS):
        seat = (dealer + step) % SEATS
        while flowers := [t for t in hands[seat] if kind_of(t) >= NUM_KINDS]:
            for flower in flowers:
                hands[seat].remove(flower)
                aside[seat].append(flower)
                hands[seat].append(wall.draw_replacement())
    return aside


def _stacks_per_seat(size: int) -> tuple[int, ...]:
    try:
        return STACKS_PER_SEAT[size]
    except KeyError:
        raise WallError(f"no wall for a {size!r}-tile set") from None


def _check_seat(seat: int) -> None:
    if not (isinstance(seat, int) and 0 <= seat < SEATS):
        raise WallError(f"no seat {seat!r} (seats are 0..3 = E S W N)")
