"""The same server on PostgreSQL (CI starts one; a missing server fails, it does not skip).

The server is ``RUMIZI_TEST_POSTGRES`` (default ``postgresql://postgres@127.0.0.1:5432/test``);
each run makes a fresh database ``rumizi_test_<random>`` there and drops it afterwards.
"""

from __future__ import annotations

import os
import random
import secrets
from collections.abc import Iterator

import pytest

from tests.server.kit import ServerFactory, duel, play_random, rebuilt

ADMIN_URL = os.environ.get("RUMIZI_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")


@pytest.fixture
def postgres_url() -> Iterator[str]:
    import psycopg

    name = f"rumizi_test_{secrets.token_hex(6)}"
    try:
        admin = psycopg.connect(ADMIN_URL, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as err:
        pytest.fail(
            f"PostgreSQL is not reachable at {ADMIN_URL} ({err}). These tests need it: start "
            "it (scripts/system-deps does) or point RUMIZI_TEST_POSTGRES at one.",
            pytrace=False,
        )
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield ADMIN_URL.rsplit("/", 1)[0] + "/" + name
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def any_backend(request: pytest.FixtureRequest, db_url: str) -> str:
    """The test's database URL on each backend in turn: its SQLite file, then PostgreSQL."""
    if request.param == "sqlite":
        return db_url
    found: str = request.getfixturevalue("postgres_url")
    return found


def test_play_and_rebuild_on_postgresql(postgres_url: str, make_server: ServerFactory) -> None:
    # (postgres_url first: the servers stop before the database is dropped.)
    server = make_server(postgres_url)
    assert server.store.engine.dialect.name == "postgresql"
    first, second, table_id = duel(server)
    with first.socket(table_id) as s0, second.socket(table_id) as s1:
        state = play_random({0: s0, 1: s1}, random.Random(8), 20, s0.next_state())
        s1.wait_version(state["version"])
    version, export, count = server.snapshot(table_id)
    assert version == count == state["version"]
    assert rebuilt(server.store, table_id).export() == export

    # A restart on the same database: the same state, and the game goes on.
    server.close()
    again = make_server(postgres_url)
    assert again.snapshot(table_id) == (version, export, count)
    with first.on(again).socket(table_id) as s0, second.on(again).socket(table_id) as s1:
        s0.next_state()
        s1.next_state()
        after = play_random({0: s0, 1: s1}, random.Random(9), 2, s0.state or {})
    assert after["version"] == version + 2 or after["result"] is not None
    assert rebuilt(again.store, table_id).export() == again.snapshot(table_id)[1]
    # The accounts and the game list live there too.
    assert [g["id"] for g in first.on(again).get("/api/my/games").json()] == [table_id]
