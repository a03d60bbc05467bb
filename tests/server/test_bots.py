"""Bots at the table: in a worker process (the server's default) and every level."""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor

import pytest

from tests.server.kit import ServerFactory, play_random


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


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
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
