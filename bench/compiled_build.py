"""Run a benchmark on the compiled build (``scripts/compiled.py``, built once), or on both
builds in turn to compare them."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def compiled_folder() -> str:
    """The folder that holds the compiled build (made now if the cache lacks it)."""
    found = subprocess.run(
        [sys.executable, str(ROOT / "scripts/compiled.py")], capture_output=True, text=True
    )
    folder = found.stdout.strip()
    if not folder:
        raise SystemExit(f"no compiled build: {found.stderr.strip()}")
    return folder


def rerun_compiled(script: str) -> None:
    """Run ``script`` again, without ``--compiled``, with the compiled build first on the path."""
    argv = [a for a in sys.argv[1:] if a != "--compiled"]
    env = dict(os.environ, PYTHONPATH=compiled_folder())
    raise SystemExit(subprocess.run([sys.executable, script, *argv], env=env).returncode)


def compare_builds(script: str, title: str, seconds: float, seed: int, rounds: int) -> None:
    """Run ``script --figures`` on both builds, ``rounds`` turns each, alternating (the
    machine's noise falls on both alike); print the medians and the speed-ups.

    ``script --figures`` prints one JSON object of figures (higher is faster) with
    ``"compiled"``: whether it ran compiled, which is checked against the build asked for.
    """
    envs = {
        "pure": {k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        "compiled": dict(os.environ, PYTHONPATH=compiled_folder()),
    }
    runs: dict[str, list[dict[str, Any]]] = {"pure": [], "compiled": []}
    for r in range(rounds):
        for build, env in envs.items():
            argv = ["--figures", f"--seconds={seconds}", f"--seed={seed + r}"]
            child = subprocess.run(
                [sys.executable, script, *argv], env=env, capture_output=True, text=True, check=True
            )
            figures = json.loads(child.stdout)
            assert figures.pop("compiled") == (build == "compiled"), f"{build}: wrong build"
            runs[build].append(figures)
    print(
        f"{title}, pure Python against compiled — Python {sys.version.split()[0]}, "
        f"one thread each, ~{seconds:g} CPU s per figure, median of {rounds} rounds"
    )
    width = max(len(key) for key in runs["pure"][0]) + 2
    print(f"  {'':{width}} {'pure':>12} {'compiled':>12} {'speed-up':>9}")
    for key in runs["pure"][0]:
        pure = statistics.median(f[key] for f in runs["pure"])
        fast = statistics.median(f[key] for f in runs["compiled"])
        print(f"  {key:{width}} {pure:12,.1f} {fast:12,.1f} {fast / pure:8.2f}×")
