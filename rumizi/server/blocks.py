"""Blocks: a player keeps another away — no challenges either way, no quick match or lobby
seat together, and none of the blocked one's chat lines for the blocker.

A block is one row (``blocks``: blocker, blocked, since). Who reads it:

- the blocker, through ``GET /api/my/blocks`` and the Block button of a profile; nobody else
  is ever told of it — a profile, the lobby, a table read the same for everyone;
- the server's own checks, each of which refuses or leaves out without naming a direction:
  a challenge (:mod:`rumizi.server.challenges`), the quick match and a lobby seat
  (:mod:`rumizi.server.lobby`), the chat (:mod:`rumizi.server.chat`, which looks the
  author's blockers up for every line it sends, so a block holds at once and on every
  instance).

Blocking ends what was pending between the two as either could have ended it alone, so the
other reads an ordinary answer (:func:`rumizi.server.challenges.blocking`): a challenge the
blocker had received is declined, one the blocker had sent is withdrawn. Follows are left
alone: a follower count that dropped would tell a third person what happened.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import and_, delete, or_, select
from sqlalchemy.orm import Session

from rumizi.server.db import Block, User, now


@dataclass(frozen=True)
class Blocked:
    """A player the caller blocked, and since when."""

    name: str
    guest: bool
    since: datetime


def block(s: Session, blocker: int, blocked: int, on: bool) -> None:
    """``blocker`` blocks ``blocked`` (``on``) or no longer does; asking twice is the same.

    (What was pending between them is ended by :func:`rumizi.server.challenges.blocking`,
    which calls this in the same transaction.)"""
    s.execute(delete(Block).where(Block.blocker_id == blocker, Block.blocked_id == blocked))
    if on:
        s.add(Block(blocker_id=blocker, blocked_id=blocked, since=now()))


def blocked_list(s: Session, blocker: int) -> list[Blocked]:
    """The players ``blocker`` blocked, by name."""
    rows = s.execute(
        select(User.name, User.guest, Block.since)
        .join(Block, Block.blocked_id == User.id)
        .where(Block.blocker_id == blocker)
        .order_by(User.name)
    ).all()
    return [Blocked(name, guest, since) for name, guest, since in rows]


def between(s: Session, one: int, other: int) -> bool:
    """Whether either of the two blocked the other."""
    found = s.scalar(
        select(Block.blocker_id).where(
            or_(
                and_(Block.blocker_id == one, Block.blocked_id == other),
                and_(Block.blocker_id == other, Block.blocked_id == one),
            )
        )
    )
    return found is not None


def kept_apart(s: Session, user_id: int) -> set[int]:
    """Everyone ``user_id`` blocked or was blocked by: the people not to pair them with."""
    rows = s.execute(
        select(Block.blocker_id, Block.blocked_id).where(
            or_(Block.blocker_id == user_id, Block.blocked_id == user_id)
        )
    ).all()
    return {blocked if blocker == user_id else blocker for blocker, blocked in rows}


def blocked_by(s: Session, blocker: int) -> set[int]:
    """Whom ``blocker`` blocked (whose chat lines they are not sent)."""
    return set(s.scalars(select(Block.blocked_id).where(Block.blocker_id == blocker)))


def blockers_of(s: Session, authors: Collection[int]) -> set[int]:
    """Everyone who blocked one of ``authors`` (who is not sent those authors' lines)."""
    if not authors:
        return set()
    return set(s.scalars(select(Block.blocker_id).where(Block.blocked_id.in_(list(authors)))))
