"""Reading and writing tables in the database, synchronously (the hub runs it in a thread).

Every write that the hub acknowledges goes through :meth:`Store.append_actions`, in a
transaction that commits before anyone hears of the action, so an acknowledged action is on
disk. Every read of tables, the lobby's too, makes its :class:`TableRow` s with one mapper
(:meth:`Store._rows`), seats and names included, in one query for however many tables.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import and_, delete, func, insert, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session, aliased

from rumizi.server import jobs, profiles, puzzle_ratings, puzzle_streaks, ratings
from rumizi.server.auth import (
    DEVICE_DAYS,
    GUEST_PREFIX,
    clean_username,
    guest_name,
    hash_password,
    new_token,
    token_hash,
    username_key,
)
from rumizi.server.db import (
    ChatMessage,
    GameTable,
    LoginSession,
    PlayedAction,
    Seat,
    SignInFailures,
    TableJob,
    TrustedDevice,
    User,
    now,
    once_more_on_conflict,
    session_factory,
)

log = logging.getLogger("rumizi.server.store")


@dataclass
class SeatRow:
    seat: int
    kind: str
    level: str | None
    user_id: int | None
    name: str | None
    bot_account: bool = False  # a person's seat held by a bot account (named "BOT …")


@dataclass
class TableRow:
    id: str
    game: str
    options: dict[str, Any]
    players: int
    seed: int
    status: str
    version: int
    clock: dict[str, Any]
    rated: bool
    invite: str
    created: datetime
    started: datetime | None
    finished: datetime | None
    result: dict[str, Any] | None
    seats: list[SeatRow]
    actions: list[tuple[int | None, dict[str, Any], str, datetime]] = field(default_factory=list)
    listed: bool = False  # shown in the lobby (rumizi.server.lobby)
    created_by: int | None = None  # the user who made it (who may cancel it while it waits)
    tournament: tuple[str, int] | None = None  # (event, round) of a tournament's game


Clocked = Callable[[dict[str, Any]], timedelta]  # a span that depends on a table's clock


@dataclass(frozen=True)
class ActionWrite:
    """One accepted action to store (with the game's result if it ended the game)."""

    table_id: str
    version: int
    seat: int | None
    action: dict[str, Any]
    client_id: str
    at: datetime
    result: dict[str, Any] | None
    rating_ranks: list[tuple[int, int]] | None
    game: str
    # Several instances (rumizi.server.jobs): what the table waits for after this action,
    # stored in the same commit, which also drops the jobs of earlier versions. ``None``: one
    # instance, no queue.
    jobs: tuple[jobs.Job, ...] | None = None


@dataclass(frozen=True)
class StoredAction:
    """One action as the database has it: the table's ``version`` after it."""

    version: int
    seat: int | None
    action: dict[str, Any]
    client_id: str
    at: datetime


class Conflict(Exception):
    """The write lost a race (a duplicated client id or version); nothing was stored."""


@dataclass(frozen=True)
class UserRow:
    id: int
    name: str
    guest: bool
    bot: bool = False  # a bot account: it plays through its tokens (rumizi.server.bot_accounts)
    # Moderation (rumizi.server.moderation), read with the session on every request.
    admin: bool = False
    muted_until: datetime | None = None
    banned_until: datetime | None = None


def user_row(user: User) -> UserRow:
    """The account ``user`` as the routes see it (with its moderation marks)."""
    return UserRow(
        user.id,
        user.name,
        user.guest,
        bool(user.bot),
        bool(user.admin),
        user.muted_until,
        user.banned_until,
    )


def _named(s: Session, name: str) -> User | None:
    """The account ``name``: the name exactly as stored first, else the first holder of its
    key (two accounts from before a change of :func:`username_key` may share one)."""
    user = s.scalar(select(User).where(User.name == clean_username(name)))
    if user is None:
        user = s.scalar(select(User).where(User.name_key == username_key(name)))
    return user


@dataclass(frozen=True)
class FailuresRow:
    """Failed sign-ins to an account from browsers it does not trust, not yet seen by its owner:
    wrong passwords, attempts refused while sign-ins were paused, the first and the last."""

    wrong: int
    refused: int
    first: datetime
    last: datetime


def add_table(
    s: Session,
    *,
    game: str,
    options: dict[str, Any],
    players: int,
    seed: int,
    seats: Sequence[SeatRow],
    clock: dict[str, Any],
    rated: bool,
    creator: int,
    listed: bool = False,
    tournament: tuple[str, int] | None = None,
) -> str:
    """Add a new table to ``s``'s transaction (see :meth:`Store.create_table`); its id.

    ``tournament``: the event and round it is played for (rumizi.server.tournaments, which
    makes a round's tables in the transaction that pairs it).
    """
    while True:
        table_id = secrets.token_urlsafe(8)[:10]
        if s.get(GameTable, table_id) is None:
            break
    humans_missing = any(seat.kind == "human" and seat.user_id is None for seat in seats)
    s.add(
        GameTable(
            id=table_id,
            game=game,
            options=options,
            players=players,
            seed=seed,
            status="waiting" if humans_missing else "playing",
            version=0,
            clock=clock,
            rated=rated,
            invite=secrets.token_urlsafe(9),
            created_by=creator,
            started=None if humans_missing else now(),
            listed=listed,
            tournament_id=None if tournament is None else tournament[0],
            tournament_round=None if tournament is None else tournament[1],
        )
    )
    for seat in seats:
        s.add(
            Seat(
                table_id=table_id,
                seat=seat.seat,
                kind=seat.kind,
                level=seat.level,
                user_id=seat.user_id,
            )
        )
    if not humans_missing:  # under way: the server looks at it, whatever happens
        s.flush()
        jobs.look(s, table_id, 0)
    return table_id


class Store:
    def __init__(self, engine: Engine, seen_every: timedelta = profiles.SEEN_EVERY) -> None:
        self.engine = engine
        self.sessions = session_factory(engine)
        # How often an account's visit is noted (users.seen): friends see who is online, and
        # a your-turn e-mail waits until its reader has been away a while.
        self.seen_every = seen_every

    # ------------------------------------------------------------------ users and sessions

    def create_guest(self) -> tuple[UserRow, str]:
        """A guest account and its session. Its name is its number (``guest-56``, see
        :func:`~rumizi.server.auth.guest_name`), shown «مهمان ۵۶» or "Guest 56" to each reader;
        the number is the account's id, known once the row is written, so the row first holds
        a name nobody else has and takes its own in the same transaction."""
        with self.sessions.begin() as s:
            placeholder = f"{GUEST_PREFIX}new-{secrets.token_hex(8)}"
            user = User(name=placeholder, name_key=placeholder, guest=True)
            s.add(user)
            s.flush()
            user.name = guest_name(user.id)
            user.name_key = username_key(user.name)
            s.flush()
            token = self._new_session(s, user.id)
            return user_row(user), token

    def signup(self, name: str, password: str, guest_id: int | None) -> tuple[UserRow, str] | None:
        """A new account (``None`` if the name is taken); a guest becomes it, keeping its games."""
        hashed = hash_password(password)
        try:
            with self.sessions.begin() as s:
                key = username_key(name)
                taken = s.scalar(select(User.id).where(User.name_key == key))
                if taken is not None:
                    return None
                user = s.get(User, guest_id) if guest_id is not None else None
                if user is None or not user.guest:
                    user = User(name=name, name_key=key, guest=False, password_hash=hashed)
                    s.add(user)
                else:
                    user.name, user.name_key = name, key
                    user.guest, user.password_hash = False, hashed
                s.flush()
                token = self._new_session(s, user.id)
                return user_row(user), token
        except IntegrityError:
            return None

    def password_hash(self, name: str) -> tuple[UserRow, str] | None:
        """The account ``name`` signs in to, and its password's hash.

        The name exactly as stored comes first: two accounts from before a change of
        :func:`username_key` can share a key (migration 0007 kept both), and each keeps
        signing in by its own name; any other spelling finds the key's first holder.
        """
        with self.sessions() as s:
            user = _named(s, name)
            if user is None or user.password_hash is None:
                return None
            return user_row(user), user.password_hash

    # ------------------------------------------------------------------ trusted browsers

    def trusted_device(self, tokens: Sequence[str], user_id: int) -> str | None:
        """Which of a device cookie's ``tokens`` is a browser trusted by ``user_id`` (as its
        SHA-256, the limiter's name for it), if any: one that signed in within the last
        :data:`~rumizi.server.auth.DEVICE_DAYS` days (as long as its cookie lasts)."""
        if not tokens:
            return None
        hashes = [token_hash(token) for token in tokens]
        since = now() - timedelta(days=DEVICE_DAYS)
        with self.sessions() as s:
            found: str | None = s.scalar(
                select(TrustedDevice.token_hash).where(
                    TrustedDevice.token_hash.in_(hashes),
                    TrustedDevice.user_id == user_id,
                    TrustedDevice.used >= since,
                )
            )
            return found

    def trust_device(self, user_id: int, tokens: Sequence[str]) -> str:
        """This browser is trusted by ``user_id`` from now on: the token of its device cookie's
        ``tokens`` that the account already trusts (its use is noted), or a new one."""
        with self.sessions.begin() as s:
            for token in tokens:
                found = s.get(TrustedDevice, token_hash(token))
                if found is not None and found.user_id == user_id:
                    found.used = now()
                    return token
            token = new_token()
            s.add(TrustedDevice(token_hash=token_hash(token), user_id=user_id))
            # Browsers that did not sign in for longer than a cookie lasts are forgotten.
            s.execute(
                delete(TrustedDevice).where(
                    TrustedDevice.user_id == user_id,
                    TrustedDevice.used < now() - timedelta(days=DEVICE_DAYS),
                )
            )
            return token

    def note_failure(self, user_id: int, refused: bool) -> None:
        """A failed sign-in to ``user_id`` from a browser it does not trust: a wrong password,
        or (``refused``) an attempt turned away while sign-ins to it were paused."""
        at = now()
        column = SignInFailures.refused if refused else SignInFailures.wrong
        added = {column.key: column + 1, "last": at}
        for _ in range(2):  # two first failures at once: the second insert loses, then adds
            try:
                with self.sessions.begin() as s:
                    done = s.execute(
                        update(SignInFailures)
                        .where(SignInFailures.user_id == user_id)
                        .values(**added)
                    )
                    if done.rowcount == 0:  # (an UPDATE's result has a rowcount)
                        counts = {"wrong": 0, "refused": 0, column.key: 1}
                        s.add(SignInFailures(user_id=user_id, first=at, last=at, **counts))
                return
            except IntegrityError:
                continue

    def failures(self, user_id: int) -> FailuresRow | None:
        """The failed sign-ins its owner has not seen (``None``: there are none)."""
        with self.sessions() as s:
            found = s.get(SignInFailures, user_id)
            if found is None:
                return None
            return FailuresRow(found.wrong, found.refused, found.first, found.last)

    def failures_seen(self, user_id: int) -> None:
        """The owner has seen them: they are forgotten."""
        with self.sessions.begin() as s:
            s.execute(delete(SignInFailures).where(SignInFailures.user_id == user_id))

    def login(self, user_id: int) -> str:
        with self.sessions.begin() as s:
            return self._new_session(s, user_id)

    def _new_session(self, s: Any, user_id: int) -> str:
        token = new_token()
        s.add(LoginSession(token_hash=token_hash(token), user_id=user_id))
        return token

    def logout(self, token: str) -> None:
        with self.sessions.begin() as s:
            found = s.get(LoginSession, token_hash(token))
            if found is not None:
                s.delete(found)

    def user_for_token(self, token: str | None) -> UserRow | None:
        if not token:
            return None
        with self.sessions() as s:
            found = s.get(LoginSession, token_hash(token))
            if found is None:
                return None
            user = s.get(User, found.user_id)
            if user is None:
                return None
            found_user, seen = user_row(user), now()
            if user.seen is None or seen - user.seen >= self.seen_every:
                # Friends see who is online: noted once a minute at most, not per request,
                # and a busy database only delays the note (the request goes on).
                try:
                    s.execute(update(User).where(User.id == user.id).values(seen=seen))
                    s.commit()
                except OperationalError:
                    s.rollback()
            return found_user

    # ------------------------------------------------------------------ tables

    def create_table(
        self,
        *,
        game: str,
        options: dict[str, Any],
        players: int,
        seed: int,
        seats: Sequence[SeatRow],
        clock: dict[str, Any],
        rated: bool,
        creator: int,
        listed: bool = False,
    ) -> TableRow:
        """A new table of ``game`` made by ``creator``: it waits while a person's seat of
        ``seats`` is free, else it starts now; ``listed``: shown in the lobby."""
        with self.sessions.begin() as s:
            table_id = add_table(
                s,
                game=game,
                options=options,
                players=players,
                seed=seed,
                seats=seats,
                clock=clock,
                rated=rated,
                creator=creator,
                listed=listed,
            )
        found = self.load_table(table_id)
        assert found is not None
        return found

    def load_table(self, table_id: str, *, actions: bool = False) -> TableRow | None:
        """The table ``table_id`` (``None``: there is none), with its moves when ``actions``."""
        with self.sessions() as s:
            table = s.get(GameTable, table_id)
            if table is None:
                return None
            (found,) = self._rows(s, [table])
            if actions:
                # Only up to the version read above: another instance may store a move between
                # the two reads (each statement sees its own commits on PostgreSQL), and a copy
                # holding that move at the older version would apply it twice when it syncs.
                played = s.scalars(
                    select(PlayedAction)
                    .where(PlayedAction.table_id == table_id, PlayedAction.version <= table.version)
                    .order_by(PlayedAction.version)
                ).all()
                found.actions = [(a.seat, a.action, a.client_id, a.at) for a in played]
            return found

    @staticmethod
    def _rows(s: Session, tables: Sequence[GameTable], *, public: bool = False) -> list[TableRow]:
        """The rows of ``tables``, in their order, with their seats (one query for them all).

        ``public``: what the lobby may show anyone, without the invite code, the result and
        the creator (the invite code never leaves the store there).
        """
        if not tables:
            return []
        found = s.execute(
            select(Seat, User.name, User.bot)
            .outerjoin(User, User.id == Seat.user_id)
            .where(Seat.table_id.in_([t.id for t in tables]))
            .order_by(Seat.seat)
        ).all()
        seats: dict[str, list[SeatRow]] = {}
        for seat, name, bot in found:
            seats.setdefault(seat.table_id, []).append(
                SeatRow(seat.seat, seat.kind, seat.level, seat.user_id, name, bool(bot))
            )
        return [
            TableRow(
                id=t.id,
                game=t.game,
                options=dict(t.options),
                players=t.players,
                seed=t.seed,
                status=t.status,
                version=t.version,
                clock=dict(t.clock),
                rated=t.rated,
                invite="" if public else t.invite,
                created=t.created,
                started=t.started,
                finished=t.finished,
                result=None if public else t.result,
                seats=seats.get(t.id, []),
                listed=t.listed,
                created_by=None if public else t.created_by,
                tournament=(
                    None if t.tournament_id is None else (t.tournament_id, t.tournament_round or 0)
                ),
            )
            for t in tables
        ]

    def cancel_table(self, table_id: str, user_id: int) -> str | None:
        """Delete a table that still waits for players, at its creator's request.

        The answer: ``None`` once it is gone, else why not (``unknown``, ``not-creator`` or
        ``started``); a table whose last seat was taken at the same moment has started, and
        stays. A waiting table has no move to keep; its seats and chat go with it.
        """
        with self.sessions.begin() as s:
            table = s.get(GameTable, table_id, with_for_update=True)
            if table is None:
                return "unknown"
            if table.created_by != user_id:
                return "not-creator"
            if table.status != "waiting":
                return "started"
            for kind in (Seat, ChatMessage, TableJob, PlayedAction):
                s.execute(delete(kind).where(kind.table_id == table_id))
            s.delete(table)
            return None

    def finished_table_ids(self, game: str, limit: int | None = None) -> list[str]:
        """The finished tables of ``game``, newest first (the first ``limit``, or all)."""
        with self.sessions() as s:
            query = (
                select(GameTable.id)
                .where(GameTable.game == game, GameTable.status == "over")
                .order_by(GameTable.finished.desc(), GameTable.id)
                .limit(limit)
            )
            return list(s.scalars(query))

    def playing_table_ids(self) -> list[str]:
        with self.sessions() as s:
            return list(s.scalars(select(GameTable.id).where(GameTable.status == "playing")))

    def take_seat(self, table_id: str, user_id: int) -> tuple[int, bool] | None:
        """Seat ``user_id`` in the first free human seat: (seat, whether the game starts now)."""
        with self.sessions.begin() as s:
            table = s.get(GameTable, table_id, with_for_update=True)
            if table is None:
                return None
            seats = list(
                s.scalars(select(Seat).where(Seat.table_id == table_id).order_by(Seat.seat))
            )
            for seat in seats:
                if seat.user_id == user_id:
                    return seat.seat, False
            free = [seat for seat in seats if seat.kind == "human" and seat.user_id is None]
            if not free or table.status != "waiting":
                return None
            free[0].user_id = user_id
            starts = len(free) == 1
            if starts:
                table.status, table.started = "playing", now()
                jobs.look(s, table_id, table.version)  # its bot or clock may start now
            return free[0].seat, starts

    def append_actions(self, writes: Sequence[ActionWrite]) -> list[Conflict | None]:
        """Store several tables' actions in one commit (one disk flush for all of them).

        If the batch fails, each action is tried alone, so one bad write fails only itself.
        Returns, per write, ``None`` (stored) or the :class:`Conflict` that refused it.
        """
        if len(writes) > 1:
            try:
                with self.sessions.begin() as s:
                    # Tables' rows are locked in one order, the table id's: two instances'
                    # batches that share tables wait for each other, never deadlock.
                    for write in sorted(writes, key=lambda w: w.table_id):
                        self._append(s, write)
                return [None] * len(writes)
            except Exception:  # whatever it was, it is found below, write by write
                pass  # each alone below: one refused write (or a lost lock) fails only itself
        errors: list[Conflict | None] = []
        for write in writes:
            try:
                with self.sessions.begin() as s:
                    self._append(s, write)
                errors.append(None)
            except Conflict as err:
                errors.append(err)
            except (IntegrityError, OperationalError) as err:
                # This write only: the ones before it in the batch are stored, and said so.
                errors.append(Conflict(str(err.orig)))
            except Exception as err:  # a value the driver cannot take, …
                # Still this write's own failure: it must not refuse its neighbours' moves.
                log.warning("table %s: move %d not stored: %r", write.table_id, write.version, err)
                errors.append(Conflict(f"the database refused the action: {type(err).__name__}"))
        return errors

    def _append(self, s: Any, write: ActionWrite) -> None:
        # A compare-and-set on the version (the row is only moved on from the version the hub
        # applied the action to), then the action itself: two statements, no ORM bookkeeping,
        # as this runs for every move of every table.
        values: dict[str, Any] = {"version": write.version}
        if write.result is not None:
            values.update(status="over", result=write.result, finished=write.at)
        moved = s.execute(
            update(GameTable)
            .where(
                GameTable.id == write.table_id,
                GameTable.version == write.version - 1,
                GameTable.status == "playing",
            )
            .values(**values)
            .execution_options(synchronize_session=False)
        )
        if moved.rowcount != 1:
            raise Conflict(f"table {write.table_id} is not at version {write.version - 1}")
        s.execute(
            insert(PlayedAction).values(
                table_id=write.table_id,
                version=write.version,
                seat=write.seat,
                action=write.action,
                client_id=write.client_id,
                at=write.at,
            )
        )
        if write.result is not None and write.rating_ranks:
            ratings.update(s, write.game, write.rating_ranks, write.table_id)
        if write.jobs is not None:
            jobs.replace(s, write.table_id, write.version, write.jobs)

    # ------------------------------------------------------------------ several instances

    def actions_since(self, table_id: str, version: int) -> tuple[str, list[StoredAction]]:
        """The table's status and its actions after ``version`` (what another instance did)."""
        with self.sessions() as s:
            status = s.scalar(select(GameTable.status).where(GameTable.id == table_id))
            played = s.scalars(
                select(PlayedAction)
                .where(PlayedAction.table_id == table_id, PlayedAction.version > version)
                .order_by(PlayedAction.version)
            ).all()
            found = [StoredAction(a.version, a.seat, a.action, a.client_id, a.at) for a in played]
            return status or "waiting", found

    def table_versions(self, table_ids: Sequence[str]) -> dict[str, tuple[int, str]]:
        """``{table: (version, status)}`` for the tables of ``table_ids`` that exist."""
        if not table_ids:
            return {}
        with self.sessions() as s:
            rows = s.execute(
                select(GameTable.id, GameTable.version, GameTable.status).where(
                    GameTable.id.in_(list(table_ids))
                )
            ).all()
            return {table_id: (version, status) for table_id, version, status in rows}

    def add_jobs(self, wanted: Sequence[jobs.Job]) -> None:
        with self.sessions.begin() as s:
            jobs.add(s, wanted)

    def claim_job(self, owner: str, now: float, lease: float) -> jobs.Claimed | None:
        with self.sessions.begin() as s:
            return jobs.claim(s, owner, now, lease)

    def finish_job(self, claimed: jobs.Claimed, owner: str) -> None:
        with self.sessions.begin() as s:
            jobs.finish(s, claimed, owner)

    def renew_job(self, claimed: jobs.Claimed, owner: str, until: float) -> bool:
        with self.sessions.begin() as s:
            return jobs.renew(s, claimed, owner, until)

    def postpone_job(self, claimed: jobs.Claimed, owner: str, due: float) -> None:
        with self.sessions.begin() as s:
            jobs.postpone(s, claimed, owner, due)

    def pending_jobs(self, table_id: str | None = None) -> list[jobs.Job]:
        with self.sessions() as s:
            return jobs.pending(s, table_id)

    def profile(self, name: str) -> tuple[profiles.Profile, list[TableRow]] | None:
        """The public profile of the account ``name`` (as :meth:`password_hash` finds a
        name), with its newest finished tables; ``None`` when there is no such account."""
        with self.sessions() as s:
            user = _named(s, name)
            if user is None:
                return None
            found = profiles.read(s, user)
            ids = [p.table_id for p in found.recent]
            tables = {t.id: t for t in s.scalars(select(GameTable).where(GameTable.id.in_(ids)))}
            return found, self._rows(s, [tables[t] for t in ids if t in tables])

    def user_id(self, name: str) -> int | None:
        """The account ``name`` (as :meth:`profile` finds a name), or ``None``."""
        with self.sessions() as s:
            user = _named(s, name)
            return None if user is None else user.id

    def follow(self, follower: int, followed: int, on: bool) -> None:
        """``follower`` follows ``followed`` (``on``), or stops (:func:`.profiles.follow`)."""
        # Two follows sent at once would both insert the row: the second runs again.
        once_more_on_conflict(self.sessions, lambda s: profiles.follow(s, follower, followed, on))

    def following(self, follower: int) -> list[profiles.Followed]:
        """Whom ``follower`` follows, with the games they are playing now."""
        with self.sessions() as s:
            return profiles.following(s, follower)

    def user_games(self, user_id: int, *, limit: int = 100) -> list[TableRow]:
        """The last ``limit`` tables ``user_id`` has a seat at, newest first."""
        with self.sessions() as s:
            tables = s.scalars(
                select(GameTable)
                .join(Seat, Seat.table_id == GameTable.id)
                .where(Seat.user_id == user_id)
                .order_by(GameTable.created.desc())
                .limit(limit)
            ).all()
            return self._rows(s, tables)

    # ------------------------------------------------------------------ the lobby's reads

    def listed_tables(
        self, *, at: datetime, within: timedelta, open_for: Clocked, idle_for: Clocked
    ) -> list[TableRow]:
        """The tables listed in the lobby as it is at ``at``, as anyone may read them: those
        still waiting, made within ``open_for(clock)``, then those being played that moved
        (or began) within ``idle_for(clock)``, each newest first. Nothing older than
        ``within`` is read (the longest of those spans, at least as far as the lobby cares).
        """
        oldest = at - within
        with self.sessions() as s:
            recent = s.scalars(
                select(GameTable)
                .where(GameTable.listed, GameTable.status == "waiting", GameTable.created > oldest)
                .order_by(GameTable.created.desc())
                .limit(200)
            ).all()
            waiting = [t for t in recent if t.created > at - open_for(t.clock)]
            # A game being played shows while it moves: its last move (the action at its
            # version), or its start, within idle_for (a day-per-move game: its move's time).
            last = aliased(PlayedAction)
            active = func.coalesce(last.at, GameTable.started, GameTable.created)
            rows = s.execute(
                select(GameTable, active)
                .outerjoin(
                    last, and_(last.table_id == GameTable.id, last.version == GameTable.version)
                )
                .where(GameTable.listed, GameTable.status == "playing", active > oldest)
                .order_by(GameTable.created.desc())
                .limit(100)
            ).all()
            playing = [t for t, moved in rows if moved > at - idle_for(t.clock)]
            return self._rows(s, [*waiting, *playing], public=True)

    def unfinished_tables(self, user_id: int, *, limit: int) -> list[TableRow]:
        """The last ``limit`` tables ``user_id`` sits at that wait or are being played, newest
        first, as anyone may read them (the lobby's "your games")."""
        with self.sessions() as s:
            tables = s.scalars(
                select(GameTable)
                .join(Seat, Seat.table_id == GameTable.id)
                .where(
                    Seat.user_id == user_id,
                    or_(GameTable.status == "waiting", GameTable.status == "playing"),
                )
                .order_by(GameTable.created.desc())
                .limit(limit)
            ).all()
            return self._rows(s, tables, public=True)

    def leaderboard(self, game: str, limit: int = 100, bots: bool = False) -> list[dict[str, Any]]:
        """``game``'s ratings as its leaderboard shows them, people's or (``bots``) bot
        accounts' (:func:`.ratings.leaderboard`)."""
        with self.sessions() as s:
            return ratings.leaderboard(s, game, limit, bots)

    def rating_changes(self, table_ids: Sequence[str]) -> dict[str, list[ratings.Change]]:
        """Each rated game's rating changes, per table (:func:`.ratings.changes`)."""
        with self.sessions() as s:
            return ratings.changes(s, table_ids)

    # ------------------------------------------------------------------ puzzles

    def rate_puzzle_try(
        self, user_id: int, puzzle_id: str, correct: bool
    ) -> puzzle_ratings.Attempt:
        """Rate ``user_id``'s try at ``puzzle_id`` if it is the first (:mod:`.puzzle_ratings`)."""
        return puzzle_ratings.record(self.sessions, user_id, puzzle_id, correct)

    def puzzle_player(self, user_id: int) -> puzzle_ratings.Attempt:
        """``user_id``'s puzzle rating as it stands."""
        with self.sessions() as s:
            return puzzle_ratings.player_rating(s, user_id)

    def puzzle_rating(self, puzzle_id: str) -> int:
        """How hard the players who tried ``puzzle_id`` found it (1500 before anyone did)."""
        with self.sessions() as s:
            return puzzle_ratings.puzzle_rating(s, puzzle_id)

    def puzzles_seen(self, user_id: int | None) -> tuple[set[str], dict[str, float]]:
        """The puzzles ``user_id`` has tried (none for nobody), and every puzzle's rating
        that has one."""
        with self.sessions() as s:
            seen = puzzle_ratings.tried(s, user_id) if user_id is not None else set()
            return seen, puzzle_ratings.ratings_of(s)

    def count_streak_try(
        self, user_id: int, puzzle_id: str, correct: bool, new_run: bool = False
    ) -> puzzle_streaks.Streak:
        """Count ``user_id``'s try at ``puzzle_id`` in streak mode, the first of a run if
        ``new_run`` (:mod:`.puzzle_streaks`)."""
        return puzzle_streaks.record(self.sessions, user_id, puzzle_id, correct, new_run)

    def puzzle_streak(self, user_id: int) -> puzzle_streaks.Streak:
        """``user_id``'s puzzle streak as it stands."""
        with self.sessions() as s:
            return puzzle_streaks.streak_of(s, user_id)

    def puzzle_history(self, user_id: int, limit: int = 20) -> list[puzzle_ratings.Try]:
        """``user_id``'s last rated tries at puzzles, newest first."""
        with self.sessions() as s:
            return puzzle_ratings.history(s, user_id, limit)
