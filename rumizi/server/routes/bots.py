"""Bring your own bot: bot accounts, tokens, and the bot's streams (the lichess Bot API's shape).

The account page (a session cookie, CSRF as every page POST):

- ``POST /api/account/bot`` turns the caller's account into a bot account, for good;
- ``GET`` / ``POST /api/account/tokens``, ``DELETE /api/account/tokens/{id}``: the personal
  access tokens, listed (never shown again), made (shown once), revoked.

A bot's program (``Authorization: Bearer <token>``; cookies are not read):

- ``GET /api/bot/account``: who the token speaks for and its scopes;
- ``POST /api/bot/tables/{id}/join``: sit at a table with its invite code;
- ``POST /api/bot/challenges/{id}/accept`` and ``/decline`` (scope ``challenge``): answer a
  challenge made to the account (rumizi.server.challenges);
- ``/api/bot/stream`` (WebSocket): the bot's events, ``game-start`` for each game it sits at
  that is not over (all of them on connecting, then each new one), ``game-finish``, and
  ``challenge`` for each challenge made to it;
- ``/api/bot/game/{id}`` (WebSocket): the table's socket for the bot's seat, the very protocol
  of the page's (``docs/web-protocol.md``): its seat's view and canonical legal moves, never
  more, and moves sent with the version seen, refused with the usual codes.

A bot socket closes with 4401 when the token is missing, unknown, revoked or lacks
``bot:play``, and 4404 for a table that does not exist. :mod:`rumizi.client` is the other end.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, Field
from starlette.requests import HTTPConnection

from rumizi.server import bot_accounts, moderation
from rumizi.server.bot_accounts import BOT_PLAY, CHALLENGE, Bearer
from rumizi.server.challenges import listed, model
from rumizi.server.deps import (
    BODY,
    POSTED,
    SIGNED_IN,
    CsrfDep,
    HubDep,
    StoreDep,
    UserDep,
    get_store,
    stored_table,
)
from rumizi.server.errors import ApiError, ErrorCode, refusals
from rumizi.server.routes.challenges import answer_challenge
from rumizi.server.schemas import Challenge, Joined, JoinIn, Nothing
from rumizi.server.store import Store
from rumizi.server.ws import refuse_connection, serve_table

router = APIRouter(tags=["bots"])

Scope = Literal["bot:play", "challenge"]
STREAM_EVERY = 1.0  # seconds between the event stream's looks at the bot's games
TOKEN = (ErrorCode.BAD_TOKEN, ErrorCode.TOKEN_SCOPE)


class TokenIn(BaseModel):
    name: str = Field(max_length=60, description="what the token is for (yours to read)")
    scopes: list[Scope] = Field(min_length=1, max_length=2)


class TokenInfo(BaseModel):
    """A token as the account page lists it (the token itself is never shown again)."""

    id: int
    name: str
    scopes: list[str]
    created: str
    last_used: str | None


class TokenMade(TokenInfo):
    token: str = Field(description="the token: shown this once, keep it secret")


class BotAccount(BaseModel):
    name: str
    bot: bool
    scopes: list[str] = Field(description="what the token used allows (empty from a session)")


def _info(row: bot_accounts.TokenRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "name": row.name,
        "scopes": list(row.scopes),
        "created": row.created.isoformat(),
        "last_used": None if row.last_used is None else row.last_used.isoformat(),
    }


def bot_player(connection: HTTPConnection, store: Annotated[Store, Depends(get_store)]) -> Bearer:
    """The bot a request's ``Authorization: Bearer`` token plays for (scope ``bot:play``)."""
    return bot_accounts.bearer(store, connection.headers.get("authorization"), BOT_PLAY)


BotDep = Annotated[Bearer, Depends(bot_player)]


def challenge_answerer(
    connection: HTTPConnection, store: Annotated[Store, Depends(get_store)]
) -> Bearer:
    """The account a request's token answers challenges for (scope ``challenge``)."""
    return bot_accounts.bearer(store, connection.headers.get("authorization"), CHALLENGE)


AnswererDep = Annotated[Bearer, Depends(challenge_answerer)]


# ---------------------------------------------------------------------- the account page


@router.post(
    "/api/account/bot",
    responses=refusals(*POSTED, *SIGNED_IN, ErrorCode.SIGN_UP, ErrorCode.HAS_GAMES),
)
async def become_bot(user: UserDep, store: StoreDep, hub: HubDep, _: CsrfDep) -> BotAccount:
    """Turn the caller's account into a bot account, for good (it must not have played)."""

    def write() -> None:
        with store.sessions.begin() as s:
            bot_accounts.make_bot(s, user)

    await hub.db(write)
    return BotAccount(name=user.name, bot=True, scopes=[])


@router.get("/api/account/tokens", responses=refusals(*SIGNED_IN))
def list_tokens(user: UserDep, store: StoreDep) -> list[TokenInfo]:
    """The caller's live tokens, newest first."""
    with store.sessions() as s:
        return [TokenInfo.model_validate(_info(row)) for row in bot_accounts.tokens(s, user.id)]


@router.post(
    "/api/account/tokens",
    responses=refusals(*POSTED, *BODY, *SIGNED_IN, ErrorCode.NOT_A_BOT, ErrorCode.TOO_MANY_TOKENS),
)
async def make_token(
    body: TokenIn, user: UserDep, store: StoreDep, hub: HubDep, _: CsrfDep
) -> TokenMade:
    """A new token with its scopes (``bot:play`` for a bot account's only): shown once."""

    def write() -> tuple[bot_accounts.TokenRow, str]:
        with store.sessions.begin() as s:
            return bot_accounts.issue(s, user, body.name, list(body.scopes))

    row, token = await hub.db(write)
    return TokenMade.model_validate({**_info(row), "token": token})


@router.delete(
    "/api/account/tokens/{token_id}",
    responses=refusals(*POSTED, *SIGNED_IN, ErrorCode.UNKNOWN_TOKEN),
)
async def revoke_token(
    token_id: int, user: UserDep, store: StoreDep, hub: HubDep, _: CsrfDep
) -> Nothing:
    """Revoke one of the caller's tokens: it stops working at once, on every instance."""

    def write() -> None:
        with store.sessions.begin() as s:
            bot_accounts.revoke(s, user.id, token_id)

    await hub.db(write)
    return Nothing()


# ---------------------------------------------------------------------- the bot's program


@router.get("/api/bot/account", responses=refusals(*TOKEN))
def bot_account(bot: BotDep) -> BotAccount:
    """Who the token plays for, and what it allows."""
    return BotAccount(name=bot.user.name, bot=bot.user.bot, scopes=sorted(bot.scopes))


@router.post(
    "/api/bot/tables/{table_id}/join",
    responses=refusals(
        *TOKEN,
        *BODY,
        ErrorCode.UNKNOWN_TABLE,
        ErrorCode.WRONG_INVITE,
        ErrorCode.TABLE_FULL,
        ErrorCode.BANNED,
    ),
)
async def bot_join(
    table_id: str, body: JoinIn, bot: BotDep, store: StoreDep, hub: HubDep
) -> Joined:
    """Sit at a table with its invite code (a seat already held is kept)."""
    moderation.check_can_play(bot.user)  # a banned bot account sits nowhere either
    row = stored_table(store, table_id)
    if not secrets.compare_digest(body.invite, row.invite):
        raise ApiError(ErrorCode.WRONG_INVITE, "this invite is not valid for the table")
    taken = await hub.db(store.take_seat, table_id, bot.user.id)
    if taken is None:
        raise ApiError(ErrorCode.TABLE_FULL, "every seat at this table is taken")
    await hub.get(table_id)
    await hub.reload_seats(table_id)
    return Joined(seat=taken[0])


CHALLENGE_CODES = (
    *TOKEN,
    ErrorCode.UNKNOWN_CHALLENGE,
    ErrorCode.NOT_YOUR_CHALLENGE,
    ErrorCode.CHALLENGE_ANSWERED,
)
CHALLENGE_REFUSALS = refusals(*CHALLENGE_CODES)
ACCEPT_REFUSALS = refusals(*CHALLENGE_CODES, ErrorCode.BANNED)


@router.post(
    "/api/bot/challenges/{challenge_id}/accept",
    responses=ACCEPT_REFUSALS,
    response_model_exclude_unset=True,
)
async def bot_accept(
    challenge_id: str, bot: AnswererDep, store: StoreDep, hub: HubDep
) -> Challenge:
    """Accept a challenge made to the token's account: the table is made, both seated."""
    moderation.check_can_play(bot.user)
    return await answer_challenge(hub, store, bot.user, challenge_id, "accept")


@router.post(
    "/api/bot/challenges/{challenge_id}/decline",
    responses=CHALLENGE_REFUSALS,
    response_model_exclude_unset=True,
)
async def bot_decline(
    challenge_id: str, bot: AnswererDep, store: StoreDep, hub: HubDep
) -> Challenge:
    """Decline a challenge made to the token's account."""
    return await answer_challenge(hub, store, bot.user, challenge_id, "decline")


async def _bearer_socket(websocket: WebSocket, store: Store) -> Bearer | None:
    try:
        return bot_accounts.bearer(store, websocket.headers.get("authorization"), BOT_PLAY)
    except ApiError as err:
        await refuse_connection(websocket, 4401, err.message)
        return None


@router.websocket("/api/bot/game/{table_id}")
async def bot_game(websocket: WebSocket, table_id: str, store: StoreDep, hub: HubDep) -> None:
    """The bot's seat at ``table_id``: the table's own socket protocol, by token."""
    bot = await _bearer_socket(websocket, store)
    if bot is None:
        return
    table = await hub.get(table_id)
    if table is None:
        await refuse_connection(websocket, 4404, "no such table")
        return

    async def token_holds() -> bool:
        return await asyncio.to_thread(bot_accounts.still_valid, store, bot.token_id)

    await serve_table(websocket, hub, table, bot.user, "en", by_program=token_holds)


@router.websocket("/api/bot/stream")
async def bot_stream(websocket: WebSocket, store: StoreDep) -> None:
    """The bot's events: ``{"type": "game-start", "table", "game", "seat", "status"}`` for
    each game it sits at that is not over (all on connecting, then each new one),
    ``{"type": "game-finish", "table"}`` when one ends, and ``{"type": "challenge", ...}``
    (a ``Challenge``) for each challenge made to it; a closed token closes it (4401)."""
    bot = await _bearer_socket(websocket, store)
    if bot is None:
        return
    await websocket.accept()
    known: set[str] = set()
    asked: set[str] = set()  # the challenges announced

    async def listen() -> None:  # the bot says nothing that matters; a close ends the stream
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            while True:
                await websocket.receive_text()

    listener = asyncio.create_task(listen())
    try:
        while not listener.done():
            if not await asyncio.to_thread(bot_accounts.still_valid, store, bot.token_id):
                await websocket.close(4401, "the token was revoked")
                return
            rows = await asyncio.to_thread(store.unfinished_tables, bot.user.id, limit=50)
            now_open = {row.id for row in rows}
            for row in rows:
                if row.id not in known:
                    seat = next(s.seat for s in row.seats if s.user_id == bot.user.id)
                    await websocket.send_json(
                        {
                            "type": "game-start",
                            "table": row.id,
                            "game": row.game,
                            "seat": seat,
                            "status": row.status,
                        }
                    )
            for table_id in sorted(known - now_open):
                await websocket.send_json({"type": "game-finish", "table": table_id})
            known = now_open
            for seen in await asyncio.to_thread(listed, store, bot.user.id):
                if seen.incoming and seen.status == "pending" and seen.id not in asked:
                    asked.add(seen.id)
                    found = model(seen).model_dump(by_alias=True, exclude_unset=True)
                    await websocket.send_json({**found, "type": "challenge"})
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(listener), STREAM_EVERY)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        listener.cancel()
