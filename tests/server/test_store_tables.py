"""The store's reads of tables: one row mapper behind every query (a table read alone, a
player's games, the lobby's lists), the lobby's rows without what only players may know, and
keyword-only arguments where a bare ``True`` or a seed would otherwise go unnamed."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from rumizi.server.db import make_engine, migrate, now
from rumizi.server.store import SeatRow, Store, TableRow

DAY = timedelta(days=1)
WEEK = timedelta(days=7)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    engine = make_engine(f"sqlite:///{tmp_path / 'store.sqlite3'}")
    migrate(engine)
    yield Store(engine)
    engine.dispose()


def made(store: Store, creator: int, other: int | None, **table: Any) -> TableRow:
    seats = [SeatRow(0, "human", None, creator, None), SeatRow(1, "human", None, other, None)]
    settings: dict[str, Any] = {"clock": {"kind": "none"}, "rated": False, **table}
    return store.create_table(
        game="star-realms",
        options={"players": 2},
        players=2,
        seed=11,
        seats=seats,
        creator=creator,
        **settings,
    )


def lobby_rows(store: Store) -> list[TableRow]:
    return store.listed_tables(
        at=now(), within=WEEK, open_for=lambda clock: DAY, idle_for=lambda clock: DAY
    )


def test_every_read_maps_a_table_to_the_same_row(store: Store) -> None:
    (alice, _), (bob, _) = store.create_guest(), store.create_guest()
    playing = made(store, alice.id, bob.id, listed=True)
    waiting = made(store, alice.id, None, listed=True)
    private = made(store, alice.id, bob.id)
    loaded = [row for t in (private, waiting, playing) if (row := store.load_table(t.id))]
    assert store.user_games(alice.id) == loaded  # newest first, seats and names included
    assert loaded[2] == playing and playing.status == "playing" and waiting.status == "waiting"
    assert [s.name for s in playing.seats] == [alice.name, bob.name]
    assert [s.user_id for s in waiting.seats] == [alice.id, None]
    # The lobby's rows are the same rows, less what only the table's people may know.
    public = [replace(row, invite="", result=None, created_by=None) for row in loaded]
    assert store.unfinished_tables(alice.id, limit=30) == public
    assert store.unfinished_tables(bob.id, limit=1) == [public[0]]
    assert lobby_rows(store) == [public[1], public[2]]  # listed: waiting ones first
    assert all(row.invite and row.created_by == alice.id for row in loaded)


def test_the_lobby_lists_a_table_for_as_long_as_its_clock_says(store: Store) -> None:
    (alice, _) = store.create_guest()
    table = made(store, alice.id, None, listed=True, clock={"kind": "turn", "per_move": 86400})

    def listed(open_for: timedelta, within: timedelta = WEEK) -> list[str]:
        rows = store.listed_tables(
            at=now() + 2 * DAY, within=within, open_for=lambda c: open_for, idle_for=lambda c: DAY
        )
        return [row.id for row in rows]

    assert listed(open_for=WEEK) == [table.id]  # two days old: a day-per-move table shows
    assert listed(open_for=DAY) == []  # a live one has gone
    assert listed(open_for=WEEK, within=DAY) == []  # nothing older than ``within`` is read


def test_a_table_is_made_and_read_with_named_arguments_only(store: Store) -> None:
    (alice, _) = store.create_guest()
    table = made(store, alice.id, None)
    with pytest.raises(TypeError):
        store.load_table(table.id, True)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        store.create_table("star-realms", {}, 2, 1, [], {}, False, alice.id)  # type: ignore[call-arg]
    found = store.load_table(table.id, actions=True)
    assert found is not None and found.actions == [] and not found.listed
