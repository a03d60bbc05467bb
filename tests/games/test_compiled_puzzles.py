"""Every game's puzzles are proved alike on the compiled build that ``scripts/serve`` serves
and in pure Python (a sample of each shipped set: ``compiled_puzzles.py``)."""

from __future__ import annotations

from pathlib import Path

from tests.games.probe_kit import REPO, run_probe


def test_the_compiled_build_proves_the_puzzles_as_pure_python(compiled_copy: Path) -> None:
    compiled = run_probe("tests.games.compiled_puzzles", compiled_copy)
    pure = run_probe("tests.games.compiled_puzzles", REPO)
    assert compiled.pop("compiled") == [True] * 5, "the compiled modules were not loaded"
    assert pure.pop("compiled") == [False] * 5
    assert compiled == pure
