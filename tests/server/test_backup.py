"""``rumizi backup`` and ``rumizi restore``: a backup of a live server restores into a new
database where a second server finishes its games; refusals change nothing.

SQLite is copied with its online backup API while the server runs; PostgreSQL goes through
``pg_dump``/``pg_restore`` (the client tools must be installed: the test fails, not skips,
without them).
"""

from __future__ import annotations

import random
import secrets
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from sqlalchemy import text

from rumizi.cli.main import cli
from tests.server.kit import Server, ServerFactory, Socket, duel, play_random, stored_actions
from tests.server.test_postgres import ADMIN_URL


def rumizi(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def live_games(server: Server) -> tuple[dict[str, Any], str, dict[str, Any], str, Any]:
    """Two tables in play on ``server``: a duel of two people and a person against a bot.

    Returns (duel's last state, duel's id, bot game's last state, bot game's id, the people).
    """
    first, second, duel_id = duel(server)
    with first.socket(duel_id) as s0, second.socket(duel_id) as s1:
        duel_state = play_random({0: s0, 1: s1}, random.Random(4), 12, s0.next_state())
        s1.wait_version(duel_state["version"])
    solo = server.guest()
    bot_id = solo.create_table(seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])["id"]
    with solo.socket(bot_id) as sock:
        bot_state = play_random({0: sock}, random.Random(5), 6, sock.next_state())
    return duel_state, duel_id, bot_state, bot_id, (first, second, solo)


def finish(server: Server, people: Any, duel_id: str, bot_id: str) -> None:
    """Play both tables on ``server`` a few more moves, then to their end (a concession)."""
    first, second, solo = (person.on(server) for person in people)
    with first.socket(duel_id) as s0, second.socket(duel_id) as s1:
        state = play_random({0: s0, 1: s1}, random.Random(6), 6, s0.next_state())
        concede(s0 if state["result"] is None else None)
        assert s1.wait(lambda m: m["result"] is not None)["result"] is not None
    with solo.socket(bot_id) as sock:
        state = play_random({0: sock}, random.Random(7), 4, sock.next_state())
        concede(sock if state["result"] is None else None)
    with server.store.engine.connect() as connection:
        statuses = connection.execute(
            text("SELECT status FROM game_tables WHERE id IN (:a, :b)"),
            {"a": duel_id, "b": bot_id},
        ).scalars()
        assert sorted(statuses) == ["over", "over"]


def concede(sock: Socket | None) -> None:
    """End the game from ``sock``'s seat (``None``: it has already ended)."""
    if sock is not None:
        sock.send({"type": "concede", "client_id": "resign"})
        assert sock.answer("resign")["type"] == "ack"


def test_a_backup_of_a_live_server_restores_and_its_games_finish(
    make_server: ServerFactory, db_url: str, tmp_path: Path
) -> None:
    server = make_server()
    duel_state, duel_id, bot_state, bot_id, people = live_games(server)
    acked = {duel_id: duel_state["version"], bot_id: bot_state["version"]}

    # While the server runs (its bot may be moving): the backup is one consistent snapshot.
    out = tmp_path / "backups" / "rumizi-backup.sqlite3"
    done = rumizi("backup", str(out), "--database", db_url)
    assert done.exit_code == 0, done.output
    with sqlite3.connect(out) as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    before = {t: stored_actions(server, t) for t in acked}
    server.close()

    restored_url = f"sqlite:///{tmp_path / 'restored' / 'rumizi.sqlite3'}"
    done = rumizi("restore", str(out), "--database", restored_url)
    assert done.exit_code == 0, done.output
    # The directory it made is its owner's alone, as serve's (password hashes live there).
    assert (tmp_path / "restored").stat().st_mode & 0o777 == 0o700
    again = make_server(restored_url)
    for table_id, version in acked.items():
        # Every move acknowledged before the backup is there, exactly as it was stored.
        found = stored_actions(again, table_id)
        assert len(found) >= version
        assert found[:version] == before[table_id][:version]
        assert found == before[table_id][: len(found)]
    finish(again, people, duel_id, bot_id)


def test_restore_refuses_and_changes_nothing(
    make_server: ServerFactory, db_url: str, tmp_path: Path
) -> None:
    make_server().close()  # a Rumizi database at db_url
    out = tmp_path / "backup.sqlite3"
    assert rumizi("backup", str(out), "--db", db_url).exit_code == 0
    target = tmp_path / "target.sqlite3"
    target_url = f"sqlite:///{target}"

    missing = rumizi("restore", str(tmp_path / "nothing.sqlite3"), "--db", target_url)
    assert missing.exit_code != 0
    assert "no such backup file" in missing.output
    assert not target.exists()

    stranger = tmp_path / "other.sqlite3"
    with sqlite3.connect(stranger) as other:
        other.execute("CREATE TABLE notes (text TEXT)")
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"not a database at all, " * 100)
    for wrong in (stranger, garbage):
        refused = rumizi("restore", str(wrong), "--db", target_url)
        assert refused.exit_code != 0
        assert "not a Rumizi database" in refused.output
        assert len(refused.output.strip().splitlines()) == 1
        assert not target.exists()

    # A backup of something that is not a Rumizi database is refused too.
    refused = rumizi("backup", str(tmp_path / "b.sqlite3"), "--db", f"sqlite:///{stranger}")
    assert refused.exit_code != 0 and "not a Rumizi database" in refused.output
    assert not (tmp_path / "b.sqlite3").exists()

    target.write_bytes(b"someone's data")
    refused = rumizi("restore", str(out), "--db", target_url)
    assert refused.exit_code != 0
    assert "--force" in refused.output
    assert target.read_bytes() == b"someone's data"

    target.unlink()
    with sqlite3.connect(target) as existing:
        existing.execute("CREATE TABLE keep (x INTEGER)")
    assert rumizi("restore", str(out), "--db", target_url).exit_code != 0
    done = rumizi("restore", str(out), "--db", target_url, "--force")
    assert done.exit_code == 0, done.output
    with sqlite3.connect(target) as replaced:
        names = {row[0] for row in replaced.execute("SELECT name FROM sqlite_master")}
    assert {"alembic_version", "game_tables", "actions"} <= names and "keep" not in names


def test_an_older_backup_is_migrated_on_restore(db_url: str, tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config

    from rumizi.server import db

    # A database left at the first migration, as an old Rumizi would have left it.
    engine = db.make_engine(db_url)
    config = Config()
    config.set_main_option("script_location", str(Path(db.__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    engine.dispose()
    out = tmp_path / "old.sqlite3"
    assert rumizi("backup", str(out), "--db", db_url).exit_code == 0
    target = tmp_path / "new.sqlite3"
    done = rumizi("restore", str(out), "--db", f"sqlite:///{target}")
    assert done.exit_code == 0, done.output
    with sqlite3.connect(target) as restored:
        names = {row[0] for row in restored.execute("SELECT name FROM sqlite_master")}
    assert "table_jobs" in names  # a later migration's table


@pytest.fixture
def two_postgres_databases() -> Iterator[tuple[str, str]]:
    """Two fresh scratch databases on the test PostgreSQL, dropped afterwards."""
    import psycopg

    for tool in ("pg_dump", "pg_restore"):
        if shutil.which(tool) is None:
            pytest.fail(
                f"{tool} is not installed: install PostgreSQL's client tools "
                "(apt install postgresql-client) to test PostgreSQL backups",
                pytrace=False,
            )
    names = [f"rumizi_test_{secrets.token_hex(6)}" for _ in range(2)]
    try:
        admin = psycopg.connect(ADMIN_URL, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as err:
        pytest.fail(f"PostgreSQL is not reachable at {ADMIN_URL} ({err})", pytrace=False)
    base = ADMIN_URL.rsplit("/", 1)[0]
    with admin:
        for name in names:
            admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield base + "/" + names[0], base + "/" + names[1]
        finally:
            for name in names:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_postgresql_round_trip(
    two_postgres_databases: tuple[str, str], make_server: ServerFactory, tmp_path: Path
) -> None:
    import psycopg

    source_url, target_url = two_postgres_databases
    # A file that is no pg_dump archive, and an archive of another database, are refused
    # before the target is touched.
    garbage = tmp_path / "garbage.dump"
    garbage.write_bytes(b"not an archive at all, " * 100)
    stranger = tmp_path / "stranger.dump"
    with psycopg.connect(target_url, autocommit=True) as other:
        other.execute("CREATE TABLE notes (text TEXT)")
    refused = rumizi("backup", str(stranger), "--database", target_url)
    assert refused.exit_code != 0 and "not a Rumizi database" in refused.output, refused.output
    assert not stranger.exists()
    # So the stranger's archive is pg_dump's own.
    dumped = subprocess.run(
        ["pg_dump", "--format=custom", "--file", str(stranger), "--dbname", target_url],
        capture_output=True,
        text=True,
        check=False,
    )
    assert dumped.returncode == 0, dumped.stderr
    with psycopg.connect(target_url, autocommit=True) as other:
        other.execute("DROP TABLE notes")
    for wrong in (garbage, stranger):
        refused = rumizi("restore", str(wrong), "--database", target_url)
        assert refused.exit_code != 0
        assert "not a Rumizi database" in refused.output, refused.output
    with psycopg.connect(target_url) as empty:
        assert empty.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
        ).fetchone() == (0,)

    server = make_server(source_url)
    first, second, table_id = duel(server)
    with first.socket(table_id) as s0, second.socket(table_id) as s1:
        state = play_random({0: s0, 1: s1}, random.Random(8), 10, s0.next_state())
        s1.wait_version(state["version"])
    out = tmp_path / "rumizi.dump"
    done = rumizi("backup", str(out), "--database", source_url)
    assert done.exit_code == 0, done.output
    before = stored_actions(server, table_id)
    server.close()

    done = rumizi("restore", str(out), "--database", target_url)
    assert done.exit_code == 0, done.output
    # The target now holds tables: a second restore needs --force.
    refused = rumizi("restore", str(out), "--database", target_url)
    assert refused.exit_code != 0 and "--force" in refused.output
    done = rumizi("restore", str(out), "--database", target_url, "--force")
    assert done.exit_code == 0, done.output

    again = make_server(target_url)
    assert stored_actions(again, table_id) == before
    with first.on(again).socket(table_id) as s0, second.on(again).socket(table_id) as s1:
        play_random({0: s0, 1: s1}, random.Random(9), 4, s0.next_state())
        concede(s0)
