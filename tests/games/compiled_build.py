"""The compiled build the games' ``test_compiled.py`` share (built once per test session by
the ``compiled_copy`` fixture of ``tests/games/conftest.py``).

setup.py's ``COMPILED`` modules (the Star Realms and Splendor Duel engines and what they
import at every step) are compiled with mypyc into a copy of the package — minutes of CPU on
two cores — once, for every game's ``test_compiled.py``.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[2]


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


def build_compiled(root: Path) -> None:
    """Compile setup.py's ``COMPILED`` modules into a copy of the package under ``root``."""
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
        timeout=1800,
    )
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
