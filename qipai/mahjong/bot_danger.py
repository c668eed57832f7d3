"""How dangerous a discard is: who looks ready, and how likely a ready hand waits on a kind.

Only public signs count, the ones a careful player reads (``bot_seat.Opponent``): how long an
opponent has been discarding, its melds, its run of 摸切 (drawn-and-thrown) discards, whether it
still sheds its 定缺 suit, the wall left; and per kind: its rank, 筋 against the opponent's
river, a neighbour with all four in sight (壁), how many copies are in sight, flush signs.

Exact rules come first. A kind of the opponent's 定缺 suit can never win for it, nor an honour
with all four copies in sight. A kind let
go by any seat since the opponent's hand last changed (``Opponent.passed``) would already have
won if it were the wait, since these rules have no 振听 (furiten) on one's own discards and
bots, like most players, take every win: only the rare declined win (a ruleset's fan minimum,
Baicheng's requirements) leaves it a wait, at the fitted ``PASSED_WAIT`` rate.

Everything else is two logistic models fitted on seeded shape-bot hands by
``bench/fit_danger.py`` (constants in ``bot_danger_fitted``): ``readiness`` per ruleset and
``wait_chance`` over all rooms. The shape bot is the league's opponent, and human players
show the same signs, all but one: a flush kept on purpose (``KEPT_FLUSH``).
"""

from __future__ import annotations

import math

from qipai.mahjong.bot_danger_fitted import PASSED_WAIT, READINESS, WAIT
from qipai.mahjong.bot_seat import Opponent, SeatPicture
from qipai.mahjong.tiles import suit_of

DEAL_IN_WORTH = 4.0
"""What a deal-in costs, in the worth units of ``SeatPicture.wait_values`` (a two-fan win),
before the ruleset's own surcharge on the discarder (``Ruleset.discard_win_surcharge``)."""

READINESS_FEATURES = (
    "bias",
    "discards/10",
    "(discards/10)^2",
    "melds",
    "drawn run 1",
    "drawn run 2",
    "drawn run 3+",
    "sheds its void",
    "wall/100",
    "passed kinds/10",
)
WAIT_FEATURES = (
    "bias",
    "honour",
    "terminal",
    "2 or 8",
    "2 seen",
    "3 seen",
    "4 seen",
    "in its river",
    "suji",
    "half suji",
    "kabe",
    "no chance",
    "flush suit",
    "other suit of a flush",
    "its river share of the suit",
    "a neighbour in its river",
    "near its last discard from the hand",
)


def _logistic(coefficients: tuple[float, ...], features: list[float]) -> float:
    z = sum(c * f for c, f in zip(coefficients, features, strict=True))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def readiness_features(opponent: Opponent, wall: int) -> list[float]:
    """``READINESS_FEATURES`` of an opponent (what ``bench/fit_danger.py`` fits)."""
    d = min(len(opponent.discards), 24) / 10
    run = opponent.drawn_run
    shedding = opponent.void is not None and any(
        suit_of(k) == opponent.void for k in opponent.discards[-2:]
    )
    return [
        1.0,
        d,
        d * d,
        float(len(opponent.melds)),
        float(run == 1),
        float(run == 2),
        float(run >= 3),
        float(shedding),
        wall / 100,
        len(opponent.passed) / 10,
    ]


def readiness(opponent: Opponent, picture: SeatPicture) -> float:
    """Chance that ``opponent`` is ready now (fitted per ruleset, ``READINESS``)."""
    coefficients = READINESS.get(picture.ruleset.name, READINESS["all"])
    return _logistic(coefficients, readiness_features(opponent, picture.wall))


KEPT_FLUSH = (2.2, 0.3)
"""A human's flush: melds all in one suit and not one tile of it thrown. The shape bots the fit
watches never chase a flush (their melds in one suit make that suit a *less* likely wait), so
this sign is no fitted one: a ready hand that keeps a flush waits on its suit this many times
as often as the fitted chance, and on any other suit this share of it."""


def kept_flush(opponent: Opponent) -> int | None:
    """The suit of a flush the opponent plainly keeps (``KEPT_FLUSH``), if any."""
    suit = flush_suit(opponent)
    if suit is None or any(suit_of(k) == suit for k in opponent.discards):
        return None
    return suit


def flush_suit(opponent: Opponent) -> int | None:
    """The suit an opponent's two or more melds all share (a flush in the making), if any."""
    suits = {suit_of(m["kind"]) for m in opponent.melds if not m.get("hidden")}
    if len(opponent.melds) >= 2 and len(suits) == 1:
        return next(iter(suits))
    return None


def wait_features(kind: int, opponent: Opponent, seen: list[int]) -> list[float]:
    """``WAIT_FEATURES`` of ``kind`` against ``opponent`` (what ``bench/fit_danger.py`` fits);
    ``seen``: copies of each kind in the deciding seat's sight."""
    suit = suit_of(kind)
    river = set(opponent.discards)
    count = min(seen[kind], 4)
    row = [1.0, float(suit is None), 0.0, 0.0, float(count == 2), float(count == 3)]
    row += [float(count == 4), float(kind in river), 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    if suit is None:
        return row
    rank = kind % 9
    row[2] = float(rank in (0, 8))
    row[3] = float(rank in (1, 7))
    sides = [kind + step in river for step in (-3, 3) if 0 <= rank + step <= 8]
    row[8] = float(all(sides))
    row[9] = float(any(sides) and not all(sides))

    def dead(other: int) -> bool:
        return not 0 <= other - suit * 9 <= 8 or seen[other] >= 4

    row[10] = float(dead(kind - 1) or dead(kind + 1))
    row[11] = float(
        (dead(kind - 2) or dead(kind - 1))
        and (dead(kind - 1) or dead(kind + 1))
        and (dead(kind + 1) or dead(kind + 2))
    )
    flush = flush_suit(opponent)
    row[12] = float(flush == suit)
    row[13] = float(flush is not None and flush != suit)
    if opponent.discards:
        row[14] = sum(1 for k in opponent.discards if suit_of(k) == suit) / len(opponent.discards)
    row[15] = float(any(kind + step in river for step in (-2, -1, 1, 2) if not dead(kind + step)))
    last = opponent.last_from_hand
    row[16] = float(last is not None and suit_of(last) == suit and abs(last - kind) <= 2)
    return row


def cannot_wait(kind: int, opponent: Opponent, seen: list[int]) -> bool:
    """A kind ``opponent`` cannot wait on at all: its 定缺 suit, or an honour with all four in
    sight (an honour is waited on only as a pair or a single, so it must hold one)."""
    suit = suit_of(kind)
    if suit is None:
        return seen[kind] >= 4
    return suit == opponent.void


def wait_chance(kind: int, opponent: Opponent, picture: SeatPicture) -> float:
    """Chance that a ready ``opponent`` waits on ``kind``."""
    suit = suit_of(kind)
    if cannot_wait(kind, opponent, picture.seen):
        return 0.0
    if kind in opponent.passed:
        return PASSED_WAIT.get(picture.ruleset.name, PASSED_WAIT["all"])
    chance = _logistic(WAIT, wait_features(kind, opponent, picture.seen))
    flush = kept_flush(opponent)
    if flush is not None:
        chance *= KEPT_FLUSH[0] if suit == flush else KEPT_FLUSH[1]
    return min(chance, 1.0)


def threats(picture: SeatPicture) -> list[tuple[Opponent, float, float]]:
    """Each opponent with its readiness and what its win would cost this seat."""
    surcharge = picture.ruleset.discard_win_surcharge() / picture.ruleset.options.base
    found = []
    for opponent in picture.opponents:
        worth = DEAL_IN_WORTH * (3.0 if kept_flush(opponent) is not None else 1.0) + surcharge
        found.append((opponent, readiness(opponent, picture), worth))
    return found


def deal_in_risk(
    kind: int, picture: SeatPicture, found: list[tuple[Opponent, float, float]] | None = None
) -> float:
    """Expected loss of discarding ``kind`` now, in worth units (``found``: ``threats``,
    computed once per decision)."""
    if found is None:
        found = threats(picture)
    return sum(
        ready * wait_chance(kind, opponent, picture) * worth for opponent, ready, worth in found
    )
