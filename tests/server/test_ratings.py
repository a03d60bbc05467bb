"""Ratings: rated games between accounts move them; unrated and guest games do not."""

from __future__ import annotations

from typing import Any

from rumizi.server import ratings
from tests.server.kit import Browser, Server


def concede_game(server: Server, loser: Browser, winner: Browser, table_id: str) -> None:
    with loser.socket(table_id) as sock, winner.socket(table_id) as other:
        sock.next_state()
        other.next_state()
        sock.send({"type": "concede", "client_id": "resign"})
        answer = sock.answer("resign")
        assert answer["type"] == "ack"
        final = other.wait_version(answer["version"])
        assert final["result"] is not None
        assert final["result"]["winner"] == final["seat"]


def board(server: Server) -> list[dict[str, Any]]:
    response = server.browser().get("/api/leaderboard/star-realms")
    assert response.status_code == 200
    found: list[dict[str, Any]] = response.json()
    return found


def test_a_rated_game_moves_both_ratings(server: Server) -> None:
    alice, bob = server.browser(), server.browser()
    alice.signup("alice")
    bob.signup("bob")
    assert board(server) == []
    made = alice.create_table(seats=[{"kind": "human"}, {"kind": "human"}], rated=True)
    assert bob.join(made) == 1
    assert alice.get(f"/api/tables/{made['id']}").json()["rated"] is True
    assert "ratings" not in alice.get(f"/api/tables/{made['id']}").json()  # not over yet
    concede_game(server, alice, bob, made["id"])

    rows = {row["name"]: row for row in board(server)}
    assert set(rows) == {"alice", "bob"}
    assert [row["name"] for row in board(server)] == ["bob", "alice"]  # best first
    for row in rows.values():
        assert set(row) == {"name", "rating", "provisional", "deviation", "games"}
        assert row["games"] == 1 and row["provisional"] is True
        assert 0 < row["deviation"] < ratings.deviation(25 / 3)  # one game: the model is surer
    # The chess scale: both started at 1500 and moved by as much, one up, one down.
    gain = rows["bob"]["rating"] - 1500
    assert 50 < gain < 120 and rows["alice"]["rating"] == 1500 - gain

    # The end screen's numbers: each seat's rating before and after, for anyone who asks.
    answer = server.browser("en").get(f"/api/tables/{made['id']}").json()
    changes = {c["seat"]: c for c in answer["ratings"]}
    assert changes == {
        0: {
            "seat": 0,
            "before": 1500,
            "after": 1500 - gain,
            "change": -gain,
            "before_provisional": True,
            "after_provisional": True,
            "games": 1,
        },
        1: {
            "seat": 1,
            "before": 1500,
            "after": 1500 + gain,
            "change": gain,
            "before_provisional": True,
            "after_provisional": True,
            "games": 1,
        },
    }
    # ... and the player's games (the profile) carry them too.
    (mine,) = alice.get("/api/my/games").json()
    assert mine["ratings"] == answer["ratings"]

    # A second game: alice wins this time and climbs back, from where the first left her.
    again = bob.create_table(seats=[{"kind": "human"}, {"kind": "human"}], rated=True)
    assert alice.join(again) == 1
    concede_game(server, bob, alice, again["id"])
    after = {row["name"]: row for row in board(server)}
    assert after["alice"]["games"] == after["bob"]["games"] == 2
    assert after["alice"]["rating"] > rows["alice"]["rating"]
    assert after["bob"]["rating"] < rows["bob"]["rating"]
    second = {c["seat"]: c for c in bob.get(f"/api/tables/{again['id']}").json()["ratings"]}
    assert second[1]["before"] == rows["alice"]["rating"]  # alice sat in seat 1 this time
    assert second[1]["after"] == after["alice"]["rating"] and second[1]["change"] > 0
    assert second[0]["change"] < 0 and second[0]["games"] == 2
    games = {g["id"]: g for g in bob.get("/api/my/games").json()}
    assert set(games) == {made["id"], again["id"]}
    assert all("ratings" in g for g in games.values())


def test_unrated_games_leave_ratings_alone(server: Server) -> None:
    carol, dave = server.browser(), server.browser()
    carol.signup("carol")
    dave.signup("dave")
    made = carol.create_table(seats=[{"kind": "human"}, {"kind": "human"}])
    dave.join(made)
    concede_game(server, carol, dave, made["id"])
    assert carol.get(f"/api/tables/{made['id']}").json()["status"] == "over"
    assert board(server) == []
    assert server.count("ratings") == 0
    assert "ratings" not in carol.get(f"/api/tables/{made['id']}").json()


def test_guest_games_are_never_rated(server: Server) -> None:
    member, guest = server.browser(), server.guest()
    member.signup("erin")
    # A guest cannot make a rated table...
    response = guest.post(
        "/api/tables",
        {"game": "star-realms", "seats": [{"kind": "human"}, {"kind": "human"}], "rated": True},
    )
    assert response.status_code == 400
    # ... nor sit at one.
    made = member.create_table(seats=[{"kind": "human"}, {"kind": "human"}], rated=True)
    response = guest.post(f"/api/tables/{made['id']}/join", {"invite": made["invite"]})
    assert response.status_code == 403, response.text
    assert response.json()["error"]["code"] == "sign-up"
    assert member.get(f"/api/tables/{made['id']}").json()["status"] == "waiting"
    # Guests play each other unrated.
    other = server.guest()
    game = guest.create_table(seats=[{"kind": "human"}, {"kind": "human"}])
    other.join(game)
    concede_game(server, guest, other, game["id"])
    # After signing up the guest may take the rated seat.
    guest.signup("frank")
    assert guest.join(made) == 1
    concede_game(server, guest, member, made["id"])
    assert {row["name"] for row in board(server)} == {"erin", "frank"}
    assert all(row["games"] == 1 for row in board(server))


def test_games_against_bots_are_never_rated(server: Server) -> None:
    member = server.browser()
    member.signup("gina")
    made = member.create_table()
    with member.socket(made["id"]) as sock:
        sock.next_state()
        sock.send({"type": "concede", "client_id": "resign"})
        assert sock.answer("resign")["type"] == "ack"
    assert board(server) == []
