"""Moderation (rumizi.server.moderation): reports, admins from the command line, and the
mute, ban, rename and table closing an admin's action makes, held by every instance."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from sqlalchemy import text

from rumizi.cli.main import cli
from rumizi.server import moderation
from tests.server.kit import Browser, RedisServer, Server, ServerFactory, Socket, duel
from tests.server.test_cluster import pair, redis  # noqa: F401 (redis: a fixture)
from tests.server.test_postgres import any_backend, postgres_url  # noqa: F401 (fixtures)

ADMIN_ROUTES: tuple[tuple[str, str, dict[str, Any] | None], ...] = (
    ("get", "/api/admin/reports", None),
    ("get", "/api/admin/audit", None),
    ("post", "/api/admin/actions", {"action": "warn", "player": "nobody", "reason": "x"}),
)


def grant(server: Server, name: str) -> None:
    """Make ``name`` an admin the way an operator does: ``rumizi admin grant NAME``."""
    ran = CliRunner().invoke(cli, ["admin", "grant", name, "--db", server.db_url])
    assert ran.exit_code == 0, ran.output
    assert "now an admin" in ran.output


def an_admin(server: Server, name: str = "moderator") -> Browser:
    found = server.browser("en")
    found.signup(name)
    grant(server, name)
    return found


def name_of(browser: Browser) -> str:
    assert browser.user is not None
    found: str = browser.user["name"]
    return found


def act(admin: Browser, **body: Any) -> dict[str, Any]:
    done = admin.post("/api/admin/actions", body)
    assert done.status_code == 200, done.text
    found: dict[str, Any] = done.json()
    return found


def code(response: Any) -> str:
    found: str = response.json()["error"]["code"]
    return found


def next_of(socket: Socket, kind: str) -> dict[str, Any]:
    while True:
        message = socket.recv()
        if message["type"] == kind:
            return message


def chat_line(socket: Socket, words: str) -> dict[str, Any]:
    """Say ``words`` and return the line as the chat sends it back (its id with it)."""
    socket.send({"type": "chat", "client_id": socket.new_id(), "text": words})
    return next_of(socket, "chat")


def answer_to_chat(socket: Socket, words: str) -> dict[str, Any]:
    """The answer to a line: the line itself, or the error refusing it."""
    client_id = socket.new_id()
    socket.send({"type": "chat", "client_id": client_id, "text": words})
    while True:
        message = socket.recv()
        if message["type"] in ("chat", "error") and message.get("client_id") == client_id:
            return message


# ---------------------------------------------------------------------- reports


def test_each_kind_is_reported_once_and_only_admins_read_reports(server: Server) -> None:
    first, second, table_id = duel(server)
    with first.socket(table_id) as s0:
        next_of(s0, "chat-history")
        line = chat_line(s0, "you play badly")
    reporter, reported = second, first
    name = name_of(reported)
    made = {
        "player": {"kind": "player", "player": name, "reason": "abuse"},
        "chat": {"kind": "chat", "table": table_id, "line": line["id"], "reason": "abuse"},
        "name": {"kind": "name", "player": name, "reason": "offensive-name", "text": "a\u202e b"},
    }
    for kind, asked in made.items():
        sent = reporter.post("/api/reports", asked)
        assert sent.status_code == 200, sent.text
        assert sent.json()["kind"] == kind
        again = reporter.post("/api/reports", asked)
        assert (again.status_code, code(again)) == (409, "already-reported")
    refusals = {
        "report-self": {"kind": "player", "player": name_of(reporter), "reason": "spam"},
        "unknown-user": {"kind": "player", "player": "nobody-here", "reason": "spam"},
        "unknown-chat-line": {
            "kind": "chat",
            "table": "nope",
            "line": line["id"],
            "reason": "spam",
        },
    }
    for expected, wrong in refusals.items():
        refused = reporter.post("/api/reports", wrong)
        assert code(refused) == expected, refused.text
    # The largest line id the body takes is looked for, not a database error.
    farthest = {"kind": "chat", "table": table_id, "line": 2**31 - 1, "reason": "spam"}
    assert code(reporter.post("/api/reports", farthest)) == "unknown-chat-line"
    assert code(reporter.post("/api/reports", {**farthest, "line": 2**31})) == "malformed"
    assert server.count("reports") == 3
    # Signed out, nobody reports.
    assert server.browser().post("/api/reports", made["player"]).status_code == 401
    # Neither the reported player nor a third party reads the reports; an admin does.
    third = server.guest()
    for reader in (reported, third, reporter):
        for method, url, body in ADMIN_ROUTES:
            refused = getattr(reader, method)(url, body) if body else getattr(reader, method)(url)
            assert (refused.status_code, code(refused)) == (403, "not-admin"), url
    for _method, url, body in ADMIN_ROUTES:
        signed_out = server.browser()
        refused = signed_out.post(url, body) if body else signed_out.get(url)
        assert refused.status_code == 401, url
    admin = an_admin(server)
    listed = admin.get("/api/admin/reports").json()
    assert [r["kind"] for r in listed] == ["player", "chat", "name"]
    assert {r["reporter"] for r in listed} == {name_of(reporter)}
    assert {r["player"] for r in listed} == {name}
    assert listed[1]["quoted"] == "you play badly" and listed[1]["table"] == table_id
    assert listed[2]["text"] == "a b"  # cleaned as chat is
    # The reported player's own standing names nobody.
    standing = reported.get("/api/my/standing").json()
    assert name_of(reporter) not in json.dumps(standing)


def test_one_reporter_has_a_bounded_number_of_open_reports(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(moderation, "MOST_OPEN", 2)
    reporter = server.guest()
    others = [name_of(server.guest()) for _ in range(3)]
    answers = [
        reporter.post("/api/reports", {"kind": "player", "player": name, "reason": "spam"})
        for name in others
    ]
    assert [a.status_code for a in answers] == [200, 200, 409]
    assert code(answers[2]) == "too-many-reports"
    assert server.count("reports") == 2


def test_revoke_takes_the_mark_away(server: Server) -> None:
    admin = an_admin(server)
    assert admin.get("/api/admin/reports").status_code == 200
    ran = CliRunner().invoke(cli, ["admin", "revoke", "moderator", "--db", server.db_url])
    assert ran.exit_code == 0 and "no longer" in ran.output
    assert code(admin.get("/api/admin/reports")) == "not-admin"
    unknown = CliRunner().invoke(cli, ["admin", "grant", "nobody-here", "--db", server.db_url])
    assert unknown.exit_code != 0 and "no account" in unknown.output


def test_granting_in_a_database_nobody_made_says_so(tmp_path: Path) -> None:
    missing = tmp_path / "never-served"
    ran = CliRunner().invoke(cli, ["admin", "grant", "mina", "--data-dir", str(missing)])
    assert ran.exit_code != 0 and "no database" in ran.output
    assert not missing.exists()


# ---------------------------------------------------------------------- actions


def test_a_mute_refuses_chat_until_it_ends(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    first, _, table_id = duel(server)
    admin = an_admin(server)
    name = name_of(first)
    entry = act(admin, action="mute", player=name, minutes=5, reason="insults")
    assert entry["actor"] == "moderator" and entry["player"] == name and entry["until"]
    with first.socket(table_id) as s0:
        next_of(s0, "chat-history")
        said = answer_to_chat(s0, "hello")
        assert said["type"] == "error" and said["code"] == "muted"
        standing = first.get("/api/my/standing").json()
        assert standing["muted_until"] is not None and standing["banned_until"] is None
        # A mute does not stop play: the other player still chats, and the table is readable.
        assert first.get(f"/api/tables/{table_id}").status_code == 200
        later = datetime.fromisoformat(entry["until"]) + timedelta(seconds=1)
        monkeypatch.setattr(moderation, "now", lambda: later)
        said = answer_to_chat(s0, "hello again")
        assert said["type"] == "chat" and said["text"] == "hello again"
    assert first.get("/api/my/standing").json()["muted_until"] is None


def test_a_ban_made_on_one_instance_holds_on_another_and_reading_stays_open(
    any_backend: str,  # noqa: F811 (the fixture)
    make_server: ServerFactory,
) -> None:
    one = make_server(any_backend)
    two = make_server(any_backend)  # the same database
    first, second, table_id = duel(one)
    spare = first.create_table(seats=[{"kind": "human"}, {"kind": "human"}])
    asked = second.post("/api/challenges", {"to": name_of(first), "game": "star-realms"})
    assert asked.status_code == 200, asked.text
    admin = an_admin(one)
    name = name_of(first)
    banned = first.on(two)
    with banned.socket(table_id) as socket:
        socket.next_state()
        act(admin, action="ban", player=name, minutes=60, reason="cheating")
        moved = socket.act({"do": "end-turn"}, version=0)
        assert (moved["type"], moved["code"]) == ("error", "banned")
        said = answer_to_chat(socket, "hi")
        assert said["code"] == "banned"
    refused = banned.post("/api/tables", {"game": "star-realms", "seats": [{"kind": "human"}]})
    assert (refused.status_code, code(refused)) == (403, "banned")
    assert "until" in refused.json()["error"]["texts"]["en"]
    assert "تا" in refused.json()["error"]["texts"]["fa"]
    tries = {
        f"/api/tables/{spare['id']}/join": {"invite": spare["invite"]},
        f"/api/lobby/tables/{spare['id']}/join": None,
        "/api/challenges": {"to": name_of(second), "game": "star-realms"},
        "/api/lobby/quick": {"game": "star-realms"},
        "/api/tournaments/anything/join": {},
        f"/api/challenges/{asked.json()['id']}/accept": None,
    }
    for url, tried in tries.items():
        refused = banned.post(url, tried)
        assert (refused.status_code, code(refused)) == (403, "banned"), url
    # The challenges waiting between them ended with the ban: none becomes a table later.
    (ended,) = second.get("/api/challenges").json()
    assert ended["status"] == "cancelled"
    # Reading stays open: the table, the lobby, the account, the game's page.
    for url in (f"/api/tables/{table_id}", "/api/lobby", "/api/me", "/api/my/games"):
        assert banned.get(url).status_code == 200, url
    standing = banned.get("/api/my/standing").json()
    assert standing["banned_until"] is not None and not standing["banned_forever"]
    # For good, then lifted.
    act(admin, action="ban", player=name, reason="again")
    assert banned.get("/api/my/standing").json()["banned_forever"] is True
    act(admin, action="lift", player=name, reason="appeal heard")
    assert banned.post("/api/tables", {"game": "star-realms"}).status_code in (200, 422)
    assert banned.get("/api/my/standing").json()["banned_until"] is None


def test_warn_rename_and_dismiss_resolve_reports_and_the_player_is_told(server: Server) -> None:
    reporter, reported = server.guest(), server.browser("en")
    reported.signup("rudeword")
    admin = an_admin(server)
    for kind in ("name", "player"):
        sent = reporter.post(
            "/api/reports", {"kind": kind, "player": "rudeword", "reason": "offensive-name"}
        )
        assert sent.status_code == 200
    name_report, player_report = (r["id"] for r in admin.get("/api/admin/reports").json())
    renamed = act(admin, action="rename", report=name_report, reason="offensive name")
    new_name = renamed["renamed_to"]
    assert new_name.startswith("player") and renamed["player"] == "rudeword"
    assert reported.get("/api/me").json()["user"]["name"] == new_name
    warned = act(admin, action="warn", report=player_report, reason="be kind")
    assert warned["player"] == new_name
    assert admin.get("/api/admin/reports").json() == []
    again = admin.post(
        "/api/admin/actions", {"action": "dismiss", "report": player_report, "reason": "x"}
    )
    assert (again.status_code, code(again)) == (409, "report-closed")
    standing = reported.get("/api/my/standing").json()
    assert [(n["action"], n["reason"]) for n in standing["notices"]] == [
        ("rename", "offensive name"),
        ("warn", "be kind"),
    ]
    assert standing["notices"][0]["renamed_to"] == new_name
    seen = reported.post("/api/my/standing/seen")
    assert seen.status_code == 200 and seen.json()["notices"] == []
    # A new report of the same thing may be made once the old one is closed, and dismissed.
    made = reporter.post("/api/reports", {"kind": "player", "player": new_name, "reason": "spam"})
    assert made.status_code == 200
    act(admin, action="dismiss", report=made.json()["id"], reason="nothing wrong")
    assert reported.get("/api/my/standing").json()["notices"] == []  # a dismissal is silent
    log = admin.get("/api/admin/audit").json()
    assert [(e["action"], e["actor"], e["reason"]) for e in log] == [
        ("dismiss", "moderator", "nothing wrong"),
        ("warn", "moderator", "be kind"),
        ("rename", "moderator", "offensive name"),
    ]
    assert [e["report"] for e in log][1:] == [player_report, name_report]


def test_closing_a_table_ends_it_with_no_result_and_tells_everyone_seated(
    make_server: ServerFactory,
    db_url: str,
    redis: RedisServer,  # noqa: F811 (the fixture)
) -> None:
    one, two = pair(make_server, db_url, redis)  # two instances, told through Redis
    first, second, table_id = duel(one)
    admin = an_admin(one)
    with first.socket(table_id) as s0, second.on(two).socket(table_id) as s1:
        s0.next_state()
        s1.next_state()
        entry = act(admin, action="close", table=table_id, reason="abuse at the table")
        assert entry["table"] == table_id and entry["action"] == "close"
        for socket in (s0, s1):  # one instance tells its page, the other hears and tells
            gone = next_of(socket, "gone")
            assert gone["reason"] == "closed"
    with one.store.engine.connect() as c:
        status, result = c.execute(
            text("SELECT status, result FROM game_tables WHERE id = :t"), {"t": table_id}
        ).one()
    assert status == "over"
    assert (json.loads(result) if isinstance(result, str) else result)["closed"] is True
    again = admin.post(
        "/api/admin/actions", {"action": "close", "table": table_id, "reason": "twice"}
    )
    assert (again.status_code, code(again)) == (409, "not-closable")
    missing = admin.post("/api/admin/actions", {"action": "close", "table": "no", "reason": "x"})
    assert code(missing) == "unknown-table"
    assert [e["action"] for e in admin.get("/api/admin/audit").json()] == ["close"]
    # Read again, the closed table is over: a move is refused, the answer says so.
    assert first.get(f"/api/tables/{table_id}").json()["status"] == "over"
    assert first.get(f"/api/users/{name_of(first)}").json()["stats"] == []  # neither won nor lost
    with first.on(two).socket(table_id) as again_open:
        again_open.next_state()
        moved = again_open.act({"do": "end-turn"}, version=0)
        assert (moved["type"], moved["code"]) == ("error", "over")


def test_a_banned_bot_account_joins_and_accepts_nothing(server: Server) -> None:
    robot = server.browser()
    robot.signup("robot")
    assert robot.post("/api/account/bot").status_code == 200
    made = robot.post("/api/account/tokens", {"name": "t", "scopes": ["bot:play", "challenge"]})
    bearer = {"Authorization": f"Bearer {made.json()['token']}"}
    host = server.guest()
    table = host.create_table(seats=[{"kind": "human"}, {"kind": "human"}])
    act(an_admin(server), action="ban", player="robot", minutes=10, reason="a rogue bot")
    refused = server.browser().client.post(
        f"/api/bot/tables/{table['id']}/join", json={"invite": table["invite"]}, headers=bearer
    )
    assert (refused.status_code, code(refused)) == (403, "banned")
    refused = server.browser().client.post("/api/bot/challenges/none/accept", headers=bearer)
    assert (refused.status_code, code(refused)) == (403, "banned")
    # Nor does it challenge, queue for a quick match or enter a tournament with its token.
    person = server.browser()
    person.signup("persona")
    asked = {"game": "splendor-duel", "options": {}, "clock": {"kind": "none"}}
    for path, body in (
        ("/api/bot/challenges", {**asked, "to": "persona", "rated": False}),
        ("/api/bot/quick", {**asked, "wait": 60}),
        ("/api/bot/tournaments/none/join", {}),
    ):
        refused = server.browser().client.post(path, json=body, headers=bearer)
        assert (refused.status_code, code(refused)) == (403, "banned"), path


def test_a_player_banned_while_waiting_for_a_quick_match_is_paired_no_more(
    server: Server,
) -> None:
    waiting, other, third = server.browser(), server.browser(), server.browser()
    for browser, name in ((waiting, "waiter"), (other, "other"), (third, "third")):
        browser.signup(name)
    asked = {"game": "splendor-duel", "wait": 60}
    assert waiting.post("/api/lobby/quick", asked).json()["status"] == "waiting"
    act(an_admin(server), action="ban", player="waiter", minutes=60, reason="abuse")
    # The ban came after the request: the queue passes over it.
    assert other.post("/api/lobby/quick", asked).json()["status"] == "waiting"
    matched = third.post("/api/lobby/quick", asked).json()  # the next one meets `other`
    assert matched["status"] == "matched", matched
    seats = third.get(f"/api/tables/{matched['table']}").json()["seats"]
    assert {s["name"].strip("\u2068\u2069") for s in seats} == {"other", "third"}  # isolated
