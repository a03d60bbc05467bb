"""Clocks: the arithmetic (with explicit timestamps) and a player who runs out of time."""

from __future__ import annotations

import secrets
import time
from typing import Any

from rumizi.server import outages
from rumizi.server.db import make_engine, migrate, session_factory
from rumizi.server.scheduling import Clock
from rumizi.server.store import SeatRow
from tests.server.kit import Server, ServerFactory, Socket


def test_no_clock() -> None:
    assert Clock.make({"kind": "none"}, 2) is None
    assert Clock.make({}, 2) is None


def test_realtime_clock() -> None:
    clock = Clock.make({"kind": "realtime", "initial": 60, "increment": 5}, 2)
    assert clock is not None
    assert clock.remaining == [60.0, 60.0] and clock.deadline() is None
    clock.start(0, 1000.0)
    assert clock.left(1010.0) == [50.0, 60.0]
    assert clock.deadline() == 1060.0
    # A decision inside seat 0's own turn: its time runs on, no increment.
    clock.advance(0, 1012.0)
    assert clock.remaining == [48.0, 60.0] and clock.owner == 0
    assert clock.deadline() == 1060.0
    # The turn passes: seat 0 gets its increment, seat 1's time starts running.
    clock.advance(1, 1020.0)
    assert clock.remaining == [45.0, 60.0] and clock.owner == 1
    assert clock.left(1030.0) == [45.0, 50.0]
    assert clock.deadline() == 1080.0
    assert clock.message(1030.0) == {
        "kind": "realtime",
        "remaining_ms": [45000, 50000],
        "running": 1,
        "at": 1030000,
    }
    # Past the deadline the message shows zero, never a negative time.
    assert clock.message(1100.0)["remaining_ms"] == [45000, 0]
    # The game ends: nobody's clock runs.
    clock.advance(None, 1040.0)
    assert clock.owner is None and clock.deadline() is None
    assert clock.left(5000.0) == clock.left(1040.0)


def test_turn_clock() -> None:
    clock = Clock.make({"kind": "turn", "per_move": 100}, 3)
    assert clock is not None
    clock.start(0, 0.0)
    assert clock.deadline() == 100.0
    clock.advance(0, 30.0)  # a decision inside the turn uses the same allowance
    assert clock.remaining == [70.0, 100.0, 100.0]
    clock.advance(1, 50.0)  # the turn passes: the next seat gets a full allowance
    assert clock.remaining == [50.0, 100.0, 100.0]
    assert clock.deadline() == 150.0
    clock.advance(1, 80.0)
    assert clock.remaining == [50.0, 70.0, 100.0]
    clock.advance(0, 90.0)  # back to seat 0: reset, whatever it had left
    assert clock.remaining == [100.0, 60.0, 100.0]
    assert clock.deadline() == 190.0
    assert clock.message(100.0)["remaining_ms"] == [90000, 60000, 100000]


def test_the_time_the_server_was_down_is_nobodys() -> None:
    # The service was down from 1010 to 1030: a clock running then stood still.
    clock = Clock.make({"kind": "realtime", "initial": 60, "increment": 0}, 2, ((1010, 1030),))
    assert clock is not None
    clock.start(0, 1000.0)
    assert clock.left(1020.0) == [50.0, 60.0]  # stopped at 1010
    assert clock.left(1040.0) == [40.0, 60.0]
    assert clock.deadline() == 1080.0  # 10 s before the outage, 50 s after it
    clock.advance(1, 1045.0)
    assert clock.remaining == [35.0, 60.0] and clock.deadline() == 1105.0
    # A clock that ran out before the outage is out at the same moment.
    short = Clock.make({"kind": "turn", "per_move": 5}, 2, ((1010, 1030), (1040, 1050)))
    assert short is not None
    short.start(1, 1000.0)
    assert short.deadline() == 1005.0
    short.advance(0, 1036.0)  # seat 1 ran out long ago; seat 0's turn begins
    assert short.deadline() == 1051.0  # 4 s before the second outage, 1 s after it
    assert short.left(1045.0)[0] == 1.0
    # Started inside an outage (a move stored after the last heartbeat): from its end.
    inside = Clock.make({"kind": "realtime", "initial": 60, "increment": 0}, 2, ((1010, 1030),))
    assert inside is not None
    inside.start(0, 1015.0)
    assert inside.left(1040.0)[0] == 50.0 and inside.deadline() == 1090.0


def test_an_outage_is_a_time_when_no_instance_was_up(tmp_path: Any) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'beats.sqlite3'}")
    migrate(engine)
    sessions = session_factory(engine)
    try:
        assert outages.note_start(sessions, 1000.0, alone=False) == ()  # nothing known yet
        outages.beat(sessions, 1001.0)
        # Another instance beat 2 s ago: it was up, so nobody's time stood still.
        assert outages.note_start(sessions, 1003.0, alone=False) == ()
        outages.beat(sessions, 1004.0)
        outages.beat(sessions, 1002.0)  # a late beat never moves the time back
        # Nothing beat for a minute: every instance was down from the last beat.
        assert outages.note_start(sessions, 1064.0, alone=False) == ((1004.0, 1064.0),)
        # One plain instance is the whole service: any gap is an outage.
        outages.beat(sessions, 1070.0)
        found = outages.note_start(sessions, 1071.5, alone=True)
        assert found == ((1004.0, 1064.0), (1070.0, 1071.5))
    finally:
        engine.dispose()


def test_a_clock_stands_still_while_the_server_is_down(make_server: ServerFactory) -> None:
    server = make_server()
    first, second = server.guest(), server.guest()
    row = server.store.create_table(
        game="star-realms",
        options={"players": 2},
        players=2,
        seed=secrets.randbits(62),
        seats=[
            SeatRow(0, "human", None, first.user_id, None),
            SeatRow(1, "human", None, second.user_id, None),
        ],
        clock={"kind": "realtime", "initial": 60, "increment": 0},
        rated=False,
        creator=first.user_id,
    )
    with first.socket(row.id) as sock:
        before = sock.next_state()["clock"]
    server.close()
    closed = time.time()
    time.sleep(2.0)  # the server is down
    restarted = time.time()
    again = make_server()
    with first.on(again).socket(row.id) as sock:
        after = sock.next_state()["clock"]
    running = before["running"]
    assert after["running"] == running
    lost = before["remaining_ms"][running] - after["remaining_ms"][running]
    # The moments the server was up between the two readings (its stop, its start: long on a
    # busy machine), never the 2 s it was down; a millisecond each way for the rounding.
    up = (closed - before["at"] / 1000 + after["at"] / 1000 - restarted) * 1000
    assert 0 <= lost <= up + 2, (lost, up)


def _clocked_duel(
    server: Server, seconds: float, increment: float = 0
) -> tuple[Socket, Socket, str, list[Any]]:
    """A playing duel with a tiny realtime clock, made through the store (the API asks 10 s+)."""
    first, second = server.guest(), server.guest()
    row = server.store.create_table(
        game="star-realms",
        options={"players": 2},
        players=2,
        seed=secrets.randbits(62),
        seats=[
            SeatRow(0, "human", None, first.user_id, None),
            SeatRow(1, "human", None, second.user_id, None),
        ],
        clock={"kind": "realtime", "initial": seconds, "increment": increment},
        rated=False,
        creator=first.user_id,
    )
    assert row.status == "playing"
    contexts = [first.socket(row.id), second.socket(row.id)]
    s0, s1 = (context.__enter__() for context in contexts)
    return s0, s1, row.id, contexts


def test_running_out_of_time_loses(server: Server) -> None:
    # Three seconds, not one: on a loaded CI machine the sockets can take a second to open,
    # and the first state must still show the clock running.
    s0, s1, table_id, contexts = _clocked_duel(server, 3.0)
    try:
        state = s0.next_state()
        s1.next_state()
        clock = state["clock"]
        assert clock["kind"] == "realtime" and clock["running"] in (0, 1)
        assert clock["remaining_ms"][clock["running"]] <= 3000
        assert clock["remaining_ms"][1 - clock["running"]] == 3000
        slow = clock["running"]
        started = time.monotonic()
        # Nobody moves: after a second the server concedes for the player whose time ran out.
        final = s0.wait(lambda m: m["result"] is not None, timeout=10)
        assert time.monotonic() - started < 5
        assert final["result"]["winner"] == 1 - slow
        assert final["status"] == "over" and final["to_act"] == []
        assert s1.wait(lambda m: m["result"] is not None)["result"]["winner"] == 1 - slow
        row = server.store.load_table(table_id, actions=True)
        assert row is not None and row.status == "over"
        (seat, action, client_id, _at) = row.actions[-1]
        assert (seat, action) == (None, {"do": "concede", "player": slow})
        assert client_id.startswith("clock-")
        # Too late to move now.
        mover = (s0, s1)[slow]
        answer = mover.act({"do": "end"}, version=final["version"])
        assert answer["code"] == "over"
    finally:
        for context in reversed(contexts):
            context.__exit__(None, None, None)


def test_moving_in_time_keeps_the_clock_going(server: Server) -> None:
    """A player who passes the turn in time stops their clock and gets the increment."""
    # The clock is long enough for a loaded machine to open both sockets and move in time;
    # the bounds below come from the time measured here, not from a guess of how fast it is.
    seconds = 6.0
    opened = time.monotonic()
    s0, s1, table_id, contexts = _clocked_duel(server, seconds, increment=1.0)
    try:
        state = s0.next_state()
        s1.next_state()
        mover_seat = state["clock"]["running"]
        mover = (s0, s1)[mover_seat]
        mine = mover.wait_version(state["version"])
        assert mine["legal"]
        # End the turn at once (discarding nothing): the clock passes to the other seat.
        version = mover.play({"do": "end"})
        after = mover.wait_version(version)
        took_ms = (time.monotonic() - opened) * 1000
        assert after["result"] is None
        assert after["clock"]["running"] == 1 - mover_seat
        # The 6 s less what the turn took (at most the time measured here), plus the 1 s increment.
        left = after["clock"]["remaining_ms"][mover_seat]
        assert seconds * 1000 + 1000 - took_ms <= left <= seconds * 1000 + 1000
        # Measured on the server's own clock: what the mover had when the first state was sent,
        # less the time until the answer was sent, plus the increment (a clock without the
        # increment would show at most what it had then, less that time).
        before = state["clock"]
        spent = after["clock"]["at"] - before["at"]
        assert left >= before["remaining_ms"][mover_seat] - spent + 1000 - 2
        # The other player does nothing and loses on time.
        final = mover.wait(lambda m: m["result"] is not None, timeout=10)
        assert final["result"]["winner"] == mover_seat
        assert server.count("actions", table_id) == version + 1
    finally:
        for context in reversed(contexts):
            context.__exit__(None, None, None)


def test_the_clock_starts_when_the_table_fills(server: Server) -> None:
    owner, joiner = server.guest(), server.guest()
    made = owner.create_table(
        seats=[{"kind": "human"}, {"kind": "human"}],
        clock={"kind": "realtime", "initial": 10, "increment": 0},
    )
    with owner.socket(made["id"]) as sock:
        assert sock.next_state()["clock"] is None  # waiting: no clock yet
        time.sleep(0.3)
        joiner.join(made)
        state = sock.wait(lambda m: m["status"] == "playing")
        clock = state["clock"]
        running = clock["running"]
        assert running in (0, 1)
        # The wait before the second player came is nobody's time.
        assert 9_700 < clock["remaining_ms"][running] <= 10_000
        assert clock["remaining_ms"][1 - running] == 10_000


def test_the_api_clock_settings(server: Server) -> None:
    browser = server.guest()
    made = browser.create_table(clock={"kind": "realtime", "initial": 10, "increment": 2})
    with browser.socket(made["id"]) as sock:
        state = sock.next_state()
        assert state["clock"]["kind"] == "realtime"
        # The bot may have played its first turn before this state was read: its turn's
        # increment (2 s) is then on its clock, and never more, as the guest has not moved.
        assert all(0 < ms <= 12_000 for ms in state["clock"]["remaining_ms"])
        assert min(state["clock"]["remaining_ms"]) <= 10_000
    made = browser.create_table(clock={"kind": "turn", "per_move": 60})
    with browser.socket(made["id"]) as sock:
        assert sock.next_state()["clock"]["kind"] == "turn"
    made = browser.create_table()
    with browser.socket(made["id"]) as sock:
        assert sock.next_state()["clock"] is None


def test_time_runs_out_while_nobody_is_connected(server: Server) -> None:
    """The clock is rebuilt from the stored times: a table loaded late is already lost."""
    first, second = server.guest(), server.guest()
    row = server.store.create_table(
        game="star-realms",
        options={"players": 2},
        players=2,
        seed=secrets.randbits(62),
        seats=[
            SeatRow(0, "human", None, first.user_id, None),
            SeatRow(1, "human", None, second.user_id, None),
        ],
        clock={"kind": "realtime", "initial": 0.3, "increment": 0},
        rated=False,
        creator=first.user_id,
    )
    time.sleep(0.5)
    with first.socket(row.id) as sock:
        final = sock.wait(lambda m: m["result"] is not None, timeout=10)
    assert final["status"] == "over"
    assert server.count("actions", row.id) == 1
