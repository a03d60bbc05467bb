"""Undo at a table (rumizi.server.takeback): the message, its refusals, the log, a restart.

Star Realms between two guests: a card played is taken back, the state is exactly the one
before it, the log says so and marks the move, the database holds the undo as a record, and a
fresh server on the same file rebuilds the same position, with the Undo still on offer. The
refusals each have their code: not your turn, a stale version, another player acted, a
barrier (a trade row card bought: the row refills from the deck), and a table without undo.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
from sqlalchemy import text
from websockets.sync.client import connect
from websockets.sync.connection import Connection

from rumizi.server.replay import replay_frames
from tests.server.kit import (
    Browser,
    RedisServer,
    Server,
    ServerFactory,
    Socket,
    duel,
    rebuilt,
)
from tests.server.test_durability import RealServer, next_turn, real_server, receive  # noqa: F401
from tests.server.test_postgres import postgres_url  # noqa: F401 (a fixture)


def stored(server: Server, table_id: str) -> list[dict[str, Any]]:
    with server.store.engine.connect() as connection:
        rows = connection.execute(
            text("SELECT action FROM actions WHERE table_id = :t ORDER BY version"),
            {"t": table_id},
        ).all()
    return [json.loads(a) if isinstance(a, str) else a for (a,) in rows]


def undo(sock: Socket, version: int | None = None) -> dict[str, Any]:
    assert sock.state is not None
    client_id = sock.new_id()
    at = sock.state["version"] if version is None else version
    sock.send({"type": "undo", "version": at, "client_id": client_id})
    return sock.answer(client_id)


def sockets_by_seat(first: Browser, s0: Socket, s1: Socket) -> tuple[Socket, Socket]:
    """(the socket of the seat to act, the other one)."""
    state = s0.next_state()
    s1.next_state()
    return (s0, s1) if state["to_act"] == [0] else (s1, s0)


def first_play(sock: Socket) -> dict[str, Any]:
    assert sock.state is not None
    return next(m["action"] for m in sock.state["legal"] if m["action"]["do"] == "play")


def test_a_card_played_is_taken_back_and_a_restart_rebuilds_it(
    make_server: ServerFactory,
) -> None:
    server = make_server()
    first, second, table_id = duel(server)
    with first.socket(table_id) as s0, second.socket(table_id) as s1:
        mover, other = sockets_by_seat(first, s0, s1)
        assert mover.state is not None and other.state is not None
        assert mover.state["undo"] is False  # nothing played yet
        assert undo(mover)["code"] == "undo-nothing"
        before = server.snapshot(table_id)[1]
        version = mover.play(first_play(mover))
        assert mover.wait_version(version)["undo"] is True
        assert other.wait_version(version)["undo"] is False
        assert undo(other)["code"] == "not-your-turn"
        assert undo(mover, version - 1)["code"] == "stale"
        answer = undo(mover)
        assert answer == {**answer, "type": "ack", "version": version + 1}
        after = mover.wait_version(version + 1)
        assert server.snapshot(table_id)[1] == before
        assert after["undo"] is False and after["log"][-1] == "شما یک حرکت را پس گرفتید."
        seen = other.wait_version(version + 1)
        assert seen["log"][-1].endswith("یک حرکت را پس گرفت.") and "شما" not in seen["log"][-1]
        assert seen["undone"] and seen["undone"][-1] < seen["log_start"] + len(seen["log"]) - 1
        # Played again and left standing: the Undo survives a restart.
        again = mover.play(first_play(mover))
    assert stored(server, table_id)[1] == {"do": "undo", "of": 1}
    assert rebuilt(server.store, table_id).export() == server.snapshot(table_id)[1]
    live = server.snapshot(table_id)
    server.close()
    restarted = make_server()
    assert restarted.snapshot(table_id) == live
    with first.on(restarted).socket(table_id) as s0, second.on(restarted).socket(table_id) as s1:
        mover, _ = sockets_by_seat(first, s0, s1)
        assert mover.state is not None and mover.state["version"] == again
        assert mover.state["undo"] is True and mover.state["undone"]
        assert undo(mover)["type"] == "ack"
    # The replay keeps both moves taken back, marked, and shows the position before them.
    row = restarted.store.load_table(table_id, actions=True)
    assert row is not None
    frames = replay_frames(row, None, "fa", reveal=False)["frames"]
    assert [f.get("undone", False) for f in frames] == [False, True, False, True, False]
    assert frames[2]["view"] == frames[0]["view"] == frames[4]["view"]
    assert frames[2]["log"] == [frames[2]["log"][0]] and "پس گرفت" in frames[2]["log"][0]
    assert "پس گرفته شد" in frames[1]["undone_text"]


def test_barriers_and_another_players_move_are_refused(make_server: ServerFactory) -> None:
    server = make_server()
    first, second, table_id = duel(server)
    with first.socket(table_id) as s0, second.socket(table_id) as s1:
        mover, other = sockets_by_seat(first, s0, s1)
        assert mover.state is not None
        while any(m["action"]["do"] == "play" for m in mover.state["legal"]):
            mover.play(first_play(mover))
        row = [c for c in mover.state["view"]["trade_row"] if c]
        buys = [
            m["action"]
            for m in mover.state["legal"]
            if m["action"]["do"] == "buy" and m["action"]["card"] in row
        ]
        if buys:  # a trade row card bought: the row refills from the deck, a barrier
            version = mover.play(buys[0])
            assert mover.wait_version(version)["undo"] is False
            assert undo(mover)["code"] == "undo-barrier"
        version = mover.play({"do": "end"})  # the turn passes: the end draws a new hand
        assert undo(mover)["code"] == "not-your-turn"
        assert other.wait_version(version)["undo"] is False
        assert undo(other)["code"] == "undo-other"
        # A message without a version, and a version that is not a number, change nothing.
        other.send({"type": "undo", "client_id": "x-1"})
        assert other.answer("x-1")["code"] == "malformed"
    assert [a["do"] for a in stored(server, table_id)].count("undo") == 0


def test_a_table_without_undo_refuses_it_and_rated_tables_are_off_by_default(
    make_server: ServerFactory,
) -> None:
    server = make_server()
    first, second, table_id = duel(server, undo=False)
    with first.socket(table_id) as s0, second.socket(table_id) as s1:
        mover, _ = sockets_by_seat(first, s0, s1)
        version = mover.play(first_play(mover))
        assert mover.wait_version(version)["undo"] is False
        answer = undo(mover)
        assert answer["code"] == "undo-off"
    found = first.get(f"/api/tables/{table_id}").json()
    assert found["options"]["undo"] is False
    a, b = server.browser(), server.browser()
    a.signup("undo-a")
    b.signup("undo-b")
    made = a.create_table(seats=[{"kind": "human"}, {"kind": "human"}], rated=True)
    assert made["seat"] == 0 and b.join(made) == 1
    assert a.get(f"/api/tables/{made['id']}").json()["options"]["undo"] is False
    allowed = a.create_table(seats=[{"kind": "human"}, {"kind": "human"}], rated=True, undo=True)
    assert a.get(f"/api/tables/{allowed['id']}").json()["options"]["undo"] is True


def test_an_undo_on_one_instance_reaches_the_other_by_version(
    postgres_url: str,  # noqa: F811
    make_server: ServerFactory,
) -> None:
    """Two instances on one PostgreSQL and one Redis: a move and its undo made on ``a`` are
    applied on ``b`` as notes (by version, through the same trail), and ``b`` may undo next."""
    redis = RedisServer().start()
    try:
        a, b = (
            make_server(postgres_url, redis_url=redis.url, instance=n, sync_every=600) for n in "ab"
        )
        first, second = a.guest(), b.guest()
        made = first.create_table(seats=[{"kind": "human"}, {"kind": "human"}])
        assert second.join(made) == 1
        table_id = made["id"]
        with first.socket(table_id) as s0, second.socket(table_id) as s1:
            mover, _ = sockets_by_seat(first, s0, s1)
            on_b = first.on(b) if mover is s0 else second.on(a)
            version = mover.play(first_play(mover))
            assert undo(mover)["type"] == "ack"
            mover.wait_version(version + 1)
            version = mover.play(first_play(mover))
            s0.wait_version(version)
            s1.wait_version(version)
            with on_b.socket(table_id) as elsewhere:  # the mover's seat, on the other instance
                assert elsewhere.wait_version(version)["undo"] is True
                assert undo(elsewhere)["version"] == version + 1
            mover.wait_version(version + 1)
        assert a.snapshot(table_id) == b.snapshot(table_id)
        assert rebuilt(a.store, table_id).export() == a.snapshot(table_id)[1]
        assert [x.get("do") for x in stored(a, table_id)] == ["play", "undo", "play", "undo"]
    finally:
        redis.stop()


def test_an_undo_acknowledged_survives_a_sigkill(real_server: RealServer) -> None:  # noqa: F811
    """A real ``rumizi serve`` killed after an undo was acknowledged: the new process has the
    position the undo left, the log line, the move struck through, and Undo on offer again."""
    real_server.start()
    http = httpx.Client(base_url=real_server.url, timeout=10)
    csrf = http.get("/api/me").json()["csrf"]
    assert http.post("/api/auth/guest", headers={"X-CSRF-Token": csrf}).status_code == 200
    made = http.post(
        "/api/tables",
        headers={"X-CSRF-Token": csrf},
        json={"game": "star-realms", "seats": [{"kind": "human"}, {"kind": "bot"}]},
    ).json()
    headers = {"Cookie": f"rumizi_session={http.cookies['rumizi_session']}; rumizi_lang=en"}
    ws_url = f"ws://127.0.0.1:{real_server.port}/ws/tables/{made['id']}"

    def send(ws: Connection, kind: str, state: dict[str, Any], **more: Any) -> dict[str, Any]:
        client_id = f"c-{kind}-{state['version']}"
        ws.send(
            json.dumps({"type": kind, "client_id": client_id, "version": state["version"], **more})
        )
        while (answer := receive(ws))["type"] not in ("ack", "error"):
            pass
        assert answer["type"] == "ack", answer
        while (found := receive(ws))["type"] != "state" or found["version"] < answer["version"]:
            pass
        return found

    with connect(ws_url, additional_headers=headers, open_timeout=10) as ws:
        state = next_turn(ws)
        play = next(m["action"] for m in state["legal"] if m["action"]["do"] == "play")
        before = state["view"]
        state = send(ws, "act", state, action=play)
        state = send(ws, "undo", state)
        assert state["view"] == before and state["log"][-1] == "You took back a move."
        state = send(ws, "act", state, action=play)
        assert state["undo"] is True
        real_server.kill()

    real_server.start()  # the same data directory, a new process (on a new port)
    ws_url = f"ws://127.0.0.1:{real_server.port}/ws/tables/{made['id']}"
    with connect(ws_url, additional_headers=headers, open_timeout=10) as ws:
        while (first := receive(ws))["type"] != "state":
            pass  # (the table's chat comes first)
        assert first["version"] == state["version"] and first["view"] == state["view"]
        assert first["undo"] is True and first["undone"]
        assert "You took back a move." in first["log"]
