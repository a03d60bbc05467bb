"""scripts/compiled.py: what scripts/serve runs is rebuilt only when the compiled sources change."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]


def load_script(root: Path) -> ModuleType:
    """scripts/compiled.py as a module whose repository root is ``root``."""
    spec = importlib.util.spec_from_file_location("compiled_script", REPO / "scripts/compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.ROOT = root
    return module


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    for name in ("rumizi/core/rng.py", "rumizi/core/contract.py", "rumizi/games/g/engine.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(f"# {name}\n")
    (tmp_path / "rumizi/games/g/texts.py").write_text("WORDS = 1\n")
    return tmp_path


def test_the_build_key_follows_the_compiled_sources_and_core_only(tree: Path) -> None:
    script = load_script(tree)
    sources = ["rumizi/games/g/engine.py"]
    key = script.build_key(sources, [])
    (tree / "rumizi/games/g/texts.py").write_text("WORDS = 2\n")
    assert script.build_key(sources, []) == key  # an uncompiled module: no rebuild
    (tree / "rumizi/games/g/engine.py").write_text("X = 1\n")
    changed = script.build_key(sources, [])
    assert changed != key
    (tree / "rumizi/core/contract.py").write_text("Y = 1\n")  # what compiled classes build on
    assert script.build_key(sources, []) != changed
    assert script.build_key(sources, ["--strict"]) != script.build_key(sources, [])


def test_each_start_copies_only_changed_files_and_drops_deleted_ones(tree: Path) -> None:
    script = load_script(tree)
    target = tree / "runtime" / "rumizi"
    script.sync_tree(tree / "rumizi", target)
    copied = target / "games/g/texts.py"
    assert copied.read_text() == "WORDS = 1\n"
    cache = target / "games/g/__pycache__"
    cache.mkdir()
    (cache / "texts.pyc").write_bytes(b"kept")
    before = (target / "core/rng.py").stat().st_mtime_ns
    (tree / "rumizi/games/g/texts.py").write_text("WORDS = 22\n")
    (tree / "rumizi/games/g/engine.py").unlink()
    script.sync_tree(tree / "rumizi", target)
    assert copied.read_text() == "WORDS = 22\n"
    assert not (target / "games/g/engine.py").exists()
    assert (target / "core/rng.py").stat().st_mtime_ns == before  # unchanged: not copied again
    assert (cache / "texts.pyc").read_bytes() == b"kept"  # bytecode caches survive


def test_without_a_c_compiler_it_serves_pure_python(tmp_path: Path) -> None:
    python = Path(sys.executable)
    done = subprocess.run(
        [str(python), str(REPO / "scripts/compiled.py")],
        env={**os.environ, "PATH": str(tmp_path)},  # no cc, no gcc
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0
    assert done.stdout == ""
    assert "pure-Python" in done.stderr
