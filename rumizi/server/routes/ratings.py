"""Ratings: a game's leaderboard of rated games between people."""

from __future__ import annotations

from fastapi import APIRouter

from rumizi.server.deps import GameDep, StoreDep
from rumizi.server.errors import ErrorCode, refusals
from rumizi.server.schemas import Rating

router = APIRouter(prefix="/api", tags=["ratings"])


@router.get("/leaderboard/{game_id}", responses=refusals(ErrorCode.UNKNOWN_GAME))
def leaderboard(game_id: GameDep, store: StoreDep) -> list[Rating]:
    """The best hundred ratings of ``game_id``, highest first."""
    return [Rating.model_validate(row) for row in store.leaderboard(game_id)]
