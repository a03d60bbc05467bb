"""The server's log (rumizi.server.logs): one JSON object a line with the instance, the table
and the user; readable text on a terminal; and never a hidden card or a secret.

Whole games are played against bots (Star Realms, whose deck and hand are hidden, and Fantasy
Realms, whose hands are) with a signed-up account, beside a duel joined by its invite; then
every card's id and name, in both languages, the password, the sessions and the CSRF tokens
are looked for in every line of the log; and a table joined by its invite leaves the invite's
code out.
"""

from __future__ import annotations

import io
import json
import logging
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from rumizi.server import logs
from rumizi.server.db import make_engine
from tests.server.kit import Browser, Server, duel, free_port, play_random

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "lantern-orchard-1789"
INSTANCE = "log-test"


@pytest.fixture
def log_lines() -> Iterator[io.StringIO]:
    """What the server logs at INFO and above during the test, as ``rumizi serve`` writes it."""
    out = io.StringIO()
    found = logs.handler("json", INSTANCE, out)
    root = logging.getLogger()
    level = root.level
    quiet = {name: logging.getLogger(name).level for name in logs.QUIET_LOGGERS}
    root.addHandler(found)
    root.setLevel(logging.INFO)
    logs.quiet_libraries()  # as rumizi serve does
    try:
        yield out
    finally:
        root.removeHandler(found)
        root.setLevel(level)
        for name, was in quiet.items():
            logging.getLogger(name).setLevel(was)


def whole_game_against_bots(person: Browser, game: str, seats: int, seed: int) -> str:
    """``person`` plays random moves against easy bots until the game ends; the table's id."""
    bots = [{"kind": "bot", "level": "easy"}] * (seats - 1)
    made = person.create_table(game=game, seats=[{"kind": "human"}, *bots])
    with person.socket(made["id"]) as mine:
        state = play_random({0: mine}, random.Random(seed), 5000, mine.next_state())
    assert state["result"] is not None, "the game did not end"
    return str(made["id"])


def card_words(person: Browser, game: str) -> set[str]:
    """Every card's id and its names in Persian and English."""
    words = set()
    for lang in ("fa", "en"):
        person.client.cookies.set("rumizi_lang", lang)
        for card in person.get(f"/api/games/{game}/cards").json()["cards"]:
            words |= {card["id"], card["name"]}
    return words


def test_a_played_game_logs_its_events_and_never_a_card_or_a_secret(
    server: Server, log_lines: io.StringIO
) -> None:
    person = server.browser()
    person.signup("log-reader", PASSWORD)
    star = whole_game_against_bots(person, "star-realms", 2, 3)
    fantasy = whole_game_against_bots(person, "fantasy-realms", 3, 4)
    first, second, duel_id = duel(server)
    with first.socket(duel_id) as zero, second.socket(duel_id) as one:
        play_random({0: zero, 1: one}, random.Random(1), 6, zero.next_state())

    lines = [json.loads(line) for line in log_lines.getvalue().splitlines()]
    assert lines and all(line["instance"] == INSTANCE for line in lines)
    assert all({"time", "level", "logger", "message"} <= set(line) for line in lines)
    by_event: dict[str, list[dict[str, Any]]] = {}
    for line in lines:
        by_event.setdefault(line.get("event", ""), []).append(line)
    assert {"request", "socket", "action", "bot-move"} <= set(by_event), set(by_event)

    actions = by_event["action"]
    for table_id in (star, fantasy, duel_id):
        mine = [a for a in actions if a["table_id"] == table_id]
        versions = [a["version"] for a in mine]
        assert versions == list(range(1, len(versions) + 1)), table_id  # each move, once
    human = [a for a in actions if a["table_id"] == star and a["seat"] == 0]
    assert human and all(a["user_id"] == person.user_id for a in human)
    bots = [a for a in actions if a["table_id"] == star and a["seat"] == 1]
    assert bots and all(a["user_id"] is None for a in bots)
    assert {b["table_id"] for b in by_event["bot-move"]} == {star, fantasy}
    assert all(b["level"] == "easy" and b["ms"] >= 0 for b in by_event["bot-move"])
    opened = [s for s in by_event["socket"] if s["opened"] and s["table_id"] == star]
    assert opened and opened[0]["user_id"] == person.user_id and opened[0]["seat"] == 0
    requests = by_event["request"]
    assert {"route": "/api/tables/{table_id}/join", "status": 200} in [
        {"route": r["route"], "status": r["status"]} for r in requests
    ]

    text = log_lines.getvalue()
    secrets = {
        PASSWORD,
        person.csrf,
        first.csrf,
        *(c.client.cookies.get("rumizi_session") or "" for c in (person, first, second)),
    }
    secrets.discard("")
    assert len(secrets) >= 5
    for secret in secrets:
        assert secret not in text, "a secret is in the log"
    words = card_words(person, "star-realms") | card_words(person, "fantasy-realms")
    assert len(words) > 100
    found = sorted(w for w in words if f'"{w}"' in text or f" {w} " in text)
    assert not found, f"cards in the log: {found}"


def test_the_invite_code_of_a_joined_table_stays_out_of_the_log(
    server: Server, log_lines: io.StringIO
) -> None:
    first, second = server.guest(), server.guest()
    made = first.create_table(seats=[{"kind": "human"}, {"kind": "human"}])
    second.get(f"/t/{made['id']}?invite={made['invite']}")
    assert second.join(made) == 1
    text = log_lines.getvalue()
    assert made["id"] in text
    assert made["invite"] not in text


def test_text_on_a_terminal_json_otherwise() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    record = logging.LogRecord(
        "rumizi.server", logging.INFO, __file__, 1, "action stored", (), None
    )
    record.event, record.table_id, record.version, record.seat = "action", "t1", 7, 0
    on_terminal = logs.handler("auto", "a", Terminal())
    assert isinstance(on_terminal.formatter, logs.TextFormatter)
    line = on_terminal.format(record)
    assert line.endswith("INFO rumizi.server: action stored  table_id=t1 seat=0 version=7")
    piped = logs.handler("auto", "a", io.StringIO())
    assert json.loads(piped.format(record))["table_id"] == "t1"
    assert isinstance(logs.handler("text", "a", io.StringIO()).formatter, logs.TextFormatter)


def test_rumizi_serve_writes_every_line_as_json(tmp_path: Path) -> None:
    """The real command: its own lines, uvicorn's and Alembic's, each one JSON object."""
    port = free_port()
    command = [sys.executable, "-m", "rumizi", "serve", "--port", str(port)]
    command += ["--data-dir", str(tmp_path), "--bot-workers", "0", "--log-format", "json"]
    command += ["--instance", "served"]
    with (tmp_path / "err").open("w") as err:
        process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err)
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    httpx.get(f"http://127.0.0.1:{port}/api/games?x=1", timeout=2)
                    break
                except httpx.HTTPError:
                    assert process.poll() is None and time.monotonic() < deadline
                    time.sleep(0.2)
            httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
            httpx.get(f"http://127.0.0.1:{port}/static/app.css", timeout=2)  # served: not logged
            httpx.get(f"http://127.0.0.1:{port}/static/no-such.css", timeout=2)  # failed: logged
        finally:
            process.terminate()
            process.wait(timeout=20)
    lines = [json.loads(line) for line in (tmp_path / "err").read_text().splitlines()]
    assert all(line["instance"] == "served" for line in lines)
    loggers = {line["logger"] for line in lines}
    assert {"alembic.runtime.migration", "rumizi.server.requests"} <= loggers, loggers
    asked = [line for line in lines if line.get("event") == "request"]
    assert [(r["path"], r["status"]) for r in asked] == [
        ("/api/games", 200),  # no probe, no file served
        ("/static/no-such.css", 404),
    ]


def test_a_database_error_leaves_its_parameters_out(tmp_path: Path) -> None:
    """A failed statement's message (logged when a write fails) holds no parameter of it."""
    engine = make_engine(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    with pytest.raises(SQLAlchemyError) as caught, engine.connect() as connection:
        connection.execute(text("SELECT :card FROM no_such_table"), {"card": "fr-necromancer"})
    assert "no_such_table" in str(caught.value)
    assert "fr-necromancer" not in str(caught.value) and "fr-necromancer" not in repr(caught.value)
