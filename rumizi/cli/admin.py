"""``rumizi admin grant NAME`` and ``rumizi admin revoke NAME``: who may moderate.

An admin reads the players' reports on ``/admin`` and acts on them
(:mod:`rumizi.server.moderation`). The mark is set in the database, found as ``rumizi serve``
finds it (``--database``, else SQLite in ``--data-dir``), so every instance sees it at once.
"""

from __future__ import annotations

from pathlib import Path

import click

from rumizi.cli.backup import DATA_DIR_OPTION, DATABASE_OPTION, database_url


def set_admin(db_url: str, name: str, admin: bool) -> str | None:
    """Grant (or revoke) the account ``name`` the admin mark in the database at ``db_url``
    (migrated first, as the server does); the account's name, or ``None`` if there is none."""
    from rumizi.server import moderation
    from rumizi.server.db import make_engine, migrate
    from rumizi.server.store import Store

    engine = make_engine(db_url)
    try:
        migrate(engine)
        return moderation.set_admin(Store(engine), name, admin)
    finally:
        engine.dispose()


@click.group()
def admin() -> None:
    """Grant or revoke the admin mark (moderating reports on /admin)."""


def _change(name: str, db_url: str | None, data_dir: Path | None, on: bool) -> None:
    from sqlalchemy.exc import SQLAlchemyError

    url = database_url(db_url, data_dir)
    sqlite_file = url.removeprefix("sqlite:///") if url.startswith("sqlite:///") else None
    if sqlite_file is not None and not Path(sqlite_file).exists():
        # Nothing to grant in a database nobody made (and none is made here by mistake).
        raise click.ClickException(f"no database at {sqlite_file}: has the server run there?")
    try:
        found = set_admin(url, name, on)
    except SQLAlchemyError as err:
        raise click.ClickException(f"cannot open the database: {err}") from None
    if found is None:
        raise click.ClickException(f"no account named {name!r}")
    click.echo(f"{found} is {'now' if on else 'no longer'} an admin")


@admin.command()
@click.argument("name")
@DATABASE_OPTION
@DATA_DIR_OPTION
def grant(name: str, db_url: str | None, data_dir: Path | None) -> None:
    """Make the account NAME an admin."""
    _change(name, db_url, data_dir, True)


@admin.command()
@click.argument("name")
@DATABASE_OPTION
@DATA_DIR_OPTION
def revoke(name: str, db_url: str | None, data_dir: Path | None) -> None:
    """Take the admin mark from the account NAME."""
    _change(name, db_url, data_dir, False)
