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
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from rumizi import puzzles
from rumizi.core.addons import Audience
from rumizi.core.contract import Action, GameState, View
from rumizi.core.i18n import number
from rumizi.core.puzzles import Puzzle
from rumizi.core.registry import game, game_ids, game_module
from rumizi.server import puzzle_ratings, puzzle_streaks
from rumizi.server.deps import (
    BODY,
    POSTED,
    SIGNED_IN,
    CsrfDep,
    LangDep,
    MaybeUserDep,
    PuzzlesDep,
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

    moves: list[dict[str, Any]] = Field(min_length=1, max_length=60)
    streak: int | None = Field(
        default=None,
        ge=0,
        le=10_000,
        description="a try in streak mode, after this many solved in the run (0 starts a "
        "new run): counted in the streak, not rated",
    )


class StreakOut(BaseModel):
    """A player's puzzle streak, as :class:`rumizi.server.puzzle_streaks.Streak` holds it."""

    current: int
    best: int
    ended: int = Field(default=0, description="the run a miss just ended (0: none)")


class PuzzleStep(BaseModel):
    """The position after the solver's moves so far, and whether the try is over (then the
    moves are sent to ``answer``)."""

    finished: bool
    state: dict[str, Any]


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
    streak: StreakOut
    history: list[PuzzleTry]


class AnswerOut(BaseModel):
    """Whether the moves answer the puzzle, its answer, why, and the player's rating (none
    for a visitor who is not signed in)."""

    correct: bool
    solution: list[Move]
    steps: list[dict[str, Any]] = Field(
        description="the answer played out: the state message before each of its moves, "
        "then after the last"
    )
    explanation: list[str]
    rating: PuzzleRating | None
    streak: StreakOut | None = Field(default=None, description="in streak mode, signed in")


def _puzzle(served: Mapping[str, Puzzle], puzzle_id: str) -> Puzzle:
    found = served.get(puzzle_id)
    if found is None:
        raise ApiError(ErrorCode.UNKNOWN_PUZZLE, f"no puzzle {puzzle_id!r}")
    return found


def _audience(p: Puzzle, players: int, lang: str) -> Audience:
    options = {**p.position.get("options", {}), "players": players}
    return Audience(lang, p.seat, tuple("" for _ in range(players)), options)


@dataclass(frozen=True)
class _Position:
    """A puzzle's position after some of the solver's moves, as the solver's seat sees it:
    the moves offered there (none once the try is over), and their words."""

    players: int
    view: View
    offered: list[Action]
    label: Callable[[Action], str]


def _position(
    p: Puzzle, lang: str, state: GameState | None = None, over: bool = False
) -> _Position:
    state = state if state is not None else game(p.game).load(p.position)
    view = state.view(p.seat)
    web = plugin(p.game)
    audience = _audience(p, state.num_players, lang)
    offered = [] if over else puzzles.offered(p, state)
    return _Position(
        state.num_players, view, offered, lambda a: web.action_label(view, a, audience)
    )


def _message(p: Puzzle, seen: _Position, lang: str) -> dict[str, Any]:
    """The state message a table would send the solver's seat, for the game's renderer."""
    you, other = ("شما", "بازیکن {n}") if lang == "fa" else ("You", "Player {n}")
    names = [
        you if q == p.seat else other.format(n=number(q + 1, lang)) for q in range(seen.players)
    ]
    return {
        "type": "state",
        "game": p.game,
        "version": 0,
        "status": "playing",
        "seat": p.seat,
        "view": seen.view,
        "legal": [{"action": a, "label": seen.label(a)} for a in seen.offered],
        "to_act": [p.seat] if seen.offered else [],
        "seats": [
            {"seat": q, "name": names[q], "kind": "human" if q == p.seat else "bot"}
            for q in range(seen.players)
        ],
    }


def _out(p: Puzzle, lang: str, rating: float) -> PuzzleOut:
    add_on = game_module(p.game, "puzzles")
    return PuzzleOut(
        id=p.id,
        game=p.game,
        kind=p.kind,
        question=add_on.question(p, lang),
        rating=round(rating),
        state=_message(p, _position(p, lang), lang),
    )


def _played(p: Puzzle, moves: list[dict[str, Any]]) -> GameState:
    """The puzzle's position after the solver's moves (refused: a move not offered there)."""
    try:
        return puzzles.play(p, moves)
    except ValueError as err:
        raise ApiError(ErrorCode.PUZZLE_MOVE, str(err)) from None


def _solution(p: Puzzle, lang: str) -> tuple[list[Move], list[dict[str, Any]]]:
    """The answer's moves, each in the words of the position it is made in, and the
    positions it passes through (before each move, then after the last)."""
    state = game(p.game).load(p.position)
    moves, steps = [], []
    for action in p.solution:
        seen = _position(p, lang, state)
        moves.append(Move(action=dict(action), label=seen.label(action)))
        steps.append(_message(p, seen, lang))
        state.apply(action)
    steps.append(_message(p, _position(p, lang, state, over=True), lang))
    return moves, steps


#: A player is given one of this many untried puzzles nearest to the player's rating.
NEAREST = 12


@router.get(
    "/next", responses=refusals(ErrorCode.UNKNOWN_GAME, ErrorCode.NO_PUZZLES, ErrorCode.MALFORMED)
)
def next_puzzle(
    lang: LangDep,
    store: StoreDep,
    served: PuzzlesDep,
    user: MaybeUserDep,
    game_id: Annotated[str | None, Query(alias="game")] = None,
    after: str | None = None,
    streak: Annotated[int | None, Query(ge=0, le=10_000)] = None,
) -> PuzzleOut:
    """A puzzle to solve: of ``game`` (any game's without it), other than ``after``; for a
    signed-in player one not tried yet, near the player's rating. In streak mode
    (``streak``: the puzzles solved so far in the run) one near the run's difficulty."""
    if game_id is not None and game_id not in game_ids():
        raise ApiError(ErrorCode.UNKNOWN_GAME, f"no game {game_id!r}")
    pool = [p for p in served.values() if game_id in (None, p.game) and p.id != after]
    if not pool:
        raise ApiError(ErrorCode.NO_PUZZLES, f"no puzzles for {game_id or 'any game'} yet")
    seen, rated = store.puzzles_seen(user.id if user is not None else None)
    start = puzzle_ratings.START[0]
    random.shuffle(pool)  # among equally near puzzles, any
    if streak is not None:
        aim = puzzle_streaks.difficulty(streak)
        pool.sort(key=lambda p: abs(rated.get(p.id, start) - aim))
        pool = pool[:NEAREST]
    elif user is not None:
        pool = [p for p in pool if p.id not in seen] or pool  # all tried: again, unrated
        mine = store.puzzle_player(user.id).after
        pool.sort(key=lambda p: abs(rated.get(p.id, start) - mine))
        pool = pool[:NEAREST]
    chosen = random.choice(pool)
    return _out(chosen, lang, rated.get(chosen.id, start))


@router.get("/daily", responses=refusals(ErrorCode.NO_PUZZLES))
def daily_puzzle(lang: LangDep, store: StoreDep, served: PuzzlesDep) -> PuzzleOut:
    """The day's puzzle (UTC), the same for everyone."""
    every = sorted(served)
    if not every:
        raise ApiError(ErrorCode.NO_PUZZLES, "no puzzles yet")
    day = datetime.now(UTC).date().toordinal()
    chosen = served[every[day * 7919 % len(every)]]
    return _out(chosen, lang, store.puzzle_rating(chosen.id))


@router.get("/me", responses=refusals(*SIGNED_IN))
def my_puzzles(user: UserDep, store: StoreDep, served: PuzzlesDep) -> MyPuzzles:
    """The signed-in player's puzzle rating and last 20 rated tries."""
    tries = store.puzzle_history(user.id)
    return MyPuzzles(
        rating=PuzzleRating.model_validate(store.puzzle_player(user.id), from_attributes=True),
        streak=StreakOut.model_validate(store.puzzle_streak(user.id), from_attributes=True),
        history=[
            PuzzleTry(game=served[t.puzzle_id].game, **vars(t))
            for t in tries
            if t.puzzle_id in served  # a puzzle no longer served is left out
        ],
    )


@router.get("/{puzzle_id}", responses=refusals(ErrorCode.UNKNOWN_PUZZLE))
def one_puzzle(puzzle_id: str, lang: LangDep, store: StoreDep, served: PuzzlesDep) -> PuzzleOut:
    """The puzzle ``puzzle_id``."""
    return _out(_puzzle(served, puzzle_id), lang, store.puzzle_rating(puzzle_id))


@router.post(
    "/{puzzle_id}/play",
    responses=refusals(ErrorCode.UNKNOWN_PUZZLE, ErrorCode.PUZZLE_MOVE, *POSTED, *BODY),
)
def play(
    puzzle_id: str, body: AnswerIn, lang: LangDep, served: PuzzlesDep, _csrf: CsrfDep
) -> PuzzleStep:
    """The position after ``body.moves`` (a puzzle of a whole turn is answered a move at a
    time); nothing is recorded."""
    p = _puzzle(served, puzzle_id)
    state = _played(p, body.moves)
    over = puzzles.finished(p, state, body.moves)
    return PuzzleStep(finished=over, state=_message(p, _position(p, lang, state, over), lang))


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
    served: PuzzlesDep,
    _csrf: CsrfDep,
) -> AnswerOut:
    """Whether ``body.moves`` (a whole try: one move, or a turn) answer the puzzle; its
    answer played out and why, either way; a signed-in player's first try at it rated."""
    p = _puzzle(served, puzzle_id)
    if not puzzles.finished(p, _played(p, body.moves), body.moves):
        raise ApiError(ErrorCode.PUZZLE_MOVE, "the try is not over: the puzzle wants more moves")
    add_on = game_module(p.game, "puzzles")
    correct = puzzles.is_answer(p, body.moves)
    rating, streak = None, None
    if user is not None and body.streak is not None:
        run = store.count_streak_try(user.id, p.id, correct, new_run=body.streak == 0)
        streak = StreakOut.model_validate(run, from_attributes=True)
    elif user is not None:
        tried = store.rate_puzzle_try(user.id, p.id, correct)
        rating = PuzzleRating.model_validate(tried, from_attributes=True)
    solution, steps = _solution(p, lang)
    return AnswerOut(
        correct=correct,
        solution=solution,
        steps=steps,
        explanation=add_on.explain(p, lang),
        rating=rating,
        streak=streak,
    )
