"""How much does the best-hand search's pruning save? Prints figures.

    nice -n 10 .venv/bin/python bench/fantasy_realms_best_hand.py            # 12 pools of 17
    nice -n 10 .venv/bin/python bench/fantasy_realms_best_hand.py --compiled --pools 20 --size 18
    nice -n 10 .venv/bin/python bench/fantasy_realms_best_hand.py --compiled --proof

Every figure comes from one run, so the ratio holds on a busy machine where a time does not:

* random pools of ``--size`` cards of the base game (each one with Necromancer half the time,
  so that the eighth card from the discard area is searched too): the branch and bound of
  ``besthand.search`` and the brute force that scores every valid hand of the pool exactly
  (``besthand.brute_best``), timed one after the other on the same pool. Both must find the
  same best score, or the run stops with the pool that disagrees. Prints each pool's nodes
  and times, and the median and worst of "brute force / search";
* ``--proof``: the base game's whole proof on one core (every hand of the 53 cards, the bar
  set at the best known score, 397), its nodes and CPU seconds, beside the time the brute
  force takes per hand on the pools above, which gives what scoring every one of the 154
  million hands would cost on this machine at that rate;
* ``--compiled``: the same on the compiled build (``scripts/compiled.py``, built once).

Times are this process's CPU time (``time.process_time``).
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from math import comb

from compiled_build import rerun_compiled

from rumizi.games.fantasy_realms import besthand
from rumizi.games.fantasy_realms.cards import base_deck

BEST_BASE = 397  # the best base-game hand's score, which the proof must find again


def random_pool(rng: random.Random, size: int) -> list[str]:
    """``size`` base-game cards; Necromancer is in half the pools."""
    deck = [c for c in base_deck(expansion=False) if c != "necromancer"]
    pool = rng.sample(deck, size - 1 if rng.random() < 0.5 else size)
    if len(pool) < size:
        pool.append("necromancer")
    return pool


def timed_pool(pool: list[str]) -> tuple[float, float, int, int]:
    """(search seconds, brute seconds, search nodes, hands the brute force scored)."""
    start = time.process_time()
    found = besthand.search(pool)
    searched = time.process_time() - start
    start = time.process_time()
    brute = besthand.brute_best(pool)
    forced = time.process_time() - start
    if found.best[0][0] != brute[0][0]:
        raise SystemExit(f"the search and the brute force disagree on {sorted(pool)}")
    sizes = range(7, 7 + besthand.givers(pool, False) + 1)
    hands = sum(besthand.valid(h) for n in sizes for h in itertools.combinations(sorted(pool), n))
    return searched, forced, found.nodes, hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pools", type=int, default=12)
    parser.add_argument("--size", type=int, default=17, help="cards in each pool")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--proof", action="store_true", help="time the base game's proof")
    parser.add_argument(
        "--compiled", action="store_true", help="measure the compiled build (built once)"
    )
    args = parser.parse_args()
    if args.compiled:
        rerun_compiled(__file__)
    build = "pure Python" if besthand.__file__.endswith(".py") else "compiled"
    print(f"Measuring the {build} search ({besthand.__file__})")
    rng = random.Random(args.seed)
    ratios: list[float] = []
    per_hand: list[float] = []
    for _ in range(args.pools):
        pool = random_pool(rng, args.size)
        searched, forced, nodes, hands = timed_pool(pool)
        ratios.append(forced / max(searched, 1e-6))
        per_hand.append(forced / hands)
        necro = ", Necromancer among them" if "necromancer" in pool else ""
        print(
            f"  {len(pool)} cards{necro}: search {searched * 1000:8.1f} ms"
            f" ({nodes:,} nodes), brute force {forced * 1000:8.1f} ms ({hands:,} hands)"
        )
    print(
        f"brute force / search: median {statistics.median(ratios):.1f}x,"
        f" lowest {min(ratios):.1f}x, highest {max(ratios):.1f}x over {len(ratios)} pools"
    )
    rate = statistics.median(per_hand)
    print(f"brute force per hand: median {rate * 1e6:.1f} µs")
    if not args.proof:
        return
    start = time.process_time()
    proof = besthand.search(floor=BEST_BASE)
    spent = time.process_time() - start
    if not proof.best or proof.best[0][0] != BEST_BASE:
        raise SystemExit(f"the proof found {proof.best[:1]}, not a hand of {BEST_BASE}")
    deck = base_deck(expansion=False)
    every = comb(len(deck), 7)  # the 7-card hands alone; Necromancer's eighth card adds more
    print(
        f"the base game's proof at bar {BEST_BASE}: {spent:.1f} CPU s, {proof.nodes:,} nodes;"
        f" scoring each of the {every / 1e6:.0f} million 7-card hands at the brute force's"
        f" rate: about {every * rate / 3600:.1f} CPU hours ({every * rate / spent:.0f}x)"
    )


if __name__ == "__main__":
    main()
