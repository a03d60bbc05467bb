"""The compiled package that scripts/serve runs, built once and rebuilt only when it must be.

    .venv/bin/python scripts/compiled.py    # prints the folder to put on PYTHONPATH, or nothing
    .venv/bin/python scripts/compiled.py --build-only    # fills the cache, prints nothing

The modules that setup.py lists in ``COMPILED`` are compiled with mypyc into a cache under
``.venv/rumizi-compiled/``, keyed by a hash of those sources, of ``rumizi/core`` (whose classes
they build on), of the compiler options and of the Python and mypy versions: the minute-long
build happens again only when one of them changes. Each start then lays a copy of the current
source tree in ``.venv/rumizi-serve/`` (only changed files are copied, so Python's bytecode
cache stays valid) and puts the compiled extensions beside it, where they take precedence over
the ``.py`` files of the same modules. Every other edit of the source is thus live at the next
start, without a ``pip install``.

The test suite shares the cache: it starts ``--build-only`` in the background when a session
begins and its compiled-build fixture waits for it. A lock file lets one build run at a time;
whoever comes second finds the build in the cache.

Without a C compiler, or if the build fails, it says so on standard error and prints nothing:
scripts/serve then serves the pure-Python package from the editable install.
"""

from __future__ import annotations

import ast
import fcntl
import hashlib
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
CACHE = VENV / "rumizi-compiled"
RUNTIME = VENV / "rumizi-serve"
EXTENSION = str(sysconfig.get_config_var("EXT_SUFFIX") or ".so")


def setup_list(name: str) -> list[str]:
    """A list of strings assigned in setup.py (read, not imported: importing it would build)."""
    for node in ast.parse((ROOT / "setup.py").read_text(encoding="utf-8")).body:
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id == name
        ):
            return [str(item) for item in ast.literal_eval(node.value)]
    raise SystemExit(f"setup.py has no {name} list")


def build_key(sources: list[str], options: list[str]) -> str:
    """A hash of everything the compiled extensions depend on."""
    import mypy.version

    digest = hashlib.sha256()
    digest.update(f"{sys.version}|{mypy.version.__version__}|{options}".encode())
    inputs = sorted(
        {*sources, *(str(p.relative_to(ROOT)) for p in (ROOT / "rumizi/core").glob("*.py"))}
    )
    for name in inputs:
        digest.update(name.encode())
        digest.update((ROOT / name).read_bytes())
    return digest.hexdigest()[:16]


def build(sources: list[str], options: list[str], target: Path) -> None:
    """Compile ``sources`` in a scratch copy of the package; keep only the extensions."""
    scratch = CACHE / "scratch"
    shutil.rmtree(scratch, ignore_errors=True)
    shutil.copytree(
        ROOT / "rumizi",
        scratch / "rumizi",
        ignore=shutil.ignore_patterns("__pycache__", f"*{EXTENSION}", "static"),
    )
    print("Compiling the engines with mypyc (once; a few minutes).", file=sys.stderr)
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", *options, *sources],
        cwd=scratch,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        shutil.rmtree(scratch, ignore_errors=True)
        tail = (done.stdout + done.stderr).strip().splitlines()[-3:]
        raise RuntimeError("mypyc failed: " + " / ".join(tail))
    partial = target.with_suffix(".partial")
    shutil.rmtree(partial, ignore_errors=True)
    for extension in scratch.rglob(f"*{EXTENSION}"):
        if "build" in extension.relative_to(scratch).parts:
            continue  # mypyc's own intermediate copies
        place = partial / extension.relative_to(scratch)
        place.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(extension, place)
    shutil.rmtree(scratch, ignore_errors=True)
    partial.rename(target)  # a build is in the cache whole or not at all


def sync_tree(source: Path, target: Path) -> None:
    """Make ``target`` hold the ``.py`` and data files of ``source``, copying only changes."""
    wanted: set[Path] = set()
    for path in source.rglob("*"):
        relative = path.relative_to(source)
        if "__pycache__" in relative.parts or path.name.endswith(EXTENSION) or path.is_dir():
            continue
        wanted.add(relative)
        copy = target / relative
        stat = path.stat()
        if (
            copy.exists()
            and copy.stat().st_mtime == stat.st_mtime
            and copy.stat().st_size == stat.st_size
        ):
            continue
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, copy)
    if target.exists():
        for path in list(target.rglob("*")):
            relative = path.relative_to(target)
            if path.is_file() and "__pycache__" not in relative.parts and relative not in wanted:
                path.unlink()


def ensure_built() -> Path:
    """The cached build of the current sources: made now (under the lock) if it is missing.

    Raises RuntimeError or OSError when the build fails.
    """
    sources = setup_list("COMPILED")
    options = setup_list("MYPYC_OPTIONS")
    key = build_key(sources, options)
    built = CACHE / key
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, or the process dies
        if not built.is_dir():
            build(sources, options, built)
            for old in CACHE.iterdir():
                if old.is_dir() and old.name != key:
                    shutil.rmtree(old, ignore_errors=True)
    return built


def main() -> int:
    if not (shutil.which("cc") or shutil.which("gcc")):
        print("No C compiler found: serving the pure-Python package.", file=sys.stderr)
        return 0
    try:
        built = ensure_built()
    except (RuntimeError, OSError) as err:
        print(f"Compiled build failed ({err}): serving the pure-Python package.", file=sys.stderr)
        return 0
    if "--build-only" in sys.argv[1:]:
        return 0
    sync_tree(ROOT / "rumizi", RUNTIME / "rumizi")
    for extension in RUNTIME.rglob(f"*{EXTENSION}"):
        extension.unlink()  # extensions of an earlier build
    for extension in built.rglob(f"*{EXTENSION}"):
        place = RUNTIME / extension.relative_to(built)
        place.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(extension, place)
    print(RUNTIME)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
