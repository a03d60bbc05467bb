"""The job queue that several server instances share: in the database, next to the moves.

A table that waits for a bot or for its clock has a job: ``(table, version, kind)``, unique,
so every instance may ask for the same job and only one row exists. A job that follows a move
is stored in that move's own transaction (:class:`rumizi.server.store.ActionWrite` ``jobs``):
once a move is acknowledged, the work after it cannot be lost, whichever instance dies.

An instance takes a due job with :func:`claim`: it becomes the job's owner for a lease of a
few seconds (``FOR UPDATE SKIP LOCKED`` on PostgreSQL, so instances claiming together never
wait for each other or take the same row). It finishes the job with :func:`finish`; if it dies
first, the lease runs out and another instance claims the job. Doing a job twice is harmless:
the move it makes carries the client id ``bot-<version>`` or ``clock-<version>`` and the
table's version, and the database takes each once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, CursorResult
from sqlalchemy.orm import Session

from rumizi.server.db import TableJob

BOT = "bot"
CLOCK = "clock"


@dataclass(frozen=True)
class Job:
    """The bot in ``seat`` moves at ``version`` (``bot``), or the clock runs out at ``due``."""

    table_id: str
    version: int
    kind: str
    seat: int | None
    due: float


@dataclass(frozen=True)
class Claimed:
    id: int
    job: Job


def add(s: Session | Connection, jobs: Iterable[Job]) -> None:
    """Store ``jobs``, leaving out those already there (any instance may ask for the same)."""
    rows = [
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
    if not rows:
        return
    dialect = s.get_bind().dialect.name if isinstance(s, Session) else s.dialect.name
    insert: Any = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(TableJob).values(rows)
    s.execute(statement.on_conflict_do_nothing(index_elements=["table_id", "version", "kind"]))


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


def pending(s: Session, table_id: str | None = None) -> list[Job]:
    """The jobs waiting (of one table, or all): for tests and the operator."""
    query = select(TableJob).order_by(TableJob.id)
    if table_id is not None:
        query = query.where(TableJob.table_id == table_id)
    return [Job(j.table_id, j.version, j.kind, j.seat, j.due) for j in s.scalars(query)]
