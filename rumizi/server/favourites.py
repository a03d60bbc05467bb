"""A player's favourites per game (the profile's "most bought factions"), from their games.

Each game says what its finished games count toward a seat's favourites with its
``favourites`` add-on (:class:`rumizi.core.addons.FavouritesAddOn`). A finished table is
replayed once — its moves that stand, the ones taken back left out — and the counts are kept
with it (table ``favourite_tallies``), so a profile only adds up its player's rows: a player
with hundreds of games costs one query, not hundreds of replays.

A table is counted the first time a profile of one of its players is read. That read counts
at most :data:`COUNT_NOW` of the player's tables not yet counted, newest first, and says how
many are still waiting (``pending``); the route counts the rest after answering, in batches
(:func:`count_waiting`). Everything lives in the database: any instance may count a table,
and two that count the same one at once keep the first row.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, func, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from rumizi.core import undo
from rumizi.core.addons import Favourites, FavouritesAddOn
from rumizi.core.contract import Event
from rumizi.core.registry import game_ids, game_module
from rumizi.server.db import FavouriteTally, GameTable, Seat
from rumizi.server.hub import new_state
from rumizi.server.plugins import catalogue_order
from rumizi.server.store import Store, TableRow

log = logging.getLogger("rumizi.server.favourites")

#: The most tables one profile read replays before it answers (each a few milliseconds).
COUNT_NOW = 10
#: Tables counted per transaction when the rest are counted after the answer.
BATCH = 50


def add_on(game: str) -> FavouritesAddOn | None:
    """``game``'s ``favourites`` add-on, or ``None`` (a game without favourites)."""
    try:
        found: FavouritesAddOn | None = game_module(game, "favourites")
    except KeyError:  # a game this server no longer knows
        return None
    return found


def counted_games() -> list[str]:
    """The games whose finished tables count toward favourites, in the catalogue's order."""
    return catalogue_order([g for g in game_ids() if add_on(g) is not None])


def tally_table(row: TableRow) -> list[dict[str, int]]:
    """What the finished table ``row`` (with its actions) counts for each seat."""
    counter = add_on(row.game)
    if counter is None:
        return []
    state = new_state(row)
    trail = undo.Trail()
    by_version: list[list[Event]] = []
    for version, (_seat, action, _client, _at) in enumerate(row.actions, start=1):
        state, happened = trail.play(state, version, action)
        by_version.append(happened)
    standing = [e for v, found in enumerate(by_version, 1) if v not in trail.undone for e in found]
    counted = counter.tally(state, standing)
    return [{str(k): int(n) for k, n in seat.items() if n > 0} for seat in counted]


def _waiting(user_id: int) -> Any:
    """The query of ``user_id``'s finished tables not counted yet (or counted by an older
    tally than their game's now), newest first."""
    stale = []
    for game in counted_games():
        counter = add_on(game)
        assert counter is not None
        version = func.coalesce(FavouriteTally.version, -1)
        stale.append(and_(GameTable.game == game, version != counter.TALLY_VERSION))
    if not stale:
        return None
    return (
        select(GameTable.id)
        .join(Seat, Seat.table_id == GameTable.id)
        .outerjoin(FavouriteTally, FavouriteTally.table_id == GameTable.id)
        .where(Seat.user_id == user_id, GameTable.status == "over", or_(*stale))
        .order_by(GameTable.finished.desc(), GameTable.id)
    )


def count_tables(store: Store, table_ids: list[str]) -> int:
    """Replay and keep the tallies of ``table_ids`` (finished tables); how many were kept.

    A table whose replay fails (a game changed under an old record) is kept with no counts,
    so it is not replayed on every read; two instances counting one table keep one row.
    """
    kept = 0
    for table_id in table_ids:
        row = store.load_table(table_id, actions=True)
        counter = None if row is None else add_on(row.game)
        if row is None or counter is None or row.status != "over":
            continue
        try:
            tallies = tally_table(row)
        except Exception:  # one bad old record must not stop the others' counting
            log.warning("table %s: favourites not counted", table_id, exc_info=True)
            tallies = [{} for _ in range(row.players)]
        try:
            with store.sessions.begin() as s:
                found = s.get(FavouriteTally, table_id)
                if found is None:
                    s.add(
                        FavouriteTally(
                            table_id=table_id, version=counter.TALLY_VERSION, tallies=tallies
                        )
                    )
                else:
                    found.version, found.tallies = counter.TALLY_VERSION, tallies
            kept += 1
        except IntegrityError:  # another instance counted it at the same moment
            continue
    return kept


def count_some(store: Store, user_id: int, limit: int | None) -> int:
    """Count up to ``limit`` (``None``: all) of ``user_id``'s tables still waiting, newest
    first; how many still wait after."""
    query = _waiting(user_id)
    if query is None:
        return 0
    with store.sessions() as s:
        ids = list(s.scalars(query if limit is None else query.limit(limit)))
    count_tables(store, ids)
    if limit is not None and len(ids) < limit:
        return 0
    with store.sessions() as s:
        return int(s.scalar(select(func.count()).select_from(query.subquery())) or 0)


def count_waiting(store: Store, user_id: int) -> None:
    """Count every table of ``user_id`` still waiting, :data:`BATCH` at a time (after a
    profile's answer: it said how many were waiting)."""
    while count_some(store, user_id, BATCH):
        pass


@dataclass(frozen=True)
class GameFavourites:
    """One game's favourites of a player, in the reader's language."""

    game: str
    favourites: Favourites


def read(s: Session, user_id: int, lang: str) -> list[GameFavourites]:
    """``user_id``'s favourites per game from the tables counted so far (games with nothing
    counted left out), in the order of :func:`counted_games`."""
    rows = s.execute(
        select(GameTable.game, Seat.seat, FavouriteTally.tallies)
        .join(Seat, Seat.table_id == GameTable.id)
        .join(FavouriteTally, FavouriteTally.table_id == GameTable.id)
        .where(Seat.user_id == user_id, GameTable.status == "over")
    ).all()
    totals: dict[str, Counter[str]] = {}
    for game, seat, tallies in rows:
        if isinstance(tallies, list) and 0 <= seat < len(tallies):
            totals.setdefault(game, Counter()).update(tallies[seat])
    found = []
    for game in counted_games():
        counter = add_on(game)
        if counter is None or not totals.get(game):
            continue
        said = counter.favourites(totals[game], lang)
        if said.items:
            found.append(GameFavourites(game, said))
    return found
