"""How dangerous a discard is: who looks ready, and how likely a ready hand waits on a kind.

Only public signs count, the ones a careful player reads: melds laid down (and how few tiles are
left behind them), how long an opponent has been discarding, whether it is still shedding its
定缺 suit, a flush given away by melds all in
one suit, the opponent's own river (a kind it threw is rarely its wait; a kind three ranks from
one it threw, 筋, less often), its 定缺 suit (it can never win on it), and how many copies of a
kind are already in sight (an honour with three out is almost never waited on).
"""

from __future__ import annotations

from qipai.mahjong.bot_seat import Opponent, SeatPicture
from qipai.mahjong.tiles import suit_of

DEAL_IN_WORTH = 4.0
"""What a deal-in costs, in the worth units of ``SeatPicture.wait_values`` (a two-fan win),
before the ruleset's own surcharge on the discarder (``Ruleset.discard_win_surcharge``)."""


READY_PER_DISCARD = 0.065
READY_PER_MELD = 0.1
"""How much each discard and each meld adds to an opponent's chance of being ready: fitted to
today's bot in the four rooms (``ready_scores`` of its hand against the number of its discards
and melds; Sichuan's hands are the fastest, Lengzi's the slowest)."""


def readiness(opponent: Opponent, wall: int) -> float:
    """Chance that ``opponent`` is ready now, from its melds, river length and the wall."""
    melds = len(opponent.melds)
    chance = READY_PER_DISCARD * max(0, len(opponent.discards) - 3.5) + READY_PER_MELD * melds
    if opponent.hand_size <= 4:
        chance = max(chance, 0.75)
    if wall < 20:
        chance += 0.1
    shedding = opponent.discards and suit_of(opponent.discards[-1]) == opponent.void
    if opponent.void is not None and shedding:
        chance *= 0.3  # a hand still shedding its 定缺 suit cannot win yet (SC-01)
    return min(chance, 0.9)


def flush_suit(opponent: Opponent) -> int | None:
    """The suit an opponent's two or more melds all share (a flush in the making), if any."""
    suits = {suit_of(m["kind"]) for m in opponent.melds if not m.get("hidden")}
    if len(opponent.melds) >= 2 and len(suits) == 1:
        return next(iter(suits))
    return None


def wait_chance(kind: int, opponent: Opponent, picture: SeatPicture) -> float:
    """Chance that a ready ``opponent`` waits on ``kind``."""
    suit = suit_of(kind)
    if suit is not None and suit == opponent.void:
        return 0.0
    if kind in opponent.discards:
        return 0.03
    seen = picture.seen[kind]
    if suit is None:
        return (0.10, 0.10, 0.05, 0.02, 0.01)[min(seen, 4)]
    rank = kind % 9
    chance = (0.07, 0.09, 0.13, 0.13, 0.13, 0.13, 0.13, 0.09, 0.07)[rank]
    if seen >= 3:
        chance *= 0.4
    for step in (-3, 3):
        other = kind + step
        if 0 <= rank + step <= 8 and other in opponent.discards:
            chance *= 0.55
    flush = flush_suit(opponent)
    if flush is not None:
        chance *= 2.2 if suit == flush else 0.3
    return chance


def deal_in_risk(kind: int, picture: SeatPicture) -> float:
    """Expected loss of discarding ``kind`` now, in worth units."""
    risk = 0.0
    surcharge = picture.ruleset.discard_win_surcharge() / picture.ruleset.options.base
    for opponent in picture.opponents:
        worth = DEAL_IN_WORTH * (3.0 if flush_suit(opponent) is not None else 1.0) + surcharge
        risk += readiness(opponent, picture.wall) * wait_chance(kind, opponent, picture) * worth
    return risk
