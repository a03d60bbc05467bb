"""Puzzle streaks, as lichess's Puzzle Streak: puzzles one after another, each a little
harder, until the first miss.

A streak's tries are not rated (a run is played fast, and its puzzles are chosen by
difficulty, not by the player's rating). Each solved puzzle adds one to the run; a miss ends
it and the run starts again from nothing; the best run is kept. The last puzzle counted is
kept too, so the same answer sent twice (a double tap, a retry after a lost reply) counts
once.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session, sessionmaker

from rumizi.server.db import PuzzleStreak, once_more_on_conflict

#: The puzzle rating a streak's first puzzle is nearest to, and how much harder each solved
#: puzzle makes the next.
FIRST, STEP = 1100, 60


def difficulty(solved: int) -> int:
    """The puzzle rating a streak aims at after ``solved`` puzzles."""
    return FIRST + STEP * solved


@dataclass(frozen=True)
class Streak:
    """A player's streak after a try: ``current`` solved in a row (0 after a miss), ``ended``
    the run a miss just ended (0 when none did), ``best`` the longest run."""

    current: int
    best: int
    ended: int = 0


def streak_of(s: Session, user_id: int) -> Streak:
    """``user_id``'s streak as it stands."""
    row = s.get(PuzzleStreak, user_id)
    return Streak(row.current, row.best) if row is not None else Streak(0, 0)


def _count(s: Session, user_id: int, puzzle_id: str, correct: bool, new_run: bool) -> Streak:
    row = s.get(PuzzleStreak, user_id)
    if row is None:
        row = PuzzleStreak(user_id=user_id, current=0, best=0)
        s.add(row)
    elif row.last_puzzle == puzzle_id:
        return Streak(row.current, row.best)  # counted already
    row.last_puzzle = puzzle_id
    if new_run:
        row.current = 0  # a run left unfinished (the page closed) is over
    ended = 0
    if correct:
        row.current += 1
        row.best = max(row.best, row.current)
    else:
        ended, row.current = row.current, 0
    s.flush()
    return Streak(row.current, row.best, ended)


def record(
    sessions: sessionmaker[Session], user_id: int, puzzle_id: str, correct: bool, new_run: bool
) -> Streak:
    """Count ``user_id``'s streak try at ``puzzle_id``, the first of a run if ``new_run`` (in
    one transaction; a first try sent twice at once makes the row once and counts once)."""
    return once_more_on_conflict(
        sessions, lambda s: _count(s, user_id, puzzle_id, correct, new_run)
    )
