"""Backups of the server's database, and restoring them (``rumizi backup`` / ``rumizi restore``).

SQLite is copied with its online backup API (:meth:`sqlite3.Connection.backup`): the copy is a
consistent snapshot even while a server writes, and is checked with ``PRAGMA integrity_check``
before it is called done. Restoring copies such a file into place and runs the migrations to
head, so a backup made by an older Rumizi comes up to date.

PostgreSQL is dumped and restored with its own tools, ``pg_dump --format=custom`` and
``pg_restore --clean --if-exists --no-owner``, run without a shell and given the URL's
connection parameters through the ``PG*`` environment variables (so a password never shows in
the process list).

Every failure is a :class:`BackupError` with a one-line message; a refused restore changes
nothing.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path

from sqlalchemy.engine import make_url

from rumizi.server.db import make_engine, migrate, normalize_url

# Where the schema's version lives: a database without this table is not Rumizi's.
VERSION_TABLE = "alembic_version"
PAGES_PER_STEP = 1024  # pages copied per step of SQLite's backup: the writer gets turns between


class BackupError(Exception):
    """A backup or a restore that cannot be done; ``str()`` is the message for the user."""


def is_sqlite(url: str) -> bool:
    return normalize_url(url).startswith("sqlite")


def is_postgresql(url: str) -> bool:
    return normalize_url(url).startswith("postgresql")


def sqlite_path(url: str) -> Path:
    """The file of a ``sqlite:///PATH`` URL (an in-memory database has none to back up)."""
    database = make_url(url).database
    if not database or database == ":memory:":
        raise BackupError(f"{url}: an SQLite URL needs a file, e.g. sqlite:////srv/rumizi.sqlite3")
    return Path(database)


def backup(url: str, out: Path) -> None:
    """Write a backup of the database at ``url`` to ``out`` (a server may be using it)."""
    if is_sqlite(url):
        backup_sqlite(sqlite_path(url), out)
    elif is_postgresql(url):
        if VERSION_TABLE not in _postgres_tables(url):
            raise BackupError(f"{_shown(url)}: not a Rumizi database (no {VERSION_TABLE} table)")
        _run_pg(["pg_dump", "--format=custom", "--file", str(out)], url)
    else:
        raise BackupError(f"{url}: only SQLite and PostgreSQL databases can be backed up")


def restore(url: str, source: Path, *, force: bool = False) -> None:
    """Restore the backup ``source`` into the database at ``url``, then migrate it to head.

    Refuses (changing nothing) a missing file, a file that is not a Rumizi database, and a
    target that already holds a database unless ``force``.
    """
    if not source.is_file():
        raise BackupError(f"{source}: no such backup file")
    if is_sqlite(url):
        restore_sqlite(source, sqlite_path(url), force=force)
    elif is_postgresql(url):
        _require_rumizi_archive(source)
        if not force and _postgres_tables(url):
            raise BackupError(f"{_shown(url)} already holds tables; give --force to replace them")
        database = make_url(normalize_url(url)).database or ""
        restore_argv = ["pg_restore", "--clean", "--if-exists", "--no-owner"]
        _run_pg([*restore_argv, "--dbname", database, str(source)], url)
    else:
        raise BackupError(f"{url}: only SQLite and PostgreSQL databases can be restored")
    engine = make_engine(url)
    try:
        migrate(engine)  # an older backup comes up to the code's schema
    finally:
        engine.dispose()


# ---------------------------------------------------------------------- SQLite


def backup_sqlite(database: Path, out: Path) -> None:
    """Copy the live SQLite file ``database`` to ``out`` consistently, then check the copy.

    The copy is written beside ``out`` under a temporary name and moved into place only once
    its integrity check passed, so a failed backup never leaves a broken file named ``out``.
    """
    if not database.is_file():
        raise BackupError(f"{database}: no such database file")
    out.parent.mkdir(parents=True, exist_ok=True)
    handle, partial_name = tempfile.mkstemp(prefix=f".{out.name}.", dir=out.parent)
    os.close(handle)
    partial = Path(partial_name)
    try:
        source = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=30)
        try:
            _require_rumizi(source, database)
            target = sqlite3.connect(partial)
            try:
                source.backup(target, pages=PAGES_PER_STEP)
                # A snapshot that stands alone: no write-ahead log beside it.
                target.execute("PRAGMA journal_mode=DELETE")
                _check_integrity(target, out)
            finally:
                target.close()
        finally:
            source.close()
        partial.replace(out)
    except sqlite3.Error as err:
        raise BackupError(f"{database}: cannot back up: {err}") from err
    finally:
        partial.unlink(missing_ok=True)


def restore_sqlite(source: Path, database: Path, *, force: bool) -> None:
    """Copy the SQLite backup ``source`` to ``database`` (checked first; migrated by the caller)."""
    try:
        backup_file = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        try:
            _require_rumizi(backup_file, source)
            _check_integrity(backup_file, source)
        finally:
            backup_file.close()
    except sqlite3.DatabaseError as err:  # e.g. "file is not a database"
        raise BackupError(f"{source}: not a Rumizi database ({err})") from err
    if database.exists() and database.stat().st_size > 0 and not force:
        raise BackupError(f"{database} already exists; give --force to replace it")
    # The owner's alone, as serve makes it (rumizi.server.db.sqlite_url): the database holds
    # password hashes and sessions.
    database.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    # Through SQLite's backup API rather than a file copy: the target's own write-ahead log, if
    # an old one lies beside it, is taken into account instead of replayed over the new pages.
    try:
        reader = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        try:
            writer = sqlite3.connect(database)
            try:
                reader.backup(writer)
            finally:
                writer.close()
        finally:
            reader.close()
    except sqlite3.Error as err:
        raise BackupError(f"{database}: cannot restore: {err}") from err


def _require_rumizi(connection: sqlite3.Connection, path: Path) -> None:
    found = connection.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (VERSION_TABLE,)
    ).fetchone()
    if found is None:
        raise BackupError(f"{path}: not a Rumizi database (it has no {VERSION_TABLE} table)")


def _check_integrity(connection: sqlite3.Connection, path: Path) -> None:
    rows = [row[0] for row in connection.execute("PRAGMA integrity_check").fetchall()]
    if rows != ["ok"]:
        raise BackupError(f"{path}: the integrity check failed: {'; '.join(map(str, rows[:3]))}")


# ---------------------------------------------------------------------- PostgreSQL


def _shown(url: str) -> str:
    """The URL without its password, for messages."""
    return make_url(normalize_url(url)).render_as_string(hide_password=True)


def _pg_environment(url: str) -> dict[str, str]:
    """The ``PG*`` variables that point PostgreSQL's tools at ``url``'s database."""
    parsed = make_url(normalize_url(url))
    env = dict(os.environ)
    given = {
        "PGHOST": parsed.host,
        "PGPORT": str(parsed.port) if parsed.port else None,
        "PGUSER": parsed.username,
        "PGPASSWORD": parsed.password if isinstance(parsed.password, str) else None,
        "PGDATABASE": parsed.database,
    }
    env.update({name: value for name, value in given.items() if value})
    return env


def _require_tool(tool: str) -> None:
    if shutil.which(tool) is None:
        raise BackupError(
            f"{tool} is not installed: install PostgreSQL's client tools "
            "(e.g. apt install postgresql-client) to back up or restore PostgreSQL"
        )


def _run_pg(argv: list[str], url: str) -> None:
    _require_tool(argv[0])
    done = subprocess.run(
        argv, env=_pg_environment(url), capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        reason = lines[-1] if lines else f"exit status {done.returncode}"
        raise BackupError(f"{argv[0]} failed for {_shown(url)}: {reason}")


def _require_rumizi_archive(source: Path) -> None:
    """``source`` is a ``pg_dump`` archive of a Rumizi database: its table of contents names
    the migrations' table. Checked before the target database is touched."""
    _require_tool("pg_restore")
    listed = subprocess.run(
        ["pg_restore", "--list", str(source)], capture_output=True, text=True, check=False
    )
    if listed.returncode != 0:
        lines = [line for line in listed.stderr.splitlines() if line.strip()]
        why = lines[-1] if lines else f"exit status {listed.returncode}"
        raise BackupError(f"{source}: not a Rumizi database ({why})")
    if not any(_lists_table(line, VERSION_TABLE) for line in listed.stdout.splitlines()):
        raise BackupError(f"{source}: not a Rumizi database (no {VERSION_TABLE} table in it)")


def _lists_table(line: str, name: str) -> bool:
    """Whether a line of ``pg_restore --list`` is the table ``name`` (in any schema).

    >>> _lists_table("215; 1259 16386 TABLE public alembic_version rumizi", "alembic_version")
    True
    >>> _lists_table("3350; 0 16386 TABLE DATA public alembic_version rumizi", "alembic_version")
    False
    >>> _lists_table(";     Format: CUSTOM", "alembic_version")
    False
    """
    words = line.split(";", 1)[1].split() if ";" in line and not line.startswith(";") else []
    return len(words) >= 5 and words[2] == "TABLE" and words[4] == name


def _postgres_tables(url: str) -> list[str]:
    """The tables of the PostgreSQL database at ``url`` (its default schema)."""
    from sqlalchemy import inspect

    engine = make_engine(url)
    try:
        return inspect(engine).get_table_names()
    finally:
        engine.dispose()
