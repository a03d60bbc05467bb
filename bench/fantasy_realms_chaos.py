"""How fast is chaos realms' trading against the standard game, in the same run? Prints figures.

    .venv/bin/python bench/fantasy_realms_chaos.py              # 3 s per table
    .venv/bin/python bench/fantasy_realms_chaos.py --seconds 10

Random full games through the contract (the end scores every hand, best choices, included).
A chaos decision is one seat's random move from the union of every actor's list (plus, one
time in fifty, the server's ring, so a random trading ends); the baseline is the standard
game at the same table size (6 for the seven-seat chaos table). Reported: games/s, decisions/s,
and the ratio of chaos decisions/s to the baseline's. Also one chaos bot decision (the
heuristic every level plays in the trading) against one greedy discard of a normal turn.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from rumizi.games.fantasy_realms import GAME, chaos, heuristics


def random_games(players: int, options: dict[str, Any], seconds: float) -> tuple[float, float]:
    rng = random.Random(1)
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = GAME.new(seed=rng.randrange(2**63), players=players, **options)
        while not s.over:
            if s.timer() is not None and rng.random() < 0.02:
                s.apply({"do": "ring"})
                continue
            s.apply(rng.choice(s.legal_actions()))
            decisions += 1
        games += 1
    spent = time.perf_counter() - start
    return games / spent, decisions / spent


def per_decision(players: int, options: dict[str, Any], seconds: float) -> float:
    """Seconds per bot decision at the start of a new deal each time (chaos: a trading move;
    the scorer's cache helps both alike)."""
    rng = random.Random(2)
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = GAME.new(seed=count, players=players, first=0, **options)
        if not options:
            s.apply({"do": "draw"})  # the baseline: a discard decision (the draw is forced)
        seat = count % players if options else s.to_act
        assert seat is not None
        legal = s.legal_actions_for(seat)
        view = s.view(seat)
        if options:
            chaos.choose(view, legal, rng)
        else:
            heuristics.choose(view, legal, rng)
        count += 1
    return (time.perf_counter() - start) / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    for players in (4, 7):
        base_g, base_d = random_games(min(players, 6), {}, args.seconds)
        chaos_g, chaos_d = random_games(players, {"variant": "chaos"}, args.seconds)
        print(
            f"{players} seats: standard {base_g:6.1f} games/s {base_d:7.0f} decisions/s; "
            f"chaos {chaos_g:6.1f} games/s {chaos_d:7.0f} decisions/s; "
            f"chaos/standard decisions {chaos_d / base_d:.2f}"
        )
    greedy = per_decision(4, {}, args.seconds / 2)
    trader = per_decision(4, {"variant": "chaos"}, args.seconds / 2)
    print(
        f"bot decision: greedy discard {greedy * 1000:.2f} ms, chaos trade {trader * 1000:.2f} ms "
        f"(ratio {trader / greedy:.2f})"
    )


if __name__ == "__main__":
    main()
