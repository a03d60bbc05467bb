"""A chaos realms table on the server: several seats act at once, a swap over the WebSocket,
the phase timer that rings, and a restart in the middle of the trading."""

from __future__ import annotations

import logging
import time
from typing import Any

import pytest

from rumizi.server.refusals import ActionError
from tests.server.kit import Browser, Server, ServerFactory, Socket

GAME = "fantasy-realms"


def chaos_table(server: Server, timer: int = 300, bots: int = 0) -> tuple[list[Browser], str]:
    """A table of three: people in the first seats, ``bots`` easy bots in the last."""
    people = [server.guest() for _ in range(3 - bots)]
    seats: list[dict[str, Any]] = [{"kind": "human"}] * (3 - bots)
    seats += [{"kind": "bot", "level": "easy"}] * bots
    made = people[0].create_table(
        game=GAME, seats=seats, options={"variant": "chaos", "timer": timer}
    )
    for browser in people[1:]:
        browser.join(made)
    return people, made["id"]


def legal(state: dict[str, Any]) -> list[dict[str, Any]]:
    return [entry["action"] for entry in state["legal"]]


def act(sock: Socket, action: dict[str, Any]) -> dict[str, Any]:
    """Send ``action`` on the newest version, again if another seat's move came first."""
    for _ in range(50):
        assert sock.state is not None
        version = sock.state["version"]
        answer = sock.act(action, version)
        if answer["type"] == "ack" or answer.get("code") != "stale":
            return answer
        sock.wait_version(version + 1)
    raise AssertionError("the action stayed stale")


def test_two_people_swap_a_card_over_the_websocket(make_server: ServerFactory) -> None:
    server = make_server()
    (first, second, _third), table_id = chaos_table(server)
    with first.socket(table_id) as s0, second.socket(table_id) as s1:
        state0, state1 = s0.next_state(), s1.next_state()
        assert state0["to_act"] == state1["to_act"] == [0, 1, 2]  # everybody may act
        assert state0["timer"]["seconds"] == 300
        mine = state0["view"]["hands"][0]
        assert {a.get("by") for a in legal(state0)} == {0} and legal(state1)
        # a seat acts for itself only; the ring is the server's
        refused = s1.act({"do": "done", "by": 0})
        assert (refused["type"], refused["code"]) == ("error", "not-your-turn")
        refused = s1.act({"do": "ring"})
        assert (refused["type"], refused["code"]) == ("error", "illegal")

        offer = {"do": "propose", "by": 0, "to": 1, "card": mine[0]}
        assert act(s0, offer)["type"] == "ack"
        seen = s1.wait(lambda m: any(a["do"] == "accept" for a in legal(m)))
        (shown,) = seen["view"]["pending"]["offers"]
        assert shown["card"] == mine[0] and shown["by"] == 0
        give = seen["view"]["hands"][1][0]
        accept = {"do": "accept", "by": 1, "offer": shown["id"], "card": give}
        assert act(s1, accept)["type"] == "ack"
        after0 = s0.wait(lambda m: bool(m["view"]["seen"][0]))
        after1 = s1.wait(lambda m: bool(m["view"]["seen"][1]))
    assert give in after0["view"]["hands"][0] and mine[0] not in after0["view"]["hands"][0]
    assert mine[0] in after1["view"]["hands"][1]
    assert after0["view"]["seen"][0] == [
        {"swap": shown["id"], "by": 0, "with": 1, "gave": mine[0], "got": give}
    ]
    assert after0["view"]["hands"][1] == 7  # still hidden from the other seat


def test_the_timer_rings_once_and_the_game_is_scored(make_server: ServerFactory) -> None:
    server = make_server()
    (first, *_), table_id = chaos_table(server, timer=1)
    with first.socket(table_id) as sock:
        sock.next_state()
        end = sock.wait(lambda m: m["view"]["phase"] != "trade", timeout=10)
    assert end["timer"] is None
    row = server.store.load_table(table_id, actions=True)
    assert row is not None
    rings = [(seat, action, cid) for seat, action, cid, _ in row.actions]
    assert rings[-1][0] is None and rings[-1][1] == {"do": "ring"}
    assert rings[-1][2].startswith("ring-")
    assert sum(1 for _, a, _ in rings if a == {"do": "ring"}) == 1
    if end["result"] is None:  # the Necromancer's draw is left: no ring goes to it
        assert end["view"]["phase"] in ("summon", "keep", "genie", "shed")


def test_a_restart_in_the_trading_keeps_the_offers_and_the_timer(
    make_server: ServerFactory,
) -> None:
    server = make_server()
    (first, second, _), table_id = chaos_table(server, timer=8)
    with first.socket(table_id) as sock:
        state = sock.next_state()
        card = state["view"]["hands"][0][0]
        assert act(sock, {"do": "propose", "by": 0, "to": 1, "card": card})["type"] == "ack"
        before = sock.wait_version(1)
    ends_at = before["timer"]["ends_at"]
    server.close()

    again = make_server()
    with second.on(again).socket(table_id) as sock:
        state = sock.next_state()
        assert state["view"]["phase"] == "trade"
        assert abs(state["timer"]["ends_at"] - ends_at) <= 1  # from the stored start, not now
        (offer,) = state["view"]["pending"]["offers"]
        assert (offer["by"], offer["card"]) == (0, card)
        assert any(a["do"] == "accept" for a in legal(state))
        end = sock.wait(lambda m: m["view"]["phase"] != "trade", timeout=15)
    assert time.time() * 1000 >= ends_at - 50
    assert end["timer"] is None


def test_bots_answer_offers_and_declare_done(make_server: ServerFactory) -> None:
    server = make_server()
    (me,), table_id = chaos_table(server, bots=2)
    with me.socket(table_id) as sock:
        state = sock.next_state()
        # the bots trade among themselves and with me, then are done: only I am left
        state = sock.wait(lambda m: m["to_act"] == [0] or m["view"]["phase"] != "trade")
        if state["view"]["phase"] == "trade":
            for answer in [a for a in legal(state) if a["do"] == "refuse"]:
                assert act(sock, answer)["type"] == "ack"
            card = sock.state["view"]["hands"][0][0] if sock.state else None
            assert act(sock, {"do": "propose", "by": 0, "to": 1, "card": card})["type"] == "ack"
            answered = sock.wait(lambda m: not m["view"]["pending"].get("offers"))
            assert answered["view"]["phase"] == "trade"
            assert act(sock, {"do": "done", "by": 0})["type"] == "ack"
        end = sock.wait(lambda m: m["view"]["phase"] != "trade")
        while end["result"] is None:  # the Necromancer's draw, if it is mine or a bot's
            if end["legal"]:
                assert act(sock, legal(end)[0])["type"] == "ack"
            end = sock.next_state()
    assert end["view"]["phase"] == "over"
    row = server.store.load_table(table_id, actions=True)
    assert row is not None
    by_bots = [a for seat, a, _, _ in row.actions if seat in (1, 2)]
    assert {"do": "done", "by": 1} in by_bots and {"do": "done", "by": 2} in by_bots


def test_a_ring_refused_for_good_is_tried_once_and_said_once(
    make_server: ServerFactory, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A ring the database would refuse again (not one a player's move overtook) must not be
    retried twenty times a second for ever, each time logged."""
    server = make_server()
    hub = server.hub
    tries: list[int] = []
    real = hub.submit

    async def refuse_rings(table: Any, seat: Any, action: Any, *rest: Any, **kw: Any) -> int:
        if action == {"do": "ring"}:
            tries.append(table.version)
            raise ActionError("duplicate", "action 'ring-1' was already received")
        return await real(table, seat, action, *rest, **kw)

    monkeypatch.setattr(hub, "submit", refuse_rings)
    (first, *_), table_id = chaos_table(server, timer=1)
    with caplog.at_level(logging.WARNING, logger="rumizi.server"), first.socket(table_id) as sock:
        sock.next_state()
        deadline = time.monotonic() + 10
        while not tries and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.0)  # twenty retries' worth, had they been made
    assert len(tries) == 1
    said = [r for r in caplog.records if "could not ring" in r.getMessage()]
    assert len(said) == 1
