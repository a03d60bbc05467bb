"""Run a benchmark again on the compiled build (``scripts/compiled.py``, built once)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def rerun_compiled(script: str) -> None:
    """Run ``script`` again, without ``--compiled``, with the compiled build first on the path."""
    found = subprocess.run(
        [sys.executable, str(ROOT / "scripts/compiled.py")], capture_output=True, text=True
    )
    folder = found.stdout.strip()
    if not folder:
        raise SystemExit(f"no compiled build: {found.stderr.strip()}")
    argv = [a for a in sys.argv[1:] if a != "--compiled"]
    env = dict(os.environ, PYTHONPATH=folder)
    raise SystemExit(subprocess.run([sys.executable, script, *argv], env=env).returncode)
