"""The load balancers' health checks: ``/healthz`` (the process answers) and ``/readyz``."""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
from sqlalchemy import text

from rumizi.server.routes import health
from rumizi.server.routes.health import Readiness
from tests.server.kit import RedisServer, ServerFactory, free_port, in_own_loop, start_nginx
from tests.server.test_postgres import any_backend, postgres_url  # noqa: F401 (fixtures)


def test_healthz_answers_ok_without_a_session(make_server: ServerFactory) -> None:
    response = make_server().browser().get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_readyz_is_ready_on_a_fresh_server(
    any_backend: str,  # noqa: F811
    make_server: ServerFactory,
) -> None:
    response = make_server(any_backend).browser().get("/readyz")
    assert response.status_code == 200, response.text
    assert response.json() == {
        "status": "ready",
        "checks": {"database": "ok", "migrations": "ok"},
    }


def test_readyz_names_migrations_behind_head(
    any_backend: str,  # noqa: F811
    make_server: ServerFactory,
) -> None:
    """The database's revision set one step back, as an older release would have left it."""
    server = make_server(any_backend)
    head = health.migrations_head()
    previous = f"{int(head) - 1:04d}"  # the migrations are numbered 0001, 0002, ...
    with server.store.engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = :at"), {"at": previous})
    response = server.browser().get("/readyz")
    assert response.status_code == 503
    answer = Readiness.model_validate(response.json())
    assert answer.status == "not-ready"
    assert answer.checks == {"database": "ok", "migrations": f"behind: at {previous}, head {head}"}


def test_readyz_names_redis_when_it_is_unreachable(make_server: ServerFactory) -> None:
    closed = free_port()  # bound and released: nothing listens there
    server = make_server(redis_url=f"redis://127.0.0.1:{closed}/0")
    response = server.browser().get("/readyz")
    assert response.status_code == 503
    checks = response.json()["checks"]
    assert checks["database"] == "ok" and checks["migrations"] == "ok"
    assert checks["redis"].startswith("unreachable: "), checks


def test_readyz_names_redis_ok_when_it_answers(make_server: ServerFactory) -> None:
    redis = RedisServer().start()
    try:
        server = make_server(redis_url=redis.url)
        response = server.browser().get("/readyz")
        assert response.status_code == 200, response.text
        assert response.json()["checks"] == {"database": "ok", "migrations": "ok", "redis": "ok"}
        server.close()  # before its Redis goes
    finally:
        redis.stop()


def test_a_revision_of_a_newer_release_is_named_as_such() -> None:
    head = health.migrations_head()
    assert health.migrations_check(head) == "ok"
    assert health.migrations_check(None) == f"behind: at nothing, head {head}"
    assert health.migrations_check("9999") == (
        f"unknown revision 9999 (a newer release's?), head {head}"
    )


def test_a_redis_that_never_answers_fails_by_the_checks_own_timeout() -> None:
    """A listener that accepts and says nothing: the check gives up after its timeout."""

    async def probe() -> str:
        async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await reader.read()  # holds the connection open until the client goes
            writer.close()

        listener = await asyncio.start_server(silent, "127.0.0.1", 0)
        port = listener.sockets[0].getsockname()[1]
        async with listener:
            return await health.redis_check(f"redis://127.0.0.1:{port}/0", timeout=0.2)

    assert in_own_loop(probe) == "no answer within 0.2 s"


def test_a_database_that_never_answers_fails_by_the_checks_own_timeout() -> None:
    """A database call that hangs: the probe answers after the timeout, naming the database."""

    class HungEngine:
        def connect(self) -> None:
            blocked.wait()  # released once the probe has answered

    blocked = threading.Event()

    async def probe() -> dict[str, str]:
        try:
            return await health.database_checks(HungEngine(), timeout=0.2)  # type: ignore[arg-type]
        finally:
            blocked.set()

    assert in_own_loop(probe) == {
        "database": "no answer within 0.2 s",
        "migrations": "unknown",
    }


def test_the_probes_stay_out_of_the_access_log() -> None:
    quiet = health.QuietProbes()

    def record(path: str) -> logging.LogRecord:
        args = ("127.0.0.1:5000", "GET", path, "1.1", 200)
        return logging.LogRecord("uvicorn.access", logging.INFO, "", 0, "%s %s %s", args, None)

    assert not quiet.filter(record("/healthz"))
    assert not quiet.filter(record("/readyz?x=1"))
    assert quiet.filter(record("/api/me"))


# ---------------------------------------------------------------------- through docs/nginx.conf

NOT_READY = {"status": "not-ready", "checks": {"database": "ok", "redis": "unreachable: X"}}


class NotReadyInstance(BaseHTTPRequestHandler):
    """An instance whose Redis is away: alive (/healthz 200), not ready (/readyz 503)."""

    def do_GET(self) -> None:
        status, body = (200, {"status": "ok"}) if self.path == "/healthz" else (503, NOT_READY)
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        pass  # the test's output stays quiet


@contextmanager
def instance() -> Iterator[int]:
    """A :class:`NotReadyInstance` on a loopback port, served from a thread: its port."""
    served = ThreadingHTTPServer(("127.0.0.1", 0), NotReadyInstance)
    thread = threading.Thread(target=served.serve_forever, daemon=True)
    thread.start()
    try:
        yield served.server_address[1]
    finally:
        served.shutdown()
        served.server_close()


def test_nginx_passes_readyz_on_and_keeps_not_ready_instances(tmp_path: Path) -> None:
    """docs/nginx.conf routes both probes; a 503 from /readyz reaches the monitor as it is,
    and is not counted as a failed instance (every instance fails /readyz when the shared
    Redis is away, and they serve on): /healthz still answers 200 after many such 503s, and
    also when one instance is dead (its port closed)."""
    with instance() as first, instance() as second:
        front = free_port()
        nginx = start_nginx(tmp_path / "nginx", front, [first, second, free_port()])
        try:
            base = f"http://127.0.0.1:{front}"
            for _ in range(50):  # until nginx listens (it was started just now)
                try:
                    httpx.get(f"{base}/healthz", timeout=2)
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
            for _ in range(6):
                ready = httpx.get(f"{base}/readyz", timeout=10)
                assert ready.status_code == 503 and ready.json() == NOT_READY, ready.text
            for _ in range(6):
                alive = httpx.get(f"{base}/healthz", timeout=10)
                assert alive.status_code == 200 and alive.json() == {"status": "ok"}, alive.text
        finally:
            nginx.terminate()
            nginx.wait(timeout=10)
