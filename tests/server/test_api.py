"""The JSON API's accounts: CSRF, guests, sign-up, passwords, session cookies, sign-in limits."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from argon2 import PasswordHasher
from sqlalchemy import text

from rumizi import puzzles
from rumizi.server import auth
from rumizi.server.auth import CSRF_COOKIE, SESSION_COOKIE
from tests.server.kit import Browser, Server, ServerFactory

PASSWORD = "a long secret 42"
REAL_HASHER = PasswordHasher()  # the library's defaults, as rumizi.server.auth makes it


def error(response: httpx.Response) -> dict[str, Any]:
    """The ``{"error": {"code", "message"}}`` of a refused request."""
    body = response.json()
    assert set(body) == {"error"}, body
    found: dict[str, Any] = body["error"]
    assert isinstance(found["code"], str) and found["code"]
    assert isinstance(found["message"], str) and found["message"]
    return found


def set_cookies(response: httpx.Response) -> dict[str, str]:
    """Set-Cookie headers of a response by cookie name (the whole header as the value)."""
    return {header.split("=", 1)[0]: header for header in response.headers.get_list("set-cookie")}


def world(server: Server) -> dict[str, int]:
    """Rows of every table a POST could change."""
    tables = ("users", "sessions", "game_tables", "seats", "actions", "ratings")
    tables += ("puzzle_players", "puzzle_stats", "puzzle_attempts", "puzzle_streaks", "follows")
    tables += ("tournaments", "tournament_entrants", "tournament_byes", "challenges", "blocks")
    tables += ("api_tokens", "email_settings", "email_jobs", "reports", "moderation_log")
    counts = {name: server.count(name) for name in tables}
    with server.store.engine.connect() as connection:
        counts["pending challenges"] = int(
            connection.execute(
                text("SELECT COUNT(*) FROM challenges WHERE status = 'pending'")
            ).scalar_one()
        )
        counts["bot accounts"] = int(
            connection.execute(text("SELECT COUNT(*) FROM users WHERE bot")).scalar_one()
        )
        counts["taking bots' challenges"] = int(
            connection.execute(text("SELECT COUNT(*) FROM users WHERE bot_challenges")).scalar_one()
        )
        counts["taken seats"] = int(
            connection.execute(
                text("SELECT COUNT(*) FROM seats WHERE user_id IS NOT NULL")
            ).scalar_one()
        )
        counts["guests"] = int(
            connection.execute(text("SELECT COUNT(*) FROM users WHERE guest")).scalar_one()
        )
    return counts


def test_me_sets_the_csrf_cookie_once(server: Server) -> None:
    browser = server.browser()
    # Browser() already asked /api/me once: the cookie is in the jar and matches the answer.
    assert browser.client.cookies.get(CSRF_COOKIE) == browser.csrf
    again = browser.get("/api/me")
    assert again.json() == {"user": None, "lang": "fa", "csrf": browser.csrf}
    assert CSRF_COOKIE not in set_cookies(again)  # kept, not replaced

    fresh = server.browser()
    assert fresh.csrf != browser.csrf
    first = fresh.client.get("/api/me")
    assert first.json()["csrf"] == fresh.csrf


def test_every_post_needs_the_csrf_token(server: Server) -> None:
    owner = server.browser()
    owner.signup("carol", PASSWORD)
    table = owner.create_table(seats=[{"kind": "human"}, {"kind": "human"}])
    other = server.browser()
    other.signup("dave", PASSWORD)
    nobody = server.browser()  # no session: /auth/guest would make one
    puzzle = puzzles.shipped("fantasy-realms")[0]
    starts = (datetime.now(UTC) + timedelta(hours=1)).isoformat()
    event = {"game": "star-realms", "kind": "swiss", "rounds": 3, "starts_at": starts}
    event["clock"] = {"kind": "realtime"}
    made = owner.post("/api/tournaments", event)
    assert made.status_code == 200, made.text
    other.post(f"/api/tournaments/{made.json()['id']}/join", {})  # so a withdrawal would work
    asked = {"to": "dave", "game": "star-realms"}
    challenged = owner.post("/api/challenges", asked)  # for dave to answer, carol to cancel
    assert challenged.status_code == 200, challenged.text

    bodies: dict[str, tuple[Browser, Any]] = {
        "/api/lang": (other, {"lang": "en"}),
        "/api/auth/guest": (nobody, None),
        "/api/auth/signup": (nobody, {"username": "erin", "password": PASSWORD}),
        "/api/auth/login": (nobody, {"username": "carol", "password": PASSWORD}),
        "/api/auth/logout": (other, None),
        "/api/auth/failures/seen": (other, None),
        "/api/tables": (other, {"game": "star-realms", "seats": [{"kind": "human"}] * 2}),
        "/api/tables/{table_id}/join": (other, {"invite": table["invite"]}),
        "/api/tables/{table_id}/cancel": (owner, None),
        "/api/fantasy-realms/score": (other, {"hand": ["king"]}),
        "/api/tables/{table_id}/analysis": (other, None),
        "/api/lobby/tables/{table_id}/join": (other, None),
        "/api/lobby/quick": (other, {"game": "star-realms"}),
        "/api/lobby/quick/cancel": (other, None),
        "/api/lobby/quick/bot": (other, {}),
        "/api/puzzles/{puzzle_id}/answer": (other, {"moves": list(puzzle.solution)}),
        "/api/puzzles/{puzzle_id}/play": (other, {"moves": list(puzzle.solution)}),
        "/api/users/{name}/follow": (other, None),
        "/api/users/{name}/block": (other, None),
        "/api/challenges": (other, {"to": "carol", "game": "star-realms"}),
        "/api/challenges/{challenge_id}/accept": (other, None),
        "/api/challenges/{challenge_id}/decline": (other, None),
        "/api/challenges/{challenge_id}/cancel": (owner, None),
        "/api/account/bot": (other, None),
        "/api/account/tokens": (other, {"name": "lab", "scopes": ["challenge"]}),
        "/api/account/bot-settings": (other, {"accept_bot_challenges": True}),
        "/api/tournaments": (other, event),
        "/api/tournaments/{tournament_id}/join": (other, {}),
        "/api/tournaments/{tournament_id}/withdraw": (other, None),
        "/api/tournaments/{tournament_id}/cancel": (owner, None),
        "/api/me/email": (other, {"address": "dave@example.org"}),
        "/api/me/email/options": (other, {"challenge": True}),
        "/api/reports": (other, {"kind": "player", "player": "carol", "reason": "spam"}),
        "/api/my/standing/seen": (other, None),
        "/api/admin/actions": (other, {"action": "warn", "player": "carol", "reason": "x"}),
    }
    paths = server.app.openapi()["paths"]
    # A bot's program authenticates with its token alone (no cookie, so no CSRF to check):
    # tests/server/test_bot_accounts.py shows those routes refuse a request without one.
    posts = sorted(
        path
        for path, methods in paths.items()
        if "post" in methods and not path.startswith("/api/bot/")
    )
    assert posts == sorted(bodies), "a new POST route: add it to this test"

    before = world(server)
    for path, (browser, body) in bodies.items():
        url = path.replace("{table_id}", table["id"]).replace("{puzzle_id}", puzzle.id)
        url = url.replace("{name}", "carol").replace("{tournament_id}", made.json()["id"])
        url = url.replace("{challenge_id}", challenged.json()["id"])
        for headers in ({}, {"X-CSRF-Token": "wrong"}, {"X-CSRF-Token": ""}):
            response = browser.client.post(url, json=body, headers=headers)
            assert response.status_code == 403, (url, headers, response.text)
            assert error(response)["code"] == "csrf"
            assert not set_cookies(response), url
        # The right header without the cookie is refused too.
        cookies = httpx.Cookies(browser.client.cookies)
        browser.client.cookies.delete(CSRF_COOKIE)
        response = browser.client.post(url, json=body, headers={"X-CSRF-Token": browser.csrf})
        assert response.status_code == 403, url
        browser.client.cookies = cookies
    for headers in ({}, {"X-CSRF-Token": "wrong"}):  # a DELETE is checked as a POST is
        for deleted in ("follow", "block"):
            response = other.client.delete(f"/api/users/carol/{deleted}", headers=headers)
            assert response.status_code == 403 and error(response)["code"] == "csrf"
    for headers in ({}, {"X-CSRF-Token": "wrong"}):  # revoking a token too
        response = other.client.delete("/api/account/tokens/1", headers=headers)
        assert response.status_code == 403 and error(response)["code"] == "csrf"
    for headers in ({}, {"X-CSRF-Token": "wrong"}):  # a PATCH of one's profile too
        body = {"bio": "changed", "display_lang": "en"}
        response = other.client.patch("/api/account/profile", json=body, headers=headers)
        assert response.status_code == 403 and error(response)["code"] == "csrf"
        assert not set_cookies(response)
    assert other.get("/api/account/profile").json()["bio"] == ""
    patches = sorted(path for path, methods in paths.items() if "patch" in methods)
    assert patches == ["/api/account/profile"], "a new PATCH route: check its CSRF here"
    assert world(server) == before
    assert other.get("/api/me").json()["user"]["name"] == "dave"  # still signed in
    assert other.get("/api/me").json()["lang"] == "fa"
    assert owner.get(f"/api/tables/{table['id']}").json()["status"] == "waiting"


def test_guest(server: Server) -> None:
    browser = server.browser()
    assert browser.get("/api/me").json()["user"] is None
    response = browser.post("/api/auth/guest")
    assert response.status_code == 200
    user = response.json()["user"]
    assert user["guest"] is True and user["name"].startswith("guest-")
    assert browser.get("/api/me").json()["user"] == user
    # Asking again keeps the same guest.
    assert browser.post("/api/auth/guest").json()["user"] == user
    assert server.count("users") == 1


def test_signup_validation(server: Server) -> None:
    browser = server.browser()
    cases = [
        # Lengths are the schema's (422); the letters are the server's rules (400).
        ({"username": "alice", "password": "short"}, 422, "malformed"),
        ({"username": "al", "password": PASSWORD}, 422, "malformed"),
        ({"username": "", "password": PASSWORD}, 422, "malformed"),
        ({"username": "x" * 25, "password": PASSWORD}, 422, "malformed"),
        ({"username": "bad name!", "password": PASSWORD}, 400, "invalid-username"),
        ({"username": "guest42", "password": PASSWORD}, 400, "invalid-username"),
        ({"username": "Guest-x", "password": PASSWORD}, 400, "invalid-username"),
        ({"username": "alice"}, 422, "malformed"),
        ({"username": "alice", "password": "p" * 600}, 422, "malformed"),
    ]
    for body, status, code in cases:
        response = browser.post("/api/auth/signup", body)
        assert response.status_code == status, (body, response.text)
        assert error(response)["code"] == code
    assert server.count("users") == 0

    assert browser.signup("alice", PASSWORD)["guest"] is False
    for name in ("alice", "ALICE"):
        response = server.browser().post(
            "/api/auth/signup", {"username": name, "password": PASSWORD}
        )
        assert response.status_code == 409
        assert error(response)["code"] == "taken"
    assert server.count("users") == 1


def test_the_password_is_stored_as_an_argon2id_hash(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(auth, "_HASHER", REAL_HASHER)
    server.browser().signup("alice", PASSWORD)
    with server.store.engine.connect() as connection:
        stored = connection.execute(
            text("SELECT password_hash FROM users WHERE name = 'alice'")
        ).scalar_one()
    assert stored.startswith("$argon2id$")
    # argon2-cffi's recommended costs (RFC 9106's second choice): 64 MiB, 3 passes, 4 lanes.
    assert stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    assert PASSWORD not in stored
    assert REAL_HASHER.verify(stored, PASSWORD)


def test_the_password_never_appears_in_a_response(server: Server) -> None:
    browser = server.browser()
    responses = [browser.post("/api/auth/signup", {"username": "alice", "password": PASSWORD})]
    responses.append(browser.get("/api/me"))
    responses.append(browser.post("/api/auth/logout"))
    responses.append(browser.post("/api/auth/login", {"username": "alice", "password": "nope!"}))
    responses.append(browser.post("/api/auth/login", {"username": "alice", "password": PASSWORD}))
    responses.append(browser.post("/api/auth/signup", {"username": "alice", "password": PASSWORD}))
    responses.append(browser.get("/api/me"))
    responses.append(browser.get("/api/my/games"))
    responses.append(browser.get(f"/api/tables/{browser.create_table()['id']}"))
    for response in responses:
        assert response.status_code in (200, 401, 409)
        assert PASSWORD not in response.text
        assert all(PASSWORD not in value for value in response.headers.values())
    with server.store.engine.connect() as connection:
        stored = connection.execute(
            text("SELECT password_hash FROM users WHERE name = 'alice'")
        ).scalar_one()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored


def test_session_cookie_flags(server: Server) -> None:
    for action in ("guest", "signup", "login"):
        browser = server.browser()
        if action == "guest":
            response = browser.post("/api/auth/guest")
        elif action == "signup":
            response = browser.post("/api/auth/signup", {"username": "zed", "password": PASSWORD})
        else:
            response = browser.post("/api/auth/login", {"username": "zed", "password": PASSWORD})
        assert response.status_code == 200, response.text
        cookie = set_cookies(response)[SESSION_COOKIE].lower()
        assert "httponly" in cookie, cookie
        assert "samesite=lax" in cookie, cookie
        assert "path=/" in cookie
        assert "secure" not in cookie  # plain http here
    # The CSRF cookie must stay readable by the page.
    fresh = server.browser()
    fresh.client.cookies.clear()
    cookie = set_cookies(fresh.get("/api/me"))[CSRF_COOKIE].lower()
    assert "httponly" not in cookie and "samesite=lax" in cookie


def test_secure_cookies_setting(make_server: ServerFactory) -> None:
    server = make_server(secure_cookies=True)
    client = server.browser().client
    client.cookies.clear()
    assert "secure" in set_cookies(client.get("/api/me"))[CSRF_COOKIE].lower()
    # (httpx keeps no Secure cookie over http: send the CSRF cookie by hand.)
    headers = {"X-CSRF-Token": "token", "Cookie": f"{CSRF_COOKIE}=token"}
    response = client.post("/api/auth/guest", headers=headers)
    assert response.status_code == 200, response.text
    assert "secure" in set_cookies(response)[SESSION_COOKIE].lower()


def test_login_and_rate_limit(server: Server) -> None:
    server.browser().signup("alice", PASSWORD)
    browser = server.browser()
    good = {"username": "alice", "password": PASSWORD}
    bad = {"username": "alice", "password": "wrong password"}

    response = browser.post("/api/auth/login", {"username": "nobody", "password": PASSWORD})
    assert response.status_code == 401
    assert error(response)["code"] == "wrong-credentials"
    assert browser.post("/api/auth/login", good).status_code == 200  # success clears failures
    assert browser.get("/api/me").json()["user"]["name"] == "alice"

    late = server.browser()
    for _ in range(5):
        response = late.post("/api/auth/login", bad)
        assert response.status_code == 401
        assert SESSION_COOKIE not in set_cookies(response)
    response = late.post("/api/auth/login", good)
    assert response.status_code == 429
    assert error(response)["code"] == "rate-limited"
    assert SESSION_COOKIE not in set_cookies(response)
    assert late.get("/api/me").json()["user"] is None
    # Case does not get around the limit on the name either.
    response = late.post("/api/auth/login", {"username": "ALICE", "password": PASSWORD})
    assert response.status_code == 429


def test_logout(server: Server) -> None:
    browser = server.browser()
    browser.signup("alice", PASSWORD)
    token = browser.client.cookies.get(SESSION_COOKIE)
    assert token and server.count("sessions") == 1
    response = browser.post("/api/auth/logout")
    assert response.status_code == 200 and response.json() == {}
    assert browser.get("/api/me").json()["user"] is None
    assert server.count("sessions") == 0
    # The old token is dead even if someone kept it.
    thief = server.browser()
    thief.client.cookies.set(SESSION_COOKIE, token)
    assert thief.get("/api/me").json()["user"] is None
    assert thief.get("/api/my/games").status_code == 401


def test_guest_who_signs_up_keeps_their_games(server: Server) -> None:
    browser = server.guest()
    guest_id = browser.user_id
    table = browser.create_table()
    assert [g["id"] for g in browser.get("/api/my/games").json()] == [table["id"]]

    user = browser.signup("alice", PASSWORD)
    assert user == {"id": guest_id, "name": "alice", "guest": False}
    games = browser.get("/api/my/games").json()
    assert [g["id"] for g in games] == [table["id"]]
    assert games[0]["seats"][0]["name"].strip("\u2068\u2069") == "alice"  # (bidi-isolated)
    assert games[0]["you"] == 0
    assert server.count("users") == 1

    elsewhere = server.browser()
    assert elsewhere.post("/api/auth/login", {"username": "alice", "password": PASSWORD}).is_success
    assert [g["id"] for g in elsewhere.get("/api/my/games").json()] == [table["id"]]


def test_language_cookie(server: Server) -> None:
    browser = server.browser()
    response = browser.post("/api/lang", {"lang": "en"})
    assert response.status_code == 200
    assert browser.get("/api/me").json()["lang"] == "en"
    assert browser.post("/api/lang", {"lang": "de"}).status_code == 422
    assert browser.get("/api/me").json()["lang"] == "en"
    browser.client.cookies.set("rumizi_lang", "xx")
    assert browser.get("/api/me").json()["lang"] == "fa"


def test_signed_out_requests(server: Server) -> None:
    browser = server.browser()
    for response in (
        browser.get("/api/my/games"),
        browser.post("/api/tables", {"game": "star-realms", "seats": [{"kind": "human"}] * 2}),
    ):
        assert response.status_code == 401
        assert error(response)["code"] == "signed-out"
