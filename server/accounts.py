"""Passwords, session tokens and the failed-login throttle (the rule for names is the
protocol's, qipai/protocol/names.py, since the SSH door checks names too).

Passwords are kept only as scrypt hashes with a per-account salt; tokens only as SHA-256
digests, so a stolen database file opens no account.  Everything here is synchronous and
takes ``now`` from the caller, so it is tested without a clock.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import secrets

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


@functools.cache
def stand_in_account() -> tuple[bytes, bytes]:
    """A salt and digest no password matches: a log-in as an unknown name is hashed against
    it, so that it costs what a wrong password for a real name costs (and its time says
    nothing about which names exist)."""
    return secrets.token_bytes(16), secrets.token_bytes(32)


class LoginThrottle:
    """Failed logins per (name, address), with growing waits.

    The first ``free`` failures cost nothing more than the hash; after that each makes the next
    attempt for that name from that address wait twice as long as the last (``first`` seconds,
    up to ``longest``).  Keyed by the pair, a guesser slows only himself: the name's owner logs
    in from his own address at once, and nobody else at the guesser's address is touched.
    A pair whose last failure is ``forget`` seconds old starts afresh, and is dropped.
    """

    def __init__(self, free: int, first: float, longest: float, forget: float = 900.0) -> None:
        self.free = free
        self.first = first
        self.longest = longest
        self.forget = forget
        self._failures: dict[tuple[str, str], tuple[int, float]] = {}  # (count, last failure)
        self._since_sweep = 0

    def wait(self, name: str, address: str, now: float) -> float:
        """Seconds before ``name`` may be tried from ``address`` again (0: now)."""
        count, last = self._failures.get((name, address), (0, now))
        if now - last >= self.forget:
            return 0.0
        return max(0.0, last + self._delay(count) - now)

    def _delay(self, count: int) -> float:
        if count < self.free:
            return 0.0
        return min(self.longest, self.first * 2 ** min(count - self.free, 32))

    def failed(self, name: str, address: str, now: float) -> None:
        key = (name, address)
        count, last = self._failures.get(key, (0, now))
        self._failures[key] = (1 if now - last >= self.forget else count + 1, now)
        self._since_sweep += 1
        if self._since_sweep >= 1000:  # a guesser spraying names leaves a key for each
            self._since_sweep = 0
            self._failures = {k: v for k, v in self._failures.items() if now - v[1] < self.forget}

    def succeeded(self, name: str, address: str) -> None:
        self._failures.pop((name, address), None)
