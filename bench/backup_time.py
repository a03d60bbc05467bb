"""What ``rumizi backup`` costs on a SQLite database of ``--games`` finished games, against a
plain copy of the same file in the same run.

Builds the database through the server's own Store (two guests per Star Realms table, random
legal moves to the end, each game's actions stored in one commit), then times, ``--repeat``
times each, the backup (SQLite's online backup API and ``PRAGMA integrity_check``:
rumizi.server.backup) and ``shutil.copyfile`` of the database file, which is not consistent
while a server writes but is the floor of what any copy costs.

    .venv/bin/python bench/backup_time.py --games 200 --repeat 3
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rumizi.core.registry import game
from rumizi.server.backup import backup
from rumizi.server.db import make_engine, migrate
from rumizi.server.store import ActionWrite, SeatRow, Store

GAME = "star-realms"


def fill(store: Store, games: int, seed: int) -> int:
    """``games`` finished games between two guests; the actions stored."""
    rng = random.Random(seed)
    stored = 0
    for i in range(games):
        first, _ = store.create_guest()
        second, _ = store.create_guest()
        seats = [
            SeatRow(0, "human", None, first.id, None),
            SeatRow(1, "human", None, second.id, None),
        ]
        row = store.create_table(
            game=GAME,
            options={"players": 2},
            players=2,
            seed=seed + i,
            seats=seats,
            clock={},
            rated=False,
            creator=first.id,
        )
        state = game(GAME).new(seed=row.seed, players=2)
        writes: list[ActionWrite] = []
        while not state.over:
            seat = state.to_act
            action = dict(rng.choice(state.legal_actions()))
            state.apply(action)
            result = {"winner": state.winner, "returns": state.returns()} if state.over else None
            writes.append(
                ActionWrite(
                    row.id,
                    len(writes) + 1,
                    seat,
                    action,
                    f"b-{len(writes)}",
                    datetime.now(UTC),
                    result,
                    None,
                    GAME,
                    (),
                )
            )
        # One commit (a batch keeps a table's writes in order: each is a compare-and-set on
        # the version before it).
        assert store.append_actions(writes) == [None] * len(writes)
        stored += len(writes)
    return stored


def best_ms(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        times.append((time.perf_counter() - started) * 1000)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="rumizi-backup-bench-"))
    database = folder / "rumizi.sqlite3"
    url = f"sqlite:///{database}"
    engine = make_engine(url)
    migrate(engine)
    started = time.perf_counter()
    actions = fill(Store(engine), args.games, args.seed)
    engine.dispose()
    print(
        f"{args.games} games, {actions} actions, {database.stat().st_size / 1e6:.1f} MB "
        f"(built in {time.perf_counter() - started:.1f} s)"
    )
    out, copy = folder / "backup.sqlite3", folder / "copy.sqlite3"

    def backed_up() -> None:
        out.unlink(missing_ok=True)
        backup(url, out)

    backed = best_ms(backed_up, args.repeat)
    copied = best_ms(lambda: shutil.copyfile(database, copy), args.repeat)
    print(f"rumizi backup: {backed:.0f} ms (best of {args.repeat}); plain copy: {copied:.0f} ms")
    print(f"backup / copy: {backed / copied:.1f}x")
    shutil.rmtree(folder)


if __name__ == "__main__":
    main()
