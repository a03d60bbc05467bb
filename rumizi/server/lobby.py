"""The lobby: tables to join and to watch, who is online, your own games, the quick match.

The home page shows it and keeps it live over ``/ws/lobby`` (:mod:`rumizi.server.routes.lobby`).
It says only what anyone at a table's door may know — the game, its options and clock, the
seats' names and which are free, how many watch — never a card, a hand or an invite code.

Where each fact comes from:

- The tables are read from the database: the ``listed`` ones (their creator chose the lobby;
  a quick match's tables are listed), waiting ones made in the last :data:`OPEN_FOR` seconds
  (a week for a day-per-move table), and games being played that moved lately
  (:func:`idle_for`: a day without a move hides one). A waiting table's creator may cancel
  it. The reads are the store's (:meth:`~rumizi.server.store.Store.listed_tables`,
  :meth:`~rumizi.server.store.Store.unfinished_tables`); they run in a thread of their own,
  never in the hub's writer thread, so a move's commit does not wait for the lobby.
- "Your turn" is read from the live table in the hub, as the table's own page reads it.
- "Online" counts the people connected to this instance: a table's sockets and the lobby's
  (a person with three tabs is one; a socket without a session is one each).
- The quick-match queue lives in this instance's memory. With several instances
  (``rumizi serve --redis``) each has its own queue and its own count: two people are paired
  only when the load balancer sends both to the same instance. A table made by a match is an
  ordinary stored table, so it is played and watched from any instance.

Updates: the hub tells the lobby of every change of a live table (:attr:`Hub.watchers`: a
move, a seat taken, a socket come or gone); the lobby pushes a fresh snapshot to its sockets
at most every :data:`PUSH_DELAY` seconds, and every :data:`REFRESH` seconds anyway (tables of
other instances, a quick match's wait running out). The page fetches ``/api/lobby`` now and
then while its socket is down.

A quick match pairs two people who asked for the same game, options and clock: the first to
ask waits up to the time they chose (:data:`WAITS`); the second finds them and a table is made
with both seated, the one who waited first. When nobody comes in time the ticket says
``expired`` and the page offers a bot in one click (:meth:`Lobby.bot`).

Bot accounts queue too, through their tokens (``POST /api/bot/quick``): a bot is paired with
another bot, or with a person whose request allowed bots (``allow_bots``, off unless
chosen), never with anyone else (:func:`fits`); the table reaches it on its event stream.

People kept apart by a block (:mod:`rumizi.server.blocks`, either way) are never paired, and
neither sits at a listed table where the other does (:func:`company_refused`: ``blocked``,
the same answer whichever of them blocked). The lobby itself shows everyone the same tables.

Each person's snapshot also carries their challenges (:mod:`rumizi.server.challenges`), read
with it: the routes that make and answer one tell the hub (``tell("")``), and the push that
follows shows the challenged the new challenge and the challenger its answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from rumizi.core.registry import game
from rumizi.server import blocks, challenges, moderation, phases, schemas
from rumizi.server.bots import level_plays, level_refusal, seat_names
from rumizi.server.db import now
from rumizi.server.errors import ApiError, ErrorCode
from rumizi.server.hub import Hub
from rumizi.server.store import SeatRow, Store, TableRow
from rumizi.server.tournaments import Event, announced, summary

log = logging.getLogger("rumizi.server")

WAITS = (30, 60, 180)  # the quick match's waits the page offers (schemas.QuickWait)
PUSH_DELAY = 0.5  # seconds: changes closer together than this make one push
REFRESH = 15.0  # seconds between pushes when nothing is told (other instances' tables)
MATCHED_KEPT = 120.0  # seconds a match is remembered for the page that waited for it
EXPIRED_KEPT = 600.0  # seconds an unanswered bot offer is kept
GONE_AFTER = 10.0  # seconds a waiting ticket outlives its holder's last lobby socket (a reload)
OPEN_FOR = 24 * 3600  # a waiting table is listed this long (a turn-clock table: a week)
OPEN_FOR_TURN = 7 * 24 * 3600
IDLE_FOR = 24 * 3600  # a game with no move for this long leaves "being played" (see idle_for)
OPEN_PER_GAME = 12
PLAYING_PER_GAME = 8
MINE = 30


@dataclass(eq=False)
class LobbyClient:
    """One open lobby socket: who it is (``None``: nobody signed in) and its language."""

    send: Callable[[dict[str, Any]], Awaitable[None]]
    user_id: int | None
    lang: str


@dataclass
class Ticket:
    """One person's quick match: what they asked for, until when, and the table once paired."""

    user_id: int
    game: str
    options: dict[str, Any]
    clock: dict[str, Any]
    wait: int
    key: str
    deadline: float
    table: str | None = None
    seat: int = 0  # the seat at the matched table (the one who waited first sits first)
    matched_at: float = 0.0
    bot: bool = False  # a bot account's ticket (asked through its token)
    allow_bots: bool = False  # a person's: a bot may be their opponent


def fits(one: Ticket, other: Ticket) -> bool:
    """Whether a bot may meet the other: people meet people, bots meet bots, and a bot meets
    a person only if that person allowed bots."""
    if one.bot and other.bot:
        return True
    if one.bot:
        return other.allow_bots
    if other.bot:
        return one.allow_bots
    return True


def open_for(clock: dict[str, Any]) -> timedelta:
    """How long a table of ``clock`` waiting for players is listed: a day (:data:`OPEN_FOR`),
    a week for a day-per-move table (:data:`OPEN_FOR_TURN`), which may wait days for them.

    >>> open_for({"kind": "turn", "per_move": 86400}).days, open_for({"kind": "none"}).days
    (7, 1)
    """
    return timedelta(seconds=OPEN_FOR_TURN if clock.get("kind") == "turn" else OPEN_FOR)


def idle_for(clock: dict[str, Any]) -> timedelta:
    """How long a game of ``clock`` may go without a move and still show as being played.

    A day (:data:`IDLE_FOR`), or a day-per-move game's time for a move when that is longer. A
    game without a clock never ends by itself: one whose players left would otherwise stay
    listed for ever. It stays in its players' own list ("your games"), and shows again in
    the lobby as soon as someone moves.
    """
    per_move = clock.get("per_move", 0) if clock.get("kind") == "turn" else 0
    return timedelta(seconds=max(IDLE_FOR, int(per_move)))


def match_key(game_id: str, options: dict[str, Any], clock: dict[str, Any]) -> str:
    """What two tickets must share to be paired (options in any order are the same).

    >>> none = {"kind": "none"}
    >>> match_key("g", {"b": 1, "a": 2}, none) == match_key("g", {"a": 2, "b": 1}, none)
    True
    """
    return json.dumps([game_id, options, clock], sort_keys=True)


def checked_options(game_id: str, options: dict[str, Any], players: int) -> dict[str, Any]:
    """``options`` without ``players`` if the game takes them for ``players``; refused otherwise."""
    options = {k: v for k, v in options.items() if k != "players"}
    try:
        game(game_id).new(seed=0, players=players, **options)
    except (TypeError, ValueError) as err:
        raise ApiError(ErrorCode.INVALID_OPTIONS, str(err)) from None
    return options


def company_refused(store: Store, row: TableRow, user_id: int) -> None:
    """Refuse ``user_id`` a seat at ``row`` beside someone they blocked or who blocked them
    (``blocked``, the same both ways: it does not say who blocked whom)."""
    with store.sessions() as s:
        apart = blocks.kept_apart(s, user_id)
    if any(seat.user_id in apart for seat in row.seats):
        raise ApiError(ErrorCode.BLOCKED, "you cannot sit at this table")


class Lobby:
    """The lobby of one server instance (made on first use, see :func:`rumizi.server.deps`)."""

    def __init__(self, hub: Hub, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.hub = hub
        self.store = store
        self.clock = clock  # tests move time on to end a quick match's wait
        self.clients: set[LobbyClient] = set()
        self.tickets: dict[int, Ticket] = {}  # user id -> their quick match
        self._match = asyncio.Lock()
        self._pending: asyncio.TimerHandle | None = None
        self._refresher: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        hub.watchers.append(self.changed)

    # ------------------------------------------------------------------ sockets and pushes

    async def connect(self, client: LobbyClient) -> None:
        self.clients.add(client)
        if self._refresher is None or self._refresher.done():
            self._refresher = asyncio.create_task(self._refresh())
        await client.send(await self.message(client.user_id, client.lang))
        self.changed("")  # one more person online: the others' count changes

    def disconnect(self, client: LobbyClient) -> None:
        self.clients.discard(client)
        if not self.clients and self._refresher is not None:
            self._refresher.cancel()
            self._refresher = None
        if client.user_id is not None and client.user_id in self.tickets:
            # Whoever left the lobby while waiting is not paired with someone who then waits
            # alone at a table; a reload comes back well within the grace.
            with contextlib.suppress(RuntimeError):
                loop = asyncio.get_running_loop()
                loop.call_later(GONE_AFTER, self._drop_if_gone, client.user_id)
        self.changed("")

    def _drop_if_gone(self, user_id: int) -> None:
        ticket = self.tickets.get(user_id)
        if ticket is None or ticket.table is not None:
            return
        if not any(c.user_id == user_id for c in self.clients):
            del self.tickets[user_id]
            self.changed("")

    def changed(self, table_id: str) -> None:
        """Something the lobby shows may have changed: push soon (once for a burst)."""
        if not self.clients or self._pending is not None or self.hub.closing:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # told from outside the event loop: the refresh will catch up
            return
        self._pending = loop.call_later(PUSH_DELAY, self._start_push)

    def _start_push(self) -> None:
        self._pending = None
        task = asyncio.create_task(self.push())
        self._tasks.add(task)  # kept, so the task is not collected while it runs
        task.add_done_callback(self._tasks.discard)

    async def _refresh(self) -> None:
        while self.clients and not self.hub.closing:
            await asyncio.sleep(REFRESH)
            await self.push()

    async def push(self) -> None:
        """A fresh snapshot to every lobby socket (one build per person and language)."""
        clients = list(self.clients)
        if not clients:
            return
        try:
            public = await asyncio.to_thread(self._public_rows)
            events = await asyncio.to_thread(self._events)
            built: dict[tuple[int | None, str], dict[str, Any]] = {}
            for client in clients:
                key = (client.user_id, client.lang)
                if key not in built:
                    built[key] = await self.message(client.user_id, client.lang, public, events)
                with contextlib.suppress(Exception):  # a closed socket: its reader cleans up
                    await client.send(built[key])
        except Exception:
            log.exception("the lobby could not be pushed")

    async def message(
        self,
        user_id: int | None,
        lang: str,
        public: list[TableRow] | None = None,
        events: list[Event] | None = None,
    ) -> dict[str, Any]:
        snapshot = await self.snapshot(user_id, lang, public, events)
        # By alias: a challenge's challenger is "from", as GET /api/lobby writes it.
        return {"type": "lobby", **snapshot.model_dump(exclude_unset=True, by_alias=True)}

    # ------------------------------------------------------------------ the snapshot

    async def snapshot(
        self,
        user_id: int | None,
        lang: str,
        public: list[TableRow] | None = None,
        events: list[Event] | None = None,
    ) -> schemas.Lobby:
        """The lobby as ``user_id`` sees it in ``lang``."""
        if public is None:
            public = await asyncio.to_thread(self._public_rows)
        if events is None:
            events = await asyncio.to_thread(self._events)
        mine: list[schemas.MyTable] = []
        challenged: list[schemas.Challenge] = []
        if user_id is not None:
            challenged = [
                challenges.model(seen)
                for seen in await asyncio.to_thread(challenges.listed, self.store, user_id)
            ]
            for row in await asyncio.to_thread(self._my_rows, user_id):
                you = next(s.seat for s in row.seats if s.user_id == user_id)
                mine.append(
                    schemas.MyTable(
                        **self._table(row, lang).model_dump(exclude_unset=True),
                        you=you,
                        your_turn=await self._waits_for(row, you),
                    )
                )
            # Those waiting for you first, then the games under way, then the newest.
            mine.sort(key=lambda m: (not m.your_turn, m.status != "playing"))
        queued = self._queued()
        games = []
        for game_id in sorted({row.game for row in public} | set(queued)):
            rows = [row for row in public if row.game == game_id]
            games.append(
                schemas.LobbyGame(
                    game=game_id,
                    open=[self._table(r, lang) for r in rows if r.status == "waiting"][
                        :OPEN_PER_GAME
                    ],
                    playing=[self._table(r, lang) for r in rows if r.status == "playing"][
                        :PLAYING_PER_GAME
                    ],
                    queued=queued.get(game_id, 0),
                )
            )
        return schemas.Lobby(
            online=self.online(),
            games=games,
            mine=mine,
            quick=self.state(user_id),
            tournaments=[summary(event, lang) for event in events],
            challenges=challenged,
        )

    def online(self) -> int:
        """People connected to this instance: each account once, each anonymous socket once."""
        people: set[int] = set()
        anonymous = 0
        sockets = [c.user_id for t in self.hub.tables.values() for c in t.clients]
        for user_id in sockets + [c.user_id for c in self.clients]:
            if user_id is None:
                anonymous += 1
            else:
                people.add(user_id)
        return len(people) + anonymous

    async def _waits_for(self, row: TableRow, seat: int) -> bool:
        if row.status != "playing":
            return False
        table = await self.hub.get(row.id)
        if table is None or table.row.status != "playing":
            return False
        return seat in phases.actors(table.state)

    def _table(self, row: TableRow, lang: str) -> schemas.LobbyTable:
        """A table's public facts (checked against the model: a stored value off it fails)."""
        names = seat_names(row.seats, lang)
        live = self.hub.tables.get(row.id)
        seats = [
            {
                "seat": s.seat,
                "kind": s.kind,
                "level": s.level,
                "name": names[s.seat],
                "empty": s.kind == "human" and s.user_id is None,
            }
            for s in row.seats
        ]
        return schemas.LobbyTable.model_validate(
            {
                "id": row.id,
                "game": row.game,
                "status": row.status,
                "options": dict(row.options),
                "clock": row.clock or {"kind": "none"},
                "rated": row.rated,
                "seats": seats,
                "free": sum(1 for s in seats if s["empty"]),
                "watching": 0 if live is None else sum(1 for c in live.clients if c.seat is None),
                "created": row.created.isoformat(),
            }
        )

    # ------------------------------------------------------------------ database reads

    def _public_rows(self) -> list[TableRow]:
        """The listed tables still waiting (recent ones) and those being played, newest first."""
        return self.store.listed_tables(
            at=now(), within=timedelta(seconds=OPEN_FOR_TURN), open_for=open_for, idle_for=idle_for
        )

    def _events(self) -> list[Event]:
        """The open tournaments announced or running (rumizi.server.tournaments)."""
        with self.store.sessions() as s:
            return announced(s)

    def _my_rows(self, user_id: int) -> list[TableRow]:
        """``user_id``'s unfinished tables, newest first."""
        return self.store.unfinished_tables(user_id, limit=MINE)

    def _kept_apart(self, user_id: int) -> set[int]:
        """Whom ``user_id`` blocked or was blocked by (:func:`.blocks.kept_apart`)."""
        with self.store.sessions() as s:
            return blocks.kept_apart(s, user_id)

    # ------------------------------------------------------------------ the quick match

    def state(self, user_id: int | None) -> schemas.QuickState:
        """Where ``user_id``'s quick match stands (old matches and offers are forgotten)."""
        ticket = None if user_id is None else self.tickets.get(user_id)
        if ticket is None:
            return schemas.QuickState(status="none")
        at = self.clock()
        asked: dict[str, Any] = {
            "game": ticket.game,
            "options": ticket.options,
            "wait": ticket.wait,
        }
        if ticket.table is not None:
            if at - ticket.matched_at > MATCHED_KEPT:
                self.tickets.pop(ticket.user_id, None)
                return schemas.QuickState(status="none")
            url = f"/t/{ticket.table}"
            return schemas.QuickState(status="matched", table=ticket.table, url=url, **asked)
        if at >= ticket.deadline:
            if at - ticket.deadline > EXPIRED_KEPT:
                self.tickets.pop(ticket.user_id, None)
                return schemas.QuickState(status="none")
            return schemas.QuickState(status="expired", left_ms=0, **asked)
        left = round((ticket.deadline - at) * 1000)
        return schemas.QuickState(status="waiting", left_ms=left, **asked)

    def _queued(self) -> dict[str, int]:
        at = self.clock()
        counts: dict[str, int] = {}
        for ticket in self.tickets.values():
            if ticket.table is None and ticket.deadline > at:
                counts[ticket.game] = counts.get(ticket.game, 0) + 1
        return counts

    async def quick(
        self,
        user_id: int,
        game_id: str,
        options: dict[str, Any],
        clock: dict[str, Any],
        wait: int,
        *,
        bot: bool = False,
        allow_bots: bool = False,
    ) -> schemas.QuickState:
        """Pair ``user_id`` with someone waiting for the same game, or queue them for ``wait`` s
        (``bot``: a bot account, met only by bots and by people who ``allow_bots``)."""
        options = checked_options(game_id, options, 2)
        key = match_key(game_id, options, clock)
        apart = await asyncio.to_thread(self._kept_apart, user_id)
        async with self._match:  # two askers at once: one waits, the other finds them
            self.tickets.pop(user_id, None)  # a new request replaces the last one
            at = self.clock()
            # Someone banned while they waited (here or on another instance) is paired no more.
            waiting = [t.user_id for t in self.tickets.values() if t.key == key]
            barred = await asyncio.to_thread(moderation.banned_among, self.store, waiting)
            ticket = Ticket(user_id, game_id, options, clock, wait, key, at + wait)
            ticket.bot, ticket.allow_bots = bot, allow_bots
            partner = next(
                (
                    t
                    for t in self.tickets.values()
                    if t.key == key
                    and t.table is None
                    and t.deadline > at
                    and t.user_id not in apart  # a block, either way: never paired
                    and t.user_id not in barred
                    and fits(ticket, t)
                ),
                None,
            )
            self.tickets[user_id] = ticket
            if partner is None:
                self._remind(wait)
                self.changed("")
                return self.state(user_id)
            seats = [
                SeatRow(0, "human", None, partner.user_id, None),
                SeatRow(1, "human", None, user_id, None),
            ]
            row = await self._make(game_id, options, seats, clock, partner.user_id)
            partner.table = ticket.table = row.id
            partner.matched_at = ticket.matched_at = at
            partner.seat, ticket.seat = 0, 1
        await self.hub.get(row.id)  # loaded (and told): the one who waited hears at once
        self.changed(row.id)
        return self.state(user_id)

    async def bot(self, user_id: int, level: str) -> tuple[str, int]:
        """The bot game offered instead of a quick match: (table id, your seat)."""
        async with self._match:
            ticket = self.tickets.get(user_id)
            if ticket is None:
                raise ApiError(ErrorCode.NO_QUICK_MATCH, "there is no quick match to replace")
            if ticket.table is not None:  # someone came after all: that table stands
                return ticket.table, ticket.seat
            start = game(ticket.game).new(seed=0, players=2, **ticket.options)
            if not level_plays(level, start.view(0)):
                raise ApiError(ErrorCode.INVALID_OPTIONS, level_refusal(level))
            del self.tickets[user_id]
            seats = [
                SeatRow(0, "human", None, user_id, None),
                SeatRow(1, "bot", level, None, None),
            ]
            row = await self._make(ticket.game, ticket.options, seats, ticket.clock, user_id)
        await self.hub.get(row.id)  # the bot moves at once when it starts
        self.changed(row.id)
        return row.id, 0

    def cancel(self, user_id: int) -> schemas.QuickState:
        if self.tickets.pop(user_id, None) is not None:
            self.changed("")
        return self.state(user_id)

    async def _make(
        self,
        game_id: str,
        options: dict[str, Any],
        seats: list[SeatRow],
        clock: dict[str, Any],
        creator: int,
    ) -> TableRow:
        return await self.hub.db(
            self.store.create_table,
            game=game_id,
            options={**options, "players": len(seats)},
            players=len(seats),
            seed=secrets.randbits(62),
            seats=seats,
            clock=clock,
            rated=False,  # a quick match is never rated
            creator=creator,
            listed=True,  # a quick match's table is watched from the lobby
        )

    def _remind(self, wait: int) -> None:
        """Push when a wait runs out, so the waiting page hears of its bot offer."""
        with contextlib.suppress(RuntimeError):
            asyncio.get_running_loop().call_later(wait + 0.05, self.changed, "")
