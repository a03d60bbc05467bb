"""Where do ``hard``'s War of the Ring decisions go? A profile of its search against ``strong``.

    .venv/bin/python bench/wotr_search_profile.py --games 4 --iterations 400
    .venv/bin/python bench/wotr_search_profile.py --games 4 --iterations 400 --no-shortlist

Plays ``hard`` (at ``--iterations`` playouts per decision, or ``--budget`` seconds) against
``strong``, seats swapped per deal, and prints, over ``hard``'s searched decisions: how many
legal moves they offer and how many the race starts with (kind of decision: planning step or
an open choice), the playouts per decision and per second, how often ``hard`` leaves the
policy's own move, and — checked afterwards on ``--check`` fresh worlds, both moves played
on the same luck — whether those departures gain (mean payoff difference with its standard
error, judged from the acting player's view, never the real hidden cards).
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import json
import math
import random
import sys
import time

import rumizi
from rumizi.bots import make
from rumizi.bots.search import SearchBot, playout, strategy_for
from rumizi.bots.strategies import register_strategy
from rumizi.core.contract import Action, GameState
from rumizi.games.war_of_the_ring import WarOfTheRingState
from rumizi.games.war_of_the_ring.search_hints import scored_moves

GAME = rumizi.game("war-of-the-ring")


def check_gain(state: GameState, chosen: Action, default: Action, worlds: int, seed: int) -> float:
    """Mean payoff of ``chosen`` minus ``default`` for the actor, on shared sampled worlds."""
    strategy = strategy_for(GAME)
    me = state.to_act
    assert me is not None
    view = state.view(me)
    rng = random.Random(seed)
    total = 0.0
    for _ in range(worlds):
        world = GAME.sample(view, rng.getrandbits(64))
        luck = rng.getrandbits(64)
        pay = []
        for action in (chosen, default):
            trial = world.clone()
            trial.apply(action)
            pay.append(playout(trial, strategy, random.Random(luck))[0][me])
        total += pay[0] - pay[1]
    return total / worlds


def positions(count: int, seed: int) -> list[GameState]:
    """Real decisions (more than one legal move) spread over strong-vs-strong games."""
    found: list[GameState] = []
    deal = seed
    while len(found) < count:
        state = GAME.new(seed=deal)
        rng = random.Random(deal)
        deal += 1
        step = 0
        while not state.over and len(found) < count:
            if len(state.legal_actions()) > 1:
                step += 1
                if step % 3 == 0:
                    found.append(state.clone())
            state.apply(strategy_for(GAME).playout_action(state, rng))
    return found


def quality(args: argparse.Namespace) -> None:
    """Hard with and without the hints on the same positions: the re-checked gain of each
    one's choice over the policy's move, on the same ``--check`` worlds (paired).

    Variants: ``hints`` (the game's shortlist and obvious moves), ``plain`` (every move
    raced, every decision searched), ``obvious`` (the obvious moves only) and ``wide``
    (obvious moves and a shortlist of ``--wide`` moves).
    """
    hinted = strategy_for(GAME)
    plain = dataclasses.replace(hinted, candidates=None, obvious_action=None)
    obvious = dataclasses.replace(hinted, candidates=None)

    def wide_list(state: GameState, legal: list[Action]) -> list[int] | None:
        if not isinstance(state, WarOfTheRingState):
            return None
        index = {json.dumps(a, sort_keys=True): i for i, a in enumerate(legal)}
        picked = [index[json.dumps(a, sort_keys=True)] for _, a in scored_moves(state)]
        return picked[: args.wide] or None

    wide = dataclasses.replace(hinted, candidates=wide_list)
    variants = {"hints": hinted, "plain": plain, "obvious": obvious, "wide": wide}
    chosen = {name: variants[name] for name in args.variants.split(",")}
    limits = {"iterations": args.iterations} if args.iterations else {"budget": args.budget}
    gains: dict[str, list[float]] = {name: [] for name in chosen}
    moved = collections.Counter[str]()
    start = time.perf_counter()
    for n, state in enumerate(positions(args.positions, args.seed)):
        me = state.to_act
        assert me is not None
        view, legal = state.view(me), state.legal_actions()
        default = hinted.playout_action(state.clone(), random.Random(0))
        for label, strategy in chosen.items():
            bot = make("hard", seed=n, strategy=strategy, **limits)
            choice = bot.choose(view, legal)
            gain = 0.0
            if choice != default:
                moved[label] += 1
                gain = check_gain(state, choice, default, args.check, 7919 * n)
            gains[label].append(gain)
    count = args.positions
    print(f"{count} positions, re-checked on {args.check} worlds, {time.perf_counter() - start:.0f} s")
    for label, values in gains.items():
        mean = sum(values) / count
        print(f"  {label}: left the policy's move {moved[label]} times, mean gain {mean:+.4f}")
    names = list(gains)
    for other in names[1:]:
        diffs = [a - b for a, b in zip(gains[names[0]], gains[other], strict=True)]
        mean = sum(diffs) / count
        var = sum((x - mean) ** 2 for x in diffs) / max(count - 1, 1)
        print(
            f"  {names[0]} minus {other}: {mean:+.4f} per decision "
            f"(se {math.sqrt(var / count):.4f})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", type=int, default=0, help="worlds to judge each departure")
    parser.add_argument("--no-shortlist", action="store_true")
    parser.add_argument(
        "--positions",
        type=int,
        default=0,
        help="instead of games: compare hard with and without the hints on this many positions",
    )
    parser.add_argument("--variants", default="hints,plain", help="for --positions")
    parser.add_argument("--wide", type=int, default=8, help="the wide variant's shortlist")
    args = parser.parse_args()
    if args.positions:
        quality(args)
        return
    strategy = strategy_for(GAME)
    if args.no_shortlist:
        strategy = dataclasses.replace(strategy, candidates=None)
        register_strategy(GAME.id, strategy)
    limits = {"iterations": args.iterations} if args.iterations else {"budget": args.budget}
    sizes: collections.Counter[str] = collections.Counter()
    raced: collections.Counter[str] = collections.Counter()
    kinds: collections.Counter[str] = collections.Counter()
    departures: collections.Counter[str] = collections.Counter()
    gains: list[float] = []
    searched = iterations = 0
    seconds = 0.0
    wins = 0
    wins_departed = games_departed = 0
    start = time.perf_counter()
    for g in range(args.games):
        deal, seat = args.seed + g // 2, g % 2
        hard = make("hard", seed=1000 + g, **limits)
        assert isinstance(hard, SearchBot)
        bots = [hard, make("strong", seed=2000 + g)]
        if seat:
            bots.reverse()
        state = GAME.new(seed=deal)
        departed = 0
        while not state.over and getattr(state, "turn", 0) <= 120:
            me = state.to_act
            assert me is not None
            legal = state.legal_actions()
            action = bots[me].choose(state.view(me), legal)
            if me == seat and hard.stats.searched:
                kind = state.pending_name or "planning"  # type: ignore[attr-defined]
                searched += 1
                iterations += hard.stats.iterations
                seconds += hard.stats.seconds
                kinds[kind] += 1
                sizes[kind] += len(legal)
                raced[kind] += len(hard.stats.values) if hard.stats.values else 0
                default = strategy.playout_action(state.clone(), random.Random(0))
                if action != default:
                    departed += 1
                    departures[kind] += 1
                    if args.check:
                        gains.append(check_gain(state, action, default, args.check, searched))
            state.apply(action)
        won = state.winner == seat
        wins += won
        if departed:
            games_departed += 1
            wins_departed += won
        print(
            f"game {g + 1}: hard {'won' if won else 'lost'} as seat {seat}, "
            f"{departed} departures, {time.perf_counter() - start:.0f} s",
            file=sys.stderr,
            flush=True,
        )
    print(f"hard won {wins}/{args.games}; {searched} searched decisions")
    print(
        f"  {iterations / max(searched, 1):.0f} playouts per decision, "
        f"{iterations / max(seconds, 1e-9):.0f} playouts/s, {seconds / max(searched, 1):.2f} s each"
    )
    for kind, n in kinds.most_common():
        print(
            f"  {kind}: {n} decisions, {sizes[kind] / n:.1f} legal moves, "
            f"{raced[kind] / n:.1f} still in the race at the end, "
            f"{departures[kind]} departures from the policy's move"
        )
    print(f"  games with a departure: {games_departed}, hard won {wins_departed} of them")
    if gains:
        mean = sum(gains) / len(gains)
        var = sum((x - mean) ** 2 for x in gains) / max(len(gains) - 1, 1)
        better = sum(x > 0 for x in gains)
        print(
            f"  departures re-checked on {args.check} worlds each: mean gain {mean:+.3f} "
            f"(se {math.sqrt(var / len(gains)):.3f}), {better}/{len(gains)} positive"
        )


if __name__ == "__main__":
    main()
