"""How fast does the Fantasy Realms scorer find a hand's best choices? Prints figures.

    .venv/bin/python bench/fantasy_realms_score.py                 # 300 random hands + stress
    .venv/bin/python bench/fantasy_realms_score.py --hands 1000 --seed 3

Measured, on one core, in one run (CPU time of this process, so that other work on a shared
machine does not count):

* random hands of 7–9 cards (half with the Cursed Hoard suits, the promos in the deck): the
  pruned optimiser's time per hand (median, 90th percentile, worst), and the brute force
  over every choice combination on the same hands where it has at most ``--brute-cap``
  combinations (it grows as 28 x 28 x 8 x 14 x ... with the ACTION cards); each such hand
  must give the same optimum, and the speed ratio is reported;
* stress hands that hold Doppelgänger, Mirage, Shapeshifter, Book of Changes, Island and
  Angel together (with 1–3 other cards): the pruned optimiser's median and worst time.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from rumizi.games.fantasy_realms import best_choices, brute_force
from rumizi.games.fantasy_realms.cards import base_deck, card_info
from rumizi.games.fantasy_realms.optimize import _full_domains
from rumizi.games.fantasy_realms.scoring import ACTION_CARDS, Table

ACTIONS = list(ACTION_CARDS)


def _hand(rng: random.Random, size: int, expansion: bool, stress: bool) -> list[str]:
    deck = [*base_deck(expansion=expansion), "jester", rng.choice(["phoenix", "phoenix-deluxe"])]
    if stress:
        rest = [c for c in deck if c not in ACTIONS]
        return ACTIONS + rng.sample(rest, size - len(ACTIONS))
    return rng.sample(deck, size)


def _ms(xs: list[float]) -> str:
    xs = sorted(xs)
    p90 = xs[min(len(xs) - 1, int(0.9 * len(xs)))]
    return (
        f"median {statistics.median(xs) * 1e3:.2f} ms, p90 {p90 * 1e3:.2f} ms, "
        f"worst {xs[-1] * 1e3:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--stress", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--brute-cap", type=int, default=5000)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    fast_times: list[float] = []
    brute_times: list[float] = []
    fast_on_brute: list[float] = []
    for _ in range(args.hands):
        expansion = rng.random() < 0.5
        hand = _hand(rng, rng.randint(7, 9), expansion, stress=False)
        table = Table(expansion=expansion)
        infos = [card_info(c, expansion=expansion) for c in hand]
        t0 = time.process_time()
        fast = best_choices(infos, table)[0]
        fast_times.append(time.process_time() - t0)
        combos = math.prod(len(v) for v in _full_domains(infos, table).values())
        if combos <= args.brute_cap:
            t0 = time.process_time()
            slow = brute_force(infos, table)[0]
            brute_times.append(time.process_time() - t0)
            fast_on_brute.append(fast_times[-1])
            assert slow == fast, (hand, expansion, slow, fast)
    print(f"random 7-9 card hands ({args.hands}): {_ms(fast_times)}")
    ratio = sum(brute_times) / sum(fast_on_brute)
    print(
        f"  brute force on the {len(brute_times)} hands with <= {args.brute_cap} combinations: "
        f"{_ms(brute_times)}; same optimum every time; pruned is {ratio:.1f}x faster there"
    )
    stress_times = []
    for _ in range(args.stress):
        expansion = True
        hand = _hand(rng, rng.randint(7, 9), expansion, stress=True)
        infos = [card_info(c, expansion=expansion) for c in hand]
        t0 = time.process_time()
        best_choices(infos, Table(expansion=expansion))
        stress_times.append(time.process_time() - t0)
    print(f"hands with all six ACTION cards ({args.stress}): {_ms(stress_times)}")


if __name__ == "__main__":
    main()
