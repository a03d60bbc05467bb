"""The database: tables of users, sessions, game tables, seats and the actions played.

A game is stored as its seed, options and the list of accepted actions; the live state is
always rebuilt by replaying them. SQLite (the default, in the user's data directory) and
PostgreSQL are both supported; the schema is created and upgraded by Alembic migrations.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    TypeDecorator,
    UniqueConstraint,
    create_engine,
    event,
    false,
    text,
)
from sqlalchemy.engine import Dialect, Engine
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker


def now() -> datetime:
    """The current time, timezone-aware (UTC)."""
    return datetime.now(UTC)


class UtcDateTime(TypeDecorator[datetime]):
    """A timestamp that is always read back as an aware UTC ``datetime``, on every backend.

    PostgreSQL keeps the zone (``timestamp with time zone``); SQLite keeps text without one,
    so values are written there as naive UTC and tagged UTC again when read. Doing both here,
    in the decorator's own hooks, holds whatever the dialect does with the type underneath
    (a dialect that adapts ``DateTime`` to its own type bypasses a subclass's processors:
    SQLAlchemy 2.1 does, and the lobby then compared naive times with aware ones). A naive
    value is refused rather than guessed at.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"a naive datetime cannot be stored as UTC: {value!r}")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        read = datetime.fromisoformat(value) if isinstance(value, str) else value
        if not isinstance(read, datetime):
            raise TypeError(f"not a timestamp: {value!r}")
        return read.replace(tzinfo=UTC) if read.tzinfo is None else read.astimezone(UTC)


class Base(DeclarativeBase):
    pass


NAME_KEY_LENGTH = 200  # users.name_key (migration 0007 widened it from 40)


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40), unique=True)
    # What makes two names the same account (rumizi.server.auth.username_key): unique, so
    # "علي" and "علی", "Ali" and "ali", "gamer" and "gɑmer" cannot both sign up, even when two
    # requests race. A skeleton is longer than its name (m is rn): 24 characters need 168.
    name_key: Mapped[str] = mapped_column(String(NAME_KEY_LENGTH), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    guest: Mapped[bool] = mapped_column(Boolean, default=True)
    created: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    # A bot account (rumizi.server.bot_accounts): it plays through its tokens, never by hand.
    bot: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # What the member says of themselves on their profile (rumizi.server.profiles): a short
    # text cleaned as chat is, the languages they speak (codes of profiles.LANGUAGES), and
    # the language the site speaks to them when they sign in ("fa" or "en"; none: the
    # browser's own choice).
    bio: Mapped[str | None] = mapped_column(String(200), nullable=True)
    languages: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    display_lang: Mapped[str | None] = mapped_column(String(2), nullable=True)
    # When the account last came with its session (rumizi.server.store.Store.user_for_token,
    # written at most once a minute): the people who follow it see whether it is online.
    seen: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    # The person takes challenges from bot accounts (off unless they say so on /me).
    bot_challenges: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # Moderation (rumizi.server.moderation): an operator granted by ``rumizi admin grant``,
    # and the account's mute and ban, read where each action happens (so on every instance).
    admin: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    muted_until: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    banned_until: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class LoginSession(Base):
    __tablename__ = "sessions"

    # SHA-256 of the cookie's token: a leaked database does not give away live sessions.
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)


class TrustedDevice(Base):
    """A browser that signed in to an account: its device cookie's token, as SHA-256.

    A right password from a trusted browser is never refused because of other people's
    failures on the account (rumizi.server.auth.LoginLimiter); ``used`` is its last sign-in.
    """

    __tablename__ = "trusted_devices"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    used: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)


class SignInFailures(Base):
    """Failed sign-ins to an account from browsers it does not trust, until its owner has seen
    them: wrong passwords, and attempts turned away while sign-ins were paused. Counts, not a
    row per attempt, so guessing cannot grow the database."""

    __tablename__ = "sign_in_failures"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    wrong: Mapped[int] = mapped_column(Integer, default=0)
    refused: Mapped[int] = mapped_column(Integer, default=0)
    first: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    last: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)


class GameTable(Base):
    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(10), index=True)  # waiting, playing, over
    version: Mapped[int] = mapped_column(Integer, default=0)  # number of accepted actions
    clock: Mapped[dict[str, Any]] = mapped_column(JSON)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    invite: Mapped[str] = mapped_column(String(32))
    # Shown in the lobby (rumizi.server.lobby): anyone may join its free seats from there.
    listed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    created: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    started: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    finished: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # A tournament's game (rumizi.server.tournaments): the event, and its round (Swiss) or
    # pairing wave (arena).
    tournament_id: Mapped[str | None] = mapped_column(
        ForeignKey("tournaments.id", ondelete="SET NULL"), nullable=True, index=True
    )
    tournament_round: Mapped[int | None] = mapped_column(Integer, nullable=True)


class Tournament(Base):
    """A Swiss or arena event (rumizi.server.tournaments).

    ``round`` is the last round paired (Swiss) or the number of pairing waves made (arena): it
    only grows, and each pairing moves it on by one in the same transaction that makes the
    tables, on the condition that nobody moved it first, so several instances pair once.
    """

    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    players: Mapped[int] = mapped_column(Integer)  # seats at each table
    kind: Mapped[str] = mapped_column(String(8))  # swiss or arena
    rounds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    minutes: Mapped[int | None] = mapped_column(Integer, nullable=True)
    clock: Mapped[dict[str, Any]] = mapped_column(JSON)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    invite: Mapped[str | None] = mapped_column(String(32), nullable=True)  # None: open to all
    # Bot accounts may join (through their tokens); off unless the organiser says so.
    allow_bots: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    starts_at: Mapped[datetime] = mapped_column(UtcDateTime(), index=True)
    # announced, running, finished, cancelled
    status: Mapped[str] = mapped_column(String(10), index=True)
    round: Mapped[int] = mapped_column(Integer, default=0)
    finished: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class TournamentEntrant(Base):
    """A player who joined a tournament (``withdrawn``: no longer paired; results stay)."""

    __tablename__ = "tournament_entrants"

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    joined: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    withdrawn: Mapped[bool] = mapped_column(Boolean, default=False)


class TournamentBye(Base):
    """A Swiss round a player sat out (worth a win), made with that round's tables."""

    __tablename__ = "tournament_byes"

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )


class Seat(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(
        ForeignKey("game_tables.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))  # human or bot
    level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True, index=True)


class PlayedAction(Base):
    __tablename__ = "actions"
    __table_args__ = (
        UniqueConstraint("table_id", "version"),
        UniqueConstraint("table_id", "client_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(
        ForeignKey("game_tables.id", ondelete="CASCADE"), index=True
    )
    version: Mapped[int] = mapped_column(Integer)  # the table's version after this action
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: the clock
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    client_id: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)


class TableJob(Base):
    """Work a table waits for, in the queue every instance shares (rumizi.server.jobs).

    ``kind`` is ``bot`` (the bot in ``seat`` moves at ``version``), ``clock`` (the clock ends
    the game at ``due`` unless the table moved on), ``ring`` (the timed phase ends at ``due``)
    or ``look`` (what the table waits for is not known yet: load it and see). An instance
    claims a job by setting ``owner`` and ``lease_until`` (epoch seconds); a lease that runs
    out frees the job for another instance, so a table whose instance died is carried on by
    the others. One plain instance claims nothing: the rows are its index of the tables it
    must load to move them (rumizi.server.hub).
    """

    __tablename__ = "table_jobs"
    __table_args__ = (UniqueConstraint("table_id", "version", "kind"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"))
    version: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    due: Mapped[float] = mapped_column(Float, index=True)
    owner: Mapped[str | None] = mapped_column(String(64), nullable=True)
    lease_until: Mapped[float] = mapped_column(Float, default=0.0)


class Heartbeat(Base):
    """One row: the last moment (epoch seconds) some server instance was known to be up.

    Every instance moves it on every few seconds (rumizi.server.outages); a start that finds
    it old knows the whole service was down since, and no clock ran meanwhile.
    """

    __tablename__ = "heartbeat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    alive: Mapped[float | None] = mapped_column(Float, nullable=True)


class Outage(Base):
    """A time (epoch seconds, ``began`` to ``ended``) when no server instance was up."""

    __tablename__ = "outages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    began: Mapped[float] = mapped_column(Float)
    ended: Mapped[float] = mapped_column(Float)


class Rating(Base):
    __tablename__ = "ratings"
    __table_args__ = (UniqueConstraint("user_id", "game"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(40), index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)


class FavouriteTally(Base):
    """What a finished table counts toward each seat's favourites (rumizi.server.favourites):
    per seat, ``{key: count}`` as the game's ``favourites`` add-on tallies it (its
    ``TALLY_VERSION`` in ``version``: a row of another version is counted again)."""

    __tablename__ = "favourite_tallies"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    version: Mapped[int] = mapped_column(Integer)
    tallies: Mapped[list[dict[str, int]]] = mapped_column(JSON)


class RatingChange(Base):
    """A player's rating before and after one rated game (rumizi.server.ratings): the end
    screen's and the player's games' "1500 → 1578 (+78)". ``games`` counts the player's rated
    games of that game, this one included (a rating is provisional for the first few)."""

    __tablename__ = "rating_changes"
    __table_args__ = (UniqueConstraint("table_id", "user_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(40))
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)


class _Glicko:
    """A Glicko-2 rating (rumizi.server.puzzle_ratings) and the rated tries it comes from."""

    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    vol: Mapped[float] = mapped_column(Float)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    solved: Mapped[int] = mapped_column(Integer, default=0)


class PuzzlePlayer(_Glicko, Base):
    """A player's puzzle rating (every game's puzzles together, as on lichess)."""

    __tablename__ = "puzzle_players"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )


class PuzzleStats(_Glicko, Base):
    """A puzzle's own rating: how hard the players who tried it found it."""

    __tablename__ = "puzzle_stats"

    puzzle_id: Mapped[str] = mapped_column(String(48), primary_key=True)


class PuzzleAttempt(Base):
    """A player's rated try at a puzzle (the first only) and the player's rating around it."""

    __tablename__ = "puzzle_attempts"
    __table_args__ = (UniqueConstraint("user_id", "puzzle_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    puzzle_id: Mapped[str] = mapped_column(String(48))
    correct: Mapped[bool] = mapped_column(Boolean)
    rating_before: Mapped[float] = mapped_column(Float)
    rating_after: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)


class Follow(Base):
    """One player following another (rumizi.server.profiles): their games in one's list."""

    __tablename__ = "follows"

    follower_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    followed_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    since: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)


class PuzzleStreak(Base):
    """A player's puzzle streak (rumizi.server.puzzle_streaks): puzzles solved in a row in
    streak mode, the best run, and the last puzzle counted (an answer sent twice counts once)."""

    __tablename__ = "puzzle_streaks"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    current: Mapped[int] = mapped_column(Integer, default=0)
    best: Mapped[int] = mapped_column(Integer, default=0)
    last_puzzle: Mapped[str | None] = mapped_column(String(48), nullable=True)


class ChatMessage(Base):
    """A line of a table's chat (rumizi.server.chat): typed text or a quick phrase's id.

    ``version`` is the table's version when it was sent, so the replay shows it in place;
    ``channel`` is ``players`` or ``spectators``.
    """

    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(
        ForeignKey("game_tables.id", ondelete="CASCADE"), index=True
    )
    version: Mapped[int] = mapped_column(Integer)
    channel: Mapped[str] = mapped_column(String(10))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str | None] = mapped_column(String(200), nullable=True)
    phrase: Mapped[str | None] = mapped_column(String(32), nullable=True)
    client_id: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)


# ---------------------------------------------------------------------- challenges and blocks


class Challenge(Base):
    """One player inviting another to a two-seat game (rumizi.server.challenges).

    ``status`` is ``pending`` until the challenged accepts (``table_id``: the table made) or
    declines, or the challenger cancels; a pending one older than its ten minutes reads as
    expired (worked out when read: nothing has to wake up to end it). ``answered``: when it
    stopped being pending.
    """

    __tablename__ = "challenges"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    challenger_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    challenged_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    clock: Mapped[dict[str, Any]] = mapped_column(JSON)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    status: Mapped[str] = mapped_column(String(10))  # pending, accepted, declined, cancelled
    created: Mapped[datetime] = mapped_column(UtcDateTime(), default=now, index=True)
    answered: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    table_id: Mapped[str | None] = mapped_column(
        ForeignKey("game_tables.id", ondelete="SET NULL"), nullable=True
    )


class Block(Base):
    """One player blocking another (rumizi.server.blocks): no challenges either way, no
    lobby pairing or seat beside them, and none of the blocked one's chat lines for the
    blocker. Read only by the blocker and by the server's own checks."""

    __tablename__ = "blocks"

    blocker_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    blocked_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    since: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)


# ---------------------------------------------------------------------- bot accounts


class ApiToken(Base):
    """A personal access token (rumizi.server.bot_accounts): sent as ``Authorization: Bearer``
    by its owner's programs, kept only as its SHA-256 (a leaked database gives none away),
    with the scopes it allows; ``revoked`` ends it at once on every instance (each use reads
    this row)."""

    __tablename__ = "api_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(60))
    scopes: Mapped[list[str]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    last_used: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    revoked: Mapped[bool] = mapped_column(Boolean, default=False)


# ---------------------------------------------------------------------- e-mail


class EmailSettings(Base):
    """A signed-up account's e-mail address and what it wants to be told (rumizi.server.mail).

    ``address`` gets nothing but its verification link until ``verified``; ``verify_hash`` is
    the SHA-256 of the one link that verifies it (until ``verify_expires``; used once).
    ``key`` signs the unsubscribe links (per account, never sent in any answer). ``lang``:
    the owner's display language when they last saved these (when they were last on the
    site is the account's own ``seen``).
    ``base_url``: the site's address as the owner reached it (links, without ``--site-url``).
    """

    __tablename__ = "email_settings"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    address: Mapped[str | None] = mapped_column(String(254), nullable=True)
    verified: Mapped[bool] = mapped_column(Boolean, default=False)
    verify_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    verify_expires: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    key: Mapped[str] = mapped_column(String(64))
    lang: Mapped[str] = mapped_column(String(2), default="fa")
    on_turn: Mapped[bool] = mapped_column(Boolean, default=False)
    on_challenge: Mapped[bool] = mapped_column(Boolean, default=False)
    on_tournament: Mapped[bool] = mapped_column(Boolean, default=False)
    base_url: Mapped[str] = mapped_column(String(200), default="")


class EmailJob(Base):
    """One e-mail to send (rumizi.server.mail): unique per (user, event), so an event told
    twice, by one instance or two, is one row and at most one e-mail.

    ``status``: ``waiting`` (due at ``due``, epoch seconds), ``sending`` (claimed by
    ``owner``: never claimed again, so a crash mid-send loses the e-mail rather than sending
    it twice), ``sent``, ``skipped`` (no longer wanted) or ``failed`` (after its tries).
    """

    __tablename__ = "email_jobs"
    __table_args__ = (UniqueConstraint("user_id", "event"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    event: Mapped[str] = mapped_column(String(120))
    kind: Mapped[str] = mapped_column(String(12))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    due: Mapped[float] = mapped_column(Float, index=True)
    status: Mapped[str] = mapped_column(String(10), default="waiting", index=True)
    tries: Mapped[int] = mapped_column(Integer, default=0)
    owner: Mapped[str | None] = mapped_column(String(120), nullable=True)
    sent: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


# ---------------------------------------------------------------------- moderation


class Report(Base):
    """A player's report of another (rumizi.server.moderation): of the player, of one of their
    chat lines (``table_id``, ``chat_id``, the line ``quoted`` as it was) or of their name.

    ``subject`` says what was reported (``player:7``, ``chat:TABLE:12``, ``name:7``): one
    reporter has one open report per subject. ``status``: ``open``, ``resolved`` (an admin
    acted on it) or ``dismissed``. Read by admins only.
    """

    __tablename__ = "reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    reporter_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    target_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(10))
    subject: Mapped[str] = mapped_column(String(80))
    table_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    chat_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    quoted: Mapped[str | None] = mapped_column(String(200), nullable=True)
    reason: Mapped[str] = mapped_column(String(20))
    text: Mapped[str | None] = mapped_column(String(200), nullable=True)
    status: Mapped[str] = mapped_column(String(10), default="open", index=True)
    created: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    closed: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class ModerationEntry(Base):
    """One admin action, kept for good (the audit log): who did what to whom, why and when.

    The names are copied as they were (a rename, or a deleted account, leaves the entry
    readable). ``notice``: a warning or rename the player has not been shown yet.
    """

    __tablename__ = "moderation_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    actor_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    actor_name: Mapped[str] = mapped_column(String(40))
    target_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True, index=True
    )
    target_name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    action: Mapped[str] = mapped_column(String(10))
    reason: Mapped[str] = mapped_column(String(200))
    details: Mapped[dict[str, Any]] = mapped_column(JSON)
    report_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    notice: Mapped[bool] = mapped_column(Boolean, default=False)
    at: Mapped[datetime] = mapped_column(UtcDateTime(), default=now, index=True)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL lets the page read while a move is written; FULL makes a commit survive a crash.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def database_path(data_dir: Path) -> Path:
    """The default database's file in ``data_dir`` (nothing is made)."""
    return data_dir / "rumizi.sqlite3"


def sqlite_url(data_dir: Path) -> str:
    """The default database: ``rumizi.sqlite3`` in ``data_dir``.

    A directory made here is its owner's alone (0700): the database holds password hashes and
    sessions, and SQLite makes its files readable by all unless the directory says otherwise.
    One that exists already keeps the mode its operator gave it.

    >>> import tempfile
    >>> made = Path(tempfile.mkdtemp()) / "rumizi"
    >>> url = sqlite_url(made)
    >>> oct(made.stat().st_mode & 0o777), url.endswith("rumizi/rumizi.sqlite3")
    ('0o700', True)
    """
    data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    return f"sqlite:///{database_path(data_dir)}"


def normalize_url(url: str) -> str:
    """Accept plain ``postgresql://`` URLs and use the psycopg 3 driver for them."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def make_engine(url: str) -> Engine:
    """An engine for ``url`` with the settings the server relies on.

    Its errors leave out their statements' parameters: a failed write's message goes to the
    log, and its parameters are a move's cards, a session's token, a password's hash."""
    url = normalize_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False}, hide_parameters=True)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True, hide_parameters=True)


log = logging.getLogger("rumizi.server.db")

MIGRATION_LOCK = 0x52554D495A49  # PostgreSQL advisory lock key: instances migrate one at a time


#: PostgreSQL's codes for a deadlock and for a lock not taken within ``lock_timeout``.
LOCK_FAILURES = frozenset({"40P01", "55P03"})


def migrate(engine: Engine, lock_timeout: float = 3.0, tries: int = 5) -> None:
    """Create or upgrade the schema to the newest migration.

    On PostgreSQL the upgrade holds an advisory lock for its transaction, so several instances
    started at once upgrade one after the other (the later ones find nothing left to do). A
    new release may start beside instances that are playing (a rolling upgrade): a statement
    of the upgrade that waits ``lock_timeout`` seconds for a table's lock gives up rather than
    hold every move behind it, and so does one caught in a deadlock with a move; the whole
    upgrade is then tried again, up to ``tries`` times, a little later each time.
    """
    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    for attempt in range(1, tries + 1):
        try:
            with engine.begin() as connection:
                if connection.dialect.name == "postgresql":
                    key = {"key": MIGRATION_LOCK}
                    connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), key)
                    wait = f"{int(lock_timeout * 1000)}ms"
                    connection.execute(text(f"SET LOCAL lock_timeout = '{wait}'"))
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
            return
        except OperationalError as err:
            code = getattr(err.orig, "sqlstate", None)
            if code not in LOCK_FAILURES or attempt == tries:
                raise
            log.warning("the schema's upgrade met a move's lock (%s); trying again", code)
            time.sleep(0.5 * attempt)


def session_factory(engine: Engine) -> sessionmaker[Any]:
    return sessionmaker(engine, expire_on_commit=False)


T = TypeVar("T")


def once_more_on_conflict(sessions: sessionmaker[Session], work: Callable[[Session], T]) -> T:
    """``work`` in one transaction; if it meets a unique key another request has just taken
    (the same first row made twice at once), it runs once more, and then sees that row."""
    try:
        with sessions.begin() as s:
            return work(s)
    except IntegrityError:
        with sessions.begin() as s:
            return work(s)
