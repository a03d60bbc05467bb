"""Load on the web platform: many simultaneous games played over WebSockets.

Starts ``rumizi serve`` on a fresh SQLite database in a subprocess, opens ``--games`` tables
of two guests each, and lets scripted clients make random legal moves as fast as the server
answers. Prints moves per second, the round-trip latency of a move (sent → acknowledged, so
bot thinking is not part of it) at p50/p99, and the server's memory per open game (growth of
its resident set from before the tables opened to the busiest moment, divided by the games).

    .venv/bin/python bench/web_load.py --games 200 --seconds 60 --think 1.0
    .venv/bin/python bench/web_load.py --games 50 --seconds 30 --think 0     # saturation

``--think`` is the mean pause (exponential) a player takes before each move: 1 s is already
far quicker than people play, and with it the offered load is one move per second per game.
With ``--think 0`` every client moves the instant it may, which measures the most moves per
second the server can take (latency then only says how long the queue is).

The baseline in the same run is the latency of an idle server (one game alone), so the figure
to compare across machines is the ratio of p99 under load to p99 alone.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def running_server(
    prefix: str, extra: Sequence[str] = ()
) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """``rumizi serve`` on a free port and a fresh SQLite database, bots in a thread, until
    the block ends: (its port, its process). Its log is ``server.log`` in the data folder.
    ``extra``: more options of ``rumizi serve`` (``--metrics``).

    RUMIZI_SERVE_COMMAND: a script run instead of ``rumizi serve`` (e.g. to profile it),
    given the port and the data directory.
    """
    port = free_port()
    data = tempfile.mkdtemp(prefix=prefix)
    wrapper = os.environ.get("RUMIZI_SERVE_COMMAND")
    serve = ["-m", "rumizi", "serve", "--port", str(port), "--data-dir", data, "--bot-workers", "0"]
    serve += extra
    server = subprocess.Popen(
        [sys.executable, *([wrapper, str(port), data] if wrapper else serve)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=open(Path(data) / "server.log", "w"),  # noqa: SIM115 (closed with the process)
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).raise_for_status()
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.2)
        yield port, server
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            print("(the server did not stop within 20 s of SIGTERM; killed)")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def guest(base: str) -> httpx.AsyncClient:
    client = httpx.AsyncClient(base_url=base, timeout=30)
    csrf = (await client.get("/api/me")).json()["csrf"]
    client.headers["X-CSRF-Token"] = csrf
    (await client.post("/api/auth/guest")).raise_for_status()
    return client


async def open_table(base: str) -> tuple[str, list[httpx.AsyncClient]]:
    host, other = await guest(base), await guest(base)
    made = await host.post(
        "/api/tables",
        json={"game": "star-realms", "seats": [{"kind": "human"}, {"kind": "human"}]},
    )
    made.raise_for_status()
    table = made.json()
    (
        await other.post(f"/api/tables/{table['id']}/join", json={"invite": table["invite"]})
    ).raise_for_status()
    return table["id"], [host, other]


def table_address(index: int) -> str:
    """The loopback address the players of table ``index`` connect from (127.0.0.2 onwards)."""
    return f"127.0.{index // 250}.{2 + index % 250}"


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.moves = 0
        self.games_done = 0
        self.errors: dict[str, int] = {}


async def player(
    ws_base: str,
    table: str,
    client: httpx.AsyncClient,
    address: str,
    stats: Stats,
    stop: float,
    rng: random.Random,
    think: float,
) -> None:
    cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    # Each table's players connect from a loopback address of their own (127.0.0.2, …): the
    # server allows a few dozen sockets per address, as it would for people behind one NAT.
    async with websockets.connect(
        f"{ws_base}/ws/tables/{table}",
        additional_headers={"Cookie": cookie},
        local_addr=(address, 0),
        max_size=None,
    ) as ws:
        sent: dict[str, float] = {}
        counter = 0
        prefix = f"{rng.getrandbits(32):08x}-"  # client ids are unique per table, not per player
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
            except TimeoutError:
                break
            message = json.loads(raw)
            kind = message["type"]
            if kind == "ack":
                started = sent.pop(message["client_id"], None)
                if started is not None:
                    stats.latencies.append(time.perf_counter() - started)
                    stats.moves += 1
                continue
            if kind == "error":
                stats.errors[message["code"]] = stats.errors.get(message["code"], 0) + 1
                sent.clear()
                continue
            if kind != "state":  # someone arrived or left ("presence"), a chat line, …
                continue
            if message["result"] is not None:
                stats.games_done += 1
                break
            if message["legal"] and not sent:
                if think > 0:
                    await asyncio.sleep(rng.expovariate(1 / think))
                counter += 1
                client_id = f"{prefix}{counter}"
                action = rng.choice(message["legal"])["action"]
                sent[client_id] = time.perf_counter()
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


async def run(games: int, seconds: float, port: int, seed: int, think: float) -> dict[str, float]:
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    tables = [await open_table(base) for _ in range(games)]
    stats = Stats()
    rng = random.Random(seed)
    started = time.monotonic()
    stop = started + seconds
    await asyncio.gather(
        *(
            player(
                ws_base,
                table,
                client,
                table_address(i),
                stats,
                stop,
                random.Random(rng.getrandbits(64)),
                think,
            )
            for i, (table, clients) in enumerate(tables)
            for client in clients
        )
    )
    elapsed = time.monotonic() - started
    for _, clients in tables:
        for client in clients:
            await client.aclose()
    lat = sorted(stats.latencies) or [0.0]
    return {
        "moves": stats.moves,
        "moves_per_s": stats.moves / elapsed,
        "p50_ms": 1000 * statistics.median(lat),
        "p99_ms": 1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))],
        "games_finished": stats.games_done,
        "errors": sum(stats.errors.values()),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds before a move")
    args = parser.parse_args()
    with running_server("rumizi-load-") as (port, server):
        idle = rss_kib(server.pid)
        alone = asyncio.run(run(1, min(10.0, args.seconds), port, args.seed, args.think))
        loaded = asyncio.run(run(args.games, args.seconds, port, args.seed + 1, args.think))
        busy = rss_kib(server.pid)
    per_game = (busy - idle) / max(1, args.games + 1)
    for label, figures in (("one game alone", alone), (f"{args.games} games", loaded)):
        print(
            f"{label:>15}: {figures['moves_per_s']:7.1f} moves/s, p50 {figures['p50_ms']:6.2f} ms, "
            f"p99 {figures['p99_ms']:6.2f} ms ({figures['moves']} moves, "
            f"{figures['games_finished']} games finished, {figures['errors']} errors)"
        )
    print(f"p99 under load / p99 alone: {loaded['p99_ms'] / max(alone['p99_ms'], 1e-9):.1f}x")
    print(
        f"server memory: {idle / 1024:.0f} MiB idle, {busy / 1024:.0f} MiB busy, "
        f"{per_game:.0f} KiB per open game"
    )


if __name__ == "__main__":
    main()
