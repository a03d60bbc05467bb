"""How fast is the Fantasy Realms engine, and how do its bots compare? Prints figures.

    .venv/bin/python bench/fantasy_realms_speed.py                  # 2 s per measurement
    .venv/bin/python bench/fantasy_realms_speed.py --seconds 10 --matches 20
    .venv/bin/python bench/fantasy_realms_speed.py --tables base,all  # some tables only
    .venv/bin/python bench/fantasy_realms_speed.py --compare          # pure Python against compiled

Measured, per table (4 players base; 4 with the Cursed Items; 4 with every module — items,
suits, Jester and the deluxe Phoenix; 6 with the suits and items; the two-player draft):

* random full games through the public contract: every decision is one ``legal_actions()``
  and one ``apply()``; the end of each game runs the scorer for every hand (best choices),
  which the games/s include. Reports games/s, decisions/s and decisions per game;
* the same speed relative to a **baseline measured in the same run**: a plain Python loop
  doing, per decision, what any driver must do at the least (one uniform pick from a list as
  long as the mean legal list, a few dict lookups). Playouts and baseline run in alternating
  short chunks, so a busy machine slows both alike; "engine / baseline" is the median of the
  paired chunks' ratios, the figure to compare across machines;
* bot decisions per second: the ``greedy`` and ``strong`` bots of the registry deciding from
  a view (``Bot.choose(view, legal)``) at positions of random games, and each one's cost in
  random decisions of the same table (the ratio, again from one run);
* the cost of ``clone()``, ``export()``, ``view()``, ``load()`` and ``sample()``;
* with ``--matches``: one strong seat against three greedy ones, seats rotated — the strong
  seat's win share (a fair share is 25%) and every seat's mean score.

With ``--compare``, the build users run against pure Python in one run: the modules setup.py
compiles (``scripts/compiled.py`` builds them once into its cache) and the plain source take
turns, ``--rounds`` times each, in processes of their own. Each measures per table (4 players
base, 4 with the Cursed Items, 4 in chaos realms, the two-player draft) random and strong full
playouts, greedy ones (every seat the greedy bot's heuristic, from its view) and strong ones
(the policy the search bots play out with) — decisions per second and whole games per
CPU-second — and ``sample()`` per second, which search calls before every playout. The
table gives each figure's median over the rounds and the compiled build's speed-up.

Times are this process's CPU time (``time.process_time``), so a busy, shared machine slows
the wall clock but not the figures much; they still move from machine to machine, and the
ratios within one run are what to compare. The greedy bot caches hand scores across
decisions, as it does in play.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from compiled_build import compare_builds

from rumizi import bots
from rumizi.games.fantasy_realms import GAME, engine, heuristics, strategy
from rumizi.games.fantasy_realms.engine import FantasyRealmsState

# CPU time of this process: the machine may be shared, and every figure is one core's work.
clock = time.process_time

ALL_MODULES: dict[str, Any] = {"suits": True, "items": True, "jester": True, "phoenix": "deluxe"}
TABLES: dict[str, tuple[int, dict[str, Any]]] = {
    "base": (4, {}),
    "items": (4, {"items": True}),
    "all": (4, ALL_MODULES),
    "6-suits-items": (6, {"suits": True, "items": True}),
    "draft": (2, {}),
}


class Playouts:
    """Counts of random games played so far."""

    def __init__(self) -> None:
        self.games = self.decisions = self.legal = 0
        self.seconds = 0.0


def random_games(
    players: int, options: dict[str, Any], seconds: float, rng: random.Random, out: Playouts
) -> None:
    """Random full games for about ``seconds`` (whole games: the last one may run over)."""
    start = clock()
    while clock() - start < seconds:
        s = GAME.new(seed=rng.randrange(2**63), players=players, **options)
        while not s.over:
            legal = s.legal_actions()
            out.legal += len(legal)
            s.apply(legal[rng.randrange(len(legal))])
            out.decisions += 1
        out.games += 1
    out.seconds += clock() - start


def baseline(decisions: int, mean_legal: float, seed: int) -> float:
    """Seconds for a trivial loop of ``decisions`` steps: a random pick and dict lookups."""
    rng = random.Random(seed)
    uniform = rng.random
    width = max(1, round(mean_legal))
    options = [{"do": "discard", "card": str(i)} for i in range(width)]
    table = {str(i): i for i in range(width)}
    total = 0
    start = clock()
    for _ in range(decisions):
        action = options[int(uniform() * len(options))]
        if action["do"] == "discard":
            total += table[action["card"]]
    elapsed = clock() - start
    assert total >= 0
    return elapsed


def random_against_baseline(
    players: int, options: dict[str, Any], seconds: float, seed: int, chunks: int = 6
) -> str:
    """Random games in chunks, each followed by the baseline for as many decisions."""
    rng = random.Random(seed)
    out = Playouts()
    ratios = []
    for i in range(chunks):
        before = (out.seconds, out.decisions, out.legal)
        random_games(players, options, seconds / chunks, rng, out)
        made = out.decisions - before[1]
        base = baseline(made, (out.legal - before[2]) / max(made, 1), seed + i)
        ratios.append((out.seconds - before[0]) / base)
    return (
        f"{out.games / out.seconds:8.1f} games/s {out.decisions / out.seconds:9.0f} decisions/s "
        f"{out.decisions / max(out.games, 1):6.1f} decisions/game; "
        f"engine / baseline {statistics.median(ratios):6.1f} x"
    )


def positions(players: int, options: dict[str, Any], count: int, seed: int) -> list[Any]:
    """Positions of random games, spread over the game, with the seat to act."""
    rng = random.Random(seed)
    found: list[FantasyRealmsState] = []
    while len(found) < count:
        s = GAME.new(seed=rng.randrange(2**63), players=players, **options)
        keep = rng.randrange(3, 12)
        step = 0
        while not s.over and len(found) < count:
            if step % keep == 0:
                found.append(s.clone())
            s.apply(rng.choice(s.legal_actions()))
            step += 1
    return found


def bot_speed(players: int, options: dict[str, Any], seconds: float, seed: int) -> str:
    """Decisions per second of the greedy and strong bots, and their cost in random
    decisions of the same table (measured just before, in the same run)."""
    rnd = Playouts()
    random_games(players, options, seconds / 3, random.Random(seed), rnd)
    per_random = rnd.seconds / max(rnd.decisions, 1)
    found = positions(players, options, 200, seed)
    out = []
    for name in ("greedy", "strong"):
        bot = bots.make(name, seed)
        made = 0
        start = clock()
        while clock() - start < seconds / 3:
            s = found[made % len(found)]
            seat = s.to_act
            assert seat is not None
            bot.choose(s.view(seat), s.legal_actions())
            made += 1
        spent = clock() - start
        rate = made / spent
        out.append(f"{name} {rate:7.1f} decisions/s (= {1 / rate / per_random:6.0f} random)")
    return "; ".join(out)


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
        t = clock()
        for _ in range(repeat):
            fn()
        out.append(f"{name} {1e6 * (clock() - t) / repeat:.0f} µs")
    rng = random.Random(0)
    t = clock()
    for _ in range(5):
        heuristics.choose(view, s.legal_actions(), rng)
    out.append(f"greedy policy {1e3 * (clock() - t) / 5:.1f} ms")
    t = clock()
    for _ in range(5):
        strategy.playout_action(GAME.sample(view, 2), rng)
    out.append(f"strong playout policy {1e3 * (clock() - t) / 5:.1f} ms")
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


# ---------------------------------------------------------------- pure Python against compiled

COMPARED: dict[str, tuple[int, dict[str, Any]]] = {
    "base": (4, {}),
    "items": (4, {"items": True}),
    "chaos": (4, {"variant": "chaos"}),
    "draft": (2, {}),
}


def _full_playouts(
    players: int,
    options: dict[str, Any],
    seconds: float,
    rng: random.Random,
    policy: Callable[[FantasyRealmsState], Any],
) -> tuple[float, float]:
    """Whole games played by ``policy`` for about ``seconds`` of CPU: (decisions/s, games/s)."""
    games = decisions = 0
    start = clock()
    while clock() - start < seconds:
        s = GAME.new(seed=rng.randrange(2**63), players=players, **options)
        while not s.over:
            s.apply(policy(s))
            decisions += 1
        games += 1
    spent = clock() - start
    return decisions / spent, games / spent


def build_figures(seconds: float, seed: int) -> dict[str, Any]:
    """This process's build and its speed figures per table (about ``seconds`` CPU each)."""
    rng = random.Random(seed)

    def random_move(s: FantasyRealmsState) -> Any:
        legal = s.legal_actions()
        return legal[rng.randrange(len(legal))]

    def greedy_move(s: FantasyRealmsState) -> Any:
        me = s.to_act
        assert me is not None
        return heuristics.choose(s.view(me), s.legal_actions_for(me), rng)

    def strong_move(s: FantasyRealmsState) -> Any:
        return strategy.playout_action(s, rng)

    policies = (("random", random_move), ("greedy", greedy_move), ("strong", strong_move))
    out: dict[str, Any] = {"compiled": not str(engine.__file__).endswith(".py")}
    for name, (players, options) in COMPARED.items():
        for label, policy in policies:
            per_decision, per_game = _full_playouts(players, options, seconds, rng, policy)
            out[f"{name}: {label} decisions/s"] = per_decision
            out[f"{name}: {label} playouts/CPU-s"] = per_game
        views = [s.view(s.to_act) for s in positions(players, options, 60, seed)]
        out[f"{name}: sample()/s"] = _per_cpu_second(seconds / 2, views, _sample)
    return out


def _sample(view: Any) -> object:
    return GAME.sample(view, 1)


def _per_cpu_second(seconds: float, items: list[Any], fn: Callable[[Any], object]) -> float:
    calls = 0
    start = clock()
    while clock() - start < seconds:
        for item in items:
            fn(item)
        calls += len(items)
    return calls / (clock() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--matches", type=int, default=0)
    parser.add_argument("--tables", default=",".join(TABLES), help="of: " + ", ".join(TABLES))
    parser.add_argument("--seed", type=int, default=0, help="with --compare")
    parser.add_argument("--compare", action="store_true", help="pure Python against compiled")
    parser.add_argument("--rounds", type=int, default=3, help="turns per build with --compare")
    parser.add_argument("--figures", action="store_true", help=argparse.SUPPRESS)  # a child's
    args = parser.parse_args()
    if args.figures:
        json.dump(build_figures(args.seconds, args.seed), sys.stdout)
        return
    if args.compare:
        compare_builds(__file__, "Fantasy Realms", args.seconds, args.seed, args.rounds)
        return
    random_games(4, {}, 0.2, random.Random(0), Playouts())  # warm up: imports, the scorer
    for name in args.tables.split(","):
        players, options = TABLES[name]
        label = f"{name} ({players}p)"
        print(f"{label:20} {random_against_baseline(players, options, args.seconds, 1)}")
        print(f"{'':20} {bot_speed(players, options, args.seconds, 2)}")
        print(f"{'':20} {costs(mid_game(players, options, 3))}")
    if args.matches:
        print(matches(args.matches))


if __name__ == "__main__":
    main()
