"""A rolling upgrade behind nginx while people play (docs/deploying.md, "Upgrading without
stopping").

Two instances of the old release (this source tree), A and B, serve one PostgreSQL database
and one Redis behind nginx (docs/nginx.conf, its upstream list A and B), each started with the
``ExecStart`` of ``docs/deploy/rumizi@.service`` (database, Redis and port replaced). Guests
play a few games through nginx, one move at a time over their tables' sockets. The new release
is a copy of the package in the test's folder, pure Python (no compiled module), with one more
Alembic migration (additive: a nullable column on ``actions`` and ``game_tables``, a new
table). Then, as the page says an operator does:

1. instance C starts from the new release on a free port (its ``ExecStartPost`` returns once
   it answers): it has upgraded the database to the new head, and A's and B's ``/readyz`` now
   say ``unknown revision`` while they go on storing moves and serving pages on that schema;
2. nginx's upstream list gets C, and A and B are marked ``down``: ``nginx -t``,
   ``nginx -s reload`` (the open sockets stay where they are, new ones go to C);
3. A, then B, get SIGTERM (``systemctl stop``): their players' sockets close and the players
   reconnect by themselves (as the page does), through nginx, to C, and play on.

At the end every game is over (conceded after a few moves on C), every acknowledged move is
stored at the version its acknowledgement named, no action is stored twice, the database is at
the new head, and no instance logged a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import random
import re
import secrets
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from sqlalchemy import text

from rumizi.server.db import make_engine
from rumizi.server.routes.health import migrations_head
from tests.server.kit import (
    RedisServer,
    free_port,
    in_own_loop,
    reload_nginx,
    start_nginx_site,
)
from tests.server.test_deploy_recipe import (
    TEMPLATE,
    Instance,
    answers,
    read_unit,
    serve_command,
    setting,
    start_instance,
    stop,
    wait_until,
)
from tests.server.test_postgres import postgres_url  # noqa: F401 (a fixture)

ROOT = Path(__file__).resolve().parents[2]
GAMES = 4  # duels between two guests
PACE = 0.08  # seconds a player thinks before each move
AFTER = 3  # moves each game makes on the new instance before its player to act concedes
SILENCE = 15.0  # seconds without a message before a player reconnects
DEADLINE = 90.0  # seconds the whole scenario may take (a stuck game fails the test)

MIGRATION = '''"""A newer release's additive migration (tests/server/test_upgrade.py): a nullable
column on ``game_tables`` and ``actions`` and a new table, which the old release does not know.

Revision ID: {new}
Revises: {head}
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "{new}"
down_revision = "{head}"


def upgrade() -> None:
    # In the order a move's transaction locks them (game_tables, then actions): the other
    # order deadlocks with a move in flight on an old instance, and the new one fails to start.
    op.add_column("game_tables", sa.Column("upgrade_note", sa.Text(), nullable=True))
    op.add_column("actions", sa.Column("upgrade_note", sa.Text(), nullable=True))
    op.create_table(
        "release_notes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("text", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("release_notes")
    op.drop_column("actions", "upgrade_note")
    op.drop_column("game_tables", "upgrade_note")
'''


def new_release(folder: Path) -> tuple[Path, str]:
    """The package copied to ``folder`` (sources only: no bytecode, no compiled modules, no
    build outputs) with one more migration: (the folder to put on PYTHONPATH, its revision)."""
    shutil.copytree(
        ROOT / "rumizi",
        folder / "rumizi",
        ignore=shutil.ignore_patterns(
            "__pycache__", "*.pyc", "*.so", "*.pyd", "*.c", "*.o", "build", "*.egg-info"
        ),
    )
    head = migrations_head()
    new = f"{int(head) + 1:04d}"  # the migrations are numbered 0001, 0002, ...
    versions = folder / "rumizi" / "server" / "migrations" / "versions"
    (versions / f"{new}_upgrade_probe.py").write_text(MIGRATION.format(new=new, head=head))
    return folder, new


def imported_from(release: Path, cwd: Path) -> list[str]:
    """Where ``python -P -m rumizi`` with ``PYTHONPATH=release`` (as instance C runs) finds the
    server's modules: every loaded ``rumizi`` module's file."""
    probe = (
        "import sys, rumizi.server.app, rumizi.server.db, rumizi.games.star_realms.engine\n"
        "for m in list(sys.modules.values()):\n"
        "    if m.__name__.split('.')[0] == 'rumizi' and getattr(m, '__file__', None):\n"
        "        print(m.__file__)\n"
    )
    done = subprocess.run(
        [sys.executable, "-P", "-c", probe],
        cwd=cwd,
        env={**_env(), "PYTHONPATH": str(release)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def site(front: int, live: list[int], down: list[int]) -> str:
    """docs/nginx.conf on ``front`` with this upstream list (``down``: marked down)."""
    shipped = (ROOT / "docs" / "nginx.conf").read_text()
    servers = "".join(
        f"    server 127.0.0.1:{port} max_fails=1 fail_timeout=5s{' down' * (port in down)};\n"
        for port in [*down, *live]
    )
    found, count = re.subn(r"(    server 127\.0\.0\.1:\d+ [^\n]*;\n)+", servers, shipped)
    assert count == 1 and found.count("listen 80;") == 1, "docs/nginx.conf changed shape"
    return found.replace("listen 80;", f"listen 127.0.0.1:{front};")


@dataclass
class Player:
    table: str
    seat: int
    cookie: str
    acked: dict[str, tuple[int, str]] = field(default_factory=dict)  # id -> (version, by)
    sent: set[str] = field(default_factory=set)
    instances: list[str] = field(default_factory=list)  # who served each of its sockets
    errors: list[dict[str, Any]] = field(default_factory=list)
    final: dict[str, Any] | None = None


@dataclass
class Run:
    front: int
    acks: list[str] = field(default_factory=list)  # the instance that acknowledged each move
    finish: asyncio.Event = field(default_factory=asyncio.Event)  # concede from now on
    reconnects: int = 0
    closes: list[str] = field(default_factory=list)  # how each socket ended, for the log


async def open_game(base: str) -> list[Player]:
    """A duel of two new guests, made and joined through nginx."""
    people = [httpx.AsyncClient(base_url=base, timeout=30) for _ in range(2)]
    try:
        for person in people:
            person.headers["X-CSRF-Token"] = (await person.get("/api/me")).json()["csrf"]
            (await person.post("/api/auth/guest")).raise_for_status()
        body = {"game": "star-realms", "seats": [{"kind": "human"}, {"kind": "human"}]}
        made = await people[0].post("/api/tables", json=body)
        made.raise_for_status()
        table = made.json()
        joined = await people[1].post(
            f"/api/tables/{table['id']}/join", json={"invite": table["invite"]}
        )
        joined.raise_for_status()
        return [
            Player(table["id"], seat, "; ".join(f"{k}={v}" for k, v in p.cookies.items()))
            for seat, p in enumerate(people)
        ]
    finally:
        for person in people:
            await person.aclose()


async def play(player: Player, run: Run, rng: random.Random) -> None:
    """Play through nginx until the game is over; reconnect (as the page does) when the socket
    closes, sending again the move that had no answer."""
    front = f"127.0.0.1:{run.front}"
    pending: dict[str, Any] | None = None
    floor = 0  # the newest version acknowledged to this player: older states are not acted on
    while True:
        try:
            async with websockets.connect(
                f"ws://{front}/ws/tables/{player.table}",
                origin=websockets.Origin(f"http://{front}"),
                additional_headers={"Cookie": player.cookie},
                open_timeout=10,
            ) as ws:
                assert ws.response is not None
                served = ws.response.headers.get("x-rumizi-instance", "?")
                player.instances.append(served)
                if pending is not None:  # unanswered when the socket closed: the same again
                    await ws.send(json.dumps(pending))
                latest: dict[str, Any] | None = None
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), SILENCE))
                    kind = message["type"]
                    if kind == "ack" and pending and message["client_id"] == pending["client_id"]:
                        player.acked[pending["client_id"]] = (message["version"], served)
                        run.acks.append(served)
                        floor = max(floor, message["version"])
                        pending = None
                    elif kind == "error":
                        player.errors.append(message)
                        if pending and message.get("client_id") in (pending["client_id"], None):
                            pending = None  # stored already (duplicate) or moot (stale)
                    elif kind == "state":
                        latest = message
                        if message["result"] is not None:
                            player.final = message
                            return
                    if (
                        pending is not None
                        or latest is None
                        or not latest["legal"]
                        or latest["version"] < floor
                    ):
                        continue
                    await asyncio.sleep(PACE * (0.5 + rng.random()))
                    client_id = f"p{player.seat}-{secrets.token_hex(4)}"
                    if run.finish.is_set():
                        pending = {"type": "concede", "client_id": client_id}
                    else:
                        pending = {
                            "type": "act",
                            "client_id": client_id,
                            "version": latest["version"],
                            "action": rng.choice(latest["legal"])["action"],
                        }
                    player.sent.add(client_id)
                    latest = None
                    await ws.send(json.dumps(pending))
        except (OSError, TimeoutError, websockets.WebSocketException) as closed:
            run.reconnects += 1
            run.closes.append(f"{type(closed).__name__}: {closed}")
            await asyncio.sleep(0.2 + rng.random() * 0.3)


@dataclass
class Upgrade:
    """The fleet of one test: old instances, the new one, nginx, Redis; and what happened."""

    tmp: Path
    db_url: str
    redis: RedisServer
    release: Path
    revision: str
    ports: dict[str, int]
    instances: dict[str, Instance] = field(default_factory=dict)
    nginx: subprocess.Popen[bytes] | None = None
    readiness: dict[str, dict[str, Any]] = field(default_factory=dict)
    exits: dict[str, int] = field(default_factory=dict)
    old_pages: list[int] = field(default_factory=list)  # statuses of the old ones' pages
    steps: list[str] = field(default_factory=list)

    def start(self, name: str, release: Path = ROOT) -> Instance:
        """``rumizi@PORT`` from ``release``: the template's ExecStart, then its ExecStartPost
        (``systemctl start`` returns once that has)."""
        unit = read_unit(TEMPLATE)
        port = self.ports[name]
        command = serve_command(
            setting(unit, "ExecStart"),
            str(port),
            db=self.db_url,
            redis=self.redis.url,
            instance=name,
        )
        command += ["--bot-workers", "0", "--job-lease", "2"]
        state = self.tmp / "var-lib-rumizi"
        state.mkdir(mode=0o700, exist_ok=True)
        found = start_instance(
            command,
            port,
            self.tmp / f"{name}.log",
            pythonpath=release,
            cwd=state,
            nofile=int(setting(unit, "LimitNOFILE")),
            umask=0o077,
        )
        self.instances[name] = found
        wait = shlex.split(setting(unit, "ExecStartPost").replace("%i", str(port)))
        done = subprocess.run(wait, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, f"{name} did not answer:\n{found.output()}"
        return found

    def logs(self) -> str:
        return "\n".join(f"--- {n}\n{i.output()}" for n, i in self.instances.items())

    def stop_all(self) -> None:
        for found in self.instances.values():
            stop(found.process)
        stop(self.nginx)


def revision(db_url: str) -> str:
    engine = make_engine(db_url)
    try:
        with engine.connect() as connection:
            found = connection.execute(text("SELECT version_num FROM alembic_version")).scalar_one()
            return str(found)
    finally:
        engine.dispose()


def old_instance_serves_pages(port: int) -> list[int]:
    """A new guest's pages straight on an old instance: sign-in, a new table, the lists."""
    statuses = []
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as person:
        me = person.get("/api/me")
        person.headers["X-CSRF-Token"] = me.json()["csrf"]
        statuses.append(me.status_code)
        statuses.append(person.post("/api/auth/guest").status_code)
        body = {"game": "star-realms", "seats": [{"kind": "human"}, {"kind": "human"}]}
        made = person.post("/api/tables", json=body)
        statuses.append(made.status_code)
        statuses.append(person.get("/api/my/games").status_code)
        statuses.append(person.get(f"/api/tables/{made.json()['id']}").status_code)
    return statuses


async def upgrade(up: Upgrade, run: Run, games: list[list[Player]]) -> None:
    """The operator's steps, while the games go on."""
    players = [p for game in games for p in game]

    async def until(check: Any, what: str, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while not check():
            assert time.monotonic() < deadline, f"{what}: not within {timeout} s"
            await asyncio.sleep(0.05)

    await until(lambda: len(run.acks) >= 2 * GAMES, "the games move on the old instances")
    # 1. The new release's instance on the spare port: it upgrades the schema as it starts.
    await asyncio.to_thread(up.start, "c", up.release)
    up.steps.append(f"c up at {len(run.acks)} acks")
    assert await asyncio.to_thread(revision, up.db_url) == up.revision
    for name in ("a", "b", "c"):
        answer = await asyncio.to_thread(
            httpx.get, f"http://127.0.0.1:{up.ports[name]}/readyz", timeout=10
        )
        up.readiness[name] = {"code": answer.status_code, **answer.json()}
    # The old ones go on storing moves on the newer schema, and serve pages.
    migrated = len(run.acks)
    await until(
        lambda: sum(by in ("a", "b") for by in run.acks[migrated:]) >= GAMES,
        "moves stored by the old instances on the new schema",
    )
    up.old_pages = await asyncio.to_thread(old_instance_serves_pages, up.ports["a"])
    # 2. nginx: C in, A and B down; open sockets stay, new ones go to C.
    front, ports = run.front, up.ports
    await asyncio.to_thread(
        reload_nginx, up.tmp / "nginx", site(front, [ports["c"]], [ports["a"], ports["b"]])
    )
    up.steps.append(f"nginx reloaded at {len(run.acks)} acks")
    # 3. A, then B: SIGTERM, each once its players are back (on C).
    for name in ("a", "b"):
        up.exits[name] = await asyncio.to_thread(up.instances[name].stop)
        up.steps.append(f"{name} stopped at {len(run.acks)} acks")
        await until(
            lambda n=name: all(
                p.final is not None or (p.instances and p.instances[-1] == "c")
                for p in players
                if n in p.instances
            ),
            f"the players of {name} back on c",
        )

    def moved_on_c(game: list[Player]) -> bool:
        return (
            game[0].final is not None
            or sum(by == "c" for p in game for _, by in p.acked.values()) >= AFTER
        )

    await until(lambda: all(moved_on_c(g) for g in games), "every game moves on c")
    run.finish.set()


async def scenario(up: Upgrade, run: Run) -> list[list[Player]]:
    base = f"http://127.0.0.1:{run.front}"
    games = list(await asyncio.gather(*(open_game(base) for _ in range(GAMES))))
    rng = random.Random(23)
    players = [p for game in games for p in game]
    tasks = [asyncio.create_task(play(p, run, random.Random(rng.getrandbits(64)))) for p in players]
    operator = asyncio.create_task(upgrade(up, run, games))
    everything = asyncio.gather(*tasks, operator)
    try:
        await asyncio.wait_for(asyncio.shield(everything), DEADLINE)
    finally:
        for task in [*tasks, operator]:
            task.cancel()
        with contextlib.suppress(BaseException):
            await everything
    return games


def check_games(db_url: str, games: list[list[Player]]) -> None:
    """Every game over; every acknowledged move stored at its version; nothing twice."""
    engine = make_engine(db_url)
    try:
        for players in games:
            table = players[0].table
            with engine.connect() as c:
                status = c.execute(
                    text("SELECT status FROM game_tables WHERE id = :t"), {"t": table}
                ).scalar_one()
                rows = c.execute(
                    text(
                        "SELECT version, client_id FROM actions WHERE table_id = :t "
                        "ORDER BY version"
                    ),
                    {"t": table},
                ).all()
            assert status == "over", (table, status)
            assert [v for v, _ in rows] == list(range(1, len(rows) + 1))
            stored = {client_id: version for version, client_id in rows}
            assert len(stored) == len(rows)  # no action twice
            for player in players:
                assert player.final is not None and player.final["version"] == len(rows)
                for client_id, (version, _) in player.acked.items():
                    assert stored.get(client_id) == version, (table, client_id, version)
                mine = {c for c in stored if c.startswith(f"p{player.seat}-")}
                assert mine <= player.sent
                unexpected = [
                    e for e in player.errors if e.get("code") not in ("stale", "duplicate")
                ]
                assert not unexpected, unexpected
    finally:
        engine.dispose()


def test_a_rolling_upgrade_behind_nginx_keeps_every_game(
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
) -> None:
    release, new = new_release(tmp_path / "release-new")
    state = tmp_path / "var-lib-rumizi"
    state.mkdir(mode=0o700)
    # The new release runs as pure Python from its copy, nothing from this tree.
    loaded = imported_from(release, state)
    assert loaded and all(f.startswith(f"{release}/rumizi/") for f in loaded), loaded[:5]
    assert not [f for f in loaded if not f.endswith(".py")], "a compiled module was loaded"

    redis = RedisServer().start()
    up = Upgrade(
        tmp_path, postgres_url, redis, release, new, {n: free_port() for n in ("a", "b", "c")}
    )
    run = Run(front=free_port())
    started = time.monotonic()
    try:
        for name in ("a", "b"):
            up.start(name)
        head = migrations_head()
        assert revision(postgres_url) == head
        up.nginx = start_nginx_site(
            tmp_path / "nginx", site(run.front, [up.ports["a"], up.ports["b"]], [])
        )
        wait_until(lambda: answers(f"http://127.0.0.1:{run.front}/healthz"), "nginx answers")
        print(f"fleet up in {time.monotonic() - started:.1f} s")
        try:
            games = in_own_loop(lambda: scenario(up, run))
        except BaseException:
            print(up.steps, up.readiness)
            print(up.logs())
            raise
        print(f"upgraded in {time.monotonic() - started:.1f} s: {up.steps}")
        print(f"sockets closed: {sorted(set(run.closes))}")
    finally:
        up.stop_all()
        redis.stop()

    # C upgraded the schema; the old ones said so on /readyz and served on.
    assert revision(postgres_url) == new
    assert up.readiness["c"] == {
        "code": 200,
        "status": "ready",
        "checks": {"database": "ok", "migrations": "ok", "redis": "ok"},
    }, up.readiness
    for name in ("a", "b"):
        assert up.readiness[name]["code"] == 503, up.readiness
        assert up.readiness[name]["checks"]["migrations"] == (
            f"unknown revision {new} (a newer release's?), head {head}"
        ), up.readiness
        # SIGTERM: uvicorn shut down and ended by the signal (a clean stop for systemd).
        assert up.exits[name] == -signal.SIGTERM, up.exits
    assert up.old_pages and all(s == 200 for s in up.old_pages), up.old_pages
    for name, found in up.instances.items():
        assert "Traceback" not in found.output(), f"{name}:\n{found.output()}"
    players = [p for game in games for p in game]
    assert run.reconnects >= len([p for p in players if p.instances[0] != "c"])
    for player in players:
        assert player.instances[0] in ("a", "b") and player.instances[-1] == "c", player
    for game in games:  # each game moved on an old instance and on the new one
        served = {by for p in game for _, by in p.acked.values()}
        assert "c" in served and served & {"a", "b"}, (game[0].table, served)
    check_games(postgres_url, games)


def test_an_upgrade_that_waits_on_a_moves_lock_gives_way_and_tries_again(
    postgres_url: str,  # noqa: F811
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A move's transaction holds ``game_tables`` while the upgrade needs it (0010 adds a table
    whose key points there): the upgrade's statement gives up after its lock timeout instead of
    queueing every later move behind it, and the whole upgrade is tried again, and lands."""
    from alembic import command
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from rumizi.server import db

    engine = db.make_engine(postgres_url)
    config = Config()
    config.set_main_option("script_location", str(ROOT / "rumizi" / "server" / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0009")
    holding = threading.Event()

    def a_long_move() -> None:
        with engine.begin() as connection:
            connection.execute(text("LOCK TABLE game_tables IN ROW EXCLUSIVE MODE"))
            holding.set()
            time.sleep(1.5)

    mover = threading.Thread(target=a_long_move)
    mover.start()
    assert holding.wait(10)
    started = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="rumizi.server.db"):
        db.migrate(engine, lock_timeout=0.3, tries=10)
    warnings = [r.getMessage() for r in caplog.records if r.name == "rumizi.server.db"]
    mover.join()
    assert time.monotonic() - started >= 1.0  # it waited for the move, in turns
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None and head >= "0010" and revision(postgres_url) == head
    assert warnings and all("55P03" in w for w in warnings)
    engine.dispose()
