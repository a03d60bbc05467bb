"""A player's public profile: the finished games per game (won, drawn, lost), the rating and
its history, the newest games as a spectator sees them, the same for every reader and with
nothing private in it; an unknown name is a clear refusal."""

from __future__ import annotations

from typing import Any

from rumizi.server.profiles import outcome
from tests.server.kit import Server
from tests.server.test_ratings import concede_game


def profile(server: Server, name: str, lang: str = "en") -> dict[str, Any]:
    answer = server.browser(lang).get(f"/api/users/{name}")
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def test_a_profile_counts_finished_games_and_keeps_the_rating_s_history(server: Server) -> None:
    alice, bob = server.browser(), server.browser()
    alice.signup("alice")
    bob.signup("bob")
    assert profile(server, "alice")["stats"] == []  # nothing played yet
    games = []
    for loser, winner in ((alice, bob), (bob, alice), (alice, bob)):
        made = loser.create_table(seats=[{"kind": "human"}, {"kind": "human"}], rated=True)
        assert winner.join(made) == 1
        concede_game(server, loser, winner, made["id"])
        games.append(made["id"])
    unfinished = alice.create_table(seats=[{"kind": "human"}, {"kind": "human"}])
    assert bob.join(unfinished) == 1  # being played: neither counted nor listed

    seen = profile(server, "alice")
    assert seen["name"] == "alice" and seen["guest"] is False
    (line,) = seen["stats"]
    assert (line["game"], line["played"], line["won"], line["drawn"], line["lost"]) == (
        "star-realms", 3, 1, 0, 2
    )  # fmt: skip
    board = {r["name"]: r for r in server.browser().get("/api/leaderboard/star-realms").json()}
    assert line["rating"] == board["alice"]["rating"] and line["provisional"] is True
    assert line["rated_games"] == 3
    history = [p["rating"] for p in line["history"]]
    assert len(history) == 3 and history[-1] == line["rating"]
    assert history[0] < 1500 < history[1] and history[2] < history[1]  # lost, won, lost
    recent = seen["recent"]
    assert [g["table"]["id"] for g in recent] == games[::-1]  # newest first, finished only
    assert [(g["seat"], g["outcome"]) for g in recent] == [(0, "lost"), (1, "won"), (0, "lost")]
    assert all(g["table"]["status"] == "over" and "invite" not in g["table"] for g in recent)
    bobs = profile(server, "BOB")["stats"][0]  # any spelling of the name finds its account
    assert (bobs["won"], bobs["lost"]) == (2, 1)


def test_a_game_s_counts_are_also_given_per_format_in_the_reader_s_language(
    server: Server,
) -> None:
    alice, bob, carol = server.browser(), server.browser(), server.browser()
    for browser, name in ((alice, "alice"), (bob, "bob"), (carol, "carol")):
        browser.signup(name)
    for loser, winner in ((alice, bob), (bob, alice)):  # two duels: one won, one lost
        made = loser.create_table(seats=[{"kind": "human"}, {"kind": "human"}])
        assert winner.join(made) == 1
        concede_game(server, loser, winner, made["id"])
    # A free-for-all of three that alice and bob concede: carol wins it, alice lost it.
    made = alice.create_table(
        seats=[{"kind": "human"}] * 3, options={"players": 3, "format": "free-for-all"}
    )
    bob.join(made)
    carol.join(made)
    for n, browser in enumerate((alice, bob)):
        with browser.socket(made["id"]) as sock:
            sock.next_state()
            sock.send({"type": "concede", "client_id": f"resign-{n}"})
            answer = sock.answer(f"resign-{n}")
            assert answer["type"] == "ack", answer
    assert alice.get(f"/api/tables/{made['id']}").json()["status"] == "over"

    (line,) = profile(server, "alice")["stats"]
    assert (line["played"], line["won"], line["lost"]) == (3, 1, 2)
    assert [(f["key"], f["label"], f["played"], f["won"], f["drawn"], f["lost"])
            for f in line["formats"]] == [
        ("2|duel", "Duel · 2 players", 2, 1, 0, 1),  # the most played first
        ("3|free-for-all", "Free-for-all · 3 players", 1, 0, 0, 1),
    ]  # fmt: skip
    assert sum(f["played"] for f in line["formats"]) == line["played"]
    in_persian = profile(server, "alice", "fa")["stats"][0]["formats"]
    assert in_persian[1]["label"].endswith("۳ بازیکن")
    (carols,) = profile(server, "carol")["stats"][0]["formats"]
    assert (carols["key"], carols["won"]) == ("3|free-for-all", 1)


def test_everyone_reads_the_same_and_nothing_private(server: Server) -> None:
    alice = server.browser()
    alice.signup("alice", "a very secret phrase")
    guest = server.guest()
    made = alice.create_table(seats=[{"kind": "human"}, {"kind": "human"}])
    assert guest.join(made) == 1
    concede_game(server, guest, alice, made["id"])
    answers = [
        server.browser().get("/api/users/alice").json(),  # a visitor
        server.guest().get("/api/users/alice").json(),  # a stranger signed in as a guest
        alice.get("/api/users/alice").json(),  # the player
    ]
    assert answers[0] == answers[1] == answers[2]
    text = repr(answers[0])
    for secret in ("a very secret phrase", "argon2", made["invite"], "password", "session"):
        assert secret not in text
    guest_name = guest.get("/api/me").json()["user"]["name"]
    theirs = profile(server, guest_name)
    assert theirs["guest"] is True and theirs["stats"][0]["lost"] == 1
    assert theirs["stats"][0]["rating"] is None  # an unrated game gives no rating


def test_an_unknown_player_is_a_clear_refusal(server: Server) -> None:
    answer = server.browser().get("/api/users/nobody-here")
    assert answer.status_code == 404
    assert answer.json()["error"] == {
        "code": "unknown-user", "message": "no player named 'nobody-here'"
    }  # fmt: skip
    assert server.main.get("/u/alice").status_code == 200  # the page itself is the app's


def test_an_outcome_is_read_from_the_result() -> None:
    assert outcome(None, 0) == "lost"
    assert outcome({"returns": [0.0, 1.0, 0.0]}, 1) == "won"
    assert outcome({"returns": [1.0, 1.0]}, 0) == "drawn"


def test_a_player_follows_another_and_sees_the_games_they_are_playing(server: Server) -> None:
    alice, bob, carol = server.browser(), server.browser(), server.browser()
    alice.signup("alice")
    bob.signup("bob")
    carol.signup("carol")
    assert alice.get("/api/my/following").json() == []
    for _ in range(2):  # twice: the same
        answer = alice.post("/api/users/BOB/follow")
        assert answer.status_code == 200 and answer.json() == {"following": True}
    assert alice.post("/api/users/carol/follow").json() == {"following": True}
    made = bob.create_table(seats=[{"kind": "human"}, {"kind": "human"}])
    assert carol.join(made) == 1  # bob and carol are playing now
    finished = bob.create_table(seats=[{"kind": "human"}, {"kind": "human"}])
    assert carol.join(finished) == 1
    concede_game(server, bob, carol, finished["id"])
    listed = alice.get("/api/my/following").json()
    assert [f["name"] for f in listed] == ["bob", "carol"]
    playing = {f["name"]: [p["table_id"] for p in f["playing"]] for f in listed}
    assert playing == {"bob": [made["id"]], "carol": [made["id"]]}  # not the finished one
    assert profile(server, "bob")["followers"] == 1
    # following is not for oneself, nor for nobody; and it stops
    refused = alice.post("/api/users/alice/follow")
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "follow-self"
    missing = alice.post("/api/users/nobody-here/follow")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "unknown-user"
    stop = alice.client.delete("/api/users/bob/follow", headers={"X-CSRF-Token": alice.csrf})
    assert stop.status_code == 200 and stop.json() == {"following": False}
    assert [f["name"] for f in alice.get("/api/my/following").json()] == ["carol"]
    assert profile(server, "bob")["followers"] == 0
    # whom one follows is one's own business: it is in no profile
    assert "carol" not in repr(profile(server, "alice"))
    visitor = server.browser().get("/api/my/following")
    assert visitor.status_code == 401 and visitor.json()["error"]["code"] == "signed-out"
