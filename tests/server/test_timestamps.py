"""Every stored timestamp comes back aware and in UTC, on SQLite and on PostgreSQL.

SQLAlchemy 2.1 adapts ``DateTime`` to a dialect's own type and no longer calls a subclass's
result processor, so a column type that re-tagged SQLite's naive values that way gave naive
times back, and the lobby's comparison with an aware "now" answered 500. These tests read
back every timestamp column of every table after a game has been played, chatted over,
finished and analysed through the API.
"""

from __future__ import annotations

import random
import time
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Any

import pytest
from sqlalchemy import DateTime, select

from rumizi import puzzles
from rumizi.server import analyses, mail, moderation
from rumizi.server.db import Base, User, UtcDateTime
from tests.server.kit import Server, ServerFactory, duel, play_random
from tests.server.test_postgres import any_backend, postgres_url  # noqa: F401 (fixtures)


def timestamp_columns() -> list[tuple[str, str]]:
    """(table, column) of every timestamp in the schema."""
    return [
        (table.name, column.name)
        for table in Base.metadata.sorted_tables
        for column in table.columns
        if isinstance(column.type, DateTime | UtcDateTime)
    ]


def test_every_timestamp_column_is_stored_through_the_utc_type() -> None:
    columns = timestamp_columns()
    assert len(columns) >= 9  # users, sessions, tables (3), actions, chat, analyses (2)
    for table in Base.metadata.sorted_tables:
        for column in table.columns:
            if isinstance(column.type, DateTime):
                pytest.fail(f"{table.name}.{column.name} is a plain DateTime, not UtcDateTime")


def test_a_naive_time_is_refused_rather_than_guessed() -> None:
    from sqlalchemy.dialects import sqlite

    with pytest.raises(ValueError, match="naive"):
        UtcDateTime().process_bind_param(datetime(2026, 1, 1), sqlite.dialect())


class Delivered(mail.Mailer):
    """A mailer whose every e-mail is taken (by no SMTP server)."""

    def deliver(self, message: EmailMessage) -> None:
        pass


def a_played_finished_analysed_game(server: Server) -> None:
    first, second, table_id = duel(server)
    first.signup("timekeeper")  # a session row and a trusted browser, beside the guests' users
    puzzle = puzzles.shipped("fantasy-realms")[0]  # a rated try at a puzzle
    tried = first.post(f"/api/puzzles/{puzzle.id}/answer", {"moves": list(puzzle.solution)})
    assert tried.json()["rating"]["rated"] is True
    stranger = server.browser()  # a wrong password from elsewhere: a failure for the owner
    stranger.post("/api/auth/login", {"username": "timekeeper", "password": "not the password"})
    second.signup("follower")
    assert second.post("/api/users/timekeeper/follow").json() == {"following": True}
    asked = {"to": "timekeeper", "game": "star-realms"}
    challenge = second.post("/api/challenges", asked).json()  # made, then answered
    assert first.post(f"/api/challenges/{challenge['id']}/decline").status_code == 200
    pest = server.guest()  # blocked by the timekeeper (a block's time)
    assert pest.user is not None
    assert first.post(f"/api/users/{pest.user['name']}/block").json() == {"blocked": True}
    starts = (datetime.now(UTC) + timedelta(seconds=0.2)).isoformat()
    event = {"game": "splendor-duel", "kind": "swiss", "rounds": 1, "starts_at": starts}
    made = first.post("/api/tournaments", {**event, "clock": {"kind": "realtime"}}).json()
    second.post(f"/api/tournaments/{made['id']}/join", {})  # a joining time
    first.post(f"/api/tournaments/{made['id']}/cancel")  # and an end
    robot = server.browser()  # a bot account's token, made and used
    robot.signup("robot")
    robot.post("/api/account/bot")
    secret = robot.post("/api/account/tokens", {"name": "t", "scopes": ["bot:play"]}).json()
    used = server.browser().client.get(
        "/api/bot/account", headers={"Authorization": f"Bearer {secret['token']}"}
    )
    assert used.status_code == 200, used.text
    # A report (made, then closed by an admin's warning: the audit log's time).
    assert second.post("/api/reports", {"kind": "name", "player": "timekeeper", "reason": "spam"})
    moderation.set_admin(server.store, "follower", True)
    (report,) = second.get("/api/admin/reports").json()
    warned = {"action": "warn", "report": report["id"], "reason": "be kind"}
    assert second.post("/api/admin/actions", warned).status_code == 200
    # A mute and a ban end minutes from now (past this test's window): their columns are
    # written here through the same type, ending now, as the server writes them.
    with server.store.sessions.begin() as s:
        pest_row = s.get(User, pest.user["id"])
        assert pest_row is not None
        pest_row.muted_until = pest_row.banned_until = datetime.now(UTC)
    with first.socket(table_id) as s0, second.socket(table_id) as s1:
        state = play_random({0: s0, 1: s1}, random.Random(5), 6, s0.next_state())
        s1.wait_version(state["version"])
        s0.send({"type": "chat", "client_id": "hello", "text": "hi"})
        while s0.recv()["type"] != "chat":  # the line, once stored, comes back to its sender
            pass
        (seat,) = state["to_act"]
        sock = s0 if seat == 0 else s1
        sock.send({"type": "concede", "client_id": "resign"})
        assert sock.answer("resign")["type"] == "ack"
    # An e-mail address (a visit, a verification link's end) and its e-mail, made and sent.
    policy = mail.MailPolicy(verify_for=0.5)
    mail.set_address(server.store, first.user_id, "t@example.org", "en", "http://x", policy)
    mailer = Delivered(server.store, mail.SmtpConfig("127.0.0.1", 25), policy, "test")
    assert mailer.run_once() == 1
    url = f"/api/tables/{table_id}/analysis"
    assert second.post(url).status_code == 200
    deadline = time.monotonic() + 60
    while second.get(url).json()["status"] not in ("done", "failed"):
        assert time.monotonic() < deadline, "the analysis did not finish"
        time.sleep(0.05)


def test_every_timestamp_reads_back_aware_in_utc(
    any_backend: str,  # noqa: F811
    make_server: ServerFactory,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(analyses, "WORLDS", 2)
    monkeypatch.setattr(analyses, "SECONDS", 0.01)
    before = datetime.now(UTC) - timedelta(seconds=1)
    server = make_server(any_backend)
    a_played_finished_analysed_game(server)
    after = datetime.now(UTC) + timedelta(seconds=1)
    seen: dict[tuple[str, str], int] = {}
    with server.store.engine.connect() as connection:
        for table_name, column_name in timestamp_columns():
            table = Base.metadata.tables[table_name]
            values: list[Any] = list(connection.scalars(select(table.c[column_name])))
            for value in values:
                if value is None:
                    continue
                where = f"{table_name}.{column_name}"
                assert isinstance(value, datetime), where
                assert value.utcoffset() == timedelta(0), f"{where} is not UTC: {value!r}"
                assert before <= value <= after, f"{where} is not the time it was: {value!r}"
                seen[table_name, column_name] = seen.get((table_name, column_name), 0) + 1
    # The game touched every timestamp column: each was read back at least once.
    assert sorted(seen) == sorted(timestamp_columns())
