"""Typed refusals of the economy and standing rules.

Each carries a stable machine-readable ``code`` that the server forwards verbatim; raising one
never changes the ledger, a bet book or a standing it was raised from.
"""

from __future__ import annotations


class PlatformError(Exception):
    """Base of every refusal in ``qipai.platform``."""

    code = "platform_error"

    def __init__(self, message: str) -> None:
        super().__init__(f"{self.code}: {message}")
        self.message = message


class BadInput(PlatformError):
    """A value of the wrong type or out of its domain (a negative amount, an unknown rank)."""

    code = "bad_input"


class InsufficientCoins(PlatformError):
    """A movement would take an account below zero (PL-11, PL-20)."""

    code = "insufficient_coins"


class UnbalancedMovement(PlatformError):
    """A movement whose entries do not sum to zero: it would create or destroy coins."""

    code = "unbalanced_movement"


class ReliefUnavailable(PlatformError):
    """Daily relief asked for with too many coins or twice the same day (PL-21)."""

    code = "relief_unavailable"


class BetWindowClosed(PlatformError):
    """A bet after ply 50 was played, or after the game ended (PL-09, PL-11)."""

    code = "bet_window_closed"


class BetLimitReached(PlatformError):
    """A third bet by the same spectator on one game (000:L63)."""

    code = "bet_limit_reached"


class BetAmountOutOfRange(PlatformError):
    """A bet below 10 or above 10,000 coins (PL-11)."""

    code = "bet_amount_out_of_range"


class SeatedCannotBet(PlatformError):
    """A player of the game, or anyone seated at its table, tried to bet (PL-11)."""

    code = "seated_cannot_bet"


class NotGoldenTable(PlatformError):
    """Bets on a game that is not a ranked Go game (PL-12)."""

    code = "not_golden_table"


class BetsAlreadySettled(PlatformError):
    """A bet book settled twice."""

    code = "bets_already_settled"


class PairingRefused(PlatformError):
    """Ranks or titles too far apart for a ranked game (§1, PL-04)."""

    code = "rank_too_far_apart"


class BelowRoomMinimum(PlatformError):
    """Too few coins to sit in a room (§6)."""

    code = "below_room_minimum"
