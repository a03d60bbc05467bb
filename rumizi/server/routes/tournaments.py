"""Tournaments: ``/api/tournaments...`` and the event page's socket ``/ws/tournaments/{id}``.

The work is in :mod:`rumizi.server.tournaments` (the events, the ticker that pairs them, the
pages' pushes) and :mod:`rumizi.tournaments` (pairing and standings); these routes read the
request, check who asks, and answer the event as the caller sees it.
"""

from __future__ import annotations

from fastapi import APIRouter, Query, WebSocket, WebSocketDisconnect

from rumizi.server import inbound, tournaments
from rumizi.server.deps import (
    BODY,
    PLAYING,
    POSTED,
    SIGNED_IN,
    CsrfDep,
    LangDep,
    MaybeUserDep,
    PlayerDep,
    TournamentsDep,
    UserDep,
    known_game,
)
from rumizi.server.errors import ApiError, ErrorCode, refusals
from rumizi.server.plugins import plugin
from rumizi.server.routes.tables import clock_config
from rumizi.server.schemas import (
    Tournament,
    TournamentIn,
    TournamentJoinIn,
    TournamentList,
    TournamentMade,
)
from rumizi.server.ws import refuse_connection, same_origin

router = APIRouter(tags=["tournaments"])

UNKNOWN = (ErrorCode.UNKNOWN_TOURNAMENT,)


@router.get("/api/tournaments", responses=refusals(ErrorCode.UNKNOWN_GAME, *BODY))
async def list_tournaments(
    events: TournamentsDep, lang: LangDep, game: str | None = Query(None, max_length=40)
) -> TournamentList:
    """Upcoming events (soonest first), running ones, and finished ones (latest first)."""
    if game is not None:
        known_game(game)
    return await events.listing(game, lang)


@router.post(
    "/api/tournaments",
    responses=refusals(
        *POSTED,
        *BODY,
        *SIGNED_IN,
        ErrorCode.UNKNOWN_GAME,
        ErrorCode.INVALID_OPTIONS,
        ErrorCode.INVALID_TOURNAMENT,
        ErrorCode.SIGN_UP,
    ),
)
async def create_tournament(
    body: TournamentIn, events: TournamentsDep, user: UserDep, lang: LangDep, _: CsrfDep
) -> TournamentMade:
    """Announce a new event; its organiser is the caller (who does not join by this)."""
    known_game(body.game)
    name = str(plugin(body.game).catalog(lang).get("name", body.game))
    row = await events.create(body, user, name, clock_config(body.clock))
    return TournamentMade(id=row.id, url=f"/tournaments/{row.id}", invite=row.invite)


@router.get("/api/tournaments/{tournament_id}", responses=refusals(*UNKNOWN))
async def read_tournament(
    tournament_id: str, events: TournamentsDep, user: MaybeUserDep, lang: LangDep
) -> Tournament:
    """The event: standings with tie-breaks, the pairings, each player's results."""
    return await events.page(tournament_id, None if user is None else user.id, lang)


@router.post(
    "/api/tournaments/{tournament_id}/join",
    responses=refusals(
        *POSTED,
        *BODY,
        *PLAYING,
        *UNKNOWN,
        ErrorCode.TOURNAMENT_STARTED,
        ErrorCode.TOURNAMENT_CLOSED,
        ErrorCode.BAD_INVITE,
        ErrorCode.SIGN_UP,
        ErrorCode.BOTS_NOT_ALLOWED,
    ),
)
async def join_tournament(
    tournament_id: str,
    body: TournamentJoinIn,
    events: TournamentsDep,
    user: PlayerDep,
    lang: LangDep,
    _: CsrfDep,
) -> Tournament:
    """Play in the event: a Swiss before it starts, an arena until it ends (twice is once)."""
    await events.change(
        tournament_id, lambda s: tournaments.join(s, tournament_id, user, body.invite)
    )
    return await events.page(tournament_id, user.id, lang)


@router.post(
    "/api/tournaments/{tournament_id}/withdraw",
    responses=refusals(
        *POSTED, *SIGNED_IN, *UNKNOWN, ErrorCode.TOURNAMENT_CLOSED, ErrorCode.NOT_IN_TOURNAMENT
    ),
)
async def withdraw_from_tournament(
    tournament_id: str, events: TournamentsDep, user: UserDep, lang: LangDep, _: CsrfDep
) -> Tournament:
    """Leave the event: paired no more (results so far stay; a game under way is yours)."""
    await events.change(tournament_id, lambda s: tournaments.withdraw(s, tournament_id, user))
    return await events.page(tournament_id, user.id, lang)


@router.post(
    "/api/tournaments/{tournament_id}/cancel",
    responses=refusals(
        *POSTED,
        *SIGNED_IN,
        *UNKNOWN,
        ErrorCode.NOT_ORGANISER,
        ErrorCode.TOURNAMENT_STARTED,
        ErrorCode.TOURNAMENT_CLOSED,
    ),
)
async def cancel_tournament(
    tournament_id: str, events: TournamentsDep, user: UserDep, lang: LangDep, _: CsrfDep
) -> Tournament:
    """The organiser calls the event off before it starts."""
    await events.change(tournament_id, lambda s: tournaments.cancel(s, tournament_id, user))
    return await events.page(tournament_id, user.id, lang)


@router.websocket("/ws/tournaments/{tournament_id}")
async def tournament_socket(
    websocket: WebSocket,
    tournament_id: str,
    events: TournamentsDep,
    user: MaybeUserDep,
    lang: LangDep,
) -> None:
    """The event, pushed as ``{"type": "tournament", ...}`` (the shape of its GET) on every
    change; the page may ask ``{"type": "refresh"}``."""
    if not same_origin(websocket):
        await refuse_connection(websocket, 4403, "cross-site connection refused")
        return
    try:
        await events.page(tournament_id, None, lang)
    except ApiError:
        await refuse_connection(websocket, 4404, "no such tournament")
        return
    await websocket.accept()
    watcher = tournaments.Watcher(websocket.send_json, None if user is None else user.id, lang)
    try:
        await events.connect(tournament_id, watcher)
        while True:
            try:
                asked = inbound.is_refresh(await websocket.receive_text())
            except KeyError:  # a binary frame
                asked = False
            if asked:
                await websocket.send_json(
                    await events.message(tournament_id, watcher.user_id, watcher.lang)
                )
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        events.disconnect(tournament_id, watcher)
