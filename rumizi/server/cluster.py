"""Several ``rumizi serve`` instances on one PostgreSQL and one Redis (``--redis``).

Any instance serves any table. Each keeps the tables its own connections look at; the truth is
the database, where every move is a compare-and-set on the table's version (as with one
instance). What this module adds to the hub:

- **Fan-out** (:mod:`rumizi.server.fanout`): after a commit the instance publishes the move;
  the others apply it to their copy and send their own connections the new state. A note
  missed (pub/sub is at most once) shows as a gap in versions, or as the database being ahead
  when the instance looks (every ``sync_every`` seconds, and at once when Redis comes back);
  then the missing actions are read from the database, by version.
- **The shared queue** (:mod:`rumizi.server.jobs`): the bot to move (from whichever seat
  it acts, in a simultaneous phase too), the clock's deadline and the timed phase's ring are
  jobs in the database, stored with the move that made them
  (:func:`rumizi.server.scheduling.jobs_for`).
  Every instance's workers claim due jobs under a lease, so a bot's move, a clock's timeout
  and a ring are made once however many instances watch the table, and a dead instance's
  jobs pass to the others when its leases run out. The move itself is a compare-and-set with
  a fixed client id (``bot-<version>``, ``clock-<version>``, ``ring-<version>``): even a job
  done twice is stored once. A job loads its table where it is taken, so no instance loads
  anything at its start, and an idle table is let go (rumizi.server.hub).

The hub calls :meth:`Cluster.committed`, :meth:`schedule`, :meth:`forget` and
:meth:`seats_changed`; it knows nothing of Redis or of the queue's tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from rumizi.server import chat, jobs, logs
from rumizi.server.fanout import Fanout, settle
from rumizi.server.jobs import Claimed, Job
from rumizi.server.scheduling import jobs_for
from rumizi.server.store import ActionWrite, Store, StoredAction

if TYPE_CHECKING:
    from rumizi.server.hub import Hub, LiveTable

log = logging.getLogger("rumizi.server.cluster")
T = TypeVar("T")

LEASE = 10.0  # seconds a claimed job is its instance's (a hard bot thinks about 1 s)
# Seconds between looks at the queue when nothing woke the workers. A move that leaves a bot
# to move wakes its own instance's workers at once; the poll finds clocks' deadlines and the
# jobs other instances left (a clock runs out at most this late).
POLL = 0.5
SYNC_EVERY = 1.0  # seconds between comparisons of the loaded tables' versions with the database
CLOCK_SLACK = 0.05  # seconds: a clock or ring job that comes this early is still done
RETRY = 0.5  # seconds before a job whose move the database refused is tried again


def instance_name() -> str:
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(2)}"


class Cluster:
    """One instance's part in the cluster: its workers, its fan-out, its watch on versions."""

    def __init__(
        self,
        hub: Hub,
        redis_url: str,
        *,
        name: str | None = None,
        channel: str = "rumizi:tables",
        lease: float = LEASE,
        poll: float = POLL,
        sync_every: float = SYNC_EVERY,
        workers: int = 2,
    ) -> None:
        self.hub = hub
        self.store: Store = hub.store
        self.name = name or instance_name()
        self.lease, self.poll, self.sync_every = lease, poll, sync_every
        self.fanout = Fanout(
            redis_url, channel, self._on_note, self._on_reconnect, on_error=hub.metrics.redis_error
        )
        # The queue's own threads: a look at the queue never waits behind the moves' writes.
        self._db = ThreadPoolExecutor(max_workers=2, thread_name_prefix="rumizi-queue")
        self._slots = asyncio.Semaphore(max(1, workers))
        self._wake = asyncio.Event()
        self._ensured: dict[str, int] = {}  # table -> the version whose jobs are stored
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loops: list[asyncio.Task[None]] = []
        self.jobs_done = 0

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        try:
            return await asyncio.get_running_loop().run_in_executor(self._db, fn, *args)
        except SQLAlchemyError as err:
            self.hub.metrics.database_error(err)
            raise

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def start(self) -> None:
        self.fanout.start()
        self._loops = [
            asyncio.create_task(self._claim_loop()),
            asyncio.create_task(self._sync_loop()),
        ]

    async def close(self) -> None:
        for task in [*self._loops, *self._tasks]:
            task.cancel()
        await settle([*self._loops, *self._tasks])
        await self.fanout.close()
        self._db.shutdown(wait=True)

    # ------------------------------------------------------------------ what the hub calls

    def committed(self, write: ActionWrite) -> None:
        """``write`` is stored: its jobs are in the queue; the other instances hear of it."""
        self._ensured[write.table_id] = write.version
        if any(job.kind == jobs.BOT for job in write.jobs or ()):
            self._wake.set()
        self.fanout.publish(
            {
                "k": "move",
                "t": write.table_id,
                "o": self.name,
                "v": write.version,
                "s": write.seat,
                "a": write.action,
                "c": write.client_id,
                "at": write.at.isoformat(),
            }
        )

    def schedule(self, table: LiveTable) -> None:
        """``table`` was loaded or started here: make sure its jobs are in the queue."""
        if self._ensured.get(table.id) == table.version:
            return
        wanted = jobs_for(table, table.state, table.clock, table.phase, table.version, time.time())
        if not wanted:
            return
        self._ensured[table.id] = table.version
        self._spawn(self._ensure(wanted))

    async def _ensure(self, wanted: list[Job]) -> None:
        try:
            await self._run(self.store.add_jobs, wanted)
        except Exception:
            log.exception("could not queue the jobs of table %s", wanted[0].table_id)
            self._ensured.pop(wanted[0].table_id, None)
            return
        self._wake.set()

    def forget(self, table_id: str) -> None:
        """The hub let go of the table (its jobs stay in the queue, and load it again)."""
        self._ensured.pop(table_id, None)

    def behind(self, table: LiveTable) -> None:
        """A write lost the compare-and-set: another instance moved ``table``; catch up."""
        self._spawn(self.hub.sync(table))

    def seats_changed(self, table_id: str) -> None:
        self.fanout.publish({"k": "seats", "t": table_id, "o": self.name})

    # ------------------------------------------------------------------ the fan-out

    def _on_note(self, note: dict[str, Any]) -> None:
        if note.get("o") == self.name:
            return
        table = self.hub.tables.get(str(note.get("t")))
        if table is None:
            return
        try:
            if note.get("k") == "seats":
                self._spawn(self.hub.reload_seats(table.id, announce=False))
            elif note.get("k") == "move":
                stored = StoredAction(
                    int(note["v"]),
                    note["s"],
                    dict(note["a"]),
                    str(note["c"]),
                    datetime.fromisoformat(note["at"]),
                )
                self._spawn(self.hub.sync(table, stored))
            elif note.get("k") == "chat":  # a chat line said on another instance
                self._spawn(chat.deliver(table, dict(note["m"])))
        except (KeyError, TypeError, ValueError):
            log.warning("a note that makes no sense: %r", note)

    async def _on_reconnect(self) -> None:
        await self.sync_all()

    async def sync_all(self) -> int:
        """Catch up every loaded table the database has moved on; how many it was."""
        live = [t for t in self.hub.tables.values() if t.row.status != "over"]
        if not live:
            return 0
        versions = await self._run(self.store.table_versions, [t.id for t in live])
        behind = 0
        for table in live:
            version, status = versions.get(table.id, (table.version, table.row.status))
            if version > table.version or status != table.row.status:
                behind += 1
                self._spawn(self.hub.sync(table))
        return behind

    async def _sync_loop(self) -> None:
        while True:
            await asyncio.sleep(self.sync_every)
            try:
                await self.sync_all()
            except Exception:
                log.exception("could not compare the tables' versions with the database")

    # ------------------------------------------------------------------ the workers

    async def _claim_loop(self) -> None:
        while True:
            await self._slots.acquire()
            try:
                claimed = await self._run(self._claim)
            except Exception:
                log.exception("could not look at the job queue")
                claimed = None
            if claimed is None:
                self._slots.release()
                self._wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), self.poll)
                continue
            self.hub.metrics.job_claimed(claimed.job.kind, time.time() - claimed.job.due)
            self._spawn(self._work(claimed))

    def _claim(self) -> Claimed | None:
        # The lease counts from when the database is asked, not from when the thread was.
        return self.store.claim_job(self.name, time.time(), self.lease)

    async def _renew(self, claimed: Claimed) -> None:
        """Keep the lease of a job still being worked on (a bot that thinks long, a slow
        machine): while this instance lives, no other takes the job over and thinks again."""
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                if not await self._run(self._renew_now, claimed):
                    return  # done with meanwhile, or taken over: nothing left to keep
            except Exception:
                log.warning("could not renew the lease of job %s", claimed.job)

    def _renew_now(self, claimed: Claimed) -> bool:
        return self.store.renew_job(claimed, self.name, time.time() + self.lease)

    async def _work(self, claimed: Claimed) -> None:
        started = time.time()
        renewing = asyncio.create_task(self._renew(claimed))
        try:
            postpone = await self._do(claimed.job)
            renewing.cancel()
            if postpone is None:
                await self._run(self.store.finish_job, claimed, self.name)
                self.jobs_done += 1
                job = claimed.job
                logs.event(
                    log,
                    "job done",
                    "job",
                    table_id=job.table_id,
                    version=job.version,
                    kind=job.kind,
                    lag_ms=round(max(0.0, started - job.due) * 1000, 2),
                )
            else:
                await self._run(self.store.postpone_job, claimed, self.name, postpone)
        except Exception:
            log.exception("job %s failed; its lease will free it", claimed.job)
        finally:
            renewing.cancel()
            self._slots.release()
            self._wake.set()  # the next job may be due already

    async def _do(self, job: Job) -> float | None:
        """Do ``job``; ``None`` when it is done with, or the time to look at it again."""
        hub = self.hub
        table = await hub.get(job.table_id)  # loaded, it queued what it waits for
        if table is None or job.kind == jobs.LOOK:
            return None
        table.pinned += 1  # not let go while the job works on it
        try:
            return await self._do_on(table, job)
        finally:
            table.pinned -= 1

    async def _do_on(self, table: LiveTable, job: Job) -> float | None:
        hub = self.hub
        await hub.sync(table)
        if table.version != job.version or table.row.status != "playing" or table.state.over:
            return None  # the table moved on: nothing to do
        if job.kind == jobs.BOT and job.seat is not None:
            await hub.scheduler.bot_move(table, job.seat, job.version)
            return self._retry(table, job)
        if job.kind == jobs.RING:
            deadline = table.phase.deadline(table.state)
        else:
            deadline = None if table.clock is None else table.clock.deadline()
        if deadline is None:
            return None
        if deadline - time.time() > CLOCK_SLACK:
            return deadline  # not yet (a clock an outage put off, a ring stored early)
        if job.kind == jobs.RING:
            await hub.scheduler.ring_now(table, job.version)
        else:
            await hub.scheduler.time_out(table, job.version)
        return self._retry(table, job)

    def _retry(self, table: LiveTable, job: Job) -> float | None:
        """After the job's move: done, unless the table still waits at the job's version (the
        write was refused, say by a database that lost a lock): then again in a moment. Had
        another instance moved the table, the next look at the job sees it and drops it."""
        if self.hub.closing or table.version != job.version or table.row.status != "playing":
            return None
        return time.time() + RETRY
