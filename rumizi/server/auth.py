"""Accounts and sessions: usernames, Argon2id hashes, session cookies, CSRF, a sign-in limiter.

Sessions are random tokens in an HttpOnly, SameSite=Lax cookie; the database keeps only their
SHA-256. Every POST carries the ``rumizi_csrf`` cookie's value in the ``X-CSRF-Token`` header
(double submit): another site can make the browser send the cookie but cannot read it.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import math
import secrets
import time
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from confusable_homoglyphs import confusables
from limits import RateLimitItem, parse_many
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

log = logging.getLogger("rumizi.server.auth")

SESSION_COOKIE = "rumizi_session"
CSRF_COOKIE = "rumizi_csrf"
CSRF_HEADER = "X-CSRF-Token"
LANG_COOKIE = "rumizi_lang"
SESSION_DAYS = 90

USERNAME_MIN = 3
USERNAME_MAX = 24
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


ZWNJ = "\u200c"
# Arabic letters that Persian writes with its own code points: the same name either way.
_PERSIAN_LETTERS = str.maketrans({"\u064a": "\u06cc", "\u0649": "\u06cc", "\u0643": "\u06a9"})
# Persian (U+06F0…) and Arabic-Indic (U+0660…) digits, read as the ASCII ones.
_ASCII_DIGITS = str.maketrans(
    {chr(base + i): str(i) for base in (0x06F0, 0x0660) for i in range(10)}
)
# Scripts a name may not look like while being written in another (whole-script look-alikes:
# Cyrillic "раура" for Latin "paypa"); the library knows which letters are confusable.
_TRUSTED_SCRIPTS = ["latin", "arabic", "common"]


def clean_username(name: str) -> str:
    """A name as it is stored and shown: NFKC, with Persian yeh and kaf for the Arabic ones.

    >>> clean_username("علي") == "علی" and clean_username("ﻙاوه") == "کاوه"
    True
    """
    return unicodedata.normalize("NFKC", name).translate(_PERSIAN_LETTERS)


def username_key(name: str) -> str:
    """What makes two names the same account: the clean form with ASCII digits, no ZWNJ,
    case-folded. Each account's key is unique in the database.

    >>> username_key("Ali۱۲") == username_key("ali12") == username_key("ALI١٢")
    True
    >>> username_key("علی\u200cرضا") == username_key("عليرضا")
    True
    """
    return clean_username(name).translate(_ASCII_DIGITS).replace(ZWNJ, "").casefold()


def _joins_letters(name: str, i: int) -> bool:
    """Whether the ZWNJ at ``i`` sits between two letters (its only use: ``می‌شود``)."""
    return 0 < i < len(name) - 1 and name[i - 1].isalpha() and name[i + 1].isalpha()


def check_username(name: str) -> str | None:
    """Why ``name`` (already :func:`clean_username`'d) is not a valid username, or ``None``.

    A name is 3 to 24 characters: letters, digits, ``_`` and ``-``, with at least one letter,
    and ZWNJ only between two letters. Everything that draws nothing or moves the text around
    (format characters such as U+061C, U+200E/F, U+202A–E, U+2066–9, U+0600), spaces, marks,
    letters of two scripts at once and letters that only imitate Latin or Persian ones are
    refused, so every name on a seat or a leaderboard is visible and means one person.

    >>> [check_username(n) is None for n in ("mina", "علی‌رضا", "sara_42", "کاوه۱۲")]
    [True, True, True, True]
    >>> [check_username(n) is None for n in ("\u200c\u200c\u200c", "ab\u061ccd", "123", "раypal")]
    [False, False, False, False]
    """
    if not USERNAME_MIN <= len(name) <= USERNAME_MAX:
        return f"username: {USERNAME_MIN} to {USERNAME_MAX} characters"
    for i, char in enumerate(name):
        if char == ZWNJ:
            if not _joins_letters(name, i):
                return "username: a zero-width non-joiner only between two letters"
        elif not (char.isalpha() or unicodedata.category(char) == "Nd" or char in "_-"):
            return f"username: U+{ord(char):04X} is not a letter, a digit, '_' or '-'"
    if not any(char.isalpha() for char in name):
        return "username: at least one letter"
    letters = name.replace(ZWNJ, "").translate(_ASCII_DIGITS)
    if confusables.is_mixed_script(letters):
        return "username: letters of one script (not Persian and Latin mixed)"
    if confusables.is_confusable(letters, preferred_aliases=_TRUSTED_SCRIPTS):
        return "username: letters that imitate Latin or Persian ones"
    if username_key(name).startswith("guest"):
        return "username: names starting with 'guest' are kept for guests"
    return None


def check_password(password: str) -> str | None:
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        return f"password: {PASSWORD_MIN} to {PASSWORD_MAX} characters"
    return None


# Failed sign-ins allowed before a pause, per (address, account) and per account from every
# address. Each tier is a moving window, so the pauses grow with the failures: a minute after
# 5, ten minutes after 10, an hour after 20 from one address. An address is never limited as a
# whole: behind a shared or carrier-grade NAT one person's typos would lock everyone out.
PAIR_LIMITS = "5/minute;10/10 minutes;20/hour"
# Every address together: bounds guessing spread over many addresses, and is high enough that
# locking somebody out takes several addresses at once.
ACCOUNT_LIMITS = "30/10 minutes;100/day"


class LoginLimiter:
    """Counts failed sign-ins per (address, account) and per account, in a ``limits`` storage.

    ``storage_uri`` is ``memory://`` (one process) or ``redis://host:port/db`` when several
    server instances must share the counts. While that Redis cannot be reached the limiter
    lets sign-ins through (and says so in the log) rather than refuse everyone's.

    >>> limiter = LoginLimiter(pair="2/minute", account="3/minute")
    >>> for _ in range(2):
    ...     limiter.fail("10.0.0.1", "mina")
    >>> limiter.retry_after("10.0.0.1", "mina") is not None  # this address: wait
    True
    >>> limiter.retry_after("10.0.0.2", "mina"), limiter.retry_after("10.0.0.1", "ali")
    (None, None)
    """

    def __init__(
        self,
        storage_uri: str = "memory://",
        pair: str = PAIR_LIMITS,
        account: str = ACCOUNT_LIMITS,
    ) -> None:
        self.storage = storage_from_string(storage_uri, key_prefix="rumizi-login")
        self._limiter = MovingWindowRateLimiter(self.storage)
        self._pair = parse_many(pair)
        self._account = parse_many(account)

    def _counters(self, address: str, account: str) -> list[tuple[RateLimitItem, tuple[str, ...]]]:
        key = username_key(account)
        pairs = [(limit, ("pair", address, key)) for limit in self._pair]
        return pairs + [(limit, ("account", key)) for limit in self._account]

    def retry_after(self, address: str, account: str) -> int | None:
        """Seconds to wait before trying ``account`` again from ``address`` (None: go ahead)."""
        try:
            waits = [
                self._limiter.get_window_stats(limit, *ids).reset_time - time.time()
                for limit, ids in self._counters(address, account)
                if not self._limiter.test(limit, *ids)
            ]
        except Exception as err:  # the shared storage is away (a Redis restarting)
            log.warning("the sign-in limiter's storage is away: %s", err)
            return None
        return max(1, math.ceil(max(waits))) if waits else None

    def fail(self, address: str, account: str) -> None:
        try:
            for limit, ids in self._counters(address, account):
                self._limiter.hit(limit, *ids)
        except Exception as err:
            log.warning("the sign-in limiter's storage is away: %s", err)

    def succeeded(self, address: str, account: str) -> None:
        """A right password from ``address``: its own failures are forgotten (not others')."""
        try:
            for limit, ids in self._counters(address, account):
                if ids[0] == "pair":
                    self._limiter.clear(limit, *ids)
        except Exception as err:
            log.warning("the sign-in limiter's storage is away: %s", err)
