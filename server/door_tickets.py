"""One-time login tickets the hall issues to the SSH door for the visitor's client.

A ticket is the door's word that the visitor proved who they are (an SSH key, a password the
hall checked, or nothing for a guest).  It is handed to a client process on the same machine,
so it is short-lived and single-use: seeing it later in a process listing opens nothing.  Only
SHA-256 digests are kept.  Synchronous, with ``now`` from the caller, so it is tested without
a clock.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

TICKET_LIFETIME = 60.0


def _digest(ticket: str) -> bytes:
    return hashlib.sha256(ticket.encode()).digest()


def door_secret_matches(expected: str | None, offered: str) -> bool:
    """False when no door was configured, so that an empty secret never opens anything."""
    return bool(expected) and hmac.compare_digest(expected.encode(), offered.encode())


class TicketBook:
    def __init__(self, lifetime: float = TICKET_LIFETIME) -> None:
        self.lifetime = lifetime
        self._tickets: dict[bytes, tuple[str, float, str | None]] = {}

    def issue(self, name: str, now: float, address: str | None = None) -> str:
        """``address``: where the visitor connected from (the door's own connection to the hall
        is this machine's), for the per-address rules once the ticket is redeemed."""
        self._drop_expired(now)
        ticket = secrets.token_urlsafe(32)
        self._tickets[_digest(ticket)] = (name, now + self.lifetime, address)
        return ticket

    def redeem(self, ticket: str, now: float) -> str | None:
        """The account the ticket was issued for, once; None if unknown, used or expired."""
        visit = self.redeem_visit(ticket, now)
        return visit[0] if visit is not None else None

    def redeem_visit(self, ticket: str, now: float) -> tuple[str, str | None] | None:
        """The account and the visitor's address, once; None if unknown, used or expired."""
        self._drop_expired(now)
        entry = self._tickets.pop(_digest(ticket), None)
        return (entry[0], entry[2]) if entry is not None else None

    def __len__(self) -> int:
        return len(self._tickets)

    def _drop_expired(self, now: float) -> None:
        for digest in [d for d, (_, expires, _) in self._tickets.items() if expires <= now]:
            del self._tickets[digest]
