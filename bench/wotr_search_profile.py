"""Where do ``hard``'s War of the Ring decisions go, and would a shortlist help it?

    .venv/bin/python bench/wotr_search_profile.py --games 4 --iterations 400 --check 100
    .venv/bin/python bench/wotr_search_profile.py --games 4 --iterations 400 --variant narrow
    .venv/bin/python bench/wotr_search_profile.py --positions 150 --iterations 400 \\
        --check 200 --variants plain,narrow,wide,obvious

With ``--games``: plays ``hard`` (``--iterations`` playouts per decision, or ``--budget``
seconds) against ``strong``, seats swapped per deal, and prints, over ``hard``'s searched
decisions: the legal moves they offer and the moves still in the race at the end, per kind of
decision (a planning step or an open choice); the playouts per decision and per second; how
often ``hard`` leaves the policy's own move; and, with ``--check``, whether those departures
gain: each is played again against the policy's move on ``--check`` fresh worlds sampled from
the acting player's view (both moves on the same luck), an estimate independent of the search
that chose it.

With ``--positions``: the decisions of ``--variants`` of ``hard`` on the same positions (every
third real decision of strong-vs-strong games), each choice's gain over the policy's move
re-checked on the same worlds for every variant, and the paired differences. The variants:

* ``plain``: ``hard`` as the game registers it — every legal move raced, every decision
  searched;
* ``narrow`` and ``wide``: the race only on the ``--narrow`` (``--wide``) planning moves the
  strong policy's own scores rank highest (:func:`scored_moves`; the search adds the policy's
  move, which heads that list anyway), and a flank's activation made without search;
* ``obvious``: only the flank's activation made without search.

Measured (compiled build, 400 playouts per decision, re-checked on 200 worlds, a loaded
two-core machine): on 150 positions the plain race left the policy's move 102 times for a
mean gain of +0.044 win chance per decision; the narrow shortlist (4) 77 times for +0.032
(paired difference -0.012, se 0.006: worse); the wide one (8) +0.043 (-0.001, se 0.005) and
the obvious activation alone +0.040 (-0.004, se 0.005): no gain. So War of the Ring registers
no search hints. In games (``bench/search_strength.py --game war-of-the-ring --match
hard-vs-strong --games 16 --iterations 400``, seats swapped) ``hard`` won 12 of 16 racing
every move (Wilson 95 % [0.51, 0.90]) and 10 of 16 with the narrow shortlist ([0.39, 0.82]);
racing every move again on the next eight deals (``--seed 9``), 11 of 16: 23 of 32 in all
(0.72, [0.55, 0.84]) — ``hard`` as it is already beats ``strong``.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import math
import random
import sys
import time
from collections.abc import Callable

import rumizi
from rumizi.bots import make
from rumizi.bots.search import SearchBot, Strategy, action_key, playout, strategy_for
from rumizi.core.contract import Action, GameState
from rumizi.games.war_of_the_ring import WarOfTheRingState
from rumizi.games.war_of_the_ring.cards import COMBAT, COST
from rumizi.games.war_of_the_ring.engine import (
    ACTIVATE,
    EVENT_ACTIONS,
    P_FLANK,
    P_NONE,
    PASS,
    PER_ZONE,
    PLACE_ACTIONS,
)
from rumizi.games.war_of_the_ring.strategy import (
    KEEP,
    MEAN,
    PLACE_MIN,
    _pay_cost,
    _Reading,
    event_worth,
)

GAME = rumizi.game("war-of-the-ring")


def scored_moves(state: WarOfTheRingState) -> list[tuple[float, Action]]:
    """Every planning move of the player to act with the strong policy's score, best first.

    The scores are those :func:`.strategy.playout_action` weighs in a planning step (a
    placement's gain in position value, an event's worth less its cost, passing the bar a move
    must clear), read only from the acting player's knowledge; the policy's move comes first.
    Empty outside a planning step.
    """
    if state.over or state.pending != P_NONE:
        return []
    me = state.current
    mine = state.players[me]
    hand = mine.hand
    scored: list[tuple[float, Action]] = [(PLACE_MIN, PASS)]
    if not hand:
        return scored
    reading = _Reading(state, me)
    stacks = [state.zones[0][me], state.zones[1][me], state.zones[2][me]]
    base = reading.value(stacks)
    own_mean = MEAN[mine.faction]
    rest = len(hand) - 1
    last = -1
    for k in hand:  # the hand is sorted: equal cards are neighbours
        if k == last:
            continue
        last = k
        keep = KEEP * max(COMBAT[k] - own_mean, 0.0)
        for z in range(3):
            if len(stacks[z]) < PER_ZONE:
                trial = stacks[:]
                trial[z] = [*stacks[z], k]
                scored.append((reading.value(trial) - base - keep, PLACE_ACTIONS[k][z]))
        if COST[k] <= rest:
            unit = 0.1 + 0.04 * max(COMBAT[k] - own_mean, -own_mean)
            scored.append((event_worth(reading, k) - _pay_cost(hand, k) - unit, EVENT_ACTIONS[k]))
    scored.sort(key=lambda item: -item[0])  # stable: a tie keeps the policy's order
    return scored


def shortlist(size: int) -> Callable[[GameState, list[Action]], list[int] | None]:
    """``search_candidates``: the ``size`` best-scored planning moves (open choices whole)."""

    def candidates(state: GameState, legal: list[Action]) -> list[int] | None:
        if not isinstance(state, WarOfTheRingState):
            return None
        index = {action_key(a): i for i, a in enumerate(legal)}
        found = (index.get(action_key(a)) for _, a in scored_moves(state))
        picked = [i for i in found if i is not None]
        return picked[:size] if len(picked) > 1 else None

    return candidates


def activate_flank(state: GameState) -> Action | None:
    """``obvious_action``: a flank's activation, taken without search."""
    if isinstance(state, WarOfTheRingState) and not state.over and state.pending == P_FLANK:
        return ACTIVATE
    return None


def variants(narrow: int, wide: int) -> dict[str, Strategy]:
    """The versions of the game's strategy that ``hard`` is compared with."""
    plain = strategy_for(GAME)
    obvious = dataclasses.replace(plain, obvious_action=activate_flank)
    return {
        "plain": plain,
        "obvious": obvious,
        "narrow": dataclasses.replace(obvious, candidates=shortlist(narrow)),
        "wide": dataclasses.replace(obvious, candidates=shortlist(wide)),
    }


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
    policy = strategy_for(GAME).playout_action
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
            state.apply(policy(state, rng))
    return found


def quality(args: argparse.Namespace, limits: dict[str, object]) -> None:
    """The variants' choices on the same positions, their gains re-checked on the same worlds."""
    every = variants(args.narrow, args.wide)
    chosen = {name: every[name] for name in args.variants.split(",")}
    policy = strategy_for(GAME).playout_action
    gains: dict[str, list[float]] = {name: [] for name in chosen}
    moved = collections.Counter[str]()
    start = time.perf_counter()
    for n, state in enumerate(positions(args.positions, args.seed)):
        me = state.to_act
        assert me is not None
        view, legal = state.view(me), state.legal_actions()
        default = policy(state.clone(), random.Random(0))
        for label, strategy in chosen.items():
            choice = make("hard", seed=n, strategy=strategy, **limits).choose(view, legal)
            gain = 0.0
            if choice != default:
                moved[label] += 1
                gain = check_gain(state, choice, default, args.check, 7919 * n)
            gains[label].append(gain)
    count = args.positions
    print(
        f"{count} positions, re-checked on {args.check} worlds, {time.perf_counter() - start:.0f} s"
    )
    for label, values in gains.items():
        mean = sum(values) / count
        print(f"  {label}: left the policy's move {moved[label]} times, mean gain {mean:+.4f}")
    names = list(gains)
    for other in names[1:]:
        diffs = [a - b for a, b in zip(gains[other], gains[names[0]], strict=True)]
        mean = sum(diffs) / count
        var = sum((x - mean) ** 2 for x in diffs) / max(count - 1, 1)
        print(
            f"  {other} minus {names[0]}: {mean:+.4f} per decision "
            f"(se {math.sqrt(var / count):.4f})"
        )


def games(args: argparse.Namespace, limits: dict[str, object]) -> None:
    """``hard`` (the chosen variant) against ``strong``: where its decisions go."""
    strategy = variants(args.narrow, args.wide)[args.variant]
    sizes: collections.Counter[str] = collections.Counter()
    raced: collections.Counter[str] = collections.Counter()
    kinds: collections.Counter[str] = collections.Counter()
    departures: collections.Counter[str] = collections.Counter()
    gains: list[float] = []
    searched = iterations = wins = wins_departed = games_departed = 0
    seconds = 0.0
    start = time.perf_counter()
    for g in range(args.games):
        deal, seat = args.seed + g // 2, g % 2
        hard = make("hard", seed=1000 + g, strategy=strategy, **limits)
        assert isinstance(hard, SearchBot)
        bots = [hard, make("strong", seed=2000 + g)]
        if seat:
            bots.reverse()
        state = GAME.new(seed=deal)
        assert isinstance(state, WarOfTheRingState)
        departed = 0
        while not state.over and state.round <= 200:
            me = state.to_act
            assert me is not None
            legal = state.legal_actions()
            action = bots[me].choose(state.view(me), legal)
            if me == seat and hard.stats.searched:
                kind = state.pending_name or "planning"
                searched += 1
                iterations += hard.stats.iterations
                seconds += hard.stats.seconds
                kinds[kind] += 1
                sizes[kind] += len(legal)
                raced[kind] += len(hard.stats.values)
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
    print(f"hard ({args.variant}) won {wins}/{args.games}; {searched} searched decisions")
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games against strong")
    parser.add_argument("--positions", type=int, default=0, help="compare variants instead")
    parser.add_argument("--iterations", type=int, default=None, help="playouts per decision")
    parser.add_argument("--budget", type=float, default=1.0, help="else seconds per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", type=int, default=0, help="worlds to re-check a departure")
    parser.add_argument("--variant", default="plain", help="hard's variant in --games")
    parser.add_argument("--variants", default="plain,narrow", help="for --positions")
    parser.add_argument("--narrow", type=int, default=4, help="the narrow shortlist's size")
    parser.add_argument("--wide", type=int, default=8, help="the wide shortlist's size")
    args = parser.parse_args()
    limits: dict[str, object] = (
        {"iterations": args.iterations} if args.iterations else {"budget": args.budget}
    )
    if args.positions:
        quality(args, limits)
    else:
        games(args, limits)


if __name__ == "__main__":
    main()
