"""Challenges: one player invites another to a game with chosen options, clock and rating;
the other accepts (a table opens with both seated) or declines.

A challenge is one row (``challenges``) and always for two seats: it is between two people,
so a game of three to six seats is not offered (its options must allow two, or the game
refuses them: ``invalid-options``). Its life:

- ``pending`` from when it is made, for :data:`EXPIRES`; after that it reads as
  ``expired``. Nothing wakes up to end it: each read works the status out from the time
  (:func:`status`), so every instance agrees without a timer.
- ``accepted`` by the challenged: in the same transaction the table is made
  (:func:`rumizi.server.store.add_table`, as every table is made) with the challenger at
  seat 0 and the challenged at seat 1, rated as asked, listed in the lobby to be watched as
  a quick match's table is. A second accept answers the same table.
- ``declined`` by the challenged, ``cancelled`` (withdrawn) by the challenger; asking twice
  is the same. Any other answer to a challenge that is no longer pending is
  ``challenge-answered``.

Each write runs in the hub's one database thread (:meth:`rumizi.server.hub.Hub.db`), and
the accept reads the challenge ``FOR UPDATE``: two accepts at once, from one instance or two,
make one table.

What may be asked, and what is refused: a bot account challenges a person only if that
person takes challenges from bots (``not-accepting-bots``: their account page's setting, off
unless chosen; :mod:`rumizi.server.bot_accounts`); a guest neither makes nor receives a
rated challenge (``sign-up``); a player who blocked the other, or was blocked by them
(:mod:`rumizi.server.blocks`), cannot challenge them, and is told only
``not-accepting-challenges`` — the answer a player with :data:`MOST_WAITING` challenges
waiting also gives, so it names no block and no direction. One challenger has at most
:data:`MOST_SENT` challenges waiting (``too-many-challenges``), and a new challenge to the
same person replaces the one still waiting. Challenges older than :data:`KEPT` are deleted
when the next one is made.

Who reads a challenge: its two players only — ``GET /api/challenges`` and the lobby's
snapshot (``challenges``) list the caller's pending ones both ways and those answered within
:data:`RECENT` (the challenger's page learns there that its challenge was accepted, and
where the table is).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

from sqlalchemy import and_, delete, func, or_, select, update
from sqlalchemy.orm import Session, aliased

from rumizi.server import blocks, db, mail, schemas, takeback
from rumizi.server.db import Challenge, User
from rumizi.server.errors import ApiError, ErrorCode
from rumizi.server.store import SeatRow, Store, add_table

EXPIRES = timedelta(minutes=10)  # a challenge nobody answered in this long has expired
RECENT = timedelta(minutes=10)  # an answered (or expired) one is still listed this long
KEPT = timedelta(days=1)  # older ones are deleted
MOST_WAITING = 20  # challenges waiting for one player's answer; more are refused
MOST_SENT = 10  # challenges one player has waiting for others' answers

Status = Literal["pending", "accepted", "declined", "cancelled", "expired"]
Answer = Literal["accept", "decline", "cancel"]


def now() -> datetime:
    """The time challenges are made and read at (tests move it on to expire one)."""
    return db.now()


def status(stored: str, created: datetime, at: datetime) -> Status:
    """A challenge's status at ``at``: a pending one made :data:`EXPIRES` ago has expired.

    >>> made = datetime(2026, 1, 1, 12, 0)
    >>> status("pending", made, made + EXPIRES / 2), status("pending", made, made + EXPIRES)
    ('pending', 'expired')
    >>> status("declined", made, made + EXPIRES * 3)
    'declined'
    """
    if stored == "pending" and at >= created + EXPIRES:
        return "expired"
    if stored not in ("pending", "accepted", "declined", "cancelled"):
        raise ValueError(f"not a challenge's status: {stored!r}")
    return stored  # type: ignore[return-value]  # one of the four, as checked


@dataclass(frozen=True)
class Asked:
    """What a challenge asks for: the game, its options (two seats), the clock, rated."""

    game: str
    options: dict[str, Any]
    clock: dict[str, Any]
    rated: bool


@dataclass(frozen=True)
class Seen:
    """A challenge as one of its two players reads it (``incoming``: they were challenged)."""

    id: str
    challenger: str
    challenged: str
    incoming: bool
    asked: Asked
    status: Status
    created: datetime
    table_id: str | None

    @property
    def expires(self) -> datetime:
        """When it expires if nobody answers."""
        return self.created + EXPIRES


def model(seen: Seen) -> schemas.Challenge:
    """The answer's model of a challenge (``table`` and ``url`` only once accepted)."""
    found: dict[str, Any] = {
        "id": seen.id,
        "from": seen.challenger,
        "to": seen.challenged,
        "incoming": seen.incoming,
        "game": seen.asked.game,
        "options": seen.asked.options,
        "clock": seen.asked.clock,
        "rated": seen.asked.rated,
        "status": seen.status,
        "created": seen.created.isoformat(),
        "expires": seen.expires.isoformat(),
    }
    if seen.status == "accepted" and seen.table_id is not None:
        found["table"] = seen.table_id
        found["url"] = f"/t/{seen.table_id}"
    return schemas.Challenge.model_validate(found)


def _pending(at: datetime) -> Any:
    """The SQL condition of a challenge still pending at ``at``."""
    return and_(Challenge.status == "pending", Challenge.created > at - EXPIRES)


def _read(s: Session, row: Challenge, reader: int, at: datetime) -> Seen:
    ids = [row.challenger_id, row.challenged_id]
    names = {
        user_id: name
        for user_id, name in s.execute(select(User.id, User.name).where(User.id.in_(ids)))
    }
    return Seen(
        row.id,
        names[row.challenger_id],
        names[row.challenged_id],
        reader == row.challenged_id,
        Asked(row.game, dict(row.options), dict(row.clock), row.rated),
        status(row.status, row.created, at),
        row.created,
        row.table_id,
    )


def make(store: Store, challenger: int, challenged: int, asked: Asked) -> Seen:
    """``challenger`` challenges ``challenged`` (both existing, not the same account) to
    ``asked``, whose options the game has already taken for two seats; refused with
    ``sign-up``, ``not-accepting-challenges`` or ``too-many-challenges``."""
    at = now()
    with store.sessions.begin() as s:
        people = {
            u.id: u for u in s.scalars(select(User).where(User.id.in_([challenger, challenged])))
        }
        if asked.rated and people[challenger].guest:
            raise ApiError(ErrorCode.SIGN_UP, "sign up to play rated games")
        if asked.rated and people[challenged].guest:
            raise ApiError(ErrorCode.SIGN_UP, "a guest cannot be challenged to a rated game")
        # A bot challenges a person only if they opted in (bots take bots' challenges).
        if (
            people[challenger].bot
            and not people[challenged].bot
            and not people[challenged].bot_challenges
        ):
            raise ApiError(
                ErrorCode.NOT_ACCEPTING_BOTS, "this player takes no challenges from bots"
            )
        # A block, whichever way, and a full inbox answer alike: nothing tells them apart.
        refused = ApiError(
            ErrorCode.NOT_ACCEPTING_CHALLENGES, "this player is not taking your challenges now"
        )
        if blocks.between(s, challenger, challenged):
            raise refused
        others = Challenge.challenger_id != challenger
        waiting = s.scalar(
            select(func.count()).where(_pending(at), Challenge.challenged_id == challenged, others)
        )
        if (waiting or 0) >= MOST_WAITING:
            raise refused
        elsewhere = Challenge.challenged_id != challenged
        sent = s.scalar(
            select(func.count()).where(
                _pending(at), Challenge.challenger_id == challenger, elsewhere
            )
        )
        if (sent or 0) >= MOST_SENT:
            raise ApiError(ErrorCode.TOO_MANY_CHALLENGES, f"at most {MOST_SENT} waiting at once")
        # The one still waiting for the same person is replaced (withdrawn).
        s.execute(
            update(Challenge)
            .where(
                Challenge.status == "pending",
                Challenge.challenger_id == challenger,
                Challenge.challenged_id == challenged,
            )
            .values(status="cancelled", answered=at)
        )
        s.execute(delete(Challenge).where(Challenge.created < at - KEPT))
        while True:
            challenge_id = secrets.token_urlsafe(8)[:10]
            if s.get(Challenge, challenge_id) is None:
                break
        row = Challenge(
            id=challenge_id,
            challenger_id=challenger,
            challenged_id=challenged,
            game=asked.game,
            options=asked.options,
            clock=asked.clock,
            rated=asked.rated,
            status="pending",
            created=at,
        )
        s.add(row)
        s.flush()
        # The challenged may have asked for an e-mail (rumizi.server.mail): told once, here.
        mail.challenge_made(s, challenged, challenge_id, people[challenger].name, asked.game)
        return _read(s, row, challenger, at)


#: What each answer makes of a pending challenge, and who may give it.
ANSWERS: dict[Answer, tuple[Status, Literal["challenger", "challenged"]]] = {
    "accept": ("accepted", "challenged"),
    "decline": ("declined", "challenged"),
    "cancel": ("cancelled", "challenger"),
}


def answer(store: Store, challenge_id: str, user_id: int, given: Answer) -> Seen:
    """``user_id`` accepts, declines or cancels the challenge (the same answer again: the
    same); an accept makes the table, with both players seated."""
    at = now()
    becomes, who = ANSWERS[given]
    with store.sessions.begin() as s:
        row = s.get(Challenge, challenge_id, with_for_update=True)
        if row is None or user_id not in (row.challenger_id, row.challenged_id):
            # Someone else's challenge is no more theirs to see than one that does not exist.
            raise ApiError(ErrorCode.UNKNOWN_CHALLENGE, "no such challenge of yours")
        if user_id != (row.challenger_id if who == "challenger" else row.challenged_id):
            raise ApiError(
                ErrorCode.NOT_YOUR_CHALLENGE, f"only the {who} may {given} this challenge"
            )
        now_is = status(row.status, row.created, at)
        if now_is == becomes:
            return _read(s, row, user_id, at)
        if now_is != "pending":
            raise ApiError(ErrorCode.CHALLENGE_ANSWERED, f"the challenge is {now_is}")
        if becomes == "accepted":
            row.table_id = _table(s, row)
        row.status, row.answered = becomes, at
        s.flush()
        return _read(s, row, user_id, at)


def _table(s: Session, row: Challenge) -> str:
    """The challenge's table, in the transaction that accepts it: the challenger at seat 0."""
    seats = [
        SeatRow(0, "human", None, row.challenger_id, None),
        SeatRow(1, "human", None, row.challenged_id, None),
    ]
    options = {**row.options, "players": 2, takeback.OPTION: takeback.default(row.rated)}
    return add_table(
        s,
        game=row.game,
        options=options,
        players=2,
        seed=secrets.randbits(62),
        seats=seats,
        clock=dict(row.clock),
        rated=row.rated,
        creator=row.challenger_id,
        listed=True,  # watched from the lobby, as a quick match's table is
    )


def listed(store: Store, user_id: int) -> list[Seen]:
    """``user_id``'s challenges both ways: those pending, and those answered or expired
    within :data:`RECENT`; newest first."""
    at = now()
    challenger, challenged = aliased(User), aliased(User)
    with store.sessions() as s:
        rows = s.execute(
            select(Challenge, challenger.name, challenged.name)
            .join(challenger, challenger.id == Challenge.challenger_id)
            .join(challenged, challenged.id == Challenge.challenged_id)
            .where(
                or_(Challenge.challenger_id == user_id, Challenge.challenged_id == user_id),
                # Answers come while pending, so nothing older can have ended lately.
                Challenge.created > at - EXPIRES - RECENT,
            )
            .order_by(Challenge.created.desc(), Challenge.id)
        ).all()
    found = []
    for row, by, to in rows:
        now_is = status(row.status, row.created, at)
        ended = row.answered or row.created + EXPIRES
        if now_is != "pending" and ended <= at - RECENT:
            continue
        asked = Asked(row.game, dict(row.options), dict(row.clock), row.rated)
        incoming = row.challenged_id == user_id
        found.append(Seen(row.id, by, to, incoming, asked, now_is, row.created, row.table_id))
    return found


def blocking(store: Store, blocker: int, blocked: int, on: bool) -> None:
    """``blocker`` blocks ``blocked`` (``on``) or no longer does (:func:`.blocks.block`).

    A block ends what was pending between them as either could have ended it alone, so the
    blocked player reads an ordinary answer: a challenge the blocker had received is
    declined, one the blocker had sent is withdrawn.
    """

    def work(s: Session) -> None:
        blocks.block(s, blocker, blocked, on)
        if not on:
            return
        at = now()
        for by, to, ended in ((blocked, blocker, "declined"), (blocker, blocked, "cancelled")):
            s.execute(
                update(Challenge)
                .where(_pending(at), Challenge.challenger_id == by, Challenge.challenged_id == to)
                .values(status=ended, answered=at)
            )

    # Two blocks sent at once (two instances) would both insert the row: the second runs again.
    db.once_more_on_conflict(store.sessions, work)
