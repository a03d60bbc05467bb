"""Fixtures of the web server's tests (the helpers are in :mod:`tests.server.kit`)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest
from argon2 import PasswordHasher
from starlette.testclient import TestClient

from rumizi.server import auth
from rumizi.server.app import Settings, create_app
from tests.server.kit import Server, ServerFactory


@pytest.fixture(autouse=True)
def quick_password_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Argon2id with tiny costs: the real ones take half a second a hash on a small machine.

    (``test_password_is_hashed_and_never_shown`` puts the real hasher back.)
    """
    monkeypatch.setattr(
        auth, "_HASHER", PasswordHasher(time_cost=1, memory_cost=256, parallelism=1)
    )


@pytest.fixture
def db_url(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'rumizi.sqlite3'}"


@pytest.fixture
def make_server(db_url: str) -> Iterator[ServerFactory]:
    """Start servers (default: on the test's SQLite file, bots in a thread)."""
    started: list[Server] = []

    def make(url: str | None = None, **settings: Any) -> Server:
        settings.setdefault("bot_workers", 0)
        app = create_app(Settings(db_url=url or db_url, **settings))
        main = TestClient(app)
        main.__enter__()
        found = Server(url or db_url, app, main)
        started.append(found)
        return found

    yield make
    for found in reversed(started):
        with contextlib.suppress(Exception):
            found.close()


@pytest.fixture
def server(make_server: ServerFactory) -> Server:
    return make_server()
