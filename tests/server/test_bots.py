"""Bots at the table: in a worker process (the server's default) and every level."""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor

import pytest
from sqlalchemy import func, select

from rumizi.server.db import GameTable
from tests.server.kit import Server, ServerFactory, play_random


def tables(server: Server) -> int:
    with server.store.sessions() as session:
        return int(session.scalar(select(func.count()).select_from(GameTable)) or 0)


def test_bots_think_in_a_worker_process(make_server: ServerFactory) -> None:
    server = make_server(bot_workers=1, hard_budget=0.02)
    executor = server.hub.bots._executor
    assert isinstance(executor, ProcessPoolExecutor)
    browser = server.guest()
    table_id = browser.create_table(seats=[{"kind": "human"}, {"kind": "bot", "level": "hard"}])[
        "id"
    ]
    with browser.socket(table_id) as sock:
        state = sock.next_state()
        rng = random.Random(6)
        while state["to_act"] == [0]:  # my turn, to its end
            state = play_random({0: sock}, rng, 1, state)
        # The bot's turn: it thinks in the pool, then it is mine again.
        assert sock.my_turn()["result"] is None
    processes = executor._processes or {}
    assert processes, "no worker process was started"
    assert all(process.pid for process in processes.values())
    row = server.store.load_table(table_id, actions=True)
    assert row is not None
    bot_moves = [client_id for seat, _, client_id, _ in row.actions if seat == 1]
    assert bot_moves and all(client_id.startswith("bot-") for client_id in bot_moves)


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_every_level_plays(make_server: ServerFactory, level: str) -> None:
    server = make_server(hard_budget=0.01)
    browser = server.guest()
    made = browser.create_table(seats=[{"kind": "bot", "level": level}, {"kind": "human"}])
    assert made["seat"] == 1
    with browser.socket(made["id"]) as sock:
        state = sock.next_state()
        rng = random.Random(0)
        while state["to_act"] == [1]:  # my turn (if I begin), to its end
            state = play_random({1: sock}, rng, 1, state)
        state = sock.my_turn()  # the bot has had a whole turn
    row = server.store.load_table(made["id"], actions=True)
    assert row is not None
    assert any(seat == 0 for seat, *_ in row.actions)  # the bot has moved
    assert state["seats"][0]["level"] == level


def test_the_expert_level_is_offered_and_seated_only_where_a_network_plays(
    make_server: ServerFactory,
) -> None:
    server = make_server(hard_budget=0.01)
    browser = server.guest()
    star_realms = browser.get("/api/games/star-realms").json()
    (expert,) = [level for level in star_realms["levels"] if level["value"] == "expert"]
    assert expert["players"] == [2] and expert["requires"] == {"format": ["duel"]}
    assert expert["label"] == "ربات خبره"  # a guest reads Persian first
    for game_id in ("splendor-duel", "war-of-the-ring"):
        levels = browser.get(f"/api/games/{game_id}").json()["levels"]
        assert levels[-1] == {
            "value": "expert",
            "label": "ربات خبره",
            "players": [2],
            "requires": {},
        }
    fantasy = browser.get("/api/games/fantasy-realms").json()["levels"]
    assert [level["value"] for level in fantasy] == ["easy", "medium", "hard"]

    before = tables(server)
    refusals = [
        {
            "options": {"format": "hunter"},
            "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "expert"}] * 2,
        },
        {
            "game": "fantasy-realms",
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "expert"}],
        },
    ]
    for body in refusals:
        answer = browser.post("/api/tables", {"game": "star-realms", **body})
        assert answer.status_code == 400, answer.text
        error = answer.json()["error"]
        assert error["code"] == "invalid-options"
        assert "the expert bot has no network for this table" in error["message"]
    assert tables(server) == before
