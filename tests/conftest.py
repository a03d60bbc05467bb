"""What the whole suite shares: the compiled build starts in the background at once, and
the property tests' examples are fixed in CI.

The mypyc build that the games' ``test_compiled.py`` compare against takes minutes of one
core; started when the session begins (only when the session holds those tests and the cache
lacks the current build), it runs beside the other tests instead of before the first compiled
test. ``tests/games/compiled_build.py`` waits for it.

Under ``CI`` (set by the CI runner) Hypothesis derandomizes: every run of a commit tries the
same examples, so a verdict on a commit is the same each time it is asked for. Everywhere
else each run tries new examples, which is where a new counterexample shows up first.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from pathlib import Path

import pytest
from hypothesis import settings

from tests.games.compiled_build import start_background_build

TESTS = Path(__file__).resolve().parent

settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
_build: subprocess.Popen[bytes] | None = None


def _runs_compiled_tests(config: pytest.Config) -> bool:
    """Whether the paths given (the test paths by default) hold a ``test_compiled.py``."""
    compiled = list(TESTS.glob("games/*/test_compiled.py"))
    paths = [Path(arg.split("::")[0]).resolve() for arg in config.args]
    return any(test == path or path in test.parents for test in compiled for path in paths)


def pytest_sessionstart(session: pytest.Session) -> None:
    global _build
    if hasattr(session.config, "workerinput"):
        return  # a pytest-xdist worker: the controller started the build
    if _runs_compiled_tests(session.config):
        _build = start_background_build()


def pytest_sessionfinish(session: pytest.Session) -> None:
    if _build is not None and _build.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(_build.pid, signal.SIGTERM)  # the session ended before it needed it
        _build.wait()
