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
import re
import secrets
import time
import unicodedata
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from confusable_homoglyphs import confusables
from limits import RateLimitItem, parse_many
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from rumizi.core.i18n import number
from rumizi.server.skeleton import data as confusables_data
from rumizi.server.skeleton import skeleton

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
TATWEEL = "\u0640"  # ـ: stretches the joint between two letters, and is no letter itself
# Arabic letters that Persian writes with its own code points: the same name either way; the
# tatweel goes (علـی is علی drawn wider).
_PERSIAN_LETTERS = str.maketrans(
    {"\u064a": "\u06cc", "\u0649": "\u06cc", "\u0643": "\u06a9", TATWEEL: None}
)
# Persian (U+06F0…) and Arabic-Indic (U+0660…) digits, read as the ASCII ones.
_ASCII_DIGITS = str.maketrans(
    {chr(base + i): str(i) for base in (0x06F0, 0x0660) for i in range(10)}
)
# Scripts a name may not look like while being written in another (whole-script look-alikes:
# Cyrillic "раура" for Latin "paypa"); the library knows which letters are confusable.
_TRUSTED_SCRIPTS = ["latin", "arabic", "common"]


def clean_username(name: str) -> str:
    """A name as it is stored and shown: NFKC, with Persian yeh and kaf for the Arabic ones,
    without tatweel.

    >>> clean_username("علي") == "علی" and clean_username("ﻙاوه") == "کاوه"
    True
    >>> clean_username("علـــی") == "علی"
    True
    """
    return unicodedata.normalize("NFKC", name).translate(_PERSIAN_LETTERS)


# How many times username_key folds at most: every name reaches its fixed point in two (a test
# checks every letter and digit); the bound only keeps an unforeseen cycle finite.
_KEY_ROUNDS = 8


def _fold(text: str) -> str:
    """One round of :func:`username_key`: NFKC, ASCII digits, case-folded, small capitals as
    their letters, then the confusables' skeleton (which may give digits of other scripts:
    Devanagari १ is Arabic-Indic ٩, read in the next round as 9)."""
    folded = unicodedata.normalize("NFKC", text).translate(_ASCII_DIGITS).casefold()
    return skeleton(folded.translate(_small_capitals()))


@cache
def _small_capitals() -> dict[int, str]:
    return {ord(char): letter for char, letter in confusables_data().small_capitals.items()}


def username_key(name: str) -> str:
    """What makes two names the same account; each account's key is unique in the database.

    The clean form with ASCII digits and no ZWNJ, case-folded, small capitals read as their
    letters (``ᴍ`` as ``m``), then the Unicode confusables' skeleton (UTS #39,
    :mod:`rumizi.server.skeleton`), so look-alikes within one script are one name too:
    ``gɑmer`` (Latin alpha) and ``mına`` (dotless i) cannot sign up beside ``gamer`` and
    ``mina``. Case-folding can give characters the skeleton maps again, so the folding repeats
    until nothing changes: the key of a key is itself.

    >>> username_key("Ali۱۲") == username_key("ali12") == username_key("ALI١٢")
    True
    >>> username_key("علی\u200cرضا") == username_key("عليرضا") == username_key("علـیرضا")
    True
    >>> username_key("gaᴍer") == username_key("gɑmer") == username_key("GAMER")
    True
    """
    key = clean_username(name).replace(ZWNJ, "")
    for _ in range(_KEY_ROUNDS):
        folded = _fold(key)
        if folded == key:
            break
        key = folded
    return key


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
    if username_key(name).startswith(username_key("guest")):
        return "username: names starting with 'guest' are kept for guests"
    return None


# ---------------------------------------------------------------------- guests' names

# A guest is stored as "guest-<its account number>" (the users table's id): one stored name,
# never a word of either language, which nobody can sign up with (check_username keeps names
# starting with "guest" for guests). Every reader sees it in their own words and digits,
# «مهمان ۵۶» or "Guest 56": here for what the server writes (seat names, log lines, the lobby,
# replays), and in the page's i18n.js (personName) for what the page writes itself (its header,
# the chat's names), both by the same rule.
GUEST_PREFIX = "guest-"
_GUEST = re.compile(r"guest-([0-9]+)")


def guest_name(user_id: int) -> str:
    """The stored name of the guest account ``user_id``: ``guest_name(56) == "guest-56"``."""
    return f"{GUEST_PREFIX}{user_id}"


def shown_name(name: str, lang: str) -> str:
    """A person's name as a reader of ``lang`` sees it: a guest's in the reader's words.

    >>> shown_name("guest-56", "fa"), shown_name("guest-56", "en"), shown_name("mina", "fa")
    ('مهمان ۵۶', 'Guest 56', 'mina')
    """
    found = _GUEST.fullmatch(name)
    if found is None:
        return name
    n = int(found.group(1))
    return f"مهمان {number(n, lang)}" if lang == "fa" else f"Guest {n}"


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
# locking somebody out takes several addresses at once. It never stops a browser the account
# trusts (a device cookie) nor an address the account signed in from in the last KNOWN_DAYS.
ACCOUNT_LIMITS = "30/10 minutes;100/day"
# A trusted browser's own failures, the only ones that pause it (OWASP's "device cookies").
DEVICE_LIMITS = PAIR_LIMITS
KNOWN_DAYS = 30

DEVICE_COOKIE = "rumizi_device"
DEVICE_DAYS = 365  # a trusted browser that does not sign in for this long is forgotten
DEVICE_TOKENS = 4  # accounts one browser is trusted by at most (a family's shared tablet)


_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")  # secrets.token_urlsafe's characters


def device_tokens(cookie: str | None) -> list[str]:
    """The tokens of a device cookie, newest first, ``.`` between them (anything else in it
    is dropped).

    >>> device_tokens("abc.d-_e"), device_tokens(None), device_tokens("a b.cd")
    (['abc', 'd-_e'], [], ['cd'])
    """
    tokens = (cookie or "").split(".")
    return [token for token in tokens if _TOKEN.fullmatch(token)][:DEVICE_TOKENS]


class LoginLimiter:
    """Counts failed sign-ins per (address, account), per account and per trusted browser, in a
    ``limits`` storage.

    ``storage_uri`` is ``memory://`` (one process) or ``redis://host:port/db`` when several
    server instances must share the counts. While that Redis cannot be reached the limiter
    lets sign-ins through (and says so in the log) rather than refuse everyone's.

    Anyone can fail on purpose against somebody else's account until it is paused for
    everyone: so a browser the account trusts (``device``, its device cookie's token hash)
    meets only its own failures, and an address the account signed in from in the last
    :data:`KNOWN_DAYS` days only its own (address, account) pause.

    >>> limiter = LoginLimiter(pair="2/minute", account="3/minute")
    >>> for _ in range(2):
    ...     limiter.fail("10.0.0.1", "mina")
    >>> limiter.retry_after("10.0.0.1", "mina") is not None  # this address: wait
    True
    >>> limiter.retry_after("10.0.0.2", "mina"), limiter.retry_after("10.0.0.1", "ali")
    (None, None)
    >>> limiter.fail("10.0.0.3", "mina")  # the account's third failure: paused everywhere...
    >>> limiter.retry_after("10.0.0.2", "mina") is not None
    True
    >>> limiter.retry_after("10.0.0.2", "mina", device="d1")  # ...but for its own browsers
    """

    def __init__(
        self,
        storage_uri: str = "memory://",
        pair: str = PAIR_LIMITS,
        account: str = ACCOUNT_LIMITS,
        device: str = DEVICE_LIMITS,
    ) -> None:
        self.storage = storage_from_string(storage_uri, key_prefix="rumizi-login")
        self._limiter = MovingWindowRateLimiter(self.storage)
        self._pair = parse_many(pair)
        self._account = parse_many(account)
        self._device = parse_many(device)
        # An address's successful sign-in to an account is one hit in a window of KNOWN_DAYS:
        # the window being full is how the storage remembers it (shared through Redis too).
        self._known = parse_many(f"1/{KNOWN_DAYS} days")[0]

    def _counters(
        self, address: str, account: str, device: str | None, known: bool = False
    ) -> list[tuple[RateLimitItem, tuple[str, ...]]]:
        if device is not None:
            return [(limit, ("device", device)) for limit in self._device]
        key = username_key(account)
        found: list[tuple[RateLimitItem, tuple[str, ...]]]
        found = [(limit, ("pair", address, key)) for limit in self._pair]
        if not known:
            found += [(limit, ("account", key)) for limit in self._account]
        return found

    def _known_address(self, address: str, account: str) -> bool:
        return not self._limiter.test(self._known, "known", address, username_key(account))

    def retry_after(self, address: str, account: str, device: str | None = None) -> int | None:
        """Seconds to wait before trying ``account`` again from ``address`` or from the trusted
        browser ``device`` (None: go ahead)."""
        try:
            known = device is None and self._known_address(address, account)
            waits = [
                self._limiter.get_window_stats(limit, *ids).reset_time - time.time()
                for limit, ids in self._counters(address, account, device, known)
                if not self._limiter.test(limit, *ids)
            ]
        except Exception as err:  # the shared storage is away (a Redis restarting)
            log.warning("the sign-in limiter's storage is away: %s", err)
            return None
        return max(1, math.ceil(max(waits))) if waits else None

    def fail(self, address: str, account: str, device: str | None = None) -> None:
        """A wrong password: counted for the trusted ``device`` alone, or for the address and
        the account (the account's count pauses every address it has not signed in from)."""
        try:
            for limit, ids in self._counters(address, account, device):
                self._limiter.hit(limit, *ids)
        except Exception as err:
            log.warning("the sign-in limiter's storage is away: %s", err)

    def succeeded(self, address: str, account: str, device: str | None = None) -> None:
        """A right password: this address's (or browser's) own failures are forgotten (not
        others'), and the address is known to the account for :data:`KNOWN_DAYS` days."""
        try:
            key = username_key(account)
            for limit in self._pair:
                self._limiter.clear(limit, "pair", address, key)
            if device is not None:
                for limit in self._device:
                    self._limiter.clear(limit, "device", device)
            self._limiter.clear(self._known, "known", address, key)
            self._limiter.hit(self._known, "known", address, key)
        except Exception as err:
            log.warning("the sign-in limiter's storage is away: %s", err)
