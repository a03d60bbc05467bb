"""``expert`` against ``hard`` at the same time a move: the win share, its interval, the
think time.

Both bots get the same ``--budget`` seconds a decision; the arena plays every deal from both
seats (``--games`` in all, half each way) on ``--jobs`` processes. Printed: the expert's
points (a draw counts half) with the Wilson 95 % interval, per seat, and each bot's mean
seconds a decision — a ratio in one run, which is what holds on a busy machine. Example:

    .venv/bin/python bench/expert_strength.py --game star-realms --games 400 --budget 0.2

``--weights FILE`` plays a network that is not (yet) the shipped one; ``--horizon N`` plays
expert with playouts of N turns (a variant registered here, which the arena's worker
processes inherit).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from rumizi.arena.runner import run_arena
from rumizi.arena.stats import wilson
from rumizi.bots.base import register
from rumizi.bots.expert import ExpertBot


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="star-realms")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--budget", type=float, default=1.0, help="seconds a decision, both")
    parser.add_argument("--against", default="hard")
    parser.add_argument("--weights", default=None)
    parser.add_argument("--horizon", type=int, default=None)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    options: dict[str, Any] = {"budget": args.budget}
    if args.weights:
        options["weights"] = args.weights
    print(
        f"expert vs {args.against}, {args.game}, {args.games} games, {args.budget} s a "
        f"decision, options {options}",
        flush=True,
    )
    done = [0]
    began = time.perf_counter()

    def tick(result: Any, count: int, total: int) -> None:
        done[0] = count
        if count % 20 == 0:
            print(f"  {count}/{total} games, {time.perf_counter() - began:.0f} s", file=sys.stderr)

    entrant = "expert"  # the arena gives an option only to the bots that take it: weights to it
    if args.horizon is not None:
        entrant = f"expert-h{args.horizon}"
        horizon = args.horizon

        @register(entrant)
        class Variant(ExpertBot):
            name = entrant

            def __init__(self, seed: int = 0, **given: Any) -> None:
                given.setdefault("horizon", horizon)
                super().__init__(seed, **given)

    result = run_arena(
        args.game,
        [entrant, args.against],
        args.games,
        seed=args.seed,
        jobs=args.jobs,
        bot_options=options,
        progress=tick,
    )
    points = 0.0
    per_seat = [0.0, 0.0]
    seats = [0, 0]
    think = {entrant: [0.0, 0], args.against: [0.0, 0]}
    capped = 0
    for game in result.games:
        where = game.seats.index(entrant)
        if game.scores is None:
            capped += 1
            score = 0.5
        else:
            score = game.scores[where]
        points += score
        per_seat[where] += score
        seats[where] += 1
        for seat, name in enumerate(game.seats):
            think[name][0] += game.seconds[seat]
            think[name][1] += game.decisions[seat]
    n = len(result.games)
    lo, hi = wilson(points, n)
    print(
        f"{entrant} scored {points:g}/{n} = {points / n:.3f} (Wilson 95 % [{lo:.3f}, {hi:.3f}]); "
        f"first seat {per_seat[0]:g}/{seats[0]}, second seat {per_seat[1]:g}/{seats[1]}; "
        f"{capped} capped"
    )
    for name, (seconds, decisions) in think.items():
        print(f"  {name}: {seconds / max(decisions, 1) * 1000:.1f} ms a decision on average")
    print(f"  {result.elapsed:.0f} s on {result.jobs} processes")


if __name__ == "__main__":
    main()
