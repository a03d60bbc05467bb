"""What a game's analysis costs and how much of it is noise: the analysis as it is, against
the one before it (issue 33), on the same games in the same run.

    .venv/bin/python bench/analysis_honesty.py --pin                 # every game, ~20 min
    .venv/bin/python bench/analysis_honesty.py --game war-of-the-ring --decisions 20

For each game, one game of the ``strong`` bot against itself (seed ``--seed``, the game's
default options) is analysed for every seat, decision by decision as the server's workers
do, twice:

* **before** — the analysis as it was until issue 33, kept here as it stood
  (:func:`legacy_decision`): every candidate in every world, the best one picked and
  scored on the same worlds, the mean and sample standard error, marked at two standard
  errors, with the server's old settings (24 worlds, at most 0.5 s a decision);
* **now** — :func:`rumizi.analysis.analyse_decision` with the server's settings
  (:data:`rumizi.server.analyses.WORLDS` and ``SECONDS``).

Printed per game and version: the seconds of the whole analysis (one core with ``--pin``);
the judged worlds per decision (median); the marks; the blunders among the first two
decisions; how many estimates read "± 0" though not certain; and the curve's average step,
the mean of |chance - previous chance| between a seat's consecutive decisions, averaged
over the seats. Noise alone makes that step about 1.13 standard errors (the mean absolute
difference of two independent estimates), so it is printed beside the mean standard error.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rumizi.analysis import analyse_decision, seat_seed
from rumizi.bots import make
from rumizi.bots.search import action_key, playout
from rumizi.bots.strategies import Strategy, strategy_for
from rumizi.core.contract import Action, Game, GameState
from rumizi.core.errors import IllegalAction
from rumizi.core.record import GameRecord
from rumizi.core.registry import game as registered_game
from rumizi.server import analyses

GAMES = ("star-realms", "splendor-duel", "fantasy-realms", "war-of-the-ring")
OLD_WORLDS, OLD_SECONDS = 24, 0.5  # the server's settings before issue 33


def strong_game(game_id: str, seed: int) -> GameRecord:
    """The ``strong`` bot in every seat, the game's default options."""
    record = GameRecord(game_id, seed=seed)
    state = record.start()
    players = [make("strong", seed=seed + 1 + i) for i in range(state.num_players)]
    while not state.over:
        me = state.to_act
        assert me is not None
        action = players[me].choose(state.view(me), state.legal_actions())
        state.apply(action)
        record.actions.append(action)
    return record


@dataclass
class Judged:
    """What this bench reads of a judged decision, whichever version judged it."""

    ply: int
    seat: int
    chance: float | None
    se: float
    worlds: int
    exact: bool
    mark: str | None


# ---------------------------------------------------------------------- the analysis before


def legacy_decision(
    state: GameState, action: Action, worlds: int, seconds: float, seed: int
) -> tuple[float, float, int, str | None] | None:
    """The decision as the analysis judged it before issue 33: (before's mean, its standard
    error, worlds, mark), ``None`` for a decision it did not search (forced, obvious)."""
    seat = state.to_act
    assert seat is not None
    legal = state.legal_actions()
    if len(legal) == 1:
        return None
    game_obj: Game = type(state).game()
    plays = strategy_for(game_obj)
    view = state.view(seat)
    rng = random.Random(seed)
    if plays.obvious_action is not None:
        hint = plays.obvious_action(game_obj.sample(view, rng.getrandbits(64)))
        if hint is not None and hint == action:
            return None
    candidates: list[Action] = []
    seen: dict[Any, int] = {}
    for move in legal:
        key = action_key(move)
        if key not in seen:
            seen[key] = len(candidates)
            candidates.append(move)
    played = seen[action_key(action)]
    deadline = time.perf_counter() + seconds
    if len(candidates) > 8 and plays.evaluate is not None:
        candidates, played = _legacy_shortlist(game_obj, plays, view, candidates, played, rng)
    base: list[float] = []
    scores: list[list[float]] = [[] for _ in candidates]
    tries = 0
    while len(base) < worlds and tries < 4 * worlds:
        if len(base) >= 2 and time.perf_counter() >= deadline:
            break
        tries += 1
        world = game_obj.sample(view, rng.getrandbits(64))
        luck = rng.getrandbits(64)
        try:
            row = []
            for move in candidates:
                twin = world.clone()
                twin.apply(move)
                row.append(playout(twin, plays, random.Random(luck))[0][seat])
        except IllegalAction:
            continue
        base.append(playout(world, plays, random.Random(luck))[0][seat])
        for i, value in enumerate(row):
            scores[i].append(value)
    means = [sum(s) / len(s) for s in scores]
    best = max(range(len(candidates)), key=lambda i: (means[i], i == played))
    mark = None
    if best != played:
        gap = [b - p for b, p in zip(scores[best], scores[played], strict=True)]
        drop, drop_se = _mean_se(gap)
        if drop > 2.0 * drop_se:
            mark = next(
                (m for m, at in (("blunder", 0.2), ("mistake", 0.1), ("inaccuracy", 0.05))
                 if drop >= at),
                None,
            )  # fmt: skip
    mean, se = _mean_se(base)
    return mean, se, len(base), mark


def _mean_se(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.5
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def _legacy_shortlist(
    game_obj: Game,
    plays: Strategy,
    view: dict[str, Any],
    candidates: list[Action],
    played: int,
    rng: random.Random,
) -> tuple[list[Action], int]:
    totals = [0.0] * len(candidates)
    policy_move: Any = None
    for _ in range(6):
        world = game_obj.sample(view, rng.getrandbits(64))
        seat = world.to_act
        assert seat is not None
        luck = rng.getrandbits(64)
        if policy_move is None:
            policy_move = action_key(plays.playout_action(world.clone(), random.Random(luck)))
        for i, move in enumerate(candidates):
            twin = world.clone()
            try:
                twin.apply(move)
            except IllegalAction:
                continue
            totals[i] += playout(twin, plays, random.Random(luck), 2)[0][seat]
    ranked = sorted(range(len(candidates)), key=lambda i: -totals[i])
    keep = set(ranked[:8]) | {played}
    keep |= {i for i, move in enumerate(candidates) if action_key(move) == policy_move}
    kept = sorted(keep)
    return [candidates[i] for i in kept], kept.index(played)


# ---------------------------------------------------------------------- both, measured


def before_now(state: GameState, action: Action, ply: int, seed: int) -> Judged | None:
    found = legacy_decision(state, action, OLD_WORLDS, OLD_SECONDS, seed * 7919 + ply)
    if found is None:
        return None
    mean, se, worlds, mark = found
    assert state.to_act is not None
    return Judged(ply, state.to_act, mean, se, worlds, False, mark)


def as_now(state: GameState, action: Action, ply: int, seed: int) -> Judged | None:
    assert state.to_act is not None
    d = analyse_decision(
        state, action, ply=ply, worlds=analyses.WORLDS, seconds=analyses.SECONDS,
        seed=seat_seed(seed, state.to_act),
    )  # fmt: skip
    if d.before is None or d.after is None:
        return None
    return Judged(ply, d.seat, d.before.mean, d.before.se, d.before.worlds, d.after.exact, d.mark)


Judge = Callable[[GameState, Action, int, int], Judged | None]


def run(record: GameRecord, judge: Judge, decisions: int | None, seed: int) -> None:
    found: list[Judged] = []
    start = time.perf_counter()
    state = record.start()
    done = 0
    for ply, action in enumerate(record.actions):
        if decisions is not None and done >= decisions:
            break
        if state.to_act is not None:
            judged = judge(state, action, ply, seed)
            done += 1
            if judged is not None:
                found.append(judged)
        state.apply(action)
    took = time.perf_counter() - start
    steps, ses = [], []
    for seat in sorted({j.seat for j in found}):
        curve = [j for j in found if j.seat == seat and j.chance is not None]
        ses += [j.se for j in curve]
        steps += [
            abs(b.chance - a.chance)  # type: ignore[operator]
            for a, b in itertools.pairwise(curve)
        ]
    first_two = sorted({j.ply for j in found})[:2]
    marks = {m: sum(1 for j in found if j.mark == m) for m in ("inaccuracy", "mistake", "blunder")}
    early = sum(1 for j in found if j.ply in first_two and j.mark == "blunder")
    zero = sum(1 for j in found if j.se < 0.005 and not j.exact)
    worlds = statistics.median(j.worlds for j in found) if found else 0
    print(
        f"    {took:7.1f} s for {done} decisions ({len(found)} judged, median {worlds:.0f} "
        f"worlds); marks i/m/b {marks['inaccuracy']}/{marks['mistake']}/{marks['blunder']}, "
        f"blunders in the first two {early}; '± 0' {zero}"
    )
    marked = [f"{j.ply + 1}:{j.mark}" for j in found if j.mark]
    if marked:
        print(f"    marked moves: {', '.join(marked)}")
    if steps:
        print(
            f"    curve: average step {statistics.fmean(steps):.3f} (largest {max(steps):.2f}), "
            f"mean standard error {statistics.fmean(ses):.3f} -> noise alone "
            f"{1.13 * statistics.fmean(ses):.3f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="default: every game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decisions", type=int, default=None, help="only the first N")
    parser.add_argument("--pin", action="store_true", help="pin to one CPU (Linux)")
    args = parser.parse_args()
    if args.pin and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    print(
        f"before: {OLD_WORLDS} worlds, {OLD_SECONDS} s a decision; now: {analyses.WORLDS} "
        f"worlds, {analyses.SECONDS} s a decision"
    )
    for game_id in args.game or GAMES:
        record = strong_game(game_id, args.seed)
        players = record.start().num_players
        print(
            f"{registered_game(game_id).names['en']}: {len(record.actions)} moves, {players} seats"
        )
        for name, judge in (("before", before_now), ("now", as_now)):
            print(f"  {name}")
            run(record, judge, args.decisions, args.seed)


if __name__ == "__main__":
    main()
