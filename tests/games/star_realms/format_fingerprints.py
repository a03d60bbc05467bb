"""Fingerprints of random and strong play, one per format, to show that a change to one
format leaves the others exactly as they were.

Run it on two revisions and compare the lines, e.g.::

    git worktree add /tmp/before <base> && (cd /tmp/before && PYTHONPATH=$PWD \
        python -m tests.games.star_realms.format_fingerprints) > before.json
    PYTHONPATH=$PWD python -m tests.games.star_realms.format_fingerprints > after.json
    diff before.json after.json

It reuses :mod:`compiled_probe`'s games (random moves with probes of wrong moves, exports,
views and samples; the strong heuristic's moves and evaluations), one setup at a time.
"""

from __future__ import annotations

import json
import sys

from tests.games.star_realms import compiled_probe

SETUPS = [
    ("duel", 2),
    ("free-for-all", 3),
    ("free-for-all", 6),
    ("hunter", 4),
    ("hydra", 4),
    ("hydra", 6),
    ("raid", 4),
    ("emperor", 6),
]


def fingerprints(games: int = 3) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    saved = compiled_probe.SETUPS
    try:
        for fmt, players in SETUPS:
            compiled_probe.SETUPS = [(fmt, players)]
            out[f"{fmt} {players}"] = {
                "random": compiled_probe.random_play(games),
                "strong": compiled_probe.strong_play(games),
            }
    finally:
        compiled_probe.SETUPS = saved
    return out


if __name__ == "__main__":
    json.dump(fingerprints(int(sys.argv[1]) if len(sys.argv) > 1 else 3), sys.stdout, indent=1)
    print()
