"""Analyses: ``POST`` asks for a finished game's analysis, ``GET`` reads its progress and result.

Only a finished game can be analysed, by anyone: during the game the numbers would help a
player and hint at hidden cards. The answer is worded per request from what is stored, so a
game is analysed once for every reader: the moves' labels in the caller's language, and
addressed to the caller — "your turn" only to the player who sat there, the seat named (or
"their") to anyone else.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel

from rumizi.analysis import THRESHOLDS, Decision
from rumizi.core import undo
from rumizi.core.addons import Audience
from rumizi.core.contract import GameState
from rumizi.server import analyses
from rumizi.server.bots import seat_names
from rumizi.server.deps import (
    POSTED,
    CsrfDep,
    HubDep,
    LangDep,
    MaybeUserDep,
    StoreDep,
    stored_table,
)
from rumizi.server.errors import ApiError, ErrorCode, refusals
from rumizi.server.hub import new_state
from rumizi.server.plugins import plugin
from rumizi.server.routes.tables import your_seat
from rumizi.server.store import TableRow

router = APIRouter(prefix="/api", tags=["analysis"])

Mark = Literal["inaccuracy", "mistake", "blunder"]


class AnalysisPoint(BaseModel):
    """A seat's win chance, from its own view, before its decision at move ``ply`` (0-based).

    The estimate over ``worlds`` sampled worlds and its standard error (never 0: a sampled
    chance is never certain).
    """

    ply: int
    seat: int
    chance: float
    se: float
    worlds: int


class AnalysisMark(BaseModel):
    """A marked move: what was played, the better move found, and what it cost.

    ``after`` / ``best``: the seat's win chance after the move played / after the better one,
    each with its standard error, over ``worlds`` judged worlds (``*_exact``: the move ended
    the game at once, alike in every world, so the chance is certain); ``drop`` = ``best -
    after`` (with the standard error of the world-by-world difference). ``played`` and
    ``better`` are worded for the reader. ``board``: the seat's view after the better move,
    every card shown (the game is over), for the game's renderer.
    """

    ply: int
    seat: int
    mark: Mark
    played: str
    better: str
    after: float
    after_se: float
    after_exact: bool
    best: float
    best_se: float
    best_exact: bool
    worlds: int
    drop: float
    drop_se: float
    board: dict[str, Any]


class Thresholds(BaseModel):
    """The drops in win chance that earn each mark, less ``z`` standard errors.

    A mark needs the drop less ``z`` standard errors to reach its threshold, over at least
    ``least_worlds`` judged worlds.
    """

    inaccuracy: float
    mistake: float
    blunder: float
    z: float
    least_worlds: int


class AnalysisOut(BaseModel):
    """A table's analysis: ``none`` (not asked for), ``running``, ``done`` or ``failed``.

    ``done`` of ``total`` decisions are judged so far; ``points`` and ``marks`` come once it is
    done. ``worlds``: worlds sampled from the seat's view per decision.
    """

    status: Literal["none", "running", "done", "failed"]
    done: int
    total: int
    worlds: int
    thresholds: Thresholds
    points: list[AnalysisPoint]
    marks: list[AnalysisMark]


def _finished(store: Any, table_id: str) -> TableRow:
    row = stored_table(store, table_id, actions=True)
    if row.status != "over":
        raise ApiError(ErrorCode.NOT_OVER, "only a finished game can be analysed")
    return row


def _answer(
    row: TableRow, found: analyses.AnalysisRow | None, lang: str, reader: int | None
) -> AnalysisOut:
    """The analysis as ``reader`` (their seat at the table, ``None``: none) reads it."""
    thresholds = Thresholds.model_validate(THRESHOLDS.to_json())
    if found is None:
        return AnalysisOut(
            status="none", done=0, total=0, worlds=0, thresholds=thresholds, points=[], marks=[]
        )
    judged = analyses.decisions(found.result) if found.result else []
    points = [
        AnalysisPoint(
            ply=d.ply, seat=d.seat, chance=d.before.mean, se=d.before.se, worlds=d.before.worlds
        )
        for d in judged
        if d.before is not None
    ]
    return AnalysisOut(
        status=found.status,  # type: ignore[arg-type]
        done=found.done,
        total=found.total,
        worlds=found.worlds,
        thresholds=thresholds,
        points=points,
        marks=_marks(row, judged, lang, reader),
    )


def _marks(
    row: TableRow, judged: list[Decision], lang: str, reader: int | None
) -> list[AnalysisMark]:
    """The marked decisions in ``lang``, addressed to ``reader``, with the board after the
    better move."""
    marked = {d.ply: d for d in judged if d.mark and d.best_action is not None}
    if not marked:
        return []
    web = plugin(row.game)
    names = seat_names(row.seats, lang)
    options = dict(row.options)
    options.setdefault("players", row.players)
    state: GameState = new_state(row)
    found = []
    counted = undo.counted(row.actions, key=lambda stored: stored[1])  # the record's plies
    for ply, (_seat, action, _client, _at) in enumerate(counted):
        d = marked.get(ply)
        if d is not None and d.after is not None and d.best is not None and d.best_action:
            audience = Audience(lang, reader, names, options)
            view = state.view(d.seat)
            better = state.clone()
            better.apply(d.best_action)
            found.append(
                AnalysisMark(
                    ply=ply,
                    seat=d.seat,
                    mark=d.mark,  # type: ignore[arg-type]
                    played=str(web.action_label(view, d.played, audience)),
                    better=str(web.action_label(view, d.best_action, audience)),
                    after=d.after.mean,
                    after_se=d.after.se,
                    after_exact=d.after.exact,
                    best=d.best.mean,
                    best_se=d.best.se,
                    best_exact=d.best.exact,
                    worlds=d.after.worlds,
                    drop=d.drop,
                    drop_se=d.drop_se,
                    board=web.revealed_view(better, d.seat),
                )
            )
        state.apply(action)
    return found


def _analyst(request: Request, hub: Any) -> analyses.Analyst:
    found: analyses.Analyst | None = getattr(request.app.state, "analyst", None)
    if found is None or found.hub is not hub:
        found = analyses.Analyst(hub)
        request.app.state.analyst = found
    return found


@router.get(
    "/tables/{table_id}/analysis",
    responses=refusals(ErrorCode.UNKNOWN_TABLE, ErrorCode.NOT_OVER),
)
def table_analysis(
    table_id: str, store: StoreDep, user: MaybeUserDep, lang: LangDep
) -> AnalysisOut:
    """A finished table's analysis as far as it has come (``none`` if nobody asked yet)."""
    row = _finished(store, table_id)
    return _answer(row, analyses.load(store, table_id), lang, your_seat(row, user))


@router.post(
    "/tables/{table_id}/analysis",
    responses=refusals(*POSTED, ErrorCode.UNKNOWN_TABLE, ErrorCode.NOT_OVER),
)
async def request_analysis(
    table_id: str,
    request: Request,
    store: StoreDep,
    hub: HubDep,
    user: MaybeUserDep,
    lang: LangDep,
    _csrf: CsrfDep,
) -> AnalysisOut:
    """Analyse a finished table (once: asking again answers the analysis under way or done).

    The work runs in the bot workers, a few decisions at a time; read its progress with GET.
    """
    row = await hub.db(_finished, store, table_id)
    found = await _analyst(request, hub).request(row)
    return _answer(row, found, lang, your_seat(row, user))
