"""众游世界 payments (ruleset-zhongyou.md §4.2, §6): shares, and who is liable for all three.

One share is ``b × 2^fan``. A discard win costs the discarder one share, a self-draw one share
from each other player, except that a liable player pays all three: the konger for 抢杠, the
feeder of a twelve-tiles-down hand (包自摸), the discarder of a direct kong's tile for 杠开 —
in that order of precedence (ZY-12, ZY-19).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from qipai.mahjong.notation import MeldKind
from qipai.mahjong.scoring import Payment
from qipai.mahjong.table.state import TableMeld

SEATS = 4
FULL_HAND_MELDS = 4
LIABLE_SHARES = 3
"""The one the rules make pay a whole win (包自摸, 杠开包, 抢杠) pays all three shares."""
FULL_SHOOT_SHARES = 3
"""全铳: a discarder pays three shares (one without it)."""


@dataclass(frozen=True)
class Liability:
    """A player who pays the whole self-draw, and the rule that makes him."""

    seat: int
    reason: str


def twelve_down_feeder(melds: Sequence[TableMeld]) -> int | None:
    """包自摸 (ZY-07): whose discard gave this player his fourth exposed meld, if anyone's.

    Four exposed melds leave one concealed tile, so the hand waits on a single tile. The fourth
    meld keeps its place when a pung later becomes an added kong, and remembers its feeder.
    """
    if len(melds) != FULL_HAND_MELDS:
        return None
    if any(m.type == MeldKind.KONG_CONCEALED.value for m in melds):
        return None
    return melds[-1].from_seat


def liability(
    *,
    self_draw: bool,
    robbed_konger: int | None,
    feeder: int | None,
    kong_discarder: int | None,
) -> Liability | None:
    """Who pays all three shares of this win, if anyone (ZY-12, ZY-19).

    ``kong_discarder`` is the discarder of the tile of the direct kong whose replacement won.
    """
    if robbed_konger is not None:
        return Liability(robbed_konger, "抢杠")
    if not self_draw:
        return None
    if feeder is not None:
        return Liability(feeder, "包自摸")
    if kong_discarder is not None:
        return Liability(kong_discarder, "杠开包")
    return None


def discard_shares(*, full_shoot: bool) -> int:
    return FULL_SHOOT_SHARES if full_shoot else 1


def share_payments(
    *,
    winner: int,
    fan: int,
    stake: int,
    discarder: int | None,
    liable: Liability | None,
    full_shoot: bool = False,
) -> list[Payment]:
    """The win's payments; ``full_shoot`` is the HK 全铳 option (discarder pays three shares)."""
    share = stake << fan
    if liable is not None:
        return [Payment(liable.seat, winner, LIABLE_SHARES * share, liable.reason)]
    if discarder is not None:
        shares = discard_shares(full_shoot=full_shoot)
        return [Payment(discarder, winner, share * shares, "点炮")]
    return [Payment(seat, winner, share, "自摸") for seat in range(SEATS) if seat != winner]
