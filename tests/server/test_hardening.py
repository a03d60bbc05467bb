"""Attacks from a hostile review, as tests: one bad message touches only its own table.

A write the database driver cannot take (a lone surrogate in a client id reached the store
before ``rumizi.server.inbound`` checked every string) used to refuse the whole batch of
moves it was committed with, other tables' moves included. Each write now fails alone, and the
socket refuses such a message before it gets near the store.
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime

from rumizi.server.store import ActionWrite, Conflict
from tests.server.kit import Server, ServerFactory, duel, play_random
from tests.server.test_postgres import any_backend, postgres_url  # noqa: F401 (fixtures)


def test_a_write_the_driver_cannot_take_fails_alone_in_its_batch(
    any_backend: str,  # noqa: F811
    make_server: ServerFactory,
) -> None:
    server = make_server(any_backend)
    tables = [duel(server)[2] for _ in range(3)]
    at = datetime.now(UTC)
    state = {t: server.live(t).state for t in tables}
    writes = [
        ActionWrite(
            t,
            1,
            state[t].to_act,
            dict(state[t].legal_actions()[0]),
            "bad-\ud800" if i == 1 else f"good-{i}",
            at,
            None,
            None,
            "star-realms",
        )
        for i, t in enumerate(tables)
    ]
    errors = server.store.append_actions(writes)
    assert errors[0] is None and errors[2] is None  # the neighbours' moves are stored
    assert isinstance(errors[1], Conflict)
    assert [server.count("actions", t) for t in tables] == [1, 0, 1]


def test_a_lone_surrogate_from_one_page_never_refuses_another_tables_move(
    server: Server,
) -> None:
    first, second, attacked = duel(server)
    other_first, other_second, quiet = duel(server)
    rng = random.Random(4)
    with (
        first.socket(attacked) as a0,
        second.socket(attacked) as a1,
        other_first.socket(quiet) as q0,
        other_second.socket(quiet) as q1,
    ):
        attacker = {0: a0, 1: a1}[server.live(attacked).state.to_act]
        attacker.next_state()
        legal = attacker.my_turn()["legal"][0]["action"]
        quiet_state = q0.next_state()
        q1.next_state()
        for _ in range(5):
            version = attacker.state["version"] if attacker.state else 0
            # json.dumps would escape the surrogate the same way: written out to be plain.
            bad_id = '"\\ud800"'
            attacker.send(
                f'{{"type": "act", "client_id": {bad_id}, "version": {version},'
                f' "action": {json.dumps(legal)}}}'
            )
            answer = attacker.answer()
            assert (answer["type"], answer["code"]) == ("error", "malformed")
            # Meanwhile the other table plays on, every move acknowledged.
            before = quiet_state["version"]
            quiet_state = play_random({0: q0, 1: q1}, rng, 2, quiet_state)
            assert quiet_state["version"] == before + 2 or quiet_state["result"] is not None
        # The attacker's socket is still open: its next, well-formed move is taken.
        version = attacker.state["version"] if attacker.state else 0
        assert attacker.act(legal, version=version)["type"] == "ack"
    assert server.count("actions", attacked) == 1
