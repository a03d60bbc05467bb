"""Three real instances behind nginx, fifty games at once, one instance killed, Redis restarted.

The instances are ``rumizi serve --db postgresql://… --redis redis://…`` processes on loopback
ports, sharing a fresh PostgreSQL database and a ``redis-server`` the test starts itself; in
front of them runs Debian's nginx with the configuration shipped in ``docs/nginx.conf`` (its
ports replaced, its files under the test's temporary folder). Scripted players make random
moves through nginx; each moves to another instance once in mid-game. When a third of the
moves are made one instance is SIGKILLed, and at two thirds Redis is killed and started
again, empty. Some games are against a bot and some have a clock that a player lets run out
after the kill.

Checked afterwards in the database: every game is over; every acknowledged move is there, at
the version its acknowledgement named; no action is stored twice; each clocked game ended by
exactly one timeout; every bot game has the bot's moves; the live instances are listening to
Redis again. And what an operator reads: each live instance's ``/readyz`` and ``/metrics``
(``--metrics``: the moves it acknowledged, the queue's jobs, the Redis outage), every
acknowledged move in the JSON log of the instance that stored it, the killed one's too; then
the killed instance, started again from its command line, is ready and serves.

A second, shorter test runs the same fleet for what a browser meets at that nginx on a port
other than 80: the page's table socket opens with the browser's ``Origin`` (the forwarded
``Host`` keeps the port), and the per-address limits the file adds hold for all instances
together.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import resource
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
import websockets
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import text

from rumizi.server.db import make_engine
from rumizi.server.edges import MAX_BODY, WS_PER_CLIENT
from rumizi.server.store import SeatRow, Store
from tests.server.kit import RedisServer, free_port, rebuilt, start_nginx
from tests.server.test_postgres import postgres_url  # noqa: F401 (a fixture)

ROOT = Path(__file__).resolve().parents[2]
STAR = {"game": "star-realms"}
INSTANCES = 3
PEOPLE, BOTS, CLOCKS = 40, 6, 4  # games between two people, against a bot, with a clock
CAP = 14  # a game goes this many moves, then the player to act concedes
CLOCK_SECONDS = 6.0  # each seat's time in a clocked game (realtime, no increment)
LEASE = 2.0  # seconds an instance holds a job: the killed one's jobs are free after this
# The games may go on as long as they go on: the test fails when no game has moved for this
# many seconds (a loaded machine is slow, a lost move stops its game for good).
STALL = 60.0
SILENCE = 20.0  # seconds without a message before a player reconnects
NGINX_CONF = (ROOT / "docs" / "nginx.conf").read_text()


@dataclass
class Progress:
    acks: int = 0
    killed: asyncio.Event = field(default_factory=asyncio.Event)
    reconnects: int = 0
    moved: float = field(default_factory=time.monotonic)  # when a game last moved

    def saw(self) -> None:
        self.moved = time.monotonic()


@dataclass
class Player:
    table: str
    seat: int
    cookie: str
    address: str  # its own loopback address: the per-address socket limit is per player
    stall_after_kill: bool = False  # a clocked game's seat 0: stops moving once one dies
    acked: dict[str, int] = field(default_factory=dict)  # client id -> version acknowledged
    sent: set[str] = field(default_factory=set)
    instances: list[str] = field(default_factory=list)  # the instances that served it
    switched: bool = False  # it went on in mid-game on another instance
    final: dict[str, Any] | None = None


class Fleet:
    """The instances, nginx and Redis of one test, and how to stop them all."""

    def __init__(self, tmp: Path, db_url: str) -> None:
        self.tmp = tmp
        self.db_url = db_url
        self.redis = RedisServer()
        self.ports = [free_port() for _ in range(INSTANCES)]
        self.front = free_port()
        self.instances: list[subprocess.Popen[bytes]] = []
        self.commands: list[list[str]] = []
        self.nginx: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.redis.start()
        for i, port in enumerate(self.ports):
            command = [sys.executable, "-m", "rumizi", "serve", "--port", str(port)]
            command += ["--db", self.db_url, "--redis", self.redis.url, "--instance", f"i{i}"]
            command += ["--bot-workers", "0", "--job-lease", str(LEASE)]
            command += ["--metrics", "--log-format", "json"]
            self.commands.append(command)
            self.instances.append(self.run(i))
        self.nginx = start_nginx(self.tmp / "nginx", self.front, self.ports)
        for port in [*self.ports, self.front]:
            wait_for_http(port, self)

    def run(self, i: int) -> subprocess.Popen[bytes]:
        """Instance ``i`` from its command line, as its unit starts it; its log goes on."""
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
        log = (self.tmp / f"instance-{i}.log").open("ab")
        return subprocess.Popen(self.commands[i], cwd=ROOT, env=env, stdout=log, stderr=log)

    def restart(self, i: int) -> None:
        """Start instance ``i`` again after it died, from the same command line."""
        assert self.instances[i].poll() is not None
        self.instances[i] = self.run(i)

    def kill(self, i: int) -> None:
        self.instances[i].send_signal(signal.SIGKILL)
        self.instances[i].wait(timeout=10)

    def stop(self) -> None:
        for process in [*self.instances, self.nginx]:
            if process is not None and process.poll() is None:
                process.terminate()
        for process in [*self.instances, self.nginx]:
            if process is not None:
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    process.kill()
        self.redis.stop()

    def logs(self) -> str:
        found = []
        for path in sorted(self.tmp.rglob("*.log")):
            found.append(f"--- {path.name}\n{path.read_text(errors='replace')[-3000:]}")
        return "\n".join(found)


def wait_for_http(port: int, fleet: Fleet, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).raise_for_status()
            return
        except httpx.HTTPError:
            dead = [p.args for p in fleet.instances if p.poll() is not None]
            assert not dead and time.monotonic() < deadline, f"not up: {dead}\n{fleet.logs()}"
            time.sleep(0.2)


async def guest(base: str) -> tuple[httpx.AsyncClient, int]:
    client = httpx.AsyncClient(base_url=base, timeout=30)
    client.headers["X-CSRF-Token"] = (await client.get("/api/me")).json()["csrf"]
    made = await client.post("/api/auth/guest")
    made.raise_for_status()
    return client, int(made.json()["user"]["id"])


def cookie(client: httpx.AsyncClient) -> str:
    return "; ".join(f"{k}={v}" for k, v in client.cookies.items())


async def open_games(base: str, store: Store) -> list[list[Player]]:
    """Every game's players: tables made through nginx (the clocked ones in the database)."""
    at_once = asyncio.Semaphore(8)

    async def one(i: int) -> list[Player]:
        async with at_once:
            return await open_game(base, store, i)

    return list(await asyncio.gather(*(one(i) for i in range(PEOPLE + BOTS + CLOCKS))))


async def open_game(base: str, store: Store, i: int) -> list[Player]:
    """Game ``i``'s players, its table made through nginx (a clocked one in the database)."""
    address = f"127.0.0.{2 + i}"
    host, host_id = await guest(base)
    if i < PEOPLE:
        other, _ = await guest(base)
        made = await host.post(
            "/api/tables", json={"seats": [{"kind": "human"}, {"kind": "human"}]} | STAR
        )
        made.raise_for_status()
        table = made.json()
        joined = await other.post(
            f"/api/tables/{table['id']}/join", json={"invite": table["invite"]}
        )
        joined.raise_for_status()
        seats = [host, other]
    elif i < PEOPLE + BOTS:
        made = await host.post(
            "/api/tables",
            json={"seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}]} | STAR,
        )
        made.raise_for_status()
        table = made.json()
        seats = [host]
    else:  # a clock of a few seconds: the API asks for more, the store takes it
        other, other_id = await guest(base)
        row = await asyncio.to_thread(
            store.create_table,
            game="star-realms",
            options={"players": 2},
            players=2,
            seed=secrets.randbits(62),
            seats=[
                SeatRow(0, "human", None, host_id, None),
                SeatRow(1, "human", None, other_id, None),
            ],
            clock={"kind": "realtime", "initial": CLOCK_SECONDS, "increment": 0},
            rated=False,
            creator=host_id,
        )
        table = {"id": row.id}
        seats = [host, other]
    for c in seats:
        await c.aclose()
    return [
        Player(table["id"], n, cookie(c), address, stall_after_kill=i >= PEOPLE + BOTS)
        for n, c in enumerate(seats)
    ]


async def play(
    player: Player, fleet: Fleet, progress: Progress, rng: random.Random, names: dict[str, int]
) -> None:
    """Play until the game is over: through nginx, once straight to another instance."""
    front = f"ws://127.0.0.1:{fleet.front}"
    switch_at = rng.randint(2, CAP // 2 - 1)  # its own moves before it changes instance
    target: str | None = None  # None: through nginx
    pending: dict[str, Any] | None = None
    moves = 0
    seen = -1  # the newest version this player was shown
    while True:
        url = f"{target or front}/ws/tables/{player.table}"
        try:
            async with websockets.connect(
                url,
                additional_headers={"Cookie": player.cookie},
                local_addr=(player.address, 0),
                open_timeout=10,
                max_size=None,
            ) as ws:
                assert ws.response is not None
                served = ws.response.headers.get("x-rumizi-instance", "?")
                player.instances.append(served)
                if target is not None:  # straight to another instance, and it answered
                    player.switched = True
                if pending is not None:  # unanswered when the line dropped: the same again
                    await ws.send(json.dumps(pending))
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), SILENCE))
                    kind = message["type"]
                    if kind == "ack":
                        if pending is not None and message["client_id"] == pending["client_id"]:
                            player.acked[pending["client_id"]] = message["version"]
                            progress.acks += 1
                            progress.saw()
                            pending = None
                        continue
                    if kind == "error":
                        if pending is not None and message.get("client_id") in (
                            pending["client_id"],
                            None,
                        ):
                            pending = None  # stored already (duplicate) or moot (stale)
                        continue
                    if kind != "state":
                        continue
                    if message["version"] > seen:  # the game moved (a bot, a clock, anyone)
                        seen = message["version"]
                        progress.saw()
                    if message["result"] is not None:
                        player.final = message
                        return
                    if pending is not None or not message["legal"]:
                        continue
                    if player.stall_after_kill and progress.killed.is_set():
                        continue  # let the clock run out
                    client_id = f"p{player.seat}-{secrets.token_hex(4)}"
                    if message["version"] >= CAP:
                        pending = {"type": "concede", "client_id": client_id}
                    else:
                        action = rng.choice(message["legal"])["action"]
                        pending = {
                            "type": "act",
                            "client_id": client_id,
                            "version": message["version"],
                            "action": action,
                        }
                    player.sent.add(client_id)
                    await ws.send(json.dumps(pending))
                    moves += 1
                    if moves == switch_at and target is None:
                        # Mid-game: the rest of it on another instance, straight there.
                        others = [n for n in names if n != served]
                        target = f"ws://127.0.0.1:{names[rng.choice(others)]}"
                        break  # (if that one is gone by now, back through nginx)
        except (OSError, TimeoutError, websockets.WebSocketException):
            progress.reconnects += 1
            target = None  # back through nginx, which knows which instances are alive
            await asyncio.sleep(0.2 + rng.random() * 0.3)


async def run_games(fleet: Fleet, store: Store) -> tuple[list[list[Player]], Progress]:
    started = time.monotonic()
    games = await open_games(f"http://127.0.0.1:{fleet.front}", store)
    print(f"games opened in {time.monotonic() - started:.1f} s")
    names = {f"i{i}": port for i, port in enumerate(fleet.ports)}
    progress = Progress()
    rng = random.Random(19)
    players = [p for game in games for p in game]
    tasks = [
        asyncio.create_task(play(p, fleet, progress, random.Random(rng.getrandbits(64)), names))
        for p in players
    ]
    expected = PEOPLE * CAP + BOTS * CAP // 2

    async def faults() -> None:
        while progress.acks < expected // 3:
            await asyncio.sleep(0.05)
        await asyncio.to_thread(fleet.kill, 1)
        names.pop("i1")
        progress.killed.set()
        while progress.acks < 2 * expected // 3:
            await asyncio.sleep(0.05)
        await asyncio.to_thread(fleet.redis.restart)

    chaos = asyncio.create_task(faults())
    everything = asyncio.gather(*tasks)
    try:
        while not everything.done():
            await asyncio.wait([everything], timeout=1.0)
            still = time.monotonic() - progress.moved
            waiting = [p.table for p in players if p.final is None]
            assert everything.done() or still < STALL, (
                f"no game moved for {still:.0f} s; {len(set(waiting))} games unfinished: "
                f"{sorted(set(waiting))[:5]}"
            )
        everything.result()
        print(f"games played in {time.monotonic() - started:.1f} s, {progress.acks} moves acked")
    finally:
        for task in [*tasks, chaos]:
            task.cancel()
        with contextlib.suppress(BaseException):
            await everything
    assert chaos.done() and progress.killed.is_set()
    return games, progress


@pytest.fixture
def fleet(tmp_path: Path, postgres_url: str) -> Iterator[Fleet]:  # noqa: F811
    found = Fleet(tmp_path, postgres_url)
    try:
        started = time.monotonic()
        found.start()
        print(f"fleet up in {time.monotonic() - started:.1f} s")
        yield found
    finally:
        found.stop()
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        print(f"CPU of the instances, nginx, Redis: {used.ru_utime + used.ru_stime:.1f} s")


def test_fifty_games_through_nginx_survive_a_killed_instance_and_a_redis_restart(
    fleet: Fleet,
) -> None:
    engine = make_engine(fleet.db_url)
    store = Store(engine)
    try:
        try:
            # In a thread of its own: a worker that ran browser tests before this one holds
            # Playwright's event loop in its main thread, where asyncio.run would refuse.
            with ThreadPoolExecutor(max_workers=1) as thread:
                games, progress = thread.submit(asyncio.run, run_games(fleet, store)).result()
        except BaseException:
            print(fleet.logs())
            raise
        # The two live instances listen to the new Redis again.
        listening = redis.Redis.from_url(fleet.redis.url)
        deadline = time.monotonic() + 20
        while listening.pubsub_numsub("rumizi:tables")[0][1] < INSTANCES - 1:
            assert time.monotonic() < deadline, "the instances did not come back to Redis"
            time.sleep(0.1)
        listening.close()
        assert progress.reconnects > 0  # the killed instance's players came back elsewhere
        players = [p for game in games for p in game]
        moved = [p for p in players if p.switched]
        assert len(moved) > len(players) // 2
        assert all(len(set(p.instances)) >= 2 for p in moved)
        check_games(store, games)
        check_what_operators_see(fleet, games)
    finally:
        engine.dispose()


def check_games(store: Store, games: list[list[Player]]) -> None:
    for i, players in enumerate(games):
        table_id = players[0].table
        with store.engine.connect() as c:
            status = c.execute(
                text("SELECT status FROM game_tables WHERE id = :t"), {"t": table_id}
            ).scalar_one()
            rows = c.execute(
                text("SELECT version, client_id FROM actions WHERE table_id = :t ORDER BY version"),
                {"t": table_id},
            ).all()
        assert status == "over", (i, status)
        versions = [v for v, _ in rows]
        assert versions == list(range(1, len(rows) + 1))
        stored = {client_id: version for version, client_id in rows}
        assert len(stored) == len(rows)  # no action twice
        for player in players:
            assert player.final is not None and player.final["version"] == len(rows)
            for client_id, version in player.acked.items():
                assert stored.get(client_id) == version, (i, client_id, version)
            # Nothing stored that this player did not send (each id means one decision).
            mine = {c for c in stored if c.startswith(f"p{player.seat}-")}
            assert mine <= player.sent
        assert rebuilt(store, table_id).over
        clocks = [c for c in stored if c.startswith("clock-")]
        bots = [c for c in stored if c.startswith("bot-")]
        if i >= PEOPLE + BOTS:
            assert len(clocks) == 1 and rows[-1][1] == clocks[0], (i, rows[-3:])
        elif i >= PEOPLE:
            assert bots and not clocks
        else:
            assert not bots and not clocks


def metrics_of(port: int) -> list[tuple[str, dict[str, str], float]]:
    """An instance's /metrics (asked from loopback), as (name, labels, value) samples."""
    found = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=10)
    assert found.status_code == 200, found.text
    return [
        (sample.name, dict(sample.labels), sample.value)
        for family in text_string_to_metric_families(found.text)
        for sample in family.samples
    ]


def total(samples: list[tuple[str, dict[str, str], float]], name: str, **labels: str) -> float:
    return sum(v for n, found, v in samples if n == name and labels.items() <= found.items())


def check_what_operators_see(fleet: Fleet, games: list[list[Player]]) -> None:
    """Each live instance is ready and counted the games; every acknowledged move is in the
    log of the instance that stored it (one JSON object a line); the killed instance, started
    again from its own command line, is ready and serves."""
    live = [i for i, process in enumerate(fleet.instances) if process.poll() is None]
    assert live == [0, 2]
    acked = {(p.table, v) for game in games for p in game for v in p.acked.values()}
    counted = 0.0
    for i in live:
        ready = httpx.get(f"http://127.0.0.1:{fleet.ports[i]}/readyz", timeout=10)
        assert ready.status_code == 200, ready.text
        assert ready.json()["checks"] == {"database": "ok", "migrations": "ok", "redis": "ok"}
        samples = metrics_of(fleet.ports[i])
        assert {labels["rumizi_instance"] for _, labels, _ in samples} == {f"i{i}"}
        counted += total(samples, "rumizi_socket_messages_total", kind="act", outcome="ok")
        assert total(samples, "rumizi_move_ack_seconds_count") > 0
        assert total(samples, "rumizi_job_lag_seconds_count") > 0  # bots' and clocks' jobs
        assert total(samples, "rumizi_redis_errors_total", operation="listen") >= 1  # restarted
        assert total(samples, "rumizi_database_errors_total") == 0
    assert 0 < counted <= len(acked)  # the killed instance's own count died with it
    logged: set[tuple[str, int]] = set()
    for i in range(INSTANCES):
        for line in (fleet.tmp / f"instance-{i}.log").read_text().splitlines():
            if not line.startswith("{"):
                continue  # the command's own words on its standard output
            record = json.loads(line)
            assert record["instance"] == f"i{i}", record
            if record.get("event") == "action":
                logged.add((record["table_id"], record["version"]))
    # Written before its acknowledgement was sent: the killed instance's moves are there too.
    assert acked <= logged, sorted(acked - logged)[:5]
    fleet.restart(1)
    wait_for_http(fleet.ports[1], fleet)
    ready = httpx.get(f"http://127.0.0.1:{fleet.ports[1]}/readyz", timeout=10)
    assert ready.status_code == 200, ready.text
    table = games[0][0].table
    answer = httpx.get(f"http://127.0.0.1:{fleet.ports[1]}/api/tables/{table}", timeout=10)
    assert answer.status_code == 200 and answer.json()["id"] == table


# ---------------------------------------------------------------------- the shipped nginx.conf


async def _socket_through_nginx(fleet: Fleet) -> None:
    """A page's table socket through nginx on a port other than 80, as a browser opens it."""
    front = f"127.0.0.1:{fleet.front}"  # the page's own origin, port included
    client, _ = await guest(f"http://{front}")
    try:
        made = await client.post(
            "/api/tables",
            json={"seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}]} | STAR,
        )
        made.raise_for_status()
        table = made.json()["id"]
        async with websockets.connect(
            f"ws://{front}/ws/tables/{table}",
            origin=websockets.Origin(f"http://{front}"),  # what every browser sends
            additional_headers={"Cookie": cookie(client)},
            open_timeout=10,
        ) as ws:
            while (message := json.loads(await asyncio.wait_for(ws.recv(), 20)))["type"] != "state":
                pass  # (the chat's history comes first)
        assert message["seat"] == 0, message  # this guest's seat: its cookie went through
    finally:
        await client.aclose()


async def _sockets_per_address(fleet: Fleet) -> list[int]:
    """Open one more table socket from one address than the instances allow it: how each went.

    An HTTP status where nginx refused the handshake, 101 where a socket opened (and stays
    open until the end, so the count is of sockets open at once).
    """
    front = f"127.0.0.1:{fleet.front}"
    client, _ = await guest(f"http://{front}")
    answers: list[int] = []
    async with contextlib.AsyncExitStack() as stack:
        made = await client.post("/api/tables", json={"seats": [{"kind": "human"}] * 2} | STAR)
        made.raise_for_status()
        url = f"ws://{front}/ws/tables/{made.json()['id']}"
        for _ in range(WS_PER_CLIENT + 1):
            try:
                ws = await stack.enter_async_context(
                    websockets.connect(url, local_addr=("127.0.0.77", 0), open_timeout=10)
                )
            except websockets.InvalidStatus as refused:
                answers.append(refused.response.status_code)
            else:
                await ws.recv()  # its first state: the instance took it
                answers.append(101)
        await client.aclose()
    return answers


async def _sign_ins_from_one_address(fleet: Fleet, count: int) -> list[httpx.Response]:
    """``count`` sign-ins to as many different (unknown) names, at once, from one address."""
    transport = httpx.AsyncHTTPTransport(local_address="127.0.0.88")
    async with httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{fleet.front}", transport=transport, timeout=30
    ) as client:
        client.headers["X-CSRF-Token"] = (await client.get("/api/me")).json()["csrf"]
        return list(
            await asyncio.gather(
                *(
                    client.post(
                        "/api/auth/login", json={"username": f"nobody{i}", "password": "x" * 8}
                    )
                    for i in range(count)
                )
            )
        )


def test_the_shipped_nginx_conf_serves_a_browser_on_another_port_with_the_apps_limits(
    fleet: Fleet,
) -> None:
    """docs/nginx.conf itself, on a port that is not 80: the page's socket opens (the Host it
    forwards keeps the port, so the instance's same-origin check sees the browser's Origin),
    one address gets the instances' socket limit and no more, and a flood of sign-ins from one
    address is paused with the page's own refusal before it reaches the instances."""

    def run(coroutine: Any) -> Any:
        with ThreadPoolExecutor(max_workers=1) as thread:  # (see the fifty-games test)
            return thread.submit(asyncio.run, coroutine).result()

    try:
        run(_socket_through_nginx(fleet))
        sockets = re.search(r"limit_conn rumizi_sockets (\d+);", NGINX_CONF)
        assert sockets and int(sockets[1]) == WS_PER_CLIENT  # the instances' own limit
        assert f"client_max_body_size {MAX_BODY // 1024}k;" in NGINX_CONF
        burst = re.search(r"limit_req zone=rumizi_sign_in burst=(\d+)", NGINX_CONF)
        assert burst, "docs/nginx.conf pauses floods of sign-ins"
        answers = run(_sockets_per_address(fleet))
        assert answers == [101] * WS_PER_CLIENT + [429], answers
        answered = run(_sign_ins_from_one_address(fleet, int(burst[1]) + 10))
    except BaseException:
        print(fleet.logs())
        raise
    statuses = sorted(r.status_code for r in answered)
    assert statuses.count(401) >= int(burst[1]), statuses  # nobody's sign-ins, answered
    paused = [r for r in answered if r.status_code == 429]
    assert paused, statuses
    for response in paused:
        assert response.json()["error"]["code"] == "rate-limited"
        assert int(response.headers["retry-after"]) > 0
