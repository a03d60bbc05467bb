"""The lobby: ``/api/lobby`` (and its socket ``/ws/lobby``), joining a listed table, quick match.

The work is in :mod:`rumizi.server.lobby`; these routes only read the request and answer.
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from rumizi.server import inbound
from rumizi.server.deps import (
    BODY,
    PLAYING,
    POSTED,
    SIGNED_IN,
    CsrfDep,
    HubDep,
    LangDep,
    LobbyDep,
    MaybeUserDep,
    PlayerDep,
    StoreDep,
    UserDep,
    known_game,
    stored_table,
)
from rumizi.server.errors import ApiError, ErrorCode, refusals
from rumizi.server.lobby import LobbyClient, company_refused
from rumizi.server.routes.tables import clock_config
from rumizi.server.schemas import Joined, Lobby, QuickBotIn, QuickIn, QuickState, TableMade
from rumizi.server.ws import refuse_connection, same_origin

router = APIRouter(tags=["lobby"])


# A clock's unused fields and a quick match's missing facts are left out, not sent as null.
@router.get("/api/lobby", response_model_exclude_unset=True)
async def lobby(lobby: LobbyDep, user: MaybeUserDep, lang: LangDep) -> Lobby:
    """Open tables and games being played per game, who is online, the caller's games."""
    return await lobby.snapshot(None if user is None else user.id, lang)


@router.post(
    "/api/lobby/tables/{table_id}/join",
    responses=refusals(
        *POSTED,
        *PLAYING,
        ErrorCode.UNKNOWN_TABLE,
        ErrorCode.NOT_LISTED,
        ErrorCode.SIGN_UP,
        ErrorCode.TABLE_FULL,
        ErrorCode.BLOCKED,
    ),
)
async def join_listed(
    table_id: str, user: PlayerDep, store: StoreDep, hub: HubDep, _: CsrfDep
) -> Joined:
    """Sit at a table the lobby lists, without its invite (a seat already held is kept)."""
    row = stored_table(store, table_id)
    if not row.listed:
        raise ApiError(ErrorCode.NOT_LISTED, "this table is not open in the lobby")
    if row.rated and user.guest:
        raise ApiError(ErrorCode.SIGN_UP, "sign up to play rated games")
    await asyncio.to_thread(company_refused, store, row, user.id)  # a block, either way
    taken = await hub.db(store.take_seat, table_id, user.id)
    if taken is None:
        raise ApiError(ErrorCode.TABLE_FULL, "every seat at this table is taken")
    await hub.get(table_id)
    await hub.reload_seats(table_id)
    return Joined(seat=taken[0])


@router.get("/api/lobby/quick", responses=refusals(*SIGNED_IN), response_model_exclude_unset=True)
async def quick_state(lobby: LobbyDep, user: UserDep) -> QuickState:
    """Where the caller's quick match stands (the lobby's socket says it too)."""
    return lobby.state(user.id)


@router.post(
    "/api/lobby/quick",
    responses=refusals(*POSTED, *BODY, *PLAYING, ErrorCode.UNKNOWN_GAME, ErrorCode.INVALID_OPTIONS),
    response_model_exclude_unset=True,
)
async def quick_match(body: QuickIn, lobby: LobbyDep, user: PlayerDep, _: CsrfDep) -> QuickState:
    """Pair with someone waiting for the same game, options and clock, or wait ``wait`` s."""
    known_game(body.game)
    return await lobby.quick(
        user.id,
        body.game,
        body.options,
        clock_config(body.clock),
        body.wait,
        bot=user.bot,
        allow_bots=body.allow_bots,
    )


@router.post(
    "/api/lobby/quick/cancel",
    responses=refusals(*POSTED, *SIGNED_IN),
    response_model_exclude_unset=True,
)
async def quick_cancel(lobby: LobbyDep, user: UserDep, _: CsrfDep) -> QuickState:
    """Leave the quick-match queue (nothing to leave is not an error)."""
    return lobby.cancel(user.id)


@router.post(
    "/api/lobby/quick/bot",
    responses=refusals(
        *POSTED, *BODY, *PLAYING, ErrorCode.NO_QUICK_MATCH, ErrorCode.INVALID_OPTIONS
    ),
)
async def quick_bot(
    body: QuickBotIn, lobby: LobbyDep, user: PlayerDep, store: StoreDep, _: CsrfDep
) -> TableMade:
    """Play the quick match's game against a bot instead (the table a match made, if one did)."""
    table_id, seat = await lobby.bot(user.id, body.level)
    row = stored_table(store, table_id)
    return TableMade(id=table_id, seat=seat, invite=row.invite, url=f"/t/{table_id}")


@router.websocket("/ws/lobby")
async def lobby_socket(
    websocket: WebSocket, lobby: LobbyDep, user: MaybeUserDep, lang: LangDep
) -> None:
    """The lobby, pushed as ``{"type": "lobby", ...}`` (the shape of ``GET /api/lobby``)."""
    if not same_origin(websocket):
        await refuse_connection(websocket, 4403, "cross-site connection refused")
        return
    await websocket.accept()
    client = LobbyClient(websocket.send_json, None if user is None else user.id, lang)
    try:
        # Inside the try: a socket that fails while connecting (closed before its first
        # message) is counted out again, or the online count would only ever grow.
        await lobby.connect(client)
        while True:  # the page says only {"type": "refresh"}; anything else is ignored
            try:
                asked = inbound.is_refresh(await websocket.receive_text())
            except KeyError:  # a binary frame
                asked = False
            if asked:
                await websocket.send_json(await lobby.message(client.user_id, client.lang))
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        lobby.disconnect(client)
