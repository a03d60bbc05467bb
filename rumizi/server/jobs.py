"""The job queue that several server instances share: in the database, next to the moves.

A table that waits for the server itself has a job: ``(table, version, kind)``, unique, so
every instance may ask for the same job and only one row exists. The kinds:

* ``bot``: the bot in ``seat`` moves (one bot per version: in a simultaneous phase the bot
  actors take turns as the versions go by, :func:`rumizi.server.phases.bot_to_move`);
* ``clock``: the clock of ``seat`` runs out at ``due`` (it ends the game then);
* ``ring``: the timed phase (chaos trading) ends at ``due``;
* ``look``: nobody knows yet (a game just started, or stored before the queue was an
  index): load the table, which queues what it does wait for.

A job that follows a move is stored in that move's own transaction
(:class:`rumizi.server.store.ActionWrite` ``jobs``), which drops the table's jobs of earlier
versions: once a move is acknowledged, the work after it cannot be lost, whichever instance
dies.

An instance takes a due job with :func:`claim`: it becomes the job's owner for a lease of a
few seconds (``FOR UPDATE SKIP LOCKED`` on PostgreSQL, so instances claiming together never
wait for each other or take the same row). It finishes the job with :func:`finish`; if it dies
first, the lease runs out and another instance claims the job. Doing a job twice is harmless:
the move it makes carries the client id ``bot-<version>``, ``clock-<version>`` or
``ring-<version>`` and the table's version, and the database takes each once.

One plain instance (no ``--redis``) claims nothing: it moves its loaded tables with its own
timers, and the same rows are its **index** of what every table waits for, so that it keeps
in memory only the tables in use or due soon (:func:`due_tables`), and corrects a table's
rows when it finds them out of date (:func:`reindex`: a clock pushed back by an outage).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, delete, not_, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, CursorResult
from sqlalchemy.orm import Session

from rumizi.server.db import GameTable, TableJob

BOT = "bot"
CLOCK = "clock"
RING = "ring"
LOOK = "look"


@dataclass(frozen=True)
class Job:
    """What a table at ``version`` waits for: a ``kind`` of work, due at ``due`` (epoch s)."""

    table_id: str
    version: int
    kind: str
    seat: int | None
    due: float


@dataclass(frozen=True)
class Claimed:
    id: int
    job: Job


def _rows(jobs: Iterable[Job]) -> list[dict[str, Any]]:
    return [
        {
            "table_id": j.table_id,
            "version": j.version,
            "kind": j.kind,
            "seat": j.seat,
            "due": j.due,
            "owner": None,
            "lease_until": 0.0,
        }
        for j in jobs
    ]


def _insert(s: Session | Connection) -> Any:
    dialect = s.get_bind().dialect.name if isinstance(s, Session) else s.dialect.name
    return postgresql.insert if dialect == "postgresql" else sqlite.insert


def add(s: Session | Connection, jobs: Iterable[Job]) -> None:
    """Store ``jobs``, leaving out those already there (any instance may ask for the same)."""
    rows = _rows(jobs)
    if not rows:
        return
    statement = _insert(s)(TableJob).values(rows)
    s.execute(statement.on_conflict_do_nothing(index_elements=["table_id", "version", "kind"]))


def look(s: Session, table_id: str, version: int) -> None:
    """The table's game is under way and what it waits for is not known: a ``look`` job."""
    add(s, [Job(table_id, version, LOOK, None, 0.0)])


def replace(s: Session, table_id: str, version: int, wanted: Iterable[Job]) -> None:
    """The table is at ``version`` now: its older jobs are moot, ``wanted`` are its new ones."""
    s.execute(delete(TableJob).where(TableJob.table_id == table_id, TableJob.version < version))
    add(s, wanted)


def claim(s: Session, owner: str, now: float, lease: float) -> Claimed | None:
    """The most overdue job no live lease holds, now ``owner``'s until ``now + lease``."""
    free = (
        select(TableJob.id)
        .where(TableJob.due <= now, or_(TableJob.lease_until < now, TableJob.owner.is_(None)))
        .order_by(TableJob.due)
        .limit(1)
        .with_for_update(skip_locked=True)
    )
    row = s.execute(
        update(TableJob)
        .where(TableJob.id == free.scalar_subquery())
        .values(owner=owner, lease_until=now + lease)
        .returning(TableJob.id, TableJob.table_id, TableJob.version, TableJob.kind, TableJob.seat)
        .execution_options(synchronize_session=False)
    ).first()
    if row is None:
        return None
    job_id, table_id, version, kind, seat = row
    return Claimed(job_id, Job(table_id, version, kind, seat, now))


def finish(s: Session, claimed: Claimed, owner: str) -> None:
    """The job is done (or no longer needed): gone, unless another instance took it over."""
    s.execute(delete(TableJob).where(TableJob.id == claimed.id, TableJob.owner == owner))


def renew(s: Session, claimed: Claimed, owner: str, until: float) -> bool:
    """Still working on it: ``owner``'s lease runs to ``until``; ``False`` if no longer its."""
    moved: CursorResult[Any] = s.execute(  # type: ignore[assignment]
        update(TableJob)
        .where(TableJob.id == claimed.id, TableJob.owner == owner)
        .values(lease_until=until)
        .execution_options(synchronize_session=False)
    )
    return moved.rowcount == 1


def postpone(s: Session, claimed: Claimed, owner: str, due: float) -> None:
    """Not yet: the job waits until ``due``, free for any instance then."""
    s.execute(
        update(TableJob)
        .where(TableJob.id == claimed.id, TableJob.owner == owner)
        .values(owner=None, lease_until=0.0, due=due)
    )


def same(stored: Iterable[Job], wanted: Iterable[Job]) -> bool:
    """Whether the index holds what is wanted: the same jobs, the same deadlines (a bot's
    job is due whenever it was stored: at once)."""

    def key(job: Job) -> tuple[Any, ...]:
        return (job.table_id, job.version, job.kind, job.seat, job.kind == BOT or job.due)

    return sorted(map(key, stored)) == sorted(map(key, wanted))


def reindex(s: Session, table_id: str, version: int, wanted: Sequence[Job]) -> bool:
    """The table at ``version`` waits for ``wanted``, and for nothing else: its other jobs go,
    a deadline that moved is moved. Nothing changes if the table is no longer at
    ``version`` (its newer move stored its own jobs); ``False`` then."""
    moved_on = s.scalar(select(GameTable.version).where(GameTable.id == table_id))
    if moved_on != version:
        return False
    kinds = [j.kind for j in wanted]
    s.execute(
        delete(TableJob).where(
            TableJob.table_id == table_id,
            not_(and_(TableJob.version == version, TableJob.kind.in_(kinds))),
        )
    )
    rows = _rows(wanted)
    if rows:
        statement = _insert(s)(TableJob).values(rows)
        s.execute(
            statement.on_conflict_do_update(
                index_elements=["table_id", "version", "kind"],
                set_={"seat": statement.excluded.seat, "due": statement.excluded.due},
            )
        )
    return True


def due_tables(s: Session, until: float) -> list[str]:
    """The games under way with a job due by ``until``, soonest first."""
    found = s.execute(
        select(TableJob.table_id, TableJob.due)
        .join(GameTable, GameTable.id == TableJob.table_id)
        .where(TableJob.due <= until, GameTable.status == "playing")
        .order_by(TableJob.due)
    ).all()
    return list(dict.fromkeys(table_id for table_id, _ in found))


def pending(s: Session, table_id: str | None = None) -> list[Job]:
    """The jobs waiting (of one table, or all): for tests and the operator."""
    query = select(TableJob).order_by(TableJob.id)
    if table_id is not None:
        query = query.where(TableJob.table_id == table_id)
    return [Job(j.table_id, j.version, j.kind, j.seat, j.due) for j in s.scalars(query)]
