"""People: a player's public profile, ``GET /api/users/{name}``; following a player,
``POST`` / ``DELETE /api/users/{name}/follow``, and whom one follows with the games they are
playing now, ``GET /api/my/following``; blocking a player, ``POST`` / ``DELETE
/api/users/{name}/block``, and whom one blocked, ``GET /api/my/blocks``.

What anyone may read (:mod:`rumizi.server.profiles`): per game the finished games played,
won, drawn and lost (as ``stats``), the rating and its history, and the newest finished
tables as a spectator sees them (no invite code). Nothing private: a signed-in stranger,
a visitor and the player read the same answer. A block is not in it either: the blocker
learns whom they blocked from their own ``GET /api/my/blocks``, and nobody else from anything
(:mod:`rumizi.server.blocks`).
"""

from __future__ import annotations

import asyncio
from datetime import datetime

from fastapi import APIRouter
from pydantic import BaseModel, Field

from rumizi.server import blocks, challenges
from rumizi.server.deps import POSTED, SIGNED_IN, CsrfDep, HubDep, LangDep, StoreDep, UserDep
from rumizi.server.errors import ApiError, ErrorCode, refusals
from rumizi.server.profiles import Outcome
from rumizi.server.routes.tables import table_model
from rumizi.server.schemas import Table
from rumizi.server.store import Store, UserRow

router = APIRouter(prefix="/api", tags=["users"])


class RatingPoint(BaseModel):
    """The rating after one rated game, and when that game ended."""

    at: datetime
    rating: int


class GameStats(BaseModel):
    """One game's line of a profile (finished games only)."""

    game: str
    played: int
    won: int
    drawn: int
    lost: int
    rating: int | None = Field(description="none before the player's first rated game of it")
    provisional: bool = Field(description="the rating is shown with a “?” (few rated games)")
    rated_games: int
    history: list[RatingPoint] = Field(description="the rating after each rated game, oldest first")


class PlayedGame(BaseModel):
    """One of the player's finished games: the table as a spectator sees it, the player's
    seat and how it went for them."""

    table: Table
    seat: int
    outcome: Outcome


class Profile(BaseModel):
    """A player as anyone may read it."""

    name: str
    guest: bool
    bot: bool = Field(default=False, description="a bot account: a program plays it")
    joined: datetime
    followers: int = Field(description="how many players follow this one")
    stats: list[GameStats] = Field(description="per game, the most played first")
    recent: list[PlayedGame] = Field(description="the newest finished games, newest first")


@router.get(
    "/users/{name}", responses=refusals(ErrorCode.UNKNOWN_USER), response_model_exclude_unset=True
)
def profile(name: str, store: StoreDep, lang: LangDep) -> Profile:
    """The public profile of the player ``name``."""
    found = store.profile(name)
    if found is None:
        raise ApiError(ErrorCode.UNKNOWN_USER, f"no player named {name!r}")
    person, tables = found
    rows = {row.id: row for row in tables}
    return Profile(
        name=person.name,
        guest=person.guest,
        bot=person.bot,
        joined=person.joined,
        followers=person.followers,
        stats=[GameStats.model_validate(line, from_attributes=True) for line in person.stats],
        recent=[
            PlayedGame(
                table=table_model(rows[p.table_id], None, lang), seat=p.seat, outcome=p.outcome
            )
            for p in person.recent
            if p.table_id in rows
        ],
    )


class Following(BaseModel):
    """Whether the caller now follows the player."""

    following: bool


class PlayingNow(BaseModel):
    """A game a followed player is playing now (open it to watch)."""

    table_id: str
    game: str


class Followed(BaseModel):
    """A player the caller follows."""

    name: str
    guest: bool
    playing: list[PlayingNow]


def _followed(store: Store, user: UserRow, name: str) -> int:
    found = store.user_id(name)
    if found is None:
        raise ApiError(ErrorCode.UNKNOWN_USER, f"no player named {name!r}")
    if found == user.id:
        raise ApiError(ErrorCode.FOLLOW_SELF, "a player cannot follow themselves")
    return found


FOLLOW_REFUSALS = refusals(ErrorCode.UNKNOWN_USER, ErrorCode.FOLLOW_SELF, *SIGNED_IN, *POSTED)


@router.post("/users/{name}/follow", responses=FOLLOW_REFUSALS)
def follow(name: str, user: UserDep, store: StoreDep, _csrf: CsrfDep) -> Following:
    """Follow the player ``name`` (again: nothing changes)."""
    store.follow(user.id, _followed(store, user, name), True)
    return Following(following=True)


@router.delete("/users/{name}/follow", responses=FOLLOW_REFUSALS)
def unfollow(name: str, user: UserDep, store: StoreDep, _csrf: CsrfDep) -> Following:
    """Stop following the player ``name`` (not following: nothing changes)."""
    store.follow(user.id, _followed(store, user, name), False)
    return Following(following=False)


@router.get("/my/following", responses=refusals(*SIGNED_IN))
def my_following(user: UserDep, store: StoreDep) -> list[Followed]:
    """The players the caller follows, by name, each with the games it is playing now."""
    return [
        Followed(
            name=f.name,
            guest=f.guest,
            playing=[PlayingNow(table_id=t, game=g) for t, g in f.playing],
        )
        for f in store.following(user.id)
    ]


# ---------------------------------------------------------------------- blocking


class Blocking(BaseModel):
    """Whether the caller now blocks the player."""

    blocked: bool


class BlockedPlayer(BaseModel):
    """A player the caller blocked, and since when."""

    name: str
    guest: bool
    since: datetime


def _blocked(store: Store, user: UserRow, name: str) -> int:
    found = store.user_id(name)
    if found is None:
        raise ApiError(ErrorCode.UNKNOWN_USER, f"no player named {name!r}")
    if found == user.id:
        raise ApiError(ErrorCode.BLOCK_SELF, "a player cannot block themselves")
    return found


BLOCK_REFUSALS = refusals(ErrorCode.UNKNOWN_USER, ErrorCode.BLOCK_SELF, *SIGNED_IN, *POSTED)


@router.post("/users/{name}/block", responses=BLOCK_REFUSALS)
async def block(name: str, user: UserDep, store: StoreDep, hub: HubDep, _csrf: CsrfDep) -> Blocking:
    """Block the player ``name``: no challenges, pairing or chat with them (again: the same).

    A challenge pending between the two ends; nobody else, the blocked one included, is told.
    """
    blocked = await asyncio.to_thread(_blocked, store, user, name)
    await hub.db(challenges.blocking, store, user.id, blocked, True)
    hub.tell("")  # each one's lobby drops the challenge that ended
    return Blocking(blocked=True)


@router.delete("/users/{name}/block", responses=BLOCK_REFUSALS)
async def unblock(
    name: str, user: UserDep, store: StoreDep, hub: HubDep, _csrf: CsrfDep
) -> Blocking:
    """Stop blocking the player ``name`` (not blocked: nothing changes)."""
    blocked = await asyncio.to_thread(_blocked, store, user, name)
    await hub.db(challenges.blocking, store, user.id, blocked, False)
    return Blocking(blocked=False)


@router.get("/my/blocks", responses=refusals(*SIGNED_IN))
def my_blocks(user: UserDep, store: StoreDep) -> list[BlockedPlayer]:
    """The players the caller blocked, by name (nobody else can read this list)."""
    with store.sessions() as s:
        found = blocks.blocked_list(s, user.id)
    return [BlockedPlayer(name=b.name, guest=b.guest, since=b.since) for b in found]
