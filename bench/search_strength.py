"""How strong is search? Matches between bots at a given time budget, one core.

    .venv/bin/python bench/search_strength.py                           # both matches
    .venv/bin/python bench/search_strength.py --games 40 --budget 0.2   # a quick look
    .venv/bin/python bench/search_strength.py --match flat-vs-ismcts --games 400 --budget 1
    .venv/bin/python bench/search_strength.py --game splendor-duel --match hard-vs-strong \
        --games 400                                                     # Splendor Duel

``--game`` picks the game (default ``star-realms``; any registered two-player game).

Matches (``--match``, repeatable; default: all):

* ``hard-vs-strong``: the ``hard`` level (at ``--budget`` seconds per decision) against the
  strong heuristic bot (``strong`` if registered, else ``medium``, else ``greedy``);
* ``flat-vs-ismcts``: flat Monte Carlo against ISMCTS, same budget, same playout policy,
  same evaluator and horizon;
* ``hard-vs-greedy``: ``hard`` against the one-turn greedy heuristic;
* ``throughput``: ``hard`` decides, at ``--budget``, ``--games`` positions taken from games
  of the strong bot against itself (real decisions only); no match is played.

Games come in pairs: each deal (seed) is played twice with the seats swapped, so neither bot
profits from the first move or from a lucky shuffle. Games still running after ``--max-turns``
turns count half a win each. Win rates carry Wilson 95 % intervals.

Throughput is measured on the searched decisions of the first bot of every match: iterations
(determinization + playout) per decision, and per second of search.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import rumizi
from rumizi.bots import make, names
from rumizi.bots.base import Bot
from rumizi.bots.levels import HARD_HORIZON
from rumizi.bots.search import SearchBot, strategy_for
from rumizi.bots.strategies import register_strategy
from rumizi.core.contract import Game

GAME: Game = rumizi.game("star-realms")  # --game replaces it

BotMaker = Callable[[int], Bot]


def _compiled() -> bool:
    """Whether the game's engine runs from the compiled build."""
    module = sys.modules.get(type(GAME.new(seed=0)).__module__)
    return module is not None and not str(getattr(module, "__file__", "")).endswith(".py")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a win rate (draws counted as half a win)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denom = 1 + z * z / n
    return (centre - spread) / denom, (centre + spread) / denom


@dataclass
class Tally:
    games: int = 0
    points: float = 0.0
    turns: int = 0
    capped: int = 0
    searches: int = 0
    iterations: int = 0
    steps: int = 0
    search_seconds: float = 0.0
    wall: float = 0.0
    per_seat: list[float] = field(default_factory=lambda: [0.0, 0.0])


def turn_of(state: object) -> int:
    """How far the game has come: its turn, or its round where it counts rounds (War of the
    Ring), so that the turn cap and the turns per game mean something for every game."""
    return int(getattr(state, "turn", getattr(state, "round", 0)))


def play(seed: int, bots: list[Bot], max_turns: int, tally: Tally, watch: int) -> float:
    """One game; returns the points of seat ``watch`` (search stats counted for it too)."""
    state = GAME.new(seed=seed)
    watched = bots[watch]
    while not state.over and turn_of(state) <= max_turns:
        me = state.to_act
        assert me is not None
        bot = bots[me]
        action = bot.choose(state.view(me), state.legal_actions())
        if bot is watched and isinstance(bot, SearchBot) and bot.stats.searched:
            tally.searches += 1
            tally.iterations += bot.stats.iterations
            tally.steps += bot.stats.playout_steps
            tally.search_seconds += bot.stats.seconds
        state.apply(action)
    tally.turns += turn_of(state)
    if not state.over:
        tally.capped += 1
        return 0.5
    return 1.0 if state.winner == watch else 0.0


def match(
    label: str, first: BotMaker, second: BotMaker, games: int, seed: int, max_turns: int
) -> Tally:
    tally = Tally()
    start = time.perf_counter()
    for g in range(games):
        deal = seed + g // 2
        seat = g % 2  # the seat of the first bot
        a, b = first(seed * 1000 + g), second(seed * 1000 + g + 500)
        bots = [a, b] if seat == 0 else [b, a]
        points = play(deal, bots, max_turns, tally, seat)
        tally.games += 1
        tally.points += points
        tally.per_seat[seat] += points
        if (g + 1) % 2 == 0 or g + 1 == games:
            lo, hi = wilson(tally.points, tally.games)
            print(
                f"  {label}: {g + 1}/{games} games, first bot {tally.points:g} points "
                f"({tally.points / tally.games:.3f}, [{lo:.3f}, {hi:.3f}]), "
                f"{time.perf_counter() - start:.0f} s; {tally.searches / tally.games:.1f} "
                f"searches per game, {tally.search_seconds / max(tally.searches, 1):.3f} s each",
                file=sys.stderr,
                flush=True,
            )
    tally.wall = time.perf_counter() - start
    return tally


def report(label: str, first: str, second: str, t: Tally) -> None:
    lo, hi = wilson(t.points, t.games)
    print(f"{label}: {first} vs {second}")
    print(
        f"  {first} scored {t.points:g}/{t.games} = {t.points / max(t.games, 1):.3f} "
        f"(Wilson 95 % [{lo:.3f}, {hi:.3f}]); as first seat {t.per_seat[0]:g}, "
        f"as second seat {t.per_seat[1]:g}"
    )
    print(
        f"  {t.turns / max(t.games, 1):.1f} turns per game, {t.capped} games hit the turn cap, "
        f"{t.wall:.0f} s"
    )
    if t.searches:
        print(
            f"  {first}: {t.searches / t.games:.1f} searched decisions per game, "
            f"{t.iterations / t.searches:.1f} iterations per decision in "
            f"{t.search_seconds / t.searches:.3f} s, "
            f"{t.iterations / t.search_seconds:.0f} iterations/s, "
            f"{t.steps / t.search_seconds:.0f} playout decisions/s"
        )


def throughput(hard: BotMaker, strong: str, positions: int, seed: int) -> None:
    """Search speed of ``hard`` on real decisions from strong-vs-strong games."""
    searched = iterations = steps = 0
    seconds = 0.0
    game_seed = seed
    while searched < positions:
        state = GAME.new(seed=game_seed)
        game_seed += 1
        players = [make(strong, seed=game_seed), make(strong, seed=game_seed + 1)]
        while not state.over and searched < positions:
            me = state.to_act
            assert me is not None
            view, legal = state.view(me), state.legal_actions()
            if turn_of(state) % 3 == 0:  # a spread of positions over the game
                bot = hard(game_seed)
                bot.choose(view, legal)
                if isinstance(bot, SearchBot) and bot.stats.searched:
                    searched += 1
                    iterations += bot.stats.iterations
                    steps += bot.stats.playout_steps
                    seconds += bot.stats.seconds
            state.apply(players[me].choose(view, legal))
    print(f"throughput: hard on {searched} decisions")
    print(
        f"  {iterations / searched:.1f} iterations (playouts) per decision in "
        f"{seconds / searched:.3f} s: {iterations / seconds:.0f} playouts/s, "
        f"{steps / seconds:.0f} playout decisions/s, {steps / iterations:.0f} decisions per playout"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per match (even)")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per decision")
    parser.add_argument(
        "--iterations",
        type=int,
        default=None,
        help="playouts per decision instead of a time budget (reproducible, load-proof)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default="star-realms", help="the game (a registry id)")
    parser.add_argument(
        "--no-shortlist",
        action="store_true",
        help="race every legal move, not the game's search_candidates (for comparison)",
    )
    parser.add_argument(
        "--horizon",
        type=int,
        default=HARD_HORIZON,
        help="playout turns before the evaluator scores them (default: to the end)",
    )
    parser.add_argument("--max-turns", type=int, default=120)
    parser.add_argument(
        "--match",
        action="append",
        choices=["hard-vs-strong", "flat-vs-ismcts", "hard-vs-greedy", "throughput"],
        help="which matches to run (repeatable; default: hard-vs-strong and flat-vs-ismcts)",
    )
    args = parser.parse_args(argv)
    global GAME
    GAME = rumizi.game(args.game)
    matches = args.match or ["hard-vs-strong", "flat-vs-ismcts"]
    budget, horizon = args.budget, args.horizon
    strategy = strategy_for(GAME)
    if args.no_shortlist:
        strategy = dataclasses.replace(strategy, candidates=None)
        register_strategy(GAME.id, strategy)
    known = names()
    strong = next(n for n in ("strong", "medium", "greedy") if n in known)
    print(
        f"budget {budget if args.iterations is None else f'{args.iterations} playouts'}"
        f" per decision, horizon {horizon} turns, playout policy from "
        f"{strategy.source!r}, evaluator {'yes' if strategy.evaluate else 'no'}, "
        f"{args.games} games per match, seed {args.seed}, game {GAME.id}, "
        f"shortlist {'yes' if strategy.candidates else 'no'}, "
        f"{'compiled' if _compiled() else 'pure Python'}"
    )

    limits: dict[str, object] = (
        {"budget": budget} if args.iterations is None else {"iterations": args.iterations}
    )

    def hard(s: int) -> Bot:
        return make("hard", seed=s, horizon=horizon, **limits)

    for m in matches:
        if m == "throughput":
            throughput(hard, strong, args.games, args.seed)
        elif m == "hard-vs-strong":
            t = match(
                m, hard, lambda s: make(strong, seed=s), args.games, args.seed, args.max_turns
            )
            report(m, "hard", strong, t)
        elif m == "hard-vs-greedy":
            t = match(
                m, hard, lambda s: make("greedy", seed=s), args.games, args.seed, args.max_turns
            )
            report(m, "hard", "greedy", t)
        else:
            t = match(
                m,
                lambda s: make("flat-mc", seed=s, horizon=horizon, **limits),
                lambda s: make("ismcts", seed=s, horizon=horizon, **limits),
                args.games,
                args.seed,
                args.max_turns,
            )
            report(m, "flat-mc", "ismcts", t)


if __name__ == "__main__":
    main()
