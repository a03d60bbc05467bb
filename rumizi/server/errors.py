"""Every refusal the platform can answer, in one table: its code, HTTP status and meaning.

The page recognises a refusal by its code (``api.<code>`` in ``rumizi/web/static/i18n.js``),
so codes are part of the protocol and are listed once, here. Everything else reads this table:

- :class:`ApiError` takes an :class:`ErrorCode`, and the JSON API answers it as
  ``{"error": {"code": ..., "message": ...}}`` with the code's HTTP status;
- :func:`refusals` declares a route's possible refusals in the OpenAPI schema (``responses=``),
  grouped by status, each with the :class:`ErrorBody` model and the codes as ``x-error-codes``;
- ``python -m rumizi.server.protocol_doc`` writes the codes' section of ``docs/web-protocol.md``
  from :data:`ERRORS`, and a test checks the committed page against it.

The table socket's refusals (``{"type": "error", "code": ...}``, sent by the hub) use the same
codes; their rows have ``socket=True``. A code's ``status`` is ``None`` when only the socket
sends it.

>>> ErrorCode.CSRF == "csrf" and ERRORS[ErrorCode.CSRF].status
403
>>> sorted(refusals(ErrorCode.CSRF, ErrorCode.MALFORMED))
[403, 422]
>>> refusals(ErrorCode.CSRF)[403]["x-error-codes"]
['csrf']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from pydantic import BaseModel
from starlette.exceptions import HTTPException


class ErrorCode(StrEnum):
    """The code of a refusal: short, lower-case words joined by hyphens."""

    # The socket's (and the hub's) refusals of a move.
    STALE = "stale"
    DUPLICATE = "duplicate"
    ILLEGAL = "illegal"
    NOT_YOUR_TURN = "not-your-turn"
    MALFORMED = "malformed"
    TOO_LARGE = "too-large"
    SPECTATOR = "spectator"
    WAITING = "waiting"
    OVER = "over"
    # The JSON API's.
    CSRF = "csrf"
    SIGNED_OUT = "signed-out"
    INVALID = "invalid"
    TAKEN = "taken"
    WRONG_CREDENTIALS = "wrong-credentials"
    RATE_LIMITED = "rate-limited"
    UNKNOWN_GAME = "unknown-game"
    UNKNOWN_TABLE = "unknown-table"
    WRONG_INVITE = "wrong-invite"
    TABLE_FULL = "table-full"
    SIGN_UP = "sign-up"
    HIDDEN = "hidden"
    INVALID_OPTIONS = "invalid-options"
    NOT_OVER = "not-over"
    # Answers of the framework itself (no route, wrong method), in the same shape.
    NOT_FOUND = "not-found"
    METHOD_NOT_ALLOWED = "method-not-allowed"
    HTTP_ERROR = "http-error"


@dataclass(frozen=True)
class ErrorInfo:
    """Where a code is answered and what it means (English; the page says it in both)."""

    status: int | None  # the JSON API's HTTP status; None: the socket alone sends it
    socket: bool  # sent on a table's WebSocket as {"type": "error", "code": ...}
    meaning: str


ERRORS: dict[ErrorCode, ErrorInfo] = {
    ErrorCode.STALE: ErrorInfo(None, True, "the move was made on an older version of the table"),
    ErrorCode.DUPLICATE: ErrorInfo(None, True, "the `client_id` was already received"),
    ErrorCode.ILLEGAL: ErrorInfo(None, True, "the move is not legal now"),
    ErrorCode.NOT_YOUR_TURN: ErrorInfo(None, True, "another seat must act (or concede for you)"),
    ErrorCode.MALFORMED: ErrorInfo(
        422, True, "the request or message does not have the protocol's shape"
    ),
    ErrorCode.TOO_LARGE: ErrorInfo(None, True, "a socket message over 16 KB"),
    ErrorCode.SPECTATOR: ErrorInfo(None, True, "the connection watches the table; it has no seat"),
    ErrorCode.WAITING: ErrorInfo(None, True, "seats are still free: the game has not started"),
    ErrorCode.OVER: ErrorInfo(None, True, "the game is over"),
    ErrorCode.CSRF: ErrorInfo(403, False, "a POST without the `X-CSRF-Token` of the cookie"),
    ErrorCode.SIGNED_OUT: ErrorInfo(401, False, "no session: sign in or play as a guest first"),
    ErrorCode.INVALID: ErrorInfo(400, False, "a value the server refuses (a username, a seat)"),
    ErrorCode.TAKEN: ErrorInfo(409, False, "the username is taken"),
    ErrorCode.WRONG_CREDENTIALS: ErrorInfo(401, False, "wrong username or password"),
    ErrorCode.RATE_LIMITED: ErrorInfo(429, False, "too many failed sign-ins: wait a minute"),
    ErrorCode.UNKNOWN_GAME: ErrorInfo(404, False, "no game with this id"),
    ErrorCode.UNKNOWN_TABLE: ErrorInfo(404, False, "no table with this id"),
    ErrorCode.WRONG_INVITE: ErrorInfo(403, False, "the invite code is not the table's"),
    ErrorCode.TABLE_FULL: ErrorInfo(409, False, "every seat at the table is taken"),
    ErrorCode.SIGN_UP: ErrorInfo(403, False, "a guest joining a rated table"),
    ErrorCode.HIDDEN: ErrorInfo(403, False, "a replay of another seat before the game is over"),
    ErrorCode.INVALID_OPTIONS: ErrorInfo(
        400, False, "the game refuses the table's options, seats or rating"
    ),
    ErrorCode.NOT_OVER: ErrorInfo(
        409, False, "the game is still being played: only a finished game can be analysed"
    ),
    ErrorCode.NOT_FOUND: ErrorInfo(404, False, "no page or file at this path"),
    ErrorCode.METHOD_NOT_ALLOWED: ErrorInfo(405, False, "the path does not take this method"),
    ErrorCode.HTTP_ERROR: ErrorInfo(400, False, "any other refusal of the HTTP layer"),
}


def framework_code(status: int) -> ErrorCode:
    """The code of an error the framework raised by itself (not an :class:`ApiError`)."""
    if status == 404:
        return ErrorCode.NOT_FOUND
    if status == 405:
        return ErrorCode.METHOD_NOT_ALLOWED
    return ErrorCode.HTTP_ERROR


class ApiError(HTTPException):
    """A refusal answered as ``{"error": {"code", "message"}}`` with the code's HTTP status."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        status = ERRORS[code].status
        if status is None:
            raise ValueError(f"{code!r} is the socket's, not the JSON API's")
        super().__init__(status_code=status, detail=str(code))
        self.code = code
        self.message = message


class ErrorDetail(BaseModel):
    """What was refused: the code the page looks up, and a message in English for people."""

    code: ErrorCode
    message: str


class ErrorBody(BaseModel):
    """Every refusal of the JSON API."""

    error: ErrorDetail


def refusals(*codes: ErrorCode) -> dict[int | str, dict[str, Any]]:
    """``responses=`` for a route that can refuse with ``codes``: one entry per HTTP status."""
    by_status: dict[int, list[ErrorCode]] = {}
    for code in codes:
        status = ERRORS[code].status
        if status is None:
            raise ValueError(f"{code!r} is the socket's, not the JSON API's")
        by_status.setdefault(status, []).append(code)
    return {
        status: {
            "model": ErrorBody,
            "description": "; ".join(f"`{code}`: {ERRORS[code].meaning}" for code in found),
            "x-error-codes": [str(code) for code in found],
        }
        for status, found in sorted(by_status.items())
    }
