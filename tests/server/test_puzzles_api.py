"""The puzzles' routes: the next puzzle and one by id, as the solver's seat sees it (no other
hand, no deck), with only the moves it asks among; an answer checked right and wrong, with why
in the reader's language; and every refusal a clear one that changes nothing."""

from __future__ import annotations

from typing import Any

from rumizi import puzzles
from rumizi.games.fantasy_realms import GAME
from rumizi.games.fantasy_realms import puzzles as fr
from tests.server.kit import ServerFactory

GAME_ID = "fantasy-realms"


def test_a_puzzle_comes_as_its_seat_sees_it(make_server: ServerFactory) -> None:
    server = make_server()
    p = puzzles.shipped(GAME_ID)[0]
    got = server.browser("en").get(f"/api/puzzles/{p.id}").json()
    assert (got["id"], got["game"], got["kind"]) == (p.id, GAME_ID, "best-discard")
    assert got["question"] == fr.question(p, "en")
    state: dict[str, Any] = got["state"]
    assert state["seat"] == p.seat and state["to_act"] == [p.seat]
    assert state["view"] == GAME.load(p.position).view(p.seat)
    text = repr(state)
    for q, hand in enumerate(p.position["hands"]):
        if q != p.seat:
            assert not any(repr(c) in text for c in hand if c not in state["view"]["area"])
    assert not any(repr(c) in text for c in p.position["deck"])  # the deck stays hidden
    # the moves offered: every discard, each with its words, and nothing else
    offered = [m["action"] for m in state["legal"]]
    assert sorted(a["card"] for a in offered) == sorted(p.position["hands"][p.seat])
    assert all(m["action"]["do"] == "discard" and m["label"] for m in state["legal"])
    assert [s["name"] for s in state["seats"]][p.seat] == "You"
    fa = server.browser("fa").get(f"/api/puzzles/{p.id}").json()
    assert fa["question"] == fr.question(p, "fa") and fa["state"]["seats"][p.seat]["name"] == "شما"


def test_next_gives_another_puzzle_of_the_game(make_server: ServerFactory) -> None:
    client = make_server().browser()
    first = client.get("/api/puzzles/next", params={"game": GAME_ID}).json()
    ids = {p.id for p in puzzles.shipped(GAME_ID)}
    assert first["id"] in ids
    for _ in range(5):
        again = client.get("/api/puzzles/next", params={"game": GAME_ID, "after": first["id"]})
        assert again.status_code == 200 and again.json()["id"] in ids - {first["id"]}
    assert client.get("/api/puzzles/next").json()["game"] == GAME_ID  # any game's


def test_an_answer_is_checked_and_explained(make_server: ServerFactory) -> None:
    p = puzzles.shipped(GAME_ID)[1]
    second = fr.discard_values(GAME.load(p.position))[1][0]
    client = make_server().browser("fa")
    right = client.post(f"/api/puzzles/{p.id}/answer", {"moves": list(p.solution)}).json()
    assert right["correct"] is True
    assert [m["action"] for m in right["solution"]] == [dict(a) for a in p.solution]
    assert right["explanation"] == fr.explain(p, "fa")
    assert "«" in right["solution"][0]["label"]  # the move in Persian words
    wrong = client.post(f"/api/puzzles/{p.id}/answer", {"moves": [second]}).json()
    assert wrong["correct"] is False and wrong["solution"] == right["solution"]


def test_refusals_are_clear(make_server: ServerFactory) -> None:
    p = puzzles.shipped(GAME_ID)[0]
    client = make_server().browser("en")

    def refused(answer: Any, status: int, code: str) -> None:
        assert answer.status_code == status, answer.text
        assert answer.json()["error"]["code"] == code

    refused(client.get("/api/puzzles/fantasy-realms-0000000000"), 404, "unknown-puzzle")
    refused(client.get("/api/puzzles/next", params={"game": "star-realms"}), 404, "no-puzzles")
    refused(client.get("/api/puzzles/next", params={"game": "chess"}), 404, "unknown-game")
    url = f"/api/puzzles/{p.id}/answer"
    not_offered = {"do": "draw"}
    refused(client.post(url, {"moves": [not_offered]}), 422, "puzzle-move")
    refused(client.post(url, {"moves": [{"do": "discard", "card": "nope"}]}), 422, "puzzle-move")
    refused(client.post(url, {"moves": []}), 422, "malformed")
    refused(client.post(url, {"moves": "king"}), 422, "malformed")
    refused(
        client.post(url, {"moves": list(p.solution)}, headers={"X-CSRF-Token": "x"}), 403, "csrf"
    )
    refused(
        client.post("/api/puzzles/nope/answer", {"moves": list(p.solution)}), 404, "unknown-puzzle"
    )
    # and the puzzle is as it was
    assert client.post(url, {"moves": list(p.solution)}).json()["correct"] is True


def test_the_pages_are_served(make_server: ServerFactory) -> None:
    main = make_server().main
    for path in ("/puzzles", "/puzzles/fantasy-realms", "/puzzles/fantasy-realms/"):
        answer = main.get(path)
        assert answer.status_code == 200 and "<html" in answer.text.lower(), path
