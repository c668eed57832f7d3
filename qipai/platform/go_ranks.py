"""The Go ladder 18k … 1k, 1d … 9d and how ranked games move a player on it (platform.md §1–4).

A rank is an index on one ladder (PL-05): 0 = 18k … 17 = 1k, 18 = 1d … 26 = 9d, so a move of
±n steps is plain arithmetic clamped to the ends and may cross the kyu/dan boundary. The band
whose table applies is the one the player holds *before* the move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType

from qipai.platform.errors import BadInput, PairingRefused

KYU_RANKS = 18
DAN_RANKS = 9
LOWEST = 0
HIGHEST = KYU_RANKS + DAN_RANKS - 1
WINDOW = 20
"""最近 20 局: the sliding window of valid ranked games at the current rank (PL-06)."""
WINS_OVER_LIMIT = 5
"""一个段位中与同一人的胜局不能超过 5 局 (000:L51)."""
DEFAULT_START = "18k"
_NOTATION = re.compile(r"^([1-9]|1[0-8])([kd])$")


def parse_rank(text: str) -> int:
    """``"18k"`` → 0, ``"1k"`` → 17, ``"1d"`` → 18, ``"9d"`` → 26."""
    match = _NOTATION.match(text) if isinstance(text, str) else None
    if match is None or (match[2] == "d" and int(match[1]) > DAN_RANKS):
        raise BadInput(f"{text!r} is not a rank between 18k and 9d")
    number = int(match[1])
    return KYU_RANKS - number if match[2] == "k" else KYU_RANKS + number - 1


def rank_name(rank: int) -> str:
    _check_rank(rank)
    return f"{KYU_RANKS - rank}k" if rank < KYU_RANKS else f"{rank - KYU_RANKS + 1}d"


def _check_rank(rank: object) -> None:
    if type(rank) is not int or not LOWEST <= rank <= HIGHEST:
        raise BadInput(f"{rank!r} is not a rank index 0..{HIGHEST}")


class Band(StrEnum):
    """The three tables of 000:L13–45."""

    KYU = "18k-1k"
    LOW_DAN = "1d-4d"
    HIGH_DAN = "5d-9d"


def band_of(rank: int) -> Band:
    _check_rank(rank)
    if rank < KYU_RANKS:
        return Band.KYU
    return Band.LOW_DAN if rank < KYU_RANKS + 4 else Band.HIGH_DAN


@dataclass(frozen=True)
class BandTable:
    """Win counts out of 20 at which a band moves; 以上/以下 include the boundary."""

    promote_two: int
    promote_one: int
    demote_one: int
    demote_two: int

    def steps(self, wins: int) -> int:
        """The largest promotion or demotion first, as the seed lists them."""
        if wins >= self.promote_two:
            return 2
        if wins >= self.promote_one:
            return 1
        if wins <= self.demote_two:
            return -2
        if wins <= self.demote_one:
            return -1
        return 0


BAND_TABLES = MappingProxyType(
    {
        Band.HIGH_DAN: BandTable(promote_two=20, promote_one=15, demote_one=7, demote_two=3),
        Band.LOW_DAN: BandTable(promote_two=18, promote_one=14, demote_one=6, demote_two=2),
        Band.KYU: BandTable(promote_two=15, promote_one=10, demote_one=5, demote_two=1),
    }
)


def starting_rank(text: str = DEFAULT_START) -> int:
    """PL-07: a new account declares 18k–1k; dan ranks must be earned."""
    rank = parse_rank(text)
    if rank >= KYU_RANKS:
        raise BadInput(f"a new account starts at 18k–1k, not {text}")
    return rank


def check_ranked_pairing(rank_a: int, rank_b: int) -> None:
    """同级，或者等级差不超过 1 级: at most one step apart on the ladder (1k–1d is legal)."""
    _check_rank(rank_a)
    _check_rank(rank_b)
    if abs(rank_a - rank_b) > 1:
        raise PairingRefused(
            f"{rank_name(rank_a)} and {rank_name(rank_b)} are more than one rank apart; "
            "play a friendly game instead"
        )


class Outcome(StrEnum):
    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"


def window_result(outcome: Outcome, own_rank: int, opponent_rank: int) -> bool:
    """Whether the game enters the window as a win. A draw (§3) is a loss for both at equal
    ranks, otherwise a win for the lower-ranked player and a loss for the higher."""
    if outcome is Outcome.DRAW:
        return own_rank < opponent_rank
    return outcome is Outcome.WIN


@dataclass(frozen=True)
class RankedEntry:
    """What one ranked game did to one player's standing, for the record and the moderators."""

    counted: bool
    """False when the game was invalid (GO-05) or a 6th+ win over the same opponent (PL-08)."""
    won: bool
    collusion_flag: bool
    steps: int
    rank_before: int
    rank_after: int


@dataclass(frozen=True)
class GoStanding:
    """A player's rank, the window at that rank (True = win, oldest first), and the ranked
    wins over each opponent while holding it (PL-08). Both reset on every rank change (PL-06)."""

    rank: int
    window: tuple[bool, ...] = ()
    wins_over: MappingProxyType[str, int] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        _check_rank(self.rank)
        if len(self.window) > WINDOW:
            raise BadInput(f"a window holds at most {WINDOW} games")

    @classmethod
    def new(cls, start: str = DEFAULT_START) -> GoStanding:
        return cls(starting_rank(start))

    def to_wire(self) -> dict:
        """Plain data for the accounts table and the profile screen."""
        return {
            "rank": rank_name(self.rank),
            "window": list(self.window),
            "wins_over": dict(self.wins_over),
        }

    @classmethod
    def from_wire(cls, data: object) -> GoStanding:
        try:
            window = tuple(data["window"])  # type: ignore[index]
            wins_over = {str(k): v for k, v in dict(data["wins_over"]).items()}  # type: ignore[index]
            rank = parse_rank(data["rank"])  # type: ignore[index]
        except (KeyError, TypeError, ValueError):
            raise BadInput(f"not a Go standing: {data!r}") from None
        if not all(type(w) is bool for w in window) or not all(
            type(v) is int and 0 < v <= WINS_OVER_LIMIT for v in wins_over.values()
        ):
            raise BadInput(f"not a Go standing: {data!r}")
        return cls(rank, window, MappingProxyType(wins_over))

    def record(
        self, opponent: str, opponent_rank: int, outcome: Outcome, *, valid: bool
    ) -> tuple[GoStanding, RankedEntry]:
        """The standing after one finished ranked game, and what the game did.

        Invalid games (fewer than 10 回合) leave the standing alone. A win beyond the fifth
        over the same opponent at this rank is recorded as friendly and flagged (PL-08, PL-23).
        The window is evaluated after every counted game once it holds 20.
        """
        _check_rank(opponent_rank)
        if not isinstance(opponent, str) or not opponent or type(valid) is not bool:
            raise BadInput(
                f"an opponent's account and valid=True/False, not {opponent!r}, {valid!r}"
            )
        try:
            outcome = Outcome(outcome)
        except ValueError:
            raise BadInput(f"an outcome is win, loss or draw, not {outcome!r}") from None
        won = window_result(outcome, self.rank, opponent_rank)
        if not valid:
            return self, RankedEntry(False, won, False, 0, self.rank, self.rank)
        wins_over = dict(self.wins_over)
        if won:
            if wins_over.get(opponent, 0) >= WINS_OVER_LIMIT:
                return self, RankedEntry(False, won, True, 0, self.rank, self.rank)
            wins_over[opponent] = wins_over.get(opponent, 0) + 1
        window = (*self.window, won)[-WINDOW:]
        steps = BAND_TABLES[band_of(self.rank)].steps(sum(window)) if len(window) == WINDOW else 0
        new_rank = min(HIGHEST, max(LOWEST, self.rank + steps))
        if new_rank != self.rank:
            after = GoStanding(new_rank)
        else:
            after = replace(self, window=window, wins_over=MappingProxyType(wins_over))
        return after, RankedEntry(True, won, False, steps, self.rank, new_rank)


def record_ranked_game(
    black: tuple[str, GoStanding],
    white: tuple[str, GoStanding],
    winner: str | None,
    *,
    valid: bool,
) -> tuple[tuple[GoStanding, RankedEntry], tuple[GoStanding, RankedEntry]]:
    """Both players' standings after one ranked game (``winner`` "black", "white" or None for
    a draw), each judged against the other's rank *before* the game."""
    (black_id, black_standing), (white_id, white_standing) = black, white
    check_ranked_pairing(black_standing.rank, white_standing.rank)
    if winner not in ("black", "white", None):
        raise BadInput(f"winner is black, white or None, not {winner!r}")
    if winner is None:
        black_outcome = white_outcome = Outcome.DRAW
    else:
        black_outcome = Outcome.WIN if winner == "black" else Outcome.LOSS
        white_outcome = Outcome.LOSS if winner == "black" else Outcome.WIN
    return (
        black_standing.record(white_id, white_standing.rank, black_outcome, valid=valid),
        white_standing.record(black_id, black_standing.rank, white_outcome, valid=valid),
    )
