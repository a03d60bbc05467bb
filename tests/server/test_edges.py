"""The server's edges (issue 16): names people can trust, sign-in limits, pages, headers, limits.

Each probe that found a problem is here as a regression test: invisible and look-alike
usernames, an address locked out as a whole, raw JSON 404s for page paths, a CDN-less
``/api/docs`` and missing security headers, unbounded bodies and connections, half-sent
requests, socket frames over 64 KB, joins that cost n² states, and bot workers outliving a
killed server.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from alembic import command
from alembic.config import Config
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import text
from starlette.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from rumizi.server import db as server_db
from rumizi.server import slow_headers
from rumizi.server.app import Settings, create_app
from rumizi.server.auth import LoginLimiter, check_username, clean_username, username_key
from rumizi.server.bots import BotPool, shared_budget
from rumizi.server.db import make_engine
from rumizi.server.edges import WS_MAX_SIZE, uvicorn_settings
from rumizi.server.inbound import MAX_MESSAGE
from tests.server.kit import Server, ServerFactory, free_port

PASSWORD = "correct horse battery"

# ---------------------------------------------------------------------- usernames


INVISIBLE = [
    "\u200c\u200c\u200c",  # joiners only
    "\u0600\u0600\u0600",  # Arabic number signs: format characters that draw nothing
    "ab\u061ccd",  # Arabic letter mark
    "ab\u200ecd",
    "ab\u200fcd",
    *(f"ab{chr(c)}cd" for c in range(0x202A, 0x202F)),
    *(f"ab{chr(c)}cd" for c in range(0x2066, 0x206A)),
    "\u200cabc",  # a joiner not between letters
    "ab\u200c\u200ccd",
    "ab cd",
    "ab\u064ecd",  # a mark
]


def signup(browser: Any, name: str) -> httpx.Response:
    response: httpx.Response = browser.post(
        "/api/auth/signup", {"username": name, "password": PASSWORD}
    )
    return response


@pytest.mark.parametrize("name", INVISIBLE)
def test_invisible_and_direction_changing_names_are_refused(server: Server, name: str) -> None:
    response = signup(server.browser(), name)
    assert response.status_code == 400, (name, response.text)
    assert response.json()["error"]["code"] == "invalid-username"
    assert server.count("users") == 0


@pytest.mark.parametrize("name", ["12345", "___", "-_-1", "۱۲۳۴"])
def test_a_name_needs_a_letter(server: Server, name: str) -> None:
    assert signup(server.browser(), name).json()["error"]["code"] == "invalid-username"


@pytest.mark.parametrize("name", ["раypal", "aliعلی", "Иван", "gοοgle"])
def test_mixed_scripts_and_look_alikes_are_refused(server: Server, name: str) -> None:
    assert signup(server.browser(), name).json()["error"]["code"] == "invalid-username"


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("علی۱", "علي۱"),  # Persian and Arabic yeh
        ("کاوه", "كاوه"),  # Persian and Arabic kaf
        ("ali12", "ali۱۲"),  # ASCII and Persian digits
        ("ali12", "ALI١٢"),  # Arabic-Indic digits, another case
        ("علی\u200cرضا", "علیرضا"),  # with and without the joiner
        ("ｍｉｎａ", "mina"),  # full-width letters (NFKC)
    ],
)
def test_names_that_read_the_same_are_one_account(server: Server, first: str, second: str) -> None:
    made = signup(server.browser(), first)
    assert made.status_code == 200, made.text
    again = signup(server.browser(), second)
    assert again.status_code == 409 and again.json()["error"]["code"] == "taken"
    # The other spelling signs in to the same account.
    other = server.browser()
    response = other.post("/api/auth/login", {"username": second, "password": PASSWORD})
    assert response.status_code == 200, response.text
    assert response.json()["user"]["id"] == made.json()["user"]["id"]


def test_a_name_is_stored_in_its_clean_form(server: Server) -> None:
    made = signup(server.browser(), "علي_ك")
    assert made.json()["user"]["name"] == "علی_ک"


def test_the_database_refuses_a_second_account_with_the_same_key(server: Server) -> None:
    signup(server.browser(), "mina")
    with pytest.raises(Exception, match=r"(?i)unique"), server.store.engine.begin() as c:
        c.execute(
            text("INSERT INTO users (name, name_key, guest, created) VALUES (:n, :k, 0, :t)"),
            {"n": "MINA", "k": username_key("MINA"), "t": "2026-01-01"},
        )


@settings(max_examples=300, deadline=None)
@given(st.text(min_size=1, max_size=30))
def test_an_accepted_name_is_visible_and_its_key_is_stable(raw: str) -> None:
    name = clean_username(raw)
    if check_username(name) is not None:
        return
    assert any(char.isalpha() for char in name)
    for i, char in enumerate(name):
        if unicodedata.category(char) == "Cf":
            assert char == "\u200c" and name[i - 1].isalpha() and name[i + 1].isalpha()
    assert clean_username(name) == name
    assert username_key(username_key(name)) == username_key(name)
    assert not set(name) & {"\u064a", "\u0643", "\u0649"}


def test_the_migration_gives_old_accounts_keys(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    config = Config()
    config.set_main_option("script_location", str(Path(server_db.__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        for name in ("علي", "علی", "Mina"):  # two old accounts that now read the same
            connection.execute(
                text("INSERT INTO users (name, guest, created) VALUES (:n, 0, '2026-01-01')"),
                {"n": name},
            )
    server_db.migrate(engine)
    with engine.begin() as connection:
        keys = dict(connection.execute(text("SELECT name, name_key FROM users")).all())
    assert keys["علي"] == username_key("علی") and keys["Mina"] == username_key("mina")
    assert keys["علی"] == username_key("علی") + "#2"
    engine.dispose()


# ---------------------------------------------------------------------- the sign-in limiter


def test_failures_on_one_name_do_not_lock_the_address(server: Server) -> None:
    """Behind one NAT: somebody's typos on one account leave every other account alone."""
    for name in ("alice", "bob"):
        signup(server.browser(), name)
    browser = server.browser()
    for _ in range(6):
        browser.post("/api/auth/login", {"username": "alice", "password": "wrong one!"})
    refused = browser.post("/api/auth/login", {"username": "alice", "password": PASSWORD})
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate-limited"
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    ok = browser.post("/api/auth/login", {"username": "bob", "password": PASSWORD})
    assert ok.status_code == 200, ok.text


def test_the_pause_grows_with_the_failures() -> None:
    limiter = LoginLimiter(pair="2/minute;4/10 minutes", account="100/day")
    waits = []
    for _ in range(4):
        limiter.fail("10.0.0.1", "mina")
        waits.append(limiter.retry_after("10.0.0.1", "mina"))
    assert waits[0] is None and waits[1] is not None and waits[1] <= 60
    assert waits[3] is not None and waits[3] > 60  # the ten-minute tier now


def test_one_address_cannot_lock_an_account_for_everyone() -> None:
    limiter = LoginLimiter(pair="5/minute", account="12/minute")
    for _ in range(10):
        limiter.fail("6.6.6.6", "victim")
    assert limiter.retry_after("6.6.6.6", "victim") is not None
    assert limiter.retry_after("10.0.0.9", "victim") is None  # the victim, elsewhere
    # Guessing spread over many addresses still meets the account's own limit.
    for i in range(12):
        limiter.fail(f"7.7.7.{i}", "victim")
    assert limiter.retry_after("10.0.0.9", "victim") is not None


def test_a_success_forgets_only_its_own_address() -> None:
    limiter = LoginLimiter(pair="3/minute", account="100/minute")
    for address in ("1.1.1.1", "2.2.2.2"):
        for _ in range(3):
            limiter.fail(address, "mina")
    limiter.succeeded("1.1.1.1", "mina")
    assert limiter.retry_after("1.1.1.1", "mina") is None
    assert limiter.retry_after("2.2.2.2", "mina") is not None


def test_the_limiter_counts_in_redis_shared_by_instances() -> None:
    uri = "redis://127.0.0.1:6379/15"  # a database of its own, emptied after
    first = LoginLimiter(uri, pair="2/minute", account="100/minute")
    second = LoginLimiter(uri, pair="2/minute", account="100/minute")
    try:
        first.fail("1.2.3.4", "mina")
        second.fail("1.2.3.4", "mina")
        assert first.retry_after("1.2.3.4", "mina") is not None  # one count for both
        assert second.retry_after("1.2.3.5", "mina") is None
    finally:
        first.storage.reset()


# ---------------------------------------------------------------------- pages and headers


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/me/", 200),
        ("/accessibility", 200),
        ("/games/star-realms/", 200),
        ("/games", 404),
        ("/leaderboard", 404),
        ("/gmaes", 404),
        ("/t/abc/def", 404),
    ],
)
def test_page_paths_answer_the_page(server: Server, path: str, status: int) -> None:
    response = server.browser().get(path)
    assert response.status_code == status
    assert response.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/static/app.js">' in response.text


def test_the_server_s_own_paths_stay_json(server: Server) -> None:
    for path in ("/api/nothing", "/static/nothing.js", "/ws/nothing"):
        response = server.browser().get(path)
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "not-found"


def test_security_headers(server: Server) -> None:
    for path in ("/", "/api/me", "/static/app.js"):
        headers = server.browser().get(path).headers
        policy = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy
        assert (
            "script-src 'self';" in policy
            and "unsafe-inline'; img" not in policy.split("script-src")[1].split(";")[0]
        )
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "same-origin"
        assert "strict-transport-security" not in headers  # plain HTTP: no HSTS
    with TestClient(server.app, base_url="https://testserver") as client:
        assert "max-age=" in client.get("/").headers["strict-transport-security"]


def test_the_api_docs_allow_only_their_own_script(server: Server) -> None:
    page = server.browser().get("/api/docs")
    policy = page.headers["content-security-policy"]
    assert "'sha256-" in policy and "'unsafe-inline'" not in policy.split("style-src")[0]


# ---------------------------------------------------------------------- bodies


def test_a_huge_body_is_refused_before_it_is_parsed(server: Server) -> None:
    browser = server.browser()
    huge = json.dumps({"username": [0] * 5_000_000, "password": "x"})
    started = time.perf_counter()
    response = browser.client.post(
        "/api/auth/login", content=huge, headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 413 and response.json()["error"]["code"] == "too-large"
    assert time.perf_counter() - started < 5


def test_a_chunked_body_is_counted_as_it_comes(server: Server) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(100):
            yield b" " * 1024

    response = server.browser().client.post(
        "/api/auth/login", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 413


def test_a_body_that_is_not_utf8_is_malformed(server: Server) -> None:
    browser = server.browser()
    response = browser.client.post(
        "/api/auth/login",
        content=b'{"username": "\xff\xfe", "password": "x"}',
        headers={"Content-Type": "application/json", "X-CSRF-Token": browser.csrf},
    )
    assert response.status_code == 422 and response.json()["error"]["code"] == "malformed"


# ---------------------------------------------------------------------- connections


def test_one_address_opens_a_bounded_number_of_sockets(make_server: ServerFactory) -> None:
    server = make_server(ws_per_client=3)
    owner = server.guest()
    made = owner.create_table(seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    with contextlib.ExitStack() as stack:
        for _ in range(3):
            stack.enter_context(owner.socket(made["id"])).next_state()
        with owner.client.websocket_connect(f"/ws/tables/{made['id']}") as extra:
            message = extra.receive()
            assert message["type"] == "websocket.close" and message["code"] == 1013
    with owner.socket(made["id"]) as again:  # the others closed: room again
        again.next_state()


def test_a_spectator_s_arrival_sends_the_others_nothing(server: Server) -> None:
    alice, bob = server.guest(), server.guest()
    made = alice.create_table(seats=[{"kind": "human"}, {"kind": "human"}])
    bob.join(made)
    with alice.socket(made["id"]) as seat:
        seat.next_state()
        watchers = [server.guest() for _ in range(20)]
        with contextlib.ExitStack() as stack:
            for watcher in watchers:
                stack.enter_context(watcher.socket(made["id"])).next_state()
            with pytest.raises(TimeoutError):
                seat.recv(timeout=0.3)
        with bob.socket(made["id"]) as other:
            other.next_state()
            arrived = seat.recv()
            assert arrived == {"type": "presence", "table": made["id"], "connected": [0, 1]}
        left = seat.recv()
        assert left["type"] == "presence" and left["connected"] == [0]


# ---------------------------------------------------------------------- a real server


@pytest.fixture
def real_server(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Server, int]]:
    """The app under uvicorn with ``rumizi serve``'s settings, on a free port."""
    monkeypatch.setattr(slow_headers.HeaderTimeoutProtocol, "header_seconds", 0.5)
    app = create_app(Settings(db_url=db_url, bot_workers=0))
    port = free_port()
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", **uvicorn_settings()
    )
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not running.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    try:
        yield app, port
    finally:
        running.should_exit = True
        thread.join(10)


def _table(port: int) -> tuple[httpx.Client, str]:
    client = httpx.Client(base_url=f"http://127.0.0.1:{port}")
    client.get("/api/me")
    client.headers["X-CSRF-Token"] = client.cookies["rumizi_csrf"]
    client.post("/api/auth/guest", json={}).raise_for_status()
    made = client.post(
        "/api/tables",
        json={
            "game": "star-realms",
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}],
        },
    )
    made.raise_for_status()
    return client, made.json()["id"]


def test_socket_messages_of_every_size_get_the_documented_answer(
    real_server: tuple[Any, int],
) -> None:
    _, port = real_server
    client, table_id = _table(port)
    cookie = f"rumizi_session={client.cookies['rumizi_session']}"
    url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}"
    with connect(url, additional_headers={"Cookie": cookie}, max_size=None) as ws:
        json.loads(ws.recv(timeout=10))  # the state
        for size in (MAX_MESSAGE + 1, 64 * 1024 + 1, 500 * 1024, WS_MAX_SIZE):
            ws.send("x" * size)
            # The bot at the table may move meanwhile: its states are not the answer.
            answer = json.loads(ws.recv(timeout=10))
            while answer["type"] != "error":
                answer = json.loads(ws.recv(timeout=10))
            assert answer["code"] == "too-large", (size, answer)
        ws.send("x" * (WS_MAX_SIZE + 1))
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(50):  # states the bot's moves sent before the close
                assert json.loads(ws.recv(timeout=10))["type"] != "error"
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_half_sent_headers_are_cut_off(real_server: tuple[Any, int]) -> None:
    _, port = real_server
    with socket.create_connection(("127.0.0.1", port), timeout=5) as slow:
        slow.sendall(b"GET /api/me HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
        started = time.monotonic()
        assert slow.recv(1024) == b""  # closed by the server
        assert time.monotonic() - started < 4
    with socket.create_connection(("127.0.0.1", port), timeout=5) as quick:
        quick.sendall(b"GET /api/me HTTP/1.1\r\nHost: x\r\n\r\n")
        assert quick.recv(1024).startswith(b"HTTP/1.1 200")


# ---------------------------------------------------------------------- bot workers


def test_the_pool_defaults_to_the_machine_s_cores() -> None:
    pool = BotPool(workers=None)
    try:
        assert pool.workers == len(os.sched_getaffinity(0))
    finally:
        pool.close()


def test_a_hard_bot_s_budget_shrinks_when_decisions_queue() -> None:
    pool = BotPool(workers=0, hard_budget=2.0)
    try:
        pool.workers = 4
        pool.waiting = 4
        assert pool.budget() == 2.0
        pool.waiting = 16
        assert pool.budget() == pytest.approx(0.5)
        assert shared_budget(1.0, 10_000, 1) > 0
    finally:
        pool.close()


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                status = (entry / "status").read_text()
                ppid = next(line for line in status.splitlines() if line.startswith("PPid:"))
                if int(ppid.split()[1]) == pid:
                    found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    state = next(line for line in status.splitlines() if line.startswith("State:"))
    return "Z" not in state.split()[1]  # a zombie has ended; only its parent's reaping is left


def test_a_killed_server_leaves_no_worker_behind(tmp_path: Path) -> None:
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "rumizi.cli.main",
            "serve",
            "--port",
            str(port),
            "--data-dir",
            str(tmp_path),
            "--bot-workers",
            "2",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"http://127.0.0.1:{port}/api/me", timeout=2).status_code == 200:
                    break
            assert time.monotonic() < deadline and server.poll() is None, "no server"
            time.sleep(0.2)
        while len(children := _children(server.pid)) < 3:  # two workers, the resource tracker
            assert time.monotonic() < deadline, children
            time.sleep(0.2)
        os.kill(server.pid, signal.SIGKILL)
        server.wait(10)
        deadline = time.monotonic() + 15
        while alive := {pid for pid in children if _alive(pid)}:
            assert time.monotonic() < deadline, f"left behind: {alive}"
            time.sleep(0.2)
    finally:
        if server.poll() is None:
            server.kill()


# ---------------------------------------------------------------------- the leaderboard's fields


def test_the_api_the_document_and_the_page_name_the_same_rating_fields() -> None:
    from rumizi.server.schemas import Rating

    root = Path(__file__).resolve().parents[2]
    api = set(Rating.model_fields)
    doc = (root / "docs" / "web-protocol.md").read_text(encoding="utf-8")
    line = next(x for x in doc.splitlines() if x.startswith("- `Rating` "))
    documented = set(re.findall(r'"(\w+)": ', line))
    page = (root / "rumizi/web/static/pages/leaderboard.js").read_text(encoding="utf-8")
    shown_fields = set(re.findall(r"\br\.(\w+)", page))
    assert (
        api == documented == shown_fields == {"name", "rating", "provisional", "deviation", "games"}
    )
