"""Arena games on a Ray cluster: the same games as on one machine, a lost worker's games again.

Not collected by the suite itself: ``test_cluster.py`` runs this file in a pytest of its own,
so that a Ray that crashes or hangs fails that one test instead of taking a pytest-xdist worker
(and with it the whole run) down. One local Ray of 2 CPUs serves the whole module (Ray takes
seconds to start), bound to the loopback address so nothing leaves the machine. ``ray`` comes
with the ``cluster`` extra, which the test script installs, so these tests always run.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
import ray
from click.testing import CliRunner

from rumizi.arena import (
    ClusterError,
    GameResult,
    GameSpec,
    executor,
    plan_arena,
    run_arena,
    run_plan,
)
from rumizi.arena.cluster import RayExecutor
from rumizi.cli.main import cli

BOTS = ["random", "greedy"]

# The helpers below travel to the Ray workers by value: the workers cannot import this file.
ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    """A Ray of 2 CPUs on 127.0.0.1 for this module; ``cluster="auto"`` finds it."""
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        _node_ip_address="127.0.0.1",
        logging_level="WARNING",
        log_to_driver=False,
    )
    yield
    ray.shutdown()


def games_of(path: Path) -> list[dict[str, Any]]:
    """The records file's games, less the seconds the bots took (the one thing that varies)."""
    games = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for game in games:
        del game["meta"]["arena"]["seconds"]
    return games


def test_a_tournament_on_ray_plays_the_same_games_as_on_one_machine(tmp_path: Path) -> None:
    # Here in this process (jobs=1): a pool forked from a Ray driver inherits Ray's
    # connections and threads half-made, and once took this test process down with it.
    here = run_arena("star-realms", BOTS, games=6, seed=5, jobs=1, records=tmp_path / "here")
    seen: list[int] = []
    there = run_arena(
        "star-realms",
        BOTS,
        games=6,
        seed=5,
        cluster="auto",
        records=tmp_path / "there",
        progress=lambda result, done, total: seen.append(done),
    )
    assert there.jobs == 2  # the cluster's CPUs
    assert seen == [1, 2, 3, 4, 5, 6]
    assert games_of(tmp_path / "there") == games_of(tmp_path / "here")
    assert [g.index for g in there.games] == list(range(6))
    assert [g.winners for g in there.games] == [g.winners for g in here.games]


def test_records_stream_in_while_the_cluster_plays(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    lines_seen: list[int] = []

    def look(result: GameResult, done: int, total: int) -> None:
        lines_seen.append(len(path.read_text(encoding="utf-8").splitlines()))

    run_arena("star-realms", BOTS, games=4, seed=2, cluster="auto", records=path, progress=look)
    # Each line is written as soon as the games before it are in; all are there by the last.
    assert lines_seen == sorted(lines_seen) and lines_seen[-1] == 4


class DiesOnce:
    """Play the game, except that game ``index`` first kills its worker process (once: the
    marker file says it happened)."""

    def __init__(self, play: Callable[[GameSpec], GameResult], index: int, marker: str) -> None:
        self.play, self.index, self.marker = play, index, marker

    def __call__(self, spec: GameSpec) -> GameResult:
        if spec.index == self.index and not os.path.exists(self.marker):
            Path(self.marker).write_text(str(os.getpid()), encoding="utf-8")
            os._exit(1)  # the worker process dies mid-game, as a lost machine would
        return self.play(spec)


class LosesAWorker(RayExecutor):
    """A Ray executor whose worker dies in the middle of one game."""

    def __init__(self, index: int, marker: Path, max_retries: int = 3) -> None:
        super().__init__("auto", max_retries=max_retries)
        self.index, self.marker = index, str(marker)

    def imap_unordered(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        return super().imap_unordered(DiesOnce(fn, self.index, self.marker), items)


def test_a_lost_workers_game_is_played_again_and_counted_once(tmp_path: Path) -> None:
    plan = plan_arena("star-realms", BOTS, games=8, seed=7)
    marker = tmp_path / "died"
    done: list[int] = []
    with LosesAWorker(index=3, marker=marker) as lossy:
        lost = run_plan(
            plan,
            executor=lossy,
            records=tmp_path / "lost",
            progress=lambda result, n, total: done.append(result.index),
        )
    assert marker.exists() and int(marker.read_text()) != os.getpid()  # a worker did die
    assert sorted(done) == list(range(8))  # every game once, game 3 included
    assert [g.index for g in lost.games] == list(range(8))
    run_arena("star-realms", BOTS, games=8, seed=7, jobs=1, records=tmp_path / "whole")
    assert games_of(tmp_path / "lost") == games_of(tmp_path / "whole")


def test_a_game_lost_more_often_than_retried_stops_the_run(tmp_path: Path) -> None:
    plan = plan_arena("star-realms", BOTS, games=4, seed=7)
    with (
        LosesAWorker(index=1, marker=tmp_path / "died", max_retries=0) as lossy,
        pytest.raises(ClusterError, match="lost with its worker 1 time"),
    ):
        run_plan(plan, executor=lossy)


def _square(n: int) -> int:
    return n * n


def _refuse_three(n: int) -> int:
    if n == 3:
        raise ValueError("three is refused")
    return n


def test_an_executor_maps_in_order_and_its_errors_come_back_as_raised() -> None:
    with executor(cluster="auto") as ex:
        assert ex.map(_square, range(7)) == [0, 1, 4, 9, 16, 25, 36]
        assert sorted(ex.imap_unordered(_square, [3, 1, 2])) == [1, 4, 9]
        with pytest.raises(ValueError, match="three is refused"):
            ex.map(_refuse_three, range(6))
    with executor(jobs=1) as ex:  # not a forked pool: this process drives Ray (above)
        assert ex.map(_square, range(7)) == [0, 1, 4, 9, 16, 25, 36]
    assert ray.is_initialized()  # a connection the executor did not open stays open
    with pytest.raises(ValueError, match="cluster address"):
        executor(cluster=" ")
    with pytest.raises(ValueError, match="jobs"):
        executor(jobs=0, cluster="auto")


def test_the_cli_reports_a_cluster_run_like_a_local_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["arena", "star-realms", "--quiet", "--bots", "greedy,random", "--games", "4"]
    runs = {}
    # Here with one job, in this process: a pool forked from a Ray driver is not safe (above).
    for where, how in (("here", ["--jobs", "1"]), ("there", ["--cluster", "auto"])):
        (tmp_path / where).mkdir()
        monkeypatch.chdir(tmp_path / where)
        runs[where] = CliRunner().invoke(cli, [*args, *how, "--records", "games.jsonl"])
        assert runs[where].exit_code == 0, runs[where].output
    here, there = runs["here"], runs["there"]

    def steady(output: str) -> list[str]:  # the report with its timings (and widths) blanked
        timed = re.sub(r"[\d.,]+ ?(µs|ms|s)\b", "T", output)
        timed = re.sub(r"\d+ job\(s\)", "N job(s)", timed)
        return [re.sub(r"\s+", " ", re.sub("─+", "─", line)) for line in timed.splitlines()]

    assert steady(there.output) == steady(here.output)
    assert "2 job(s)" in there.output
    assert games_of(tmp_path / "there/games.jsonl") == games_of(tmp_path / "here/games.jsonl")
