"""The golden Go table's spectator bets (PL-12, platform.md §5): placing a bet against the
ledger, the public bet list and pool in the view, closing at ply 50 (PL-09), each bettor's
outcome once the game is stored, and the refund when the hall stops mid-game.

The book is ``qipai.platform.betting.BetBook``; this mixin only moves its stakes through the
hall's store and tells the bettors.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from qipai.go import OVER, Game
from qipai.platform.betting import (
    BET_PLIES,
    BETS_PER_SPECTATOR,
    MAX_BET,
    MIN_BET,
    Bet,
    BetBook,
    BetsSettled,
    Side,
)
from qipai.platform.errors import BadInput, PlatformError
from qipai.protocol import ErrorCode, ProtocolError

from .. import bets as stored_bets
from ..economy import balance

if TYPE_CHECKING:
    from ..session import Session
    from .host import GoHost


def platform_error(error: PlatformError) -> ProtocolError:
    """A refusal of the betting core, forwarded with its own code (bad input is a bad field)."""
    code = ErrorCode.BAD_FIELD if isinstance(error, BadInput) else ErrorCode(error.code)
    return ProtocolError(code, error.message)


def bettor_outcome(settled: BetsSettled, bettor: str) -> dict[str, Any]:
    """One bettor's end of the pool: refunded, or won / lost / even by ``net`` coins."""
    net = settled.nets[bettor]
    if settled.refunded:
        outcome = "refunded"
    else:
        outcome = "won" if net > 0 else "lost" if net < 0 else "even"
    return {"outcome": outcome, "net": net, "text": settled.message(bettor)}


def outcome_view(settled: BetsSettled) -> dict[str, Any]:
    """The settled pool as everyone at the table sees it."""
    return {
        "refunded": settled.refunded,
        "rake": settled.rake,
        "bettors": {name: bettor_outcome(settled, name) for name in sorted(settled.nets)},
    }


class GoBets:
    """The bets part of a Go table (mixed into ``GoTable``)."""

    hall: GoHost
    id: int
    game: Game
    golden: bool
    audience: set[Session]
    record_id: int | None
    book: BetBook | None
    bets_settled: BetsSettled | None
    _pending_bets: list[Bet]

    async def bet(self, session: Session, side: str, amount: int) -> dict[str, Any]:
        """A spectator's bet (platform.md §5). The book judges it with the balance just read;
        its stake then goes into the pool in its own transaction, and only a bet that reached
        the ledger is shown. A refusal at either step leaves book and ledger as they were."""
        name = session.name or ""
        if self.book is None:
            if self.golden:
                raise ProtocolError(ErrorCode.TABLE_NOT_STARTED, "bets open when the game starts")
            raise ProtocolError(ErrorCode.NOT_GOLDEN_TABLE, "only ranked Go tables take bets")
        self._require_watching(session)
        await self.hall.check_bettor(session, self)
        self._require_watching(session)  # again after the read
        store = self.hall.store
        coins = await store.call(balance, store.db, name)
        self._require_watching(session)  # again: one may leave while the balance is read
        book = self.book
        try:
            movement = book.place(
                name, side, amount, plies_played=self.game.move_number, balance=coins
            )
        except PlatformError as error:
            raise platform_error(error) from None
        placed = book.bets[-1]
        self._pending_bets.append(placed)
        try:
            after = await store.call(
                stored_bets.place_bet, store.db, self.record_id, movement, time.time()
            )
        except BaseException as error:  # the transaction rolled back: no stake, so no bet
            book.bets.remove(placed)
            if isinstance(error, PlatformError):
                raise platform_error(error) from None
            raise
        finally:
            self._pending_bets = [b for b in self._pending_bets if b is not placed]
        self.publish("bet", **placed.to_wire())
        return {"bet": placed.to_wire(), "balance": after}

    def _require_watching(self, session: Session) -> None:
        if session not in self.audience:
            raise ProtocolError(ErrorCode.NOT_AT_TABLE, "watch the table to bet on it")

    def refund_bets(self) -> None:
        """The hall is stopping with this game unfinished: it will never get a record, so its
        pool goes back to the bettors now (a crash leaves that to the next start)."""
        if self.book is None or self.game.phase == OVER:
            return
        self.book.close()
        self.hall.refund_bets(self.book.game)

    def _bets_view(self) -> dict[str, Any] | None:
        """The golden table's public bet list (000:L63), pool per side, and once stored each
        bettor's outcome (000:L65); null on a friendly table."""
        book = self.book
        if book is None:
            return None
        placed = [b for b in book.bets if not any(b is p for p in self._pending_bets)]
        pool = {side.value: sum(b.amount for b in placed if b.side is side) for side in Side}
        settled = self.bets_settled
        return {
            "game": self.record_id,
            "open": self.bets_open,
            "bets": [b.to_wire() for b in placed],
            "pool": pool,
            "limits": {"min": MIN_BET, "max": MAX_BET, "per_spectator": BETS_PER_SPECTATOR},
            "close_at_ply": BET_PLIES,
            "outcome": None if settled is None else outcome_view(settled),
        }

    @property
    def bets_open(self) -> bool:
        book = self.book
        return (
            book is not None
            and not book.closed
            and self.game.phase != OVER
            and self.game.move_number < BET_PLIES
        )

    def _close_bets_at_ply_limit(self) -> None:
        """PL-09: bets close the instant ply 50 is played, and an undo does not reopen them."""
        if self.book is not None and self.game.move_number >= BET_PLIES:
            self.book.close()

    def tell_bettors(self) -> None:
        """Each bettor online hears how their bets ended (000:L65)."""
        settled = self.bets_settled
        if settled is None:
            return
        for bettor in settled.nets:
            member = self.hall.online.get(bettor)
            if member is not None:
                member.send(
                    {
                        "type": "bet_result",
                        "table": self.id,
                        "game": self.record_id,
                        **bettor_outcome(settled, bettor),
                    }
                )
