"""Is War of the Ring fair? Strong self-play with seats and factions swapped. Prints figures.

    .venv/bin/python bench/wotr_balance.py                       # 400 games, one core
    .venv/bin/python bench/wotr_balance.py --games 4000 --jobs 1
    .venv/bin/python bench/wotr_balance.py --games 400 --policy greedy   # another policy
    .venv/bin/python bench/wotr_balance.py --games 0 --matches 200       # strong/greedy/random

Every seed is played twice over, the Shadow in seat 0 and in seat 1, and the coin toss goes
to each seat in turn, so seats, factions and the first player are all swapped evenly. Both
seats play the strong policy (``strategy.playout_action`` on the true state: it reads only
what the acting player knows, so this is what the ``strong`` bot plays, minus sampling).

Reported: each faction's and the first player's win rate, how games end (sweep, five shadow
cards, exhaustion), their length in rounds, and per card kind how often a game saw it played
by its own side (revealed as a unit, or as an event from hand or free; an activation from
the opponent's shadow row is not counted) and how often its side won when it was, so that a
card never worth playing, or always decisive, stands out. With ``--matches``: strong against
greedy and greedy against random, seats, factions and the coin toss swapped as above.
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
from rumizi.games.war_of_the_ring import GAME, WarOfTheRingState, heuristics, strategy
from rumizi.games.war_of_the_ring.cards import CARDS, FREE, IDS, N_KINDS, SHADOW

MAX_DECISIONS = 4000  # a game still running after this many decisions is counted as capped

Policy = Callable[[WarOfTheRingState, random.Random], Action]


def _strong(state: WarOfTheRingState, rng: random.Random) -> Action:
    return strategy.playout_action(state, rng)


def _greedy(state: WarOfTheRingState, rng: random.Random) -> Action:
    return heuristics.choose(state.view(state.current), state.legal_actions(), rng)


def _random(state: WarOfTheRingState, rng: random.Random) -> Action:
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


POLICIES: dict[str, Policy] = {"strong": _strong, "greedy": _greedy, "random": _random}


def play(task: tuple[int, int, int, str, str]) -> dict[str, Any]:
    """One game: (seed, shadow seat, first seat, seat 0's policy, seat 1's policy)."""
    seed, shadow, first, a, b = task
    state = GAME.new(seed=seed, shadow=shadow, first=first)
    state.events = []
    policies = (POLICIES[a], POLICIES[b])
    rng = random.Random(seed)
    n = 0
    while not state.over and n < MAX_DECISIONS:
        state.apply(policies[state.current](state, rng))
        n += 1
        if len(state.events) > 200:
            _tally_events(state)
    played = _tally_events(state, final=True)
    winner = state.winner
    return {
        "over": state.over,
        "end": state.end,
        "rounds": state.round,
        "decisions": n,
        "winner_faction": None if winner is None else state.players[winner].faction,
        "first_won": winner == first,
        "played": played,
        "winner": winner,
    }


_PLAYED: dict[int, list[set[int]]] = {}


def _tally_events(state: WarOfTheRingState, final: bool = False) -> list[list[int]]:
    """Card kinds each seat played this game (units revealed, events), from the log."""
    seen = _PLAYED.setdefault(id(state), [set(), set()])
    for e in state.events or []:
        if e["event"] == "event" and e["how"] != "shadow":  # activations are the other side's
            seen[e["player"]].add(_kind(e["card"]))
        elif e["event"] == "reveal":
            for seat in (0, 1):
                for name in e["cards"][seat]:
                    seen[seat].add(_kind(name))
    if state.events is not None:
        state.events.clear()
    if final:
        del _PLAYED[id(state)]
    return [sorted(seen[0]), sorted(seen[1])]


_KIND = {name: k for k, name in enumerate(IDS)}


def _kind(name: str) -> int:
    return _KIND[name]


def tasks(games: int, seed: int, a: str, b: str) -> list[tuple[int, int, int, str, str]]:
    out = []
    for i in range(games):
        shadow = i % 2
        first = (i // 2) % 2
        out.append((seed + i // 4, shadow, first, a, b))
    return out


def run(games: int, jobs: int, seed: int, policy: str) -> None:
    start = time.perf_counter()
    work = tasks(games, seed, policy, policy)
    if jobs > 1:
        with Pool(jobs) as pool:
            results = pool.map(play, work, chunksize=16)
    else:
        results = [play(t) for t in work]
    elapsed = time.perf_counter() - start
    done = [r for r in results if r["over"]]
    n = max(len(done), 1)
    shadow = sum(r["winner_faction"] == SHADOW for r in done)
    free = sum(r["winner_faction"] == FREE for r in done)
    first = sum(r["first_won"] for r in done)
    ends = Counter(r["end"] for r in done)
    rounds = [r["rounds"] for r in done]
    print(f"{policy} self-play: {games} games in {elapsed:.0f} s ({games - len(done)} capped)")
    print(f"  Free Peoples won  {free:5d}  {100 * free / n:5.1f} %")
    print(f"  Shadow won        {shadow:5d}  {100 * shadow / n:5.1f} %")
    print(f"  first player won  {first:5d}  {100 * first / n:5.1f} %")
    for end in ("sweep", "shadows", "exhaustion"):
        print(f"  ended by {end:<10} {100 * ends[end] / n:5.1f} %")
    print(
        f"  rounds per game   mean {statistics.mean(rounds):.2f}, median "
        f"{statistics.median(rounds)}, max {max(rounds)}"
    )
    print(f"  decisions/game    {statistics.mean(r['decisions'] for r in done):.1f}")
    played = [0] * N_KINDS
    won = [0] * N_KINDS
    for r in done:
        for seat in (0, 1):
            for k in r["played"][seat]:
                played[k] += 1
                won[k] += r["winner"] == seat
    print("  card                       played in   won when played")
    for k, card in enumerate(CARDS):
        rate = 100 * played[k] / n
        wr = 100 * won[k] / played[k] if played[k] else 0.0
        print(f"    {card.id:<24} {rate:6.1f} %    {wr:5.1f} %")


def matches(games: int, jobs: int, seed: int) -> None:
    for a, b in (("strong", "greedy"), ("greedy", "random"), ("strong", "random")):
        work = []
        for i in range(games):  # each seed 8 ways: a's seat, the Shadow's seat, the coin
            g, shadow, first = seed + i // 8, (i // 2) % 2, (i // 4) % 2
            work.append((g, shadow, first, a, b) if i % 2 == 0 else (g, shadow, first, b, a))
        if jobs > 1:
            with Pool(jobs) as pool:
                results = pool.map(play, work, chunksize=16)
        else:
            results = [play(t) for t in work]
        wins = sum(
            r["winner"] == (0 if task[3] == a else 1) for r, task in zip(results, work, strict=True)
        )
        print(f"{a} vs {b}: {a} won {wins}/{games} = {100 * wins / games:.1f} %")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=1, help="processes (other work shares cores)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", choices=sorted(POLICIES), default="strong")
    parser.add_argument("--matches", type=int, default=0, help="games per match (0: none)")
    args = parser.parse_args()
    if args.games:
        run(args.games, args.jobs, args.seed, args.policy)
    if args.matches:
        matches(args.matches, args.jobs, args.seed + 10_000)


if __name__ == "__main__":
    main()
