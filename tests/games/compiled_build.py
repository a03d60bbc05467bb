"""The compiled build the games' ``test_compiled.py`` share (built once per test session by
the ``compiled_copy`` fixture of ``tests/games/conftest.py``).

setup.py's ``COMPILED`` modules (every game's engine with what it imports at every step, its
document reader, sampler and playout policies, and the Fantasy Realms scorer) are compiled
with mypyc — minutes of CPU on two cores — into the cache that ``scripts/serve`` uses
(``scripts/compiled.py``, keyed by the sources' hash), so an unchanged tree is not compiled
again. ``tests/conftest.py`` starts that build in the background when a session begins; the
fixture waits for it and lays the extensions beside a copy of the package.
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
    """A copy of the package under ``root`` with setup.py's ``COMPILED`` modules compiled."""
    script = _compiled_script()
    built: Path = script.ensure_built()  # waits for a build under way; raises if it fails
    shutil.copytree(
        REPO / "rumizi",
        root / "rumizi",
        ignore=shutil.ignore_patterns("__pycache__", f"*{script.EXTENSION}", "static"),
    )
    extensions = list(built.rglob(f"*{script.EXTENSION}"))
    assert extensions, f"the compiled build in {built} holds no extension"
    for extension in extensions:
        place = root / extension.relative_to(built)
        place.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(extension, place)


def start_background_build() -> subprocess.Popen[bytes] | None:
    """Start filling the compiled cache in a process of its own (None without a C compiler)."""
    if not (shutil.which("cc") or shutil.which("gcc")):
        return None
    return subprocess.Popen(
        [sys.executable, str(REPO / "scripts/compiled.py"), "--build-only"],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
