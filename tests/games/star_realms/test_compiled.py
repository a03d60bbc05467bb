"""The compiled build (``RUMIZI_COMPILE=1 pip install .``, see setup.py) plays exactly like the
pure-Python package.

The modules setup.py lists are compiled with mypyc into a copy of the package (once per test
session, shared with Splendor Duel's test: ``tests/games/conftest.py``); a subprocess
importing that copy computes the fingerprints of ``compiled_probe.py`` — games in every
format, refusals, exports, views, samples, the strong heuristic's moves and evaluations — and
they must equal the ones computed here.
"""

from __future__ import annotations

from pathlib import Path

from tests.games.compiled_build import setup_list
from tests.games.probe_kit import compare

REPO = Path(__file__).resolve().parents[3]


def test_setup_compiles_modules_that_exist() -> None:
    modules = setup_list("COMPILED")
    assert "rumizi/games/star_realms/engine.py" in modules
    assert all((REPO / m).is_file() for m in modules)


def test_the_compiled_build_plays_exactly_like_pure_python(compiled_copy: Path) -> None:
    compare("tests.games.star_realms.compiled_probe", compiled_copy)
