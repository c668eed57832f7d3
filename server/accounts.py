"""Passwords, session tokens and the failed-login limiter (the rule for names is the
protocol's, qipai/protocol/names.py, since the SSH door checks names too).

Passwords are kept only as scrypt hashes with a per-account salt; tokens only as SHA-256
digests, so a stolen database file opens no account.  Everything here is synchronous and
takes ``now`` from the caller, so it is tested without a clock.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections import deque

from qipai.protocol import ErrorCode, ProtocolError

MIN_PASSWORD = 6
TOKEN_LIFETIME = 30 * 24 * 3600.0
# scrypt with n=2**14, r=8 costs ~16 MiB and tens of milliseconds: slow for a guesser,
# cheap enough for a LAN hall.
SCRYPT = {"n": 2**14, "r": 8, "p": 1, "maxmem": 64 * 1024 * 1024, "dklen": 32}


def check_password(password: str) -> str:
    if len(password) < MIN_PASSWORD:
        raise ProtocolError(
            ErrorCode.WEAK_PASSWORD, f"a password has at least {MIN_PASSWORD} characters"
        )
    return password


def hash_password(password: str, salt: bytes | None = None) -> tuple[bytes, bytes]:
    salt = salt if salt is not None else secrets.token_bytes(16)
    return salt, hashlib.scrypt(password.encode(), salt=salt, **SCRYPT)


def password_matches(password: str, salt: bytes, digest: bytes) -> bool:
    return hmac.compare_digest(hash_password(password, salt)[1], digest)


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_digest(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


class LoginLimiter:
    """Counts failed logins per key (a name, an address) in a sliding window."""

    def __init__(self, max_failures: int, window: float) -> None:
        self.max_failures = max_failures
        self.window = window
        self._failures: dict[str, deque[float]] = {}

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self._failures.get(key)
        if times is None:
            return deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self._failures[key]
        return times

    def blocked(self, key: str, now: float) -> bool:
        return len(self._recent(key, now)) >= self.max_failures

    def failed(self, key: str, now: float) -> None:
        self._recent(key, now)
        self._failures.setdefault(key, deque()).append(now)

    def succeeded(self, key: str) -> None:
        self._failures.pop(key, None)
