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
- ``POST /api/bot/challenges`` (scope ``challenge``): challenge a player, the body of
  ``POST /api/challenges``; a person must have opted in (``not-accepting-bots``);
- ``POST /api/bot/tournaments/{id}/join`` and ``/withdraw``: play in an event whose organiser
  allowed bots (``bots-not-allowed`` otherwise);
- ``POST /api/bot/quick`` and ``/api/bot/quick/cancel``: the lobby's quick match, met by bots
  and by people who allowed bots;
- ``/api/bot/stream`` (WebSocket): the bot's events, ``game-start`` for each game it sits at
  that is not over (all of them on connecting, then each new one), ``game-finish``, and
  ``challenge`` for each challenge made to it;
- ``/api/bot/game/{id}`` (WebSocket): the table's socket for the bot's seat, the very protocol
  of the page's (``docs/web-protocol.md``): its seat's view and canonical legal moves, never
  more, and moves sent with the version seen, refused with the usual codes.

The account page also reads and sets ``GET`` / ``POST /api/account/bot-settings``: whether
the person takes challenges from bots.

A bot socket closes with 4401 when the token is missing, unknown, revoked or lacks
``bot:play``, 4404 for a table that does not exist, and 4429 when the token is past its
requests' limit. Every token is rate-limited (rumizi.server.bot_limits): past the limit a
route answers ``429 token-rate-limited`` with ``Retry-After``. :mod:`rumizi.client` is the
other end.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, Field
from starlette.requests import HTTPConnection

from rumizi.server import bot_accounts, moderation, tournaments
from rumizi.server.bot_accounts import BOT_PLAY, CHALLENGE, Bearer
from rumizi.server.bot_limits import TokenLimiter, refused
from rumizi.server.challenges import listed, model
from rumizi.server.deps import (
    BODY,
    POSTED,
    SIGNED_IN,
    CsrfDep,
    HubDep,
    LobbyDep,
    StoreDep,
    TournamentsDep,
    UserDep,
    get_store,
    known_game,
)
from rumizi.server.errors import ApiError, ErrorCode, refusals
from rumizi.server.routes.challenges import MADE_CODES, answer_challenge, send_challenge
from rumizi.server.routes.tables import clock_config, sit_with_invite
from rumizi.server.schemas import (
    Challenge,
    ChallengeIn,
    Joined,
    JoinIn,
    Nothing,
    QuickIn,
    QuickState,
    Tournament,
    TournamentJoinIn,
)
from rumizi.server.store import Store
from rumizi.server.ws import refuse_connection, serve_table

router = APIRouter(tags=["bots"])

Scope = Literal["bot:play", "challenge"]
STREAM_EVERY = 1.0  # seconds between the event stream's looks at the bot's games
TOKEN = (ErrorCode.BAD_TOKEN, ErrorCode.TOKEN_SCOPE, ErrorCode.TOKEN_RATE_LIMITED)


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


class BotSettings(BaseModel):
    """The account page's bot settings."""

    accept_bot_challenges: bool = Field(description="bot accounts may challenge the person")


def token_limiter(connection: HTTPConnection) -> TokenLimiter:
    """The app's limiter of tokens (rumizi.server.bot_limits)."""
    found: TokenLimiter = connection.app.state.token_limiter
    return found


def _counted(connection: HTTPConnection, store: Store, scope: str) -> Bearer:
    """The token's account if it allows ``scope``, with this request counted against it."""
    bearer = bot_accounts.bearer(store, connection.headers.get("authorization"), scope)
    wait = token_limiter(connection).request(bearer.token_id)
    if wait is not None:
        raise refused(wait)
    return bearer


def bot_player(connection: HTTPConnection, store: Annotated[Store, Depends(get_store)]) -> Bearer:
    """The bot a request's ``Authorization: Bearer`` token plays for (scope ``bot:play``)."""
    return _counted(connection, store, BOT_PLAY)


BotDep = Annotated[Bearer, Depends(bot_player)]


def challenge_answerer(
    connection: HTTPConnection, store: Annotated[Store, Depends(get_store)]
) -> Bearer:
    """The account a request's token answers challenges for (scope ``challenge``)."""
    return _counted(connection, store, CHALLENGE)


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


@router.get("/api/account/bot-settings", responses=refusals(*SIGNED_IN))
def bot_settings(user: UserDep, store: StoreDep) -> BotSettings:
    """Whether the caller takes challenges from bots (off unless they said so)."""
    with store.sessions() as s:
        return BotSettings(accept_bot_challenges=bot_accounts.bot_challenges(s, user.id))


@router.post("/api/account/bot-settings", responses=refusals(*POSTED, *BODY, *SIGNED_IN))
async def set_bot_settings(
    body: BotSettings, user: UserDep, store: StoreDep, hub: HubDep, _: CsrfDep
) -> BotSettings:
    """Take challenges from bots, or no longer (the challenges already made stay)."""

    def write() -> None:
        with store.sessions.begin() as s:
            bot_accounts.set_bot_challenges(s, user.id, body.accept_bot_challenges)

    await hub.db(write)
    return body


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
        ErrorCode.BLOCKED,
    ),
)
async def bot_join(
    table_id: str, body: JoinIn, bot: BotDep, store: StoreDep, hub: HubDep
) -> Joined:
    """Sit at a table with its invite code (a seat already held is kept), as a person's
    invite link does: not beside someone the bot's account blocked or who blocked it."""
    moderation.check_can_play(bot.user)  # a banned bot account sits nowhere either
    return await sit_with_invite(store, hub, table_id, body.invite, bot.user)


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


@router.post(
    "/api/bot/challenges",
    responses=refusals(*TOKEN, *BODY, *MADE_CODES, ErrorCode.BANNED),
    response_model_exclude_unset=True,
)
async def bot_challenge(
    body: ChallengeIn, bot: AnswererDep, store: StoreDep, hub: HubDep
) -> Challenge:
    """Challenge a player as ``POST /api/challenges`` does: a person only if they take
    challenges from bots (``not-accepting-bots``) and no block stands between you."""
    moderation.check_can_play(bot.user)  # a banned bot account challenges nobody
    return await send_challenge(hub, store, bot.user, body)


TOURNAMENT_REFUSALS = (ErrorCode.UNKNOWN_TOURNAMENT, ErrorCode.TOURNAMENT_CLOSED)


@router.post(
    "/api/bot/tournaments/{tournament_id}/join",
    responses=refusals(
        *TOKEN,
        *BODY,
        *TOURNAMENT_REFUSALS,
        ErrorCode.TOURNAMENT_STARTED,
        ErrorCode.BAD_INVITE,
        ErrorCode.BOTS_NOT_ALLOWED,
        ErrorCode.BANNED,
    ),
)
async def bot_join_tournament(
    tournament_id: str, body: TournamentJoinIn, bot: BotDep, events: TournamentsDep
) -> Tournament:
    """Play in an event whose organiser allowed bots; its games come on the bot's stream."""
    moderation.check_can_play(bot.user)
    await events.change(
        tournament_id, lambda s: tournaments.join(s, tournament_id, bot.user, body.invite)
    )
    return await events.page(tournament_id, bot.user.id, "en")


@router.post(
    "/api/bot/tournaments/{tournament_id}/withdraw",
    responses=refusals(*TOKEN, *TOURNAMENT_REFUSALS, ErrorCode.NOT_IN_TOURNAMENT),
)
async def bot_withdraw_tournament(
    tournament_id: str, bot: BotDep, events: TournamentsDep
) -> Tournament:
    """Leave the event (a game under way is still the bot's to finish)."""
    await events.change(tournament_id, lambda s: tournaments.withdraw(s, tournament_id, bot.user))
    return await events.page(tournament_id, bot.user.id, "en")


@router.post(
    "/api/bot/quick",
    responses=refusals(
        *TOKEN, *BODY, ErrorCode.UNKNOWN_GAME, ErrorCode.INVALID_OPTIONS, ErrorCode.BANNED
    ),
    response_model_exclude_unset=True,
)
async def bot_quick(body: QuickIn, bot: BotDep, lobby: LobbyDep) -> QuickState:
    """Queue for the lobby's quick match: paired with a bot, or a person who allowed bots
    (``allow_bots`` of the body is not read: a bot meets bots anyway)."""
    moderation.check_can_play(bot.user)
    known_game(body.game)
    return await lobby.quick(
        bot.user.id,
        body.game,
        body.options,
        clock_config(body.clock),
        body.wait,
        bot=True,
    )


@router.post("/api/bot/quick/cancel", responses=refusals(*TOKEN), response_model_exclude_unset=True)
async def bot_quick_cancel(bot: BotDep, lobby: LobbyDep) -> QuickState:
    """Leave the quick-match queue (nothing to leave is not an error)."""
    return lobby.cancel(bot.user.id)


async def _bearer_socket(websocket: WebSocket, store: Store) -> Bearer | None:
    try:
        return _counted(websocket, store, BOT_PLAY)
    except ApiError as err:
        code = 4429 if err.code == ErrorCode.TOKEN_RATE_LIMITED else 4401
        await refuse_connection(websocket, code, err.message)
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

    limiter = token_limiter(websocket)
    await serve_table(
        websocket,
        hub,
        table,
        bot.user,
        "en",
        by_program=token_holds,
        move_wait=lambda: limiter.move(bot.token_id),
    )


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
