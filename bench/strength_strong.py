"""How strong and how fast is the ``strong`` Star Realms bot?

    .venv/bin/python bench/strength_strong.py                   # 200 games a match
    .venv/bin/python bench/strength_strong.py --games 1000 --seed 7
    .venv/bin/python bench/strength_strong.py --skip-matches    # playout speed only

Matches: the ``strong`` bot against ``greedy`` and against ``random``, through the bots'
public interface (each bot sees only its view; ``strong`` plays its heuristic on a state
sampled from the view). Game ``i`` uses seed ``--seed + i`` and the seats alternate, so
``strong`` moves first in half the games. Printed: wins, win rate with a 95 % Wilson
interval, and the mean length in turns (both players' turns counted).

Playout speed: whole games of strong against strong on ``clone()``d states, each decision
one ``playout_action`` and one ``apply`` — what a search bot's playouts cost. The same
games are then replayed from their recorded actions (``apply`` only), which splits the time
between the engine and the heuristic. CPU time is measured, in alternating chunks, so that a
busy machine slows both alike.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable

from rumizi.bots import make
from rumizi.bots.base import Bot
from rumizi.core.contract import Action
from rumizi.games.star_realms import GAME, StarRealmsState
from rumizi.games.star_realms.strategy import playout_action

TURN_CAP = 400


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(seed: int, bots: list[Bot]) -> StarRealmsState:
    """One game between ``bots`` (in seat order), each deciding from its own view."""
    state = GAME.new(seed=seed)
    while not state.over and state.turn <= TURN_CAP:
        me = state.current
        state.apply(bots[me].choose(state.view(me), state.legal_actions()))
    return state


def match(opponent: str, games: int, seed: int) -> None:
    wins = turns = unfinished = 0
    start = time.perf_counter()
    for i in range(games):
        strong = make("strong", seed=seed + i)
        other = make(opponent, seed=seed + i + 1_000_000)
        seat = i % 2
        bots = [strong, other] if seat == 0 else [other, strong]
        state = play(seed + i, bots)
        wins += state.winner == seat
        unfinished += not state.over
        turns += state.turn
    low, high = wilson(wins, games)
    seconds = time.perf_counter() - start
    print(
        f"strong vs {opponent:<7} {wins:>5}/{games} won  {100 * wins / games:5.1f} %  "
        f"95 % CI [{100 * low:.1f}, {100 * high:.1f}]  "
        f"mean length {turns / games:.1f} turns  ({seconds:.0f} s"
        + (f", {unfinished} unfinished)" if unfinished else ")")
    )


def record_games(starts: list[StarRealmsState]) -> list[list[Action]]:
    rng = random.Random(0)
    out = []
    for start in starts:
        state = start.clone()
        actions = []
        while not state.over and state.turn <= TURN_CAP:
            action = playout_action(state, rng)
            actions.append(action)
            state.apply(action)
        out.append(actions)
    return out


def speed(games: int, seed: int) -> None:
    starts = [GAME.new(seed=seed + i) for i in range(games)]
    recorded = record_games(starts)
    decisions = sum(map(len, recorded))

    def playouts(lo: int, hi: int) -> None:
        rng = random.Random(1)
        for start in starts[lo:hi]:
            state = start.clone()
            while not state.over and state.turn <= TURN_CAP:
                state.apply(playout_action(state, rng))

    def replays(lo: int, hi: int) -> None:
        for start, actions in zip(starts[lo:hi], recorded[lo:hi], strict=True):
            state = start.clone()
            for action in actions:
                state.apply(action)

    timed: dict[str, float] = {"playout": 0.0, "replay": 0.0}
    runs: dict[str, Callable[[int, int], None]] = {"playout": playouts, "replay": replays}
    chunk = 20
    for lo in range(0, games, chunk):
        for name, run in runs.items():
            t = time.process_time()
            run(lo, min(games, lo + chunk))
            timed[name] += time.process_time() - t
    total, engine = timed["playout"], timed["replay"]
    print(
        f"strong playouts   {games / total:7.1f} games/s  {decisions / total:9,.0f} decisions/s  "
        f"({decisions / games:.0f} decisions, "
        f"{sum(len(a) for a in recorded) and _mean_turns(starts, recorded):.1f} turns a game)"
    )
    print(
        f"  of which engine {100 * engine / total:5.1f} %  ({1e6 * engine / decisions:.1f} µs a "
        f"decision: apply + clone), heuristic {100 * (total - engine) / total:.1f} % "
        f"({1e6 * (total - engine) / decisions:.1f} µs a decision)"
    )
    print(
        f"  replay alone    {games / engine:7.1f} games/s  (the engine's ceiling for these games)"
    )


def _mean_turns(starts: list[StarRealmsState], recorded: list[list[Action]]) -> float:
    turns = 0
    for start, actions in zip(starts, recorded, strict=True):
        state = start.clone()
        for action in actions:
            state.apply(action)
        turns += state.turn
    return turns / len(starts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per match")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--speed-games", type=int, default=200, help="games for the speed test")
    parser.add_argument("--skip-matches", action="store_true", help="measure speed only")
    parser.add_argument("--skip-speed", action="store_true", help="play the matches only")
    args = parser.parse_args()
    if not args.skip_matches:
        for opponent in ("greedy", "random"):
            match(opponent, args.games, args.seed)
    if not args.skip_speed:
        speed(args.speed_games, args.seed)


if __name__ == "__main__":
    main()
