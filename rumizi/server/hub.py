"""The live tables: the authoritative game states and the players connected to them.

Each open table is a :class:`LiveTable` rebuilt from its stored seed and actions. An action
goes through :meth:`Hub.submit`: checked against the table's version and turn, tried on a
copy of the state, stored in the database, and only then applied, acknowledged and sent to
everyone — each connection gets its own seat's view and nothing more.

A table is in memory only while it is used. With each move the hub stores what the table
then waits for from the server itself — a bot's move, a clock's deadline, a timed phase's
ring (:func:`rumizi.server.scheduling.jobs_for`; rows of ``table_jobs``, rumizi.server.jobs) —
so that a table nobody looks at and whose next server move is not due soon is let go
(:meth:`Hub.sweep`, after ``unload_after`` seconds idle) and loaded again when someone
connects or its move comes due. A start loads only the tables due soon: thousands of
abandoned games cost nothing. On one instance the hub moves its tables with its own timers
(:attr:`Hub.scheduler`, rumizi.server.scheduling: bots, clocks and phase timers) and those
rows are its index; on several (``--redis``) they are the shared queue that the instances'
workers take jobs from (rumizi.server.cluster).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from rumizi.core import contract, undo
from rumizi.core.addons import Audience
from rumizi.core.contract import GameState
from rumizi.core.errors import IllegalAction
from rumizi.core.registry import game
from rumizi.server import jobs, logs, mail, outages, phases, scheduling, takeback
from rumizi.server.bots import BotPool, seat_names
from rumizi.server.jobs import Job
from rumizi.server.messages import Ack, Gone, GoneReason, Presence, StateMessage, wire
from rumizi.server.metrics import Recorder
from rumizi.server.outbox import dumps
from rumizi.server.plugins import GameWeb, plugin
from rumizi.server.refusals import ActionError, check_playing
from rumizi.server.scheduling import Clock, Scheduler, Timers, jobs_for
from rumizi.server.states import state_message
from rumizi.server.store import ActionWrite, Conflict, Store, StoredAction, TableRow

if TYPE_CHECKING:
    from rumizi.server.cluster import Cluster

log = logging.getLogger("rumizi.server")
T = TypeVar("T")
P = ParamSpec("P")

UNLOAD_AFTER = 600.0  # seconds a table with nobody there and nothing due stays in memory
SWEEP_EVERY = 5.0  # seconds between looks for idle tables (and, on one instance, due ones)
# Seconds the index's writer waits to gather a batch: a start that loads a thousand tables
# writes their rows in a few commits, not a thousand. Nothing is at stake meanwhile: a move's
# rows go in its own commit, and the rows a correction replaces only load a table sooner.
INDEX_GATHER = 0.1


def _epoch(at: datetime) -> float:
    return at.timestamp()


@dataclass(eq=False)
class Client:
    """One open WebSocket: who it is, which seat it holds (``None``: watching), its language."""

    send: Callable[[dict[str, Any]], Awaitable[None]]
    seat: int | None
    lang: str
    user_id: int | None
    log_sent: int = 0  # lines of the log this connection already has
    # Queue a message already serialised, without waiting (rumizi.server.outbox): what many
    # readers get alike is serialised once. None: only ``send`` (tests' stand-ins).
    post: Callable[[str], None] | None = None

    async def deliver(self, message: dict[str, Any], text: str | None = None) -> None:
        """Send ``message``, whose JSON is ``text`` if the caller already made it."""
        if self.post is not None:
            self.post(text if text is not None else dumps(message))
        else:
            await self.send(message)


@dataclass(eq=False)
class LiveTable:
    row: TableRow
    web: GameWeb
    state: GameState
    events: list[list[dict[str, Any]]]  # events[v]: what action v did (0: the deal)
    client_ids: set[str]
    clock: Clock | None
    clients: set[Client] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # (seat, language) -> (moves already in the log, the log's lines)
    log_cache: dict[tuple[int | None, str], tuple[int, list[str]]] = field(default_factory=dict)
    phase: phases.PhaseTimer = field(default_factory=phases.PhaseTimer)  # chaos's trading
    timers: Timers = field(default_factory=Timers)  # its bot, clock and ring, set off here
    trail: undo.Trail = field(default_factory=undo.Trail)  # the moves that may be taken back
    # (seat, language) -> the first log line of each version (for the moves taken back)
    log_starts: dict[tuple[int | None, str], list[int]] = field(default_factory=dict)
    last_used: float = field(default_factory=time.monotonic)  # loaded, asked for, moved
    pinned: int = 0  # jobs of the shared queue at work on it: it stays loaded meanwhile
    # One instance: what its rows of the job index hold (None: not known, write them).
    indexed: list[Job] | None = None

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def version(self) -> int:
        return self.row.version

    def seat_of(self, user_id: int | None) -> int | None:
        if user_id is None:
            return None
        for seat in self.row.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def names(self, lang: str) -> tuple[str, ...]:
        return seat_names(self.row.seats, lang)

    def audience(self, seat: int | None, lang: str) -> Audience:
        options = dict(self.row.options)
        options.setdefault("players", self.row.players)
        return Audience(lang, seat, self.names(lang), options)

    def log(self, seat: int | None, lang: str) -> list[str]:
        """The whole log as ``seat`` reads it in ``lang`` (kept, and extended move by move)."""
        done, lines = self.log_cache.get((seat, lang), (0, []))
        if done < len(self.events):
            audience = self.audience(seat, lang)
            starts = self.log_starts.setdefault((seat, lang), [])
            del starts[done:]
            for events in self.events[done:]:
                starts.append(len(lines))
                lines.extend(takeback.log_lines(self.web, events, audience))
            self.log_cache[(seat, lang)] = (len(self.events), lines)
        return lines

    def result(self) -> dict[str, Any] | None:
        if not self.state.over:
            return None
        return {"winner": self.state.winner, "returns": self.state.returns()}


def new_state(row: TableRow) -> GameState:
    options = takeback.game_options(row.options)
    return game(row.game).new(seed=row.seed, players=row.players, **options)


def record_events(state: GameState) -> list[dict[str, Any]]:
    """Start recording ``state``'s events; the list they go to (empty for a game without a log)."""
    return contract.record_events(state)


def rebuild(
    row: TableRow, pauses: outages.Outages = ()
) -> tuple[GameState, list[list[dict[str, Any]]], Clock | None, undo.Trail]:
    """The state after every stored action of ``row``, with its events, its clock (which
    stood still in ``pauses``, the service's outages) and the trail of the moves that may
    still be taken back (undo records are played through it)."""
    state = new_state(row)
    events: list[list[dict[str, Any]]] = [plugin(row.game).opening_events(state)]
    clock = Clock.make(row.clock, row.players, pauses)
    if clock is not None and row.started is not None:
        clock.start(state.to_act, _epoch(row.started))
    trail = undo.Trail()
    for version, (_seat, action, _client_id, at) in enumerate(row.actions, start=1):
        state, happened = trail.play(state, version, action)
        events.append(happened)
        if clock is not None:
            clock.advance(None if state.over else state.to_act, _epoch(at))
    return state, events, clock, trail


class Hub:
    """Every live table of this server process.

    ``unload_after``: seconds a table nobody is connected to, with no server move due soon,
    stays in memory; ``sweep_every``: seconds between the looks for such tables (and, on one
    instance, for tables whose move comes due within three looks, which are loaded).
    """

    def __init__(
        self,
        store: Store,
        bot_pool: BotPool,
        *,
        unload_after: float = UNLOAD_AFTER,
        sweep_every: float = SWEEP_EVERY,
        metrics: Recorder | None = None,
    ) -> None:
        self.store = store
        self.bots = bot_pool
        self.metrics = metrics or Recorder()  # what operators count (rumizi.server.metrics)
        # One instance: the bots, clocks and phase timers (several: the shared queue's jobs).
        self.scheduler: Scheduler[LiveTable] = Scheduler(self, bot_pool)
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.unload_after = unload_after
        self.sweep_every = sweep_every
        self.ahead = 3 * sweep_every  # a table due this soon is loaded (one instance)
        self.outages: outages.Outages = ()  # the service's, read at start
        # One instance: the index rows to write, by table (version, jobs), and their writer.
        self._reindex: dict[str, tuple[int, list[Job]]] = {}
        self._indexer: asyncio.Task[None] | None = None
        self._loops: list[asyncio.Task[None]] = []
        # One thread writes to the database, so writes keep their order and SQLite one writer.
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rumizi-db")
        self.closing = False
        self._writes: list[tuple[ActionWrite, asyncio.Future[Conflict | None]]] = []
        self._writer: asyncio.Task[None] | None = None
        # Several instances (rumizi serve --redis): the shared queue, the fan-out between them.
        self.cluster: Cluster | None = None
        # Told the id of every table that changed or whose company did (the lobby listens).
        self.watchers: list[Callable[[str], None]] = []

    def tell(self, table_id: str) -> None:
        """Tell the watchers ``table_id`` changed ("": something else the lobby shows did)."""
        for watcher in self.watchers:
            watcher(table_id)

    async def _write(self, write: ActionWrite) -> Conflict | None:
        """Store ``write``; actions arriving while a commit is under way share the next one."""
        future: asyncio.Future[Conflict | None] = asyncio.get_running_loop().create_future()
        self._writes.append((write, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_batches())
        return await future

    async def _write_batches(self) -> None:
        while self._writes:
            batch, self._writes = self._writes, []
            try:
                errors = await self.db(self.store.append_actions, [w for w, _ in batch])
            except Exception as err:  # the database is down: refuse the whole batch
                log.exception("could not store %d actions", len(batch))
                errors = [Conflict(f"the database refused the write: {err}")] * len(batch)
            for (_, future), error in zip(batch, errors, strict=True):
                if not future.done():
                    future.set_result(error)

    async def db(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``fn(*args, **kwargs)`` in the database's one thread (writes keep their order)."""
        call = functools.partial(fn, *args, **kwargs)
        try:
            return await asyncio.get_running_loop().run_in_executor(self._db, call)
        except SQLAlchemyError as err:
            self.metrics.database_error(err)
            raise

    # ------------------------------------------------------------------ loading

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table (loaded from the database if it is not in memory), or ``None``."""
        found = self.tables.get(table_id)
        if found is not None:
            found.last_used = time.monotonic()
            return found
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                found = self.tables.get(table_id)
                if found is not None:
                    found.last_used = time.monotonic()
                    return found
                return await self._load(table_id)
        finally:
            if self._loading.get(table_id) is lock:  # whoever waits on it finds the table
                del self._loading[table_id]

    async def _load(self, table_id: str) -> LiveTable | None:
        row, indexed = await self.db(self._read, table_id)
        if row is None:
            return None
        state, events, clock, trail = rebuild(row, self.outages)
        client_ids = {client_id for _, _, client_id, _ in row.actions}
        since = None
        if state.timer() is not None:  # a timed phase: when it began, from the stored times
            counted = undo.counted(row.actions, key=lambda stored: stored[1])
            since = phases.phase_start(new_state(row), row.started, counted)
        unmoved = not row.actions
        row.actions = []
        table = LiveTable(row, plugin(row.game), state, events, client_ids, clock)
        table.trail = trail
        table.phase.since = since
        table.indexed = indexed
        self.tables[table_id] = table
        self.schedule(table)
        self.tell(table_id)
        if unmoved:
            await self._first_turn(table)
        return table

    def _read(self, table_id: str) -> tuple[TableRow | None, list[Job] | None]:
        """The table's row with its actions, and (one instance) the index's rows for it."""
        row = self.store.load_table(table_id, actions=True)
        if row is None or self.cluster is not None:
            return row, None
        with self.store.sessions() as s:
            return row, jobs.pending(s, table_id)

    async def start(self) -> None:
        """The server starts: note an outage that ends now (clocks stood still in it), beat
        from now on, look for idle tables, and (one instance) load the tables due soon."""
        alone = self.cluster is None
        self.outages = await self.db(outages.note_start, self.store.sessions, time.time(), alone)
        self._loops = [
            asyncio.create_task(self._beat_loop()),
            asyncio.create_task(self._sweep_loop()),
        ]
        await self.resume()

    async def resume(self) -> None:
        """After a start, one instance: the games whose bot, clock or timer is due soon carry
        on (several instances: their jobs in the shared queue load them where taken)."""
        if self.cluster is None:
            await self._load_due(time.time() + self.ahead)

    async def _load_due(self, until: float) -> None:
        for table_id in await self.db(self._due, until):
            if self.closing:
                return
            if table_id not in self.tables:
                await self.get(table_id)

    def _due(self, until: float) -> list[str]:
        with self.store.sessions() as s:
            return jobs.due_tables(s, until)

    async def _beat_loop(self) -> None:
        while True:
            await asyncio.sleep(outages.BEAT)
            try:
                await self.db(outages.beat, self.store.sessions, time.time())
            except Exception as err:  # the database is away: the next beat may pass
                log.warning("no heartbeat: %r", err)

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_every)
            try:
                await self.sweep()
            except Exception:
                log.exception("the sweep of idle and due tables failed")

    async def sweep(self) -> None:
        """Let go of the idle tables; one instance: load those due within ``ahead``."""
        now, moment = time.time(), time.monotonic()
        for table in list(self.tables.values()):
            if self._idle(table, now, moment):
                self._unload(table)
            elif self.cluster is None and table.indexed is None:
                self._index(table)  # its index rows could not be written: again
        if self.cluster is None and not self.closing:
            await self._load_due(now + self.ahead)

    def _idle(self, table: LiveTable, now: float, moment: float) -> bool:
        """Nobody there, nothing under way, unused for ``unload_after`` seconds, and (one
        instance) nothing due before the next looks, which will load it again in time."""
        if table.clients or table.pinned or table.lock.locked() or table.id in self._reindex:
            return False
        if table.timers.bot_thinking():
            return False
        if moment - table.last_used < self.unload_after:
            return False
        if self.cluster is not None:  # its deadlines are in the shared queue
            return True
        return table.indexed is not None and all(
            job.due > now + self.ahead for job in table.indexed
        )

    def _unload(self, table: LiveTable) -> None:
        del self.tables[table.id]
        self.scheduler.stop(table)
        if self.cluster is not None:
            self.cluster.forget(table.id)

    async def reload_seats(self, table_id: str, announce: bool = True) -> None:
        """Someone sat down: refresh the seats (and start the game if it just started).

        ``announce``: tell the other instances too (not when they told this one).
        """
        if self.cluster is not None and announce:
            self.cluster.seats_changed(table_id)
        table = self.tables.get(table_id)
        if table is None:
            return
        row = await self.db(self.store.load_table, table_id)
        if row is None:  # cancelled by its creator while it waited
            await self._gone(table)
            return
        if (row.result or {}).get("closed"):  # an admin closed it (on another instance)
            await self._gone(table, "closed")
            return
        async with table.lock:
            was_waiting = table.row.status == "waiting"
            starting = was_waiting and row.status == "playing"
            table.row.seats, table.row.status, table.row.started = (
                row.seats,
                row.status,
                row.started,
            )
            if was_waiting and row.status == "playing" and table.clock and row.started:
                table.clock.start(table.state.to_act, _epoch(row.started))
            if was_waiting and row.status == "playing" and row.started:
                table.phase.observe(None, table.state, _epoch(row.started))
                table.indexed = None  # the start stored a look job: say what it waits for
            for client in table.clients:
                if client.seat is None and client.user_id is not None:
                    client.seat = table.seat_of(client.user_id)
            table.log_cache.clear()  # names changed: everyone gets the log anew
            for client in table.clients:
                client.log_sent = 0
        await self.broadcast(table)
        self.schedule(table)
        if starting:
            await self._first_turn(table)

    async def closed(self, table_id: str, announce: bool = True) -> None:
        """An admin closed the table (rumizi.server.moderation): its pages are told, here and,
        ``announce``, on the other instances (which read the closed row, as for a seat)."""
        if self.cluster is not None and announce:
            self.cluster.seats_changed(table_id)
        table = self.tables.get(table_id)
        if table is not None:
            await self._gone(table, "closed")
        self.tell(table_id)

    async def _gone(self, table: LiveTable, reason: GoneReason = "cancelled") -> None:
        """The table no longer exists, or was closed: forget it, and tell its pages
        (``{"type": "gone"}``)."""
        if self.tables.get(table.id) is not table:
            return
        del self.tables[table.id]
        table.row.status = "over"  # a move still on its way is refused, not stored
        self.scheduler.stop(table)
        message: Gone = {"type": "gone", "table": table.id, "reason": reason}
        for client in list(table.clients):
            with contextlib.suppress(Exception):  # a closed socket: its reader cleans up
                await client.send(wire(message))
        self.tell(table.id)

    # ------------------------------------------------------------------ connections

    async def join(self, table: LiveTable, client: Client) -> None:
        """``client`` gets the whole state; the others learn only who arrived.

        A spectator's arrival changes nothing the others see, so it costs them nothing; a
        player's first connection sends them a small ``presence`` message, not the state
        (a state per join for everyone already there made n joins cost n²/2 states).
        """
        arrived = self._first_of_seat(table, client)
        table.clients.add(client)
        self.tell(table.id)
        await self._send_state(client, state_message(table, client.seat, client.lang))
        if arrived:
            await self._send_presence(table, skip=client)

    async def _send_state(
        self, client: Client, message: StateMessage, made: dict[int, str] | None = None
    ) -> None:
        """Send a state message with only the log lines this connection does not have yet.

        ``made``: the message's JSON by first log line, shared by the readers of one state
        (500 spectators in one language get one serialisation, not 500).
        """
        lines = message["log"]
        start = min(client.log_sent, len(lines))
        text = None if made is None else made.get(start)
        out = wire({**message, "log_start": start, "log": lines[start:]})
        if text is None and made is not None and client.post is not None:
            text = made[start] = dumps(out)
        await client.deliver(out, text)
        client.log_sent = len(lines)

    async def leave(self, table: LiveTable, client: Client) -> None:
        table.clients.discard(client)
        table.last_used = time.monotonic()  # idle from now
        self.tell(table.id)
        if self._first_of_seat(table, client):  # the seat's last connection went
            await self._send_presence(table)

    @staticmethod
    def _first_of_seat(table: LiveTable, client: Client) -> bool:
        """Whether ``client`` holds a seat that no other connection of the table holds."""
        if client.seat is None:
            return False
        return not any(c.seat == client.seat for c in table.clients if c is not client)

    async def _send_presence(self, table: LiveTable, skip: Client | None = None) -> None:
        """``{"type": "presence", "connected": [seats]}``: the seats with someone there."""
        connected = {c.seat for c in table.clients if c.seat is not None}
        seats = [s.seat for s in table.row.seats if s.kind == "bot" or s.seat in connected]
        message: Presence = {"type": "presence", "table": table.id, "connected": seats}
        text = dumps(wire(message))
        for other in list(table.clients):
            if other is not skip:
                with contextlib.suppress(Exception):  # a closed socket: its reader cleans up
                    await other.deliver(wire(message), text)

    async def broadcast(self, table: LiveTable, skip: Client | None = None) -> None:
        self.tell(table.id)
        # One state per seat and language (rumizi.server.states), whoever reads it.
        messages: dict[tuple[int | None, str], StateMessage] = {}
        made: dict[tuple[int | None, str], dict[int, str]] = {}
        for client in list(table.clients):
            if client is skip:
                continue
            key = (client.seat, client.lang)
            message = messages.get(key)
            if message is None:
                message = messages[key] = state_message(table, client.seat, client.lang)
            with contextlib.suppress(Exception):  # a closed socket is cleaned up by its reader
                await self._send_state(client, message, made.setdefault(key, {}))

    # ------------------------------------------------------------------ actions

    async def submit(
        self,
        table: LiveTable,
        seat: int | None,
        action: Any,
        version: Any,
        client_id: Any,
        sender: Client | None = None,
    ) -> int:
        """Play ``action`` for ``seat`` (``None``: the clock); the new version, or ActionError."""
        # (A page's client id was checked on its way in: rumizi.server.inbound.)
        if not isinstance(client_id, str) or not 1 <= len(client_id) <= 64:
            raise ActionError("malformed", "client_id must be a string of 1 to 64 characters")
        if not isinstance(action, dict) or (
            # A concede may leave out the version: it holds whatever happened meanwhile.
            not (version is None and action.get("do") == "concede")
            and (not isinstance(version, int) or isinstance(version, bool))
        ):
            raise ActionError(
                "malformed",
                "an action message needs 'action' (an object) and 'version' (an integer)",
            )
        async with table.lock:
            if version is None:
                version = table.version
            check_playing(table, client_id, version, "the action was made")
            concede = action.get("do") == "concede"
            if concede and seat is not None:
                if action.get("player", seat) != seat:
                    raise ActionError("not-your-turn", "you can only concede for yourself")
                # Named, so a concede out of turn is not read as the player to act's.
                action = {**action, "player": seat}
            if not concede:
                try:
                    phases.check_sender(table.state, seat, action)
                except phases.SenderError as err:
                    raise ActionError(err.code, err.message) from None
            trial = table.state.clone()
            events = record_events(trial)
            try:
                trial.apply(action)
            except IllegalAction as err:
                raise ActionError("illegal", str(err)) from None
            except (KeyError, TypeError, ValueError) as err:
                raise ActionError("illegal", f"not a legal action: {err}") from None
            contract.stop_recording(trial)
            await self.commit(table, seat, action, client_id, trial, events, sender)
        await self.broadcast(table)
        self.schedule(table)
        return table.version

    async def commit(
        self,
        table: LiveTable,
        seat: int | None,
        action: dict[str, Any],
        client_id: str,
        trial: GameState,
        events: list[dict[str, Any]],
        sender: Client | None,
    ) -> None:
        """Store ``action`` (checked: ``trial`` is the state after it), then apply and ack it.

        Called with the table's lock held. An undo record's ``trial`` is the position the
        trail kept, which the table takes over once the record is stored.
        """
        new_version = table.version + 1
        at = datetime.now(UTC)
        result = None
        ranks = None
        if trial.over:
            result = {"winner": trial.winner, "returns": trial.returns()}
            ranks = self._rating_ranks(table, trial)
        after = scheduling.jobs_after(table, trial, at)
        write = ActionWrite(
            table.id,
            new_version,
            seat,
            action,
            client_id,
            at,
            result,
            ranks,
            table.row.game,
            tuple(after),
        )
        error = await self._write(write)
        if error is not None:
            if self.cluster is not None:  # another instance moved it: catch up, then tell
                self.cluster.behind(table)
            raise ActionError("stale", f"the table moved on: {error}")
        timed_before = table.state.timer()
        before = table.state
        if undo.is_undo(action):
            trial, _ = table.trail.take_back(action["of"])
        else:  # the position before the move is the trail's now (the table has the trial)
            kept = undo.has_undo(before) and len(before.actors) == 1
            table.trail.moved_on(new_version, action, before if kept else None, trial)
        table.state = trial
        table.phase.observe(timed_before, trial, _epoch(at))
        table.row.version = new_version
        table.events.append(events)
        table.client_ids.add(client_id)
        table.indexed = after  # stored with the move, in place of the older version's
        table.last_used = time.monotonic()
        if result is not None:
            table.row.status, table.row.result, table.row.finished = "over", result, at
        turn_to: int | None = None
        if table.clock is not None:
            had_turn = table.clock.owner
            table.clock.advance(None if trial.over else trial.to_act, _epoch(at))
            if table.clock.kind == "turn" and table.clock.owner not in (None, had_turn):
                turn_to = table.clock.owner
        logs.event(
            log,
            "action stored",
            "action",
            table_id=table.id,
            version=new_version,
            seat=seat,
            user_id=None if sender is None else sender.user_id,
            # Nothing of the move itself: even its verb can name a hidden card (Fantasy
            # Realms' "necromancer" is played only by the Necromancer's holder).
            game=table.row.game,
        )
        if sender is not None:
            with contextlib.suppress(Exception):
                ack: Ack = {"type": "ack", "client_id": client_id, "version": new_version}
                await sender.send(wire(ack))
        if self.cluster is not None:
            self.cluster.committed(write)
        if turn_to is not None:
            await self._turn_passed(table, turn_to, new_version)

    async def _first_turn(self, table: LiveTable) -> None:
        """A game with a turn clock begins (no move yet): the first turn is told as every
        later one is (:meth:`_turn_passed`). Any instance that loads or starts the table may
        say it: the e-mail is kept once per table and version."""
        clock = table.clock
        playing = table.row.status == "playing"
        if playing and clock is not None and clock.kind == "turn" and clock.owner is not None:
            await self._turn_passed(table, clock.owner, 0)

    async def _turn_passed(self, table: LiveTable, seat: int, version: int) -> None:
        """A turn clock's turn passed to ``seat``: its player may have asked for an e-mail
        (rumizi.server.mail decides when, and whether, it goes)."""
        user_id = next((s.user_id for s in table.row.seats if s.seat == seat), None)
        if user_id is None:
            return
        try:
            await asyncio.to_thread(mail.turn_passed, self.store, table.id, version, user_id)
        except Exception:  # the move is stored: an e-mail not queued must not undo its answer
            log.exception("the your-turn e-mail of table %s was not queued", table.id)

    def _rating_ranks(self, table: LiveTable, state: GameState) -> list[tuple[int, int]] | None:
        if not table.row.rated:
            return None
        seats = table.row.seats
        if any(s.kind != "human" or s.user_id is None for s in seats):
            return None
        return [(s.user_id, 1 if state.is_winner(s.seat) else 2) for s in seats if s.user_id]

    # ------------------------------------------------------------------ several instances

    async def sync(self, table: LiveTable, known: StoredAction | None = None) -> None:
        """Catch up with the moves other instances stored (``known``: the next one, if told).

        Without ``known``, or when it is not the very next version (a message was missed),
        the missing actions come from the database, by version.
        """
        status = None
        async with table.lock:
            if known is not None and known.version <= table.version:
                return
            if known is not None and known.version == table.version + 1:
                stored = [known]
            else:
                status, stored = await self.db(self.store.actions_since, table.id, table.version)
            for action in stored:
                if action.version == table.version + 1:
                    self._apply_stored(table, action)
        if status == "playing" and table.row.status == "waiting":
            await self.reload_seats(table.id, announce=False)
        elif stored:
            await self.broadcast(table)

    def _apply_stored(self, table: LiveTable, stored: StoredAction) -> None:
        timed_before = table.state.timer()
        state, events = table.trail.play(table.state, stored.version, stored.action)
        table.state = state
        # The phase timer as the instance that stored the move has it (this one may ring it).
        table.phase.observe(timed_before, state, _epoch(stored.at))
        table.last_used = time.monotonic()
        table.events.append(events)
        table.client_ids.add(stored.client_id)
        table.row.version = stored.version
        if table.clock is not None:
            table.clock.advance(None if state.over else state.to_act, _epoch(stored.at))
        if state.over:
            table.row.status, table.row.result = "over", table.result()
            table.row.finished = stored.at

    # ------------------------------------------------------------------ what tables wait for

    def schedule(self, table: LiveTable) -> None:
        """Set off what ``table`` waits for from the server: its bot, clock and phase timer
        (by :attr:`scheduler` and the index on one instance, by the shared queue on several)."""
        if self.tables.get(table.id) is not table:
            return  # let go of (or gone) meanwhile: whoever loads it again schedules it
        if self.cluster is not None:  # the shared queue runs bots, clocks and timers
            self.cluster.schedule(table)
            return
        self._index(table)
        self.scheduler.schedule(table)

    # ------------------------------------------------------------------ the index (one instance)

    def _index(self, table: LiveTable) -> None:
        """One instance: make the index's rows say what ``table`` waits for now, if they do not
        (a table just loaded or started, a clock an outage put off). Written in batches."""
        if self.closing:
            return
        wanted = jobs_for(table, table.state, table.clock, table.phase, table.version, time.time())
        if table.indexed is not None and jobs.same(table.indexed, wanted):
            return
        table.indexed = wanted
        self._reindex[table.id] = (table.version, wanted)
        if self._indexer is None or self._indexer.done():
            self._indexer = asyncio.create_task(self._write_index())

    async def _write_index(self) -> None:
        while self._reindex:
            if not self.closing:
                await asyncio.sleep(INDEX_GATHER)
            batch = dict(self._reindex)
            try:
                await self.db(self._store_index, batch)
            except Exception:  # the next sweep writes them again
                log.exception("could not index %d tables", len(batch))
                for table_id in batch:
                    if table_id in self.tables:
                        self.tables[table_id].indexed = None
            for table_id, entry in batch.items():
                if self._reindex.get(table_id) is entry:
                    del self._reindex[table_id]

    def _store_index(self, batch: dict[str, tuple[int, list[Job]]]) -> None:
        with self.store.sessions.begin() as s:
            for table_id, (version, wanted) in batch.items():
                jobs.reindex(s, table_id, version, wanted)

    async def close(self) -> None:
        self.closing = True
        for task in self._loops:
            task.cancel()
        for table in self.tables.values():
            self.scheduler.stop(table)
        if self._indexer is not None:  # what is on its way to the index gets there
            with contextlib.suppress(Exception):
                await self._indexer
        with contextlib.suppress(Exception):  # the last moment this instance was up
            await self.db(outages.beat, self.store.sessions, time.time())
        self.bots.close()
        self._db.shutdown(wait=True)
