"""Tables: creating them (and refusing bad ones), invites, waiting for players, spectators."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.server.kit import Browser, Server, duel, play_random, states_by_version

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def refused(browser: Browser, body: Any, status: int, code: str, words: str) -> None:
    if isinstance(body, bytes):
        response = browser.post(
            "/api/tables", content=body, headers={"Content-Type": "application/json"}
        )
    else:
        response = browser.post("/api/tables", body)
    assert response.status_code == status, (body if len(str(body)) < 300 else "big", response.text)
    found = response.json()["error"]
    assert found["code"] == code
    assert words in found["message"], found["message"]
    assert len(found["message"]) < 300  # a clear message, not an echo of the request


def test_bad_tables_are_refused_and_not_stored(server: Server) -> None:
    guest = server.guest()
    member = server.browser()
    member.signup("alice")
    sr = "star-realms"
    cases: list[tuple[Browser, Any, int, str, str]] = [
        (guest, {"game": sr, "options": {"format": "nope"}, "seats": HUMANS}, 400, "", "format"),
        (guest, {"game": sr, "options": {"format": "duel"}, "seats": HUMANS * 2}, 400, "", "duel"),
        (guest, {"game": sr, "seats": [{"kind": "human"}] * 3}, 400, "", "duel"),
        (guest, {"game": sr, "options": {"format": "hydra"}, "seats": HUMANS}, 400, "", "hydra"),
        (guest, {"game": sr, "options": {"colour": "red"}, "seats": HUMANS}, 400, "", "colour"),
        (guest, {"game": sr, "seats": [{"kind": "bot"}] * 2}, 400, "", "person"),
        (
            member,
            {"game": sr, "seats": [{"kind": "human"}, {"kind": "bot"}], "rated": True},
            400,
            "",
            "rated",
        ),
        (guest, {"game": sr, "seats": HUMANS, "rated": True}, 400, "", "sign up"),
        (guest, b'{"game": "star-realms", "seats": [', 422, "malformed", ""),
        (guest, b"[1, 2, 3]", 422, "malformed", ""),
        (guest, {"game": sr}, 422, "malformed", "seats"),
        (guest, {"game": sr, "seats": []}, 422, "malformed", "seats"),
        (
            guest,
            {"game": sr, "seats": [{"kind": "alien"}, {"kind": "human"}]},
            422,
            "malformed",
            "seats",
        ),
        (
            guest,
            {"game": sr, "seats": [{"kind": "bot", "level": "godlike"}, {"kind": "human"}]},
            422,
            "malformed",
            "level",
        ),
        (guest, {"game": sr, "seats": [{"kind": "human"}] * 9}, 422, "malformed", "seats"),
        (guest, {"game": "x" * 41, "seats": HUMANS}, 422, "malformed", "game"),
        (
            guest,
            {"game": sr, "seats": HUMANS, "options": {str(i): "x" for i in range(9)}},
            422,
            "malformed",
            "options",
        ),
        (
            guest,
            {"game": sr, "seats": HUMANS, "options": {"format": "duel" * 5_000}},
            422,
            "malformed",
            "options",
        ),
        (  # over the body cap: refused before anything parses it
            guest,
            {"game": sr, "seats": HUMANS, "options": {"format": "duel" * 50_000}},
            413,
            "too-large",
            "limited",
        ),
        (
            guest,
            {"game": sr, "seats": HUMANS, "options": {"k" * 50_000: "duel"}},
            422,
            "malformed",
            "options",
        ),
        (
            guest,
            {"game": sr, "seats": HUMANS, "clock": {"kind": "realtime", "initial": 1}},
            422,
            "malformed",
            "initial",
        ),
        (
            guest,
            {"game": sr, "seats": HUMANS, "clock": {"kind": "blitz"}},
            422,
            "malformed",
            "clock",
        ),
        (
            guest,
            {"game": sr, "seats": HUMANS, "clock": {"kind": "turn", "per_move": 10**9}},
            422,
            "malformed",
            "per_move",
        ),
        (guest, {"game": sr, "seats": HUMANS, "rated": "maybe"}, 422, "malformed", "rated"),
    ]
    for browser, body, status, code, words in cases:
        refused(browser, body, status, code or "invalid-options", words)
    assert server.count("game_tables") == 0
    assert server.count("seats") == 0
    assert server.hub.tables == {}


def test_a_good_table(server: Server) -> None:
    browser = server.guest()
    made = browser.create_table(
        options={"format": "duel"},
        seats=[{"kind": "bot", "level": "medium"}, {"kind": "human"}],
        clock={"kind": "realtime", "initial": 300, "increment": 5},
    )
    assert made["seat"] == 1 and made["url"] == f"/t/{made['id']}" and made["invite"]
    info = browser.get(f"/api/tables/{made['id']}").json()
    assert info["status"] == "playing"
    assert info["options"] == {"format": "duel", "players": 2, "undo": True}
    assert info["clock"] == {"kind": "realtime", "initial": 300, "increment": 5}
    assert info["you"] == 1 and info["invite"] == made["invite"]
    assert [(s["kind"], s["level"]) for s in info["seats"]] == [("bot", "medium"), ("human", None)]
    assert info["seats"][1]["user_id"] == browser.user_id
    assert "seed" not in json.dumps(info)
    # Somebody else sees the table without its invite.
    other = server.browser().get(f"/api/tables/{made['id']}").json()
    assert other["you"] is None and "invite" not in other
    assert server.browser().get("/api/tables/nope").status_code == 404


def test_invites(server: Server) -> None:
    owner = server.guest()
    made = owner.create_table(seats=HUMANS)
    table_url = f"/api/tables/{made['id']}"
    joiner, late = server.guest(), server.guest()

    response = joiner.post(f"{table_url}/join", {"invite": "not-the-code"})
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "wrong-invite"
    response = joiner.post("/api/tables/nope/join", {"invite": made["invite"]})
    assert response.status_code == 404
    assert joiner.get(table_url).json()["status"] == "waiting"

    assert owner.join(made) == 0  # the owner's own link: still seat 0
    assert joiner.join(made) == 1
    assert joiner.join(made) == 1  # twice is fine
    response = late.post(f"{table_url}/join", {"invite": made["invite"]})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "table-full"
    info = late.get(table_url).json()
    assert [s["user_id"] for s in info["seats"]] == [
        owner.user_id,
        joiner.user_id,
    ]

    # A signed-out browser cannot join.
    assert server.browser().post(f"{table_url}/join", {"invite": made["invite"]}).status_code == 401


def test_waiting_until_the_second_player_joins(server: Server) -> None:
    owner, joiner = server.guest(), server.guest()
    made = owner.create_table(seats=HUMANS)
    assert owner.get(f"/api/tables/{made['id']}").json()["status"] == "waiting"
    with owner.socket(made["id"]) as first:
        state = first.next_state()
        assert state["status"] == "waiting" and state["legal"] == [] and state["to_act"] == []
        assert state["seats"][1]["empty"] is True
        answer = first.act({"do": "end"})
        assert answer["type"] == "error" and answer["code"] == "waiting"
        assert server.count("actions", made["id"]) == 0

        assert joiner.join(made) == 1
        state = first.wait(lambda m: m["status"] == "playing")
        assert state["seats"][1]["empty"] is False
        assert state["to_act"] in ([0], [1])
        assert bool(state["legal"]) == (state["to_act"] == [0])
        assert joiner.get(f"/api/tables/{made['id']}").json()["status"] == "playing"
        with joiner.socket(made["id"]) as second:
            seen = second.next_state()
            assert seen["seat"] == 1 and seen["status"] == "playing"
            assert bool(seen["legal"]) == (seen["to_act"] == [1])


def _hidden_cards_check(
    message: dict[str, Any], seat: int | None, states: list[Any], exports: list[dict[str, Any]]
) -> None:
    version = message["version"]
    state = states[version]
    view = message["view"]
    assert view == json.loads(json.dumps(state.view(seat))), (seat, version)
    for other, player in enumerate(view["players"]):
        if other != seat:
            assert "hand" not in player and "deck" not in player, (seat, other, version)
    assert "trade_deck" not in view and "seed" not in view
    if seat is None or state.to_act != seat or message["status"] != "playing":
        assert message["legal"] == []
    else:
        assert [found["action"] for found in message["legal"]] == state.legal_actions()
    # The view is the engine's own; nothing else in the message (moves, log, seats) names a
    # stretch of a hidden order: the trade deck, the decks, the other hands.
    text = json.dumps({key: value for key, value in message.items() if key != "view"})
    full = exports[version]
    hidden = [full["trade_deck"]] + [p["deck"] for p in full["players"]]
    hidden += [p["hand"] for i, p in enumerate(full["players"]) if i != seat]
    for cards in hidden:
        for start in range(len(cards) - 3):
            window = cards[start : start + 4]
            if len(set(window)) >= 3:
                assert json.dumps(window)[1:-1] not in text, (seat, version, window)


def test_spectators_and_opponents_never_see_hidden_cards(server: Server) -> None:
    first, second, table_id = duel(server)
    watcher = server.guest()
    with (
        first.socket(table_id) as s0,
        second.socket(table_id) as s1,
        watcher.socket(table_id) as spectator,
    ):
        start = s0.next_state()
        assert spectator.next_state()["seat"] is None
        s1.next_state()
        # A spectator cannot act.
        answer = spectator.act({"do": "end"}, version=start["version"])
        assert answer["code"] == "spectator"
        state = play_random({0: s0, 1: s1}, random.Random(7), 80, start)
        if state["result"] is None:
            (seat,) = state["to_act"]
            waiting = {0: s1, 1: s0}[seat]
            waiting.send({"type": "concede", "client_id": "give-up"})
            assert waiting.answer("give-up")["type"] == "ack"
        final = server.count("actions", table_id)
        for sock in (s0, s1, spectator):
            assert sock.wait_version(final)["result"] is not None

    states = states_by_version(server.store, table_id)
    exports = [s.export() for s in states]
    assert len(states) == final + 1
    for seat, sock in ((0, s0), (1, s1), (None, spectator)):
        messages = [m for m in sock.received if m["type"] == "state"]
        assert {m["version"] for m in messages} >= set(range(start["version"], final + 1))
        for message in messages:
            assert message["seat"] == seat
            _hidden_cards_check(message, seat, states, exports)


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_log_and_labels_in_the_socket_language(server: Server, lang: str) -> None:
    browser = server.guest(lang=lang)
    made = browser.create_table()
    with browser.socket(made["id"]) as sock:
        state = sock.my_turn()
        labels = " ".join(found["label"] for found in state["legal"])
        persian = any("\u0600" <= ch <= "\u06ff" for ch in labels)
        assert persian == (lang == "fa"), labels
        assert state["seats"][1]["kind"] == "bot" and state["seats"][1]["connected"]
        assert state["seats"][1]["name"] == ("Easy bot" if lang == "en" else "ربات آسان")
