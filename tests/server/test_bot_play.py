"""Bots among people, only where people asked for them: a bot challenges a person who opted in
(and did not block it), joins tournaments whose organiser allowed bots, meets people in the
quick match only when they allow bots; bots have a leaderboard of their own; and every token
is rate-limited (429 with Retry-After, then it goes on)."""

from __future__ import annotations

import time
from typing import Any

from tests.server.kit import Browser, RedisServer, Server, ServerFactory, Socket
from tests.server.test_bot_accounts import bearer, bot_account, bot_socket, seat_bot, token
from tests.server.test_postgres import any_backend, postgres_url  # noqa: F401 (fixtures)
from tests.server.test_ratings import concede_game
from tests.server.test_tournaments import FAST, announce, begin, wait_until

ASKED = {"game": "splendor-duel", "clock": {"kind": "realtime", "initial": 300, "increment": 5}}


def program(server: Server) -> Any:
    """The bot's program: an HTTP client with no session, only its token."""
    client = server.browser().client
    client.cookies.clear()
    return client


def person(server: Server, name: str, bots: bool | None = None) -> Browser:
    found = server.browser("en")
    found.signup(name)
    if bots is not None:
        answer = found.post("/api/account/bot-settings", {"accept_bot_challenges": bots})
        assert answer.status_code == 200 and answer.json() == {"accept_bot_challenges": bots}
    return found


def refused(answer: Any, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["code"] == code


def test_a_bot_challenges_only_a_person_who_opted_in_and_did_not_block_it(
    any_backend: str,  # noqa: F811 (first: the servers stop before the database is dropped)
    make_server: ServerFactory,
) -> None:
    server = make_server(any_backend)
    owner = bot_account(server)
    made = token(owner, ("bot:play", "challenge"))
    client = program(server)
    mina = person(server, "mina")
    assert mina.get("/api/account/bot-settings").json() == {"accept_bot_challenges": False}
    # Off unless chosen: refused with its own code, and nothing reaches her.
    asked = client.post(
        "/api/bot/challenges", json={**ASKED, "to": "mina"}, headers=bearer(made["token"])
    )
    refused(asked, 403, "not-accepting-bots")
    assert mina.get("/api/challenges").json() == []
    # A token without the challenge scope, or no token at all (a session is no token).
    narrow = token(owner, ("bot:play",), "narrow")
    no_scope = client.post(
        "/api/bot/challenges", json={**ASKED, "to": "mina"}, headers=bearer(narrow["token"])
    )
    refused(no_scope, 403, "token-scope")
    refused(owner.post("/api/bot/challenges", {**ASKED, "to": "mina"}), 401, "bad-token")
    # She opts in on her account page: the challenge comes, she accepts it like any other,
    # and the bot's stream announces the game.
    mina.post("/api/account/bot-settings", {"accept_bot_challenges": True})
    assert mina.get("/api/account/bot-settings").json() == {"accept_bot_challenges": True}
    with bot_socket(server, "/api/bot/stream", made["token"]) as stream:
        sent = client.post(
            "/api/bot/challenges", json={**ASKED, "to": "mina"}, headers=bearer(made["token"])
        )
        assert sent.status_code == 200, sent.text
        assert (sent.json()["from"], sent.json()["status"]) == ("robo", "pending")
        waiting = mina.get("/api/challenges").json()
        assert [(c["id"], c["from"], c["incoming"]) for c in waiting] == [
            (sent.json()["id"], "robo", True)
        ]
        accepted = mina.post(f"/api/challenges/{sent.json()['id']}/accept").json()
        assert accepted["status"] == "accepted"
        while True:
            heard = stream.receive_json()
            if heard["type"] == "game-start":
                break
        assert heard["table"] == accepted["table"] and heard["seat"] == 0  # challenger first
    # A block holds whatever the setting: answered as any block is, naming nobody.
    sara = person(server, "sara", bots=True)
    assert sara.post("/api/users/robo/block").status_code == 200
    blocked = client.post(
        "/api/bot/challenges", json={**ASKED, "to": "sara"}, headers=bearer(made["token"])
    )
    refused(blocked, 403, "not-accepting-challenges")
    assert sara.get("/api/challenges").json() == []
    # Turned off again: refused again.
    mina.post("/api/account/bot-settings", {"accept_bot_challenges": False})
    again = client.post(
        "/api/bot/challenges", json={**ASKED, "to": "mina"}, headers=bearer(made["token"])
    )
    refused(again, 403, "not-accepting-bots")


def test_bots_and_people_have_leaderboards_apart(
    any_backend: str,  # noqa: F811
    make_server: ServerFactory,
) -> None:
    server = make_server(any_backend)
    owner = bot_account(server)
    made = token(owner, ("bot:play", "challenge"))
    mina = person(server, "mina", bots=True)
    sent = program(server).post(
        "/api/bot/challenges",
        json={**ASKED, "game": "star-realms", "to": "mina", "rated": True},
        headers=bearer(made["token"]),
    )
    assert sent.status_code == 200, sent.text
    table = mina.post(f"/api/challenges/{sent.json()['id']}/accept").json()["table"]
    concede_game(server, mina, owner, table)  # the owner's page watches the bot's seat
    people = server.browser().get("/api/leaderboard/star-realms").json()
    bots = server.browser().get("/api/leaderboard/star-realms?bots=1").json()
    assert [r["name"] for r in people] == ["mina"]
    assert [r["name"] for r in bots] == ["robo"]
    assert bots[0]["rating"] > people[0]["rating"]  # the bot won the rated game
    bad = server.browser().get("/api/leaderboard/star-realms?bots=maybe")
    refused(bad, 422, "malformed")


def test_a_bot_joins_only_a_tournament_that_allows_bots_and_is_paired_there(
    make_server: ServerFactory,
) -> None:
    server = make_server(**FAST)
    owner = bot_account(server)
    made = token(owner)
    client = program(server)
    organiser = person(server, "organiser")
    closed = announce(organiser)
    assert organiser.get(f"/api/tournaments/{closed['id']}").json()["allow_bots"] is False
    url = f"/api/bot/tournaments/{closed['id']}/join"
    refused(client.post(url, json={}, headers=bearer(made["token"])), 403, "bots-not-allowed")
    # Nor by the bot account's own page session.
    refused(owner.post(f"/api/tournaments/{closed['id']}/join", {}), 403, "bots-not-allowed")
    assert organiser.get(f"/api/tournaments/{closed['id']}").json()["entrants"] == 0

    open_ = announce(organiser, kind="arena", minutes=30, allow_bots=True, game="splendor-duel")
    page = organiser.get(f"/api/tournaments/{open_['id']}").json()
    assert page["allow_bots"] is True
    url = f"/api/bot/tournaments/{open_['id']}/join"
    joined = client.post(url, json={}, headers=bearer(made["token"]))
    assert joined.status_code == 200, joined.text
    assert joined.json()["joined"] is True and joined.json()["entrants"] == 1
    withdrew = client.post(
        f"/api/bot/tournaments/{open_['id']}/withdraw", headers=bearer(made["token"])
    )
    assert withdrew.status_code == 200 and withdrew.json()["entrants"] == 0
    assert client.post(url, json={}, headers=bearer(made["token"])).status_code == 200
    rival = person(server, "rival")
    assert rival.post(f"/api/tournaments/{open_['id']}/join", {}).status_code == 200
    with bot_socket(server, "/api/bot/stream", made["token"]) as stream:
        begin(server, open_["id"])
        seen = wait_until(organiser, open_["id"], lambda e: bool(e["pairings"]))
        pairing = seen["pairings"][0]
        assert len(pairing["seats"]) == 2 and "rival" in pairing["seats"]
        heard = stream.receive_json()
        assert heard["type"] == "game-start" and heard["table"] == pairing["table"]
        assert heard["game"] == "splendor-duel"


def test_the_quick_match_pairs_a_bot_only_with_people_who_allow_bots_or_with_bots(
    server: Server,
) -> None:
    owner = bot_account(server)
    made = token(owner)
    client = program(server)
    asked = {"game": "star-realms", "options": {"format": "duel"}, "wait": 60}
    with bot_socket(server, "/api/bot/stream", made["token"]) as stream:
        queued = client.post("/api/bot/quick", json=asked, headers=bearer(made["token"]))
        assert queued.status_code == 200 and queued.json()["status"] == "waiting"
        shy = person(server, "shy")
        assert shy.post("/api/lobby/quick", asked).json()["status"] == "waiting"  # not the bot
        assert shy.post("/api/lobby/quick/cancel").json()["status"] == "none"
        keen = person(server, "keen")
        matched = keen.post("/api/lobby/quick", {**asked, "allow_bots": True}).json()
        assert matched["status"] == "matched"
        heard = stream.receive_json()
        assert heard["type"] == "game-start" and heard["table"] == matched["table"]
        assert heard["seat"] == 0  # the one who waited first sits first
    info = keen.get(f"/api/tables/{matched['table']}").json()
    assert [s["user_id"] for s in info["seats"]] == [owner.user_id, keen.user_id]
    # Two bots meet each other; a bot may leave the queue.
    other = bot_account(server, "robo2")
    second = token(other)
    third = bot_account(server, "robo3")
    last = token(third)
    assert (
        client.post("/api/bot/quick", json=asked, headers=bearer(second["token"])).json()["status"]
        == "waiting"
    )
    paired = client.post("/api/bot/quick", json=asked, headers=bearer(last["token"])).json()
    assert paired["status"] == "matched"
    left = client.post("/api/bot/quick/cancel", headers=bearer(made["token"]))
    assert left.status_code == 200 and left.json()["status"] == "none"


def test_a_token_past_its_limits_is_told_to_wait_and_then_goes_on(
    make_server: ServerFactory,
) -> None:
    server = make_server(token_requests="3/second", token_moves="1/minute")
    owner = bot_account(server)
    made = token(owner)
    client = program(server)
    for _ in range(3):
        assert client.get("/api/bot/account", headers=bearer(made["token"])).status_code == 200
    limited = client.get("/api/bot/account", headers=bearer(made["token"]))
    refused(limited, 429, "token-rate-limited")
    assert 1 <= int(limited.headers["Retry-After"]) <= 2
    other = token(owner, name="other")  # counted per token: another token goes on
    assert client.get("/api/bot/account", headers=bearer(other["token"])).status_code == 200
    time.sleep(1.1)
    assert client.get("/api/bot/account", headers=bearer(made["token"])).status_code == 200
    # Moves: the first counts (refused on its own merits), the second is past the limit.
    time.sleep(1.1)
    guest = server.guest("en")
    table = guest.create_table(game="splendor-duel", seats=[{"kind": "human"}] * 2)
    seat_bot(server, made["token"], table)
    with bot_socket(server, f"/api/bot/game/{table['id']}", made["token"]) as ws:
        bot = Socket(ws)
        bot.next_state()
        first = bot.act({"nothing": "legal"})
        assert first["type"] == "error" and first["code"] != "token-rate-limited"
        bot.send({"type": "concede", "client_id": "too-soon"})
        second = bot.answer("too-soon")
        assert second["type"] == "error" and second["code"] == "token-rate-limited"
        assert "wait" in second["message"]
    assert server.live(table["id"]).state.over is False


def test_two_instances_count_a_token_together_in_redis(make_server: ServerFactory) -> None:
    redis = RedisServer().start()
    try:
        limits = {"limiter_storage": redis.url, "token_requests": "4/minute"}
        one = make_server(**limits)
        other = make_server(**limits)  # the same database, another process's memory
        owner = bot_account(one)
        made = token(owner)
        clients = [program(one), program(other)]
        answers = [
            clients[i % 2].get("/api/bot/account", headers=bearer(made["token"])).status_code
            for i in range(5)
        ]
        assert answers == [200, 200, 200, 200, 429]  # the fifth, on either, is one too many
        late = clients[0].get("/api/bot/account", headers=bearer(made["token"]))
        refused(late, 429, "token-rate-limited")
    finally:
        redis.stop()
