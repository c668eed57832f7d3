"""The incremental chain board: the hot path of the engine.

Points are flat indices ``row * size + col``. Every stone belongs to a chain object that keeps its
stones and its liberty set, so a move touches only the chains next to it (a chain's share of the
position hash, the XOR of its stones' Zobrist keys, is summed only when a move would capture it):
legality (occupied, suicide, positional superko) is decided *before* anything changes, from the
four neighbours alone, which makes rejected moves free and keeps the board consistent.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import NoReturn

EMPTY = 0
BLACK = 1
WHITE = 2

# Fixed seed: the keys only need to be the same in every process, not secret or varied.
_ZOBRIST_SEED = 0x9E3779B97F4A7C15
NOTHING_CAPTURED: tuple[int, ...] = ()  # shared: most moves capture nothing
_new_chain = object.__new__


@cache
def neighbours(size: int) -> tuple[tuple[int, ...], ...]:
    result = []
    for index in range(size * size):
        row, col = divmod(index, size)
        around = []
        if col > 0:
            around.append(index - 1)
        if col < size - 1:
            around.append(index + 1)
        if row > 0:
            around.append(index - size)
        if row < size - 1:
            around.append(index + size)
        result.append(tuple(around))
    return tuple(result)


@cache
def zobrist_keys(size: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Keys per colour, indexed ``[colour][index]`` (colour 0 is unused)."""
    rng = random.Random(_ZOBRIST_SEED + size)
    n = size * size
    black = tuple(rng.getrandbits(64) for _ in range(n))
    white = tuple(rng.getrandbits(64) for _ in range(n))
    return ((0,) * n, black, white)


_EMPTY_BYTE = bytes.maketrans(bytes([EMPTY, BLACK, WHITE]), b"\x01\x00\x00")


@cache
def _edge_masks(size: int) -> tuple[int, int]:
    """Byte masks over flat indices (byte ``i`` of the little-endian int is point ``i``): every
    point but the first column, every point but the last (as ``~`` of the column's bytes)."""
    first = int.from_bytes(bytes(1 if i % size == 0 else 0 for i in range(size * size)), "little")
    return ~first, ~(first << 8 * (size - 1))


@cache
def _key_index(size: int) -> tuple[tuple[frozenset[int], dict[int, int]], ...]:
    """Per colour, the points' Zobrist keys, and each key back to its point."""
    return tuple(
        (frozenset(keys), {key: index for index, key in enumerate(keys)})
        for keys in zobrist_keys(size)
    )


def _ones(data: bytes) -> list[int]:
    """The indices of the bytes equal to 1."""
    found = []
    index = data.find(1)
    while index >= 0:
        found.append(index)
        index = data.find(1, index + 1)
    return found


class Chain:
    """A maximal set of orthogonally connected stones of one colour."""

    __slots__ = ("color", "stones", "libs")

    def __init__(self, color: int, stones: list[int], libs: set[int]) -> None:
        self.color = color
        self.stones = stones
        self.libs = libs


def _chain_key(chain: Chain, keys: tuple[tuple[int, ...], ...]) -> int:
    """The XOR of the chain's stones' Zobrist keys: what taking it off does to the hash."""
    total = 0
    stone_keys = keys[chain.color]
    for stone in chain.stones:
        total ^= stone_keys[stone]
    return total


class BoardRefusal(Exception):
    """Raised by :meth:`Board.check` with the reason code; the game turns it into IllegalMove."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class Board:
    """Stones, chains and the position hash. Knows mechanics, not turn order or history."""

    __slots__ = ("size", "colors", "chains", "hash", "_nbrs", "_keys")

    def __init__(self, size: int) -> None:
        self.size = size
        self.colors = [EMPTY] * (size * size)
        self.chains: list[Chain | None] = [None] * (size * size)
        self.hash = 0
        self._nbrs = neighbours(size)
        self._keys = zobrist_keys(size)

    def check(self, index: int, color: int, seen: set[int] | frozenset[int] | None = None) -> int:
        """Return the position hash after ``color`` plays ``index``, or raise BoardRefusal.

        The order is the rules book's: occupied → captures first (the seed's "both sides without
        liberties" rule) → suicide → positional superko against ``seen``.
        """
        colors = self.colors
        if colors[index]:
            raise BoardRefusal("occupied")
        chains = self.chains
        breathes = False
        captured: list[Chain] = []
        for n in self._nbrs[index]:
            c = colors[n]
            if c == EMPTY:
                breathes = True
            else:
                chain = chains[n]
                if c == color:
                    if len(chain.libs) > 1:
                        breathes = True
                elif len(chain.libs) == 1 and chain not in captured:
                    captured.append(chain)
        if not breathes and not captured:
            raise BoardRefusal("suicide")
        new_hash = self.hash ^ self._keys[color][index]
        for chain in captured:
            new_hash ^= _chain_key(chain, self._keys)
        if seen is not None and new_hash in seen:
            raise BoardRefusal("ko")
        return new_hash

    def refused(self, color: int, seen: set[int] | frozenset[int]) -> list[int]:
        """Every empty point where ``color`` may not play, lowest index first (exact).

        Only three kinds of point can be refused, so only they get the full :meth:`check`:
        one without an empty neighbour (the only place for a suicide), the last liberty of an
        opposing chain (a capture, hence a capture ko), and one where a capture-free stone
        would recreate a position in ``seen`` (positional superko, found from the history's
        hashes rather than by trying every point).  Any other empty point breathes, captures
        nothing and makes a new position, so it is legal.  With ``seen`` empty (the game asks so
        until a first capture) a capture is always legal, so the chains are not even looked at.
        """
        colors = self.colors
        size = self.size
        # One byte a point (1: empty), read as one int: shifting it by 8 bits moves every point
        # one column, by 8 x size one row, so each point's empty neighbours are four shifts.
        not_first, not_last = _edge_masks(size)
        empty = int.from_bytes(bytes(colors).translate(_EMPTY_BYTE), "little")
        breathing = (
            ((empty >> 8) & not_last)
            | ((empty << 8) & not_first)
            | (empty >> 8 * size)
            | (empty << 8 * size)
        )
        stuck = empty & ~breathing
        candidates = set(_ones(stuck.to_bytes(size * size, "little"))) if stuck else set()
        if seen:  # with no history a capture repeats nothing, and it is never a suicide
            for chain in set(self.chains):
                if chain is not None and chain.color != color and len(chain.libs) == 1:
                    candidates |= chain.libs
        position = self.hash
        keys, where = _key_index(size)[color]
        for key in keys.intersection([position ^ before for before in seen]):
            index = where[key]
            if not colors[index]:
                candidates.add(index)
        refused = []
        for index in sorted(candidates):
            try:
                self.check(index, color, seen)
            except BoardRefusal:
                refused.append(index)
        return refused

    def play(self, index: int, color: int, seen: set[int]) -> Sequence[int]:
        """Place a stone (same checks as :meth:`check`, in one pass); return captured indices.

        The new position's hash is added to ``seen``, the superko history.

        `Game.play` carries a copy of this method inlined (one Python call a move fewer on the
        replay hot path): a change here is a change there, and tests/go/test_board_game_agree.py
        plays both side by side.

        The hot path of every replay: chains are looked up once per neighbour, the opposing
        chains lose the liberty in the same pass (a refusal gives it back, so a refused move
        changes nothing), and lists are made only for what happens (a second own chain to merge,
        a capture).
        """
        chains = self.chains
        if chains[index] is not None:
            raise BoardRefusal("occupied")
        libs: set[int] | None = None  # the stone's empty neighbours, made at the first one
        base: Chain | None = None  # the first own chain next to the stone
        others: list[Chain] | None = None  # further own chains, merged into one
        captured: list[Chain] | None = None
        new_hash = self.hash
        for n in self._nbrs[index]:
            chain = chains[n]
            if chain is None:
                if libs is None:
                    libs = {n}
                else:
                    libs.add(n)
            elif chain.color == color:
                if base is None:
                    base = chain
                elif chain is not base:
                    if others is None:
                        others = [chain]
                    elif chain not in others:
                        others.append(chain)
            else:  # the stone takes this liberty now; _refuse gives it back
                foe_libs = chain.libs
                foe_libs.discard(index)
                if not foe_libs:
                    if captured is None:
                        captured = []
                    if chain not in captured:
                        captured.append(chain)
                        new_hash ^= _chain_key(chain, self._keys)
        key = self._keys[color][index]
        new_hash ^= key
        if libs is None and captured is None and _all_in_atari(base, others):
            self._refuse(index, color, "suicide")
        if new_hash in seen:
            self._refuse(index, color, "ko")
        seen.add(new_hash)
        self.colors[index] = color
        if base is None:
            chain = _new_chain(Chain)  # no __init__ frame: half of all stones start a chain
            chain.color = color
            chain.stones = [index]
            chain.libs = set() if libs is None else libs  # its captures give it liberties
            chains[index] = chain
        else:
            if others is not None:
                base = _merge(base, others, chains)
            base.stones.append(index)
            base_libs = base.libs
            if libs is not None:
                base_libs |= libs
            base_libs.discard(index)
            chains[index] = base
        self.hash = new_hash
        if captured is None:
            return NOTHING_CAPTURED
        return self._remove(captured)

    def _refuse(self, index: int, color: int, code: str) -> NoReturn:
        """Give back the liberty the refused stone took from the opposing chains, and say why."""
        self.give_back(index, color)
        raise BoardRefusal(code)

    def give_back(self, index: int, color: int) -> None:
        """Undo the one change a refused stone at ``index`` made: the liberty it took from the
        opposing chains around it (`Game.play`, which inlines :meth:`play`, uses it too)."""
        chains = self.chains
        for n in self._nbrs[index]:
            chain = chains[n]
            if chain is not None and chain.color != color:
                chain.libs.add(index)

    def _remove(self, captured: list[Chain]) -> list[int]:
        """Take captured chains off the board, giving their points back as liberties."""
        colors = self.colors
        chains = self.chains
        nbrs = self._nbrs
        removed: list[int] = []
        for chain in captured:
            stones = chain.stones
            for s in stones:
                colors[s] = EMPTY
                chains[s] = None
            for s in stones:
                for n in nbrs[s]:
                    neighbour = chains[n]
                    if neighbour is not None:
                        neighbour.libs.add(s)
            removed.extend(stones)
        return removed

    def place_setup(self, stones: list[tuple[int, int]]) -> None:
        """Put setup or handicap stones, given as (index, colour); nothing changes if one lands
        on an occupied point or leaves a chain without liberties (setup never captures)."""
        if not stones:
            return  # every even game: the chains and the hash already match the colours
        before = list(self.colors)
        for index, color in stones:
            if self.colors[index]:
                self.colors = before
                raise BoardRefusal("occupied")
            self.colors[index] = int(color)
        self.rebuild()
        if any(chain is not None and not chain.libs for chain in self.chains):
            self.colors = before
            self.rebuild()
            raise BoardRefusal("suicide")

    def rebuild(self) -> None:
        """Recompute chains and the hash from ``colors`` (used for setup stones only)."""
        size = self.size
        colors = self.colors
        nbrs = self._nbrs
        keys = self._keys
        chains: list[Chain | None] = [None] * (size * size)
        total = 0
        for start in range(size * size):
            color = colors[start]
            if color == EMPTY or chains[start] is not None:
                continue
            chain = Chain(color, [], set())
            stack = [start]
            chains[start] = chain
            while stack:
                p = stack.pop()
                chain.stones.append(p)
                total ^= keys[color][p]
                for n in nbrs[p]:
                    c = colors[n]
                    if c == EMPTY:
                        chain.libs.add(n)
                    elif c == color and chains[n] is None:
                        chains[n] = chain
                        stack.append(n)
        self.chains = chains
        self.hash = total


def _all_in_atari(base: Chain | None, others: list[Chain] | None) -> bool:
    """Whether every own chain next to a stone with no empty neighbour and no capture has
    only that point as its liberty (so the stone would be a suicide)."""
    if base is not None and len(base.libs) > 1:
        return False
    return others is None or all(len(chain.libs) == 1 for chain in others)


def _merge(base: Chain, others: list[Chain], chains: list[Chain | None]) -> Chain:
    """Join the own chains a stone connects into the largest (the first of equals), keeping
    the stones in neighbour order; return the joined chain."""
    own = [base, *others]
    for chain in others:
        if len(chain.stones) > len(base.stones):
            base = chain
    for chain in own:
        if chain is not base:
            base.stones.extend(chain.stones)
            base.libs |= chain.libs
            for s in chain.stones:
                chains[s] = base
    return base
