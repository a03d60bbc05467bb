"""Bot accounts and personal access tokens: researchers' programs playing on the platform.

As on lichess, any program with a token plays: an account is turned into a **bot account**
(:func:`make_bot`, for good: it then plays through its tokens only, never by hand, and is
shown with a bot mark), and its owner makes **personal access tokens** (:func:`issue`) on the
account page, each with scopes:

- ``bot:play`` (bot accounts only): the bot's event stream and its games' sockets
  (``/api/bot/stream``, ``/api/bot/game/{table}``), and sitting at a table it was invited to;
- ``challenge``: answering the challenges made to the account, and challenging others
  (``POST /api/bot/challenges``): a bot challenges a person only if that person opted in
  (:func:`set_bot_challenges`, "accept challenges from bots" on the account page, off unless
  chosen; ``not-accepting-bots`` otherwise) and no block stands between them; bots take
  challenges from bots.

Bots meet people elsewhere only where people asked for it: a tournament whose organiser
allowed bots (``allow_bots``), a quick match whose asker allowed bots (or another bot's).
Each token is rate-limited (:mod:`rumizi.server.bot_limits`).

A token is shown once, when made, and kept only as its SHA-256: a leaked database gives none
away. It is sent as ``Authorization: Bearer <token>`` and read by :func:`bearer` alone: the
page's cookie routes never look at that header, so a token cannot act as a session, and a
session cookie opens none of the bot routes. Each use reads the token's row, so a revoked token
(:func:`revoke`) stops working at once on every instance, and the socket of a game in play asks
again before each move.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from rumizi.server.auth import token_hash
from rumizi.server.db import ApiToken, Seat, User, now
from rumizi.server.errors import ApiError, ErrorCode
from rumizi.server.store import Store, UserRow, user_row

BOT_PLAY = "bot:play"
CHALLENGE = "challenge"
SCOPES = (BOT_PLAY, CHALLENGE)
PREFIX = "rmz_"  # a token says what it is (and a secret scanner can find one)
TOKENS_PER_ACCOUNT = 20
USED_EVERY = timedelta(minutes=1)  # "last used" is written at most this often


@dataclass(frozen=True)
class TokenRow:
    id: int
    name: str
    scopes: tuple[str, ...]
    created: datetime
    last_used: datetime | None


@dataclass(frozen=True)
class Bearer:
    """Who a request's token speaks for, and what it allows."""

    user: UserRow
    token_id: int
    scopes: frozenset[str]


def _row(token: ApiToken) -> TokenRow:
    return TokenRow(token.id, token.name, tuple(token.scopes), token.created, token.last_used)


def make_bot(s: Session, user: UserRow) -> None:
    """Turn ``user``'s account into a bot account: a signed-up account that has sat at no
    table (its games would mix play by hand and by program)."""
    if user.guest:
        raise ApiError(ErrorCode.SIGN_UP, "sign up first: a guest cannot become a bot")
    account = s.get(User, user.id)
    assert account is not None
    if account.bot:
        return
    if s.scalar(select(Seat.id).where(Seat.user_id == user.id).limit(1)) is not None:
        raise ApiError(ErrorCode.HAS_GAMES, "an account that has played cannot become a bot")
    account.bot = True


def issue(s: Session, user: UserRow, name: str, scopes: list[str]) -> tuple[TokenRow, str]:
    """A new token of ``user`` with ``scopes``: its row, and the token itself (shown once)."""
    if BOT_PLAY in scopes and not user.bot:
        raise ApiError(ErrorCode.NOT_A_BOT, "only a bot account's tokens may play")
    count = len(list(s.scalars(select(ApiToken.id).where(ApiToken.user_id == user.id))))
    if count >= TOKENS_PER_ACCOUNT:
        raise ApiError(ErrorCode.TOO_MANY_TOKENS, f"at most {TOKENS_PER_ACCOUNT} tokens")
    token = PREFIX + secrets.token_urlsafe(32)
    row = ApiToken(
        user_id=user.id,
        token_hash=token_hash(token),
        name=name.strip() or "token",
        scopes=sorted(set(scopes)),
        created=now(),
        revoked=False,
    )
    s.add(row)
    s.flush()
    return _row(row), token


def bot_challenges(s: Session, user_id: int) -> bool:
    """Whether ``user_id`` takes challenges from bot accounts."""
    account = s.get(User, user_id)
    return account is not None and bool(account.bot_challenges)


def set_bot_challenges(s: Session, user_id: int, on: bool) -> None:
    """``user_id`` takes challenges from bots (``on``) or no longer does."""
    account = s.get(User, user_id)
    assert account is not None
    account.bot_challenges = on


def tokens(s: Session, user_id: int) -> list[TokenRow]:
    """``user_id``'s live tokens, newest first (never the tokens themselves)."""
    found = s.scalars(
        select(ApiToken)
        .where(ApiToken.user_id == user_id, ApiToken.revoked.is_(False))
        .order_by(ApiToken.created.desc(), ApiToken.id.desc())
    )
    return [_row(t) for t in found]


def revoke(s: Session, user_id: int, token_id: int) -> None:
    """End one of ``user_id``'s tokens (another's, or none, is ``unknown-token``)."""
    token = s.get(ApiToken, token_id)
    if token is None or token.user_id != user_id or token.revoked:
        raise ApiError(ErrorCode.UNKNOWN_TOKEN, "you have no such token")
    token.revoked = True


def bearer(store: Store, authorization: str | None, scope: str) -> Bearer:
    """The account an ``Authorization: Bearer`` header speaks for, if it allows ``scope``."""
    scheme, _, token = (authorization or "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(ErrorCode.BAD_TOKEN, "send Authorization: Bearer <token>")
    with store.sessions.begin() as s:
        found = s.scalar(select(ApiToken).where(ApiToken.token_hash == token_hash(token.strip())))
        if found is None or found.revoked:
            raise ApiError(ErrorCode.BAD_TOKEN, "the token is unknown or was revoked")
        if scope not in found.scopes:
            raise ApiError(ErrorCode.TOKEN_SCOPE, f"the token does not allow {scope!r}")
        user = s.get(User, found.user_id)
        assert user is not None
        at = now()
        if found.last_used is None or at - found.last_used > USED_EVERY:
            found.last_used = at
        return Bearer(
            user_row(user),
            found.id,
            frozenset(found.scopes),
        )


def still_valid(store: Store, token_id: int) -> bool:
    """Whether token ``token_id`` is still live (asked before each move of a bot's game)."""
    with store.sessions() as s:
        found = s.get(ApiToken, token_id)
        return found is not None and not found.revoked
