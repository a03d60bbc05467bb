"""Bot arenas: round robins between bots, with win rates, Elo ratings and game records.

>>> from rumizi.arena import run_arena, summarize
>>> arena = run_arena("star-realms", ["greedy", "random"], games=2, seed=3, jobs=1)
>>> summary = summarize(arena)
>>> [(b.label, b.wins, b.losses) for b in summary.bots]
[('greedy', 2, 0), ('random', 0, 2)]

Games run here or on a Ray cluster (:mod:`rumizi.arena.cluster`). The command line is
``rumizi arena`` (see :mod:`rumizi.cli.arena`).
"""

from rumizi.arena.cluster import ClusterError, Executor, executor
from rumizi.arena.report import render, to_json, write
from rumizi.arena.runner import (
    ArenaError,
    ArenaPlan,
    ArenaResult,
    GameResult,
    GameSpec,
    plan_arena,
    play_game,
    read_records,
    run_arena,
    run_plan,
)
from rumizi.arena.stats import Summary, bradley_terry, elo_ratings, summarize, wilson

__all__ = [
    "ArenaError",
    "ArenaPlan",
    "ArenaResult",
    "ClusterError",
    "Executor",
    "GameResult",
    "GameSpec",
    "Summary",
    "bradley_terry",
    "elo_ratings",
    "executor",
    "plan_arena",
    "play_game",
    "read_records",
    "render",
    "run_arena",
    "run_plan",
    "summarize",
    "to_json",
    "wilson",
    "write",
]
