"""The compiled build (``RUMIZI_COMPILE=1 pip install .``, see setup.py) plays exactly like the
pure-Python package.

The modules setup.py lists are compiled with mypyc into a copy of the package (about a minute
on two cores); a subprocess importing that copy computes the fingerprints of
``compiled_probe.py`` — games in every format, refusals, exports, views, samples, the strong
heuristic's moves and evaluations — and they must equal the ones computed here.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.games.star_realms import compiled_probe

REPO = Path(__file__).resolve().parents[3]


def _compiled_script() -> ModuleType:
    """scripts/compiled.py, whose reading of setup.py's lists scripts/serve uses too."""
    spec = importlib.util.spec_from_file_location("compiled_script", REPO / "scripts/compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def setup_list(name: str) -> list[str]:
    """A list of strings assigned in setup.py (read, not imported: importing it would build)."""
    found: list[str] = _compiled_script().setup_list(name)
    return found


@pytest.fixture(scope="module")
def compiled_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("compiled")
    shutil.copytree(
        REPO / "rumizi",
        root / "rumizi",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "static"),
    )
    build = subprocess.run(
        [sys.executable, "-m", "mypyc", *setup_list("MYPYC_OPTIONS"), *setup_list("COMPILED")],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    return root


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
