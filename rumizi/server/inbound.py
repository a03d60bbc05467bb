"""What a page may send on a table's socket, checked before it reaches the hub or the database.

A message is one JSON object of at most ``MAX_MESSAGE`` bytes, nested at most
:data:`MAX_DEPTH` levels, whose every string is well-formed Unicode (JSON can spell a lone
surrogate, ``"\\ud800"``, which no database driver will store and no reply can carry). Its
``client_id`` names it for the acknowledgement and for duplicates: 1 to 64 characters of
:data:`CLIENT_ID_CHARS`, and never one of the server's own (:data:`SERVER_MOVES`: the ids of
the moves the server makes itself, ``bot-<version>`` and the like, which a page's message
could otherwise take first and so block).

>>> read('{"type": "act", "client_id": "c-1", "version": 3, "action": {"do": "end"}}')["type"]
'act'
>>> read('{"type": "act", "client_id": "\\\\ud800"}')
Traceback (most recent call last):
...
rumizi.server.inbound.Malformed: a string in the message is not well-formed Unicode
>>> client_id_problem("ring-7")
"client ids starting 'bot-', 'clock-' or 'ring-' are the server's"
>>> server_move_id("ring", 7)
'ring-7'
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

MAX_MESSAGE: Final = 16 * 1024  # bytes; a real action is a few dozen
MAX_DEPTH: Final = 16  # an action is an object in an object; 16 leaves room and stops bombs
READ_RATE: Final = 8.0  # messages a second one socket is read at, at most (Throttle)
READ_BURST: Final = 30
CLIENT_ID_CHARS: Final = "ASCII letters, digits and . _ : ~ -"
_CLIENT_ID = re.compile(r"[A-Za-z0-9._:~-]{1,64}")
#: The kinds of move the server makes itself, each stored with client id ``<kind>-<version>``:
#: a bot's move, a clock's timeout, the end of a timed phase (Fantasy Realms' chaos trading).
SERVER_MOVES: Final = ("bot", "clock", "ring")
_SERVER_PREFIXES: Final = tuple(f"{kind}-" for kind in SERVER_MOVES)


class Throttle:
    """How fast one socket's messages are read: :data:`READ_RATE` a second, bursts of
    :data:`READ_BURST` (a token bucket).

    A page sends a message when its player clicks; a socket that sends hundreds a second is
    a script. Its messages are not refused but read more slowly: the server waits before
    reading the next one, they wait in the network's buffers, and the flood costs the
    event loop nothing while other tables' moves go on.

    >>> throttle = Throttle(rate=2.0, burst=2)
    >>> [throttle.wait(0.0) for _ in range(4)]
    [0.0, 0.0, 0.5, 1.0]
    """

    def __init__(self, rate: float = 0.0, burst: int = 0) -> None:
        self.rate = rate or READ_RATE
        self.burst = float(burst or READ_BURST)
        self._tokens = self.burst
        self._at: float | None = None

    def wait(self, now: float) -> float:
        """Take one message at time ``now``; the seconds to wait before reading it."""
        if self._at is not None:
            self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        self._tokens -= 1.0
        return 0.0 if self._tokens >= 0 else -self._tokens / self.rate


class Malformed(ValueError):
    """The message is not one the protocol allows (answered with the code ``malformed``)."""


class TooLarge(Malformed):
    """The message is longer than :data:`MAX_MESSAGE` (answered with ``too-large``)."""


def server_move_id(kind: str, version: int) -> str:
    """The client id of the server's own move of ``kind`` at ``version`` (one per version)."""
    if kind not in SERVER_MOVES:
        raise ValueError(f"not a kind of server move: {kind!r}")
    return f"{kind}-{version}"


def client_id_problem(value: Any) -> str | None:
    """Why ``value`` cannot be a page's client id, or ``None`` if it can."""
    if not isinstance(value, str) or _CLIENT_ID.fullmatch(value) is None:
        return f"client_id must be 1 to 64 characters: {CLIENT_ID_CHARS}"
    if value.startswith(_SERVER_PREFIXES):
        named = ", ".join(f"'{p}'" for p in _SERVER_PREFIXES[:-1])
        return f"client ids starting {named} or '{_SERVER_PREFIXES[-1]}' are the server's"
    return None


def checked_client_id(value: Any) -> str:
    """``value`` as a page's client id, or :class:`Malformed` saying why it cannot be one."""
    problem = client_id_problem(value)
    if problem is not None:
        raise Malformed(problem)
    assert isinstance(value, str)
    return value


def read(text: str) -> dict[str, Any]:
    """The message in ``text``, or :class:`Malformed` saying what is wrong with it."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise TooLarge(f"messages are limited to {MAX_MESSAGE} bytes")
    try:
        message = json.loads(text)
    except RecursionError:  # nested deeper than the parser goes
        raise Malformed(f"a message is nested at most {MAX_DEPTH} levels deep") from None
    except ValueError:
        raise Malformed("a message is one JSON object") from None
    if not isinstance(message, dict):
        raise Malformed("a message is one JSON object")
    _check(message, 1)
    return message


def _check(value: Any, depth: int) -> None:
    """Refuse a value nested too deep, or holding a string that is not well-formed Unicode."""
    if depth > MAX_DEPTH:
        raise Malformed(f"a message is nested at most {MAX_DEPTH} levels deep")
    if isinstance(value, str):
        _well_formed(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            _well_formed(key)
            _check(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _check(item, depth + 1)


def _well_formed(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise Malformed("a string in the message is not well-formed Unicode") from None
