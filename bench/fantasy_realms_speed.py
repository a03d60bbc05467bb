"""How fast is the Fantasy Realms engine, and how do its bots compare? Prints figures.

    .venv/bin/python bench/fantasy_realms_speed.py                 # 3 s of random games per table
    .venv/bin/python bench/fantasy_realms_speed.py --seconds 10 --matches 20

Measured, per table (4 players base; 4 with the Cursed Items; 6 with the suits and items;
the two-player draft):

* random full games through the public contract: every decision is one ``legal_actions()``
  and one ``apply()``; the end of each game runs the scorer for every hand (best choices),
  which the games/s include. Reports games/s, decisions/s and decisions per game;
* the cost of ``clone()``, ``export()``, ``view()``, ``load()`` and ``sample()``, and of one
  greedy and one strong decision;
* with ``--matches``: one strong seat against three greedy ones, seats rotated — the strong
  seat's win share (a fair share is 25%) and every seat's mean score.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from rumizi.games.fantasy_realms import heuristics, strategy
from rumizi.games.fantasy_realms.engine import GAME, FantasyRealmsState

TABLES: dict[str, tuple[int, dict[str, Any]]] = {
    "4 players": (4, {}),
    "4 + items": (4, {"items": True}),
    "6 + suits + items": (6, {"suits": True, "items": True}),
    "2-player draft": (2, {}),
}


def random_games(players: int, options: dict[str, Any], seconds: float, seed: int) -> str:
    rng = random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = GAME.new(seed=rng.randrange(2**63), players=players, **options)
        while not s.over:
            s.apply(rng.choice(s.legal_actions()))
            decisions += 1
        games += 1
    spent = time.perf_counter() - start
    return (
        f"{games / spent:8.1f} games/s {decisions / spent:9.0f} decisions/s "
        f"{decisions / max(games, 1):6.1f} decisions/game"
    )


def mid_game(players: int, options: dict[str, Any], seed: int) -> FantasyRealmsState:
    s = GAME.new(seed=seed, players=players, **options)
    rng = random.Random(seed)
    for _ in range(12):
        s.apply(rng.choice(s.legal_actions()))
    return s


def costs(s: FantasyRealmsState, repeat: int = 200) -> str:
    p = s.to_act or 0
    doc = s.export()
    view = s.view(p)
    out = []
    for name, fn in (
        ("clone", s.clone),
        ("export", s.export),
        ("view", lambda: s.view(p)),
        ("load", lambda: GAME.load(doc)),
        ("sample", lambda: GAME.sample(view, 1)),
    ):
        t = time.perf_counter()
        for _ in range(repeat):
            fn()
        out.append(f"{name} {1e6 * (time.perf_counter() - t) / repeat:.0f} µs")
    rng = random.Random(0)
    t = time.perf_counter()
    for _ in range(5):
        heuristics.choose(view, s.legal_actions(), rng)
    out.append(f"greedy {1e3 * (time.perf_counter() - t) / 5:.1f} ms")
    t = time.perf_counter()
    for _ in range(5):
        strategy.playout_action(GAME.sample(view, 2), rng)
    out.append(f"strong {1e3 * (time.perf_counter() - t) / 5:.1f} ms")
    return ", ".join(out)


def matches(games: int, players: int = 4) -> str:
    share = [0.0] * players
    totals = [0] * players
    for g in range(games):
        s = GAME.new(seed=g, players=players, items=g % 2 == 1)
        rng = random.Random(g)
        strong_seat = g % players
        while not s.over:
            p = s.to_act
            assert p is not None
            if p == strong_seat:
                a = strategy.playout_action(GAME.sample(s.view(p), rng.getrandbits(63)), rng)
            else:
                a = heuristics.choose(s.view(p), s.legal_actions(), rng)
            s.apply(a)
        for p, r in enumerate(s.returns()):
            seat = (p - strong_seat) % players  # 0 is the strong bot
            share[seat] += r
            totals[seat] += s.results[p]["total"]
    return (
        f"strong win share {share[0] / games:.0%} (fair {1 / players:.0%}); "
        f"greedy seats {[f'{x / games:.0%}' for x in share[1:]]}; "
        f"mean scores strong {totals[0] / games:.0f}, greedy "
        f"{[round(x / games) for x in totals[1:]]}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--matches", type=int, default=0)
    args = parser.parse_args()
    for name, (players, options) in TABLES.items():
        print(f"{name:20} {random_games(players, options, args.seconds, 1)}")
        print(f"{'':20} {costs(mid_game(players, options, 3))}")
    if args.matches:
        print(matches(args.matches))


if __name__ == "__main__":
    main()
