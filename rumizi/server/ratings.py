"""Ratings per game with OpenSkill (the Plackett–Luce model), for rated games between accounts.

A leaderboard shows two numbers, the same everywhere (the API's ``Rating``, the protocol page,
the leaderboard page), both scaled by :data:`SCALE` to whole numbers:

- ``rating``: OpenSkill's ordinal, the conservative estimate ``mu - 3·sigma`` — a player is
  almost surely at least this good. Everyone starts at 0; a win raises it, and so does
  playing at all, since each game makes the model surer (``sigma`` shrinks). So after one
  game the winner is well above 0 and the loser less far below it: the gap is the result,
  the shift is the model growing sure of both;
- ``uncertainty``: ``sigma``, how far the model may still be off (it shrinks game by game).

>>> shown(25.0, 25 / 3)  # a new player
(0, 333)
"""

from __future__ import annotations

from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import select

from rumizi.server.db import Rating

_MODEL = PlackettLuce()
SCALE = 40.0


def shown(mu: float, sigma: float) -> tuple[int, int]:
    """``(rating, uncertainty)`` of a stored ``(mu, sigma)``, as every leaderboard shows them."""
    ordinal = _MODEL.create_rating([mu, sigma]).ordinal()
    return round(ordinal * SCALE), round(sigma * SCALE)


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
