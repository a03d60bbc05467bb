"""How fast is the Star Realms engine? Full playouts through the public contract, one core.

    .venv/bin/python bench/engine_speed.py                 # about 3 s per measurement
    .venv/bin/python bench/engine_speed.py --seconds 10
    .venv/bin/python bench/engine_speed.py --profile       # where the time goes (pyinstrument)
    .venv/bin/python bench/engine_speed.py --pin           # pin to one CPU (Linux)

Measured, each for about ``--seconds``:

* random playouts: both seats choose uniformly among ``legal_actions()``; every decision is
  one ``legal_actions()`` and one ``apply()``. Reports decisions/s, games/s, mean decisions
  and turns per game, and the share of games stopped by the turn cap (two random players can
  scrap their whole decks and never finish);
* greedy playouts: both seats are the ``greedy`` bot (view + heuristic per decision);
* ``clone()``, ``export()``, ``view()`` and ``load()`` on positions taken from real games.

Run it in both builds to compare them: the package is pure Python unless it was installed
with ``RUMIZI_COMPILE=1`` (``setup.py``); the first line says which build was measured.

Machines differ, so the playout speed is also given relative to a baseline measured in the
same run: a plain Python loop doing, per decision, what any driver must do at the least —
one uniform pick from a list of the same mean length and a few dict lookups. The
ratio "engine / baseline" says how many of those trivial steps one engine decision costs;
playouts and baseline run in alternating short chunks, so a busy machine slows both alike.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rumizi.bots import make
from rumizi.games.star_realms import GAME, StarRealmsState, engine


@dataclass
class Playouts:
    seconds: float = 0.0
    games: int = 0
    decisions: int = 0
    turns: int = 0
    capped: int = 0
    legal_sizes: int = 0
    lengths: list[int] = field(default_factory=list)

    def row(self, label: str) -> list[tuple[str, str, str]]:
        g = max(self.games, 1)
        return [
            (label, f"{self.decisions / self.seconds:,.0f}", "decisions/s"),
            ("", f"{self.games / self.seconds:,.1f}", "games/s"),
            ("", f"{self.decisions / g:,.1f}", "decisions per game (mean)"),
            ("", f"{self.turns / g:,.1f}", "turns per game (mean)"),
            ("", f"{statistics.median(self.lengths or [0]):,.0f}", "turns per game (median)"),
            ("", f"{100 * self.capped / g:.1f} %", "games stopped by the turn cap"),
        ]


def random_playouts(seconds: float, seed: int, turn_cap: int, out: Playouts) -> None:
    """Uniform-random duels until ``seconds`` have passed (the last game is finished)."""
    rng = random.Random(seed)
    uniform = rng.random  # legal[int(uniform() * n)]: uniform, and cheaper than randrange(n)
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = GAME.new(seed=rng.randrange(2**63))
        decisions = 0
        sizes = 0
        while not state.over and state.turn <= turn_cap:
            legal = state.legal_actions()
            sizes += len(legal)
            state.apply(legal[int(uniform() * len(legal))])
            decisions += 1
        out.games += 1
        out.decisions += decisions
        out.legal_sizes += sizes
        out.turns += state.turn
        out.lengths.append(state.turn)
        out.capped += not state.over
    out.seconds += time.perf_counter() - start


def random_against_baseline(
    seconds: float, seed: int, turn_cap: int, chunk: float = 0.25
) -> tuple[Playouts, float]:
    """Random playouts in short chunks, each followed by the baseline loop for as many
    steps as the chunk made decisions. Returns the playouts and the median ratio of engine
    time to baseline time per decision; pairing the two keeps the ratio steady on a busy
    machine, where both slow down together."""
    out = Playouts()
    ratios = []
    chunks = max(1, round(seconds / chunk))
    for i in range(chunks):
        before = (out.seconds, out.decisions, out.legal_sizes)
        random_playouts(seconds / chunks, seed + i, turn_cap, out)
        decisions = out.decisions - before[1]
        mean_legal = (out.legal_sizes - before[2]) / max(decisions, 1)
        base = baseline(decisions, mean_legal, seed + i)
        ratios.append((out.seconds - before[0]) / base)
    return out, statistics.median(ratios)


def bot_playouts(seconds: float, seed: int, turn_cap: int, names: tuple[str, str]) -> Playouts:
    """Duels between two bots, each decision made from the acting player's view."""
    rng = random.Random(seed)
    out = Playouts()
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        game_seed = rng.randrange(2**63)
        bots = [make(names[0], seed=game_seed), make(names[1], seed=game_seed + 1)]
        state = GAME.new(seed=game_seed)
        decisions = 0
        while not state.over and state.turn <= turn_cap:
            me = state.current
            state.apply(bots[me].choose(state.view(me), state.legal_actions()))
            decisions += 1
        out.games += 1
        out.decisions += decisions
        out.turns += state.turn
        out.lengths.append(state.turn)
        out.capped += not state.over
    out.seconds = time.perf_counter() - start
    return out


def baseline(decisions: int, mean_legal: float, seed: int) -> float:
    """Seconds for a trivial loop doing ``decisions`` steps of a random pick + dict lookups."""
    rng = random.Random(seed)
    uniform = rng.random
    width = max(1, round(mean_legal))
    options = [{"do": "play", "card": str(i)} for i in range(width)]
    table = {str(i): i for i in range(width)}
    total = 0
    start = time.perf_counter()
    for _ in range(decisions):
        action = options[int(uniform() * len(options))]
        if action["do"] == "play":
            total += table[action["card"]]
    elapsed = time.perf_counter() - start
    assert total >= 0
    return elapsed


def sample_positions(count: int, seed: int) -> list[StarRealmsState]:
    """Positions from random games, spread over the opening, middle and late game."""
    rng = random.Random(seed)
    found: list[StarRealmsState] = []
    while len(found) < count:
        state = GAME.new(seed=rng.randrange(2**63))
        keep_every = rng.randrange(5, 40)
        step = 0
        while not state.over and state.turn <= 200 and len(found) < count:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            step += 1
            if step % keep_every == 0:
                found.append(state.clone())
    return found


def per_second(seconds: float, items: Sequence[Any], fn: Callable[[Any], object]) -> float:
    """Calls of ``fn(item)`` per second, cycling through ``items``."""
    calls = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for item in items:
            fn(item)
        calls += len(items)
        now = time.perf_counter()
        if now >= deadline:
            return calls / (now - start)


def print_table(rows: list[tuple[str, str, str]]) -> None:
    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(r[1]) for r in rows)
    line = "-" * (w0 + w1 + 40)
    print(line)
    for label, value, unit in rows:
        if label and label != rows[0][0]:
            print(line)
        print(f"{label:<{w0}}  {value:>{w1}}  {unit}")
    print(line)


def build() -> str:
    """Which build of the engine is measured: pure Python, or compiled by mypyc (setup.py)."""
    return "pure Python" if engine.__file__.endswith(".py") else "compiled with mypyc"


def pin_to_one_core() -> str:
    try:
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    except (AttributeError, OSError):  # not Linux
        return "single process (not pinned)"


def profile(seconds: float, seed: int, turn_cap: int) -> None:
    try:
        from pyinstrument import Profiler
    except ImportError:
        sys.exit("--profile needs pyinstrument (pip install pyinstrument)")
    profiler = Profiler(interval=0.0005)
    profiler.start()
    result = Playouts()
    random_playouts(seconds, seed, turn_cap, result)
    profiler.stop()
    print(f"profiled {result.games} random playouts, {result.decisions:,} decisions")
    print(profiler.output_text(unicode=True, color=False, show_all=False))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--seed", type=int, default=1, help="seed for the games played")
    parser.add_argument("--turn-cap", type=int, default=500, help="stop random games here")
    parser.add_argument("--profile", action="store_true", help="profile random playouts")
    parser.add_argument("--pin", action="store_true", help="pin the process to one CPU")
    args = parser.parse_args(argv)

    pinned = pin_to_one_core() if args.pin else "one thread"
    if args.profile:
        profile(args.seconds, args.seed, args.turn_cap)
        return
    print(
        f"Star Realms engine speed — Python {sys.version.split()[0]}, {build()}, {pinned}, "
        f"~{args.seconds:g} s per measurement, turn cap {args.turn_cap}"
    )
    rnd, ratio = random_against_baseline(args.seconds, args.seed, args.turn_cap)
    mean_legal = rnd.legal_sizes / max(rnd.decisions, 1)
    engine_per = rnd.seconds / rnd.decisions
    base_per = engine_per / ratio
    gvg = bot_playouts(args.seconds, args.seed, args.turn_cap, ("greedy", "greedy"))
    positions = sample_positions(200, args.seed)
    rows = rnd.row("random playouts")
    rows += [
        ("", f"{mean_legal:.1f}", "legal actions per decision (mean)"),
        ("", f"{engine_per * 1e6:.2f}", "µs per decision (legal_actions + apply)"),
        ("baseline loop", f"{base_per * 1e9:.0f}", "ns per step (random pick + dict lookups)"),
        ("", f"{ratio:.1f} ×", "engine decision / baseline step (median of pairs)"),
    ]
    rows += gvg.row("greedy vs greedy")
    rows += [
        ("state operations", f"{per_second(args.seconds / 2, positions, _clone):,.0f}", "clone/s"),
        ("", f"{per_second(args.seconds / 2, positions, _export):,.0f}", "export/s"),
        ("", f"{per_second(args.seconds / 2, positions, _view):,.0f}", "view/s"),
        ("", f"{per_second(args.seconds / 2, _docs(positions), GAME.load):,.0f}", "load/s"),
    ]
    print_table(rows)


def _clone(state: StarRealmsState) -> object:
    return state.clone()


def _export(state: StarRealmsState) -> object:
    return state.export()


def _view(state: StarRealmsState) -> object:
    return state.view(state.current)


def _docs(positions: list[StarRealmsState]) -> list[dict[str, object]]:
    return [s.export() for s in positions]


if __name__ == "__main__":
    main()
