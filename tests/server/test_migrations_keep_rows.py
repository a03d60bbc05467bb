"""Upgrading a database keeps every row: a migration that rebuilt a table on SQLite (drop the
old, copy into a new one) would, with foreign keys on, cascade-delete the rows that point at
it — every seat, move, chat line and session."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import text

from rumizi.server import db as server_db
from rumizi.server.db import make_engine
from tests.server.test_postgres import postgres_url  # noqa: F401 (a fixture)

ROWS = ("users", "sessions", "game_tables", "seats", "actions", "chat_messages")
# Rows of tables newer than the first upgrade, added before the second one (the e-mail's).
LATER_ROWS = ("email_settings", "email_jobs")


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_upgrading_from_before_the_tournaments_keeps_every_row(
    backend: str, db_url: str, request: pytest.FixtureRequest
) -> None:
    url = db_url if backend == "sqlite" else request.getfixturevalue("postgres_url")
    engine = make_engine(url)
    config = Config()
    config.set_main_option("script_location", str(Path(server_db.__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0013")  # the last schema before tournaments
        for statement in (
            "INSERT INTO users (name, name_key, password_hash, guest, created) "
            "VALUES ('mina', 'mina', NULL, false, '2026-01-01')",
            "INSERT INTO sessions (token_hash, user_id, created) VALUES ('h', 1, '2026-01-01')",
            "INSERT INTO game_tables (id, game, options, players, seed, status, version, rated, "
            "invite, clock, created, listed) VALUES ('t1', 'star-realms', '{}', 2, 1, 'playing', "
            "1, false, 'x', '{}', '2026-01-01', false)",
            "INSERT INTO seats (table_id, seat, kind, level, user_id) "
            "VALUES ('t1', 0, 'human', NULL, 1)",
            "INSERT INTO actions (table_id, version, seat, action, client_id, at) "
            "VALUES ('t1', 1, 0, '{}', 'c1', '2026-01-01')",
            "INSERT INTO chat_messages (table_id, version, channel, seat, user_id, name, text, "
            "client_id, at) VALUES ('t1', 0, 'players', 0, 1, 'mina', 'hi', 'c2', '2026-01-01')",
        ):
            connection.execute(text(statement))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0018")  # e-mail's tables: a row in each
        for statement in (
            "INSERT INTO email_settings (user_id, address, verified, key, lang, on_turn, "
            "on_challenge, on_tournament, base_url) VALUES (1, 'm@example.org', true, "
            "'k', 'fa', true, false, false, '')",
            "INSERT INTO email_jobs (user_id, event, kind, data, created, due, status, tries) "
            "VALUES (1, 'turn:t1:1', 'turn', '{}', '2026-01-01', 0, 'sent', 1)",
        ):
            connection.execute(text(statement))
    server_db.migrate(engine)  # to the newest schema, as a server starts
    with engine.begin() as connection:
        # The moderation's tables (0017) take rows that point at the kept account.
        connection.execute(
            text(
                "INSERT INTO reports (reporter_id, target_id, kind, subject, reason, status, "
                "created) VALUES (1, 1, 'player', 'player:1', 'spam', 'open', '2026-01-01')"
            )
        )
        connection.execute(
            text(
                "INSERT INTO moderation_log (actor_id, actor_name, target_id, action, reason, "
                "details, notice, at) VALUES (1, 'mina', 1, 'warn', 'x', '{}', true, "
                "'2026-01-01')"
            )
        )
        counts = {
            name: connection.execute(text(f"SELECT COUNT(*) FROM {name}")).scalar_one()
            for name in (*ROWS, *LATER_ROWS, "reports", "moderation_log")
        }
        marks = connection.execute(text("SELECT admin, muted_until, banned_until FROM users")).one()
    engine.dispose()
    assert counts == dict.fromkeys((*ROWS, *LATER_ROWS, "reports", "moderation_log"), 1)
    assert (bool(marks[0]), marks[1], marks[2]) == (False, None, None)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_profile_details_come_and_go_without_losing_a_row(
    backend: str, db_url: str, request: pytest.FixtureRequest
) -> None:
    """0019 adds the users' bio, languages and display language in place, and the
    favourites' tallies; undone, the columns go in place too, and every other row stays."""
    url = db_url if backend == "sqlite" else request.getfixturevalue("postgres_url")
    engine = make_engine(url)
    server_db.migrate(engine)
    with engine.begin() as connection:
        for statement in (
            "INSERT INTO users (name, name_key, password_hash, guest, created, bot, bio, "
            "languages, display_lang) VALUES ('mina', 'mina', NULL, false, '2026-01-01', "
            "false, 'hello', '[\"fa\"]', 'en')",
            "INSERT INTO sessions (token_hash, user_id, created) VALUES ('h', 1, '2026-01-01')",
            "INSERT INTO game_tables (id, game, options, players, seed, status, version, rated, "
            "invite, clock, created, listed) VALUES ('t1', 'star-realms', '{}', 2, 1, 'over', "
            "1, false, 'x', '{}', '2026-01-01', false)",
            "INSERT INTO seats (table_id, seat, kind, level, user_id) "
            "VALUES ('t1', 0, 'human', NULL, 1)",
            "INSERT INTO favourite_tallies (table_id, version, tallies) "
            "VALUES ('t1', 1, '[{\"empire\": 3}, {}]')",
        ):
            connection.execute(text(statement))
    config = Config()
    config.set_main_option("script_location", str(Path(server_db.__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0016")
    kept = ("users", "sessions", "game_tables", "seats")
    with engine.begin() as connection:
        counts = {
            n: connection.execute(text(f"SELECT COUNT(*) FROM {n}")).scalar_one() for n in kept
        }
    server_db.migrate(engine)  # and up again
    with engine.begin() as connection:
        bio = connection.execute(text("SELECT bio FROM users")).scalar_one()
    engine.dispose()
    assert counts == dict.fromkeys(kept, 1)
    assert bio is None  # (undone, the bio went with its column)
