"""Server start with many abandoned games: how long until it serves, and what it holds.

Makes a fresh SQLite database with ``--abandoned`` Star Realms games under way that both
players left after a few moves (nothing for the server to do: no bot to move, no clock), and
``--live`` games whose bot is to move. Then it starts the app three ways on that same file,
in one run, so the figures compare on any machine:

- ``before``: the start as it was, every unfinished game loaded (rebuilt move by move);
- ``upgrade``: the first start after migration 0008, whose ``look`` jobs make it load every
  game once and write what each waits for;
- ``after``: every later start, which loads only the games whose server move is due soon.

    .venv/bin/python bench/server_start.py --abandoned 2000 --live 20

Each figure is the time from ``create_app`` to the end of the app's start (the lifespan's
startup: migrations, the outage check, the loading), and the tables the hub then holds.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import delete, event, insert, select
from starlette.testclient import TestClient

from rumizi.core.registry import game
from rumizi.server import jobs
from rumizi.server.app import Settings, create_app
from rumizi.server.db import GameTable, TableJob, make_engine, migrate
from rumizi.server.hub import Hub
from rumizi.server.scheduling import Scheduler
from rumizi.server.store import ActionWrite, SeatRow, Store

GAME = "star-realms"


def quick_store(url: str) -> Store:
    """The store on ``url`` without a flush to disk per commit (for making the games only)."""
    engine = make_engine(url)

    @event.listens_for(engine, "connect")
    def no_sync(connection: Any, _record: Any) -> None:
        connection.execute("PRAGMA synchronous=OFF")

    migrate(engine)
    return Store(engine)


def make_games(store: Store, abandoned: int, live: int, rng: random.Random) -> None:
    """``abandoned`` games left on a person's move, ``live`` ones left on a bot's."""
    people = [store.create_guest()[0].id for _ in range(8)]
    writes: list[ActionWrite] = []
    bots: list[jobs.Job] = []
    for n in range(abandoned + live):
        against_bot = n >= abandoned
        first, second = rng.sample(people, 2)
        other = SeatRow(1, "human", None, second, None)
        if against_bot:
            other = SeatRow(1, "bot", "easy", None, None)
        seats = [SeatRow(0, "human", None, first, None), other]
        seed = rng.getrandbits(62)
        row = store.create_table(
            game=GAME,
            options={"players": 2},
            players=2,
            seed=seed,
            seats=seats,
            clock={},
            rated=False,
            creator=first,
        )
        state = game(GAME).new(seed=seed, players=2)
        moves, version = rng.randrange(0, 25), 0
        # Some moves in; a bot's table is left when the bot is to move.
        while version < moves or (against_bot and state.to_act != 1):
            seat, action = state.to_act, dict(rng.choice(state.legal_actions()))
            state.apply(action)
            version += 1
            at = datetime.now(UTC)
            client_id = f"c-{version}"
            write = ActionWrite(row.id, version, seat, action, client_id, at, None, None, GAME, ())
            writes.append(write)
        assert not state.over
        if against_bot:
            bots.append(jobs.Job(row.id, version, jobs.BOT, 1, time.time()))
    for start in range(0, len(writes), 5000):
        store.append_actions(writes[start : start + 5000])
    with store.sessions.begin() as s:  # what the server that played them left in the index
        s.execute(delete(TableJob).where(TableJob.kind == jobs.LOOK))
    store.add_jobs(bots)


def looks_for_every_game(store: Store) -> None:
    """What migration 0008 leaves: a ``look`` job for every game under way."""
    with store.sessions.begin() as s:
        playing = s.execute(
            select(GameTable.id, GameTable.version).where(GameTable.status == "playing")
        ).all()
        s.execute(
            insert(TableJob),
            [
                {
                    "table_id": table_id,
                    "version": version,
                    "kind": jobs.LOOK,
                    "seat": None,
                    "due": 0.0,
                    "owner": None,
                    "lease_until": 0.0,
                }
                for table_id, version in playing
            ],
        )


async def load_every_game(hub: Hub) -> None:
    """The start as it was: every unfinished game loaded, its bots and clocks set off."""
    for table_id in await hub.db(hub.store.playing_table_ids):
        await hub.get(table_id)


def read_as_before(hub: Hub, table_id: str) -> tuple[Any, None]:
    """A table's row and moves, and no look at the index (which the old start had not)."""
    return hub.store.load_table(table_id, actions=True), None


async def asleep(scheduler: Scheduler[Any], *args: Any) -> None:
    """A bot that does not move: every start finds the same games to load."""


def start(url: str, before: bool = False) -> tuple[float, int]:
    """Seconds from ``create_app`` to the end of its start, and the tables the hub holds."""
    patches: list[tuple[type[Any], str, Any]] = [(Scheduler, "bot_move", asleep)]
    if before:  # the old start: every game loaded, nothing indexed
        patches += [
            (Hub, "resume", load_every_game),
            (Hub, "_read", read_as_before),
            (Hub, "_index", lambda *_: None),
        ]
    originals = [(owner, name, getattr(owner, name)) for owner, name, _ in patches]
    for owner, name, value in patches:
        setattr(owner, name, value)
    try:
        began = time.perf_counter()
        app = create_app(Settings(db_url=url, bot_workers=0))
        with TestClient(app) as client:
            took = time.perf_counter() - began
            hub: Hub = app.state.hub
            assert client.portal is not None
            held = client.portal.call(lambda: len(hub.tables))
        return took, held
    finally:
        for owner, name, value in originals:
            setattr(owner, name, value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--abandoned", type=int, default=2000)
    parser.add_argument("--live", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'start.sqlite3'}"
        store = quick_store(url)
        began = time.perf_counter()
        make_games(store, args.abandoned, args.live, random.Random(args.seed))
        print(
            f"{args.abandoned} abandoned games and {args.live} with a bot to move, "
            f"made in {time.perf_counter() - began:.1f} s"
        )
        runs = []
        runs.append(("before (every unfinished game)", *start(url, before=True)))
        looks_for_every_game(store)
        runs.append(("upgrade (first start after 0008)", *start(url)))
        runs.append(("after (games due soon only)", *start(url)))
        store.engine.dispose()
        for name, took, held in runs:
            print(f"{name:36} {took:6.2f} s to start, {held:5d} tables in memory")


if __name__ == "__main__":
    main()
