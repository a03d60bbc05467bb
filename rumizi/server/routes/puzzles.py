"""Puzzles over HTTP: the next one to solve, one by its id, and an answer checked.

``GET /api/puzzles/next`` picks a shipped puzzle (of ``game``, or of any game with puzzles),
other than ``after``: for a signed-in player (a guest too) one not tried yet, near the
player's puzzle rating; ``GET /api/puzzles/daily`` is the day's (the same for everyone, UTC);
``GET /api/puzzles/{id}`` one by its id. Each comes as the question in the reader's language,
the puzzle's rating, and a state message the game's renderer draws as at a table: the seat's
own view (never the whole position), and as its moves only those of the answer's kind (a
discard, for a discard puzzle). ``POST /api/puzzles/{id}/answer`` checks moves against the
proven answer and tells it, with why; a signed-in player's first try is rated
(:mod:`rumizi.server.puzzle_ratings`). ``GET /api/puzzles/me`` is the player's rating.
Anyone may solve puzzles; only a signed-in player is rated.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import Annotated, Any

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from rumizi import puzzles
from rumizi.core.addons import Audience
from rumizi.core.contract import Action, View
from rumizi.core.i18n import number
from rumizi.core.puzzles import Puzzle
from rumizi.core.registry import game, game_ids, game_module
from rumizi.server import puzzle_ratings
from rumizi.server.deps import (
    BODY,
    POSTED,
    SIGNED_IN,
    CsrfDep,
    LangDep,
    MaybeUserDep,
    StoreDep,
    UserDep,
)
from rumizi.server.errors import ApiError, ErrorCode, refusals
from rumizi.server.plugins import plugin

router = APIRouter(prefix="/api/puzzles", tags=["puzzles"])


class Move(BaseModel):
    """A move and its words, as a table lists it."""

    action: dict[str, Any]
    label: str


class PuzzleOut(BaseModel):
    """A puzzle to solve: what it asks, and the position as the solver's seat sees it."""

    id: str
    game: str
    kind: str
    question: str
    rating: int = Field(description="how hard the players who tried it found it (Glicko-2)")
    state: dict[str, Any]


class AnswerIn(BaseModel):
    """The solver's moves, in order."""

    moves: list[dict[str, Any]] = Field(min_length=1, max_length=40)


class PuzzleRating(BaseModel):
    """A player's puzzle rating around a try (``rated``: this try counted), as
    :class:`rumizi.server.puzzle_ratings.Attempt` holds it."""

    rated: bool
    before: int
    after: int
    deviation: int
    attempts: int
    solved: int


class PuzzleTry(BaseModel):
    """One rated try, newest first in a player's history."""

    puzzle_id: str
    game: str
    correct: bool
    before: int
    after: int
    at: datetime


class MyPuzzles(BaseModel):
    """A player's puzzle rating and last rated tries."""

    rating: PuzzleRating
    history: list[PuzzleTry]


class AnswerOut(BaseModel):
    """Whether the moves answer the puzzle, its answer, why, and the player's rating (none
    for a visitor who is not signed in)."""

    correct: bool
    solution: list[Move]
    explanation: list[str]
    rating: PuzzleRating | None


@cache
def _index() -> dict[str, Puzzle]:
    return {p.id: p for g in puzzles.games_with_puzzles() for p in puzzles.shipped(g)}


def _puzzle(puzzle_id: str) -> Puzzle:
    found = _index().get(puzzle_id)
    if found is None:
        raise ApiError(ErrorCode.UNKNOWN_PUZZLE, f"no puzzle {puzzle_id!r}")
    return found


def _audience(p: Puzzle, players: int, lang: str) -> Audience:
    options = {**p.position.get("options", {}), "players": players}
    return Audience(lang, p.seat, tuple("" for _ in range(players)), options)


def _offered(p: Puzzle, legal: list[Action]) -> list[Action]:
    """The moves the puzzle asks among: those of its answer's kind."""
    return [a for a in legal if a.get("do") == p.solution[0].get("do")]


@dataclass(frozen=True)
class _Position:
    """A puzzle's position as its solver's seat sees it: the moves offered, and their words."""

    players: int
    view: View
    offered: list[Action]
    label: Callable[[Action], str]


def _position(p: Puzzle, lang: str) -> _Position:
    state = game(p.game).load(p.position)
    view = state.view(p.seat)
    web = plugin(p.game)
    audience = _audience(p, state.num_players, lang)
    offered = _offered(p, state.legal_actions_for(p.seat))
    return _Position(
        state.num_players, view, offered, lambda a: web.action_label(view, a, audience)
    )


def _out(p: Puzzle, lang: str, rating: float) -> PuzzleOut:
    seen = _position(p, lang)
    you, other = ("شما", "بازیکن {n}") if lang == "fa" else ("You", "Player {n}")
    names = [
        you if q == p.seat else other.format(n=number(q + 1, lang)) for q in range(seen.players)
    ]
    legal = [{"action": a, "label": seen.label(a)} for a in seen.offered]
    message = {
        "type": "state",
        "game": p.game,
        "version": 0,
        "status": "playing",
        "seat": p.seat,
        "view": seen.view,
        "legal": legal,
        "to_act": [p.seat],
        "seats": [
            {"seat": q, "name": names[q], "kind": "human" if q == p.seat else "bot"}
            for q in range(seen.players)
        ],
    }
    add_on = game_module(p.game, "puzzles")
    return PuzzleOut(
        id=p.id,
        game=p.game,
        kind=p.kind,
        question=add_on.question(p, lang),
        rating=round(rating),
        state=message,
    )


#: A player is given one of this many untried puzzles nearest to the player's rating.
NEAREST = 12


@router.get(
    "/next", responses=refusals(ErrorCode.UNKNOWN_GAME, ErrorCode.NO_PUZZLES, ErrorCode.MALFORMED)
)
def next_puzzle(
    lang: LangDep,
    store: StoreDep,
    user: MaybeUserDep,
    game_id: Annotated[str | None, Query(alias="game")] = None,
    after: str | None = None,
) -> PuzzleOut:
    """A puzzle to solve: of ``game`` (any game's without it), other than ``after``; for a
    signed-in player one not tried yet, near the player's rating."""
    if game_id is not None and game_id not in game_ids():
        raise ApiError(ErrorCode.UNKNOWN_GAME, f"no game {game_id!r}")
    pool = [p for p in _index().values() if game_id in (None, p.game) and p.id != after]
    if not pool:
        raise ApiError(ErrorCode.NO_PUZZLES, f"no puzzles for {game_id or 'any game'} yet")
    seen, rated = store.puzzles_seen(user.id if user is not None else None)
    start = puzzle_ratings.START[0]
    if user is not None:
        pool = [p for p in pool if p.id not in seen] or pool  # all tried: again, unrated
        mine = store.puzzle_player(user.id).after
        pool.sort(key=lambda p: abs(rated.get(p.id, start) - mine))
        pool = pool[:NEAREST]
    chosen = random.choice(pool)
    return _out(chosen, lang, rated.get(chosen.id, start))


@router.get("/daily", responses=refusals(ErrorCode.NO_PUZZLES))
def daily_puzzle(lang: LangDep, store: StoreDep) -> PuzzleOut:
    """The day's puzzle (UTC), the same for everyone."""
    every = sorted(_index())
    if not every:
        raise ApiError(ErrorCode.NO_PUZZLES, "no puzzles yet")
    day = datetime.now(UTC).date().toordinal()
    chosen = _index()[every[day * 7919 % len(every)]]
    return _out(chosen, lang, store.puzzle_rating(chosen.id))


@router.get("/me", responses=refusals(*SIGNED_IN))
def my_puzzles(user: UserDep, store: StoreDep) -> MyPuzzles:
    """The signed-in player's puzzle rating and last 20 rated tries."""
    tries = store.puzzle_history(user.id)
    return MyPuzzles(
        rating=PuzzleRating.model_validate(store.puzzle_player(user.id), from_attributes=True),
        history=[
            PuzzleTry(game=_index()[t.puzzle_id].game, **vars(t))
            for t in tries
            if t.puzzle_id in _index()  # a puzzle no longer shipped is left out
        ],
    )


@router.get("/{puzzle_id}", responses=refusals(ErrorCode.UNKNOWN_PUZZLE))
def one_puzzle(puzzle_id: str, lang: LangDep, store: StoreDep) -> PuzzleOut:
    """The puzzle ``puzzle_id``."""
    return _out(_puzzle(puzzle_id), lang, store.puzzle_rating(puzzle_id))


@router.post(
    "/{puzzle_id}/answer",
    responses=refusals(ErrorCode.UNKNOWN_PUZZLE, ErrorCode.PUZZLE_MOVE, *POSTED, *BODY),
)
def answer(
    puzzle_id: str,
    body: AnswerIn,
    lang: LangDep,
    store: StoreDep,
    user: MaybeUserDep,
    _csrf: CsrfDep,
) -> AnswerOut:
    """Whether ``body.moves`` answer the puzzle; its answer and why, either way; a signed-in
    player's first try at it rated."""
    p = _puzzle(puzzle_id)
    seen = _position(p, lang)
    if body.moves[0] not in seen.offered:
        raise ApiError(ErrorCode.PUZZLE_MOVE, "the first move is not one the puzzle offers")
    add_on = game_module(p.game, "puzzles")
    correct = puzzles.is_answer(p, body.moves)
    rating = None
    if user is not None:
        tried = store.rate_puzzle_try(user.id, p.id, correct)
        rating = PuzzleRating.model_validate(tried, from_attributes=True)
    return AnswerOut(
        correct=correct,
        solution=[Move(action=dict(a), label=seen.label(a)) for a in p.solution],
        explanation=add_on.explain(p, lang),
        rating=rating,
    )
