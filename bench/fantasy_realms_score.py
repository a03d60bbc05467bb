"""How fast does the Fantasy Realms scorer find a hand's best choices? Prints figures.

    nice -n 10 .venv/bin/python bench/fantasy_realms_score.py            # 300 random + stress
    nice -n 10 .venv/bin/python bench/fantasy_realms_score.py --before 909edb7 --climb 200

Measured on one core (CPU time of this process, so that other work on a shared machine does
not count), every figure in the same run:

* random hands of 7–9 cards (half with the Cursed Hoard suits, the promos in the deck): the
  optimiser's time per hand (median, 90th percentile, worst), and the brute force over every
  choice combination on the hands where it has at most ``--brute-cap`` combinations (it
  grows as 28 x 28 x 8 x 14 x ... with the ACTION cards); each such hand must give the same
  optimum, and the speed ratio is reported;
* stress hands that hold Doppelgänger, Mirage, Shapeshifter, Book of Changes, Island and
  Angel together (with 1–3 other cards, the Cursed Hoard suits half the time; a base-game
  hand has no Angel, a Cursed Hoard card): the brute force is out of reach there (tens of
  millions of combinations);
* the slowest hands found so far (``SLOWEST``), best of 3 each;
* ``--climb N``: a hill climb for the slowest six-ACTION hands: from the slowest stress
  hands, swap one other card (or add or drop one, within 7–9 cards) and keep the hand if it
  got slower, N tries in all; the slowest hands found are timed again (best of 3);
* ``--before REV``: the same hands scored by the optimiser of an earlier commit (its
  ``rumizi`` package taken from git into a temporary folder and run in a second process),
  which must find the same optimum on every hand; its times are shown beside. ``--before
  pure`` is the working tree's own pure-Python package;
* ``--compiled``: measure the compiled scorer (setup.py's ``COMPILED`` modules, built by
  ``scripts/compiled.py`` into its cache, once) instead of the pure-Python one; with
  ``--before pure`` the same run shows what compiling gains.

The figures the issue's targets are read against:

    nice -n 10 .venv/bin/python bench/fantasy_realms_score.py --compiled --before pure --climb 150
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

from compiled_build import rerun_compiled

from rumizi.games.fantasy_realms import best_choices, brute_force, scoring
from rumizi.games.fantasy_realms.cards import base_deck, card_info
from rumizi.games.fantasy_realms.optimize import _full_domains
from rumizi.games.fantasy_realms.scoring import ACTION_CARDS

try:
    from rumizi.games.fantasy_realms.scoring import ScoringContext
except ImportError:  # the package of an earlier commit (--before), where it was named Table
    from rumizi.games.fantasy_realms.scoring import Table as ScoringContext

ROOT = Path(__file__).resolve().parent.parent

ACTIONS = list(ACTION_CARDS)
Hand = tuple[list[str], bool]  # card ids, with the Cursed Hoard suits

# The slowest hands earlier climbs found (base game; with the six ACTION cards but Angel),
# timed in every run so that a change is judged on them too, not only on what this run's
# climb happens to reach.
_SIX = "doppelganger mirage shapeshifter book-of-changes island"
SLOWEST: list[Hand] = [
    (f"{_SIX} {rest}".split(), False)
    for rest in (
        "blizzard world-tree elven-longbow warlord",
        "shield-of-keth phoenix-deluxe blizzard basilisk",
        "blizzard unicorn basilisk war-dirigible",
        "shield-of-keth war-dirigible blizzard basilisk",
        "collector empress whirlwind warlock-lord",
        "blizzard warhorse war-dirigible basilisk",
        "beastmaster warlord blizzard fountain-of-life",
        "blizzard warhorse collector basilisk",
        "blizzard warhorse collector warlord",
        "wildfire blizzard warlord king",
        "basilisk empress collector princess",
        "blizzard queen collector smoke",
    )
]


def _deck(rng: random.Random, expansion: bool) -> list[str]:
    return [*base_deck(expansion=expansion), "jester", rng.choice(["phoenix", "phoenix-deluxe"])]


def _hand(rng: random.Random, size: int, expansion: bool, stress: bool) -> list[str]:
    deck = _deck(rng, expansion)
    if stress:
        actions = [c for c in ACTIONS if c in deck]  # Angel is a Cursed Hoard card
        rest = [c for c in deck if c not in ACTIONS]
        return actions + rng.sample(rest, size - len(actions))
    return rng.sample(deck, size)


def solve(hand: list[str], expansion: bool) -> tuple[int, float]:
    """The optimum of one hand and the CPU seconds it took."""
    infos = [card_info(c, expansion=expansion) for c in hand]
    t0 = time.process_time()
    total = best_choices(infos, ScoringContext(expansion=expansion))[0]
    return total, time.process_time() - t0


def _ms(xs: list[float]) -> str:
    xs = sorted(xs)
    p90 = xs[min(len(xs) - 1, int(0.9 * len(xs)))]
    return (
        f"median {statistics.median(xs) * 1e3:.2f} ms, p90 {p90 * 1e3:.2f} ms, "
        f"worst {xs[-1] * 1e3:.1f} ms"
    )


class Before:
    """The optimiser of an earlier commit, in a second process fed one hand a line."""

    def __init__(self, rev: str) -> None:
        self.folder = tempfile.TemporaryDirectory(prefix="rumizi-before-")
        path = str(ROOT)
        if rev != "pure":
            archive = subprocess.run(
                ["git", "archive", rev, "rumizi"], cwd=ROOT, check=True, capture_output=True
            ).stdout
            with tarfile.open(fileobj=BytesIO(archive)) as tar:
                tar.extractall(self.folder.name, filter="data")
            path = self.folder.name
        env = dict(os.environ, PYTHONPATH=path)
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )

    def solve(self, hand: list[str], expansion: bool) -> tuple[int, float]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps([hand, expansion]) + "\n")
        self.proc.stdin.flush()
        total, seconds = json.loads(self.proc.stdout.readline())
        return int(total), float(seconds)

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()
        self.folder.cleanup()


def worker() -> None:
    """Answer ``[total, seconds]`` for each ``[hand, expansion]`` line of stdin."""
    for line in sys.stdin:
        hand, expansion = json.loads(line)
        print(json.dumps(solve(hand, expansion)), flush=True)


def _compare(
    label: str, hands: list[Hand], now: list[tuple[int, float]], before: Before | None
) -> None:
    print(f"{label} ({len(hands)}): {_ms([t for _s, t in now])}")
    if before is None:
        return
    old = [before.solve(h, e) for h, e in hands]
    for (hand, expansion), (a, _ta), (b, _tb) in zip(hands, now, old, strict=True):
        assert a == b, (hand, expansion, a, b)
    ratio = sum(t for _s, t in old) / max(1e-9, sum(t for _s, t in now))
    print(
        f"  before: {_ms([t for _s, t in old])}; same optimum every time; now {ratio:.1f}x faster"
    )


def _mutate(rng: random.Random, hand: list[str], expansion: bool) -> list[str]:
    deck = [c for c in _deck(rng, expansion) if c not in ACTIONS]
    others = [c for c in hand if c not in ACTIONS]
    unused = [
        c
        for c in deck
        if c not in hand
        and not (c.startswith("phoenix") and any(o.startswith("phoenix") for o in hand))
    ]
    move = rng.random()
    if move < 0.2 and len(hand) < 9:
        return [*hand, rng.choice(unused)]
    if move < 0.3 and len(hand) > 7:
        drop = rng.choice(others)
        return [c for c in hand if c != drop]
    drop = rng.choice(others)
    return [rng.choice(unused) if c == drop else c for c in hand]


def climb(
    rng: random.Random, start: list[tuple[float, Hand]], tries: int
) -> list[tuple[float, Hand]]:
    """The slowest hands found by swapping cards of the slowest ones while it gets slower."""
    pool = sorted(start, key=lambda x: -x[0])[:5]
    seen = {(tuple(sorted(h)), e) for _t, (h, e) in pool}
    for k in range(tries):
        t, (hand, expansion) = pool[k % len(pool)]
        trial = _mutate(rng, hand, expansion)
        key = (tuple(sorted(trial)), expansion)
        if key in seen:
            continue
        seen.add(key)
        _s, seconds = solve(trial, expansion)
        if seconds > t:
            pool[k % len(pool)] = (seconds, (trial, expansion))
    return sorted(pool, key=lambda x: -x[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--stress", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--brute-cap", type=int, default=5000)
    parser.add_argument("--climb", type=int, default=0, help="hill-climb tries (0: none)")
    parser.add_argument("--before", help="a commit whose optimiser to time beside")
    parser.add_argument(
        "--compiled", action="store_true", help="measure the compiled scorer (built once)"
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker()
        return
    if args.compiled:
        rerun_compiled(__file__)
    build = "pure Python" if scoring.__file__.endswith(".py") else "compiled"
    print(f"Measuring the {build} scorer ({scoring.__file__})")
    rng = random.Random(args.seed)
    before = Before(args.before) if args.before else None
    hands: list[Hand] = []
    now: list[tuple[int, float]] = []
    brute_times: list[float] = []
    fast_on_brute: list[float] = []
    for _ in range(args.hands):
        expansion = rng.random() < 0.5
        hand = _hand(rng, rng.randint(7, 9), expansion, stress=False)
        hands.append((hand, expansion))
        now.append(solve(hand, expansion))
        table = ScoringContext(expansion=expansion)
        infos = [card_info(c, expansion=expansion) for c in hand]
        combos = math.prod(len(v) for v in _full_domains(infos, table).values())
        if combos <= args.brute_cap:
            t0 = time.process_time()
            slow = brute_force(infos, table)[0]
            brute_times.append(time.process_time() - t0)
            fast_on_brute.append(now[-1][1])
            assert slow == now[-1][0], (hand, expansion, slow, now[-1])
    _compare("random 7-9 card hands", hands, now, before)
    ratio = sum(brute_times) / sum(fast_on_brute)
    print(
        f"  brute force on the {len(brute_times)} hands with <= {args.brute_cap} combinations: "
        f"{_ms(brute_times)}; same optimum every time; pruned is {ratio:.1f}x faster there"
    )
    stress: list[Hand] = []
    for _ in range(args.stress):
        expansion = rng.random() < 0.5
        stress.append((_hand(rng, rng.randint(7, 9), expansion, stress=True), expansion))
    stress_now = [solve(h, e) for h, e in stress]
    _compare("hands with all six ACTION cards", stress, stress_now, before)
    if args.climb:
        found = climb(
            rng, [(t, h) for (_s, t), h in zip(stress_now, stress, strict=True)], args.climb
        )
        worst = [(h, e) for _t, (h, e) in found]
        again = [min((solve(h, e) for _ in range(3)), key=lambda x: x[1]) for h, e in worst]
        _compare(
            f"the slowest six-ACTION hands after {args.climb} climbing tries", worst, again, before
        )
        for (hand, expansion), (score, seconds) in zip(worst, again, strict=True):
            game = "cursed hoard" if expansion else "base"
            print(f"  {seconds * 1e3:7.1f} ms  {score:4d}  ({game}) {' '.join(hand)}")
    slowest = [min((solve(h, e) for _ in range(3)), key=lambda x: x[1]) for h, e in SLOWEST]
    _compare("the slowest hands found so far (best of 3)", SLOWEST, slowest, before)
    for (hand, _e), (score, seconds) in zip(SLOWEST, slowest, strict=True):
        print(f"  {seconds * 1e3:7.1f} ms  {score:4d}  {' '.join(hand[5:])}")
    if before is not None:
        before.close()


if __name__ == "__main__":
    main()
