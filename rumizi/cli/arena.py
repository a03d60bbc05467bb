"""``rumizi arena``: bots against bots, with statistics; ``rumizi arena-extract``: one game out.

Both write through the rich console of click's context object when a caller provides one
(``obj={"console": ...}``), like the other commands, so tests can read what they print.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

import rumizi
from rumizi.arena import report
from rumizi.arena.cluster import ClusterError, Executor, executor
from rumizi.arena.runner import (
    DEFAULT_MAX_DECISIONS,
    DEFAULT_MAX_TURNS,
    ArenaError,
    GameResult,
    plan_arena,
    read_records,
    run_plan,
)
from rumizi.arena.stats import summarize
from rumizi.core.extras import MissingExtra

PIPE_WIDTH = 110

F = TypeVar("F", bound=Callable[..., Any])


def cluster_option(command: F) -> F:
    """The ``--cluster ADDRESS`` option, for every command that farms work out (the value is
    ``None`` without it); pass it with ``--jobs`` to :func:`open_executor`."""
    return click.option(
        "--cluster",
        default=None,
        metavar="ADDRESS",
        help=(
            "Run on a Ray cluster: ray://HOST:PORT, HOST:PORT of its head, or auto for the "
            "Ray running here (needs rumizi[cluster]); --jobs then caps the pieces at once."
        ),
    )(command)


def open_executor(console: Console, jobs: int | None, cluster: str | None) -> Executor:
    """Where the work runs; a cluster that cannot be used is a red line and exit status 2."""
    try:
        return executor(jobs=jobs, cluster=cluster)
    except (ClusterError, ValueError) as err:
        console.print(Text(str(err), style="bold red"))
        raise SystemExit(2) from None


def _console(ctx: click.Context) -> Console:
    obj: dict[str, Any] = ctx.ensure_object(dict)
    console = obj.get("console")
    if isinstance(console, Console):
        return console
    console = Console(highlight=False, emoji=False)
    if not console.is_terminal:  # a file or a pipe: wide enough for the tables not to wrap
        console.width = PIPE_WIDTH
    return console


def key_values(pairs: tuple[str, ...], what: str) -> dict[str, Any]:
    """``KEY=VALUE`` options; a value is read as JSON when it can be (``3``, ``true``)."""
    out: dict[str, Any] = {}
    for item in pairs:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise click.BadParameter(f"{item!r} is not KEY=VALUE", param_hint=what)
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
    return out


@click.command()
@click.argument("game_id", metavar="GAME")
@click.option(
    "--bots",
    "bot_list",
    required=True,
    help="Comma-separated bot names, e.g. hard,medium,greedy,random (a name twice: self-play).",
)
@click.option(
    "--games",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    help="Games per pair (per table), split evenly over the seatings (rounded up to do so).",
)
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=None,
    help="Processes playing games at once (default: one per core).",
)
@cluster_option
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the whole arena.")
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write the results to this file: .json (with every game) or .csv (the tables).",
)
@click.option(
    "--records",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write every game as a JSON line (seed, options, actions, seats, result).",
)
@click.option("--players", type=click.IntRange(min=1), default=None, help="Seats per game.")
@click.option("--format", "game_format", default=None, help="The game's format (its option).")
@click.option(
    "--budget",
    type=click.FloatRange(min=0, min_open=True),
    default=None,
    help="Seconds per decision, for bots that take a budget (others ignore it).",
)
@click.option(
    "--option",
    "game_options",
    multiple=True,
    metavar="KEY=VALUE",
    help="A game option (repeatable); VALUE is JSON when it parses.",
)
@click.option(
    "--bot-option",
    "bot_options",
    multiple=True,
    metavar="KEY=VALUE",
    help="An option for every bot that takes it (repeatable); VALUE is JSON when it parses.",
)
@click.option(
    "--max-turns",
    type=click.IntRange(min=0),
    default=DEFAULT_MAX_TURNS,
    show_default=True,
    help="Stop a game after this many turns as capped (0: no cap).",
)
@click.option(
    "--max-decisions",
    type=click.IntRange(min=0),
    default=DEFAULT_MAX_DECISIONS,
    show_default=True,
    help="Stop a game after this many decisions as capped (0: no cap).",
)
@click.option(
    "--anchor",
    default=None,
    metavar="BOT",
    help="Pin this entrant's Elo at 0 (default: the entrants' mean is 1500).",
)
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.pass_context
def arena(
    ctx: click.Context,
    game_id: str,
    bot_list: str,
    games: int,
    jobs: int | None,
    cluster: str | None,
    seed: int,
    out: Path | None,
    records: Path | None,
    players: int | None,
    game_format: str | None,
    budget: float | None,
    game_options: tuple[str, ...],
    bot_options: tuple[str, ...],
    max_turns: int,
    max_decisions: int,
    anchor: str | None,
    quiet: bool,
) -> None:
    """Play bots against each other and report win rates, Elo and game lengths.

    Every pair of bots (every table of --players bots) plays --games games, each bot in each
    seat equally often; a deal is played once from every seat. Games stopped by the turn or
    decision cap are counted as capped: neither a win nor a loss. Example:

        rumizi arena star-realms --bots greedy,random --games 200 --out results.json

    With --cluster the games run on a Ray cluster, and a game whose worker is lost is played
    again, counted once. The same --seed gives the same games (here, with any --jobs, or on
    a cluster) for bots that search a fixed number of iterations; a bot given a time budget
    thinks as far as its machine lets it, so its games depend on the load.
    """
    console = _console(ctx)
    if out is not None:
        try:
            report.format_of(out)
        except ValueError as err:
            raise click.BadParameter(str(err), param_hint="--out") from None
    names = [b.strip() for b in bot_list.split(",") if b.strip()]
    options = key_values(game_options, "--option")
    if game_format is not None:
        options["format"] = game_format
    extra = key_values(bot_options, "--bot-option")
    if budget is not None:
        extra["budget"] = budget
    if players is None:
        try:
            players = rumizi.game(game_id).min_players
        except KeyError as err:
            raise click.BadParameter(str(err.args[0]), param_hint="GAME") from None
    try:
        plan = plan_arena(
            game_id,
            names,
            games,
            seed=seed,
            players=players,
            options=options,
            bot_options=extra,
            max_turns=max_turns or None,
            max_decisions=max_decisions or None,
        )
        if anchor is not None and anchor not in plan.entrants:
            raise ArenaError(f"--anchor {anchor!r} is not one of {', '.join(plan.entrants)}")
        # A wrong game option shows up at once, not in a worker after the pool has started.
        rumizi.game(game_id).new(seed=0, players=players, **options)
    except (ArenaError, ValueError, TypeError) as err:
        console.print(Text(str(err), style="bold red"))
        raise SystemExit(2) from None
    if plan.games_per_table != games:
        console.print(
            Text(
                f"{plan.games_per_table} games per table (rounded up from {games} so every "
                "seating plays equally)",
                style="yellow",
            )
        )
    total = len(plan.specs)
    bar = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[note]}"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=quiet,
    )
    task = bar.add_task(f"{game_id} arena", total=total, note="")
    capped = 0

    def advance(result: GameResult, done: int, total: int) -> None:
        nonlocal capped
        if done == 1:  # started late, so that no worker is forked while its thread runs
            bar.start()
        capped += result.capped
        bar.update(task, completed=done, note=f"capped {capped}" if capped else "")

    try:
        with open_executor(console, jobs, cluster) as runs_on:
            result = run_plan(plan, executor=runs_on, records=records, progress=advance)
    except (ArenaError, ClusterError, MissingExtra) as err:  # the last: a bot's, in a worker
        bar.stop()
        console.print(Text(str(err), style="bold red"))
        raise SystemExit(1) from None
    finally:
        bar.stop()
    summary = summarize(result, anchor=anchor)
    report.render(summary, console)
    if out is not None:
        report.write(summary, out, result)
        console.print(Text(f"results written to {out}", style="bold"))
    if records is not None:
        console.print(
            Text(
                f"{total} games written to {records}; "
                f"`rumizi arena-extract {records} INDEX game.json` takes one out for replay",
                style="bold",
            )
        )


@click.command("arena-extract")
@click.argument("records", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("index", type=click.IntRange(min=0))
@click.argument("out", type=click.Path(dir_okay=False, path_type=Path))
@click.pass_context
def arena_extract(ctx: click.Context, records: Path, index: int, out: Path) -> None:
    """Save game INDEX (0: the first) of arena RECORDS as a record for ``rumizi replay``."""
    console = _console(ctx)
    try:
        record = next(itertools.islice(read_records(records), index, None), None)
    except ValueError as err:
        console.print(Text(str(err), style="bold red"))
        raise SystemExit(2) from None
    if record is None:
        console.print(Text(f"{records} has no game {index}", style="bold red"))
        raise SystemExit(2)
    record.save(out)
    info = record.meta.get("arena", {})
    seats = ", ".join(f"seat {s}: {b}" for s, b in enumerate(info.get("seats", [])))
    status = info.get("status", "?")
    console.print(Text(f"game {index} ({seats}; {status}) saved to {out}", style="bold"))
    console.print(Text(f"replay it with: rumizi replay {out} --all", style="dim"))
