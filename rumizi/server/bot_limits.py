"""Rate limits per token: each bot token gets at most :data:`REQUESTS` requests and
:data:`MOVES` moves a minute, counted with the ``limits`` library.

The counts live where the sign-in limiter's do (:mod:`rumizi.server.app`): ``memory://`` for
one server, the Redis of ``--redis`` (or ``--limiter-storage``) when several instances must
count together, so a program that spreads its requests over instances gains nothing. While
that storage cannot be reached, requests go through rather than every bot stopping.

The two rates are :class:`rumizi.server.app.Settings`' ``token_requests`` and ``token_moves``.

What counts: every request a token opens — a bearer route (``/api/bot/...``) and each
opening of the bot's stream or a game's socket — is one request; each move sent on a game's
socket is one move. Past either limit a route answers ``429 token-rate-limited`` with
``Retry-After`` (seconds), a socket's opening closes with 4429, and a move is refused on the
socket with the same code (its message says how many seconds to wait); nothing else changes.
"""

from __future__ import annotations

import math
import time

from limits import RateLimitItem, parse
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from rumizi.server.errors import ApiError, ErrorCode

REQUESTS = "120/minute"  # requests (routes, socket openings) per token
MOVES = "300/minute"  # moves per token, over all its games


class TokenLimiter:
    """Counts each token's requests and moves (:data:`REQUESTS`, :data:`MOVES`).

    >>> limiter = TokenLimiter(requests="2/minute", moves="1/minute")
    >>> limiter.request(7), limiter.request(7), limiter.request(8)
    (None, None, None)
    >>> limiter.request(7) is not None  # the third within a minute: seconds to wait
    True
    >>> limiter.move(7), limiter.move(7) is not None
    (None, True)
    """

    def __init__(
        self, storage_uri: str = "memory://", requests: str = REQUESTS, moves: str = MOVES
    ) -> None:
        self._limiter = MovingWindowRateLimiter(
            storage_from_string(storage_uri, key_prefix="rumizi-token")
        )
        self._requests: RateLimitItem = parse(requests)
        self._moves: RateLimitItem = parse(moves)

    def _hit(self, limit: RateLimitItem, kind: str, token_id: int) -> int | None:
        try:
            if self._limiter.hit(limit, kind, str(token_id)):
                return None
            reset = self._limiter.get_window_stats(limit, kind, str(token_id)).reset_time
        except Exception:  # the shared storage is away: bots go on rather than stop
            return None
        return max(1, math.ceil(reset - time.time()))

    def request(self, token_id: int) -> int | None:
        """Count one request of ``token_id``: ``None`` to go on, else seconds to wait."""
        return self._hit(self._requests, "request", token_id)

    def move(self, token_id: int) -> int | None:
        """Count one move of ``token_id``: ``None`` to go on, else seconds to wait."""
        return self._hit(self._moves, "move", token_id)


def refused(wait: int, what: str = "requests") -> ApiError:
    """The 429 of a token past its limit, with ``Retry-After``."""
    return ApiError(
        ErrorCode.TOKEN_RATE_LIMITED,
        f"too many {what} with this token: wait {wait} s",
        headers={"Retry-After": str(wait)},
    )
