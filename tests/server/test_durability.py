"""Durability: a game is its seed and its actions; restarts (and a SIGKILL) lose nothing acked."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text
from websockets.sync.client import connect
from websockets.sync.connection import Connection

from rumizi.server.db import make_engine
from rumizi.server.scheduling import Scheduler
from rumizi.server.store import Store
from tests.server.kit import (
    ServerFactory,
    duel,
    free_port,
    play_random,
    rebuilt,
    states_by_version,
    stored_actions,
)


def test_a_game_is_its_seed_and_actions(make_server: ServerFactory) -> None:
    server = make_server()
    first, second, table_id = duel(server)
    with first.socket(table_id) as s0, second.socket(table_id) as s1:
        state = play_random({0: s0, 1: s1}, random.Random(3), 25, s0.next_state())
        s1.wait_version(state["version"])
    version, export, count = server.snapshot(table_id)
    assert version == count == state["version"] >= 25

    # The stored rows: the seed and options, then one row per action, versions 1..n.
    with server.store.engine.connect() as connection:
        seed, options = connection.execute(
            text("SELECT seed, options FROM game_tables WHERE id = :t"), {"t": table_id}
        ).one()
    assert seed == server.live(table_id).row.seed
    assert (json.loads(options) if isinstance(options, str) else options) == {
        "players": 2,
        "undo": True,  # the platform's option: an unrated table lets moves be taken back
    }
    actions = stored_actions(server, table_id)
    assert [a[0] for a in actions] == list(range(1, version + 1))
    assert {a[1] for a in actions} <= {0, 1}
    assert len({a[3] for a in actions}) == version  # client ids are unique
    sent = [m for sock in (s0, s1) for m in sock.received if m["type"] == "ack"]
    assert len(sent) == version

    # Rebuilt from the database alone, the state is exactly the live one.
    assert rebuilt(server.store, table_id).export() == export

    # A fresh server on the same file rebuilds it too when asked for it (the game waits for
    # its players: it is not loaded at the start), and the game goes on there.
    server.close()
    again = make_server()
    assert table_id not in again.hub.tables
    assert again.snapshot(table_id) == (version, export, count)
    with first.on(again).socket(table_id) as s0, second.on(again).socket(table_id) as s1:
        assert s0.next_state()["version"] == version
        s1.next_state()
        after = play_random({0: s0, 1: s1}, random.Random(4), 3, s0.state or {})
    assert after["version"] == version + 3 or after["result"] is not None
    assert rebuilt(again.store, table_id).export() == again.snapshot(table_id)[1]


def test_a_bot_game_resumes_after_a_restart(
    make_server: ServerFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot is switched off on the first server; after the restart it moves on its own."""

    async def asleep(self: Scheduler[Any], *args: Any) -> None:
        return None

    with monkeypatch.context() as patch:
        patch.setattr(Scheduler, "bot_move", asleep)
        server = make_server()
        browser = server.guest()
        table_id = browser.create_table()["id"]
        with browser.socket(table_id) as sock:
            state = sock.next_state()
            rng = random.Random(5)
            while state["to_act"] == [0]:  # play until the turn passes to the (asleep) bot
                state = play_random({0: sock}, rng, 1, state)
        assert state["to_act"] == [1] and state["result"] is None
        version = state["version"]
        assert server.count("actions", table_id) == version
        server.close()

    again = make_server()  # the real bot is back
    # Nobody connects: the server resumed the table at start-up and the bot moves by itself.
    deadline = time.monotonic() + 15
    while again.count("actions", table_id) <= version:
        assert time.monotonic() < deadline, "the bot did not move after the restart"
        time.sleep(0.02)
    moved = stored_actions(again, table_id)[version]
    assert moved[0] == version + 1 and moved[1] == 1 and moved[3] == f"bot-{version}"
    with browser.on(again).socket(table_id) as sock:
        state = sock.my_turn()
        assert state["version"] > version and state["seat"] == 0


# ---------------------------------------------------------------------- the real server


class RealServer:
    """``python -m rumizi serve`` in a subprocess on a data directory."""

    def __init__(self, data_dir: Path, log: Path) -> None:
        self.data_dir = data_dir
        self.log = log
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.port = free_port()
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "rumizi",
                    "serve",
                    "--port",
                    str(self.port),
                    "--data-dir",
                    str(self.data_dir),
                    "--bot-workers",
                    "0",
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 30
        while True:
            if self.process.poll() is not None:
                pytest.fail(f"rumizi serve exited at start:\n{self.log.read_text()}")
            try:
                if httpx.get(f"{self.url}/api/me", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"rumizi serve did not answer:\n{self.log.read_text()}")
            time.sleep(0.05)

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        assert self.process.returncode == -signal.SIGKILL
        self.process = None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None


@pytest.fixture
def real_server(tmp_path: Path) -> Iterator[RealServer]:
    found = RealServer(tmp_path / "data", tmp_path / "serve.log")
    try:
        yield found
    finally:
        found.stop()


def receive(ws: Connection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=15))
    return message


def next_turn(ws: Connection) -> dict[str, Any]:
    """The next state in which this seat must act (the bot plays in between)."""
    while True:
        message = receive(ws)
        if message["type"] == "state" and (message["legal"] or message["result"]):
            return message


def test_sigkill_loses_no_acknowledged_move(real_server: RealServer) -> None:
    real_server.start()
    http = httpx.Client(base_url=real_server.url, timeout=10)
    csrf = http.get("/api/me").json()["csrf"]
    assert http.post("/api/auth/guest", headers={"X-CSRF-Token": csrf}).status_code == 200
    made = http.post(
        "/api/tables",
        headers={"X-CSRF-Token": csrf},
        json={"game": "star-realms", "seats": [{"kind": "human"}, {"kind": "bot"}]},
    ).json()
    cookie = f"rumizi_session={http.cookies['rumizi_session']}"
    ws_url = f"ws://127.0.0.1:{real_server.port}/ws/tables/{made['id']}"

    rng = random.Random(11)
    acked: list[tuple[int, str, dict[str, Any]]] = []  # (version, client id, action)
    with connect(ws_url, additional_headers={"Cookie": cookie}, open_timeout=10) as ws:
        state = next_turn(ws)
        while len(acked) < 12 and state["result"] is None:
            action = rng.choice(state["legal"])["action"]
            client_id = f"c-{len(acked)}"
            ws.send(
                json.dumps(
                    {
                        "type": "act",
                        "client_id": client_id,
                        "version": state["version"],
                        "action": action,
                    }
                )
            )
            while (answer := receive(ws))["type"] not in ("ack", "error"):
                pass
            assert answer["type"] == "ack", answer
            acked.append((answer["version"], client_id, action))
            state = next_turn(ws)
        assert state["result"] is None, "the game ended too soon for this test"
        # One more move in flight when the server dies: it may or may not have been stored.
        ws.send(
            json.dumps(
                {
                    "type": "act",
                    "client_id": "in-flight",
                    "version": state["version"],
                    "action": state["legal"][0]["action"],
                }
            )
        )
        real_server.kill()

    real_server.start()  # the same data directory, a new process
    with connect(
        f"ws://127.0.0.1:{real_server.port}/ws/tables/{made['id']}",
        additional_headers={"Cookie": cookie},
        open_timeout=10,
    ) as ws:
        while (first := receive(ws))["type"] == "chat-history":
            pass  # the table's chat comes before the first state
        assert first["type"] == "state" and first["seat"] == 0
        assert first["version"] >= acked[-1][0]

        # Every acknowledged move is in the database, in its place.
        store = Store(make_engine(f"sqlite:///{real_server.data_dir / 'rumizi.sqlite3'}"))
        row = store.load_table(made["id"], actions=True)
        assert row is not None
        by_version = {
            v: (seat, action, cid) for v, (seat, action, cid, _) in enumerate(row.actions, 1)
        }
        for version, client_id, action in acked:
            assert by_version[version] == (0, action, client_id)
        # The state the server sends after the restart is the one the stored moves give.
        states = states_by_version(store, made["id"])
        assert first["view"] == json.loads(json.dumps(states[first["version"]].view(0)))
        store.engine.dispose()

        # The game goes on: the bot (if it is its turn) and then this player.
        state = first if first["legal"] else next_turn(ws)
        assert state["result"] is None
        ws.send(
            json.dumps(
                {
                    "type": "act",
                    "client_id": "after-restart",
                    "version": state["version"],
                    "action": state["legal"][0]["action"],
                }
            )
        )
        while (answer := receive(ws))["type"] not in ("ack", "error"):
            pass
        assert answer == {
            "type": "ack",
            "client_id": "after-restart",
            "version": state["version"] + 1,
        }
    http.close()
