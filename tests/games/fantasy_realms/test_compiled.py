"""The compiled build scores Fantasy Realms hands exactly like the pure-Python package.

setup.py compiles the scorer (cards, scoring, bounds, the optimiser and the best-hand search)
with mypyc; the build is made once per session (``tests/games/conftest.py``). A subprocess
importing the compiled copy computes the fingerprints of ``compiled_probe.py`` — every
``Score`` line of random and six-ACTION hands, the bad hands' errors in both languages, the
best-hand search and its bounds, whole games — and they must equal the ones computed here.
"""

from __future__ import annotations

from pathlib import Path

from tests.games.compiled_build import setup_list
from tests.games.fantasy_realms import compiled_probe
from tests.games.probe_kit import run_compiled

MODULES = ("cards", "scoring", "bounds", "optimize", "besthand")


def test_setup_compiles_the_scorer() -> None:
    modules = setup_list("COMPILED")
    for name in MODULES:
        assert f"rumizi/games/fantasy_realms/{name}.py" in modules


def test_the_compiled_scorer_scores_exactly_like_pure_python(compiled_copy: Path) -> None:
    built = compiled_copy / "rumizi/games/fantasy_realms"
    for name in MODULES:
        assert list(built.glob(f"{name}.*.so")) or list(built.glob(f"{name}.*.pyd")), name
    compiled = run_compiled("tests.games.fantasy_realms.compiled_probe", compiled_copy)
    pure = compiled_probe.fingerprints()
    assert compiled.pop("compiled") is True, "the subprocess did not load the compiled scorer"
    assert pure.pop("compiled") is False
    assert compiled == pure
