"""``rumizi.client`` against a real ``rumizi serve``: a bot account's program plays a person to
the end in every game, and carries on through a server restart in the middle of a game."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import threading
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from rumizi import bots
from rumizi.client import BotClient
from rumizi.server.auth import CSRF_HEADER
from tests.web.conftest import Server

GAMES = ("star-realms", "splendor-duel", "fantasy-realms", "war-of-the-ring")


def run_in_own_loop(main: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """``asyncio.run(main())`` in a thread of its own: a worker that ran the browser tests
    keeps Playwright's loop running on its main thread, where asyncio.run would refuse."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(main())
        except BaseException as err:  # handed to the test's thread
            failed.append(err)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path, bot_workers=0)
    running.start()
    yield running
    running.stop()


def session(server: Server) -> tuple[httpx.Client, str]:
    client = httpx.Client(base_url=server.url, timeout=30)
    csrf: str = client.get("/api/me").json()["csrf"]
    return client, csrf


def bot_token(server: Server) -> str:
    owner, csrf = session(server)
    headers = {CSRF_HEADER: csrf}
    body = {"username": "labbot", "password": "correct horse battery"}
    owner.post("/api/auth/signup", json=body, headers=headers).raise_for_status()
    owner.post("/api/account/bot", headers=headers).raise_for_status()
    made = owner.post(
        "/api/account/tokens", json={"name": "lab", "scopes": ["bot:play"]}, headers=headers
    )
    made.raise_for_status()
    found: str = made.json()["token"]
    return found


def person_table(server: Server, game: str) -> tuple[dict[str, Any], str]:
    """A guest's table of ``game`` with a seat for the bot: the table, the guest's cookie."""
    person, csrf = session(server)
    person.post("/api/auth/guest", headers={CSRF_HEADER: csrf}).raise_for_status()
    made = person.post(
        "/api/tables",
        json={"game": game, "seats": [{"kind": "human"}, {"kind": "human"}]},
        headers={CSRF_HEADER: csrf},
    )
    made.raise_for_status()
    cookie = "; ".join(f"{k}={v}" for k, v in person.cookies.items())
    table: dict[str, Any] = made.json()
    return table, cookie


async def play_as_person(server: Server, table_id: str, cookie: str, seed: int) -> dict[str, Any]:
    """Random legal moves on the person's socket until the game ends, across reconnections."""
    rng = random.Random(seed)
    url = server.url.replace("http://", "ws://") + f"/ws/tables/{table_id}"
    while True:
        try:
            async with connect(url, additional_headers={"Cookie": cookie}) as socket:
                async for text in socket:
                    message = json.loads(text)
                    if message.get("type") != "state":
                        continue
                    if message["result"] is not None:
                        found: dict[str, Any] = message["result"]
                        return found
                    if message["legal"]:
                        action = rng.choice(message["legal"])["action"]
                        version = message["version"]
                        await socket.send(
                            json.dumps(
                                {
                                    "type": "act",
                                    "client_id": f"p-{version}",
                                    "version": version,
                                    "action": action,
                                }
                            )
                        )
        except OSError:
            await asyncio.sleep(0.3)  # the server is restarting
        except Exception as err:  # a closed connection: connect again
            if "ConnectionClosed" not in type(err).__name__:
                raise
            await asyncio.sleep(0.3)


async def game_against_bot(
    server: Server, client: BotClient, game: str, seed: int
) -> tuple[dict[str, Any], str]:
    table, cookie = person_table(server, game)
    assert await asyncio.to_thread(client.join, table["id"], table["invite"]) == 1
    result = await asyncio.wait_for(play_as_person(server, table["id"], cookie, seed), 240)
    return result, table["id"]


def test_a_bot_plays_a_person_to_the_end_in_every_game(live: Server) -> None:
    client = BotClient(live.url, bot_token(live), bots.make("random", seed=1))

    async def main() -> None:
        stop = asyncio.Event()
        runner = asyncio.create_task(client.run(stop))
        try:
            for seed, game in enumerate(GAMES):
                result, table_id = await game_against_bot(live, client, game, seed)
                for _ in range(100):  # the bot's side hears the end too
                    if client.played.get(table_id) and client.played[table_id].result:
                        break
                    await asyncio.sleep(0.1)
                played = client.played[table_id]
                assert (played.game, played.seat) == (game, 1)
                assert played.result is not None and played.moves > 0
                assert (played.result["winner"], played.result["returns"]) == (
                    result["winner"],
                    result["returns"],
                )
        finally:
            stop.set()
            await runner

    run_in_own_loop(main)


def test_the_bot_carries_on_after_a_server_restart_mid_game(live: Server) -> None:
    client = BotClient(live.url, bot_token(live), bots.make("random", seed=2), retry=0.2)

    async def main() -> None:
        stop = asyncio.Event()
        runner = asyncio.create_task(client.run(stop))
        table, cookie = person_table(live, "splendor-duel")
        await asyncio.to_thread(client.join, table["id"], table["invite"])
        person = asyncio.create_task(play_as_person(live, table["id"], cookie, 7))
        for _ in range(300):  # a few moves each, then the server dies
            record = client.played.get(table["id"])
            if record is not None and record.moves >= 3:
                break
            await asyncio.sleep(0.05)
        await asyncio.to_thread(live.kill)
        await asyncio.to_thread(live.start)
        result = await asyncio.wait_for(person, 240)
        for _ in range(100):
            if client.played[table["id"]].result:
                break
            await asyncio.sleep(0.1)
        assert client.played[table["id"]].result is not None
        assert client.played[table["id"]].result["winner"] == result["winner"]
        stop.set()
        with contextlib.suppress(Exception):
            await runner

    run_in_own_loop(main)


def test_the_bot_accepts_a_challenge_to_a_game_it_plays_and_declines_the_others(
    live: Server,
) -> None:
    owner, csrf = session(live)
    headers = {CSRF_HEADER: csrf}
    body = {"username": "chessbot", "password": "correct horse battery"}
    owner.post("/api/auth/signup", json=body, headers=headers).raise_for_status()
    owner.post("/api/account/bot", headers=headers).raise_for_status()
    scopes = {"name": "lab", "scopes": ["bot:play", "challenge"]}
    secret = owner.post("/api/account/tokens", json=scopes, headers=headers).json()["token"]
    client = BotClient(live.url, secret, bots.make("random", seed=4), games=["splendor-duel"])
    person, person_csrf = session(live)
    mine = {CSRF_HEADER: person_csrf}
    person.post("/api/auth/guest", headers=mine).raise_for_status()
    cookie = "; ".join(f"{k}={v}" for k, v in person.cookies.items())

    async def main() -> None:
        stop = asyncio.Event()
        runner = asyncio.create_task(client.run(stop))

        async def answered(game: str) -> dict[str, Any]:
            """Challenge the bot to ``game`` (a new challenge replaces a waiting one: one at
            a time) and wait for its answer."""
            body = {"to": "chessbot", "game": game}
            asked = person.post("/api/challenges", json=body, headers=mine).json()
            for _ in range(200):
                seen = {c["id"]: c for c in person.get("/api/challenges").json()}
                if seen[asked["id"]]["status"] != "pending":
                    return seen[asked["id"]]
                await asyncio.sleep(0.1)
            raise AssertionError("the bot did not answer")

        assert (await answered("star-realms"))["status"] == "declined"  # not one of its games
        accepted = await answered("splendor-duel")
        assert accepted["status"] == "accepted"
        table = accepted["table"]
        result = await asyncio.wait_for(play_as_person(live, table, cookie, 11), 240)
        for _ in range(100):
            if client.played.get(table) and client.played[table].result:
                break
            await asyncio.sleep(0.1)
        assert client.played[table].result is not None
        assert client.played[table].result["winner"] == result["winner"]
        stop.set()
        await runner

    run_in_own_loop(main)


def test_a_move_the_server_never_stored_is_sent_again_after_reconnecting() -> None:
    """The server dies between receiving a move and storing it: after the reconnection the
    state is the same version with the bot to act, and the bot moves again under the same
    client id (a server that had stored it would refuse that as a duplicate)."""
    from websockets.asyncio.server import ServerConnection, serve

    def state(version: int, result: dict[str, Any] | None = None) -> str:
        legal = [] if result else [{"action": {"do": "pass"}, "label": "Pass"}]
        return json.dumps({
            "type": "state", "game": "splendor-duel", "seat": 1, "version": version,
            "status": "over" if result else "playing", "result": result,
            "view": {"game": "splendor-duel"}, "legal": legal,
        })  # fmt: skip

    received: list[dict[str, Any]] = []

    async def handler(connection: ServerConnection) -> None:
        await connection.send(state(4))
        received.append(json.loads(await connection.recv()))
        if len(received) == 1:
            return  # dies before storing it: the connection drops, version 4 stands
        await connection.send(state(5, {"winner": 1}))
        await connection.wait_closed()

    class Passes:
        def choose(self, view: Any, legal: list[Any]) -> Any:
            return legal[0]

    async def main() -> None:
        async with serve(handler, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            client = BotClient(f"http://127.0.0.1:{port}", "rmz_test", Passes(), retry=0.05)
            played = await asyncio.wait_for(client.play("t1"), 20)
        assert played.result == {"winner": 1}
        assert [(m["client_id"], m["version"]) for m in received] == [
            ("program-4", 4),
            ("program-4", 4),  # the same move again, under the same client id
        ]

    run_in_own_loop(main)
