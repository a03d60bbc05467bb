"""What the games' tests share: one compiled build of the package per test session.

setup.py's ``COMPILED`` modules (every game's engine with what it imports at every step, its
document reader, sampler and playout policies, and the Fantasy Realms scorer) are compiled
with mypyc into a copy of the package — minutes of CPU on two cores — once, for every game's
``test_compiled.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.compiled_build import build_compiled


@pytest.fixture(scope="session")
def compiled_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package with setup.py's ``COMPILED`` modules compiled beside their
    sources (the extensions are imported in their place)."""
    root = tmp_path_factory.mktemp("compiled")
    build_compiled(root)
    return root
