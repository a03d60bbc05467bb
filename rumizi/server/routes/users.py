"""People: a player's public profile, ``GET /api/users/{name}``.

What anyone may read (:mod:`rumizi.server.profiles`): per game the finished games played,
won, drawn and lost (as ``stats``), the rating and its history, and the newest finished
tables as a spectator sees them (no invite code). Nothing private: a signed-in stranger,
a visitor and the player read the same answer.
"""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter
from pydantic import BaseModel, Field

from rumizi.server.deps import LangDep, StoreDep
from rumizi.server.errors import ApiError, ErrorCode, refusals
from rumizi.server.profiles import Outcome
from rumizi.server.routes.tables import table_model
from rumizi.server.schemas import Table

router = APIRouter(prefix="/api/users", tags=["users"])


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
    joined: datetime
    stats: list[GameStats] = Field(description="per game, the most played first")
    recent: list[PlayedGame] = Field(description="the newest finished games, newest first")


@router.get(
    "/{name}", responses=refusals(ErrorCode.UNKNOWN_USER), response_model_exclude_unset=True
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
        joined=person.joined,
        stats=[GameStats.model_validate(line, from_attributes=True) for line in person.stats],
        recent=[
            PlayedGame(
                table=table_model(rows[p.table_id], None, lang), seat=p.seat, outcome=p.outcome
            )
            for p in person.recent
            if p.table_id in rows
        ],
    )
