"""A property (hypothesis): whatever is played through the socket, the database rebuilds it.

Each example is a table of two or three seats (people and bots, from a drawn seed), a few
random legal moves through the WebSocket with stale ones mixed in, and then the state rebuilt
from the stored seed and actions must be exactly the live one, at the same version.
"""

from __future__ import annotations

import contextlib
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rumizi.server.store import SeatRow
from tests.server.kit import Browser, Server, Socket, states_by_version

SEATS = st.lists(st.sampled_from(["human", "bot"]), min_size=2, max_size=3).filter(
    lambda kinds: "human" in kinds
)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**62 - 1), kinds=SEATS, data=st.data())
def test_random_play_through_the_socket_rebuilds_exactly(
    server: Server, seed: int, kinds: list[str], data: st.DataObject
) -> None:
    players = len(kinds)
    people: dict[int, Browser] = {i: server.guest() for i, k in enumerate(kinds) if k == "human"}
    seats = [
        SeatRow(
            i,
            kind,
            "easy" if kind == "bot" else None,
            people[i].user_id if i in people else None,
            None,
        )
        for i, kind in enumerate(kinds)
    ]
    options: dict[str, Any] = {"players": players}
    if players > 2:
        options["format"] = "free-for-all"
    owner = next(iter(people.values()))
    row = server.store.create_table(
        game="star-realms",
        options=options,
        players=players,
        seed=seed,
        seats=seats,
        clock={"kind": "none"},
        rated=False,
        creator=owner.user_id,
    )
    moves = data.draw(st.integers(1, 12), label="moves")
    with contextlib.ExitStack() as stack:
        sockets: dict[int, Socket] = {
            i: stack.enter_context(browser.socket(row.id)) for i, browser in people.items()
        }
        state = next(iter(sockets.values())).next_state()
        played = 0
        while played < moves and state["result"] is None:
            (seat,) = state["to_act"]
            if seat not in sockets:  # a bot's turn
                state = next(iter(sockets.values())).wait_version(state["version"] + 1)
                continue
            sock = sockets[seat]
            mine = sock.wait_version(state["version"])
            assert mine["version"] == state["version"] and mine["legal"]
            pick = data.draw(st.integers(0, len(mine["legal"])), label="pick")
            if pick == len(mine["legal"]):  # noise: the same move on an old version
                answer = sock.act(mine["legal"][0]["action"], version=state["version"] - 1)
                assert answer["code"] == "stale"
                continue
            sock.play(mine["legal"][pick]["action"])
            state = sock.state or state
            played += 1

        def read() -> tuple[int, dict[str, Any]]:
            table = server.hub.tables[row.id]
            return table.version, table.state.export()

        version, export = server.call(read)  # one moment of the live table (bots may go on)
    states = states_by_version(server.store, row.id)
    assert len(states) > version
    assert states[version].export() == export
