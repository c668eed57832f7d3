"""The input every analysis function takes: a length-34 count vector of the concealed tiles."""

from __future__ import annotations

from collections.abc import Sequence

from qipai.mahjong.tiles import NUM_KINDS, TileError

MAX_CONCEALED = 14
"""Four sets and a pair: no concealed part is ever larger."""


class HandCountsError(TileError):
    """A count vector that no concealed hand can have (wrong length, a count outside 0..4, or
    more than 14 tiles)."""

    code = "bad_hand_counts"


SMALL_COUNTS = bytes(range(5))
"""``key.strip(SMALL_COUNTS)`` is empty exactly when every count in ``key`` is 0..4 (a C-speed
check for the hot paths, which hold the counts as ``bytes``)."""


def check_counts(counts: Sequence[int]) -> None:
    """Raise ``HandCountsError`` unless ``counts`` could be a concealed hand."""
    if len(counts) != NUM_KINDS:
        raise HandCountsError(f"a hand's count vector has {NUM_KINDS} entries, not {len(counts)}")
    for count in counts:
        if not (isinstance(count, int) and 0 <= count <= 4):
            raise HandCountsError(f"a kind's count must be an int 0..4, got {count!r}")
    if sum(counts) > MAX_CONCEALED:
        raise HandCountsError(f"{sum(counts)} tiles: a concealed hand has at most {MAX_CONCEALED}")


def checked_key(counts: Sequence[int]) -> bytes:
    """``counts`` as ``bytes``, or ``HandCountsError``: the slow paths' check, done in C unless
    the vector is bad, when ``check_counts`` names the problem."""
    try:
        key = bytes(bytearray(counts))  # via bytearray: markedly faster from a list
    except (TypeError, ValueError):
        key = b""
    if len(key) != NUM_KINDS or key.strip(SMALL_COUNTS) or sum(key) > MAX_CONCEALED:
        check_counts(counts)
    return key
