"""The compiled build (``RUMIZI_COMPILE=1 pip install .``, see setup.py) plays exactly like the
pure-Python package.

The modules setup.py lists are compiled with mypyc into a copy of the package (once per test
session, shared with Splendor Duel's test: ``tests/games/conftest.py``); a subprocess
importing that copy computes the fingerprints of ``compiled_probe.py`` — games in every
format, refusals, exports, views, samples, the strong heuristic's moves and evaluations — and
they must equal the ones computed here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.games.compiled_build import setup_list
from tests.games.star_realms import compiled_probe

REPO = Path(__file__).resolve().parents[3]


def test_setup_compiles_modules_that_exist() -> None:
    modules = setup_list("COMPILED")
    assert "rumizi/games/star_realms/engine.py" in modules
    assert all((REPO / m).is_file() for m in modules)


def test_the_compiled_build_plays_exactly_like_pure_python(compiled_copy: Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(compiled_copy), str(REPO)])}
    run = subprocess.run(
        [sys.executable, "-m", "tests.games.star_realms.compiled_probe"],
        cwd=compiled_copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    compiled = json.loads(run.stdout)
    pure = compiled_probe.fingerprints()
    assert compiled.pop("compiled") is True, "the subprocess did not load the compiled modules"
    assert pure.pop("compiled") is False
    assert compiled == pure
