"""How fast is the War of the Ring engine? Random games against Star Realms, and the two builds.

    .venv/bin/python bench/wotr_speed.py                 # about 3 s per game, alternating
    .venv/bin/python bench/wotr_speed.py --seconds 10
    .venv/bin/python bench/wotr_speed.py --compare       # pure Python against compiled

Both games are played by uniform-random seats through the public contract (every decision is
one ``legal_actions()`` and one ``apply()``), in alternating chunks of a quarter second so a
busy machine slows both alike. Star Realms' random-play decisions per second, measured in the
same run, is the baseline: the target is a ratio of at least 1 (pure Python). Also reported:
games/s, decisions and rounds per game, legal actions per decision, the strong policy's
decisions/s, and the costs of ``clone()``, ``export()``, ``view()``, ``load()`` and
``sample()`` on positions from real games.

``--compare`` measures the build users run against pure Python in one run: the modules
setup.py compiles (``scripts/compiled.py`` builds them once into its cache) and the plain
source take turns, ``--rounds`` times each, in processes of their own; each measures, in its
own CPU time (so a shared machine disturbs the figures little), random, greedy (the greedy
bot's heuristic, from the view) and strong (the policy search plays out with) full playouts —
decisions per second and whole games per CPU-second — and ``sample()``, which search calls
before every playout. The table gives each figure's median over the rounds and the compiled
build's speed-up.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from compiled_build import compare_builds

from rumizi.core.contract import Game, GameState
from rumizi.games.star_realms import GAME as STAR_REALMS
from rumizi.games.war_of_the_ring import GAME, WarOfTheRingState, engine, heuristics, strategy

TURN_CAP = 500  # Star Realms: random players can scrap their decks and never finish


@dataclass
class Tally:
    games: int = 0
    decisions: int = 0
    legal: int = 0
    rounds: int = 0
    seconds: float = 0.0


def _playouts(
    game: Game, rounds_of: Callable[[Any], int], tally: Tally, seconds: float, rng: random.Random
) -> None:
    uniform = rng.random
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state: GameState = game.new(seed=rng.randrange(2**63))
        n = sizes = 0
        while not state.over and rounds_of(state) <= TURN_CAP:
            legal = state.legal_actions()
            sizes += len(legal)
            state.apply(legal[int(uniform() * len(legal))])
            n += 1
        tally.games += 1
        tally.decisions += n
        tally.legal += sizes
        tally.rounds += rounds_of(state)
    tally.seconds += time.perf_counter() - start


def race(seconds: float, seed: int, chunk: float = 0.25) -> tuple[Tally, Tally]:
    wotr, star = Tally(), Tally()
    rng_w, rng_s = random.Random(seed), random.Random(seed + 1)
    spent = 0.0
    while spent < seconds:
        _playouts(GAME, lambda s: s.round, wotr, chunk, rng_w)
        _playouts(STAR_REALMS, lambda s: s.turn, star, chunk, rng_s)
        spent += chunk
    return wotr, star


def operations(seconds: float, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    samples: list[WarOfTheRingState] = []
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() < start + seconds:
        state = GAME.new(seed=rng.randrange(2**63))
        while not state.over:
            state.apply(strategy.playout_action(state, rng))
            decisions += 1
            if decisions % 7 == 0 and len(samples) < 300 and not state.over:
                samples.append(state.clone())
    out = {"strong decisions/s": decisions / (time.perf_counter() - start)}

    def each(label: str, fn: Callable[[WarOfTheRingState], Any]) -> None:
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


# ---------------------------------------------------------------- pure Python against compiled


def _full_playouts(
    seconds: float, rng: random.Random, policy: Callable[[WarOfTheRingState], Any]
) -> tuple[float, float]:
    """Whole games played by ``policy`` for about ``seconds`` of CPU: (decisions/s, games/s)."""
    games = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = GAME.new(seed=rng.randrange(2**63))
        while not state.over:
            state.apply(policy(state))
            decisions += 1
        games += 1
    spent = time.process_time() - start
    return decisions / spent, games / spent


def build_figures(seconds: float, seed: int) -> dict[str, Any]:
    """This process's build and its speed figures, each measured for about ``seconds`` CPU."""
    rng = random.Random(seed)

    def random_move(state: WarOfTheRingState) -> Any:
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]

    def greedy_move(state: WarOfTheRingState) -> Any:
        return heuristics.choose(state.view(state.current), state.legal_actions(), rng)

    def strong_move(state: WarOfTheRingState) -> Any:
        return strategy.playout_action(state, rng)

    policies = (("random", random_move), ("greedy", greedy_move), ("strong", strong_move))
    out: dict[str, Any] = {"compiled": not str(engine.__file__).endswith(".py")}
    for label, policy in policies:
        per_decision, per_game = _full_playouts(seconds, rng, policy)
        out[f"{label} decisions/s"] = per_decision
        out[f"{label} playouts/CPU-s"] = per_game
    views: list[Any] = []
    while len(views) < 200:
        state = GAME.new(seed=rng.randrange(2**63))
        while not state.over and len(views) < 200:
            if rng.random() < 0.2:
                views.append(state.view(state.current))
            state.apply(strategy.playout_action(state, rng))
    out["sample()/s"] = _per_cpu_second(seconds / 2, views, lambda v: GAME.sample(v, 1))
    return out


def _per_cpu_second(seconds: float, items: list[Any], fn: Callable[[Any], object]) -> float:
    calls = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for item in items:
            fn(item)
        calls += len(items)
    return calls / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per game, in chunks")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--compare", action="store_true", help="pure Python against compiled")
    parser.add_argument("--rounds", type=int, default=3, help="turns per build with --compare")
    parser.add_argument("--figures", action="store_true", help=argparse.SUPPRESS)  # a child's
    args = parser.parse_args()
    if args.figures:
        json.dump(build_figures(args.seconds, args.seed), sys.stdout)
        return
    if args.compare:
        compare_builds(__file__, "War of the Ring", args.seconds, args.seed, args.rounds)
        return
    print(f"War of the Ring engine speed — Python {sys.version.split()[0]}, one thread")
    wotr, star = race(args.seconds, args.seed)
    w_rate = wotr.decisions / wotr.seconds
    s_rate = star.decisions / star.seconds
    print("random playouts (public contract):")
    print(f"  War of the Ring decisions/s   {w_rate:12,.0f}")
    print(f"  Star Realms decisions/s       {s_rate:12,.0f}   (baseline, same run)")
    print(f"  ratio                         {w_rate / s_rate:12.2f}   (target: at least 1)")
    print(f"  War of the Ring games/s       {wotr.games / wotr.seconds:12,.1f}")
    print(f"  decisions per game            {wotr.decisions / max(wotr.games, 1):12.1f}")
    print(f"  rounds per game               {wotr.rounds / max(wotr.games, 1):12.2f}")
    print(f"  legal actions per decision    {wotr.legal / max(wotr.decisions, 1):12.1f}")
    print("strong policy and state operations:")
    for key, value in operations(args.seconds, args.seed).items():
        print(f"  {key:<28} {value:12,.1f}")


if __name__ == "__main__":
    main()
