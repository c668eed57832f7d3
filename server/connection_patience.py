"""The timeouts of docs/protocol.md §1, checked for every connection by one task.

A connection must say ``hello`` within ``handshake_seconds`` of connecting, log in within
``login_seconds`` of the ``hello`` (or of ``logout``), and then send a request every
``idle_seconds`` unless its player is at a table (a spectator or a thinking player sends
nothing for long).  One watchdog looks at every connection a few times per shortest limit: a
deadline around each read would cost every request a cancel scope (~30 µs, a fifth of a move).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import trio

from qipai.protocol import ErrorCode

from .connection_limits import ConnectionLimits
from .session import Session

LONGEST_TICK = 1.0


class Patience:
    def __init__(self, session: Session, limits: ConnectionLimits) -> None:
        self.session = session
        self.limits = limits
        self.busy = False  # a request is being handled: never cut it off
        self._state = "connected"
        self._since = self._last = trio.current_time()

    def heard(self) -> None:
        """A request was handled (it may have greeted, logged in or out)."""
        session = self.session
        now = self._last = trio.current_time()
        state = "member" if session.name else "greeted" if session.greeted else "connected"
        if state != self._state:
            self._state, self._since = state, now

    def expired(self, now: float) -> tuple[ErrorCode, str] | None:
        limits = self.limits
        if self._state == "connected":
            if now >= self._since + limits.handshake_seconds:
                return ErrorCode.HANDSHAKE_REQUIRED, (
                    f"no hello within {limits.handshake_seconds:g} s"
                )
        elif self._state == "greeted":
            if now >= self._since + limits.login_seconds:
                return ErrorCode.LOGIN_TIMEOUT, f"no log-in within {limits.login_seconds:g} s"
        elif self.session.tables:
            self._last = now
        elif now >= self._last + limits.idle_seconds:
            return ErrorCode.IDLE_TIMEOUT, f"no request for {limits.idle_seconds:g} s"
        return None


class _Watchdog:
    def __init__(self) -> None:
        self.watched: set[Patience] = set()
        self.tick = LONGEST_TICK

    async def run(self) -> None:
        while True:
            await trio.sleep(self.tick)
            now = trio.current_time()
            for patience in list(self.watched):
                if patience.busy or patience.session.closed:
                    continue
                expired = patience.expired(now)
                if expired is not None:
                    patience.session.close(*expired)


_WATCHDOG: trio.lowlevel.RunVar[_Watchdog] = trio.lowlevel.RunVar("qipai_connection_watchdog")


@contextmanager
def watched(patience: Patience) -> Iterator[Patience]:
    """Let the watchdog close this connection when it has waited too long."""
    try:
        watchdog = _WATCHDOG.get()
    except LookupError:
        watchdog = _Watchdog()
        trio.lowlevel.spawn_system_task(watchdog.run, name="qipai connection watchdog")
        _WATCHDOG.set(watchdog)
    limits = patience.limits
    shortest = min(limits.handshake_seconds, limits.login_seconds, limits.idle_seconds)
    watchdog.tick = min(watchdog.tick, shortest / 4)
    watchdog.watched.add(patience)
    try:
        yield patience
    finally:
        watchdog.watched.discard(patience)
