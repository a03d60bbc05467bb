"""Optional compiled build: ``RUMIZI_COMPILE=1 pip install .`` compiles the hot modules with mypyc.

Everything lives in ``pyproject.toml``; this file only adds the C extensions when asked. The
compiled modules are the same source files (fully typed), so the package behaves the same
either way — ``tests/games/star_realms/test_compiled.py`` builds them and checks that games,
heuristic decisions and evaluations come out identical, and
``tests/games/splendor_duel/test_compiled.py`` the same for Splendor Duel,
``tests/games/fantasy_realms/test_compiled.py`` the scorer's totals, choices and card lines —
and Star Realms runs about twice as fast (``bench/engine_speed.py`` prints which build it
measured), the Fantasy Realms optimiser three to four times. Without
the variable, or for an editable install, the package stays pure Python.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

# The modules compiled by mypyc: the Star Realms and Splendor Duel engines with what they
# import at every step, their document readers (load() about 3x as fast compiled), their
# samplers, and the strong heuristics that search plays its playouts with; the Fantasy Realms
# scorer, whose worst hands and best-hand proof are bound by it.
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
    # The Fantasy Realms scorer: the cards' rules, its optimiser and the best-hand search.
    "rumizi/games/fantasy_realms/cards.py",
    "rumizi/games/fantasy_realms/universe.py",
    "rumizi/games/fantasy_realms/card_rules.py",
    "rumizi/games/fantasy_realms/scoring.py",
    "rumizi/games/fantasy_realms/bounds.py",
    "rumizi/games/fantasy_realms/optimize.py",
    "rumizi/games/fantasy_realms/besthand.py",
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
