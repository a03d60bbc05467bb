"""Bots under load: how long people wait for the ``hard`` bot when many tables play at once.

Opens ``--tables`` Star Realms tables, each a person against the hard bot, on a hub of its own
(a fresh SQLite database, no sockets: the hub is what the sockets talk to). The people move
the instant it is their turn (a random legal move), and the figure is the *wait*: from a
person's move that hands the turn to the bot until it is theirs again — the whole bot turn,
every decision of it.

It runs three pools in the same run, so the ratios mean something on any machine:

- ``alone``: one table, the pool as ``rumizi serve`` now makes it (the wait of an idle server);
- ``before``: one worker with the fixed budget, as the server used to run by default;
- ``now``: one worker per core, the budget shrinking when decisions queue.

    .venv/bin/python bench/bots_under_load.py --tables 20 --turns 3 --budget 0.25

``--budget`` is the hard bot's budget per decision (the server's default is 1 s; a smaller
one keeps the run short and scales every figure alike).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from rumizi.server.bots import BotPool, available_cores
from rumizi.server.db import make_engine, migrate
from rumizi.server.hub import Hub, LiveTable
from rumizi.server.store import SeatRow, Store


class FixedBudgetPool(BotPool):
    """The pool as it was: the same budget however many decisions wait."""

    def budget(self) -> float | None:
        return self.hard_budget


async def person(
    hub: Hub, table: LiveTable, turns: int, waits: list[float], rng: random.Random
) -> None:
    """Play seat 0 until ``turns`` bot turns were waited for (or the game ended)."""
    waited = 0
    while waited < turns and not table.state.over:
        if table.state.to_act != 0:
            await asyncio.sleep(0.005)
            continue
        action = rng.choice(table.state.legal_actions())
        await hub.submit(table, 0, dict(action), table.version, f"p-{table.version}")
        if table.state.to_act != 0 and not table.state.over:
            started = time.perf_counter()
            while table.state.to_act != 0 and not table.state.over:
                await asyncio.sleep(0.005)
            waits.append(time.perf_counter() - started)
            waited += 1


async def run(pool: BotPool, tables: int, turns: int, folder: Path) -> list[float]:
    engine = make_engine(f"sqlite:///{folder / 'bench.sqlite3'}")
    migrate(engine)
    store = Store(engine)
    hub = Hub(store, pool)
    user, _ = store.create_guest()
    seats = [SeatRow(0, "human", None, user.id, None), SeatRow(1, "bot", "hard", None, None)]
    live = []
    for i in range(tables):
        row = store.create_table(
            game="star-realms",
            options={"players": 2},
            players=2,
            seed=1000 + i,
            seats=seats,
            clock={"kind": "none"},
            rated=False,
            creator=user.id,
        )
        found = await hub.get(row.id)
        assert found is not None
        live.append(found)
    waits: list[float] = []
    await asyncio.gather(
        *(person(hub, t, turns, waits, random.Random(i)) for i, t in enumerate(live))
    )
    await hub.close()
    engine.dispose()
    return waits


def summary(name: str, waits: list[float]) -> tuple[float, float]:
    waits = sorted(waits)
    p50 = statistics.median(waits)
    p95 = waits[min(len(waits) - 1, round(0.95 * (len(waits) - 1)))]
    figures = f"p50 {p50:6.2f} s  p95 {p95:6.2f} s  max {waits[-1]:6.2f} s"
    print(f"{name:>7}: {len(waits):4d} waits  {figures}")
    return p50, p95


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--turns", type=int, default=3, help="bot turns each person waits for")
    parser.add_argument("--budget", type=float, default=0.25, help="hard budget per decision (s)")
    args = parser.parse_args()
    cores = available_cores()
    print(f"{args.tables} tables against hard, budget {args.budget} s, {cores} cores")
    results = {}
    configs = {
        "alone": (lambda: BotPool(None, args.budget), 1),
        "before": (lambda: FixedBudgetPool(1, args.budget), args.tables),
        "now": (lambda: BotPool(None, args.budget), args.tables),
    }
    for name, (make, tables) in configs.items():
        with tempfile.TemporaryDirectory() as folder:
            pool = make()
            waits = asyncio.run(run(pool, tables, args.turns, Path(folder)))
            results[name] = summary(name, waits)
    alone, before, now = results["alone"], results["before"], results["now"]
    print(f"p50 wait: before/now = {before[0] / now[0]:.1f}×, now/alone = {now[0] / alone[0]:.1f}×")
    print(f"p95 wait: before/now = {before[1] / now[1]:.1f}×, now/alone = {now[1] / alone[1]:.1f}×")


if __name__ == "__main__":
    main()
