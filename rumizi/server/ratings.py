"""Ratings per game with OpenSkill (the Plackett–Luce model), for rated games between accounts.

A rating is shown as the conservative estimate ``mu - 3·sigma`` scaled to a familiar range
(new players start at 0 and climb as the system grows sure of them).
"""

from __future__ import annotations

from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import select

from rumizi.server.db import Rating

_MODEL = PlackettLuce()
SCALE = 40.0


def display(mu: float, sigma: float) -> int:
    return round((mu - 3 * sigma) * SCALE)


def update(session: Any, game: str, ranks: list[tuple[int, int]]) -> None:
    """Update the ratings of ``(user_id, rank)`` pairs (rank 1 is best; ties share a rank)."""
    if len({user for user, _ in ranks}) < 2:
        return
    stored: dict[int, Rating] = {}
    for user, _ in ranks:
        found = session.scalar(select(Rating).where(Rating.user_id == user, Rating.game == game))
        if found is None:
            fresh = _MODEL.rating()
            found = Rating(user_id=user, game=game, mu=fresh.mu, sigma=fresh.sigma, games=0)
            session.add(found)
        stored[user] = found
    teams = [[_MODEL.create_rating([stored[user].mu, stored[user].sigma])] for user, _ in ranks]
    new = _MODEL.rate(teams, ranks=[float(rank) for _, rank in ranks])
    for (user, _), (rating,) in zip(ranks, new, strict=True):
        stored[user].mu, stored[user].sigma = rating.mu, rating.sigma
        stored[user].games += 1
