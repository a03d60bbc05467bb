"""``rumizi puzzles mine GAME`` and ``rumizi puzzles verify``: puzzles from self-play, checked.

The work is in :mod:`rumizi.puzzles`; this module reads the options and reports.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import click
from rich.console import Console

from rumizi import puzzles as library
from rumizi.cli.arena import cluster_option, open_executor


@click.group()
def puzzles() -> None:
    """Puzzles from real games, with answers the engine proves."""


@puzzles.command()
@click.argument("game_id", metavar="GAME")
@click.option("--games", type=click.IntRange(1), default=50, show_default=True,
              help="Self-play games to mine.")  # fmt: skip
@click.option("--seed", type=int, default=0, show_default=True,
              help="The same seed finds the same puzzles.")  # fmt: skip
@click.option("--bot", default="greedy", show_default=True, help="The bot at every seat.")
@click.option("--from-db", "db_url", default=None, metavar="URL",
              help="Mine the finished tables of this server database instead (e.g. "
              "sqlite:///path/rumizi.sqlite3 or postgresql://...); --games is then how many "
              "of the newest, and --seed and --bot are unused.")  # fmt: skip
@click.option("--jobs", type=click.IntRange(1), default=1, show_default=True,
              help="Self-play games at once, in worker processes (or Ray tasks).")  # fmt: skip
@cluster_option
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="Puzzle file to write (.jsonl, or .jsonl.gz compressed).")  # fmt: skip
@click.pass_context
def mine(
    ctx: click.Context,
    game_id: str,
    games: int,
    seed: int,
    bot: str,
    db_url: str | None,
    jobs: int,
    cluster: str | None,
    out: Path,
) -> None:
    """Mine GAME's self-play games (or a server's finished games) for puzzles and write
    them to --out."""
    try:
        if db_url is not None:
            found, where = _from_db(game_id, db_url, games)
        else:
            with open_executor(Console(stderr=True), jobs, cluster) as runs_on:
                found = list(library.mine(game_id, games, seed=seed, bot=bot, runs_on=runs_on))
            where = f"{games} games"
    except (KeyError, ValueError) as err:
        raise click.ClickException(str(err).strip("'\"")) from None
    library.write_file(out, found)
    kinds = Counter(p.kind for p in found)
    said = ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items())) or "none"
    click.echo(f"{len(found)} puzzles from {where} ({said}) -> {out}")


def _from_db(game_id: str, db_url: str, games: int) -> tuple[list[library.Puzzle], str]:
    """The puzzles of the newest ``games`` finished tables of ``game_id`` in that database."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from rumizi.core.registry import game
    from rumizi.server.db import make_engine
    from rumizi.server.puzzle_mining import mine_finished
    from rumizi.server.store import Store

    game(game_id)  # an unknown game is said before the database is opened
    try:
        engine = make_engine(db_url)
    except (ArgumentError, ImportError) as err:  # not a URL, or no driver for it
        raise click.ClickException(f"cannot open the database {db_url}: {err}") from None
    try:
        store = Store(engine)  # read only: the server that owns it keeps it migrated
        tables = len(store.finished_table_ids(game_id, games))
        return list(mine_finished(store, game_id, games)), f"{tables} finished tables"
    except SQLAlchemyError as err:
        raise click.ClickException(f"cannot read the tables of {db_url}: {err}") from None
    finally:
        engine.dispose()


@puzzles.command()
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False, path_type=Path))
def verify(files: tuple[Path, ...]) -> None:
    """Prove every puzzle of FILES again (the shipped sets without FILES): each stated
    answer must be its puzzle's only one. Exits 1 if any is not."""
    sets: list[tuple[str, list[library.Puzzle]]] = []
    try:
        for path in files:
            sets.append((str(path), library.read_file(path)))
    except ValueError as err:
        raise click.ClickException(str(err)) from None
    if not files:
        sets = [(f"shipped {g}", library.shipped(g)) for g in library.games_with_puzzles()]
    failed = 0
    for name, found in sets:
        wrong = [p.id for p in found if not library.verify(p)]
        failed += len(wrong)
        click.echo(f"{name}: {len(found) - len(wrong)} of {len(found)} verified")
        for puzzle_id in wrong:
            click.echo(f"  not proved: {puzzle_id}")
    if failed:
        raise SystemExit(1)
