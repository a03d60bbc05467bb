"""Ratings: a game's leaderboards of rated games, people's and (``?bots=1``) bots'."""

from __future__ import annotations

from fastapi import APIRouter, Query

from rumizi.server.deps import BODY, GameDep, StoreDep
from rumizi.server.errors import ErrorCode, refusals
from rumizi.server.schemas import Rating

router = APIRouter(prefix="/api", tags=["ratings"])


@router.get("/leaderboard/{game_id}", responses=refusals(ErrorCode.UNKNOWN_GAME, *BODY))
def leaderboard(
    game_id: GameDep,
    store: StoreDep,
    bots: bool = Query(False, description="the bot accounts' board instead of people's"),
) -> list[Rating]:
    """The best hundred ratings of ``game_id``, highest first: people's, or bots' alone."""
    return [Rating.model_validate(row) for row in store.leaderboard(game_id, bots=bots)]
