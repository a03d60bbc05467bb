"""Puzzles over HTTP: the next one to solve, one by its id, and an answer checked.

``GET /api/puzzles/next`` picks a shipped puzzle (of ``game``, or of any game with puzzles),
other than ``after``; ``GET /api/puzzles/{id}`` gives one by its id. Either comes as the
question in the reader's language and a state message the game's renderer draws as at a table:
the seat's own view (never the whole position), and as its moves only those of the answer's
kind (a discard, for a discard puzzle). ``POST /api/puzzles/{id}/answer`` checks moves against
the proven answer and tells it, with why. Nothing is stored yet and no account is needed.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Annotated, Any

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from rumizi import puzzles
from rumizi.core.addons import Audience
from rumizi.core.contract import Action
from rumizi.core.puzzles import Puzzle
from rumizi.core.registry import game, game_ids, game_module
from rumizi.server.deps import BODY, POSTED, CsrfDep, LangDep
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
    state: dict[str, Any]


class AnswerIn(BaseModel):
    """The solver's moves, in order."""

    moves: list[dict[str, Any]] = Field(min_length=1, max_length=40)


class AnswerOut(BaseModel):
    """Whether the moves answer the puzzle, its answer, and why."""

    correct: bool
    solution: list[Move]
    explanation: list[str]


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


def _out(p: Puzzle, lang: str) -> PuzzleOut:
    state = game(p.game).load(p.position)
    web = plugin(p.game)
    view = state.view(p.seat)
    audience = _audience(p, state.num_players, lang)
    you, other = ("شما", "بازیکن {n}") if lang == "fa" else ("You", "Player {n}")
    names = [you if q == p.seat else other.format(n=q + 1) for q in range(state.num_players)]
    if lang == "fa":
        names = [n.translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")) for n in names]
    legal = [
        {"action": a, "label": web.action_label(view, a, audience)}
        for a in _offered(p, state.legal_actions_for(p.seat))
    ]
    message = {
        "type": "state",
        "game": p.game,
        "version": 0,
        "status": "playing",
        "seat": p.seat,
        "view": view,
        "legal": legal,
        "to_act": [p.seat],
        "seats": [
            {"seat": q, "name": names[q], "kind": "human" if q == p.seat else "bot"}
            for q in range(state.num_players)
        ],
    }
    add_on = game_module(p.game, "puzzles")
    return PuzzleOut(
        id=p.id, game=p.game, kind=p.kind, question=add_on.question(p, lang), state=message
    )


@router.get(
    "/next", responses=refusals(ErrorCode.UNKNOWN_GAME, ErrorCode.NO_PUZZLES, ErrorCode.MALFORMED)
)
def next_puzzle(
    lang: LangDep,
    game_id: Annotated[str | None, Query(alias="game")] = None,
    after: str | None = None,
) -> PuzzleOut:
    """A puzzle to solve: of ``game`` (any game's without it), other than ``after``."""
    if game_id is not None and game_id not in game_ids():
        raise ApiError(ErrorCode.UNKNOWN_GAME, f"no game {game_id!r}")
    pool = [p for p in _index().values() if game_id in (None, p.game) and p.id != after]
    if not pool:
        raise ApiError(ErrorCode.NO_PUZZLES, f"no puzzles for {game_id or 'any game'} yet")
    return _out(random.choice(pool), lang)


@router.get("/{puzzle_id}", responses=refusals(ErrorCode.UNKNOWN_PUZZLE))
def one_puzzle(puzzle_id: str, lang: LangDep) -> PuzzleOut:
    """The puzzle ``puzzle_id``."""
    return _out(_puzzle(puzzle_id), lang)


@router.post(
    "/{puzzle_id}/answer",
    responses=refusals(ErrorCode.UNKNOWN_PUZZLE, ErrorCode.PUZZLE_MOVE, *POSTED, *BODY),
)
def answer(puzzle_id: str, body: AnswerIn, lang: LangDep, _csrf: CsrfDep) -> AnswerOut:
    """Whether ``body.moves`` answer the puzzle; its answer and why, either way."""
    p = _puzzle(puzzle_id)
    state = game(p.game).load(p.position)
    offered = _offered(p, state.legal_actions_for(p.seat))
    if body.moves[0] not in offered:
        raise ApiError(ErrorCode.PUZZLE_MOVE, "the first move is not one the puzzle offers")
    view = state.view(p.seat)
    web = plugin(p.game)
    audience = _audience(p, state.num_players, lang)
    add_on = game_module(p.game, "puzzles")
    return AnswerOut(
        correct=puzzles.is_answer(p, body.moves),
        solution=[
            Move(action=dict(a), label=web.action_label(view, a, audience)) for a in p.solution
        ],
        explanation=add_on.explain(p, lang),
    )
