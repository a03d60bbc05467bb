"""Tables in memory only while they are used: an idle one unloads, and a start loads only the
tables whose next move is the server's own and due soon (the job index, rumizi.server.jobs)."""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable
from typing import Any

import pytest

from rumizi.server import jobs
from rumizi.server.scheduling import Scheduler
from rumizi.server.store import SeatRow
from tests.server.kit import Browser, Server, ServerFactory, duel, play_random

QUICK = {"unload_after": 0.3, "sweep_every": 0.1}  # idle 0.3 s: unloaded; looks 10 times a second
#: The clock of the table that unloads while its deadline is far: loaded for its first look,
#: idle for 0.3 s, it must be let go before its deadline is 0.3 s away (3 looks ahead). 4 s
#: leaves over 3 s for that on a busy machine; with 2 s, a CI run under load never saw it go.
FAR_CLOCK = 4.0


def wait_for(test: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def loaded(server: Server) -> set[str]:
    """The ids of the tables the server holds in memory (read on its loop)."""
    return set(server.call(lambda: list(server.hub.tables)))


def clocked(server: Server, seconds: float) -> str:
    """A playing duel with a realtime clock, made in the store (the API asks 10 s or more)."""
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
        clock={"kind": "realtime", "initial": seconds, "increment": 0},
        rated=False,
        creator=first.user_id,
    )
    return row.id


def test_a_start_loads_only_the_tables_the_server_must_move(
    make_server: ServerFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def asleep(self: Scheduler[Any], *args: Any) -> None:
        return None

    with monkeypatch.context() as patch:
        patch.setattr(Scheduler, "bot_move", asleep)  # the bots of this first server never move
        server = make_server()
        abandoned: dict[str, Browser] = {}
        for n in range(6):  # games both players left, one move in or none
            first, second, table_id = duel(server)
            abandoned[table_id] = first
            if n % 2:
                with first.socket(table_id) as s0, second.socket(table_id) as s1:
                    play_random({0: s0, 1: s1}, random.Random(n), 1, s0.next_state())
        person = server.guest()
        while True:  # the seed says who begins: a table where the bot does
            made = person.create_table(seats=[{"kind": "bot"}, {"kind": "human"}])
            if server.live(made["id"]).state.to_act == 0:
                left_to_the_bot = made["id"]
                break
            abandoned[made["id"]] = person  # the person's move: abandoned too
        far_clock = clocked(server, 600.0)  # it runs, but runs out ten minutes from now
        server.live(far_clock)
        assert loaded(server) == {*abandoned, left_to_the_bot, far_clock}
        server.close()

    again = make_server()
    assert loaded(again) == {left_to_the_bot}  # the one table whose move is due
    wait_for(lambda: again.count("actions", left_to_the_bot) >= 1)  # and the bot makes it
    assert again.count("actions", far_clock) == 0
    # Someone opens an abandoned table: it loads, as it was left.
    table_id, first = list(abandoned.items())[1]  # the second duel: one move in
    with first.on(again).socket(table_id) as sock:
        assert sock.next_state()["version"] == 1
    assert table_id in loaded(again)


def test_an_idle_table_unloads_and_loads_again_when_someone_connects(
    make_server: ServerFactory,
) -> None:
    server = make_server(**QUICK)
    first, second, table_id = duel(server)
    with first.socket(table_id) as s0, second.socket(table_id) as s1:
        state = play_random({0: s0, 1: s1}, random.Random(1), 2, s0.next_state())
        time.sleep(0.6)  # twice the idle time: while someone is connected, it stays
        assert table_id in loaded(server)
        left = s0.wait_version(state["version"])
    wait_for(lambda: table_id not in loaded(server))  # nobody there: it goes
    with first.socket(table_id) as s0, second.socket(table_id) as s1:
        back = s0.next_state()
        assert back["version"] == state["version"]
        assert (back["view"], back["legal"]) == (left["view"], left["legal"])
        after = play_random({0: s0, 1: s1}, random.Random(2), 2, back)
    assert server.count("actions", table_id) == after["version"] == state["version"] + 2


def test_a_table_whose_deadline_is_far_unloads_and_is_back_in_time(
    make_server: ServerFactory,
) -> None:
    server = make_server(**QUICK)
    table_id = clocked(server, FAR_CLOCK)
    row = server.store.load_table(table_id)
    assert row is not None and row.started is not None
    seen: list[bool] = []  # loaded or not, each time it is looked at, changes only
    while server.count("actions", table_id) == 0:
        now_loaded = table_id in loaded(server)
        if not seen or seen[-1] != now_loaded:
            seen.append(now_loaded)
        assert time.time() - row.started.timestamp() < FAR_CLOCK + 8, "the clock never ran out"
        time.sleep(0.02)
    # Loaded (the store's new table is due for a look), let go while its deadline was far,
    # and loaded again in time for the clock to run out when it should.
    assert seen[:4] == [False, True, False, True]
    stored = server.store.load_table(table_id, actions=True)
    assert stored is not None
    ((_seat, _action, client_id, at),) = stored.actions
    assert client_id == "clock-0"
    assert FAR_CLOCK - 0.06 <= at.timestamp() - row.started.timestamp() < FAR_CLOCK + 0.5
    assert server.store.pending_jobs(table_id) == []  # the game is over: nothing waits


def test_a_table_an_older_server_left_is_looked_at_once(make_server: ServerFactory) -> None:
    """Tables stored before the index have a ``look`` job (the migration's): a start loads
    them, writes what each waits for (here nothing), and the next start leaves them alone."""
    server = make_server()
    _, _, table_id = duel(server)
    server.close()
    store = server.store
    store.add_jobs([jobs.Job(table_id, 0, jobs.LOOK, None, 0.0)])
    again = make_server()
    assert loaded(again) == {table_id}
    wait_for(lambda: store.pending_jobs(table_id) == [])
    again.close()
    third = make_server()
    assert loaded(third) == set()
