"""A chat flood on one table, and what another table feels of it.

Starts ``rumizi serve`` on a fresh SQLite database, then measures a quiet table's move
round trip (sent → acknowledged) twice in the same run: alone (the baseline), and while a
busy table has ``--watchers`` spectator sockets open and ``--chatters`` guests chatting as
fast as they can send (the server reads each socket at most 8 messages a second and refuses
most lines as too fast; every accepted one goes to every watcher). The attacker runs in a
process of its own, so its clients' work does not delay the quiet table's. Prints p50/p99
of the quiet table's moves and of ``GET /api/lobby`` in both phases, their ratio, and how
many chat lines were accepted and delivered.

    .venv/bin/python bench/chat_flood.py --watchers 500 --chatters 100 --seconds 20

The server allows a few dozen sockets per address, as it would people behind one NAT: each
group of watchers connects from a loopback address of its own (127.0.1.x).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from web_load import running_server  # noqa: E402 (bench/ is not a package)

PER_ADDRESS = 25  # sockets from one loopback address (the server allows 32)


def address(n: int) -> str:
    return f"127.0.{1 + n // 250}.{2 + n % 250}"


async def guest(base: str, local: str) -> httpx.AsyncClient:
    client = httpx.AsyncClient(
        base_url=base, timeout=30, transport=httpx.AsyncHTTPTransport(local_address=local)
    )
    client.headers["X-CSRF-Token"] = (await client.get("/api/me")).json()["csrf"]
    (await client.post("/api/auth/guest")).raise_for_status()
    return client


def cookie_of(client: httpx.AsyncClient) -> str:
    return "; ".join(f"{k}={v}" for k, v in client.cookies.items())


async def duel(base: str, local: str) -> tuple[str, list[httpx.AsyncClient]]:
    host, other = await guest(base, local), await guest(base, local)
    made = await host.post(
        "/api/tables", json={"game": "star-realms", "seats": [{"kind": "human"}] * 2}
    )
    made.raise_for_status()
    table = made.json()
    joined = await other.post(f"/api/tables/{table['id']}/join", json={"invite": table["invite"]})
    joined.raise_for_status()
    return table["id"], [host, other]


def quantiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values) or [0.0]
    return 1000 * statistics.median(ordered), 1000 * ordered[int(0.99 * (len(ordered) - 1))]


async def play_quietly(
    ws_base: str, table: str, clients: list[httpx.AsyncClient], stop: float
) -> list[float]:
    """Both players of the quiet table move at once when they may: each move's round trip."""
    latencies: list[float] = []

    async def player(client: httpx.AsyncClient, n: int) -> None:
        async with websockets.connect(
            f"{ws_base}/ws/tables/{table}",
            additional_headers={"Cookie": cookie_of(client)},
            local_addr=("127.0.0.1", 0),
            max_size=None,
        ) as ws:
            sent: float | None = None
            counter = 0
            while time.monotonic() < stop:
                try:
                    raw = await asyncio.wait_for(
                        ws.recv(), timeout=max(0.1, stop - time.monotonic())
                    )
                except TimeoutError:
                    return
                message = json.loads(raw)
                if message["type"] == "ack" and sent is not None:
                    latencies.append(time.perf_counter() - sent)
                    sent = None
                elif message["type"] == "state" and message["legal"] and sent is None:
                    if message["result"] is not None:
                        return
                    await asyncio.sleep(0.05)  # a quick player, not a flood
                    counter += 1
                    action = message["legal"][-1]["action"]  # "end" when it is there
                    sent = time.perf_counter()
                    await ws.send(
                        json.dumps(
                            {
                                "type": "act",
                                "client_id": f"q{n}-{counter}",
                                "version": message["version"],
                                "action": action,
                            }
                        )
                    )

    await asyncio.gather(*(player(c, n) for n, c in enumerate(clients)))
    return latencies


async def poll_lobby(base: str, stop: float) -> list[float]:
    found: list[float] = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        while time.monotonic() < stop:
            started = time.perf_counter()
            (await client.get("/api/lobby")).raise_for_status()
            found.append(time.perf_counter() - started)
            await asyncio.sleep(0.2)
    return found


async def watch(ws_base: str, table: str, n: int, stop: float, heard: list[int]) -> None:
    async with websockets.connect(
        f"{ws_base}/ws/tables/{table}", local_addr=(address(n // PER_ADDRESS), 0), max_size=None
    ) as ws:
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
            except (TimeoutError, websockets.ConnectionClosed):
                return
            if json.loads(raw)["type"] == "chat":
                heard[0] += 1


async def chatter(
    ws_base: str, table: str, client: httpx.AsyncClient, n: int, stop: float, said: list[int]
) -> None:
    async with websockets.connect(
        f"{ws_base}/ws/tables/{table}",
        additional_headers={"Cookie": cookie_of(client)},
        local_addr=(address(1000 + n // PER_ADDRESS), 0),
        max_size=None,
    ) as ws:

        async def drain() -> None:
            while True:
                message = json.loads(await ws.recv())
                if message["type"] == "chat" and message.get("client_id", "").startswith(f"f{n}-"):
                    said[0] += 1

        reader = asyncio.create_task(drain())
        counter = 0
        while time.monotonic() < stop:
            counter += 1
            text = json.dumps(
                {"type": "chat", "client_id": f"f{n}-{counter}", "text": "spam " * 30}
            )
            await ws.send(text)
            await asyncio.sleep(0.02)
        reader.cancel()


async def quiet_phase(base: str, seconds: float) -> dict[str, float]:
    """A fresh quiet table's moves and the lobby's answers for ``seconds``."""
    ws_base = base.replace("http://", "ws://")
    quiet = await duel(base, "127.0.0.1")
    stop = time.monotonic() + seconds
    moves, lobby = await asyncio.gather(
        play_quietly(ws_base, quiet[0], quiet[1], stop), poll_lobby(base, stop)
    )
    move50, move99 = quantiles(moves)
    lobby50, lobby99 = quantiles(lobby)
    return {
        "moves": len(moves),
        "move_p50": move50,
        "move_p99": move99,
        "lobby_p50": lobby50,
        "lobby_p99": lobby99,
    }


async def flood(base: str, watchers: int, chatters: int, seconds: float) -> dict[str, int]:
    """The attacker (run in a process of its own, so that its clients' work does not slow
    the quiet table's): a busy table, its watchers and its chatters, for ``seconds``."""
    ws_base = base.replace("http://", "ws://")
    table, _ = await duel(base, "127.0.0.1")
    talkers = [await guest(base, address(1000 + n // PER_ADDRESS)) for n in range(chatters)]
    print("ready", flush=True)
    stop = time.monotonic() + seconds
    heard, said = [0], [0]
    await asyncio.gather(
        *(watch(ws_base, table, n, stop, heard) for n in range(watchers)),
        *(chatter(ws_base, table, c, n, stop, said) for n, c in enumerate(talkers)),
    )
    return {"said": said[0], "heard": heard[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--watchers", type=int, default=500)
    parser.add_argument("--chatters", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--flood", help=argparse.SUPPRESS)  # the attacker's process: its URL
    args = parser.parse_args()
    if args.flood:
        found = asyncio.run(flood(args.flood, args.watchers, args.chatters, args.seconds))
        print(json.dumps(found), flush=True)
        return
    with running_server("rumizi-chat-flood-") as (port, _):
        base = f"http://127.0.0.1:{port}"
        alone = asyncio.run(quiet_phase(base, args.seconds))
        attacker = subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--flood",
                base,
                "--watchers",
                str(args.watchers),
                "--chatters",
                str(args.chatters),
                "--seconds",
                str(args.seconds + 5),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert attacker.stdout is not None
        if attacker.stdout.readline().strip() != "ready":
            raise SystemExit("the flood did not start")
        time.sleep(2)  # the watchers connect
        loaded = asyncio.run(quiet_phase(base, args.seconds))
        flooded = json.loads(attacker.stdout.read().strip().splitlines()[-1])
        attacker.wait()
    for label, f in (("quiet table alone", alone), ("during the flood", loaded)):
        print(
            f"{label:>18}: moves p50 {f['move_p50']:6.1f} ms, p99 {f['move_p99']:6.1f} ms "
            f"({f['moves']} moves); lobby p50 {f['lobby_p50']:6.1f} ms, "
            f"p99 {f['lobby_p99']:6.1f} ms"
        )
    print(
        f"flood: {args.watchers} watchers, {args.chatters} chatters; "
        f"{flooded['said']} lines accepted, {flooded['heard']} deliveries to watchers"
    )
    ratio = loaded["move_p99"] / max(alone["move_p99"], 1e-9)
    verdict = "under" if loaded["move_p99"] < 100 else "OVER"
    print(f"quiet table's move p99 during / alone: {ratio:.1f}x ({verdict} the 100 ms goal)")


if __name__ == "__main__":
    main()
