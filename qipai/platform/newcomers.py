"""Coins nobody can farm (issue 14): who may open an account, and what a newcomer's coins may do.

Every account starts with 5,000 coins from the house (PL-21). Left alone, a script that opens
accounts and hands their coins to one of them (bets on the losing side of a thrown game, hands
thrown into one seat) makes coins from nothing. Three rules close it, each the hall operator's to
tune (platform.md "Coins nobody can farm"):

1. registration is limited per address and in total over a sliding day (``RegistrationPolicy``),
   or by invitation, or closed;
2. a newcomer — an account younger than a day, or with fewer than 20 ranked plays (coin-room
   hands and counted ranked Go games) — cannot bet, and what it loses at a table goes to the
   house, not to the other players (``newcomer_payee``): its coins cannot reach another account
   until it has really played;
3. a bet is refused from an address one of the game's players plays from (``check_bettor``).

The seed's own rule, at most 5 counted ranked wins over the same opponent per rank, is
``go_ranks.WINS_OVER_LIMIT`` (PL-08). Everything here is pure: the server passes the clock,
the addresses and the counts.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum

from qipai.platform.errors import BadInput, PlatformError

DAY = 24 * 3600.0
NEWCOMER_PLAYS = 20
"""Ranked plays (coin-room hands, counted ranked Go games) before an account's coins move."""
NEWCOMER_AGE = DAY
"""…and at least a day since registration, so a script's accounts wait like anyone's."""


class RegistrationRefused(PlatformError):
    """No new account now: registration is closed, needs an invitation, or hit its limit."""

    code = "registration_refused"


class NewcomerCannotBet(PlatformError):
    """A golden-table bet from an account that has not really played yet."""

    code = "newcomer_cannot_bet"


class SameAddressBet(PlatformError):
    """A golden-table bet from the address one of the game's players plays from."""

    code = "same_address_bet"


class RegistrationMode(StrEnum):
    OPEN = "open"
    """Anyone, any number (a private hall among friends)."""
    LIMITED = "limited"
    """Anyone, within ``per_address`` and ``total`` new accounts a day (the default)."""
    INVITE = "invite"
    """Only with an invitation an established player asked the hall for."""
    CLOSED = "closed"
    """No new accounts over the protocol."""


@dataclass(frozen=True)
class RegistrationPolicy:
    mode: RegistrationMode = RegistrationMode.LIMITED
    per_address: int = 3
    """A household shares an address; three a day lets a family in, not a script."""
    total: int = 30
    """A LAN hall gains a few players a day; thirty is a busy first day."""
    window: float = DAY

    def __post_init__(self) -> None:
        if type(self.per_address) is not int or type(self.total) is not int:
            raise BadInput("registration limits are integers")
        if not 0 < self.per_address <= self.total or self.window <= 0:
            raise BadInput(
                f"registration limits need 0 < per address ({self.per_address})"
                f" <= total ({self.total}) and a positive window"
            )


class Registrations:
    """The new accounts of the last ``window`` seconds, by address: the limit's memory."""

    def __init__(self, policy: RegistrationPolicy) -> None:
        self.policy = policy
        self._recent: deque[tuple[float, str]] = deque()

    def _forget_old(self, now: float) -> None:
        while self._recent and self._recent[0][0] <= now - self.policy.window:
            self._recent.popleft()

    def check(self, address: str, now: float, *, invited: bool = False) -> None:
        """Raise ``RegistrationRefused`` unless an account may be opened from ``address`` now."""
        mode = self.policy.mode
        if mode is RegistrationMode.CLOSED:
            raise RegistrationRefused("this hall takes no new accounts; ask its operator")
        if mode is RegistrationMode.INVITE and not invited:
            raise RegistrationRefused(
                "this hall takes new players by invitation: ask a player for an invitation code"
            )
        if mode is not RegistrationMode.LIMITED:
            return
        self._forget_old(now)
        if len(self._recent) >= self.policy.total:
            raise RegistrationRefused("the hall has opened all the accounts it opens in a day")
        if sum(1 for _, a in self._recent if a == address) >= self.policy.per_address:
            raise RegistrationRefused(
                f"{self.policy.per_address} accounts were opened from your address today;"
                " try again tomorrow"
            )

    def opened(self, address: str, now: float) -> tuple[float, str]:
        """Count a new account; the returned entry can be ``withdraw``n if none came of it."""
        self._forget_old(now)
        entry = (now, address)
        self._recent.append(entry)
        return entry

    def withdraw(self, entry: tuple[float, str]) -> None:
        if entry in self._recent:
            self._recent.remove(entry)


@dataclass(frozen=True)
class NewcomerRule:
    """How much an account must have played before its coins may reach another account."""

    plays: int = NEWCOMER_PLAYS
    age: float = NEWCOMER_AGE

    def applies(self, age: float, plays: int) -> bool:
        """An account that has not really played yet: too young, or too few ranked plays."""
        if type(plays) is not int or plays < 0:
            raise BadInput(f"plays is a count, not {plays!r}")
        return age < self.age or plays < self.plays


NO_NEWCOMERS = NewcomerRule(plays=0, age=0.0)
"""Every account counts as having played (a private hall; tests of the coin rules themselves)."""


def newcomer_payee(payer: int, payee: int, newcomers: Collection[int], house: int) -> int:
    """Who receives a payment at a table: the house when a newcomer pays anyone else (a seat,
    the Lengzi pot), so coins granted to an account never reach another through thrown hands."""
    return house if payer in newcomers and payee != house else payee


def check_bettor(newcomer: bool, address: str | None, player_addresses: Collection[str]) -> None:
    """A golden-table bet needs an account that has really played, from an address none of
    the game's players plays from (a second account at the same machine is no spectator)."""
    if newcomer:
        raise NewcomerCannotBet(
            "bets are for players who have played: ranked games or hands, and a day in the hall"
        )
    if address is not None and address in player_addresses:
        raise SameAddressBet("you play from the same address as one of this game's players")
