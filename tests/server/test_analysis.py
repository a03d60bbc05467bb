"""Analyses of finished games: refused during the game, computed once, in the bot workers."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from rumizi.analysis import THRESHOLDS
from rumizi.server import analyses
from tests.server.kit import Browser, Server, play_random


@pytest.fixture(autouse=True)
def small_analyses(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two worlds and a few milliseconds a decision: the workings, not the numbers, are tested."""
    monkeypatch.setattr(analyses, "WORLDS", 2)
    monkeypatch.setattr(analyses, "SECONDS", 0.01)


def finished_table(server: Server, moves: int = 10) -> tuple[Browser, str]:
    player = server.guest(lang="en")
    table_id = player.create_table()["id"]
    with player.socket(table_id) as sock:
        play_random({0: sock}, random.Random(3), moves, sock.next_state())
        sock.send({"type": "concede", "client_id": "resign"})
        assert sock.answer("resign")["type"] == "ack"
    return player, table_id


def wait_done(browser: Browser, url: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        found = browser.get(url).json()
        if found["status"] in ("done", "failed"):
            return found
        time.sleep(0.05)
    raise AssertionError("the analysis did not finish")


def test_a_game_in_progress_cannot_be_analysed(server: Server) -> None:
    player = server.guest()
    table_id = player.create_table()["id"]
    url = f"/api/tables/{table_id}/analysis"
    for response in (player.get(url), player.post(url)):
        assert response.status_code == 409
        assert response.json()["error"]["code"] == "not-over"
    assert player.post("/api/tables/nope/analysis").status_code == 404


def test_a_finished_game_is_analysed_once_for_everyone(server: Server) -> None:
    player, table_id = finished_table(server)
    url = f"/api/tables/{table_id}/analysis"
    assert player.get(url).json()["status"] == "none"
    asked = player.post(url)
    assert asked.status_code == 200, asked.text
    assert asked.json()["status"] in ("running", "done") and asked.json()["total"] > 0
    found = wait_done(player, url)
    assert found["status"] == "done" and found["done"] == found["total"]
    assert found["points"] and {p["seat"] for p in found["points"]} <= {0, 1}
    # Sampled chances, never certain: strictly inside 0..1, each with its error and worlds.
    assert all(0.0 < p["chance"] < 1.0 and p["se"] > 0.0 for p in found["points"])
    assert all(p["worlds"] >= 2 for p in found["points"])
    assert found["thresholds"]["least_worlds"] == THRESHOLDS.least_worlds
    stored = server.call(analyses.load, server.store, table_id)
    # Asking again (anyone) gives the stored analysis; nothing is computed again.
    watcher = server.guest()
    again = watcher.post(url).json()
    assert again["status"] == "done" and again["points"] == found["points"]
    assert server.call(analyses.load, server.store, table_id).created == stored.created
    assert watcher.get(url).json() == again


def test_marks_come_worded_with_the_board_after_the_better_move(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    player, table_id = finished_table(server, moves=6)
    url = f"/api/tables/{table_id}/analysis"
    player.post(url)
    wait_done(player, url)
    # Plant a mark in the stored result: the page's words and board are built per reader.
    row = server.call(analyses.load, server.store, table_id)
    result = dict(row.result)
    searched = next(d for d in result["decisions"] if d["kind"] == "searched")
    searched.update(
        mark="blunder",
        drop=0.3,
        best={"mean": 0.8, "se": 0.05, "worlds": 2},
        after={"mean": 0.5, "se": 0.05, "worlds": 2},
    )
    server.call(analyses.finish, server.store, table_id, result)
    for lang, word in (("en", "blunder"), ("fa", "blunder")):
        browser = server.guest(lang=lang)
        marks = {m["ply"]: m for m in browser.get(url).json()["marks"]}
        mark = marks[searched["ply"]]
        assert mark["mark"] == word
        assert mark["played"] and mark["better"] and mark["board"]["game"] == "star-realms"


def test_a_mark_is_worded_for_its_reader_not_always_for_the_seat(server: Server) -> None:
    player, table_id = finished_table(server, moves=6)
    url = f"/api/tables/{table_id}/analysis"
    player.post(url)
    wait_done(player, url)
    # Plant a mark on one of the player's own decisions (seat 0): "end the turn" played.
    row = server.call(analyses.load, server.store, table_id)
    result = dict(row.result)
    mine = next(d for d in result["decisions"] if d["kind"] == "searched" and d["seat"] == 0)
    mine.update(
        mark="mistake",
        played={"do": "end"},
        drop=0.2,
        best={"mean": 0.7, "se": 0.05, "worlds": 48},
        after={"mean": 0.5, "se": 0.05, "worlds": 48},
    )
    server.call(analyses.finish, server.store, table_id, result)

    def played(browser: Browser) -> str:
        (mark,) = browser.get(url).json()["marks"]
        assert mark["worlds"] == 48 and not mark["after_exact"]
        text: str = mark["played"]
        return text

    # The player who sat there reads "your"; anyone else reads of that seat, never "your".
    assert played(player).startswith("End your turn")
    assert played(server.guest(lang="en")).startswith("End their turn")
    # In Persian the verb says it: «تمام کنید» to the player, «تمام کند» of someone else.
    assert played(server.guest(lang="fa")).startswith("نوبت را تمام کند")
