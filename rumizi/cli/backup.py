"""``rumizi backup OUT`` and ``rumizi restore IN``: the server's database to a file and back.

The work is in :mod:`rumizi.server.backup`; this module reads the options. The database is
found as ``rumizi serve`` finds it: ``--database`` (alias ``--db``), else SQLite in
``--data-dir`` (default: the user's data directory).
"""

from __future__ import annotations

from pathlib import Path

import click

from rumizi.cli.serve import default_data_dir
from rumizi.core.extras import MissingExtra, require_server

DATABASE_OPTION = click.option(
    "--database",
    "--db",
    "db_url",
    default=None,
    help="Database URL, e.g. postgresql://user@host/rumizi (default: SQLite in --data-dir).",
)
DATA_DIR_OPTION = click.option(
    "--data-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Where the SQLite database lives (default: the user's data directory).",
)


def database_url(db_url: str | None, data_dir: Path | None) -> str:
    """The URL the command works on, as ``rumizi serve`` would choose it."""
    try:
        require_server(db_url=db_url)
    except MissingExtra as err:
        raise click.ClickException(str(err)) from None
    if db_url is not None:
        return db_url
    from rumizi.server.db import database_path

    # As serve's sqlite_url names it, without making the directory: a backup of nothing
    # leaves nothing behind.
    return f"sqlite:///{database_path(data_dir or default_data_dir())}"


@click.command()
@click.argument("out", type=click.Path(dir_okay=False, path_type=Path))
@DATABASE_OPTION
@DATA_DIR_OPTION
def backup(out: Path, db_url: str | None, data_dir: Path | None) -> None:
    """Back up the server's database to OUT (safe while the server runs)."""
    from rumizi.server.backup import BackupError
    from rumizi.server.backup import backup as run_backup

    url = database_url(db_url, data_dir)
    try:
        run_backup(url, out)
    except BackupError as err:
        raise click.ClickException(str(err)) from None
    click.echo(f"Backed up to {out}")


@click.command()
@click.argument("source", metavar="IN", type=click.Path(dir_okay=False, path_type=Path))
@DATABASE_OPTION
@DATA_DIR_OPTION
@click.option("--force", is_flag=True, help="Replace a database that already exists there.")
def restore(source: Path, db_url: str | None, data_dir: Path | None, force: bool) -> None:
    """Restore the backup IN into the database (stop the server first), then migrate it."""
    from rumizi.server.backup import BackupError
    from rumizi.server.backup import restore as run_restore

    url = database_url(db_url, data_dir)
    try:
        run_restore(url, source, force=force)
    except BackupError as err:
        raise click.ClickException(str(err)) from None
    click.echo(f"Restored {source}")
