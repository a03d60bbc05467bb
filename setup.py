"""Optional compiled build: ``RUMIZI_COMPILE=1 pip install .`` compiles the hot modules with mypyc.

Everything lives in ``pyproject.toml``; this file only adds the C extensions when asked. The
compiled modules (``COMPILED``: every game's engine, document reader, sampler and playout
policies, and the Fantasy Realms scorer) are the same source files (fully typed), so the
package behaves the same either way — each game's ``tests/games/<game>/test_compiled.py``
builds them and checks that random and strong games, refusals, documents, views and samples
come out identical (Fantasy Realms' also the scorer's totals, choices and card lines). Star
Realms runs about twice as fast (``bench/engine_speed.py`` prints which build it measured),
War of the Ring's playouts 2 to 2.4 times (``bench/wotr_speed.py --compare``, both builds in
one run), the Fantasy Realms game's 2.2 to 3.2 times (``bench/fantasy_realms_speed.py
--compare``) and its optimiser three to four times. ``scripts/serve`` and the test suite build
the same list into a cache (``scripts/compiled.py``). Without the variable, or for an editable
install, the package stays pure Python.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

# The modules compiled by mypyc: each game's engine with what it imports at every step, its
# document reader (load() about 3x as fast compiled; sample() goes through it before every
# search playout), its sampler, and the strong policy that search plays its playouts with;
# War of the Ring's and Fantasy Realms' greedy heuristics too (below). Left out, per game:
# the factory (game.py: three one-line calls), the texts, rules, web and terminal add-ons
# (tables read once per message), puzzles (made once, offline), the encoding (the learning
# adapters' only) and Fantasy Realms' records (a replay's check, once per game): each runs
# seldom and would only lengthen the build.
COMPILED = [
    "rumizi/core/rng.py",
    "rumizi/games/star_realms/cards.py",
    "rumizi/games/star_realms/document.py",
    "rumizi/games/star_realms/engine.py",
    "rumizi/games/star_realms/sampling.py",
    "rumizi/games/star_realms/strategy.py",
    "rumizi/games/splendor_duel/cards.py",
    "rumizi/games/splendor_duel/document.py",
    "rumizi/games/splendor_duel/engine.py",
    "rumizi/games/splendor_duel/sampling.py",
    "rumizi/games/splendor_duel/strategy.py",
    # War of the Ring; its greedy heuristic is the greedy bot's whole decision.
    "rumizi/games/war_of_the_ring/cards.py",
    "rumizi/games/war_of_the_ring/document.py",
    "rumizi/games/war_of_the_ring/engine.py",
    "rumizi/games/war_of_the_ring/sampling.py",
    "rumizi/games/war_of_the_ring/strategy.py",
    "rumizi/games/war_of_the_ring/heuristics.py",
    # The Fantasy Realms scorer: the cards' rules, its optimiser and the best-hand search.
    "rumizi/games/fantasy_realms/cards.py",
    "rumizi/games/fantasy_realms/universe.py",
    "rumizi/games/fantasy_realms/card_rules.py",
    "rumizi/games/fantasy_realms/scoring.py",
    "rumizi/games/fantasy_realms/bounds.py",
    "rumizi/games/fantasy_realms/optimize.py",
    "rumizi/games/fantasy_realms/besthand.py",
    "rumizi/games/fantasy_realms/scorer.py",
    # The Fantasy Realms game: every hand value the bots weigh goes through the scorer, the
    # strong policy builds on the greedy one's outlook, and chaos realms trade through both.
    "rumizi/games/fantasy_realms/engine.py",
    "rumizi/games/fantasy_realms/trading.py",
    "rumizi/games/fantasy_realms/document.py",
    "rumizi/games/fantasy_realms/sampling.py",
    "rumizi/games/fantasy_realms/hand_values.py",
    "rumizi/games/fantasy_realms/heuristics.py",
    "rumizi/games/fantasy_realms/chaos.py",
    "rumizi/games/fantasy_realms/strategy.py",
    "rumizi/games/fantasy_realms/planning.py",
]

# The build environment lacks the optional extras (numpy for the rl adapters, ...) that the
# type checker meets on its way through the package; none of them is compiled.
MYPYC_OPTIONS = ["--ignore-missing-imports"]


def ext_modules() -> list[object]:
    if os.environ.get("RUMIZI_COMPILE") != "1":
        return []
    if "editable_wheel" in sys.argv:
        # Compiled modules would sit in the source tree and hide every later edit of it.
        raise SystemExit("RUMIZI_COMPILE=1 needs a regular install (pip install .), not -e")
    from mypyc.build import mypycify

    return list(mypycify([*MYPYC_OPTIONS, *COMPILED], opt_level="3"))


setup(ext_modules=ext_modules())
