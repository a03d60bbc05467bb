"""When the whole service was down, so that no player's clock runs while nobody could move.

A clock counts the time between the moves stored for its table; a server that is down
between two of them would charge its player for time in which no move could be made. So
every instance moves a heartbeat on (:func:`beat`, every :data:`BEAT` seconds, and once more
as it stops), and a starting instance (:func:`note_start`) compares it with now:

* one plain instance is the whole service, so any time since its last beat (or since the
  newest stored move, if later) was an outage;
* among several instances (``--redis``) another may have been up: only a beat older than
  :data:`STALE` seconds says that none was, and then the outage ran from that beat.

The outage is stored (table ``outages``) in the transaction that reads the beat, under a
row lock on PostgreSQL, so instances starting together record it once. Clocks take the list
of outages (:class:`rumizi.server.scheduling.Clock`) and leave those times out of what their owner
used. A beat is a few seconds coarse: a player may get back up to :data:`BEAT` seconds the
server was up before it died, and a whole cluster restarted within :data:`STALE` seconds
charges its players for that restart.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import Update, or_, select, update
from sqlalchemy.orm import sessionmaker

from rumizi.server.db import Heartbeat, Outage, PlayedAction

BEAT = 1.0  # seconds between an instance's heartbeats
STALE = 5.0  # several instances: a heartbeat this old means none of them was up

Outages = tuple[tuple[float, float], ...]


def _moved_on(at: float) -> Update:
    """The heartbeat at ``at``, unless it is later already (it never goes back)."""
    return (
        update(Heartbeat)
        .where(Heartbeat.id == 1, or_(Heartbeat.alive.is_(None), Heartbeat.alive < at))
        .values(alive=at)
    )


def beat(sessions: sessionmaker[Any], at: float) -> None:
    """This instance is up at ``at``."""
    with sessions.begin() as s:
        s.execute(_moved_on(at))


def note_start(sessions: sessionmaker[Any], at: float, alone: bool) -> Outages:
    """An instance starts at ``at``: store the outage that ends now, if there was one; every
    outage so far, in order, overlapping ones merged. ``alone``: one plain instance."""
    with sessions.begin() as s:
        alive = s.scalar(select(Heartbeat.alive).where(Heartbeat.id == 1).with_for_update())
        if alive is None and s.get(Heartbeat, 1) is None:
            s.add(Heartbeat(id=1, alive=None))
        if alive is not None and (alone or at - alive > STALE):
            newest = s.scalar(select(PlayedAction.at).order_by(PlayedAction.id.desc()).limit(1))
            began = max(alive, newest.timestamp() if newest is not None else alive)
            if began < at:
                s.add(Outage(began=began, ended=at))
        s.flush()
        s.execute(_moved_on(at))
        rows = s.execute(select(Outage.began, Outage.ended).order_by(Outage.began)).all()
    return merged((began, ended) for began, ended in rows)


def merged(spans: Iterable[tuple[float, float]]) -> Outages:
    """``spans`` in order, overlapping ones made one (two starts may both have seen a gap)."""
    found: list[tuple[float, float]] = []
    for began, ended in sorted(spans):
        if found and began <= found[-1][1]:
            found[-1] = (found[-1][0], max(found[-1][1], ended))
        else:
            found.append((float(began), float(ended)))
    return tuple(found)
