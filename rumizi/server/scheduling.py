"""What a live table waits for from the server itself, and the timers that see to it.

A table at the server waits for at most three things that no player sends: its **bot** to
move (:func:`rumizi.server.phases.bot_to_move` names the seat, one bot per version), its
**clock** to run out (:class:`Clock`: the seat then concedes) and its timed phase's **ring**
(:class:`rumizi.server.phases.PhaseTimer`: chaos's trading ends). :func:`jobs_for` says which
of them a table waits for, as rows of the job index (rumizi.server.jobs), and
:func:`jobs_after` what it will wait for once a move is stored (stored in that move's commit).

On one instance the :class:`Scheduler` sets them off with its own timers, from each table's
:class:`Timers`; on several (``--redis``) the shared queue's workers (rumizi.server.cluster)
make the same moves through :meth:`Scheduler.bot_move`, :meth:`Scheduler.ring_now` and
:meth:`Scheduler.time_out`. Either way a server move carries the client id ``bot-<version>``,
``clock-<version>`` or ``ring-<version>`` (:func:`rumizi.server.inbound.server_move_id`), so
it is stored once however often it is tried.

The scheduler reads a table through :class:`ScheduledTable` and asks of the hub only what
:class:`Host` names (submit a move as the server, schedule a table again, whether the server
is closing): it knows nothing of connections, the database or the other instances.

Clocks leave out the times when the whole service was down (rumizi.server.outages): a
player is not charged for minutes in which no move could be made.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import logging
import time
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Generic, Protocol, TypeVar

from rumizi.core import contract
from rumizi.core.contract import GameState
from rumizi.server import jobs, logs, outages, phases
from rumizi.server.bots import BotPool
from rumizi.server.inbound import server_move_id
from rumizi.server.jobs import Job
from rumizi.server.metrics import Recorder
from rumizi.server.refusals import ActionError
from rumizi.server.store import TableRow

log = logging.getLogger("rumizi.server")


@dataclass
class Clock:
    """Time left per seat. ``realtime``: initial + increment per move; ``turn``: per move.

    The seat to act owns the clock; a move ends when the turn passes to another seat (a Star
    Realms turn is many decisions, and its player's time runs through all of them).
    ``pauses`` are the service's outages (rumizi.server.outages, in order, apart): no clock
    runs in them, as nobody could move.

    >>> realtime = {"kind": "realtime", "initial": 60, "increment": 5}
    >>> clock = Clock.make(realtime, 2, pauses=((105.0, 108.0),))
    >>> clock.start(0, 100.0)
    >>> clock.advance(1, 110.0)  # seat 0 moved after 10 s, 3 of them in an outage
    >>> clock.remaining, clock.owner, clock.deadline()
    ([58.0, 60.0], 1, 170.0)
    """

    kind: str
    remaining: list[float]
    increment: float = 0.0
    per_move: float = 0.0
    owner: int | None = None
    since: float = 0.0
    pauses: outages.Outages = ()

    @classmethod
    def make(
        cls, config: dict[str, Any], players: int, pauses: outages.Outages = ()
    ) -> Clock | None:
        kind = config.get("kind", "none")
        if kind == "realtime":
            initial = float(config["initial"])
            return cls(
                "realtime",
                [initial] * players,
                increment=float(config["increment"]),
                pauses=pauses,
            )
        if kind == "turn":
            per_move = float(config["per_move"])
            return cls("turn", [per_move] * players, per_move=per_move, pauses=pauses)
        return None

    def copy(self) -> Clock:
        return replace(self, remaining=list(self.remaining))

    def _after(self, at: float) -> int:
        """The index of the first pause that ends after ``at``."""
        return bisect.bisect_right(self.pauses, at, key=lambda pause: pause[1])

    def used(self, since: float, at: float) -> float:
        """The seconds from ``since`` to ``at`` that count: all but the outages'."""
        counted = at - since
        for began, ended in self.pauses[self._after(since) :]:
            if began >= at:
                break
            counted -= min(at, ended) - max(since, began)
        return counted

    def start(self, owner: int | None, at: float) -> None:
        self.owner, self.since = owner, at

    def advance(self, owner: int | None, at: float) -> None:
        """The clock after an action at ``at``; ``owner`` is the seat to act now."""
        if self.owner is not None:
            self.remaining[self.owner] -= self.used(self.since, at)
            if owner != self.owner and self.kind == "realtime":
                self.remaining[self.owner] += self.increment
        if owner is not None and owner != self.owner and self.kind == "turn":
            self.remaining[owner] = self.per_move
        self.owner, self.since = owner, at

    def left(self, at: float) -> list[float]:
        left = list(self.remaining)
        if self.owner is not None:
            left[self.owner] -= self.used(self.since, at)
        return left

    def deadline(self) -> float | None:
        """When the running clock runs out, outages past its start put off."""
        if self.owner is None:
            return None
        at, left = self.since, self.remaining[self.owner]
        for began, ended in self.pauses[self._after(at) :]:
            if began - at >= left:
                break
            left -= max(0.0, began - at)
            at = max(at, ended)
        return at + left

    def message(self, at: float) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "remaining_ms": [max(0, round(x * 1000)) for x in self.left(at)],
            "running": self.owner,
            "at": round(at * 1000),
        }


@dataclass(eq=False)
class Timers:
    """What the :class:`Scheduler` has set off for one table on this instance."""

    clock: asyncio.TimerHandle | None = None  # the clock's end: its seat concedes then
    bot: asyncio.Task[None] | None = None  # the bot's move under way (thinking, then sent)
    bot_version: int = -1  # the version a bot was last asked to move on
    ring_tries: int = 0  # the phase timer's refused rings in a row (Scheduler._ring)

    def bot_thinking(self) -> bool:
        """Whether a bot's move is under way."""
        return self.bot is not None and not self.bot.done()

    def stop(self, phase: phases.PhaseTimer) -> None:
        """Stop the clock's timer, ``phase``'s ring and the bot's move."""
        if self.clock is not None:
            self.clock.cancel()
            self.clock = None
        phase.cancel()
        if self.bot is not None:
            self.bot.cancel()


class ScheduledTable(Protocol):
    """A live table as the scheduler reads it (:class:`rumizi.server.hub.LiveTable` is one)."""

    @property
    def id(self) -> str: ...
    @property
    def version(self) -> int: ...
    @property
    def row(self) -> TableRow: ...
    @property
    def state(self) -> GameState: ...
    @property
    def clock(self) -> Clock | None: ...
    @property
    def phase(self) -> phases.PhaseTimer: ...
    @property
    def timers(self) -> Timers: ...


def jobs_for(
    table: ScheduledTable,
    state: GameState,
    clock: Clock | None,
    phase: phases.PhaseTimer,
    version: int,
    now: float,
) -> list[Job]:
    """What ``table`` at ``version`` in ``state`` waits for from the server itself: its bot
    to move (whichever seat it acts from), its clock's deadline, its timed phase's ring."""
    if table.row.status != "playing" or state.over:
        return []
    found = []
    bot = phases.bot_to_move(state, [seat.kind for seat in table.row.seats], version)
    if bot is not None:
        found.append(Job(table.id, version, jobs.BOT, bot, now))
    deadline = None if clock is None else clock.deadline()
    if clock is not None and deadline is not None:
        found.append(Job(table.id, version, jobs.CLOCK, clock.owner, deadline))
    ring = phase.deadline(state)
    if ring is not None:
        found.append(Job(table.id, version, jobs.RING, None, ring))
    return found


def jobs_after(table: ScheduledTable, trial: GameState, at: datetime) -> list[Job]:
    """What ``table`` will wait for once the move that makes ``trial`` is stored at ``at``
    (stored in the move's commit: a move acknowledged never loses the work it leaves)."""
    moment = at.timestamp()
    clock = None if table.clock is None else table.clock.copy()
    if clock is not None:
        clock.advance(None if trial.over else trial.to_act, moment)
    phase = phases.PhaseTimer(table.phase.since)
    phase.observe(table.state.timer(), trial, moment)
    return jobs_for(table, trial, clock, phase, table.version + 1, moment)


TableT = TypeVar("TableT", bound=ScheduledTable)
TableT_contra = TypeVar("TableT_contra", bound=ScheduledTable, contravariant=True)


class Host(Protocol[TableT_contra]):
    """What the scheduler needs of the hub (:class:`rumizi.server.hub.Hub` is one)."""

    @property
    def closing(self) -> bool:
        """Whether the server is shutting down (nothing new is set off then)."""
        ...

    async def submit(
        self, table: TableT_contra, seat: int | None, action: Any, version: Any, client_id: Any
    ) -> int:
        """Play ``action`` for ``seat`` (``None``: the server) at ``version``, or raise
        :class:`~rumizi.server.refusals.ActionError`."""
        ...

    def schedule(self, table: TableT_contra) -> None:
        """Set off again what ``table`` waits for (wherever the hub has it done)."""
        ...

    @property
    def metrics(self) -> Recorder:
        """Where a bot's decision time is counted (rumizi.server.metrics)."""
        ...


class Scheduler(Generic[TableT]):
    """The bots, clocks and phase timers of one instance's live tables.

    ``host`` plays the moves (and is asked to schedule a table again when its clock was put
    off); ``bots`` thinks for the bots, in its worker processes.
    """

    def __init__(self, host: Host[TableT], bots: BotPool) -> None:
        self.host = host
        self.bots = bots

    def schedule(self, table: TableT) -> None:
        """Set off what ``table`` waits for now: its phase timer, its bot and its clock."""
        timers = table.timers
        if timers.clock is not None:
            timers.clock.cancel()
            timers.clock = None
        if self.host.closing or table.row.status != "playing" or table.state.over:
            table.phase.cancel()
            return
        self._schedule_ring(table)
        kinds = [seat.kind for seat in table.row.seats]
        to_act = phases.bot_to_move(table.state, kinds, table.version)
        if to_act is not None and timers.bot_version != table.version:
            timers.bot_version = table.version
            timers.bot = asyncio.create_task(self.bot_move(table, to_act, table.version))
        if table.clock is not None:
            deadline = table.clock.deadline()
            if deadline is not None:
                loop = asyncio.get_running_loop()
                delay = max(0.0, deadline - time.time())
                timers.clock = loop.call_later(
                    delay, lambda: asyncio.create_task(self.time_out(table, table.version))
                )

    def stop(self, table: TableT) -> None:
        """Stop everything set off for ``table`` (let go of, gone, or the server closes)."""
        table.timers.stop(table.phase)

    async def bot_move(self, table: TableT, seat: int, version: int) -> None:
        """The bot in ``seat`` moves on ``version``; it plays its first legal move if its
        thinking fails, and nothing if the table moved on meanwhile."""
        state = table.state
        level = table.row.seats[seat].level or "easy"
        legal = [dict(a) for a in state.legal_actions_for(seat)]
        view = state.view(seat)
        seed = (table.row.seed * 1_000_003 + version) % (1 << 63)
        started = time.perf_counter()
        try:
            if len(legal) == 1:
                action = legal[0]
            else:
                action = await self.bots.choose(level, seed, view, legal)
                elapsed = time.perf_counter() - started
                self.host.metrics.bot_decision(table.row.game, level, elapsed)
        except Exception:
            if self.host.closing:
                return
            log.exception("bot failed on table %s; it plays its first legal move", table.id)
            action = legal[0]
        if self.host.closing or table.version != version:
            return
        try:
            await self.host.submit(table, seat, action, version, server_move_id("bot", version))
        except ActionError as err:
            # The code, not the message: a refusal's message may name the move's cards.
            log.warning("bot move on table %s refused: %s", table.id, err.code)
            return
        logs.event(
            log,
            "bot moved",
            "bot-move",
            table_id=table.id,
            version=version + 1,
            seat=seat,
            level=level,
            ms=round((time.perf_counter() - started) * 1000, 2),
        )

    def _schedule_ring(self, table: TableT) -> None:
        """The phase timer: play the ring when the timed phase's time is up."""
        table.phase.cancel()
        deadline = table.phase.deadline(table.state)
        if deadline is None:
            return
        delay = max(0.0, deadline - time.time())
        table.phase.handle = asyncio.get_running_loop().call_later(
            delay, lambda: asyncio.create_task(self._ring(table))
        )

    async def _ring(self, table: TableT) -> None:
        deadline = table.phase.deadline(table.state)
        if self.host.closing or deadline is None or table.row.status != "playing":
            return
        if time.time() < deadline - 0.01:
            self._schedule_ring(table)
            return
        timers = table.timers
        version = table.version
        if await self.ring_now(table, version):
            timers.ring_tries = 0
            return
        # A player's action came first (the table moved on): ring again on the new version.
        # Anything else would be refused again: the ring stops, said once in the log.
        timers.ring_tries += 1
        if table.version == version or timers.ring_tries > phases.RING_TRIES:
            log.warning(
                "the timer of table %s could not ring after %d tries; it waits for the next move",
                table.id,
                timers.ring_tries,
            )
            timers.ring_tries = 0
            return
        table.phase.handle = asyncio.get_running_loop().call_later(
            phases.RING_RETRY, lambda: asyncio.create_task(self._ring(table))
        )

    async def ring_now(self, table: TableT, version: int) -> bool:
        """Play the timer's ring on ``version``; ``False`` if it was refused."""
        try:
            ring = server_move_id("ring", version)
            await self.host.submit(table, None, dict(contract.RING), version, ring)
        except ActionError as err:
            log.debug("ring on table %s at version %d refused: %s", table.id, version, err.code)
            return False
        return True

    async def time_out(self, table: TableT, version: int) -> None:
        """The clock of the seat to act at ``version`` ran out: that seat concedes. A clock
        that has time left after all (an outage put its end off) is scheduled again."""
        if table.version != version or table.clock is None or table.state.over:
            return
        owner = table.clock.owner
        if owner is None or table.clock.left(time.time())[owner] > 0.05:
            self.host.schedule(table)
            return
        with contextlib.suppress(ActionError):
            await self.host.submit(
                table,
                None,
                {"do": "concede", "player": owner},
                version,
                server_move_id("clock", version),
            )
