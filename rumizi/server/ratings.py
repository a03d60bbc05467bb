"""Ratings per game with OpenSkill (the Plackett–Luce model), shown as chess sites show them.

The model keeps, per player and game, a skill estimate ``mu`` and how unsure it is,
``sigma`` (a newcomer: 25 and 25/3). Rated games between accounts update both; everything a
person reads comes from this module's one mapping, :func:`display`:

- the **rating** is ``mu`` on the scale chess players know: a newcomer is **1500**, and a
  rating difference means what it means in Elo — 400 points, ten wins to one. The model
  expects a win with probability ``1 / (1 + exp(-(mu_a - mu_b) / c))``, ``c = √2·beta``
  between two well-known players; Elo with ``1 / (1 + 10^(-d / 400))``; so one unit of
  ``mu`` is ``400 / (c·ln 10)`` ≈ 29.5 points (:data:`SCALE`);
- the rating is **provisional** (shown with a "?", as lichess and chess.com do) for a
  player's first :data:`PROVISIONAL_GAMES` rated games of that game. Eight, because that is
  how many games a newcomer needs, against other newcomers (the slowest case), before one
  ``sigma`` of the estimate is under 200 points — narrower than one of chess's rating
  classes (1800–1999 is class A), so the rating no longer spans two classes;
- the **change** of a rated game is the rating after it minus the rating before it
  (both rounded first, so the numbers on the screen add up); each rated game's before and
  after is stored (table ``rating_changes``) for the end screen and the player's games.

Why ``mu``, not OpenSkill's ordinal (``mu - 3·sigma``, the conservative estimate)? The
ordinal grows with every game played, won or not, as ``sigma`` shrinks: after one game
between newcomers the winner gains about 100 points and the loser loses about 55, a draw
raises both, and an average regular drifts up towards 2000. A chess player reads a rating
as "how strong", which goes down after a loss; the uncertainty the ordinal folds in is the
"?" instead, and the leaderboard lists settled ratings before provisional ones.

>>> display(25.0), display(25.0 + 400 / SCALE), deviation(25 / 3)
(1500, 1900, 246)
>>> provisional(PROVISIONAL_GAMES - 1), provisional(PROVISIONAL_GAMES)
(True, False)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import select

from rumizi.server.db import Rating, RatingChange, Seat, User

_MODEL = PlackettLuce()
START = 1500  # a newcomer's rating, as on chess sites
MU0 = _MODEL.mu  # a newcomer's mu (25)
SCALE = 400 / (math.sqrt(2) * _MODEL.beta * math.log(10))  # rating points per unit of mu
PROVISIONAL_GAMES = 8
PROVISIONAL_DEVIATION = 200  # points: a chess rating class; see the module's docstring


def display(mu: float) -> int:
    """The rating people read for a skill estimate ``mu``: 1500 for a newcomer."""
    return round(START + SCALE * (mu - MU0))


def deviation(sigma: float) -> int:
    """One ``sigma`` of the estimate, in rating points (a newcomer: 246)."""
    return round(SCALE * sigma)


def provisional(games: int) -> bool:
    """Whether a rating after ``games`` rated games is still provisional (shown with "?")."""
    return games < PROVISIONAL_GAMES


def update(session: Any, game: str, ranks: list[tuple[int, int]], table_id: str) -> None:
    """Update the ratings of ``(user_id, rank)`` pairs (rank 1 is best; ties share a rank),
    and keep each player's rating before and after table ``table_id``'s game."""
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
    before = {user: (rating.mu, rating.sigma) for user, rating in stored.items()}
    teams = [[_MODEL.create_rating([stored[user].mu, stored[user].sigma])] for user, _ in ranks]
    new = _MODEL.rate(teams, ranks=[float(rank) for _, rank in ranks])
    for (user, _), (rating,) in zip(ranks, new, strict=True):
        row = stored[user]
        row.mu, row.sigma = rating.mu, rating.sigma
        row.games = (row.games or 0) + 1
        session.add(
            RatingChange(
                table_id=table_id,
                user_id=user,
                game=game,
                mu_before=before[user][0],
                sigma_before=before[user][1],
                mu_after=rating.mu,
                sigma_after=rating.sigma,
                games=row.games,
            )
        )


def leaderboard(
    session: Any, game: str, limit: int = 100, bots: bool = False
) -> list[dict[str, Any]]:
    """A game's leaderboard: settled ratings first, then provisional ones, highest first.

    People's and bots' boards are apart (``bots``: the bot accounts' alone), as on lichess:
    a program that plays all day would otherwise crowd the people out."""
    rows = session.execute(
        select(User.name, Rating.mu, Rating.sigma, Rating.games)
        .join(User, User.id == Rating.user_id)
        .where(Rating.game == game, User.bot.is_(bots))
    ).all()
    board = [
        {
            "name": name,
            "rating": display(mu),
            "provisional": provisional(games),
            "deviation": deviation(sigma),
            "games": games,
        }
        for name, mu, sigma, games in rows
    ]
    board.sort(key=lambda r: (r["provisional"], -r["rating"], r["deviation"], r["name"]))
    return board[:limit]


@dataclass(frozen=True)
class Change:
    """A seat's rating before and after one rated game, as people read it."""

    seat: int
    before: int
    after: int
    change: int
    before_provisional: bool
    after_provisional: bool
    games: int


def changes(session: Any, table_ids: Sequence[str]) -> dict[str, list[Change]]:
    """The rating changes of the rated games of ``table_ids``, per table, in seat order."""
    if not table_ids:
        return {}
    rows = session.execute(
        select(RatingChange, Seat.seat)
        .join(
            Seat,
            (Seat.table_id == RatingChange.table_id) & (Seat.user_id == RatingChange.user_id),
        )
        .where(RatingChange.table_id.in_(list(table_ids)))
        .order_by(RatingChange.table_id, Seat.seat)
    ).all()
    found: dict[str, list[Change]] = {}
    for row, seat in rows:
        before, after = display(row.mu_before), display(row.mu_after)
        found.setdefault(row.table_id, []).append(
            Change(
                seat,
                before,
                after,
                after - before,
                provisional(row.games - 1),
                provisional(row.games),
                row.games,
            )
        )
    return found
