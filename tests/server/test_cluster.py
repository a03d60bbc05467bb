"""Several instances on one PostgreSQL and one Redis (rumizi.server.cluster), in one process.

Each test starts two apps on the same fresh PostgreSQL database and a ``redis-server`` of its
own: players on different instances share a table, a bot's move and a clock's timeout are
made once between them, a lost note or a Redis restart is made up from the database, and a
job whose instance died passes to another. ``tests/server/test_scale_out.py`` does the same
with real processes behind nginx, under load and faults.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import text

from rumizi.server import jobs
from rumizi.server.auth import LoginLimiter
from rumizi.server.db import make_engine, migrate
from rumizi.server.hub import Hub
from rumizi.server.store import ActionWrite, SeatRow, Store
from tests.server.kit import RedisServer, Server, ServerFactory, play_random, rebuilt
from tests.server.test_postgres import postgres_url  # noqa: F401 (a fixture)

SYNC = 0.2  # the instances compare versions with the database this often in these tests


@pytest.fixture
def redis() -> Iterator[RedisServer]:
    found = RedisServer().start()
    try:
        yield found
    finally:
        found.stop()


def pair(
    make_server: ServerFactory, url: str, redis: RedisServer, sync: float = SYNC
) -> tuple[Server, Server]:
    made = [make_server(url, redis_url=redis.url, instance=name, sync_every=sync) for name in "ab"]
    return made[0], made[1]


def count_calls(hub: Hub, name: str) -> list[int]:
    """Count the calls of the scheduler's method ``name`` (on this instance only)."""
    calls = [0]
    original: Callable[..., Any] = getattr(hub.scheduler, name)

    async def counted(*args: Any) -> Any:
        calls[0] += 1
        return await original(*args)

    setattr(hub.scheduler, name, counted)
    return calls


def client_ids(server: Server, table_id: str) -> list[str]:
    with server.store.engine.connect() as c:
        rows = c.execute(
            text("SELECT client_id FROM actions WHERE table_id = :t ORDER BY version"),
            {"t": table_id},
        )
        return [r[0] for r in rows]


def wait_for(test: Callable[[], bool], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_players_on_two_instances_share_a_table(
    postgres_url: str,  # noqa: F811
    redis: RedisServer,
    make_server: ServerFactory,
) -> None:
    # No comparisons of versions during the test: every move and seat travels through Redis.
    a, b = pair(make_server, postgres_url, redis, sync=600)
    first, second = a.guest(), b.guest()
    made = first.create_table(seats=[{"kind": "human"}, {"kind": "human"}])
    with first.socket(made["id"]) as s0:
        assert s0.next_state()["status"] == "waiting"
        assert second.join(made) == 1  # on b: a hears of the seat through Redis
        s0.wait(lambda m: m["status"] == "playing")
        watcher = b.guest()
        with second.socket(made["id"]) as s1, watcher.socket(made["id"]) as seen:
            start = s0.wait(lambda m: m["status"] == "playing")
            state = play_random({0: s0, 1: s1}, random.Random(3), 30, start)
            seen.wait_version(state["version"])
            s0.wait_version(state["version"])
    (version, export, count), other = a.snapshot(made["id"]), b.snapshot(made["id"])
    assert other == (version, export, count) and count == state["version"] >= 30
    assert rebuilt(a.store, made["id"]).export() == export


def test_a_lost_note_and_a_redis_restart_are_made_up_from_the_database(
    postgres_url: str,  # noqa: F811
    redis: RedisServer,
    make_server: ServerFactory,
) -> None:
    a, b = pair(make_server, postgres_url, redis)
    first = a.guest()
    second = first.on(b)  # one person, two instances: both seats are first's below
    other = a.guest()
    made = first.create_table(seats=[{"kind": "human"}, {"kind": "human"}])
    other.join(made)
    rng = random.Random(5)
    with (
        first.socket(made["id"]) as on_a,
        other.socket(made["id"]) as s1,
        second.socket(made["id"]) as on_b,
    ):
        state = play_random({0: on_a, 1: s1}, rng, 6, on_a.next_state())
        on_b.wait_version(state["version"])
        # b drops every note from now on: it learns of the moves by comparing versions.
        cluster = b.hub.cluster
        assert cluster is not None
        cluster.fanout._on_note = lambda note: None
        state = play_random({0: on_a, 1: s1}, rng, 6, state)
        assert on_b.wait_version(state["version"])["version"] == state["version"]
        # Redis goes away and comes back empty: moves go on, b catches up.
        redis.stop()
        state = play_random({0: on_a, 1: s1}, rng, 6, state)
        on_b.wait_version(state["version"])
        redis.start()
        wait_for(lambda: cluster.fanout.connected.is_set())
        state = play_random({0: on_a, 1: s1}, rng, 6, state)
        on_b.wait_version(state["version"])
    assert a.snapshot(made["id"]) == b.snapshot(made["id"])


def test_a_bot_moves_once_however_many_instances_watch(
    postgres_url: str,  # noqa: F811
    redis: RedisServer,
    make_server: ServerFactory,
) -> None:
    a, b = pair(make_server, postgres_url, redis)
    thought = [count_calls(server.hub, "bot_move") for server in (a, b)]
    person = a.guest()
    made = person.create_table()  # against an easy bot
    watcher = b.guest()
    with person.socket(made["id"]) as mine, watcher.socket(made["id"]) as seen:
        state = play_random({0: mine}, random.Random(9), 25, mine.next_state())
        # The person's last move may leave the bot to act: its thinking has begun (and
        # counts), so wait for its turn to end before the stored moves are read.
        while state["result"] is None and state["to_act"] != [0]:
            state = mine.wait_version(state["version"] + 1)
        seen.wait_version(state["version"])
    ids = client_ids(a, made["id"])
    bot_moves = [i for i in ids if i.startswith("bot-")]
    assert bot_moves and len(set(ids)) == len(ids)
    assert thought[0][0] + thought[1][0] == len(bot_moves)
    # Each move dropped the jobs of the versions before it: only the newest may wait.
    assert {j.version for j in a.store.pending_jobs(made["id"])} <= {len(ids)}


def _clocked(server: Server, seconds: float, seats: list[SeatRow]) -> str:
    row = server.store.create_table(
        game="star-realms",
        options={"players": 2},
        players=2,
        seed=secrets.randbits(62),
        seats=seats,
        clock={"kind": "realtime", "initial": seconds, "increment": 0},
        rated=False,
        creator=seats[0].user_id or 0,
    )
    return row.id


def test_a_clock_runs_out_once_across_instances(
    postgres_url: str,  # noqa: F811
    redis: RedisServer,
    make_server: ServerFactory,
) -> None:
    a, b = pair(make_server, postgres_url, redis)
    fired = [count_calls(server.hub, "time_out") for server in (a, b)]
    first, second = a.guest(), a.guest()
    seats = [
        SeatRow(0, "human", None, first.user_id, None),
        SeatRow(1, "human", None, second.user_id, None),
    ]
    table_id = _clocked(a, 1.0, seats)
    with first.socket(table_id) as s0, second.on(b).socket(table_id) as s1:
        s0.wait(lambda m: m["result"] is not None)
        s1.wait(lambda m: m["result"] is not None)
    assert client_ids(a, table_id) == ["clock-0"]
    assert fired[0][0] + fired[1][0] == 1
    wait_for(lambda: a.store.pending_jobs(table_id) == [])  # done with, once finished


def test_the_jobs_of_a_dead_instance_pass_to_a_live_one(
    postgres_url: str,  # noqa: F811
    redis: RedisServer,
    make_server: ServerFactory,
) -> None:
    a, b = pair(make_server, postgres_url, redis)
    person = a.guest()
    seats = [SeatRow(0, "bot", "easy", None, None), SeatRow(1, "human", None, person.user_id, None)]
    row = a.store.create_table(
        game="star-realms",
        options={"players": 2},
        players=2,
        seed=11,
        seats=seats,
        clock={"kind": "none"},
        rated=False,
        creator=person.user_id,
    )
    # An instance that died holding the bot's job: its lease runs a second more.
    a.store.add_jobs([jobs.Job(row.id, 0, jobs.BOT, 0, time.time())])
    with a.store.engine.begin() as c:
        c.execute(
            text("UPDATE table_jobs SET owner = 'gone', lease_until = :until"),
            {"until": time.time() + 1.0},
        )
    with person.on(b).socket(row.id) as mine:
        mine.wait(lambda m: m["version"] >= 1)
    assert client_ids(a, row.id)[0] == "bot-0"


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_queue_takes_each_job_once_and_frees_it_when_its_lease_runs_out(
    backend: str,
    tmp_path: Any,
    postgres_url: str,  # noqa: F811
) -> None:
    url = postgres_url if backend == "postgresql" else f"sqlite:///{tmp_path / 'q.sqlite3'}"
    engine = make_engine(url)
    migrate(engine)
    store = Store(engine)
    try:
        user, _ = store.create_guest()
        seats = [SeatRow(0, "bot", "easy", None, None), SeatRow(1, "human", None, user.id, None)]
        row = store.create_table(
            game="star-realms",
            options={"players": 2},
            players=2,
            seed=1,
            seats=seats,
            clock={},
            rated=False,
            creator=user.id,
        )
        # A game under way from the start comes with a look (an instance loads it, and so
        # queues what it waits for): due at once.
        looked = store.claim_job("w", 1.0, 10.0)
        assert looked is not None and looked.job == jobs.Job(row.id, 0, jobs.LOOK, None, 1.0)
        store.finish_job(looked, "w")
        job = jobs.Job(row.id, 0, jobs.BOT, 0, 100.0)
        store.add_jobs([job])
        store.add_jobs([job, jobs.Job(row.id, 0, jobs.CLOCK, 0, 500.0)])  # the same one again
        assert len(store.pending_jobs(row.id)) == 2
        assert store.claim_job("x", 50.0, 10.0) is None  # not due yet
        taken = store.claim_job("x", 200.0, 10.0)
        assert taken is not None and taken.job.kind == jobs.BOT
        assert store.claim_job("y", 205.0, 10.0) is None  # x's lease holds; the clock waits
        assert store.renew_job(taken, "x", 220.0)  # x still works on it: its lease goes on
        assert store.claim_job("y", 211.0, 10.0) is None
        again = store.claim_job("y", 221.0, 10.0)  # x's lease ran out: y takes it over
        assert again is not None and again.id == taken.id
        assert not store.renew_job(taken, "x", 240.0)  # too late: no longer x's to renew
        assert store.claim_job("x", 225.0, 10.0) is None  # y's lease stands
        store.finish_job(taken, "x")  # x was too late: the job is y's now
        assert len(store.pending_jobs(row.id)) == 2
        store.postpone_job(again, "y", 300.0)
        assert store.claim_job("z", 299.0, 10.0) is None
        store.finish_job(again, "y")  # postponed: no longer y's, so it stays
        later = store.claim_job("z", 301.0, 10.0)
        assert later is not None and later.job.kind == jobs.BOT
        store.finish_job(later, "z")
        assert [j.kind for j in store.pending_jobs(row.id)] == [jobs.CLOCK]
    finally:
        engine.dispose()


def test_instances_count_failed_sign_ins_together_in_redis(redis: RedisServer) -> None:
    one = LoginLimiter(redis.url, pair="2/minute", account="3/minute")
    other = LoginLimiter(redis.url, pair="2/minute", account="3/minute")
    one.fail("10.0.0.1", "mina")
    assert other.retry_after("10.0.0.1", "mina") is None
    other.fail("10.0.0.1", "mina")  # the second failure, on another instance: a pause
    assert one.retry_after("10.0.0.1", "mina") is not None
    assert other.retry_after("10.0.0.2", "mina") is None
    other.fail("10.0.0.2", "mina")  # the account's third failure from any address
    assert one.retry_after("10.0.0.3", "mina") is not None
    # Redis away: sign-ins go through rather than fail; back (empty), counting starts again.
    redis.stop()
    one.fail("10.0.0.1", "ali")
    assert one.retry_after("10.0.0.1", "ali") is None
    redis.start()
    for _ in range(2):
        one.fail("10.0.0.1", "ali")
    assert other.retry_after("10.0.0.1", "ali") is not None


OPS = st.lists(
    st.one_of(
        st.tuples(st.just("add"), st.integers(0, 5), st.floats(0, 5)),
        st.tuples(st.just("claim"), st.sampled_from("xyz"), st.floats(0.5, 4)),
        st.tuples(st.just("finish"), st.sampled_from("xyz"), st.integers(0, 5)),
        st.tuples(st.just("postpone"), st.sampled_from("xyz"), st.floats(0, 5)),
        st.tuples(st.just("wait"), st.just(""), st.floats(0, 3)),
    ),
    max_size=30,
)


def test_the_queue_never_hands_out_a_job_under_a_live_lease(tmp_path: Any) -> None:
    """Random adds, claims, finishes and postpones by three instances, against a model."""
    engine = make_engine(f"sqlite:///{tmp_path / 'q.sqlite3'}")
    migrate(engine)
    store = Store(engine)
    user, _ = store.create_guest()
    seats = [SeatRow(0, "bot", "easy", None, None), SeatRow(1, "human", None, user.id, None)]
    table = store.create_table(
        game="star-realms",
        options={"players": 2},
        players=2,
        seed=1,
        seats=seats,
        clock={},
        rated=False,
        creator=user.id,
    )

    @settings(max_examples=100, deadline=None)
    @given(OPS)
    def check(ops: list[tuple[str, Any, Any]]) -> None:
        with engine.begin() as c:
            c.execute(text("DELETE FROM table_jobs"))
        now = 1000.0
        model: dict[int, dict[str, Any]] = {}  # version -> due, owner, until
        held: dict[str, jobs.Claimed] = {}  # each instance's last claim
        for op, who, value in ops:
            if op == "add":
                store.add_jobs([jobs.Job(table.id, who, jobs.BOT, 0, now + value)])
                model.setdefault(who, {"due": now + value, "owner": None, "until": 0.0})
            elif op == "claim":
                free = {
                    v: j
                    for v, j in model.items()
                    if j["due"] <= now and (j["owner"] is None or j["until"] < now)
                }
                got = store.claim_job(who, now, value)
                if not free:
                    assert got is None
                    continue
                assert got is not None and got.job.version in free
                assert free[got.job.version]["due"] == min(j["due"] for j in free.values())
                model[got.job.version].update(owner=who, until=now + value)
                held[who] = got
            elif op == "finish" and who in held:
                version = held[who].job.version
                store.finish_job(held.pop(who), who)
                if model.get(version, {}).get("owner") == who:
                    del model[version]
            elif op == "postpone" and who in held:
                version = held[who].job.version
                store.postpone_job(held.pop(who), who, now + value)
                if model.get(version, {}).get("owner") == who:
                    model[version].update(owner=None, until=0.0, due=now + value)
            elif op == "wait":
                now += value
            stored = {j.version: j.due for j in store.pending_jobs(table.id)}
            assert stored == {v: j["due"] for v, j in model.items()}

    try:
        check()
    finally:
        engine.dispose()


def test_a_bot_move_the_database_refuses_is_made_later(
    postgres_url: str,  # noqa: F811
    redis: RedisServer,
    make_server: ServerFactory,
) -> None:
    """A write lost to the database (a deadlock's victim, say) leaves the bot's job waiting."""
    a, b = pair(make_server, postgres_url, redis)
    refused: list[str] = []
    for server in (a, b):
        original = server.store.append_actions

        def failing(writes: list[ActionWrite], original: Any = original) -> Any:
            if not refused and any(w.client_id.startswith("bot-") for w in writes):
                refused.append(writes[0].client_id)
                raise RuntimeError("deadlock detected")
            return original(writes)

        setattr(server.store, "append_actions", failing)  # noqa: B010
    person = a.guest()
    made = person.create_table()  # against an easy bot
    with person.socket(made["id"]) as mine:
        play_random({0: mine}, random.Random(4), 12, mine.next_state())
    ids = client_ids(a, made["id"])
    assert refused and refused[0] in ids and len(set(ids)) == len(ids)


def test_batches_lock_their_tables_in_one_order(
    postgres_url: str,  # noqa: F811
) -> None:
    """Two writers with the same two tables: the batch takes the first table's lock first, so
    another transaction that holds that one and then wants the second does not deadlock."""
    engine = make_engine(postgres_url)
    migrate(engine)
    store = Store(engine)
    try:
        user, _ = store.create_guest()
        seats = [SeatRow(0, "human", None, user.id, None), SeatRow(1, "bot", "easy", None, None)]
        made = [
            store.create_table(
                game="star-realms",
                options={"players": 2},
                players=2,
                seed=n,
                seats=seats,
                clock={},
                rated=False,
                creator=user.id,
            ).id
            for n in range(2)
        ]
        first, second = sorted(made)
        at = datetime.now(UTC)
        writes = [
            ActionWrite(t, 1, 0, {"do": "x"}, f"c-{t}", at, None, None, "star-realms", ())
            for t in (second, first)  # handed over in the other order
        ]
        with engine.connect() as other:
            # Quicker than the deadlock check (1 s): a wait for the second table fails here.
            other.execute(text("SET lock_timeout = '300ms'"))
            bump = text("UPDATE game_tables SET version = version WHERE id = :t")
            other.execute(bump, {"t": first})
            with ThreadPoolExecutor(1) as pool:
                batch = pool.submit(store.append_actions, writes)
                time.sleep(0.5)  # the batch waits for the first table's lock by now
                other.execute(bump, {"t": second})  # free: the batch did not take it first
                other.commit()
                assert batch.result(timeout=30) == [None, None]
        assert store.table_versions(made) == {t: (1, "playing") for t in made}
    finally:
        engine.dispose()


def test_a_chaos_table_on_three_instances_moves_every_bot_and_rings(
    postgres_url: str,  # noqa: F811
    redis: RedisServer,
    make_server: ServerFactory,
) -> None:
    """The trading is simultaneous: the state's ``to_act`` is the person in seat 0, yet the
    bots in seats 1 and 2 may act too, and the phase's timer ends it. Each is a job of the
    shared queue: every bot moves, each version's bot thinks once, and the ring comes on time."""
    servers = [
        make_server(postgres_url, redis_url=redis.url, instance=name, sync_every=SYNC)
        for name in "abc"
    ]
    thought: list[tuple[int, int]] = []  # (seat, version) of every bot move begun, anywhere
    for server in servers:
        original = server.hub.scheduler.bot_move

        async def counted(table: Any, seat: int, version: int, original: Any = original) -> None:
            thought.append((seat, version))
            await original(table, seat, version)

        setattr(server.hub.scheduler, "bot_move", counted)  # noqa: B010
    person = servers[0].guest()
    bot = {"kind": "bot", "level": "easy"}
    made = person.create_table(
        game="fantasy-realms",
        seats=[{"kind": "human"}, bot, bot],
        options={"variant": "chaos", "timer": 2},
    )
    with person.on(servers[2]).socket(made["id"]) as sock:
        start = sock.next_state()
        assert start["view"]["phase"] == "trade" and start["to_act"][0] == 0
        ends_at = start["timer"]["ends_at"]
        end = sock.wait(lambda m: m["view"]["phase"] != "trade", timeout=20)
    assert end["timer"] is None
    row = servers[0].store.load_table(made["id"], actions=True)
    assert row is not None
    moves = [(seat, action, cid, at) for seat, action, cid, at in row.actions]
    (ring,) = [m for m in moves if m[1] == {"do": "ring"}]
    assert ring[0] is None and ring[2] == f"ring-{moves.index(ring)}"
    assert ring[3].timestamp() * 1000 >= ends_at - 60  # not before its time
    traded = {seat for seat, action, _, _ in moves[: moves.index(ring)] if seat is not None}
    assert traded == {1, 2}  # both bots traded (or said they were done) before the ring
    by_bots = [(seat, int(cid.removeprefix("bot-"))) for seat, _, cid, _ in moves if seat]
    assert set(by_bots) <= set(thought)
    versions = [version for _, version in thought]
    assert len(versions) == len(set(versions))  # no version's bot thought twice


def test_a_shutdown_does_not_wait_for_ever_on_a_task_that_will_not_end(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Closing the Redis side waits a bounded time for its tasks and connections (a pub/sub
    connection half closed once hung a server's shutdown, and the test run with it)."""
    import asyncio

    from rumizi.server.fanout import settle

    async def scene() -> float:
        loop = asyncio.get_running_loop()
        released = asyncio.Event()

        async def stubborn() -> None:
            while not released.is_set():  # swallows cancellation, as a hung close would
                try:
                    await released.wait()
                except asyncio.CancelledError:
                    continue

        hung = asyncio.create_task(stubborn())
        quick = asyncio.create_task(asyncio.sleep(0))
        await asyncio.sleep(0)
        hung.cancel()
        began = loop.time()
        await settle([hung, quick], seconds=0.2)
        took = loop.time() - began
        assert quick.done() and not hung.done()
        released.set()  # the test's own tidying: the task may end now
        await hung
        return took

    with caplog.at_level("WARNING", logger="rumizi.server.fanout"):
        took = asyncio.run(asyncio.wait_for(scene(), 5))
    assert 0.2 <= took < 2
    assert "still closing" in caplog.text
