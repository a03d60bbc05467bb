"""What building the state message costs, before and after it had a type, in the same run.

The hub builds one state per seat and language after every move (rumizi.server.states), so
its cost is paid per move and per reader. This times, on a table of each game after some
random moves (tests.server.test_messages.live_table), for the seat to act and a spectator:

- ``dict``: the dict-building code as the hub had it before the messages had types (the
  tests' reference, ``dict_state_message``);
- ``typed``: :func:`rumizi.server.states.state_message`, the typed dict sent now;
- ``+dumps``: either one serialised for the wire (``outbox.dumps``), once per reader group.

    .venv/bin/python bench/state_message.py --repeat 5 --number 300

Prints microseconds per message, the best of ``--repeat`` runs of ``--number`` each.
"""

from __future__ import annotations

import argparse
import sys
import timeit
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rumizi.server.hub import LiveTable
from rumizi.server.messages import wire
from rumizi.server.outbox import dumps
from rumizi.server.states import state_message
from tests.server.test_messages import dict_state_message, live_table

TABLES = [  # (game, players, moves, seed)
    ("star-realms", 2, 60, 2),
    ("splendor-duel", 2, 20, 5),
    ("fantasy-realms", 4, 10, 8),
    ("war-of-the-ring", 2, 60, 10),
]


def best(fn: Any, repeat: int, number: int) -> float:
    """Microseconds per call, the best of ``repeat`` runs of ``number`` calls."""
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1e6


def measure(table: LiveTable, seat: int | None, repeat: int, number: int) -> list[float]:
    """Microseconds per state of ``seat``: built before and now, then each serialised too."""
    return [
        best(lambda: dict_state_message(table, seat, "en"), repeat, number),
        best(lambda: state_message(table, seat, "en"), repeat, number),
        best(lambda: dumps(dict_state_message(table, seat, "en")), repeat, number),
        best(lambda: dumps(wire(state_message(table, seat, "en"))), repeat, number),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--number", type=int, default=300)
    args = parser.parse_args()
    print(f"{'table':24} {'reader':>9} {'dict':>8} {'typed':>8} {'+dumps':>8} {'+dumps':>8}")
    for game_id, players, moves, seed in TABLES:
        table = live_table(game_id, players, moves, seed)
        acting = table.state.actors[0] if table.state.actors else 0
        for seat in (acting, None):
            figures = measure(table, seat, args.repeat, args.number)
            reader = "spectator" if seat is None else f"seat {seat}"
            name = f"{game_id} v{table.version}"
            print(f"{name:24} {reader:>9} " + " ".join(f"{us:8.1f}" for us in figures))


if __name__ == "__main__":
    main()
