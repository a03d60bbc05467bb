"""Tournaments at the server: Swiss and arena events, from the announcement to the podium.

An account creates an event (:func:`create`): a game with its options and seats per table, a
clock, a kind and its length, a start time, rated or not, open or by invitation. It is
announced in the lobby and on the game's page until it starts. Players join and withdraw
before the start; in an arena they may also join, withdraw and come back while it runs.
Bot accounts join (through their tokens, ``/api/bot/tournaments/{id}/join``) only an event
whose organiser allowed bots (``allow_bots``, off unless chosen; ``bots-not-allowed``
otherwise); they are paired like anyone, and their games reach them on their event stream.

**What is stored, and what is worked out.** The database keeps the event
(:class:`~rumizi.server.db.Tournament`), its entrants, its Swiss byes, and its games, which are
ordinary tables marked with the event and the round (``game_tables.tournament_id``,
``tournament_round``): they are played, watched, replayed and analysed like any other. Scores,
tie-breaks and standings are never stored: they are worked out from the tables' stored results
each time (:mod:`rumizi.tournaments`), so a game that ends while a round is being paired is
counted once, by construction, and a restart loses nothing.

**The ticker.** Every instance looks at the events due every :data:`TICK` seconds
(:meth:`Tournaments.tick`) and moves each one on:

- an announced event whose start has come begins (Swiss: round 1 is paired) or, with fewer
  than two players, is cancelled;
- Swiss: :data:`ROUND_GAP` seconds after the last game of a round ends, the next round is paired
  (players who withdrew are left out; an odd one out gets a bye worth a win); after the last
  round the event is finished;
- arena: until its end, players without a game (and not withdrawn) are paired at once with
  players near their score; after the end no game starts, and the event finishes when its
  last game does;
- a player who has not made a first move :data:`NO_SHOW` seconds after it became their turn
  at a tournament table loses that game (the server concedes for them) and is withdrawn; they
  may join an arena again.

Each step that changes the event changes its row on a condition (``status`` and ``round``
still as read), in the transaction that makes a round's tables: with several instances ticking
at once, one pairs and the others find the row moved on and do nothing. A no-show's concession
carries the client id ``no-show-<seat>``, which a table takes once.

**The page** (``/tournaments/<id>``) is pushed :class:`~rumizi.server.schemas.Tournament` over
``/ws/tournaments/{id}`` when the event or one of its tables changes on this instance, and
every :data:`REFRESH` seconds anyway (changes made by other instances).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from rumizi import tournaments as pairing
from rumizi.core.registry import game
from rumizi.server import mail, phases, ratings, schemas, takeback
from rumizi.server.auth import shown_name
from rumizi.server.db import (
    GameTable,
    PlayedAction,
    Rating,
    Seat,
    Tournament,
    TournamentBye,
    TournamentEntrant,
    User,
    now,
)
from rumizi.server.errors import ApiError, ErrorCode
from rumizi.server.hub import Hub
from rumizi.server.refusals import ActionError
from rumizi.server.store import SeatRow, Store, UserRow, add_table

log = logging.getLogger("rumizi.server")

TICK = 1.0  # seconds between the ticker's looks at the events due
ROUND_GAP = 10.0  # seconds from a Swiss round's last game to the next round's pairing
NO_SHOW = 60.0  # seconds a player may take to make a first move at a tournament table
REFRESH = 5.0  # seconds between an event page's pushes when nothing is told
PUSH_DELAY = 0.3  # changes closer together than this make one push
LISTED = 6  # events the lobby announces
LIST_LIMIT = 30  # events per part of the list page
LATEST = 12  # an arena's finished games shown among the pairings
MAX_AHEAD = timedelta(days=30)  # the latest start an event may announce
OPEN_STATUSES = ("announced", "running")


# ---------------------------------------------------------------------- reading an event


@dataclass(frozen=True)
class Entrant:
    user_id: int
    name: str
    guest: bool
    withdrawn: bool


@dataclass(frozen=True)
class EventTable:
    """One of the event's games as stored: its round (arena: pairing wave), seats, result."""

    id: str
    round: int
    status: str
    seats: tuple[int, ...]  # the players' account ids by seat
    returns: tuple[float, ...] | None
    created: datetime
    finished: datetime | None


@dataclass
class Event:
    """An event with everything its page and its ticker read (one read of the database)."""

    row: Tournament
    organiser: str
    entrants: list[Entrant]
    byes: list[pairing.Bye]
    tables: list[EventTable]
    ratings: dict[int, float]
    names: dict[int, str] = field(default_factory=dict)

    @property
    def active(self) -> list[int]:
        """Entrants still in (not withdrawn), in the order they joined."""
        return [e.user_id for e in self.entrants if not e.withdrawn]

    @property
    def playing(self) -> list[EventTable]:
        return [t for t in self.tables if t.status != "over"]

    def ends_at(self) -> datetime | None:
        if self.row.kind != "arena" or self.row.minutes is None:
            return None
        return self.row.starts_at + timedelta(minutes=self.row.minutes)

    def games(self) -> list[pairing.Game]:
        """The library's games: Swiss by round; arena numbered in the order they started."""
        if self.row.kind == "swiss":
            return [pairing.Game(t.round, t.seats, t.returns) for t in self.tables]
        return [pairing.Game(i, t.seats, t.returns) for i, t in enumerate(self.arena_order(), 1)]

    def arena_order(self) -> list[EventTable]:
        return sorted(self.tables, key=lambda t: (t.round, t.created, t.id))

    def round_ended(self) -> datetime | None:
        """Swiss: when the current round's last game ended (``None``: one is still played)."""
        current = [t for t in self.tables if t.round == self.row.round]
        if any(t.status != "over" for t in current):
            return None
        ends = [t.finished for t in current if t.finished is not None]
        return max(ends, default=self.row.starts_at)


def _read(s: Session, tournament_id: str) -> Event | None:
    row = s.get(Tournament, tournament_id)
    if row is None:
        return None
    s.expunge(row)
    organiser = s.get(User, row.created_by)
    entrants = [
        Entrant(user.id, user.name, user.guest, entry.withdrawn)
        for entry, user in s.execute(
            select(TournamentEntrant, User)
            .join(User, User.id == TournamentEntrant.user_id)
            .where(TournamentEntrant.tournament_id == tournament_id)
            .order_by(TournamentEntrant.joined, User.id)
        )
    ]
    byes = [
        pairing.Bye(b.round, b.user_id)
        for b in s.scalars(
            select(TournamentBye).where(TournamentBye.tournament_id == tournament_id)
        )
    ]
    found = list(
        s.scalars(
            select(GameTable)
            .where(GameTable.tournament_id == tournament_id)
            .order_by(GameTable.created, GameTable.id)
        )
    )
    seats: dict[str, dict[int, int]] = {t.id: {} for t in found}
    names: dict[int, str] = {e.user_id: e.name for e in entrants}
    if found:
        for seat, user in s.execute(
            select(Seat, User)
            .join(User, User.id == Seat.user_id)
            .where(Seat.table_id.in_([t.id for t in found]))
        ):
            seats[seat.table_id][seat.seat] = user.id
            names[user.id] = user.name
    tables = [
        EventTable(
            t.id,
            t.tournament_round or 0,
            t.status,
            tuple(seats[t.id][i] for i in sorted(seats[t.id])),
            _returns(t.result) if t.status == "over" else None,
            t.created,
            t.finished,
        )
        for t in found
    ]
    rated = {
        r.user_id: float(ratings.display(r.mu))
        for r in s.scalars(
            select(Rating).where(
                Rating.game == row.game, Rating.user_id.in_([e.user_id for e in entrants])
            )
        )
    }
    return Event(
        row,
        organiser.name if organiser is not None else "",
        entrants,
        byes,
        tables,
        rated,
        names,
    )


def _returns(result: dict[str, Any] | None) -> tuple[float, ...] | None:
    returns = (result or {}).get("returns")
    return None if returns is None else tuple(float(r) for r in returns)


# ---------------------------------------------------------------------- creating and joining


def table_sizes(game_id: str, options: dict[str, Any]) -> list[int]:
    """The seat counts ``game_id`` takes with ``options`` (asked once per game and options:
    the ticker asks every second)."""
    return list(_sizes(game_id, json.dumps(options, sort_keys=True)))


@functools.lru_cache(maxsize=256)
def _sizes(game_id: str, options_json: str) -> tuple[int, ...]:
    """The seat counts ``game_id`` takes with ``options`` (its formats decide).

    >>> table_sizes("splendor-duel", {})
    [2]
    """
    options = json.loads(options_json)
    maker = game(game_id)
    sizes = []
    for players in range(maker.min_players, maker.max_players + 1):
        try:
            maker.new(seed=0, players=players, **options)
        except (TypeError, ValueError):
            continue
        sizes.append(players)
    return tuple(sizes)


def create(
    s: Session,
    body: schemas.TournamentIn,
    user: UserRow,
    at: datetime,
    name: str,
    clock: dict[str, Any],
) -> Tournament:
    """A new event from ``body`` by ``user`` (checked: INVALID_TOURNAMENT says what is wrong)."""

    def invalid(message: str) -> ApiError:
        return ApiError(ErrorCode.INVALID_TOURNAMENT, message)

    options = {k: v for k, v in takeback.game_options(body.options).items() if k != "players"}
    sizes = table_sizes(body.game, options)
    if not sizes:
        raise ApiError(ErrorCode.INVALID_OPTIONS, "the game takes no table with these options")
    players = body.players or sizes[0]
    if players not in sizes:
        raise invalid(f"tables of {players} are not played with these options; {sizes} are")
    if body.clock.kind == "none":
        raise invalid("a tournament's games need a clock (realtime or turn)")
    if body.kind == "swiss" and (body.rounds is None or body.minutes is not None):
        raise invalid("a Swiss tournament has a number of rounds and no length in minutes")
    if body.kind == "arena" and (body.minutes is None or body.rounds is not None):
        raise invalid("an arena has a length in minutes and no number of rounds")
    starts = body.starts_at
    if starts.tzinfo is None:
        raise invalid("starts_at needs a time zone (for example 2026-12-05T18:00:00+03:30)")
    starts = starts.astimezone(UTC)
    if starts < at - timedelta(minutes=1):
        raise invalid("starts_at is in the past")
    if starts > at + MAX_AHEAD:
        raise invalid("starts_at is more than 30 days ahead")
    if body.rated and user.guest:
        raise ApiError(ErrorCode.SIGN_UP, "sign up to organise rated tournaments")
    while True:
        tournament_id = secrets.token_urlsafe(8)[:10]
        if s.get(Tournament, tournament_id) is None:
            break
    row = Tournament(
        id=tournament_id,
        name=(body.name or "").strip() or name,
        game=body.game,
        options=options,
        players=players,
        kind=body.kind,
        rounds=body.rounds,
        minutes=body.minutes,
        clock=clock,
        rated=body.rated,
        invite=secrets.token_urlsafe(9) if body.invite_only else None,
        allow_bots=body.allow_bots,
        created_by=user.id,
        created=at,
        starts_at=starts,
        status="announced",
        round=0,
    )
    s.add(row)
    s.flush()
    s.expunge(row)
    return row


def _event_row(s: Session, tournament_id: str) -> Tournament:
    row = s.get(Tournament, tournament_id, with_for_update=True)
    if row is None:
        raise ApiError(ErrorCode.UNKNOWN_TOURNAMENT, f"no tournament {tournament_id!r}")
    return row


def join(s: Session, tournament_id: str, user: UserRow, invite: str | None) -> None:
    """``user`` plays in the event (again, after a withdrawal, in an arena)."""
    row = _event_row(s, tournament_id)
    if row.status in ("finished", "cancelled"):
        raise ApiError(ErrorCode.TOURNAMENT_CLOSED, "the tournament is over")
    if row.status == "running" and row.kind == "swiss":
        raise ApiError(ErrorCode.TOURNAMENT_STARTED, "a Swiss event is joined before it starts")
    if row.minutes is not None and now() >= row.starts_at + timedelta(minutes=row.minutes):
        raise ApiError(ErrorCode.TOURNAMENT_CLOSED, "the arena has ended")
    if row.invite is not None and invite != row.invite and row.created_by != user.id:
        raise ApiError(ErrorCode.BAD_INVITE, "this tournament is by invitation")
    if row.rated and user.guest:
        raise ApiError(ErrorCode.SIGN_UP, "sign up to play rated tournaments")
    if user.bot and not row.allow_bots:
        raise ApiError(ErrorCode.BOTS_NOT_ALLOWED, "the organiser did not allow bots here")
    entry = s.get(TournamentEntrant, (tournament_id, user.id))
    if entry is None:
        s.add(TournamentEntrant(tournament_id=tournament_id, user_id=user.id, joined=now()))
    else:
        entry.withdrawn = False


def withdraw(s: Session, tournament_id: str, user: UserRow) -> None:
    """``user`` leaves the event: before the start as if never joined; later, their results
    stay and they are paired no more (a game under way is theirs to finish)."""
    row = _event_row(s, tournament_id)
    if row.status in ("finished", "cancelled"):
        raise ApiError(ErrorCode.TOURNAMENT_CLOSED, "the tournament is over")
    entry = s.get(TournamentEntrant, (tournament_id, user.id))
    if entry is None or entry.withdrawn:
        raise ApiError(ErrorCode.NOT_IN_TOURNAMENT, "you are not playing in this tournament")
    if row.status == "announced":
        s.delete(entry)
    else:
        entry.withdrawn = True


def cancel(s: Session, tournament_id: str, user: UserRow) -> None:
    """The organiser calls the event off before it starts."""
    row = _event_row(s, tournament_id)
    if row.created_by != user.id:
        raise ApiError(ErrorCode.NOT_ORGANISER, "only the organiser may cancel the tournament")
    if row.status == "running":
        raise ApiError(ErrorCode.TOURNAMENT_STARTED, "the tournament has started")
    if row.status != "announced":
        raise ApiError(ErrorCode.TOURNAMENT_CLOSED, "the tournament is over")
    row.status, row.finished = "cancelled", now()


# ---------------------------------------------------------------------- moving an event on


@dataclass(frozen=True)
class Pairing:
    """A step that makes tables: the event's row moves from (status, round) as read to the
    new ones, in the transaction that adds the tables and the byes."""

    status: str
    round: int
    new_status: str
    new_round: int
    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()


def _moved(s: Session, row: Tournament, was: tuple[str, int], values: dict[str, Any]) -> bool:
    """Change the event's row to ``values`` if its (status, round) is still ``was``: only
    one instance moves it on."""
    status, round_ = was
    done = s.execute(
        update(Tournament)
        .where(
            Tournament.id == row.id,
            Tournament.status == status,
            Tournament.round == round_,
        )
        .values(**values)
    )
    return bool(getattr(done, "rowcount", 0))


def store_pairing(s: Session, row: Tournament, step: Pairing) -> list[str]:
    """Make ``step``'s tables (none if another instance paired first); their ids."""
    if not _moved(
        s, row, (step.status, step.round), {"status": step.new_status, "round": step.new_round}
    ):
        return []
    if step.status == "announced":  # it starts now: its players may have asked for e-mail
        mail.tournament_started(s, row.id)
    made = []
    for seats in step.tables:
        made.append(
            add_table(
                s,
                game=row.game,
                options={**row.options, "players": len(seats), takeback.OPTION: False},
                players=len(seats),
                seed=secrets.randbits(62),
                seats=[SeatRow(i, "human", None, user_id, None) for i, user_id in enumerate(seats)],
                clock=row.clock,
                rated=row.rated,
                creator=row.created_by,
                tournament=(row.id, step.new_round),
            )
        )
    for user_id in step.byes:
        s.add(TournamentBye(tournament_id=row.id, round=step.new_round, user_id=user_id))
    return made


def plan(event: Event, at: datetime, gap: float) -> Pairing | str | None:
    """What the event needs now: a :class:`Pairing`, ``"finish"``, ``"cancel"`` or nothing."""
    row = event.row
    sizes = table_sizes(row.game, row.options)
    active = event.active
    if row.status == "announced":
        if at < row.starts_at:
            return None
        if len(active) < max(2, min(sizes)):
            return "cancel"  # nobody to play: no tournament
        if row.kind == "arena":
            return Pairing("announced", 0, "running", 0, ())
        return _swiss(event, sizes, "announced")
    if row.status != "running":
        return None
    if row.kind == "swiss":
        ended = event.round_ended()
        if ended is None:
            return None
        if row.round >= (row.rounds or 0) or len(active) < max(2, min(sizes)):
            return "finish"
        if at < ended + timedelta(seconds=gap):
            return None
        return _swiss(event, sizes, "running")
    ends = event.ends_at()
    if ends is not None and at >= ends:
        return None if event.playing else "finish"
    busy = {p for t in event.playing for p in t.seats}
    waiting = [p for p in active if p not in busy]
    if len(waiting) < min(sizes):
        return None
    standings = pairing.arena_standings(active, event.games())
    scores = {s.player: s.points for s in standings}
    last: dict[int, frozenset[int]] = {}
    for table in event.arena_order():  # the latest game of each player last
        for p in table.seats:
            last[p] = frozenset(q for q in table.seats if q != p)
    tables = pairing.pair_arena(waiting, scores, last, sizes, row.players)
    if not tables:
        return None
    return Pairing("running", row.round, "running", row.round + 1, tuple(tables))


def _swiss(event: Event, sizes: list[int], status: str) -> Pairing:
    row = event.row
    paired = pairing.pair_swiss_round(
        event.active,
        event.ratings,
        event.games(),
        event.byes,
        row.round + 1,
        row.rounds or 1,
        sizes,
        row.players,
    )
    return Pairing(status, row.round, "running", row.round + 1, paired.tables, paired.byes)


def no_show_limit(clock: dict[str, Any], no_show: float) -> float:
    """The seconds a player has for a first move: ``no_show`` on a real-time clock; a
    day-per-move game's whole move time (its clock already ends the game then).

    >>> no_show_limit({"kind": "realtime", "initial": 300}, 60), no_show_limit(
    ...     {"kind": "turn", "per_move": 86400}, 60)
    (60, 86400)
    """
    if clock.get("kind") == "turn":
        return clock["per_move"]  # type: ignore[no-any-return]
    return no_show


def _no_shows(s: Session, event: Event, at: datetime, limit: float) -> list[tuple[str, int]]:
    """(table, seat) of the players who have not moved ``limit`` s after their turn came."""
    playing = {t.id: t for t in event.playing}
    if not playing or event.row.clock.get("kind") == "turn":
        return []
    acted: dict[str, set[int]] = {t: set() for t in playing}
    last: dict[str, datetime] = {}
    for table_id, seat, latest in s.execute(
        select(PlayedAction.table_id, PlayedAction.seat, func.max(PlayedAction.at))
        .where(PlayedAction.table_id.in_(list(playing)))
        .group_by(PlayedAction.table_id, PlayedAction.seat)
    ):
        if seat is not None:
            acted[table_id].add(seat)
        if table_id not in last or latest > last[table_id]:
            last[table_id] = latest
    started = {
        table_id: at_start
        for table_id, at_start in s.execute(
            select(GameTable.id, GameTable.started).where(GameTable.id.in_(list(playing)))
        )
    }
    late: list[tuple[str, int]] = []
    for table_id, table in playing.items():
        since = last.get(table_id) or started.get(table_id) or table.created
        if (at - since).total_seconds() < limit:
            continue
        late.extend(
            (table_id, seat) for seat in range(len(table.seats)) if seat not in acted[table_id]
        )
    return late


# ---------------------------------------------------------------------- the page's model


def summary(event: Event, lang: str) -> schemas.TournamentSummary:
    row = event.row
    ends = event.ends_at()
    return schemas.TournamentSummary(
        id=row.id,
        name=row.name,
        game=row.game,
        options=dict(row.options),
        players=row.players,
        kind=row.kind,  # type: ignore[arg-type]
        rounds=row.rounds,
        minutes=row.minutes,
        clock=schemas.Clock.model_validate(row.clock),
        rated=row.rated,
        invite_only=row.invite is not None,
        allow_bots=row.allow_bots,
        status=row.status,  # type: ignore[arg-type]
        starts_at=row.starts_at.isoformat(),
        ends_at=None if ends is None else ends.isoformat(),
        round=row.round if row.kind == "swiss" else 0,
        entrants=len(event.active),
        organiser=shown_name(event.organiser, lang),
    )


def page(
    event: Event, user_id: int | None, lang: str, at: datetime, gap: float, no_show: float
) -> schemas.Tournament:
    """The event as ``user_id`` sees it in ``lang`` (nothing in it is private but the invite,
    which only the organiser gets)."""
    row = event.row

    def named(user: int) -> str:
        return shown_name(event.names.get(user, "?"), lang)

    swiss = row.kind == "swiss"
    games = event.games()
    table_of: dict[tuple[int, int], str] = {}
    if swiss:
        for t in event.tables:
            for p in t.seats:
                table_of[(t.round, p)] = t.id
    else:
        for number, t in enumerate(event.arena_order(), 1):
            for p in t.seats:
                table_of[(number, p)] = t.id
    players = [e.user_id for e in event.entrants]
    standings = (
        pairing.swiss_standings(players, games, event.byes)
        if swiss
        else pairing.arena_standings(players, games)
    )
    withdrawn = {e.user_id for e in event.entrants if e.withdrawn}
    rows = []
    for standing in standings:
        results = [
            schemas.TournamentResult(
                round=r.round,
                opponents=[named(o) for o in r.opponents],
                points=r.points,
                place=r.place,
                bye=r.bye,
                fire=r.fire,
                table=table_of.get((r.round, standing.player)),
            )
            for r in standing.results
        ]
        rows.append(
            schemas.TournamentStanding(
                rank=standing.rank,
                name=named(standing.player),
                user=event.names.get(standing.player, ""),
                points=standing.points,
                tiebreaks=dict(standing.tiebreaks),
                results=results,
                withdrawn=standing.player in withdrawn,
                fire=not swiss and _on_fire(standing.results),
                you=standing.player == user_id,
            )
        )
    if swiss:
        shown = [t for t in event.tables if t.round == row.round]
    else:
        finished = [t for t in event.arena_order() if t.status == "over"][-LATEST:]
        shown = event.playing + finished[::-1]
    pairings = [
        schemas.TournamentPairing(
            table=t.id,
            url=f"/t/{t.id}",
            round=t.round,
            seats=[named(p) for p in t.seats],
            status=t.status,  # type: ignore[arg-type]
            points=None if t.returns is None else list(pairing.game_points(t.returns)),
        )
        for t in shown
    ]
    next_round = None
    if swiss and row.status == "running" and row.round < (row.rounds or 0):
        ended = event.round_ended()
        if ended is not None:
            next_round = (ended + timedelta(seconds=gap)).isoformat()
    entered = {e.user_id: e for e in event.entrants}
    mine = entered.get(user_id) if user_id is not None else None
    joined = mine is not None and not mine.withdrawn
    open_ = row.status == "announced" or (row.status == "running" and not swiss)
    if row.status == "running" and not swiss:
        ends = event.ends_at()
        open_ = ends is None or at < ends
    your_table = next(
        (t.id for t in event.playing if user_id is not None and user_id in t.seats), None
    )
    return schemas.Tournament(
        **summary(event, lang).model_dump(),
        standings=rows,
        pairings=pairings,
        tiebreaks=["buchholz", "sonneborn_berger"] if swiss else ["performance"],
        next_round_at=next_round,
        no_show=round(no_show_limit(row.clock, no_show)),
        podium=[r.name for r in rows[:3]] if row.status == "finished" else [],
        joined=joined,
        can_join=user_id is not None and not joined and open_,
        can_withdraw=joined and row.status in OPEN_STATUSES,
        can_cancel=user_id == row.created_by and row.status == "announced",
        your_table=your_table,
        invite=row.invite if user_id == row.created_by else None,
        now=at.isoformat(),
    )


def _on_fire(results: Sequence[pairing.Result]) -> bool:
    """Whether the player's next win is doubled: their last two finished games were wins."""
    done = [r for r in results if r.points is not None and not r.bye]
    return len(done) >= 2 and all(r.place == 1 for r in done[-2:])


# ---------------------------------------------------------------------- lists


def listing(s: Session, game_id: str | None, limit: int = LIST_LIMIT) -> dict[str, list[Event]]:
    """The events to list: upcoming (soonest first), running, finished (latest first)."""
    parts: dict[str, list[Event]] = {}
    for part, statuses, order in (
        ("upcoming", ("announced",), Tournament.starts_at),
        ("running", ("running",), Tournament.starts_at),
        ("finished", ("finished",), Tournament.finished.desc()),
    ):
        query = select(Tournament.id).where(Tournament.status.in_(statuses))
        if game_id is not None:
            query = query.where(Tournament.game == game_id)
        ids = list(s.scalars(query.order_by(order).limit(limit)))
        parts[part] = [e for e in (_read(s, i) for i in ids) if e is not None]
    return parts


def announced(s: Session, limit: int = LISTED) -> list[Event]:
    """Open events announced or running, soonest first (the lobby's box)."""
    ids = s.scalars(
        select(Tournament.id)
        .where(Tournament.status.in_(OPEN_STATUSES), Tournament.invite.is_(None))
        .order_by(Tournament.starts_at)
        .limit(limit)
    )
    return [e for e in (_read(s, i) for i in list(ids)) if e is not None]


# ---------------------------------------------------------------------- the service


@dataclass(eq=False)
class Watcher:
    """One open event page: who it is and in which language."""

    send: Callable[[dict[str, Any]], Awaitable[None]]
    user_id: int | None
    lang: str


class Tournaments:
    """The events of one server instance: the ticker and the pages' sockets.

    ``tick``, ``gap`` and ``no_show`` are :data:`TICK`, :data:`ROUND_GAP` and :data:`NO_SHOW`
    unless a test makes them shorter.
    """

    def __init__(
        self,
        hub: Hub,
        store: Store,
        *,
        tick: float = TICK,
        gap: float = ROUND_GAP,
        no_show: float = NO_SHOW,
    ) -> None:
        self.hub = hub
        self.store = store
        self.tick_every = tick
        self.gap = gap
        self.no_show = no_show
        self.watchers: dict[str, set[Watcher]] = {}
        self._tables: dict[str, str] = {}  # table -> event, for the watched events
        self._pending: dict[str, asyncio.TimerHandle] = {}
        self._loop: asyncio.Task[None] | None = None
        self._refresher: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        hub.watchers.append(self._table_changed)

    # ------------------------------------------------------------------ reads

    def read(self, tournament_id: str) -> Event:
        with self.store.sessions() as s:
            event = _read(s, tournament_id)
        if event is None:
            raise ApiError(ErrorCode.UNKNOWN_TOURNAMENT, f"no tournament {tournament_id!r}")
        return event

    async def page(self, tournament_id: str, user_id: int | None, lang: str) -> schemas.Tournament:
        event = await asyncio.to_thread(self.read, tournament_id)
        return page(event, user_id, lang, now(), self.gap, self.no_show)

    async def listing(self, game_id: str | None, lang: str) -> schemas.TournamentList:
        def read() -> dict[str, list[Event]]:
            with self.store.sessions() as s:
                return listing(s, game_id)

        parts = await asyncio.to_thread(read)
        return schemas.TournamentList(
            **{part: [summary(e, lang) for e in events] for part, events in parts.items()}
        )

    def announced(self) -> list[Event]:
        with self.store.sessions() as s:
            return announced(s)

    # ------------------------------------------------------------------ changes by people

    async def create(
        self, body: schemas.TournamentIn, user: UserRow, name: str, clock: dict[str, Any]
    ) -> Tournament:
        def write() -> Tournament:
            with self.store.sessions.begin() as s:
                return create(s, body, user, now(), name, clock)

        row = await self.hub.db(write)
        self.hub.tell("")  # the lobby announces it
        return row

    async def change(self, tournament_id: str, work: Callable[[Session], None]) -> None:
        """Run ``work`` on the event in one transaction, then tell its pages and the lobby."""

        def write() -> None:
            with self.store.sessions.begin() as s:
                work(s)

        await self.hub.db(write)
        self.changed(tournament_id)
        self.hub.tell("")

    # ------------------------------------------------------------------ the ticker

    def start(self) -> None:
        self._loop = asyncio.create_task(self._run())

    async def close(self) -> None:
        for task in (self._loop, self._refresher, *self._tasks):
            if task is not None:
                task.cancel()
        for handle in self._pending.values():
            handle.cancel()
        self._pending.clear()

    async def _run(self) -> None:
        while not self.hub.closing:
            await asyncio.sleep(self.tick_every)
            try:
                await self.tick()
            except Exception:  # the database is away: the next tick tries again
                log.exception("the tournaments could not be moved on")

    def _due(self, at: datetime) -> list[str]:
        with self.store.sessions() as s:
            return list(
                s.scalars(
                    select(Tournament.id).where(
                        (Tournament.status == "running")
                        | ((Tournament.status == "announced") & (Tournament.starts_at <= at))
                    )
                )
            )

    async def tick(self) -> None:
        """Move every event due on: start, pair, concede for no-shows, finish."""
        at = now()
        for tournament_id in await asyncio.to_thread(self._due, at):
            if self.hub.closing:
                return
            await self.advance(tournament_id, at)

    async def advance(self, tournament_id: str, at: datetime) -> None:
        event = await asyncio.to_thread(self.read, tournament_id)
        # Pairing a big field takes seconds: off the event loop and the writer's thread.
        step = await asyncio.to_thread(plan, event, at, self.gap)
        changed = False
        if isinstance(step, Pairing):
            made = await self.hub.db(self._pair, event.row, step)
            for table_id in made:
                await self.hub.get(table_id)  # loaded: its clock runs, the players are told
            changed = bool(made) or step.new_status != step.status
            if step.tables and made:
                _log_pairing(event, step)
            if step.status == "announced" and event.row.kind == "arena" and changed:
                await self.advance(tournament_id, at)  # the arena's first pairing at once
                return
        elif step in ("finish", "cancel"):
            status = "finished" if step == "finish" else "cancelled"
            changed = await self.hub.db(self._close, event.row, status, at)
        late = await asyncio.to_thread(self._late, event, at)
        for table_id, seat in late:
            changed = await self._concede(event, table_id, seat) or changed
        if changed:
            self.changed(tournament_id)
            self.hub.tell("")

    def _pair(self, row: Tournament, step: Pairing) -> list[str]:
        with self.store.sessions.begin() as s:
            if step.new_status != step.status and not step.tables:
                moved = _moved(s, row, (step.status, step.round), {"status": step.new_status})
                if moved and step.status == "announced":
                    mail.tournament_started(s, row.id)
                return []
            return store_pairing(s, row, step)

    def _close(self, row: Tournament, status: str, at: datetime) -> bool:
        with self.store.sessions.begin() as s:
            return _moved(s, row, (row.status, row.round), {"status": status, "finished": at})

    def _late(self, event: Event, at: datetime) -> list[tuple[str, int]]:
        with self.store.sessions() as s:
            return _no_shows(s, event, at, self.no_show)

    async def _concede(self, event: Event, table_id: str, seat: int) -> bool:
        """The server concedes ``seat``'s game for them (once) and withdraws them."""
        table = await self.hub.get(table_id)
        if table is None or table.state.over or seat not in phases.actors(table.state):
            return False
        with contextlib.suppress(ActionError):  # another instance conceded first
            await self.hub.submit(
                table, None, {"do": "concede", "player": seat}, None, f"no-show-{seat}"
            )
        user_id = event.tables[[t.id for t in event.tables].index(table_id)].seats[seat]

        def withdraw_late() -> None:
            with self.store.sessions.begin() as s:
                entry = s.get(TournamentEntrant, (event.row.id, user_id))
                if entry is not None:
                    entry.withdrawn = True

        await self.hub.db(withdraw_late)
        return True

    # ------------------------------------------------------------------ the pages' sockets

    async def connect(self, tournament_id: str, watcher: Watcher) -> None:
        self.watchers.setdefault(tournament_id, set()).add(watcher)
        if self._refresher is None or self._refresher.done():
            self._refresher = asyncio.create_task(self._refresh())
        await watcher.send(await self.message(tournament_id, watcher.user_id, watcher.lang))

    def disconnect(self, tournament_id: str, watcher: Watcher) -> None:
        found = self.watchers.get(tournament_id)
        if found is not None:
            found.discard(watcher)
            if not found:
                del self.watchers[tournament_id]
                self._tables = {t: e for t, e in self._tables.items() if e != tournament_id}

    async def message(
        self, tournament_id: str, user_id: int | None, lang: str, event: Event | None = None
    ) -> dict[str, Any]:
        if event is None:
            event = await asyncio.to_thread(self.read, tournament_id)
        self._tables.update({t.id: tournament_id for t in event.tables})
        model = page(event, user_id, lang, now(), self.gap, self.no_show)
        return {"type": "tournament", **model.model_dump()}

    def _table_changed(self, table_id: str) -> None:
        tournament_id = self._tables.get(table_id)
        if tournament_id is not None:
            self.changed(tournament_id)

    def changed(self, tournament_id: str) -> None:
        """The event changed: push to its pages soon (once for a burst)."""
        if tournament_id not in self.watchers or tournament_id in self._pending:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._pending[tournament_id] = loop.call_later(PUSH_DELAY, self._start_push, tournament_id)

    def _start_push(self, tournament_id: str) -> None:
        self._pending.pop(tournament_id, None)
        task = asyncio.create_task(self.push(tournament_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def push(self, tournament_id: str) -> None:
        watchers = list(self.watchers.get(tournament_id, ()))
        if not watchers:
            return
        try:
            event = await asyncio.to_thread(self.read, tournament_id)
            built: dict[tuple[int | None, str], dict[str, Any]] = {}
            for watcher in watchers:
                key = (watcher.user_id, watcher.lang)
                if key not in built:
                    built[key] = await self.message(tournament_id, *key, event=event)
                with contextlib.suppress(Exception):  # a closed socket: its reader cleans up
                    await watcher.send(built[key])
        except ApiError:
            pass
        except Exception:
            log.exception("the tournament %s could not be pushed", tournament_id)

    async def _refresh(self) -> None:
        while self.watchers and not self.hub.closing:
            await asyncio.sleep(REFRESH)
            for tournament_id in list(self.watchers):
                await self.push(tournament_id)


def _log_pairing(event: Event, step: Pairing) -> None:
    log.info(
        "tournament %s: round %d paired, %d tables, %d byes",
        event.row.id,
        step.new_round,
        len(step.tables),
        len(step.byes),
    )
