"""How many connections the hall takes and how long it waits on each: the operator's settings
(``qipai-server --connection-caps``, ``--idle-seconds`` …), with defaults for a LAN hall.

Every limit ends a connection with a ``bye`` whose code says which (docs/protocol.md §3), so
that a client can tell a full hall from a dropped line.  The numbers and their reasons are in
docs/platform.md, "Connections".
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from qipai.protocol import ErrorCode, ProtocolError


@dataclass(frozen=True)
class ConnectionLimits:
    # Players on one box (over SSH, or the door's visitors) all come from one address, so the
    # cap per address is generous; it stops one script from holding the hall, not a household.
    per_address: int = 32
    total: int = 512
    handshake_seconds: float = 30.0  # connected, no ``hello``
    login_seconds: float = 300.0  # greeted, not logged in (a person at the log-in screen)
    idle_seconds: float = 3600.0  # logged in, no request, and at no table
    slow_reader_seconds: float = 30.0  # queued replies, and the peer takes no byte
    # The SSH door's visitors reach the hall from the door's own address: it may hold this
    # many connections more (the door caps its visitors itself).
    door_address: str | None = None
    door_connections: int = 0


DEFAULT_LIMITS = ConnectionLimits()


class Gate:
    """Counts the open connections per address; ``admit`` says why one is refused."""

    def __init__(self, limits: ConnectionLimits) -> None:
        self.limits = limits
        self._open: Counter[str] = Counter()
        self._total = 0

    def admit(self, host: str) -> ProtocolError | None:
        limits = self.limits
        if self._total >= limits.total:
            return ProtocolError(
                ErrorCode.HALL_FULL, f"the hall is full ({limits.total} connections); try later"
            )
        cap = limits.per_address
        if host == limits.door_address:
            cap += limits.door_connections
        if self._open[host] >= cap:
            return ProtocolError(
                ErrorCode.TOO_MANY_CONNECTIONS, f"at most {cap} connections from one address"
            )
        self._open[host] += 1
        self._total += 1
        return None

    def release(self, host: str) -> None:
        self._total -= 1
        self._open[host] -= 1
        if not self._open[host]:
            del self._open[host]
