"""Bot accounts and their tokens: made on the account page, shown once, kept hashed, scoped,
revoked at once; a bot plays through its token on the table's own protocol and never by hand;
its event stream announces its games; and no token works as a session, nor a session as a
token."""

from __future__ import annotations

import contextlib
import hashlib
import random
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import select
from starlette.websockets import WebSocketDisconnect

from rumizi.server.db import ApiToken
from tests.server.kit import Browser, Closed, Server, Socket


def bot_account(server: Server, name: str = "robo", scopes: Any = ("bot:play",)) -> Browser:
    owner = server.browser("en")
    owner.signup(name)
    made = owner.post("/api/account/bot")
    assert made.status_code == 200, made.text
    assert made.json()["bot"] is True
    return owner


def token(owner: Browser, scopes: Any = ("bot:play",), name: str = "lab") -> dict[str, Any]:
    made = owner.post("/api/account/tokens", {"name": name, "scopes": list(scopes)})
    assert made.status_code == 200, made.text
    found: dict[str, Any] = made.json()
    return found


def bearer(value: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {value}"}


def seat_bot(server: Server, value: str, table: dict[str, Any]) -> int:
    """The bot's program sits at ``table`` with its invite (no session: its token only)."""
    program = server.browser().client
    program.cookies.clear()
    joined = program.post(
        f"/api/bot/tables/{table['id']}/join",
        json={"invite": table["invite"]},
        headers=bearer(value),
    )
    assert joined.status_code == 200, joined.text
    seat: int = joined.json()["seat"]
    return seat


@contextlib.contextmanager
def bot_socket(server: Server, path: str, value: str) -> Iterator[Any]:
    client = server.browser().client
    client.cookies.clear()  # a bot's program has no session
    with client.websocket_connect(path, headers=bearer(value)) as session:
        yield session


def test_a_token_is_shown_once_kept_hashed_listed_and_revoked_at_once(server: Server) -> None:
    owner = bot_account(server)
    made = token(owner, ("bot:play", "challenge"))
    assert made["token"].startswith("rmz_") and made["scopes"] == ["bot:play", "challenge"]
    listed = owner.get("/api/account/tokens").json()
    assert [t["id"] for t in listed] == [made["id"]] and "token" not in listed[0]
    with server.store.sessions() as s:
        stored = s.scalar(select(ApiToken.token_hash))
    assert stored == hashlib.sha256(made["token"].encode()).hexdigest()  # never the token
    program = server.browser().client
    program.cookies.clear()
    me = program.get("/api/bot/account", headers=bearer(made["token"]))
    assert me.json() == {"name": "robo", "bot": True, "scopes": ["bot:play", "challenge"]}
    revoked = owner.client.delete(
        f"/api/account/tokens/{made['id']}", headers={"X-CSRF-Token": owner.csrf}
    )
    assert revoked.status_code == 200
    again = program.get("/api/bot/account", headers=bearer(made["token"]))
    assert again.status_code == 401 and again.json()["error"]["code"] == "bad-token"
    assert owner.get("/api/account/tokens").json() == []
    stranger = server.browser("en")
    stranger.signup("stranger")
    other = stranger.client.delete(
        f"/api/account/tokens/{made['id']}", headers={"X-CSRF-Token": stranger.csrf}
    )
    assert other.status_code == 404 and other.json()["error"]["code"] == "unknown-token"


def test_only_a_bot_account_that_never_played_gets_tokens_that_play(server: Server) -> None:
    person = server.browser("en")
    person.signup("person")
    refused = person.post("/api/account/tokens", {"name": "x", "scopes": ["bot:play"]})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not-a-bot"
    assert token(person, ("challenge",))["scopes"] == ["challenge"]  # answering challenges only
    guest = server.guest("en")
    assert guest.post("/api/account/bot").json()["error"]["code"] == "sign-up"
    person.create_table()  # a game by hand: this account stays a person
    late = person.post("/api/account/bot")
    assert late.status_code == 409 and late.json()["error"]["code"] == "has-games"


@pytest.mark.parametrize("header", [None, "Bearer nope", "Basic abc", "Bearer "])
def test_a_missing_or_unknown_token_is_refused(server: Server, header: str | None) -> None:
    client = server.browser().client
    headers = {} if header is None else {"Authorization": header}
    answer = client.get("/api/bot/account", headers=headers)
    assert answer.status_code == 401 and answer.json()["error"]["code"] == "bad-token"


def test_a_token_without_bot_play_opens_no_bot_route(server: Server) -> None:
    owner = bot_account(server)
    narrow = token(owner, ("challenge",))
    client = server.browser().client
    client.cookies.clear()
    answer = client.get("/api/bot/account", headers=bearer(narrow["token"]))
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "token-scope"
    for path in ("/api/bot/stream", "/api/bot/game/anything"):
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            bot_socket(server, path, narrow["token"]) as ws,
        ):
            ws.receive_json()
        assert closed.value.code == 4401


def test_a_token_is_no_session_and_a_session_is_no_token(server: Server) -> None:
    owner = bot_account(server)
    made = token(owner)
    program = server.browser().client
    program.cookies.clear()
    me = program.get("/api/me", headers=bearer(made["token"])).json()
    assert me["user"] is None  # the page's routes read the cookie alone
    assert owner.get("/api/bot/account").status_code == 401  # the cookie opens no bot route


def play_out(sock: Socket, rng: random.Random) -> dict[str, Any]:
    """Random legal moves for this seat until the game ends; the final state."""
    while True:
        state = sock.my_turn()
        if state["result"] is not None:
            return state
        move = rng.choice(state["legal"])["action"]
        answer = sock.act(move, state["version"])
        assert answer["type"] in ("ack", "error"), answer


def test_a_bot_sits_with_an_invite_and_plays_on_the_table_s_protocol(server: Server) -> None:
    owner = bot_account(server)
    made = token(owner)
    person = server.guest("en")
    table = person.create_table(game="splendor-duel", seats=[{"kind": "human"}] * 2)
    assert seat_bot(server, made["token"], table) == 1
    with (
        person.socket(table["id"]) as mine,
        bot_socket(server, f"/api/bot/game/{table['id']}", made["token"]) as ws,
    ):
        bot = Socket(ws)
        first = bot.next_state()
        assert first["seat"] == 1 and first["view"]["game"] == "splendor-duel"
        # The bot's view is its seat's, exactly as the page's for that seat would be.
        assert first["view"] == server.live(table["id"]).state.view(1)
        mine.next_state()
        rng = random.Random(3)
        version = first["version"]
        while True:  # random moves on both sides, each on its own socket, to the end
            state = bot.wait(lambda m, v=version: m["version"] >= v, 30)
            if state["result"] is not None:
                break
            if state["legal"]:
                bot.act(rng.choice(state["legal"])["action"], state["version"])
            else:
                theirs = mine.wait(lambda m, v=version: m["version"] >= v, 30)
                mine.act(rng.choice(theirs["legal"])["action"], theirs["version"])
            version = state["version"] + 1
        assert state["result"] is not None


def test_a_bot_account_cannot_play_by_hand(server: Server) -> None:
    owner = bot_account(server)
    made = token(owner)
    person = server.guest("en")
    table = person.create_table(seats=[{"kind": "human"}] * 2)
    seat_bot(server, made["token"], table)
    with owner.socket(table["id"]) as page:  # the owner's own page, signed in as the bot
        state = page.next_state()
        assert state["seat"] == 1
        page.send({"type": "concede", "client_id": "by-hand"})
        answer = page.answer("by-hand")
        assert answer["type"] == "error" and answer["code"] == "bot-account"
    assert server.live(table["id"]).state.over is False


def test_a_revoked_token_closes_the_bot_s_game_before_its_next_move(server: Server) -> None:
    owner = bot_account(server)
    made = token(owner)
    person = server.guest("en")
    table = person.create_table(seats=[{"kind": "human"}] * 2)
    seat_bot(server, made["token"], table)
    with bot_socket(server, f"/api/bot/game/{table['id']}", made["token"]) as ws:
        bot = Socket(ws)
        bot.next_state()
        owner.client.delete(
            f"/api/account/tokens/{made['id']}", headers={"X-CSRF-Token": owner.csrf}
        )
        bot.send({"type": "concede", "client_id": "after"})
        with pytest.raises(Closed) as closed:
            bot.answer("after")
        assert closed.value.code == 4401
    assert server.live(table["id"]).state.over is False


def test_the_event_stream_announces_each_game_and_its_end(server: Server) -> None:
    owner = bot_account(server)
    made = token(owner)
    person = server.guest("en")
    with bot_socket(server, "/api/bot/stream", made["token"]) as stream:
        table = person.create_table(seats=[{"kind": "human"}] * 2)
        seat_bot(server, made["token"], table)
        start = stream.receive_json()
        assert start == {
            "type": "game-start",
            "table": table["id"],
            "game": "star-realms",
            "seat": 1,
            "status": "playing",
        }
        with person.socket(table["id"]) as mine:
            mine.next_state()
            mine.send({"type": "concede", "client_id": "bye"})
            assert mine.answer("bye")["type"] == "ack"
        assert stream.receive_json() == {"type": "game-finish", "table": table["id"]}


def test_a_bot_hears_a_challenge_on_its_stream_and_answers_it_with_its_token(
    server: Server,
) -> None:
    owner = bot_account(server)
    both = token(owner, ("bot:play", "challenge"))
    play_only = token(owner, ("bot:play",))
    person = server.browser("en")
    person.signup("person")
    program = server.browser().client
    program.cookies.clear()
    with bot_socket(server, "/api/bot/stream", both["token"]) as stream:
        asked = person.post("/api/challenges", {"to": "robo", "game": "splendor-duel"})
        assert asked.status_code == 200, asked.text
        heard = stream.receive_json()
        assert heard["type"] == "challenge" and heard["id"] == asked.json()["id"]
        assert (heard["from"], heard["game"], heard["status"]) == (
            "person",
            "splendor-duel",
            "pending",
        )
        url = f"/api/bot/challenges/{heard['id']}/accept"
        narrow = program.post(url, headers=bearer(play_only["token"]))
        assert narrow.status_code == 403 and narrow.json()["error"]["code"] == "token-scope"
        accepted = program.post(url, headers=bearer(both["token"]))
        assert accepted.status_code == 200 and accepted.json()["status"] == "accepted"
        start = stream.receive_json()
        assert start["type"] == "game-start" and start["table"] == accepted.json()["table"]
        assert start["seat"] == 1  # the challenger sits first
    declined = person.post("/api/challenges", {"to": "robo", "game": "star-realms"}).json()
    answer = program.post(
        f"/api/bot/challenges/{declined['id']}/decline", headers=bearer(both["token"])
    )
    assert answer.json()["status"] == "declined"


def test_a_bot_account_is_marked_on_its_profile_and_at_the_table(server: Server) -> None:
    owner = bot_account(server)
    made = token(owner)
    person = server.guest("fa")
    table = person.create_table(seats=[{"kind": "human"}] * 2)
    seat_bot(server, made["token"], table)
    assert server.browser().get("/api/users/robo").json()["bot"] is True
    seats = person.get(f"/api/tables/{table['id']}").json()["seats"]
    assert seats[1]["name"] == "\u2068BOT robo\u2069"  # the title in Persian too
    assert server.browser().get(f"/api/users/{person.user['name']}").json()["bot"] is False
