"""The compiled build plays War of the Ring exactly like the pure-Python package.

setup.py compiles War of the Ring's cards, engine, document reader, sampler, strong policy
and greedy heuristic with mypyc (as it does the other games'); the build is made once per
session (``tests/games/conftest.py``). A subprocess importing the compiled copy computes the
fingerprints of ``compiled_probe.py`` — random games with the log on and off, refusals of bad
moves, documents, views and options, exports, loads, clones, views and samples, the strong
policy's moves and evaluations, the greedy heuristic's choices — and they must equal the ones
computed here in pure Python.
"""

from __future__ import annotations

from pathlib import Path

from tests.games.compiled_build import setup_list
from tests.games.probe_kit import compare

REPO = Path(__file__).resolve().parents[3]
MODULES = ("cards", "document", "engine", "sampling", "strategy", "heuristics")


def test_setup_compiles_the_war_of_the_ring_modules() -> None:
    modules = setup_list("COMPILED")
    for name in MODULES:
        assert f"rumizi/games/war_of_the_ring/{name}.py" in modules
    assert all((REPO / m).is_file() for m in modules)


def test_the_compiled_build_plays_war_of_the_ring_exactly_like_pure_python(
    compiled_copy: Path,
) -> None:
    built = compiled_copy / "rumizi/games/war_of_the_ring"
    for name in MODULES:
        assert list(built.glob(f"{name}.*.so")) or list(built.glob(f"{name}.*.pyd")), name
    compare("tests.games.war_of_the_ring.compiled_probe", compiled_copy)
