"""Typed errors of the Go engine.

Every rejection carries a stable machine-readable ``code`` so that the server can forward it and
the client can translate it, and a rejected call never changes the game.
"""

from __future__ import annotations


class GoError(Exception):
    """Base of every error the Go engine raises on bad input or misuse."""

    code = "go_error"

    def __init__(self, code: str | None = None, message: str = "") -> None:
        if code is not None:
            self.code = code
        self.message = message or self.code.replace("_", " ")
        super().__init__(f"{self.code}: {self.message}")


class IllegalMove(GoError):
    """A stone or pass the rules forbid.

    Codes: ``occupied``, ``suicide``, ``ko``, ``not_your_turn``, ``game_over``, ``off_board``.
    (The rules book's ``illegal_suicide`` / ``illegal_ko`` are these codes with a protocol prefix.)
    """

    code = "illegal_move"


class SgfError(GoError):
    """A record that cannot be read, or whose moves are illegal under our rules.

    ``move_number`` is the 1-based ply of the offending move (``None`` for a syntax problem).
    """

    code = "bad_sgf"

    def __init__(self, message: str, move_number: int | None = None, reason: str = "") -> None:
        self.move_number = move_number
        self.reason = reason
        super().__init__("bad_sgf", message)


class BadOptions(GoError):
    """Table options the rules book does not allow (sizes GO-03, komi GO-02, handicap GO-10)."""

    code = "bad_options"

    def __init__(self, message: str) -> None:
        super().__init__(None, message)
