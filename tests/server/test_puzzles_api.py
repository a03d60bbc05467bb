"""The puzzles' routes: the next puzzle and one by id, as the solver's seat sees it (no other
hand, no deck), with only the moves it asks among; an answer checked right and wrong, with why
in the reader's language; and every refusal a clear one that changes nothing."""

from __future__ import annotations

from typing import Any

from rumizi import puzzles
from rumizi.games.fantasy_realms import GAME
from rumizi.games.fantasy_realms import puzzles as fr
from rumizi.server.puzzle_ratings import Glicko, updated
from tests.server.kit import ServerFactory

GAME_ID = "fantasy-realms"


def discards() -> list[puzzles.Puzzle]:
    """The shipped Fantasy Realms puzzles of one move: which card to discard."""
    return [p for p in puzzles.shipped(GAME_ID) if p.kind == "best-discard"]


def test_a_puzzle_comes_as_its_seat_sees_it(make_server: ServerFactory) -> None:
    server = make_server()
    p = discards()[0]
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
    games = {client.get("/api/puzzles/next").json()["game"] for _ in range(40)}  # any game's
    assert games == set(puzzles.games_with_puzzles())


def test_an_answer_is_checked_and_explained(make_server: ServerFactory) -> None:
    p = discards()[1]
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
    p = discards()[0]
    server = make_server()
    client = server.browser("en")

    def refused(answer: Any, status: int, code: str) -> None:
        assert answer.status_code == status, answer.text
        assert answer.json()["error"]["code"] == code

    refused(client.get("/api/puzzles/fantasy-realms-0000000000"), 404, "unknown-puzzle")
    every = server.app.state.puzzles
    server.app.state.puzzles = {p.id: p}  # a server with one game's puzzles only
    refused(client.get("/api/puzzles/next", params={"game": "star-realms"}), 404, "no-puzzles")
    server.app.state.puzzles = every
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


def test_a_try_is_played_a_move_at_a_time_and_the_answer_played_out(
    make_server: ServerFactory,
) -> None:
    p = discards()[2]
    client = make_server().browser("en")
    step = client.post(f"/api/puzzles/{p.id}/play", {"moves": list(p.solution)}).json()
    assert step["finished"] is True  # a discard puzzle is one move
    after = GAME.load(p.position)
    after.apply(p.solution[0])
    assert step["state"]["view"] == after.view(p.seat)
    assert step["state"]["legal"] == [] and step["state"]["to_act"] == []
    # a move after the try is over is refused, at play and at answer alike
    twice = {"moves": [*p.solution, *p.solution]}
    for route in ("play", "answer"):
        refused = client.post(f"/api/puzzles/{p.id}/{route}", twice)
        assert refused.status_code == 422 and refused.json()["error"]["code"] == "puzzle-move"
    out = client.post(f"/api/puzzles/{p.id}/answer", {"moves": list(p.solution)}).json()
    asked = client.get(f"/api/puzzles/{p.id}").json()
    # the answer played out: the position before its move (as asked), then after it
    assert len(out["steps"]) == len(p.solution) + 1
    assert out["steps"][0] == asked["state"]
    assert out["steps"][-1]["view"] == after.view(p.seat) and out["steps"][-1]["legal"] == []


def test_a_streak_counts_solves_in_a_row_until_the_first_miss(make_server: ServerFactory) -> None:
    server = make_server()
    one, two, three, four = discards()[:4]
    player = server.guest()

    def answer(p: Any, right: bool, run: int) -> dict[str, Any]:
        moves = list(p.solution) if right else [fr.discard_values(GAME.load(p.position))[1][0]]
        got: dict[str, Any] = player.post(
            f"/api/puzzles/{p.id}/answer", {"moves": moves, "streak": run}
        ).json()
        assert got["correct"] is right and got["rating"] is None  # a streak is not rated
        return got["streak"]

    assert answer(one, True, 0) == {"current": 1, "best": 1, "ended": 0}
    assert answer(one, True, 0) == {"current": 1, "best": 1, "ended": 0}  # sent twice: once
    assert answer(two, True, 1) == {"current": 2, "best": 2, "ended": 0}
    assert answer(three, False, 2) == {"current": 0, "best": 2, "ended": 2}
    assert answer(four, True, 0) == {"current": 1, "best": 2, "ended": 0}
    assert player.get("/api/puzzles/me").json()["streak"] == {"current": 1, "best": 2, "ended": 0}
    # a run left unfinished is over when a new one starts
    assert answer(two, True, 0) == {"current": 1, "best": 2, "ended": 0}
    # streak tries are not rated tries
    me = player.get("/api/puzzles/me").json()
    assert me["rating"]["attempts"] == 0 and me["history"] == []
    # the next puzzle of a run: one of those nearest the run's difficulty
    got = player.get("/api/puzzles/next", params={"game": GAME_ID, "streak": 3})
    assert got.status_code == 200 and got.json()["game"] == GAME_ID
    bad = player.get("/api/puzzles/next", params={"streak": -1})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "malformed"


def test_the_pages_are_served(make_server: ServerFactory) -> None:
    main = make_server().main
    for path in ("/puzzles", "/puzzles/fantasy-realms", "/puzzles/fantasy-realms/"):
        answer = main.get(path)
        assert answer.status_code == 200 and "<html" in answer.text.lower(), path


def test_a_signed_in_player_s_first_try_is_rated_and_the_puzzle_s_too(
    make_server: ServerFactory,
) -> None:
    server = make_server()
    one, two = discards()[:2]
    visitor = server.browser()
    seen = visitor.post(f"/api/puzzles/{one.id}/answer", {"moves": list(one.solution)}).json()
    assert seen["correct"] is True and seen["rating"] is None  # nobody to rate
    assert visitor.get("/api/puzzles/me").json()["error"]["code"] == "signed-out"

    player = server.guest()
    solved = player.post(f"/api/puzzles/{one.id}/answer", {"moves": list(one.solution)}).json()
    assert solved["rating"] == {
        "rated": True, "before": 1500, "after": 1662, "deviation": 290, "attempts": 1, "solved": 1
    }  # fmt: skip
    # a second try shows the answer again but counts for nothing
    again = player.post(f"/api/puzzles/{one.id}/answer", {"moves": list(one.solution)}).json()
    assert again["rating"]["rated"] is False and again["rating"]["after"] == 1662
    assert again["rating"]["attempts"] == 1
    # the puzzle lost to the player: it is rated below a newcomer now
    assert player.get(f"/api/puzzles/{one.id}").json()["rating"] == 1338
    assert player.get(f"/api/puzzles/{two.id}").json()["rating"] == 1500

    wrong = fr.discard_values(GAME.load(two.position))[1][0]
    missed = player.post(f"/api/puzzles/{two.id}/answer", {"moves": [wrong]}).json()
    assert missed["correct"] is False
    assert missed["rating"]["rated"] is True and missed["rating"]["before"] == 1662
    assert missed["rating"]["after"] < 1662 and missed["rating"]["solved"] == 1
    assert player.get(f"/api/puzzles/{two.id}").json()["rating"] > 1500
    me = player.get("/api/puzzles/me").json()
    assert me["rating"] == {**missed["rating"], "rated": False, "before": me["rating"]["after"]}
    assert me["rating"]["attempts"] == 2
    # the history, newest first: the miss, then the solve (the second try not in it)
    tries = [(t["puzzle_id"], t["game"], t["correct"], t["before"]) for t in me["history"]]
    assert tries == [(two.id, GAME_ID, False, 1662), (one.id, GAME_ID, True, 1500)]
    assert [t["after"] for t in me["history"]] == [missed["rating"]["after"], 1662]

    # the next puzzle is one not tried yet, and a visitor's is any
    for _ in range(8):
        offered = player.get("/api/puzzles/next", params={"game": GAME_ID}).json()["id"]
        assert offered not in (one.id, two.id)


def test_the_daily_puzzle_is_everyone_s(make_server: ServerFactory) -> None:
    server = make_server()
    first = server.browser("en").get("/api/puzzles/daily").json()
    second = server.guest("fa").get("/api/puzzles/daily").json()
    every = {p.id for g in puzzles.games_with_puzzles() for p in puzzles.shipped(g)}
    assert first["id"] == second["id"] and first["id"] in every
    assert first["question"] != second["question"]  # each in its reader's language


def test_glicko_2_gives_the_paper_s_worked_example() -> None:
    # Glickman, "Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30, loses to
    # 1550/100 and 1700/300, with tau 0.5.
    games = [(Glicko(1400, 30, 0.06), 1.0), (Glicko(1550, 100, 0.06), 0.0)]
    games.append((Glicko(1700, 300, 0.06), 0.0))
    after = updated(Glicko(1500, 200, 0.06), games)
    assert round(after.rating, 2) == 1464.05  # the paper rounds its steps: 1464.06
    assert round(after.rd, 2) == 151.52
    assert round(after.vol, 6) == 0.059996  # the paper: 0.05999
    idle = updated(Glicko(1500, 200, 0.06), [])  # a period without games widens the deviation
    assert idle.rating == 1500 and round(idle.rd, 2) == 200.27
