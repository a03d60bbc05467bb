"""Accounts and sessions: Argon2id password hashes, session cookies, CSRF and a login limiter.

Sessions are random tokens in an HttpOnly, SameSite=Lax cookie; the database keeps only their
SHA-256. Every POST carries the ``rumizi_csrf`` cookie's value in the ``X-CSRF-Token`` header
(double submit): another site can make the browser send the cookie but cannot read it.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from collections import defaultdict, deque

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

SESSION_COOKIE = "rumizi_session"
CSRF_COOKIE = "rumizi_csrf"
CSRF_HEADER = "X-CSRF-Token"
LANG_COOKIE = "rumizi_lang"
SESSION_DAYS = 90

USERNAME = re.compile(r"^[A-Za-z0-9_\-\u0600-\u06FF\u200c]{3,24}$")
PASSWORD_MIN = 8
PASSWORD_MAX = 256

# argon2-cffi's PasswordHasher uses Argon2id with its recommended parameters.
_HASHER = PasswordHasher()


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def verify_password(stored: str, password: str) -> bool:
    try:
        return _HASHER.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def csrf_ok(cookie: str | None, header: str | None) -> bool:
    return bool(cookie) and bool(header) and hmac.compare_digest(str(cookie), str(header))


def check_username(name: str) -> str | None:
    """Why ``name`` is not a valid username, or ``None`` if it is."""
    if not USERNAME.match(name):
        return "username: 3 to 24 letters, digits, '_' or '-'"
    if name.lower().startswith("guest"):
        return "username: names starting with 'guest' are kept for guests"
    return None


def check_password(password: str) -> str | None:
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        return f"password: {PASSWORD_MIN} to {PASSWORD_MAX} characters"
    return None


class RateLimiter:
    """At most ``limit`` failures per ``window`` seconds for a key (an address or a name).

    Kept in memory: with several server instances each limits on its own, which still bounds
    guessing to ``limit`` × instances per window.
    """

    def __init__(self, limit: int = 5, window: float = 60.0) -> None:
        self.limit = limit
        self.window = window
        self._failures: dict[str, deque[float]] = defaultdict(deque)

    def _recent(self, key: str, now: float) -> deque[float]:
        failures = self._failures[key]
        while failures and failures[0] <= now - self.window:
            failures.popleft()
        return failures

    def blocked(self, key: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        return len(self._recent(key, now)) >= self.limit

    def fail(self, key: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        self._recent(key, now).append(now)

    def clear(self, key: str) -> None:
        self._failures.pop(key, None)
