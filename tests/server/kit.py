"""Helpers of the web server's tests: servers on temporary databases, browsers, sockets.

A :class:`Server` is the FastAPI app with its lifespan running in a
:class:`~starlette.testclient.TestClient`. Each :class:`Browser` is one more ``TestClient`` on
the same event loop (it borrows the server's portal) with its own cookie jar, so several
people can sit at one table. :class:`Socket` reads the table's WebSocket with a timeout (the
test client's own ``receive`` waits forever) and remembers every message it got.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import shutil
import socket
import subprocess
import time
import uuid
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import anyio
import httpx
from sqlalchemy import text
from starlette.testclient import TestClient, WebSocketTestSession

from rumizi.core import undo
from rumizi.core.contract import GameState
from rumizi.server.auth import CSRF_HEADER
from rumizi.server.hub import Hub, LiveTable, new_state, rebuild
from rumizi.server.store import Store

TIMEOUT = 15.0  # seconds a test waits for a message before it fails


T = TypeVar("T")


def in_own_loop(main: Callable[[], Awaitable[T]]) -> T:
    """``main()`` on an event loop of its own, in a thread of its own: another test of the same
    worker (a browser test's Playwright) may have left its loop running in this thread, where
    ``asyncio.run`` refuses to start another."""

    async def wrapped() -> T:
        return await main()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, wrapped()).result(timeout=60)


class Closed(Exception):
    """The server closed the WebSocket."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(f"closed {code}: {reason}")
        self.code = code
        self.reason = reason


class Socket:
    """A table's WebSocket as one browser sees it."""

    def __init__(self, session: WebSocketTestSession) -> None:
        self.session = session
        self.received: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None  # the newest state message
        # Client ids unique across every socket of a run: a prefix from id(self) repeated
        # once a closed socket's object was freed and its address reused, and the server
        # rightly refused the new socket's first action as a duplicate of the old one's.
        self._prefix = f"t-{uuid.uuid4().hex}"
        self._counter = 0

    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        stream = self.session._send_rx

        async def get() -> Any:
            with anyio.fail_after(timeout):
                return await stream.receive()

        message = self.session.portal.call(get)
        if message["type"] == "websocket.close":
            raise Closed(message.get("code", 1000), message.get("reason", ""))
        found: dict[str, Any] = json.loads(message["text"])
        self.received.append(found)
        if found.get("type") == "state":
            self.state = found
        return found

    def next_state(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        while True:
            message = self.recv(timeout)
            if message["type"] == "state":
                return message

    def wait(
        self, test: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT
    ) -> dict[str, Any]:
        """The first state (the newest already received included) that passes ``test``."""
        if self.state is not None and test(self.state):
            return self.state
        while True:
            message = self.next_state(timeout)
            if test(message):
                return message

    def wait_version(self, version: int) -> dict[str, Any]:
        return self.wait(lambda m: m["version"] >= version)

    def my_turn(self) -> dict[str, Any]:
        """The state in which this seat must act (or the game is over)."""
        return self.wait(lambda m: bool(m["legal"]) or m["result"] is not None)

    def send(self, message: Any) -> None:
        self.session.send_text(message if isinstance(message, str) else json.dumps(message))

    def new_id(self) -> str:
        self._counter += 1
        return f"{self._prefix}-{self._counter}"

    def answer(self, client_id: str | None = None) -> dict[str, Any]:
        """The next ack or error (states in between are kept in :attr:`state`)."""
        while True:
            message = self.recv()
            if message["type"] in ("ack", "error") and (
                client_id is None or message.get("client_id") in (client_id, None)
            ):
                return message

    def act(
        self, action: dict[str, Any], version: int | None = None, client_id: str | None = None
    ) -> dict[str, Any]:
        """Send an action on ``version`` (default: the newest state's) and return the answer."""
        if version is None:
            assert self.state is not None
            version = self.state["version"]
        client_id = client_id or self.new_id()
        self.send({"type": "act", "client_id": client_id, "version": version, "action": action})
        return self.answer(client_id)

    def play(self, action: dict[str, Any]) -> int:
        """Play an action that must be accepted; the new version."""
        found = self.act(action)
        assert found["type"] == "ack", found
        version: int = found["version"]
        self.wait_version(version)
        return version


class Browser:
    """One browser: a cookie jar, the CSRF token, and helpers for the JSON API."""

    def __init__(self, server: Server, lang: str | None = None) -> None:
        self.server = server
        self.client = TestClient(server.app)
        self.client.portal = server.portal
        if lang is not None:
            self.client.cookies.set("rumizi_lang", lang)
        found = self.client.get("/api/me")
        assert found.status_code == 200
        self.csrf: str = found.json()["csrf"]
        self.user: dict[str, Any] | None = None

    @property
    def user_id(self) -> int:
        assert self.user is not None, "not signed in"
        found: int = self.user["id"]
        return found

    def get(self, url: str, **kwargs: Any) -> httpx.Response:
        response: httpx.Response = self.client.get(url, **kwargs)
        return response

    def post(self, url: str, body: Any = None, **kwargs: Any) -> httpx.Response:
        headers = {CSRF_HEADER: self.csrf, **kwargs.pop("headers", {})}
        if body is not None:
            kwargs["json"] = body
        response: httpx.Response = self.client.post(url, headers=headers, **kwargs)
        return response

    def guest(self) -> dict[str, Any]:
        found = self.post("/api/auth/guest")
        assert found.status_code == 200, found.text
        self.user = found.json()["user"]
        return self.user

    def signup(self, name: str, password: str = "correct horse battery") -> dict[str, Any]:
        found = self.post("/api/auth/signup", {"username": name, "password": password})
        assert found.status_code == 200, found.text
        self.user = found.json()["user"]
        return self.user

    def create_table(self, **body: Any) -> dict[str, Any]:
        body.setdefault("game", "star-realms")
        body.setdefault("seats", [{"kind": "human"}, {"kind": "bot", "level": "easy"}])
        found = self.post("/api/tables", body)
        assert found.status_code == 200, found.text
        made: dict[str, Any] = found.json()
        return made

    def join(self, table: dict[str, Any]) -> int:
        found = self.post(f"/api/tables/{table['id']}/join", {"invite": table["invite"]})
        assert found.status_code == 200, found.text
        seat: int = found.json()["seat"]
        return seat

    def on(self, server: Server) -> Browser:
        """The same person (session cookie, language) in a browser on ``server``."""
        found = server.browser()
        for name in ("rumizi_session", "rumizi_lang"):
            value = self.client.cookies.get(name)
            if value is not None:
                found.client.cookies.set(name, value)
        found.user = self.user
        return found

    @contextlib.contextmanager
    def socket(self, table_id: str) -> Iterator[Socket]:
        with self.client.websocket_connect(f"/ws/tables/{table_id}") as session:
            yield Socket(session)


@dataclass
class Server:
    """A running app (lifespan started) on a database."""

    db_url: str
    app: Any
    main: TestClient
    browsers: list[Browser] = field(default_factory=list)
    closed: bool = False

    @property
    def portal(self) -> Any:
        return self.main.portal

    @property
    def hub(self) -> Hub:
        hub: Hub = self.app.state.hub
        return hub

    @property
    def store(self) -> Store:
        store: Store = self.app.state.store
        return store

    def browser(self, lang: str | None = None) -> Browser:
        found = Browser(self, lang)
        self.browsers.append(found)
        return found

    def guest(self, lang: str | None = None) -> Browser:
        found = self.browser(lang)
        found.guest()
        return found

    def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run ``fn`` on the server's event loop (where the hub's state lives)."""
        return self.portal.call(fn, *args)

    def live(self, table_id: str) -> LiveTable:
        table: LiveTable = self.call(self.hub.get, table_id)
        return table

    def snapshot(self, table_id: str) -> tuple[int, dict[str, Any], int]:
        """(version, full export, stored action rows) of a table, read on the loop (and
        loaded if the server does not hold it: a table nobody uses is not in memory)."""

        async def read() -> tuple[int, dict[str, Any]]:
            table = await self.hub.get(table_id)
            assert table is not None, f"no table {table_id}"
            return table.version, table.state.export()

        version, export = self.call(read)
        return version, export, self.count("actions", table_id)

    def count(self, table: str, table_id: str | None = None) -> int:
        where = ""
        params: dict[str, Any] = {}
        if table_id is not None:
            where = " WHERE " + ("id" if table == "game_tables" else "table_id") + " = :t"
            params["t"] = table_id
        with self.store.engine.connect() as connection:
            found = connection.execute(text(f"SELECT COUNT(*) FROM {table}{where}"), params)
            return int(found.scalar_one())

    def close(self) -> None:
        """Stop the app (its lifespan ends: bots and timers stop, the database is let go)."""
        if self.closed:
            return
        self.closed = True
        for found in self.browsers:
            found.client.close()
        self.main.__exit__(None, None, None)


def rebuilt(store: Store, table_id: str) -> GameState:
    """The table's state rebuilt from the database alone (seed and actions)."""
    row = store.load_table(table_id, actions=True)
    assert row is not None
    return rebuild(row)[0]


def stored_actions(server: Server, table_id: str) -> list[tuple[int, int | None, Any, str]]:
    """(version, seat, action, client id) of every stored action of a table, in order."""
    with server.store.engine.connect() as connection:
        rows = connection.execute(
            text(
                "SELECT version, seat, action, client_id FROM actions "
                "WHERE table_id = :t ORDER BY version"
            ),
            {"t": table_id},
        ).all()
    return [
        (version, seat, json.loads(action) if isinstance(action, str) else action, client_id)
        for version, seat, action, client_id in rows
    ]


def states_by_version(store: Store, table_id: str) -> list[GameState]:
    """Every position of a stored game: ``[version 0, version 1, ...]``."""
    row = store.load_table(table_id, actions=True)
    assert row is not None
    state = new_state(row)
    found = [state.clone()]
    trail = undo.Trail()  # an undo record's position is the one before the move it took back
    for version, (_seat, action, _client_id, _at) in enumerate(row.actions, start=1):
        state, _ = trail.play(state, version, action)
        found.append(state.clone())
    return found


ServerFactory = Callable[..., Server]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def duel(server: Server, rated: bool = False, **table: Any) -> tuple[Browser, Browser, str]:
    """Two guests at a two-person Star Realms table (already playing): (seat 0, seat 1, id)."""
    first, second = server.guest(), server.guest()
    made = first.create_table(seats=[{"kind": "human"}, {"kind": "human"}], rated=rated, **table)
    assert made["seat"] == 0
    assert second.join(made) == 1
    return first, second, made["id"]


def play_random(
    sockets: dict[int, Socket], rng: random.Random, moves: int, state: dict[str, Any]
) -> dict[str, Any]:
    """Play ``moves`` random legal actions, each by the seat to act; the newest state after.

    ``sockets`` maps seats to their players' sockets; other seats (bots) are waited for.
    """
    played = 0
    while played < moves and state["result"] is None:
        (seat,) = state["to_act"]
        if seat not in sockets:  # a bot: wait for its move
            state = next(iter(sockets.values())).wait_version(state["version"] + 1)
            continue
        mine = sockets[seat].wait_version(state["version"])
        assert mine["version"] == state["version"] and mine["legal"], mine
        action = rng.choice(mine["legal"])["action"]
        sockets[seat].play(action)
        state = sockets[seat].state or state
        played += 1
    return state


QUIET = ("--appendonly", "no", "--protected-mode", "no")


class RedisServer:
    """A ``redis-server`` of the test's own on a loopback port (never the system's one).

    Nothing is kept on disk, so :meth:`restart` brings back an empty server on the same port,
    as a real restart of a cache does.
    """

    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> RedisServer:
        binary = shutil.which("redis-server")
        assert binary, "redis-server is missing: scripts/system-deps installs and starts it"
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", *QUIET],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                pass
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()


def start_nginx(prefix: Path, listen: int, ports: list[int]) -> subprocess.Popen[bytes]:
    """Debian's nginx on ``docs/nginx.conf``, listening on ``listen``, in front of ``ports``."""
    shipped = (Path(__file__).resolve().parents[2] / "docs" / "nginx.conf").read_text()
    upstreams = iter(ports)
    site = re.sub(
        r"server 127\.0\.0\.1:\d+", lambda _: f"server 127.0.0.1:{next(upstreams)}", shipped
    )
    site = site.replace("listen 80;", f"listen 127.0.0.1:{listen};")
    assert f":{ports[-1]} " in site and f":{listen};" in site, "docs/nginx.conf changed shape"
    return start_nginx_site(prefix, site)


def start_nginx_site(prefix: Path, site: str) -> subprocess.Popen[bytes]:
    """Debian's nginx on ``site`` (an ``http``-block file), its files under ``prefix``, as
    start_nginx runs docs/nginx.conf. Reload it with :func:`reload_nginx`."""
    prefix.mkdir(parents=True, exist_ok=True)
    (prefix / "rumizi.conf").write_text(site)
    temp = " ".join(
        f"{name}_temp_path {prefix / name};"
        for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    main = f"""
{"user root;" if os.geteuid() == 0 else ""}
worker_processes 1;
pid {prefix / "nginx.pid"};
error_log {prefix / "error.log"} warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    {temp}
    include {prefix / "rumizi.conf"};
}}
"""
    (prefix / "nginx.conf").write_text(main)
    checked = subprocess.run([*nginx_command(prefix), "-t"], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    return subprocess.Popen(
        [*nginx_command(prefix), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def nginx_command(prefix: Path) -> list[str]:
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    assert Path(binary).exists(), "nginx is missing: scripts/system-deps installs it"
    return [
        binary,
        "-p",
        str(prefix),
        "-e",
        str(prefix / "error.log"),
        "-c",
        str(prefix / "nginx.conf"),
    ]


def reload_nginx(prefix: Path, site: str) -> None:
    """A new ``site`` for the running nginx: ``nginx -t`` then ``nginx -s reload``, as an
    operator does (new connections follow the new file, open ones stay where they are)."""
    (prefix / "rumizi.conf").write_text(site)
    for step in (["-t"], ["-s", "reload"]):
        done = subprocess.run([*nginx_command(prefix), *step], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
