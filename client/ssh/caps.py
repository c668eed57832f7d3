"""Connection caps of the SSH door: at most so many at once from one address, and in total.

Each connection may run a client process of ~tens of MB, so the caps bound the memory a
crowd (or one script) can make the hall's machine spend.  Synchronous bookkeeping only.
"""

from __future__ import annotations

from collections import Counter, deque


class ConnectionCaps:
    def __init__(self, per_address: int, total: int) -> None:
        self.per_address = per_address
        self.total = total
        self._by_address: Counter[str] = Counter()

    def admit(self, address: str) -> bool:
        """Count the connection in, or say False (and count nothing) if a cap is reached."""
        if sum(self._by_address.values()) >= self.total:
            return False
        if self._by_address[address] >= self.per_address:
            return False
        self._by_address[address] += 1
        return True

    def release(self, address: str) -> None:
        self._by_address[address] -= 1
        if self._by_address[address] <= 0:
            del self._by_address[address]

    @property
    def open(self) -> int:
        return sum(self._by_address.values())


class NewAccountRate:
    """New accounts (guests and key registrations) per address in a sliding window: each one is
    a row in the hall's database, so a script must not be able to mint them without end."""

    def __init__(self, limit: int, window: float) -> None:
        self.limit = limit
        self.window = window
        self._times: dict[str, deque[float]] = {}

    def allow(self, address: str, now: float) -> bool:
        """Count one new account for ``address`` and say True, or say False (counting nothing)
        when the window already holds ``limit`` of them."""
        times = self._times.setdefault(address, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.limit:
            return False
        times.append(now)
        return True
