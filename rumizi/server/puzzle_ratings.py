"""Puzzle ratings with Glicko-2, as lichess rates its puzzles.

A player and a puzzle each have a rating, a deviation (how unsure it is) and a volatility;
both start as a newcomer does in Glicko-2 (1500, 350, 0.06). A player's first try at a puzzle
is a rated game between the two: solved, the player wins; missed, the puzzle wins. Both are
updated from each other's rating before the try, so a hard puzzle (one that many strong
players missed) gives more for a solve and takes less for a miss. A second try at the same
puzzle is not rated (its answer has been shown). One rating covers every game's puzzles.

The update is Glickman's own algorithm ("Example of the Glicko-2 system", 2012), written
here: the one package on PyPI for it installs a top-level ``tests`` package into
site-packages, which hides every project's own ``tests``. The paper's worked example is its
test (``tests/server/test_puzzles_api.py``):

>>> before = Glicko(1500.0, 350.0, 0.06)
>>> won = updated(before, [(Glicko(1500.0, 350.0, 0.06), 1.0)])
>>> round(won.rating), round(won.rd)
(1662, 290)
>>> lost = updated(before, [(Glicko(1500.0, 350.0, 0.06), 0.0)])
>>> round(lost.rating)
1338
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from rumizi.server.db import PuzzleAttempt, PuzzlePlayer, PuzzleStats, once_more_on_conflict

START = (1500.0, 350.0, 0.06)  # Glicko-2's newcomer: rating, deviation, volatility
TAU = 0.5  # the system constant: how fast volatility may change (Glickman: 0.3 to 1.2)
_SCALE = 173.7178  # Glicko-2's own scale: (rating - 1500) / 173.7178
_EPSILON = 1e-6  # the volatility's convergence tolerance


@dataclass(frozen=True)
class Glicko:
    """One Glicko-2 rating."""

    rating: float
    rd: float
    vol: float


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def updated(mine: Glicko, games: Sequence[tuple[Glicko, float]]) -> Glicko:
    """``mine`` after one rating period's ``games``: each an opponent's rating before it and
    the score (1 won, 0 lost, 0.5 drawn). Glickman's steps 2 to 8."""
    mu, phi, sigma = (mine.rating - 1500) / _SCALE, mine.rd / _SCALE, mine.vol
    if not games:  # step 6 alone: the deviation grows with time away
        return Glicko(mine.rating, _SCALE * math.sqrt(phi * phi + sigma * sigma), sigma)
    seen = []
    for other, score in games:
        g = _g(other.rd / _SCALE)
        expected = 1 / (1 + math.exp(-g * (mu - (other.rating - 1500) / _SCALE)))
        seen.append((g, expected, score))
    v = 1 / sum(g * g * e * (1 - e) for g, e, _ in seen)
    gain = sum(g * (s - e) for g, e, s in seen)
    delta = v * gain
    # Step 5: the new volatility, by the Illinois algorithm on f.
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (TAU * TAU)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        high = a - k * TAU
    f_low, f_high = f(low), f(high)
    while abs(high - low) > _EPSILON:
        mid = low + (low - high) * f_low / (f_high - f_low)
        f_mid = f(mid)
        if f_mid * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = mid, f_mid
    new_sigma = math.exp(low / 2)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    new_mu = mu + new_phi * new_phi * gain
    return Glicko(1500 + _SCALE * new_mu, _SCALE * new_phi, new_sigma)


@dataclass(frozen=True)
class Attempt:
    """What a try did to the player's rating: ``rated`` is false for a second try (and for
    nobody signed in: no rating at all)."""

    rated: bool
    before: int
    after: int
    deviation: int
    attempts: int
    solved: int


def _of(row: PuzzlePlayer | PuzzleStats | None) -> Glicko:
    return Glicko(row.rating, row.rd, row.vol) if row is not None else Glicko(*START)


def _attempt(row: PuzzlePlayer | None, rated: bool, before: float) -> Attempt:
    now = _of(row)
    return Attempt(
        rated=rated,
        before=round(before),
        after=round(now.rating),
        deviation=round(now.rd),
        attempts=row.attempts if row is not None else 0,
        solved=row.solved if row is not None else 0,
    )


def player_rating(s: Session, user_id: int) -> Attempt:
    """``user_id``'s puzzle rating as it stands (a newcomer's when never rated)."""
    row = s.get(PuzzlePlayer, user_id)
    return _attempt(row, False, _of(row).rating)


def puzzle_rating(s: Session, puzzle_id: str) -> int:
    """How hard the players who tried ``puzzle_id`` found it (1500 before anyone did)."""
    return round(_of(s.get(PuzzleStats, puzzle_id)).rating)


def _rate(s: Session, user_id: int, puzzle_id: str, correct: bool) -> Attempt:
    player = s.get(PuzzlePlayer, user_id)
    tried = s.scalar(
        select(PuzzleAttempt.id).where(
            PuzzleAttempt.user_id == user_id, PuzzleAttempt.puzzle_id == puzzle_id
        )
    )
    if tried is not None:
        return _attempt(player, False, _of(player).rating)
    puzzle = s.get(PuzzleStats, puzzle_id)
    mine, its = _of(player), _of(puzzle)
    score = 1.0 if correct else 0.0
    new_mine, new_its = updated(mine, [(its, score)]), updated(its, [(mine, 1.0 - score)])
    if player is None:
        player = PuzzlePlayer(user_id=user_id, attempts=0, solved=0, **vars(new_mine))
        s.add(player)
    if puzzle is None:
        puzzle = PuzzleStats(puzzle_id=puzzle_id, attempts=0, solved=0, **vars(new_its))
        s.add(puzzle)
    for row, new in ((player, new_mine), (puzzle, new_its)):
        row.rating, row.rd, row.vol = new.rating, new.rd, new.vol
        row.attempts = (row.attempts or 0) + 1
        row.solved = (row.solved or 0) + int(correct)
    s.add(
        PuzzleAttempt(
            user_id=user_id,
            puzzle_id=puzzle_id,
            correct=correct,
            rating_before=mine.rating,
            rating_after=new_mine.rating,
        )
    )
    s.flush()
    return _attempt(player, True, mine.rating)


def record(sessions: sessionmaker[Session], user_id: int, puzzle_id: str, correct: bool) -> Attempt:
    """Rate ``user_id``'s try at ``puzzle_id`` if it is the first (in one transaction; a try
    sent twice at once is rated once, the other answered as a second try)."""
    return once_more_on_conflict(sessions, lambda s: _rate(s, user_id, puzzle_id, correct))


def tried(s: Session, user_id: int) -> set[str]:
    """The puzzles ``user_id`` has had a rated try at."""
    return set(s.scalars(select(PuzzleAttempt.puzzle_id).where(PuzzleAttempt.user_id == user_id)))


def ratings_of(s: Session) -> dict[str, float]:
    """Every puzzle's rating that has one (the others are 1500): one row a puzzle tried."""
    rows = s.execute(select(PuzzleStats.puzzle_id, PuzzleStats.rating)).all()
    return {pid: rating for pid, rating in rows}


@dataclass(frozen=True)
class Try:
    """One rated try, as the player's history lists it."""

    puzzle_id: str
    correct: bool
    before: int
    after: int
    at: datetime


def history(s: Session, user_id: int, limit: int) -> list[Try]:
    """``user_id``'s last ``limit`` rated tries, newest first."""
    rows = s.scalars(
        select(PuzzleAttempt)
        .where(PuzzleAttempt.user_id == user_id)
        .order_by(PuzzleAttempt.id.desc())
        .limit(limit)
    )
    return [
        Try(r.puzzle_id, r.correct, round(r.rating_before), round(r.rating_after), r.at)
        for r in rows
    ]
