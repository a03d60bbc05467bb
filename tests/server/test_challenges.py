"""Challenges (rumizi.server.challenges): made to one player, seen by them live on the lobby's
socket, accepted into a table with both seated (the challenger first) and the asked options,
clock and rating, or declined, withdrawn or left to expire; each refusal with its code and
nothing changed; and only the two players ever read a challenge."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from rumizi.server import challenges
from rumizi.server.db import now
from tests.server.kit import Browser, Server
from tests.server.test_lobby import lobby_socket, next_lobby, refused
from tests.server.test_ratings import board, concede_game

REALTIME = {"kind": "realtime", "initial": 300, "increment": 5}
ASKED = {"game": "star-realms", "options": {"format": "duel"}, "clock": REALTIME}


def challenge(browser: Browser, to: str, **body: Any) -> dict[str, Any]:
    """``browser`` challenges ``to`` (the :data:`ASKED` game unless ``body`` says otherwise)."""
    found = browser.post("/api/challenges", {**ASKED, "to": to, **body})
    assert found.status_code == 200, found.text
    made: dict[str, Any] = found.json()
    return made


def answer(browser: Browser, challenge_id: str, given: str) -> dict[str, Any]:
    found = browser.post(f"/api/challenges/{challenge_id}/{given}")
    assert found.status_code == 200, found.text
    answered: dict[str, Any] = found.json()
    return answered


def listed(browser: Browser) -> dict[str, str]:
    """The caller's challenges: id -> status."""
    found = browser.get("/api/challenges")
    assert found.status_code == 200, found.text
    return {c["id"]: c["status"] for c in found.json()}


def people(server: Server, *names: str) -> list[Browser]:
    found = []
    for name in names:
        browser = server.browser()
        browser.signup(name)
        found.append(browser)
    return found


def test_the_challenged_sees_it_live_and_accepts_into_a_table_with_both_seated(
    server: Server,
) -> None:
    alice, bob = people(server, "alice", "bob")
    tables = server.count("game_tables")
    with lobby_socket(bob) as bobs, lobby_socket(alice) as alices:
        assert next_lobby(bobs)["challenges"] == []
        next_lobby(alices)
        made = challenge(alice, "BOB")  # any spelling of the name finds the account
        assert made["from"] == "alice" and made["to"] == "bob" and made["incoming"] is False
        assert made["status"] == "pending" and "table" not in made and "url" not in made
        assert (made["game"], made["options"]) == ("star-realms", {"format": "duel"})
        assert made["clock"] == REALTIME
        assert made["rated"] is False and made["expires"] > made["created"]
        # The challenged hears of it on the lobby's socket, without asking.
        pushed = next_lobby(bobs, lambda m: m["challenges"])["challenges"]
        assert [(c["id"], c["from"], c["incoming"], c["status"]) for c in pushed] == [
            (made["id"], "alice", True, "pending")
        ]
        assert server.count("game_tables") == tables  # no table until it is accepted
        accepted = answer(bob, made["id"], "accept")
        assert accepted["status"] == "accepted" and accepted["incoming"] is True
        assert accepted["url"] == f"/t/{accepted['table']}"
        # The challenger's lobby says it was accepted, and where the table is.
        # (A push built before the challenge was made lists none: waited past, not read.)
        mine = next_lobby(
            alices, lambda m: bool(m["challenges"]) and m["challenges"][0]["status"] == "accepted"
        )
        assert mine["challenges"][0]["url"] == accepted["url"]
    info = alice.get(f"/api/tables/{accepted['table']}").json()
    assert info["status"] == "playing" and info["rated"] is False
    assert [s["user_id"] for s in info["seats"]] == [alice.user_id, bob.user_id]
    assert info["options"]["format"] == "duel" and info["options"]["players"] == 2
    assert info["options"]["undo"] is True  # an unrated game allows taking a move back
    assert info["clock"] == REALTIME
    # Accepting again opens the same table, and nothing else is made.
    assert answer(bob, made["id"], "accept")["table"] == accepted["table"]
    assert server.count("game_tables") == tables + 1
    with alice.socket(accepted["table"]) as first, bob.socket(accepted["table"]) as second:
        assert first.next_state()["seat"] == 0 and second.next_state()["seat"] == 1
    assert listed(alice) == listed(bob) == {made["id"]: "accepted"}


def test_a_rated_challenge_between_accounts_makes_a_rated_table_that_moves_ratings(
    server: Server,
) -> None:
    alice, bob = people(server, "alice", "bob")
    made = challenge(alice, "bob", rated=True, clock={"kind": "none"})
    table_id = answer(bob, made["id"], "accept")["table"]
    info = bob.get(f"/api/tables/{table_id}").json()
    assert info["rated"] is True and info["options"]["undo"] is False
    concede_game(server, alice, bob, table_id)
    ranks = {line["name"]: line["rating"] for line in board(server)}
    assert ranks["bob"] > ranks["alice"]


def test_a_declined_challenge_stays_declined(server: Server) -> None:
    alice, bob = people(server, "alice", "bob")
    made = challenge(alice, "bob")
    tables = server.count("game_tables")
    for _ in range(2):  # twice: the same
        assert answer(bob, made["id"], "decline")["status"] == "declined"
    refused(bob.post(f"/api/challenges/{made['id']}/accept"), 409, "challenge-answered")
    refused(alice.post(f"/api/challenges/{made['id']}/cancel"), 409, "challenge-answered")
    assert server.count("game_tables") == tables
    assert listed(alice) == {made["id"]: "declined"}


def test_the_challenger_withdraws_a_challenge(server: Server) -> None:
    alice, bob = people(server, "alice", "bob")
    made = challenge(alice, "bob")
    for _ in range(2):
        assert answer(alice, made["id"], "cancel")["status"] == "cancelled"
    refused(bob.post(f"/api/challenges/{made['id']}/accept"), 409, "challenge-answered")
    refused(bob.post(f"/api/challenges/{made['id']}/decline"), 409, "challenge-answered")
    assert listed(bob) == {made["id"]: "cancelled"}


def test_a_new_challenge_to_the_same_player_replaces_the_one_waiting(server: Server) -> None:
    alice, bob, _carol = people(server, "alice", "bob", "carol")
    first = challenge(alice, "bob")
    other = challenge(alice, "carol")
    second = challenge(alice, "bob", clock={"kind": "none"})
    assert listed(bob) == {second["id"]: "pending", first["id"]: "cancelled"}
    assert listed(alice)[other["id"]] == "pending"  # another player's is left alone


def test_a_challenge_nobody_answers_expires_after_ten_minutes(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob = people(server, "alice", "bob")
    made = challenge(alice, "bob")
    later = now() + challenges.EXPIRES + timedelta(seconds=1)
    monkeypatch.setattr(challenges, "now", lambda: later)
    assert listed(bob) == listed(alice) == {made["id"]: "expired"}
    refused(bob.post(f"/api/challenges/{made['id']}/accept"), 409, "challenge-answered")
    refused(alice.post(f"/api/challenges/{made['id']}/cancel"), 409, "challenge-answered")
    with lobby_socket(bob) as socket:
        assert next_lobby(socket)["challenges"][0]["status"] == "expired"
    much_later = later + challenges.RECENT
    monkeypatch.setattr(challenges, "now", lambda: much_later)
    assert listed(bob) == {}  # an old answer is no longer listed


def test_refusals_say_why_and_change_nothing(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob, carol = people(server, "alice", "bob", "carol")
    guest = server.guest()
    assert guest.user is not None
    before = server.count("challenges")
    cases: list[tuple[Browser, dict[str, Any], int, str]] = [
        (alice, {"to": "nobody-here"}, 404, "unknown-user"),
        (alice, {"to": "alice"}, 422, "challenge-self"),
        (alice, {"to": "bob", "game": "no-such-game"}, 404, "unknown-game"),
        (alice, {"to": "bob", "options": {"format": "nonsense"}}, 400, "invalid-options"),
        (alice, {"to": guest.user["name"], "rated": True}, 403, "sign-up"),  # a guest, rated
        (guest, {"to": "bob", "rated": True}, 403, "sign-up"),  # a guest asking for rated
        (alice, {"to": "bob", "clock": {"kind": "turn", "per_move": 5}}, 422, "malformed"),
        (server.browser(), {"to": "bob"}, 401, "signed-out"),
    ]
    for browser, body, status, code in cases:
        refused(browser.post("/api/challenges", {**ASKED, **body}), status, code)
    no_token = alice.client.post("/api/challenges", json={**ASKED, "to": "bob"})
    refused(no_token, 403, "csrf")
    # Too many waiting: for the challenger's, their own code; for the challenged's, the
    # neutral one a block gives too.
    monkeypatch.setattr(challenges, "MOST_SENT", 1)
    waiting = challenge(alice, "bob")
    refused(alice.post("/api/challenges", {**ASKED, "to": "carol"}), 409, "too-many-challenges")
    monkeypatch.setattr(challenges, "MOST_WAITING", 1)
    refused(carol.post("/api/challenges", {**ASKED, "to": "bob"}), 403, "not-accepting-challenges")
    assert server.count("challenges") == before + 1
    # The answers: only the challenged accepts or declines, only the challenger cancels, and
    # nobody else so much as finds it.
    url = f"/api/challenges/{waiting['id']}"
    refused(alice.post(f"{url}/accept"), 403, "not-your-challenge")
    refused(alice.post(f"{url}/decline"), 403, "not-your-challenge")
    refused(bob.post(f"{url}/cancel"), 403, "not-your-challenge")
    for given in ("accept", "decline", "cancel"):
        refused(carol.post(f"{url}/{given}"), 404, "unknown-challenge")
        refused(bob.post(f"/api/challenges/nope/{given}"), 404, "unknown-challenge")
    assert listed(carol) == {}
    assert listed(bob) == {waiting["id"]: "pending"}
    refused(server.browser().get("/api/challenges"), 401, "signed-out")


def test_guests_challenge_each_other_to_unrated_games(server: Server) -> None:
    first, second = server.guest(), server.guest()
    assert second.user is not None
    made = challenge(first, second.user["name"], game="splendor-duel", options={})
    table_id = answer(second, made["id"], "accept")["table"]
    info = first.get(f"/api/tables/{table_id}").json()
    assert info["game"] == "splendor-duel" and info["rated"] is False
    assert [s["user_id"] for s in info["seats"]] == [first.user_id, second.user_id]


def test_a_challenge_is_read_by_its_two_players_alone(server: Server) -> None:
    alice, _bob, carol = people(server, "alice", "bob", "carol")
    made = challenge(alice, "bob")
    for reader in (carol, server.guest()):
        assert listed(reader) == {}
        assert made["id"] not in reader.get("/api/lobby").text
    assert made["id"] not in server.browser().get("/api/lobby").text
    assert made["id"] not in carol.get("/api/users/alice").text
