"""Analyses of finished games: asked for once, computed in the bot workers, stored for good.

A finished table's analysis (:mod:`rumizi.analysis`, every seat judged from its own view) is
requested by ``POST /api/tables/{id}/analysis`` and read by ``GET`` on the same path
(:mod:`rumizi.server.routes.analysis`). Only a table whose status is ``over`` can be analysed:
during a game the numbers would tell a player what the other side's hidden cards make likely.

The work is cut into *chunks* of a few decisions, each one job of the bot worker pool
(:meth:`rumizi.server.bots.BotPool.run`, never the event loop): a bot's move waits at most
for one chunk, and the progress (decisions done of all) moves chunk by chunk. A chunk gets
only plain data — the record as JSON and the move numbers — and rebuilds its positions
itself. Progress and the result live in the ``analyses`` table (one row per table, created
by migration 0002); the result is kept, so a game is analysed once, whoever asks. A server
that stopped mid-analysis picks it up again when it is next asked.

``RUMIZI_ANALYSIS_WORLDS`` and ``RUMIZI_ANALYSIS_SECONDS`` (judged worlds and most seconds
per decision) tune the cost. With the defaults (:data:`rumizi.analysis.DEFAULT_WORLDS`, 3 s)
a game of the strong bot against itself, every seat, takes on one core (``bench/
analysis_honesty.py``, the analysis before issue 33 at its 24 worlds and 0.5 s in the same
run): Star Realms 8.0 s (8.9 s before), Splendor Duel 51 s (34 s), Fantasy Realms 131 s
(138 s), War of the Ring 25 s (23 s) — about the same time, now on 48 judged worlds a
decision where it had 24, 12, 2 and 14 (the medians).
"""

from __future__ import annotations

import asyncio
import logging
import os
from datetime import datetime
from functools import partial
from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from rumizi.analysis import DEFAULT_WORLDS, THRESHOLDS, Decision, analyse_decision, seat_seed
from rumizi.core import undo
from rumizi.core.contract import GameState
from rumizi.core.record import GameRecord
from rumizi.server.db import Base, UtcDateTime, now
from rumizi.server.hub import Hub
from rumizi.server.store import Store, TableRow

log = logging.getLogger("rumizi.server")

CHUNK = 3  # decisions per worker job: a bot's move waits at most 3 x SECONDS behind one
WORLDS = int(os.environ.get("RUMIZI_ANALYSIS_WORLDS", str(DEFAULT_WORLDS)))
SECONDS = float(os.environ.get("RUMIZI_ANALYSIS_SECONDS", "3"))


class AnalysisRow(Base):
    """One table's analysis: ``running`` (``done`` of ``total`` decisions) or ``done``."""

    __tablename__ = "analyses"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    status: Mapped[str] = mapped_column(String(10))  # running, done, failed
    done: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(Integer, default=0)
    worlds: Mapped[int] = mapped_column(Integer)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    finished: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


def record_of(row: TableRow) -> GameRecord:
    """The table's game as a record (its seed, options and every move that stands: the moves
    taken back and the undo records are left out)."""
    options = {k: v for k, v in row.options.items() if k not in ("players", "undo")}
    options["players"] = row.players
    counted = undo.counted(row.actions, key=lambda stored: stored[1])
    return GameRecord(row.game, row.seed, options, [dict(a) for _, a, _, _ in counted])


def decisions_of(record: GameRecord) -> list[int]:
    """The move numbers at which some seat decided (every move but the clock's)."""
    state = record.start()
    plies = []
    for ply, action in enumerate(record.actions):
        if state.to_act is not None:
            plies.append(ply)
        state.apply(action)
    return plies


def judge_chunk(
    record_json: dict[str, Any], plies: list[int], worlds: int, seconds: float, seed: int
) -> list[dict[str, Any]]:
    """Judge the decisions at ``plies`` (runs in a bot worker: plain data in and out)."""
    record = GameRecord.from_json(record_json)
    state: GameState = record.start()
    wanted = set(plies)
    judged = []
    for ply, action in enumerate(record.actions):
        if ply in wanted and state.to_act is not None:
            found = analyse_decision(
                state,
                action,
                ply=ply,
                worlds=worlds,
                seconds=seconds,
                seed=seat_seed(
                    seed, state.to_act
                ),  # a seat's worlds: its curve steps with the game
            )
            judged.append(found.to_json())
        if ply >= plies[-1]:
            break
        state.apply(action)
    return judged


# ---------------------------------------------------------------------- the database


def load(store: Store, table_id: str) -> AnalysisRow | None:
    with store.sessions() as s:
        found: AnalysisRow | None = s.get(AnalysisRow, table_id)
        return found


def start(store: Store, table_id: str, total: int, worlds: int) -> AnalysisRow:
    """The table's row: a new ``running`` one, or the one already there (whatever its state)."""
    with store.sessions.begin() as s:
        found: AnalysisRow | None = s.get(AnalysisRow, table_id, with_for_update=True)
        if found is None:
            found = AnalysisRow(table_id=table_id, status="running", total=total, worlds=worlds)
            s.add(found)
            s.flush()
        elif found.status == "failed":  # asked again: try again
            found.status, found.done, found.total, found.worlds = "running", 0, total, worlds
        return found


def progress(store: Store, table_id: str, done: int) -> None:
    with store.sessions.begin() as s:
        found = s.get(AnalysisRow, table_id)
        if found is not None:
            found.done = done


def finish(store: Store, table_id: str, result: dict[str, Any] | None) -> None:
    with store.sessions.begin() as s:
        found = s.get(AnalysisRow, table_id)
        if found is not None:
            found.status = "failed" if result is None else "done"
            found.result = result
            found.finished = now()
            if result is not None:
                found.done = found.total


# ---------------------------------------------------------------------- the work


class Analyst:
    """Runs each table's analysis at most once at a time, chunk by chunk, in the bot pool.

    ``db`` runs a store call off the event loop; ``pool`` runs a worker job (both are the
    hub's).
    """

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.store = hub.store
        self._db = hub.db
        self._pool = hub.bots.run
        self.tasks: dict[str, asyncio.Task[None]] = {}

    async def request(self, row: TableRow) -> AnalysisRow:
        """Start ``row``'s analysis unless it is done or under way; its row now."""
        record = record_of(row)
        plies = decisions_of(record)
        found: AnalysisRow = await self._db(start, self.store, row.id, len(plies), WORLDS)
        if found.status == "running" and row.id not in self.tasks:
            task = asyncio.create_task(self._run(row.id, record, plies, found.worlds, row.seed))
            self.tasks[row.id] = task
            task.add_done_callback(partial(self._forget, row.id))
        return found

    def _forget(self, table_id: str, _task: asyncio.Task[None]) -> None:
        self.tasks.pop(table_id, None)

    async def _run(
        self, table_id: str, record: GameRecord, plies: list[int], worlds: int, seed: int
    ) -> None:
        data = record.to_json()
        judged: list[dict[str, Any]] = []
        try:
            for first in range(0, len(plies), CHUNK):
                chunk = plies[first : first + CHUNK]
                judged += await self._pool(judge_chunk, data, chunk, worlds, SECONDS, seed)
                await self._db(progress, self.store, table_id, len(judged))
            state = record.final_state()
            result = {
                "rumizi_analysis": 1,
                "game": record.game,
                "seats": list(range(state.num_players)),
                "worlds": worlds,
                "seed": seed,
                "seconds": SECONDS,
                "winner": state.winner if state.over else None,
                "plies": len(record.actions),
                "thresholds": THRESHOLDS.to_json(),
                "decisions": judged,
            }
        except asyncio.CancelledError:
            raise
        except Exception:
            if self.hub.closing:
                return  # the workers were shut down under it: carry on after a restart
            log.exception("the analysis of table %s failed", table_id)
            result = None
        if not self.hub.closing:
            await self._db(finish, self.store, table_id, result)

    def close(self) -> None:
        for task in self.tasks.values():
            task.cancel()


def decisions(result: dict[str, Any]) -> list[Decision]:
    """The stored decisions of a finished analysis."""
    return [Decision.from_json(d) for d in result.get("decisions", [])]
