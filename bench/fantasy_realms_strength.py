"""How strong are the Fantasy Realms bots? One ``strong`` bot at a table of ``greedy`` ones.

    nice -n 19 .venv/bin/python bench/fantasy_realms_strength.py                # 3, 4, 6 seats
    nice -n 19 .venv/bin/python bench/fantasy_realms_strength.py --players 4 --games 160
    nice -n 19 .venv/bin/python bench/fantasy_realms_strength.py --modules base --jobs 2
    .venv/bin/python bench/fantasy_realms_strength.py --bot hard --field strong --players 4 \
        --modules base chaos --jobs 2                         # hard against three strong

Every table seats one ``--bot`` (``strong``) and ``players − 1`` ``--field`` bots
(``greedy``), through the bots' public interface: each sees only its view. ``--modules
chaos`` plays the chaos realms (deal, trade, score). The schedule is the arena's
(:func:`rumizi.arena.runner.plan_arena`): each deal is played from every seat, in both
directions round the table, so the luck of the deal and of the seat cancels out; ``--games``
is rounded up to whole rounds of seatings. Printed for each bot: its win share (a shared win
split between the tied) with a 95 % Wilson interval, and its mean final score; for the field
the seats are pooled, so its fair share is ``(players − 1) / players``. The bot beats its
fair share ``1 / players`` clearly when the interval's lower end is above it.

Modules: ``base`` (the base game), ``items`` (Cursed Items), ``suits`` (the expansion suits)
and ``full`` (both).

Measured (2 busy cores, ``nice -n 19``), four players, base game, one strong and three greedy:
``--seed 0 --games 160``: 47.0/160 won (29.4 %, [22.9, 36.8]); ``--seed 1 --games 240``:
69.0/240 (28.7 %, [23.4, 34.8]); ``--seed 2 --games 400``: 114.0/400 (28.5 %, [24.3, 33.1]).
Pooled, 230/800 = 28.8 %, 95 % CI [25.7, 32.0]: above the 25 % share, by a modest margin;
strong's mean score 202.5 against greedy's 197.5. Smaller samples, default seed (win share,
95 % CI, mean score strong / greedy): base, ``--players 3 6 --games 48``: 3 players 39.6 %
[27.0, 53.7] (fair 33.3 %), 221.5 / 208.9; 6 players 18.8 % [10.2, 31.9] (fair 16.7 %),
200.9 / 198.9. Items and suits, ``--modules full --games 24``: 3 players 37.5 % [21.2, 57.3],
231.0 / 228.3; 4 players 20.8 % [9.2, 40.5], 225.1 / 223.2; 6 players 20.8 % [9.2, 40.5],
232.9 / 222.6 — too few games to tell these from the fair share.

Weights tried with ``--set`` (four players, base game, ``--seed 100``, a tuning seed apart
from the ones above; 2 busy cores, ``nice -n 10``; strong's win share, 95 % CI, mean score):
the weights as they are, 128 games: 29.7 % [22.5, 38.1], 204.4; ``DENIAL=1.0``: 28.1 %
[21.1, 36.5]; ``POTENTIAL=0.45``: 27.3 % [20.4, 35.6]; ``TURN_SHARE=2.2``: 29.7 % [22.5,
38.1]. 96 games: ``DENIAL=0.25``: 33.3 % [24.7, 43.2]; ``POTENTIAL=0.2``: 34.4 % [25.6,
44.3]; ``POOL_SAMPLES=24 DRAW_SAMPLES=10``: 32.3 % [23.8, 42.2] (0.70 CPU s a game against
0.61). Every one lies inside the others' intervals: none is shown better, so the weights
stay. A game costs about 0.6 CPU s (all four bots).

The strong player with the discard area's cards in its potential, every area card valued as
a take and the last card played for the win (``fr-bot``), ``--seed 0``, against the one above
on the same deals (``nice -n 10``; win share, 95 % CI, strong's / greedy's mean score):
``--players 4 --modules base --games 512``: 141.0/512 = 27.5 % [23.8, 31.6], 201.7 / 195.7
(before: 140.0/512 = 27.3 % [23.7, 31.4], 202.3 / 197.8); ``--seed 1`` the same: 170.0/512
= 33.2 % [29.3, 37.4], 211.4 / 199.8 (before 155.0/512 = 30.3 % [26.5, 34.4], 206.1 /
198.7), the two seeds pooled 30.4 % [27.6, 33.3] against 28.8 % [26.1, 31.7];
``--players 3 --games 192``:
39.1 % [32.4, 46.1], 204.6 / 197.5 (before 39.1 %, 203.6 / 197.0); ``--players 6 --games
192``: 24.5 % [18.9, 31.0], 216.2 / 203.4 (before 17.7 % [13.0, 23.7], 207.7 / 204.8; fair
16.7 %); ``--players 4 --modules full --games 96``: 20.8 % [13.9, 30.0], 228.3 / 241.2
(before 22.9 % [15.6, 32.3], 233.7 / 240.4). About 0.35 CPU s a game at four players, base
(the strong bot's own share 0.25–0.30 s against 0.23 s before).

The same player on fresh deals, ``--seed 21``, base game (``nice -n 10``, the other core
busy): four players, 512 games: 159.0/512 = 31.1 % [27.2, 35.2], 204.6 / 196.5; three
players, 384 games: 144.0/384 = 37.5 % [32.8, 42.4] (fair 33.3 %), 201.4 / 194.5; six
players, 384 games: 90.0/384 = 23.4 % [19.5, 27.9] (fair 16.7 %), 214.6 / 203.9. Twice the
samples (``--set POOL_SAMPLES=28 DRAW_SAMPLES=12``, four players, the same deals): 32.6 %
[28.7, 36.8], 204.3 / 196.3, no better beyond the noise. With the modules, four players:
``--modules items --seed 5 --games 96``: 31.2 % [22.9, 41.1], 219.8 / 207.2 (greedy uses no
item but the Treasure Chest); ``--modules suits --seed 11 --games 384``: 27.9 % [23.6,
32.6], 235.6 / 232.3 (``POTENTIAL=0``: 26.8 %, 236.6 / 233.5: in the suits' game of eight
cards the potential adds nothing measurable); ``--modules full``: ``--seed 7 --games 192``
21.4 % [16.1, 27.7], 228.9 / 236.7, ``--seed 9 --games 96`` 25.0 % [17.4, 34.5], 231.5 /
233.1: with both modules the strong player is no better than greedy. Tried apart from the
bench, on 300–400 deals each with the strong seat rotating and the same deals for both: the
cards each rival took from the discard area (public) counted as known in its guessed hand,
so that denial weighs them (32.8 % against 35.2 % without: not kept), and the extra cards of
Necromancer, Genie and Leprechaun left out with the suits (25.7 % against 28.3 %: kept).

``hard`` against three ``strong`` (``--bot hard --field strong``, compiled build, its 1 s a
decision, base game, ``--seed 21``): with flat Monte Carlo over whole-table playouts, four
players, 400 games: 102 won, 25.5 % [21.5, 30.0], 201.8 / 204.6 (level with strong). With the
planner (``rumizi/games/fantasy_realms/planning.py``), 800 games, ``--jobs 2``: 254 won, 31.8 %
[28.6, 35.1], 205.0 / 200.3 (2.9 CPU s a game), and on ``--seed 22`` 265 won, 33.1 % [30.0,
36.5], 207.3 / 200.6 (pooled 519/1600 = 32.4 % [30.2, 34.8]); three players, 192 games: 39.6 %
[32.9, 46.6] (fair 33.3 %), 207.2 / 201.8; six players, 192 games: 25.0 % [19.4, 31.6] (fair
16.7 %), 209.9 / 202.8; four players with the suits (``--modules suits``), 192 games: 28.1 %
[22.2, 34.9], 237.5 / 235.5.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from multiprocessing import Pool
from typing import Any

from rumizi.arena.runner import GameSpec, plan_arena, play_game
from rumizi.games.fantasy_realms import strategy

MODULES: dict[str, dict[str, Any]] = {
    "base": {},
    "items": {"items": True},
    "suits": {"suits": True},
    "full": {"items": True, "suits": True},
    "chaos": {"variant": "chaos"},
}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win share."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def one_game(spec: GameSpec) -> tuple[list[str], list[float], list[int], float]:
    """Seats, win payoffs and final totals of one game, and the CPU seconds it took (the
    process's own time: the wall clock on a shared machine measures the other loads)."""
    start = time.process_time()
    result, state = play_game(spec)
    totals = [int(r["total"]) for r in getattr(state, "results", [])]
    payoff = result.scores or [0.0] * len(spec.seats)
    return list(spec.bots), list(payoff), totals, time.process_time() - start


def table(
    players: int,
    modules: str,
    games: int,
    seed: int,
    jobs: int,
    progress: int = 0,
    bot: str = "strong",
    field: str = "greedy",
) -> None:
    bots = [bot] + [field] * (players - 1)
    plan = plan_arena(
        "fantasy-realms", bots, games, seed=seed, players=players, options=MODULES[modules]
    )
    start = time.perf_counter()
    done: list[tuple[list[str], list[float], list[int], float]] = []
    pool = Pool(jobs) if jobs > 1 else None
    played = pool.imap(one_game, plan.specs) if pool else map(one_game, plan.specs)
    for game in played:
        done.append(game)
        if progress and len(done) % progress == 0 and len(done) < len(plan.specs):
            won = sum(p[s] for names, p, _t, _s in done for s, b in enumerate(names) if b == bot)
            print(f"  ... {len(done)} games: {bot} won {won:.1f}", flush=True)
    if pool:
        pool.close()
    wall = time.perf_counter() - start
    wins: dict[str, float] = {}
    seats: dict[str, int] = {}
    points: dict[str, int] = {}
    for names, payoff, totals, _s in done:
        for seat, name in enumerate(names):
            wins[name] = wins.get(name, 0.0) + payoff[seat]
            seats[name] = seats.get(name, 0) + 1
            points[name] = points.get(name, 0) + totals[seat]
    n = len(done)
    print(
        f"{players} players, {modules}: {n} games "
        f"({wall:.0f} s, {sum(d[3] for d in done) / n:.2f} CPU s a game)",
        flush=True,
    )
    for name in (bot, field):
        share = wins[name] / n  # of the games won (greedy: by any greedy seat)
        low, high = wilson(wins[name], n)
        fair = seats[name] / n / players
        print(
            f"  {name:<7} won {wins[name]:6.1f}/{n}  {100 * share:5.1f} %  "
            f"95 % CI [{100 * low:4.1f}, {100 * high:4.1f}]  fair share {100 * fair:4.1f} %  "
            f"mean score {points[name] / seats[name]:6.1f}"
        )


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, nargs="*", default=[3, 4, 6])
    ap.add_argument("--modules", nargs="*", choices=sorted(MODULES), default=["base", "full"])
    ap.add_argument("--games", type=int, default=48, help="games per table (rounded up)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1, help="processes")
    ap.add_argument("--progress", type=int, default=0, help="print a line every N games")
    ap.add_argument("--bot", default="strong", help="the bot measured, in one seat")
    ap.add_argument("--field", default="greedy", help="the bot in every other seat")
    ap.add_argument(
        "--set",
        nargs="*",
        default=[],
        metavar="NAME=VALUE",
        help="override a weight of the strong player (strategy.py), for tuning",
    )
    args = ap.parse_args(argv)
    if args.bot == args.field:
        ap.error("--bot and --field must differ (the figures are counted by name)")
    for item in args.set:  # set before the pool forks, so every process plays the same bot
        name, _, value = item.partition("=")
        if not hasattr(strategy, name):
            ap.error(f"strategy has no {name}")
        setattr(strategy, name, type(getattr(strategy, name))(float(value)))
    for modules in args.modules:
        for players in args.players:
            table(
                players, modules, args.games, args.seed, args.jobs, args.progress,
                args.bot, args.field,
            )  # fmt: skip


if __name__ == "__main__":
    main()
