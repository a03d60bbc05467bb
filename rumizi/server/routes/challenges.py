"""Challenges: ``POST /api/challenges`` (one player invites another to a game),
``GET /api/challenges`` (the caller's, both ways), and the answers ``accept``, ``decline``
(the challenged) and ``cancel`` (the challenger).

The work is in :mod:`rumizi.server.challenges`; these routes read the request, check the
game and its options as the quick match does (for two seats), run the write in the hub's
database thread and tell the lobby, whose socket then pushes each player their challenges
(the challenged sees it come, the challenger sees it accepted and where the table is).
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter

from rumizi.server import challenges, takeback
from rumizi.server.challenges import Answer, Asked, model
from rumizi.server.deps import (
    BODY,
    PLAYING,
    POSTED,
    SIGNED_IN,
    CsrfDep,
    HubDep,
    PlayerDep,
    StoreDep,
    UserDep,
    known_game,
)
from rumizi.server.errors import ApiError, ErrorCode, refusals
from rumizi.server.hub import Hub
from rumizi.server.lobby import checked_options
from rumizi.server.routes.tables import clock_config
from rumizi.server.schemas import Challenge, ChallengeIn
from rumizi.server.store import Store, UserRow

# Served with rumizi.server.routes.users' routes (the people it is about).
router = APIRouter(prefix="/api", tags=["challenges"])


# What a challenge's making refuses, whoever sends it (a page, or a bot's token).
MADE_CODES = (
    ErrorCode.UNKNOWN_GAME,
    ErrorCode.INVALID_OPTIONS,
    ErrorCode.UNKNOWN_USER,
    ErrorCode.CHALLENGE_SELF,
    ErrorCode.SIGN_UP,
    ErrorCode.NOT_ACCEPTING_CHALLENGES,
    ErrorCode.NOT_ACCEPTING_BOTS,
    ErrorCode.TOO_MANY_CHALLENGES,
)
MADE_REFUSALS = refusals(*POSTED, *BODY, *PLAYING, *MADE_CODES)


# A clock's unused fields and a pending challenge's table are left out, not sent as null.
@router.post("/challenges", responses=MADE_REFUSALS, response_model_exclude_unset=True)
async def make_challenge(
    body: ChallengeIn, user: PlayerDep, store: StoreDep, hub: HubDep, _csrf: CsrfDep
) -> Challenge:
    """Challenge the player ``to`` to a two-seat game with these options, clock and rating."""
    return await send_challenge(hub, store, user, body)


async def send_challenge(hub: Hub, store: Store, user: UserRow, body: ChallengeIn) -> Challenge:
    """``user`` challenges ``body.to`` (from a page, or from a bot's token)."""
    known_game(body.game)
    options = checked_options(body.game, takeback.game_options(body.options), 2)
    challenged = await asyncio.to_thread(store.user_id, body.to)
    if challenged is None:
        raise ApiError(ErrorCode.UNKNOWN_USER, f"no player named {body.to!r}")
    if challenged == user.id:
        raise ApiError(ErrorCode.CHALLENGE_SELF, "a player cannot challenge themselves")
    asked = Asked(body.game, options, clock_config(body.clock), body.rated)
    seen = await hub.db(challenges.make, store, user.id, challenged, asked)
    hub.tell("")  # the lobby pushes: the challenged sees it come
    return model(seen)


@router.get("/challenges", responses=refusals(*SIGNED_IN), response_model_exclude_unset=True)
def my_challenges(user: UserDep, store: StoreDep) -> list[Challenge]:
    """The caller's challenges both ways, newest first: pending, and lately answered ones."""
    return [model(seen) for seen in challenges.listed(store, user.id)]


ANSWER_CODES = (
    *POSTED,
    ErrorCode.UNKNOWN_CHALLENGE,
    ErrorCode.NOT_YOUR_CHALLENGE,
    ErrorCode.CHALLENGE_ANSWERED,
)
ANSWER_REFUSALS = refusals(*ANSWER_CODES, *SIGNED_IN)
ACCEPT_REFUSALS = refusals(*ANSWER_CODES, *PLAYING)  # a banned player sits at no table


async def answer_challenge(
    hub: Hub, store: Store, user: UserRow, challenge_id: str, given: Answer
) -> Challenge:
    seen = await hub.db(challenges.answer, store, challenge_id, user.id, given)
    if seen.table_id is not None:
        await hub.get(seen.table_id)  # loaded: its clock runs from now, both hear its state
        hub.tell(seen.table_id)
    hub.tell("")  # the other player's lobby hears the answer
    return model(seen)


@router.post(
    "/challenges/{challenge_id}/accept",
    responses=ACCEPT_REFUSALS,
    response_model_exclude_unset=True,
)
async def accept_challenge(
    challenge_id: str, user: PlayerDep, store: StoreDep, hub: HubDep, _csrf: CsrfDep
) -> Challenge:
    """Accept a challenge to the caller: a table with both seated (again: the same table)."""
    return await answer_challenge(hub, store, user, challenge_id, "accept")


@router.post(
    "/challenges/{challenge_id}/decline",
    responses=ANSWER_REFUSALS,
    response_model_exclude_unset=True,
)
async def decline_challenge(
    challenge_id: str, user: UserDep, store: StoreDep, hub: HubDep, _csrf: CsrfDep
) -> Challenge:
    """Decline a challenge made to the caller (again: nothing changes)."""
    return await answer_challenge(hub, store, user, challenge_id, "decline")


@router.post(
    "/challenges/{challenge_id}/cancel",
    responses=ANSWER_REFUSALS,
    response_model_exclude_unset=True,
)
async def cancel_challenge(
    challenge_id: str, user: UserDep, store: StoreDep, hub: HubDep, _csrf: CsrfDep
) -> Challenge:
    """Withdraw a challenge the caller made (again: nothing changes)."""
    return await answer_challenge(hub, store, user, challenge_id, "cancel")
