"""What a Ray cluster costs and buys the arena: games/s here vs through Ray, and a scaling model.

    .venv/bin/python bench/arena_cluster.py           # 400 games of greedy vs random, best of 3
    .venv/bin/python bench/arena_cluster.py --games 400 --cpus 2 --slow 60

Measured in one run, on one machine, the same games each way (the same seed, so the same
moves), each kind ``--repeat`` times, its fastest run counting:

* ``jobs=1``: the arena in this process, the baseline — its games/s give ``c``, one game's cost
  on one core;
* ``jobs=N`` (N = ``--cpus``): the process pool of ``rumizi arena --jobs N``;
* Ray: a local Ray of N CPUs started here (loopback only), the path of ``--cluster``; Ray's
  start-up is timed apart and left out of the games/s;
* Ray's own cost: a batch of empty Ray tasks, which gives the driver's ceiling ``T`` (tasks it
  can hand out and take back per second, whatever the cluster; the executor puts about a
  quarter of a second of pieces in each task, so fast games go many to a task) and, from the
  arena runs, the overhead ``o`` each game adds on a worker
  (``o = N * t_ray / games - c``, the core-seconds per game beyond playing it; on a shared
  machine it also holds what the neighbours took, so it is an upper bound; Ray's time less
  the pool's on the same cores is printed too).

The model: a cluster of ``nodes`` x ``cores`` plays
``min(nodes * cores / (c + o), T * pieces a task)`` games/s. It is printed for the measured
fast games and for a slow game of ``--slow`` seconds (a search bot's game: ``hard`` thinks up
to a second a decision), where ``o`` is negligible and the cluster scales with its cores until
the driver's ceiling (one game a task: ``T`` games/s). The machine is shared, so the
figures move from run to run; the ratios in one run are what to read.
"""

from __future__ import annotations

import argparse
import os
import time

import ray

from rumizi.arena import executor, run_arena
from rumizi.arena.cluster import adaptive_chunk


def _nothing(n: int) -> int:
    return n


def timed_arena(
    games: int, seed: int, jobs: int | None = None, cluster: str | None = None
) -> tuple[float, list[list[int]]]:
    """Seconds for ``games`` games of greedy vs random, and every game's winners."""
    start = time.perf_counter()
    result = run_arena(
        "star-realms", ["greedy", "random"], games=games, seed=seed, jobs=jobs, cluster=cluster
    )
    return time.perf_counter() - start, [g.winners for g in result.games]


def best_of(
    runs: int, games: int, seed: int, jobs: int | None = None, cluster: str | None = None
) -> tuple[float, list[list[int]]]:
    """The fastest of ``runs`` identical runs (the others lost time to the machine's neighbours)."""
    timings = [timed_arena(games, seed, jobs=jobs, cluster=cluster) for _ in range(runs)]
    return min(t for t, _ in timings), timings[0][1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games per run (one pair)")
    parser.add_argument("--cpus", type=int, default=2, help="CPUs of the pool and the Ray")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tasks", type=int, default=2000, help="empty tasks for the ceiling")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each kind; the best")
    parser.add_argument("--slow", type=float, default=30.0, help="seconds of a slow game")
    args = parser.parse_args()
    n = args.cpus
    print(f"{os.cpu_count()} cores here (shared); {args.games} games of greedy vs random")

    timed_arena(4 * n, args.seed + 1, jobs=1)  # imports and first-game costs, left out
    serial, winners = best_of(args.repeat, args.games, args.seed, jobs=1)
    pooled, pool_winners = best_of(args.repeat, args.games, args.seed, jobs=n)

    start = time.perf_counter()
    ray.init(
        num_cpus=n,
        include_dashboard=False,
        _node_ip_address="127.0.0.1",
        logging_level="WARNING",
        log_to_driver=False,
    )
    startup = time.perf_counter() - start
    timed_arena(min(args.games, 4 * n), args.seed + 1, cluster="auto")  # warm the workers
    on_ray, ray_winners = best_of(args.repeat, args.games, args.seed, cluster="auto")
    assert ray_winners == winners == pool_winners, "the same seeds must play the same games"

    nothing = ray.remote(num_cpus=1)(_nothing)
    ray.get([nothing.remote(i) for i in range(100)])  # warm
    start = time.perf_counter()
    ray.get([nothing.remote(i) for i in range(args.tasks)])
    empty = time.perf_counter() - start
    with executor(cluster="auto") as ex:  # the executor's own path: its answers, in order
        assert ex.map(_nothing, range(args.tasks)) == list(range(args.tasks))
    ray.shutdown()

    c = serial / args.games
    tasks_per_s = args.tasks / empty

    def ceiling(seconds: float) -> float:  # pieces/s the driver passes at that piece's size
        return tasks_per_s * adaptive_chunk(seconds, 10**9, 1)

    overhead = max(0.0, n * on_ray / args.games - c)
    print(f"Ray start-up (local, {n} CPUs): {startup:.1f} s, left out below")
    print(f"{'where':<14}{'games/s':>10}{'vs jobs=1':>11}")
    for name, seconds in (("jobs=1", serial), (f"jobs={n}", pooled), (f"ray {n} CPUs", on_ray)):
        print(f"{name:<14}{args.games / seconds:>10.1f}{serial / seconds:>10.2f}x")
    print(
        f"c = {c * 1e3:.2f} ms a game on one core; o = {overhead * 1e3:.2f} ms of Ray per game "
        f"on a worker; T = {tasks_per_s:.0f} tasks/s through the driver ({args.tasks} empty ones)"
    )
    vs_pool = n * (on_ray - pooled) / args.games
    print(
        f"Ray vs the pool on the same {n} cores: {vs_pool * 1e3:+.2f} ms a game "
        "(a negative figure: the neighbours took more from the pool's runs)"
    )
    print(f"same games each way: {ray_winners == winners}")
    print("model: games/s = min(nodes * cores / (c + o), T * pieces a task)")
    shapes = [(1, 2), (1, 16), (4, 16), (16, 32), (64, 64)]
    print(f"{'nodes x cores':<15}{'fast games/s':>14}{f'{args.slow:g} s games/s':>16}")
    for nodes, cores in shapes:
        fast = min(nodes * cores / (c + overhead), ceiling(c + overhead))
        slow = min(nodes * cores / (args.slow + overhead), ceiling(args.slow + overhead))
        print(f"{f'{nodes} x {cores}':<15}{fast:>14.0f}{slow:>16.2f}")


if __name__ == "__main__":
    main()
