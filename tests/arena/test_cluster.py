"""Arena games on a Ray cluster (``ray_cases.py``, in a process of its own), and a Rumizi
without Ray: a clear error for a cluster, nothing missing for the rest."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from rumizi.arena import ClusterError, executor
from rumizi.cli.main import cli

RAY_CASES = Path(__file__).with_name("ray_cases.py")


def _run_ray_cases(basetemp: Path) -> tuple[int, str]:
    """The Ray cases' pytest in a process (and session) of its own: its exit status and output."""
    # Ray's processes share the child's session, so that a hang is ended with all of them.
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
               "-o", "addopts=--import-mode=importlib", f"--basetemp={basetemp}",
               str(RAY_CASES)]  # fmt: skip
    child = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
        cwd=RAY_CASES.parents[2],
    )
    try:
        output, _ = child.communicate(timeout=300)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        output, _ = child.communicate()
        pytest.fail(f"the Ray cases did not end in 300 s:\n{output[-6000:]}")
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, signal.SIGKILL)  # whatever Ray left behind
    return child.returncode, output


def _pytest_summary(output: str) -> bool:
    """Whether pytest got as far as its closing line (``N passed``, ``N failed``, ...)."""
    return re.search(r"^=*\s*\d+ (passed|failed|error)", output, re.MULTILINE) is not None


def test_the_ray_cases_pass_in_a_pytest_of_their_own(tmp_path: Path) -> None:
    status, output = _run_ray_cases(tmp_path / "cases")
    if status != 0 and not _pytest_summary(output):
        # The process died before pytest could report (twice in CI rehearsals on a loaded
        # 2-core machine: Ray's driver exits when its local node misses a health check). That
        # is the machine, not a case: one more run, whose verdict stands. A case that fails
        # is reported by pytest's summary and is never run again.
        status, output = _run_ray_cases(tmp_path / "again")
    assert status == 0, output[-8000:]
    assert " passed" in output and "skipped" not in output, output[-2000:]


def test_without_ray_a_cluster_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails, as if not installed
    with pytest.raises(ClusterError, match=r"rumizi\[cluster\]"):
        executor(cluster="auto")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(
        cli, ["arena", "star-realms", "--quiet", "--bots", "greedy,random", "--games", "2",
              "--cluster", "auto"],
    )  # fmt: skip
    assert result.exit_code == 2
    assert "needs Ray: pip install 'rumizi[cluster]'" in result.output


def test_rumizi_and_a_local_arena_need_no_ray() -> None:
    script = (
        "import sys; sys.modules['ray'] = None\n"
        "import rumizi, rumizi.arena, rumizi.cli.main\n"
        "a = rumizi.arena.run_arena('star-realms', ['greedy', 'random'], games=2, jobs=1)\n"
        "print(len(a.games))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "2"
