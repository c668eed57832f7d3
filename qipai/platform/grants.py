"""Where coins come from (PL-21): the new-account grant, daily relief, operator grants.

Each is a movement out of the house with its reason, so the ledger alone explains every coin a
player ever held. Days are given by the caller (the server owns the clock), as ISO date strings.
"""

from __future__ import annotations

from qipai.platform.errors import BadInput, ReliefUnavailable
from qipai.platform.ledger import HOUSE, Ledger, Movement, Reason, transfer

NEW_ACCOUNT_COINS = 5_000
RELIEF_COINS = 1_000
RELIEF_BELOW = 320
"""Relief is for a player who cannot sit in the cheapest room (§6)."""


def new_account(account: str) -> Movement:
    return transfer(HOUSE, account, NEW_ACCOUNT_COINS, Reason.NEW_ACCOUNT, f"account:{account}")


def relief(ledger: Ledger, account: str, day: str) -> Movement:
    """救济金: 1,000 coins once per day to a player holding fewer than 320."""
    _check_text(account, "account")
    _check_text(day, "day")
    if ledger.balance(account) >= RELIEF_BELOW:
        raise ReliefUnavailable(
            f"relief is for players below {RELIEF_BELOW} coins; you hold {ledger.balance(account)}"
        )
    ref = f"relief:{day}"
    if ledger.has_entry(account, Reason.RELIEF, ref):
        raise ReliefUnavailable(f"relief was already claimed on {day}; come back tomorrow")
    return transfer(HOUSE, account, RELIEF_COINS, Reason.RELIEF, ref)


def operator_grant(account: str, amount: int, why: str, ref: str) -> Movement:
    """The operator adds (positive) or removes (negative) coins, always with a stated reason."""
    _check_text(why, "reason")
    if type(amount) is not int or amount == 0:
        raise BadInput(f"an operator grant moves a non-zero integer, not {amount!r}")
    if amount > 0:
        return transfer(HOUSE, account, amount, Reason.OPERATOR, ref, why)
    return transfer(account, HOUSE, -amount, Reason.OPERATOR, ref, why)


def _check_text(value: object, what: str) -> None:
    if not isinstance(value, str) or not value:
        raise BadInput(f"{what} must be a non-empty string, not {value!r}")
