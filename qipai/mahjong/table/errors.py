"""Typed errors of the table machine.

Every refusal carries a stable machine-readable ``code`` (the server forwards it verbatim to the
client) and a human message; raising one never changes the state it was raised from.
"""

from __future__ import annotations


class MahjongError(Exception):
    """Base class; ``code`` is stable and part of the protocol."""

    code = "mahjong_error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class MalformedAction(MahjongError):
    """The action cannot even be read (unknown type, wrong field types, seat out of range)."""

    code = "malformed_action"


class IllegalAction(MahjongError):
    """A well-formed action that the rules do not allow now."""

    code = "illegal_action"


class NotYourTurn(IllegalAction):
    """The seat has no decision pending (or has already answered the claim window)."""

    code = "not_your_turn"


class HandOver(IllegalAction):
    """The hand has ended; nothing more can be played in it."""

    code = "hand_over"


class HandNotOver(MahjongError):
    """A finished hand was expected (booking it in a Match) but it is still being played."""

    code = "hand_not_over"


class BadOptions(MahjongError):
    """Room options that do not belong to the ruleset or have values outside their choices."""

    code = "bad_options"


class UnknownRuleset(MahjongError):
    """No ruleset is registered under that name."""

    code = "unknown_ruleset"


class WrongPhase(MahjongError):
    """The request belongs to another moment of the match (a 下炮 during a hand, an action
    between hands)."""

    code = "wrong_phase"
