"""How fast one player may chat: a burst, then one message per interval (a token bucket).

Every chat line reaches everyone in the lobby or at the table, so one script could otherwise
fill every reader's outbox (3,000 lines of 500 characters in a minute were seen); a person
typing never meets the limit.  A refused line is answered ``rate_limited`` and said to nobody.
"""

from __future__ import annotations

from qipai.protocol import ErrorCode, ProtocolError


class ChatBudget:
    def __init__(self, burst: int, every: float) -> None:
        self.burst = burst
        self.every = every
        self._spent: dict[str, float] = {}  # name -> when its bucket is full again

    def _full_at(self, name: str, now: float) -> float:
        full_at = self._spent.get(name, now)
        if full_at <= now:
            self._spent.pop(name, None)
            return now
        return full_at

    def check(self, name: str, now: float) -> None:
        """``rate_limited`` if ``name`` has no message left now."""
        wait = self._full_at(name, now) - now - (self.burst - 1) * self.every
        if wait > 0:
            raise ProtocolError(
                ErrorCode.RATE_LIMITED, f"you are chatting too fast; wait {wait:.1f} s"
            )

    def spend(self, name: str, now: float) -> None:
        self._spent[name] = self._full_at(name, now) + self.every
