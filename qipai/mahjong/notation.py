"""Whole hands in the rules book's notation: ``123m 456p 78s EE [555p] {7777s} + 9s``.

Concealed tiles are written grouped by suit; an exposed meld sits in square brackets (a chow,
a pung or an exposed kong), a concealed kong in braces, and the winning tile after ``+``.
Tests, docs and the rules book all speak this notation, so a test hand reads like the book.
An added kong (a pung that later took its fourth tile) looks exactly like an exposed kong on
the table, so it prints in brackets too; the distinction lives only in the ``MeldKind``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from qipai.mahjong.tiles import NUM_KINDS, NotationError, format_kinds, parse_kinds, to_counts


class MeldKind(StrEnum):
    CHOW = "chow"
    PUNG = "pung"
    KONG_EXPOSED = "kong_exposed"
    """A direct kong: three concealed tiles plus another player's discard (直杠 / 点杠)."""
    KONG_ADDED = "kong_added"
    """An exposed pung that took its fourth tile on the owner's turn (加杠 / 补杠)."""
    KONG_CONCEALED = "kong_concealed"

    @property
    def is_kong(self) -> bool:
        return self in (MeldKind.KONG_EXPOSED, MeldKind.KONG_ADDED, MeldKind.KONG_CONCEALED)


@dataclass(frozen=True)
class Meld:
    """A declared set; ``tiles`` are kinds in ascending order. The shape is checked on creation."""

    kind: MeldKind
    tiles: tuple[int, ...]

    def __post_init__(self) -> None:
        try:
            kind = MeldKind(self.kind)
        except ValueError:
            raise NotationError(f"unknown meld kind {self.kind!r}") from None
        if not all(isinstance(t, int) and 0 <= t < NUM_KINDS for t in self.tiles):
            raise NotationError(f"meld tiles must be kinds 0..33, got {self.tiles!r}")
        tiles = tuple(sorted(self.tiles))
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tiles", tiles)
        if not _has_shape(kind, tiles):
            raise NotationError(f"{format_kinds(tiles)} is not a {kind.value}")

    @property
    def is_kong(self) -> bool:
        return self.kind.is_kong

    @property
    def is_concealed(self) -> bool:
        return self.kind is MeldKind.KONG_CONCEALED


@dataclass(frozen=True)
class HandText:
    """A hand as the rules book writes it: concealed kinds (sorted), melds, the winning tile."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    winning: int | None = None

    def concealed_counts(self, *, with_winning: bool = False) -> list[int]:
        """The count vector hand analysis takes (optionally with the winning tile added)."""
        tiles = self.concealed + (
            (self.winning,) if with_winning and self.winning is not None else ()
        )
        return to_counts(tiles)


_TOKEN = re.compile(r"\[[^\[\]{}+]*\]|\{[^\[\]{}+]*\}|\+|[^\s\[\]{}+]+")


def parse_hand(text: str) -> HandText:
    """Read a full hand; raises ``NotationError`` on anything that is not the book's notation."""
    concealed: list[int] = []
    melds: list[Meld] = []
    winning: int | None = None
    tokens = _TOKEN.findall(text)
    leftovers = _TOKEN.sub("", text)
    if leftovers.strip():
        raise NotationError(f"unbalanced brackets in {text!r}")
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token == "+":
            rest = tokens[index + 1 :]
            kinds = parse_kinds(rest[0]) if len(rest) == 1 else []
            if len(kinds) != 1:
                raise NotationError(
                    f"'+' must be followed by exactly one tile, the last, in {text!r}"
                )
            winning = kinds[0]
            if not winning < NUM_KINDS:
                raise NotationError(f"a flower cannot be a winning tile in {text!r}")
            break
        if token[0] in "[{":
            melds.append(_parse_meld(token))
        else:
            concealed.extend(parse_kinds(token))
        index += 1
    if any(kind >= NUM_KINDS for kind in concealed):
        raise NotationError(f"flowers are set aside, never held, in {text!r}")
    return HandText(tuple(sorted(concealed)), tuple(melds), winning)


def format_hand(hand: HandText) -> str:
    """The canonical text of a hand; ``parse_hand(format_hand(h)) == h`` for melds in canonical form."""
    parts = [format_kinds(hand.concealed)] if hand.concealed else []
    for meld in hand.melds:
        inner = format_kinds(meld.tiles).replace(" ", "")
        parts.append(f"{{{inner}}}" if meld.kind is MeldKind.KONG_CONCEALED else f"[{inner}]")
    if hand.winning is not None:
        parts.append("+ " + format_kinds([hand.winning]))
    return " ".join(parts)


def _parse_meld(token: str) -> Meld:
    kinds = tuple(sorted(parse_kinds(token[1:-1])))
    if token[0] == "{":
        return Meld(MeldKind.KONG_CONCEALED, kinds)
    if len(kinds) == 4:
        return Meld(MeldKind.KONG_EXPOSED, kinds)
    if len(kinds) == 3 and kinds[0] == kinds[2]:
        return Meld(MeldKind.PUNG, kinds)
    return Meld(MeldKind.CHOW, kinds)


def _has_shape(kind: MeldKind, tiles: tuple[int, ...]) -> bool:
    if kind is MeldKind.CHOW:
        first = tiles[0] if len(tiles) == 3 else -1
        return 0 <= first < 27 and first % 9 <= 6 and tiles == (first, first + 1, first + 2)
    size = 3 if kind is MeldKind.PUNG else 4
    return len(tiles) == size and tiles[0] == tiles[-1]
