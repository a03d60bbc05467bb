"""The compiled build scores and plays Fantasy Realms exactly like the pure-Python package.

setup.py compiles the scorer (cards, scoring, bounds, the optimiser and the best-hand search)
and the game around it (engine, trading, document reader, sampler, hand values, the greedy,
chaos and strong policies) with mypyc; the build is made once per session
(``tests/games/conftest.py``). A subprocess importing the compiled copy computes the
fingerprints of two probes, and they must equal the ones computed here:
``compiled_probe.py`` — every ``Score`` line of random and six-ACTION hands, the bad hands'
errors in both languages, the best-hand search and its bounds, whole games — and
``compiled_game_probe.py`` — random games of every kind of table, chaos realms included, with
wrong moves, exports, loads, clones, views and samples on the way, the strong policy's games
and evaluations, refusals of bad documents, views and options, the greedy bot's choices.
"""

from __future__ import annotations

from pathlib import Path

from tests.games.compiled_build import setup_list
from tests.games.probe_kit import REPO, compare, run_probe

SCORER = ("cards", "universe", "card_rules", "scoring", "bounds", "optimize", "besthand", "scorer")
GAME = (
    "engine",
    "trading",
    "document",
    "sampling",
    "hand_values",
    "heuristics",
    "chaos",
    "strategy",
)
BUILT = "rumizi/games/fantasy_realms"


def _assert_compiled(compiled_copy: Path, names: tuple[str, ...]) -> None:
    built = compiled_copy / BUILT
    for name in names:
        assert list(built.glob(f"{name}.*.so")) or list(built.glob(f"{name}.*.pyd")), name


def test_setup_compiles_the_scorer_and_the_game() -> None:
    modules = setup_list("COMPILED")
    for name in (*SCORER, *GAME):
        assert f"{BUILT}/{name}.py" in modules


def test_the_compiled_scorer_scores_exactly_like_pure_python(compiled_copy: Path) -> None:
    _assert_compiled(compiled_copy, SCORER)
    compiled = run_probe("tests.games.fantasy_realms.compiled_probe", compiled_copy)
    pure = run_probe("tests.games.fantasy_realms.compiled_probe", REPO)
    assert compiled.pop("compiled") is True, "the subprocess did not load the compiled scorer"
    assert pure.pop("compiled") is False
    assert compiled == pure


def test_the_compiled_game_plays_exactly_like_pure_python(compiled_copy: Path) -> None:
    _assert_compiled(compiled_copy, GAME)
    compare("tests.games.fantasy_realms.compiled_game_probe", compiled_copy)
