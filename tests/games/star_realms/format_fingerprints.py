"""Fingerprints of random and strong play, one per format, to show that a change to one
format leaves the others exactly as they were.

Run it on two revisions and compare the lines, e.g.::

    git worktree add /tmp/before <base> && (cd /tmp/before && PYTHONPATH=$PWD \
        python -m tests.games.star_realms.format_fingerprints) > before.json
    PYTHONPATH=$PWD python -m tests.games.star_realms.format_fingerprints > after.json
    diff before.json after.json

It plays :mod:`compiled_probe`'s games one setup at a time (``tests/games/probe_kit.py``:
random moves with probes of wrong moves, exports, views and samples; the strong heuristic's
moves and evaluations).
"""

from __future__ import annotations

import dataclasses
import json
import sys

from tests.games.probe_kit import random_play, strong_play
from tests.games.star_realms.compiled_probe import PROBE


def fingerprints(games: int = 3) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for setup in PROBE.setups:
        one = dataclasses.replace(PROBE, setups=[setup], games_per_setup=games)
        out[f"{setup['format']} {setup['players']}"] = {
            "random": random_play(one),
            "strong": strong_play(one),
        }
    return out


if __name__ == "__main__":
    json.dump(fingerprints(int(sys.argv[1]) if len(sys.argv) > 1 else 3), sys.stdout, indent=1)
    print()
