"""The table's WebSocket: every refusal, and what an accepted action does (and when)."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import text
from starlette.websockets import WebSocketDisconnect

from rumizi.server.inbound import MAX_MESSAGE
from tests.server.kit import Closed, Server, Socket, duel


@contextlib.contextmanager
def unchanged(server: Server, table_id: str) -> Iterator[None]:
    """The table's version, full state and stored actions are the same after the block."""
    before = server.snapshot(table_id)
    yield
    assert server.snapshot(table_id) == before


def nested(depth: int) -> Any:
    """A list inside a list … ``depth`` times."""
    found: Any = []
    for _ in range(depth):
        found = [found]
    return found


def error_code(sock: Socket, message: Any) -> str:
    """Send ``message`` (a dict or raw text) and return the error code it gets back."""
    sock.send(message)
    answer = sock.answer()
    assert answer["type"] == "error", answer
    assert isinstance(answer["message"], str) and answer["message"]
    code: str = answer["code"]
    return code


@pytest.fixture
def table(server: Server) -> Iterator[tuple[str, dict[int, Socket], Socket]]:
    """A playing two-person table: (id, sockets by seat, a spectator's socket)."""
    first, second, table_id = duel(server)
    watcher = server.guest()
    with (
        first.socket(table_id) as s0,
        second.socket(table_id) as s1,
        watcher.socket(table_id) as spectator,
    ):
        for sock in (s0, s1, spectator):
            sock.next_state()
        yield table_id, {0: s0, 1: s1}, spectator


def seat(sock: Socket) -> int:
    assert sock.state is not None
    found: int = sock.state["seat"]
    return found


def turn(server: Server, table_id: str, sockets: dict[int, Socket]) -> tuple[Socket, Socket, Any]:
    """(the socket to act, the other one, its state) once both have the table's version."""
    version = server.snapshot(table_id)[0]
    states = [sockets[seat].wait_version(version) for seat in (0, 1)]
    assert states[0]["version"] == states[1]["version"] == version
    (seat,) = states[0]["to_act"]
    return sockets[seat], sockets[1 - seat], states[seat]


def test_refusals_change_nothing(
    server: Server, table: tuple[str, dict[int, Socket], Socket]
) -> None:
    table_id, sockets, spectator = table
    mover, waiter, state = turn(server, table_id, sockets)
    # One accepted action first, so "duplicate" has something to repeat.
    first = state["legal"][0]["action"]
    answer = mover.act(first, client_id="first")
    assert answer == {"type": "ack", "client_id": "first", "version": state["version"] + 1}
    mover, waiter, state = turn(server, table_id, sockets)
    version = state["version"]
    legal = state["legal"][0]["action"]

    def act(action: Any, at: Any = version, client_id: Any = "fresh") -> dict[str, Any]:
        return {"type": "act", "client_id": client_id, "version": at, "action": action}

    refusals: list[tuple[Socket, Any, str]] = [
        (mover, act(legal, at=version - 1), "stale"),
        (mover, act(legal, at=version + 1), "stale"),
        (mover, act(legal, at=-5), "stale"),
        (mover, act(legal, client_id="first"), "duplicate"),
        (waiter, act({"do": "end"}), "not-your-turn"),
        (waiter, act(legal), "not-your-turn"),
        (mover, act({"do": "play", "card": "no-such-card"}), "illegal"),
        (mover, act({"do": "buy", "card": "battlecruiser"}), "illegal"),
        (mover, act({"do": "fly"}), "illegal"),
        (mover, act({"do": "end", "extra": 1}), "illegal"),
        (mover, act({}), "illegal"),
        (mover, act({"do": "attack", "player": 0, "amount": 99}), "illegal"),
        (mover, "this is not json", "malformed"),
        (mover, "[1, 2, 3]", "malformed"),
        (mover, '"act"', "malformed"),
        (mover, "null", "malformed"),
        (mover, {}, "malformed"),
        (mover, {"type": "act"}, "malformed"),
        (mover, {"type": "act", "client_id": "x", "version": version}, "malformed"),
        (mover, {"type": "act", "client_id": "x", "action": legal}, "malformed"),
        (mover, {"type": "act", "version": version, "action": legal}, "malformed"),
        (mover, act(legal, at=str(version)), "malformed"),
        (mover, act(legal, at=float(version)), "malformed"),
        (mover, act(legal, at=True), "malformed"),
        (mover, act("end"), "malformed"),
        (mover, act([legal]), "malformed"),
        (mover, act(legal, client_id=7), "malformed"),
        (mover, act(legal, client_id=""), "malformed"),
        (mover, act(legal, client_id="x" * 65), "malformed"),
        (mover, act(legal, client_id=f"bot-{version + 1}"), "malformed"),
        (mover, act(legal, client_id=f"clock-{version + 1}"), "malformed"),
        # The chaos timer's own id: taken by a page, the ring could never be stored.
        (mover, act(legal, client_id=f"ring-{version + 1}"), "malformed"),
        # Outside the documented characters, and a lone surrogate (no driver can store it).
        (mover, act(legal, client_id="move one"), "malformed"),
        (mover, act(legal, client_id="\ud800"), "malformed"),
        (mover, act({"do": "end", "card": "\udfff"}), "malformed"),
        (mover, '{"type": "act", "client_id": "x", "k\\ud800": 1}', "malformed"),
        # Nested past the parser (a RecursionError) or past the protocol's depth.
        (mover, "[" * 5_000 + "]" * 5_000, "malformed"),
        (mover, act(legal, at=version) | {"deep": nested(40)}, "malformed"),
        (mover, {"type": "dance", "client_id": "x"}, "malformed"),
        (mover, {"type": None}, "malformed"),
        (mover, act({"do": "end", "pad": "x" * MAX_MESSAGE}), "too-large"),
        (mover, "x" * (MAX_MESSAGE + 1), "too-large"),
        (spectator, act(legal), "spectator"),
        (spectator, {"type": "concede", "client_id": "x"}, "spectator"),
        (waiter, act({"do": "concede", "player": 1 - seat(waiter)}), "not-your-turn"),
        (mover, act({"do": "concede", "player": 1 - seat(mover)}), "not-your-turn"),
        (mover, act({"do": "concede", "player": "me"}), "not-your-turn"),
    ]
    with unchanged(server, table_id):
        for sock, message, code in refusals:
            assert error_code(sock, message) == code, message if len(str(message)) < 200 else code
        # A binary frame is malformed too.
        mover.session.send_bytes(json.dumps(act(legal)).encode())
        answer = mover.answer()
        assert (answer["type"], answer["code"]) == ("error", "malformed")
        # No ack or new state reached anybody.
        for sock in (*sockets.values(), spectator):
            assert all(m["type"] != "ack" or m["client_id"] == "first" for m in sock.received)
            assert sock.state is not None and sock.state["version"] == version
    # Every client id in the refusals is still free, and the right action is taken.
    answer = mover.act(legal, client_id="fresh")
    assert answer == {"type": "ack", "client_id": "fresh", "version": version + 1}
    assert server.count("actions", table_id) == version + 1


def test_the_error_message_names_the_client_id(
    server: Server, table: tuple[str, dict[int, Socket], Socket]
) -> None:
    table_id, sockets, _ = table
    _, waiter, state = turn(server, table_id, sockets)
    waiter.send(
        {"type": "act", "client_id": "c-1", "version": state["version"], "action": {"do": "end"}}
    )
    answer = waiter.answer()
    assert answer["client_id"] == "c-1" and answer["code"] == "not-your-turn"
    waiter.send("nonsense")
    assert waiter.answer()["client_id"] is None


def test_a_concede_out_of_turn_is_the_senders_own(
    server: Server, table: tuple[str, dict[int, Socket], Socket]
) -> None:
    """``{"do": "concede"}`` without a player, sent by the seat not to act, concedes for that
    seat, never for the player to act (the engine's default)."""
    table_id, sockets, _ = table
    mover, waiter, state = turn(server, table_id, sockets)
    loser = seat(waiter)
    answer = waiter.act({"do": "concede"}, version=state["version"])
    assert answer["type"] == "ack"
    final = waiter.wait_version(answer["version"])
    assert final["result"]["winner"] == 1 - loser
    assert final["status"] == "over"
    with server.store.engine.connect() as connection:
        (stored,) = connection.execute(
            text("SELECT action, seat FROM actions WHERE table_id = :t"), {"t": table_id}
        ).all()
    action = json.loads(stored[0]) if isinstance(stored[0], str) else stored[0]
    assert action == {"do": "concede", "player": loser} and stored[1] == loser
    # The game is over: nobody can act any more.
    with unchanged(server, table_id):
        assert error_code(mover, {"type": "concede", "client_id": "late"}) == "over"
        message = {"type": "act", "client_id": "late2", "version": final["version"]}
        assert error_code(mover, {**message, "action": {"do": "end"}}) == "over"


def test_the_concede_message(server: Server, table: tuple[str, dict[int, Socket], Socket]) -> None:
    table_id, sockets, spectator = table
    _, waiter, _ = turn(server, table_id, sockets)
    conceding = seat(waiter)
    waiter.send({"type": "concede", "client_id": "bye"})
    answer = waiter.answer("bye")
    assert answer["type"] == "ack"
    for sock in (*sockets.values(), spectator):
        final = sock.wait_version(answer["version"])
        assert final["result"]["winner"] == 1 - conceding
        assert final["legal"] == [] and final["to_act"] == []
    info = server.browser().get(f"/api/tables/{table_id}").json()
    assert info["status"] == "over" and info["result"]["winner"] == 1 - conceding


def test_a_concede_is_not_stale_when_a_move_lands_first(
    server: Server, table: tuple[str, dict[int, Socket], Socket], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The concede message has no version: a move stored while it waits does not void it."""
    table_id, sockets, _ = table
    mover, waiter, state = turn(server, table_id, sockets)
    original = server.store.append_actions

    def slow_append(writes: Any) -> Any:
        time.sleep(0.4)
        return original(writes)

    monkeypatch.setattr(server.store, "append_actions", slow_append)
    mover.send(
        {
            "type": "act",
            "client_id": "move",
            "version": state["version"],
            "action": state["legal"][0]["action"],
        }
    )
    time.sleep(0.1)  # the move is being stored now
    waiter.send({"type": "concede", "client_id": "bye"})
    assert mover.answer("move") == {
        "type": "ack",
        "client_id": "move",
        "version": state["version"] + 1,
    }
    answer = waiter.answer("bye")
    assert answer == {"type": "ack", "client_id": "bye", "version": state["version"] + 2}
    final = waiter.wait_version(answer["version"])
    assert final["result"]["winner"] == seat(mover)


def test_the_ack_comes_after_the_commit(
    server: Server, table: tuple[str, dict[int, Socket], Socket], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store is slowed down: an ack that did not wait for it would find no row."""
    table_id, sockets, spectator = table
    store = server.store
    original = store.append_actions
    committed: list[float] = []

    def slow_append(writes: Any) -> Any:
        time.sleep(0.3)
        errors = original(writes)
        committed.append(time.monotonic())
        return errors

    monkeypatch.setattr(store, "append_actions", slow_append)
    for _ in range(3):
        mover, _, state = turn(server, table_id, sockets)
        client_id = mover.new_id()
        mover.send(
            {
                "type": "act",
                "client_id": client_id,
                "version": state["version"],
                "action": state["legal"][-1]["action"],
            }
        )
        answer = mover.answer(client_id)
        acked = time.monotonic()
        assert answer["type"] == "ack"
        assert committed and committed[-1] <= acked
        with store.engine.connect() as connection:
            row = connection.execute(
                text("SELECT version FROM actions WHERE table_id = :t AND client_id = :c"),
                {"t": table_id, "c": client_id},
            ).one_or_none()
        assert row is not None and row[0] == answer["version"]
        # Nobody heard of the new version before it was stored either.
        for sock in (*sockets.values(), spectator):
            state = sock.wait_version(answer["version"])
            assert state["version"] == answer["version"]


def test_two_sockets_racing_for_one_version(
    server: Server, table: tuple[str, dict[int, Socket], Socket]
) -> None:
    """The same seat in two tabs sends two different actions on one version: one wins."""
    table_id, sockets, _ = table
    mover, _, state = turn(server, table_id, sockets)
    user = _seat_user(server, table_id, seat(mover))
    browser = next(b for b in server.browsers if b.user and b.user_id == user)
    with browser.socket(table_id) as tab:
        tab.wait_version(state["version"])
        actions = [found["action"] for found in state["legal"][:2]]
        barrier = threading.Barrier(2)
        answers: dict[str, dict[str, Any]] = {}

        def send(sock: Socket, name: str, action: dict[str, Any]) -> None:
            barrier.wait()
            sock.send(
                {"type": "act", "client_id": name, "version": state["version"], "action": action}
            )

        threads = [
            threading.Thread(target=send, args=(mover, "tab-a", actions[0])),
            threading.Thread(target=send, args=(tab, "tab-b", actions[-1])),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        answers["tab-a"] = mover.answer("tab-a")
        answers["tab-b"] = tab.answer("tab-b")
    kinds = sorted(answer["type"] for answer in answers.values())
    assert kinds == ["ack", "error"], answers
    assert {a.get("code") for a in answers.values()} == {None, "stale"}
    assert server.count("actions", table_id) == state["version"] + 1


def _seat_user(server: Server, table_id: str, seat: int) -> int:
    row = server.store.load_table(table_id)
    assert row is not None
    user = row.seats[seat].user_id
    assert user is not None
    return user


def test_unknown_table_and_cross_site_sockets(server: Server) -> None:
    # The handshake succeeds and the socket is then closed with the protocol's code (an HTTP
    # refusal of the handshake would leave the page without a reason).
    browser = server.guest()
    with pytest.raises(Closed) as closed, browser.socket("no-such-table") as s:
        s.recv()
    assert closed.value.code == 4404
    made = browser.create_table()
    session = browser.client.websocket_connect(
        f"/ws/tables/{made['id']}", headers={"origin": "http://evil.example"}
    )
    with pytest.raises(WebSocketDisconnect) as refused, session as raw:
        raw.receive_json()
    assert refused.value.code == 4403
    # Its own origin is fine.
    with browser.client.websocket_connect(
        f"/ws/tables/{made['id']}", headers={"origin": "http://testserver"}
    ) as session:
        assert Socket(session).next_state()["seat"] == 0


def test_a_signed_out_socket_watches(server: Server) -> None:
    owner = server.guest()
    made = owner.create_table()
    with server.browser().socket(made["id"]) as sock:
        state = sock.next_state()
        assert state["seat"] is None and state["legal"] == []
        assert error_code(sock, {"type": "concede", "client_id": "x"}) == "spectator"
