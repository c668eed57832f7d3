"""Coins as an append-only, double-entry ledger (design.md "Persistence", issue 7).

Every movement is a group of entries that sums to zero, so no rule can create or destroy a
coin; the house is the one account allowed below zero, because it issues grants and relief and
takes fees, rake and remainders. Hence, at every moment,
``sum of every other account = coins granted − coins the house took``. A balance is never
stored apart from the entries: ``balances_from`` recomputes it, which is what the server checks
on start. One movement is one database transaction together with the hand or game it belongs to.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from qipai.platform.errors import BadInput, InsufficientCoins, UnbalancedMovement

HOUSE = "house"
"""The issuer and sink of coins: grants, relief, fees, rake, remainders."""


def pot_account(table: str) -> str:
    """The Lengzi 锅底 of one table: coins in it belong to nobody until a 棱子炸 or a split."""
    return f"pot:{table}"


def bet_pool_account(game: str) -> str:
    """The stakes of one golden table, held until the game's result (PL-10)."""
    return f"bets:{game}"


class Reason(StrEnum):
    """Why coins moved; stable strings, stored with each entry."""

    NEW_ACCOUNT = "new_account"
    RELIEF = "relief"
    OPERATOR = "operator"
    HAND = "hand"
    TABLE_FEE = "table_fee"
    POT = "pot"
    POT_SPLIT = "pot_split"
    POT_CLOSED = "pot_closed"
    ESCAPE_PENALTY = "escape_penalty"
    BET = "bet"
    BET_PAYOUT = "bet_payout"
    BET_REFUND = "bet_refund"
    BET_RAKE = "bet_rake"


@dataclass(frozen=True)
class Entry:
    """One line: ``amount`` coins into (or, negative, out of) ``account``.

    ``ref`` names the hand, game, day or operator action it belongs to; ``detail`` carries the
    rule's own words (棱子炸, 下炮, 杠上炮 ...) for the profile screen.
    """

    account: str
    amount: int
    reason: Reason
    ref: str
    detail: str = ""

    def to_wire(self) -> dict:
        return {
            "account": self.account,
            "amount": self.amount,
            "reason": self.reason.value,
            "ref": self.ref,
            "detail": self.detail,
        }

    @classmethod
    def from_wire(cls, data: dict) -> Entry:
        return cls(
            str(data["account"]),
            int(data["amount"]),
            Reason(data["reason"]),
            str(data["ref"]),
            str(data.get("detail", "")),
        )


@dataclass(frozen=True)
class Movement:
    """Entries that belong together and balance: one transfer, one hand, one bet settlement."""

    entries: tuple[Entry, ...]

    def __post_init__(self) -> None:
        for entry in self.entries:
            if type(entry.amount) is not int or entry.amount == 0:
                raise BadInput(f"entry amounts are non-zero integers, not {entry.amount!r}")
            if not entry.account:
                raise BadInput("an entry needs an account")
        total = sum(e.amount for e in self.entries)
        if total:
            raise UnbalancedMovement(f"entries sum to {total}, not 0")

    def net(self) -> dict[str, int]:
        totals: dict[str, int] = {}
        for entry in self.entries:
            totals[entry.account] = totals.get(entry.account, 0) + entry.amount
        return totals

    def __add__(self, other: Movement) -> Movement:
        return Movement(self.entries + other.entries)


EMPTY = Movement(())


def combine(parts: Iterable[Movement]) -> Movement:
    """One movement from several, checked once (``+`` in a loop would re-check every entry)."""
    return Movement(tuple(entry for part in parts for entry in part.entries))


def transfer(
    payer: str, payee: str, amount: int, reason: Reason, ref: str, detail: str = ""
) -> Movement:
    """``amount`` coins from payer to payee; a zero transfer is no movement at all."""
    if type(amount) is not int or amount < 0:
        raise BadInput(f"a transfer moves a non-negative integer, not {amount!r}")
    if amount == 0 or payer == payee:
        return EMPTY
    return Movement(
        (Entry(payer, -amount, reason, ref, detail), Entry(payee, amount, reason, ref, detail))
    )


def balances_from(entries: Iterable[Entry]) -> dict[str, int]:
    """Balances recomputed from scratch; accounts that net to zero are left out."""
    totals: dict[str, int] = {}
    for entry in entries:
        totals[entry.account] = totals.get(entry.account, 0) + entry.amount
    return {account: total for account, total in totals.items() if total}


class Ledger:
    """The in-memory model of the ledger table: movements appended whole or not at all."""

    def __init__(self) -> None:
        self._movements: list[Movement] = []
        self._balances: dict[str, int] = {}
        self._keys: set[tuple[str, Reason, str]] = set()

    @property
    def movements(self) -> tuple[Movement, ...]:
        return tuple(self._movements)

    def entries(self) -> list[Entry]:
        return [entry for movement in self._movements for entry in movement.entries]

    def balance(self, account: str) -> int:
        return self._balances.get(account, 0)

    def balances(self) -> Mapping[str, int]:
        return {a: b for a, b in self._balances.items() if b}

    def has_entry(self, account: str, reason: Reason, ref: str) -> bool:
        return (account, reason, ref) in self._keys

    def post(self, movement: Movement) -> None:
        """Append a movement, refusing it whole if any account but the house would go negative."""
        after = dict(self._balances)
        for account, change in movement.net().items():
            after[account] = after.get(account, 0) + change
            if account != HOUSE and after[account] < 0:
                raise InsufficientCoins(
                    f"{account} holds {self.balance(account)} coins and cannot pay {-change}"
                )
        self._movements.append(movement)
        self._balances = after
        self._keys.update((e.account, e.reason, e.ref) for e in movement.entries)
