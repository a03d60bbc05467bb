"""How long a bot's turn takes to watch at the table: the pacer as it is, against one step a
move as it was until issue 33, on the same recorded turns in the same run.

    .venv/bin/python bench/pacing_schedule.py                 # ~1 min
    .venv/bin/python bench/pacing_schedule.py --games 20

Star Realms games of the ``strong`` bot in every seat are recorded as the player in seat 0
sees them: each state that the table would push, with its view and who is to act. Between
two turns of seat 0 lie the other seats' moves; the pacer's schedule for them is computed by
``rumizi/web/static/pacing.js`` itself (``watchTime``, ``planSteps``) in headless Chromium,
at "normal" and "fast": the time from seat 0's own move until the last of the others' moves
is drawn. The baseline, computed in the same run from the same moves, is the pacer before
issue 33: a rest of one step after one's own move, then one step a move (650 ms at normal,
240 ms at fast), whatever the move.

Printed: the duel (a bot's whole turn) and the four-player hydra (three bots between the
player's turns), the median and the 90th percentile of the time to watch, and how many
steps a turn is shown in. Nothing is timed on the clock: the figures are the schedule the
page plans, the same on every machine.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from rumizi.bots import make
from rumizi.core.contract import GameState
from rumizi.core.record import GameRecord

STATIC = Path(__file__).resolve().parent.parent / "rumizi" / "web" / "static"
OLD_STEP = {"normal": 650, "fast": 240}  # the pacer's one step a move, before issue 33
WATCHER = 0


def message(state: GameState, version: int) -> dict[str, Any]:
    """The state as the table pushes it to seat 0 (the fields the pacer reads)."""
    acting = [] if state.to_act is None else [state.to_act]
    return {"version": version, "to_act": acting, "view": state.view(WATCHER), "log": []}


def gaps(game_format: str, players: int, seed: int) -> list[list[dict[str, Any]]]:
    """Every stretch of others' moves between two moves of seat 0, as the states pushed:
    the state after seat 0's move first (what is on the board), then one per move."""
    options = {"players": players, "format": game_format}
    state = GameRecord("star-realms", seed=seed, options=options).start()
    bots = [make("strong", seed=seed * 10 + i) for i in range(players)]
    found: list[list[dict[str, Any]]] = []
    stretch: list[dict[str, Any]] = []
    version = 0
    while not state.over:
        me = state.to_act
        assert me is not None
        state.apply(bots[me].choose(state.view(me), state.legal_actions()))
        version += 1
        now = message(state, version)
        if me == WATCHER:
            if len(stretch) > 1:
                found.append(stretch)
            stretch = [now]  # what seat 0's own move left on the board
        elif stretch:
            stretch.append(now)
    return [s for s in found if len(s) > 1]


SCHEDULE = """async (turns) => {
  const { SPEEDS, planSteps, watchTime } = await import("/pacing.js");
  const out = {};
  for (const speed of ["normal", "fast"]) {
    const pace = SPEEDS[speed];
    out[speed] = turns.map(([shown, ...queue]) => ({
      ms: watchTime(shown, queue, pace, pace.quiet),
      steps: planSteps(shown, queue, pace).length,
    }));
  }
  return out;
}"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass  # the page's requests are not this bench's figures


def serve_static() -> tuple[http.server.ThreadingHTTPServer, str]:
    """The page's static files (pacing.js and what it imports) on a port of their own."""
    handler = functools.partial(Quiet, directory=str(STATIC))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def report(name: str, turns: list[list[dict[str, Any]]], planned: dict[str, Any]) -> None:
    moves = [len(t) - 1 for t in turns]
    print(f"{name}: {len(turns)} stretches, {statistics.median(moves):.0f} moves (median)")
    for speed in ("normal", "fast"):
        old = [OLD_STEP[speed] * n for n in moves]  # a step's rest, then n - 1 steps
        new = [p["ms"] for p in planned[speed]]
        steps = [p["steps"] for p in planned[speed]]
        print(
            f"  {speed:6s}  before: median {statistics.median(old) / 1000:.1f} s, "
            f"90% {quantile(old) / 1000:.1f} s ({statistics.median(moves):.0f} steps)   "
            f"now: median {statistics.median(new) / 1000:.1f} s, 90% {quantile(new) / 1000:.1f} s "
            f"({statistics.median(steps):.0f} steps)"
        )


def quantile(values: list[int], q: float = 0.9) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=8, help="games of each table")
    args = parser.parse_args()
    tables = {
        "Star Realms duel, a bot's turn": ("duel", 2),
        "Star Realms hydra (4 players), the others' turns between the player's": ("hydra", 4),
    }
    recorded = {
        name: [t for seed in range(1, args.games + 1) for t in gaps(fmt, n, seed)]
        for name, (fmt, n) in tables.items()
    }
    server, url = serve_static()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium")
            page = browser.new_page()
            page.goto(f"{url}/pacing.js")  # any page of that origin, for its modules
            for name, turns in recorded.items():
                report(name, turns, page.evaluate(SCHEDULE, turns))
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
