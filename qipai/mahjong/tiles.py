"""Tile kinds, tile instances, the four tile sets and the rules book's compact tile notation.

Encoding (mahjong-common MJ-01): a *kind* is 0..33 (``0-8`` = 1m-9m, ``9-17`` = 1p-9p,
``18-26`` = 1s-9s, ``27-30`` = E S W N, ``31-33`` = C F P) or 34..41 for the flowers f1-f8.
A tile *instance* is ``kind * 4 + copy`` (0..135) and ``136 + (kind - 34)`` for a flower, so
that a wall, a replay or a wire message names each physical tile exactly, while hand analysis
works on a length-34 vector of counts per kind.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

NUM_KINDS = 34
"""Kinds that can appear in a hand (flowers are set aside, never held)."""

FLOWER_KINDS = tuple(range(34, 42))
SUITS = "mps"
HONOUR_LETTERS = "ESWNCFP"
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
TERMINALS_AND_HONOURS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

_SET_KINDS = {
    108: tuple(range(27)),
    120: tuple(range(27)) + DRAGONS,
    136: tuple(range(34)),
    144: tuple(range(34)) + FLOWER_KINDS,
}


class TileError(ValueError):
    """Bad tile input: an unknown kind or tile id, an unknown set size, or unreadable notation.

    ``code`` is stable and machine-readable (the server forwards it); nothing is changed when
    one is raised.
    """

    code = "bad_tiles"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotationError(TileError):
    """Text that is not valid rules-book notation (mahjong-common §0)."""

    code = "bad_notation"


def kind_of(tile: int) -> int:
    """The kind of a tile instance id (MJ-01)."""
    if 0 <= tile < 136:
        return tile >> 2
    if 136 <= tile < 144:
        return tile - 102
    raise TileError(f"no tile has instance id {tile!r}")


def instances_of(kind: int) -> tuple[int, ...]:
    """The instance ids of one kind: four copies, or the single tile of a flower."""
    _check_kind(kind)
    if kind < NUM_KINDS:
        return (kind * 4, kind * 4 + 1, kind * 4 + 2, kind * 4 + 3)
    return (kind + 102,)


def tile_set(size: int) -> tuple[int, ...]:
    """The sorted instance ids of the 108, 120, 136 or 144-tile set (mahjong-common §1)."""
    return tuple(tile for kind in kinds_in_set(size) for tile in instances_of(kind))


def kinds_in_set(size: int) -> tuple[int, ...]:
    """The kinds present in a tile set, ascending."""
    try:
        return _SET_KINDS[size]
    except KeyError:
        raise TileError(f"there is no {size!r}-tile set (108, 120, 136 or 144)") from None


def suit_of(kind: int) -> int | None:
    """0 = characters (m), 1 = dots (p), 2 = bamboo (s); ``None`` for honours and flowers."""
    _check_kind(kind)
    return kind // 9 if kind < 27 else None


def is_terminal(kind: int) -> bool:
    """A 1 or a 9 of a suit."""
    _check_kind(kind)
    return kind < 27 and kind % 9 in (0, 8)


def is_honour(kind: int) -> bool:
    """A wind or a dragon (flowers are neither honours nor suited)."""
    _check_kind(kind)
    return 27 <= kind < NUM_KINDS


def kind_name(kind: int) -> str:
    """The short display name of a kind: ``5m``, ``E``, ``C``, ``f1``."""
    _check_kind(kind)
    if kind < 27:
        return f"{kind % 9 + 1}{SUITS[kind // 9]}"
    if kind < NUM_KINDS:
        return HONOUR_LETTERS[kind - 27]
    return f"f{kind - 33}"


_CJK_RANKS = "一二三四五六七八九"
_CJK_SUITS = "萬筒条"
_CJK_HONOURS = "東南西北中發白"
_CJK_FLOWERS = "春夏秋冬梅兰竹菊"


def kind_name_cjk(kind: int) -> str:
    """The Chinese name for the client's CJK mode: ``五萬``, ``二筒``, ``東``, ``中``, ``春``.

    Every character is a CJK ideograph, which all terminals draw two cells wide.
    """
    _check_kind(kind)
    if kind < 27:
        return _CJK_RANKS[kind % 9] + _CJK_SUITS[kind // 9]
    if kind < NUM_KINDS:
        return _CJK_HONOURS[kind - 27]
    return _CJK_FLOWERS[kind - NUM_KINDS]


def parse_kinds(text: str) -> list[int]:
    """Read rules-book tile notation such as ``"123m 456p EE f3"`` into kinds, in text order.

    Digits are collected until their suit letter (``"19m"`` is 1m 9m); honour letters and
    flowers (``f1``..``f8``) stand alone. Spaces are optional.
    """
    kinds: list[int] = []
    digits: list[int] = []
    position = 0
    while position < len(text):
        char = text[position]
        if char.isdigit() and char != "0":
            digits.append(int(char))
        elif char in SUITS:
            if not digits:
                raise NotationError(f"suit letter {char!r} without ranks at {position} in {text!r}")
            base = SUITS.index(char) * 9
            kinds.extend(base + rank - 1 for rank in digits)
            digits = []
        elif digits:
            raise NotationError(f"ranks without a suit letter before {position} in {text!r}")
        elif char in HONOUR_LETTERS:
            kinds.append(27 + HONOUR_LETTERS.index(char))
        elif char == "f" and position + 1 < len(text) and text[position + 1] in "12345678":
            kinds.append(33 + int(text[position + 1]))
            position += 1
        elif not char.isspace():
            raise NotationError(f"unexpected {char!r} at {position} in {text!r}")
        position += 1
    if digits:
        raise NotationError(f"ranks without a suit letter at the end of {text!r}")
    return kinds


def format_kinds(kinds: Iterable[int]) -> str:
    """Canonical notation: sorted, one group per suit, honours and flowers one group each."""
    ordered = sorted(kinds)
    for kind in ordered:
        _check_kind(kind)
    groups: list[str] = []
    for suit, letter in enumerate(SUITS):
        ranks = "".join(str(k % 9 + 1) for k in ordered if k // 9 == suit and k < 27)
        if ranks:
            groups.append(ranks + letter)
    honours = "".join(HONOUR_LETTERS[k - 27] for k in ordered if 27 <= k < NUM_KINDS)
    if honours:
        groups.append(honours)
    flowers = "".join(kind_name(k) for k in ordered if k >= NUM_KINDS)
    if flowers:
        groups.append(flowers)
    return " ".join(groups)


def to_counts(kinds: Iterable[int]) -> list[int]:
    """The length-34 count vector that hand analysis takes (flowers are not allowed)."""
    counts = [0] * NUM_KINDS
    for kind in kinds:
        if not (isinstance(kind, int) and 0 <= kind < NUM_KINDS):
            raise TileError(f"{kind!r} is not a kind that can be held in a hand (0..33)")
        counts[kind] += 1
    return counts


def counts_to_kinds(counts: Sequence[int]) -> list[int]:
    """The sorted kinds of a count vector (the inverse of ``to_counts``)."""
    return [kind for kind, count in enumerate(counts) for _ in range(count)]


def _check_kind(kind: int) -> None:
    if not (isinstance(kind, int) and 0 <= kind < 42):
        raise TileError(f"no tile kind {kind!r} (kinds are 0..41)")
