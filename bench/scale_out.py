"""One instance against three behind nginx, on the same machine, in one run; and a model of N.

Both runs use PostgreSQL (a fresh database each, on ``RUMIZI_TEST_POSTGRES``'s server) and the
same load: ``--games`` tables of two scripted players making random moves after an
exponential pause of mean ``--think`` seconds. The first run is one plain instance (no Redis);
the second is three ``--redis`` instances behind Debian's nginx with ``docs/nginx.conf``, each
player on whichever instance nginx picks, so most moves cross instances through Redis.

Printed per run: moves per second, the mover's latency (sent -> acknowledged) and the
opponent's (sent -> the opponent's instance shows the new state), p50 and p99, and the CPU
seconds per move of the instances, PostgreSQL and Redis. On a 2-core machine three instances
cannot carry more than one: the figure to look at is the ratio of their latencies (the cost
of the fan-out), measured against the one-instance baseline of the same run.

The model then takes the CPU per move of each part and says what N machines of ``--cores``
cores each (one instance per core) would carry: the instances scale with N; the one
PostgreSQL primary and the one Redis do not, and Redis delivers each note to every instance.

    PYTHONPATH=. nice -n 19 .venv/bin/python bench/scale_out.py --games 30 --seconds 15
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psycopg
import websockets

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.server.kit import RedisServer, free_port, start_nginx  # noqa: E402

ADMIN = os.environ.get("RUMIZI_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICK


def pids_named(name: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == name:
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


@dataclass
class Stats:
    acked: list[float] = field(default_factory=list)
    seen: list[float] = field(default_factory=list)
    # (table, version) -> (the mover's cookie, when it sent the move)
    sent: dict[tuple[str, int], tuple[str, float]] = field(default_factory=dict)
    moves: int = 0


async def guest(base: str) -> httpx.AsyncClient:
    client = httpx.AsyncClient(base_url=base, timeout=30)
    client.headers["X-CSRF-Token"] = (await client.get("/api/me")).json()["csrf"]
    (await client.post("/api/auth/guest")).raise_for_status()
    return client


async def open_table(base: str) -> tuple[str, list[str]]:
    host, other = await guest(base), await guest(base)
    made = await host.post(
        "/api/tables",
        json={"game": "star-realms", "seats": [{"kind": "human"}, {"kind": "human"}]},
    )
    made.raise_for_status()
    table = made.json()
    joined = await other.post(f"/api/tables/{table['id']}/join", json={"invite": table["invite"]})
    joined.raise_for_status()
    cookies = ["; ".join(f"{k}={v}" for k, v in c.cookies.items()) for c in (host, other)]
    for c in (host, other):
        await c.aclose()
    return table["id"], cookies


async def player(
    ws_base: str,
    table: str,
    cookie: str,
    address: str,
    stats: Stats,
    stop: float,
    rng: random.Random,
    think: float,
) -> None:
    async with websockets.connect(
        f"{ws_base}/ws/tables/{table}",
        additional_headers={"Cookie": cookie},
        local_addr=(address, 0),
        max_size=None,
    ) as ws:
        pending: tuple[str, float] | None = None
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
            except TimeoutError:
                return
            message = json.loads(raw)
            now = time.perf_counter()
            if message["type"] == "ack":
                if pending is not None and message["client_id"] == pending[0]:
                    stats.acked.append(now - pending[1])
                    stats.moves += 1
                    pending = None
                continue
            if message["type"] == "error":
                pending = None
                continue
            if message["type"] != "state":
                continue
            mover = stats.sent.get((table, message["version"]))
            if mover is not None and mover[0] != cookie:  # the opponent's move, seen here
                stats.seen.append(now - mover[1])
                del stats.sent[(table, message["version"])]
            if message["result"] is not None:
                return
            if message["legal"] and pending is None:
                await asyncio.sleep(rng.expovariate(1 / think) if think > 0 else 0)
                client_id = secrets.token_hex(6)
                pending = (client_id, time.perf_counter())
                stats.sent[(table, message["version"] + 1)] = (cookie, pending[1])
                action = rng.choice(message["legal"])["action"]
                await ws.send(
                    json.dumps(
                        {
                            "type": "act",
                            "client_id": client_id,
                            "version": message["version"],
                            "action": action,
                        }
                    )
                )


def p(values: list[float], q: float) -> float:
    ordered = sorted(values) or [0.0]
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def load(base: str, games: int, seconds: float, think: float, seed: int) -> Stats:
    at_once = asyncio.Semaphore(4)

    async def opened() -> tuple[str, list[str]]:
        async with at_once:
            return await open_table(base)

    tables = await asyncio.gather(*(opened() for _ in range(games)))
    ws_base = base.replace("http://", "ws://")
    stats = Stats()
    rng = random.Random(seed)
    stop = time.monotonic() + seconds
    await asyncio.gather(
        *(
            player(
                ws_base,
                table,
                cookie,
                f"127.0.0.{2 + i}",
                stats,
                stop,
                random.Random(rng.getrandbits(64)),
                think,
            )
            for i, (table, cookies) in enumerate(tables)
            for cookie in cookies
        )
    )
    return stats


def wait_up(port: int) -> None:
    deadline = time.monotonic() + 120
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).raise_for_status()
            return
        except httpx.HTTPError:
            if time.monotonic() > deadline:
                raise SystemExit(f"nothing answers on port {port}") from None
            time.sleep(0.2)


def run(instances: int, args: argparse.Namespace, tmp: Path) -> dict[str, float]:
    name = f"rumizi_bench_{secrets.token_hex(4)}"
    with psycopg.connect(ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    db = ADMIN.rsplit("/", 1)[0] + "/" + name
    redis = RedisServer().start() if instances > 1 else None
    ports = [free_port() for _ in range(instances)]
    processes = []
    nginx = None
    try:
        for i, port in enumerate(ports):
            command = [sys.executable, "-m", "rumizi", "serve", "--port", str(port), "--db", db]
            command += ["--bot-workers", "0"]
            if redis is not None:
                command += ["--redis", redis.url, "--instance", f"i{i}"]
            log = (tmp / f"{instances}-{i}.log").open("wb")
            processes.append(
                subprocess.Popen(
                    command,
                    cwd=ROOT,
                    stdout=log,
                    stderr=log,
                    env={**os.environ, "PYTHONPATH": str(ROOT)},
                )
            )
        front = ports[0]
        if instances > 1:
            front = free_port()
            nginx = start_nginx(tmp / f"nginx-{instances}", front, ports)
        for port in [*ports, front]:
            wait_up(port)
        watched = [pr.pid for pr in processes]

        def sample() -> tuple[float, float, float]:
            return (
                cpu_seconds(watched),
                cpu_seconds(pids_named("postgres")),
                cpu_seconds([redis.process.pid]) if redis and redis.process else 0.0,
            )

        # What the parts spend doing nothing (their timers, the queue's polls), per second:
        # taken off the loaded run's CPU, so the model's per-move figures are the moves' own.
        idle_from, idle_started = sample(), time.monotonic()
        time.sleep(args.idle)
        idle_to, idle_for = sample(), time.monotonic() - idle_started
        idle = [(b - a) / idle_for for a, b in zip(idle_from, idle_to, strict=True)]
        before = sample()
        started = time.monotonic()
        stats = asyncio.run(
            load(f"http://127.0.0.1:{front}", args.games, args.seconds, args.think, args.seed)
        )
        elapsed = time.monotonic() - started
        after = sample()
    finally:
        for process in [*processes, nginx]:
            if process is not None:
                process.terminate()
        for process in [*processes, nginx]:
            if process is not None:
                process.wait(timeout=30)
        if redis is not None:
            redis.stop()
        with psycopg.connect(ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    moves = max(1, stats.moves)
    spent = [max(0.0, b - a - i * elapsed) for a, b, i in zip(before, after, idle, strict=True)]
    return {
        "moves": stats.moves,
        "moves_per_s": stats.moves / elapsed,
        "ack_p50": p(stats.acked, 0.5),
        "ack_p99": p(stats.acked, 0.99),
        "seen_p50": p(stats.seen, 0.5),
        "seen_p99": p(stats.seen, 0.99),
        "cpu_instances": spent[0] / moves,
        "cpu_db": spent[1] / moves,
        "cpu_redis": spent[2] / moves,
        "idle_cpu": sum(idle),
    }


def model(three: dict[str, float], cores: int, db_cores: int) -> None:
    """Moves per second N machines would carry, from the CPU each part spent per move."""
    print(
        f"\nmodel: N machines of {cores} cores (one instance a core), one PostgreSQL of "
        f"{db_cores} cores, one Redis (a core)"
    )
    inst, db = three["cpu_instances"], three["cpu_db"]
    redis = max(three["cpu_redis"], 5e-6)  # below the clock's tick: about 5 us a note
    print(f"{'N':>4} {'instances':>10} {'database':>10} {'redis':>10} {'carried':>10}")
    for n in (1, 2, 4, 8, 16, 32):
        by_instances = n * cores / max(inst, 1e-9)
        by_db = db_cores / max(db, 1e-9)
        # Redis's cost per note grows with the instances it delivers to (3 in the run).
        by_redis = 1 / (redis * (n * cores) / 3)
        carried = min(by_instances, by_db, by_redis)
        print(f"{n:>4} {by_instances:>10.0f} {by_db:>10.0f} {by_redis:>10.0f} {carried:>10.0f}")
    print("(moves/s each part could take alone; 'carried' is the least of them)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--think", type=float, default=0.3, help="mean seconds before a move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--idle", type=float, default=4.0, help="seconds of idle baseline")
    parser.add_argument("--cores", type=int, default=2, help="cores of each modelled machine")
    parser.add_argument("--db-cores", type=int, default=8, help="cores of the modelled database")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="rumizi-scale-"))
    one = run(1, args, tmp)
    three = run(3, args, tmp)
    for label, f in (("1 instance", one), ("3 instances", three)):
        print(
            f"{label:>12}: {f['moves_per_s']:6.1f} moves/s ({f['moves']} moves); mover "
            f"p50 {f['ack_p50']:6.1f} ms p99 {f['ack_p99']:7.1f} ms; opponent p50 "
            f"{f['seen_p50']:6.1f} ms p99 {f['seen_p99']:7.1f} ms; CPU/move: instances "
            f"{1000 * f['cpu_instances']:.2f} ms, PostgreSQL {1000 * f['cpu_db']:.2f} ms, "
            f"Redis {1000 * f['cpu_redis']:.3f} ms; idle CPU {100 * f['idle_cpu']:.1f} %"
        )
    print(
        f"3 / 1: moves/s {three['moves_per_s'] / max(one['moves_per_s'], 1e-9):.2f}x, "
        f"mover p99 {three['ack_p99'] / max(one['ack_p99'], 1e-9):.2f}x, "
        f"opponent p99 {three['seen_p99'] / max(one['seen_p99'], 1e-9):.2f}x"
    )
    model(three, args.cores, args.db_cores)


if __name__ == "__main__":
    main()
