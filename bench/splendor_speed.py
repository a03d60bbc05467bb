"""How fast is the Splendor Duel engine, and is the game fair? Prints figures.

    .venv/bin/python bench/splendor_speed.py                  # speed (3 s) + 400 self-play games
    .venv/bin/python bench/splendor_speed.py --seconds 10 --games 2000 --jobs 2
    .venv/bin/python bench/splendor_speed.py --games 0         # speed only
    .venv/bin/python bench/splendor_speed.py --matches 200     # also strong/greedy/random duels

Measured:

* random playouts through the public contract: both seats choose uniformly among
  ``legal_actions()``; every decision is one ``legal_actions()`` and one ``apply()``. Reports
  decisions/s, games/s, decisions and turns per game, and legal actions per decision;
* the strong policy's own speed (``strategy.playout_action`` on the true state, as in search
  playouts) and ``clone()``, ``export()``, ``view()``, ``load()`` and ``sample()`` costs;
* balance: self-play by the strong policy from ``--games`` seeds — the first seat's win
  rate, how games end (20 points, 10 crowns, 10 points of one colour, stalling), and each
  colour's share of the single-colour wins (a fair set gives each about a fifth);
* with ``--matches``: strong vs greedy and greedy vs random, seats alternating, the policies
  called directly (the bots sample a state from the view first; same moves, slower).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from multiprocessing import Pool
from typing import Any

from rumizi.core.contract import Action
from rumizi.games.splendor_duel import GAME, SplendorDuelState, heuristics, strategy
from rumizi.games.splendor_duel.cards import COLORS

MAX_DECISIONS = 3000  # a game still running after this many decisions is counted as capped


def random_playouts(seconds: float, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    randrange = rng.randrange
    games = decisions = turns = legal_total = capped = 0
    lengths: list[int] = []
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = GAME.new(seed=randrange(2**63))
        n = 0
        while not state.over and n < MAX_DECISIONS:
            legal = state.legal_actions()
            legal_total += len(legal)
            state.apply(legal[randrange(len(legal))])
            n += 1
        games += 1
        decisions += n
        turns += state.turn
        capped += not state.over
        lengths.append(n)
    elapsed = time.perf_counter() - start
    return {
        "decisions/s": decisions / elapsed,
        "games/s": games / elapsed,
        "decisions per game": decisions / games,
        "median decisions per game": statistics.median(lengths),
        "turns per game": turns / games,
        "legal actions per decision": legal_total / max(decisions, 1),
        "capped games": capped,
    }


def policy_speed(seconds: float, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    decisions = games = 0
    samples: list[SplendorDuelState] = []
    start = time.perf_counter()
    while time.perf_counter() < start + seconds:
        state = GAME.new(seed=rng.randrange(2**63))
        n = 0
        while not state.over and n < MAX_DECISIONS:
            state.apply(strategy.playout_action(state, rng))
            n += 1
            if n % 17 == 0 and len(samples) < 200:
                samples.append(state.clone())
        decisions += n
        games += 1
    elapsed = time.perf_counter() - start
    out = {"strong decisions/s": decisions / elapsed, "strong games/s": games / elapsed}

    def each(label: str, fn: Callable[[SplendorDuelState], Any]) -> None:
        t = time.perf_counter()
        for s in samples:
            fn(s)
        out[label] = (time.perf_counter() - t) / len(samples) * 1e6

    docs = [s.export() for s in samples]
    each("clone() µs", lambda s: s.clone())
    each("export() µs", lambda s: s.export())
    each("view() µs", lambda s: s.view(s.current))
    each("legal_actions() µs", lambda s: s.legal_actions())
    t = time.perf_counter()
    for d in docs:
        GAME.load(d)
    out["load() µs"] = (time.perf_counter() - t) / len(docs) * 1e6
    each("sample() µs", lambda s: GAME.sample(s.view(s.current), 1))
    return out


Policy = Callable[[SplendorDuelState, random.Random], Action]


def _strong(state: SplendorDuelState, rng: random.Random) -> Action:
    return strategy.playout_action(state, rng)


def _greedy(state: SplendorDuelState, rng: random.Random) -> Action:
    return heuristics.choose(state.view(state.current), state.legal_actions(), rng)


def _random(state: SplendorDuelState, rng: random.Random) -> Action:
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


POLICIES: dict[str, Policy] = {"strong": _strong, "greedy": _greedy, "random": _random}


def play(args: tuple[int, str, str]) -> dict[str, Any]:
    """One game: ``first`` policy in the seat that moves first."""
    seed, first, second = args
    state = GAME.new(seed=seed)
    opener = state.current
    seats = {opener: POLICIES[first], 1 - opener: POLICIES[second]}
    rng = random.Random(seed)
    n = 0
    while not state.over and n < MAX_DECISIONS:
        state.apply(seats[state.current](state, rng))
        n += 1
    result: dict[str, Any] = {"over": state.over, "end": state.end, "turns": state.turn}
    if state.over:
        winner = state.players[state.winner or 0]
        result["first_won"] = state.winner == opener
        if state.end == "color":
            result["color"] = COLORS[max(range(5), key=lambda k: winner.color_points[k])]
    return result


def balance(games: int, jobs: int, seed: int) -> None:
    tasks = [(seed + i, "strong", "strong") for i in range(games)]
    results = _run(tasks, jobs)
    done = [r for r in results if r["over"]]
    ends = Counter(r["end"] for r in done)
    colors = Counter(r.get("color") for r in done if r["end"] == "color")
    first = sum(r["first_won"] for r in done)
    print(f"\nself-play by the strong policy: {games} games ({games - len(done)} capped)")
    print(f"  first seat won        {first}/{len(done)} = {100 * first / max(len(done), 1):.1f} %")
    print(f"  turns per game        {statistics.mean(r['turns'] for r in done):.1f}")
    for end in ("points", "crowns", "color", "stall"):
        print(f"  ended by {end:<8}     {100 * ends[end] / max(len(done), 1):5.1f} %")
    total = sum(colors.values())
    print(f"  single-colour wins by colour ({total} games):")
    for color in COLORS:
        print(f"    {color:<6} {colors[color]:4d}  {100 * colors[color] / max(total, 1):5.1f} %")


def matches(games: int, jobs: int, seed: int) -> None:
    for a, b in (("strong", "greedy"), ("greedy", "random")):
        tasks = [(seed + i, a, b) if i % 2 == 0 else (seed + i, b, a) for i in range(games)]
        results = _run(tasks, jobs)
        wins = sum(r["over"] and (r["first_won"] == (i % 2 == 0)) for i, r in enumerate(results))
        print(
            f"\n{a} vs {b}: {a} won {wins}/{games} = {100 * wins / games:.1f} % (seats alternate)"
        )


def _run(tasks: list[tuple[int, str, str]], jobs: int) -> list[dict[str, Any]]:
    if jobs > 1:
        with Pool(jobs) as pool:
            return pool.map(play, tasks, chunksize=8)
    return [play(t) for t in tasks]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per speed measurement")
    parser.add_argument("--games", type=int, default=400, help="self-play games (0: none)")
    parser.add_argument("--matches", type=int, default=0, help="games per match (0: none)")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the games")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print("random playouts (public contract, one core):")
    for key, value in random_playouts(args.seconds, args.seed).items():
        print(f"  {key:<28} {value:,.1f}")
    print("strong policy and state operations:")
    for key, value in policy_speed(args.seconds, args.seed).items():
        print(f"  {key:<28} {value:,.1f}")
    if args.games:
        balance(args.games, args.jobs, args.seed)
    if args.matches:
        matches(args.matches, args.jobs, args.seed + 10_000)


if __name__ == "__main__":
    main()
