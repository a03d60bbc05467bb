"""Arena games on a Ray cluster (``ray_cases.py``, in a process of its own), and a Rumizi
without Ray: a clear error for a cluster, nothing missing for the rest."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from rumizi.arena import ClusterError, executor
from rumizi.cli.main import cli

RAY_CASES = Path(__file__).with_name("ray_cases.py")


def test_the_ray_cases_pass_in_a_pytest_of_their_own(tmp_path: Path) -> None:
    # Ray's processes share the child's session, so that a hang is ended with all of them.
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
               "-o", "addopts=--import-mode=importlib", f"--basetemp={tmp_path / 'cases'}",
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
    assert child.returncode == 0, output[-8000:]
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
