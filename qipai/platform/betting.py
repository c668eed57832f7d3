"""Golden tables: spectators' bets on a ranked Go game (platform.md §5, PL-09 … PL-12, PL-23).

A bet moves the stake from the bettor into the game's pool account at once, so a bettor can
never spend coins that are riding on a game; at the end the pool is emptied by one movement:
parimutuel payouts and the rake, or refunds. The table task owns one ``BetBook`` per game and
tells it the ply count; a refused bet raises before the book changes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from qipai.platform.errors import (
    BadInput,
    BetAmountOutOfRange,
    BetLimitReached,
    BetsAlreadySettled,
    BetWindowClosed,
    InsufficientCoins,
    NotGoldenTable,
    SeatedCannotBet,
)
from qipai.platform.ledger import (
    HOUSE,
    Entry,
    Movement,
    Reason,
    bet_pool_account,
    combine,
    transfer,
)

BET_PLIES = 50
"""Bets are open while fewer than 50 plies (passes included) have been played (PL-09)."""
BETS_PER_SPECTATOR = 2
MIN_BET = 10
MAX_BET = 10_000
RAKE_PERCENT = 5


class Side(StrEnum):
    BLACK = "black"
    WHITE = "white"


@dataclass(frozen=True)
class Bet:
    bettor: str
    side: Side
    amount: int

    def to_wire(self) -> dict:
        return {"bettor": self.bettor, "side": self.side.value, "amount": self.amount}


@dataclass(frozen=True)
class BetsSettled:
    """The pool's end: the movement to post and each bettor's net for the pop-up (000:L65)."""

    movement: Movement
    refunded: bool
    nets: dict[str, int]
    rake: int

    def message(self, bettor: str) -> str:
        net = self.nets[bettor]
        if self.refunded:
            return "竞猜退还 (bets refunded)"
        return f"赢 {net}" if net > 0 else f"输 {-net}" if net < 0 else "持平 (even)"


def parimutuel(bets: list[Bet], winner: Side) -> tuple[list[int], int]:
    """Each bet's payout and the house's take: a 5 % rake of the pool, the rest shared by the
    winning bets in proportion to their amounts, each floored; remainders to the house."""
    pool = sum(b.amount for b in bets)
    rake = pool * RAKE_PERCENT // 100
    shared = pool - rake
    winning = sum(b.amount for b in bets if b.side is winner)
    payouts = [shared * b.amount // winning if b.side is winner else 0 for b in bets]
    return payouts, pool - sum(payouts)


class BetBook:
    """The bets of one ranked Go game, shown to everyone at the table."""

    def __init__(self, game: str, seated: frozenset[str], *, ranked_go: bool) -> None:
        if not ranked_go:
            raise NotGoldenTable("only ranked Go games are golden tables (PL-12)")
        self.game = game
        self.seated = frozenset(seated)
        self.pool = bet_pool_account(game)
        self.bets: list[Bet] = []
        self.closed = False
        self.settled = False

    @classmethod
    def from_ledger(cls, game: str, seated: frozenset[str], entries: Iterable[Entry]) -> BetBook:
        """The book as the ledger left it (after a restart): every stake posted into the pool
        is a bet, in order; a pool already emptied by its settlement is settled."""
        book = cls(game, seated, ranked_go=True)
        for entry in entries:
            if entry.ref != game or entry.account == book.pool:
                continue
            if entry.reason is Reason.BET:
                book.bets.append(Bet(entry.account, Side(entry.detail), -entry.amount))
            elif entry.reason in (Reason.BET_PAYOUT, Reason.BET_REFUND, Reason.BET_RAKE):
                book.closed = book.settled = True
        return book

    def close(self) -> None:
        """The game ended before ply 50: no more bets (PL-11)."""
        self.closed = True

    def place(
        self, bettor: str, side: Side | str, amount: int, *, plies_played: int, balance: int
    ) -> Movement:
        """Record a bet and return the movement of its stake into the pool; post it with the bet."""
        if type(plies_played) is not int or plies_played < 0 or type(balance) is not int:
            raise BadInput(f"plies and balance are integers, not {plies_played!r}, {balance!r}")
        if self.closed or self.settled or plies_played >= BET_PLIES:
            raise BetWindowClosed(f"bets close when ply {BET_PLIES} is played or the game ends")
        if bettor in self.seated:
            raise SeatedCannotBet("players and anyone seated at this table cannot bet on it")
        try:
            side = Side(side)
        except ValueError:
            raise BadInput(f"a bet is on black or white, not {side!r}") from None
        if type(amount) is not int or not MIN_BET <= amount <= MAX_BET:
            raise BetAmountOutOfRange(f"a bet is {MIN_BET}–{MAX_BET:,} coins, not {amount!r}")
        if sum(b.bettor == bettor for b in self.bets) >= BETS_PER_SPECTATOR:
            raise BetLimitReached(f"each spectator has {BETS_PER_SPECTATOR} bets per game")
        if amount > balance:
            raise InsufficientCoins(f"you hold {balance} coins and cannot bet {amount}")
        self.bets.append(Bet(bettor, side, amount))
        return transfer(bettor, self.pool, amount, Reason.BET, self.game, side.value)

    def settle(self, winner: Side | None, *, valid: bool) -> BetsSettled:
        """The pool after the game: refunds when drawn (``winner`` None), invalid, or one-sided
        (PL-10); otherwise parimutuel. A 6th win over the same opponent settles normally (PL-23)."""
        if self.settled:
            raise BetsAlreadySettled(f"the bets of {self.game} are already settled")
        if winner not in (*Side, None) or type(valid) is not bool:
            raise BadInput(f"a winner is black, white or None, not {winner!r}")
        sides = {b.side for b in self.bets}
        refund = winner is None or not valid or len(sides) < 2
        if refund:
            payouts, house = [b.amount for b in self.bets], 0
            reason = Reason.BET_REFUND
        else:
            payouts, house = parimutuel(self.bets, Side(winner))
            reason = Reason.BET_PAYOUT
        parts = []
        nets: dict[str, int] = {}
        for bet, payout in zip(self.bets, payouts, strict=True):
            parts.append(transfer(self.pool, bet.bettor, payout, reason, self.game, bet.side.value))
            nets[bet.bettor] = nets.get(bet.bettor, 0) + payout - bet.amount
        parts.append(transfer(self.pool, HOUSE, house, Reason.BET_RAKE, self.game))
        movement = combine(parts)
        self.closed = self.settled = True
        pool = sum(b.amount for b in self.bets)
        return BetsSettled(movement, refund, nets, 0 if refund else pool * RAKE_PERCENT // 100)
