"""Tournaments at the server, end to end: announced, joined, paired round by round by the
ticker, played over the tables' sockets, scored from the stored results, finished with a
podium; arenas, multi-player Swiss, no-shows, a restart mid-round, pairing once with two
instances, and the refusals."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import func, select, update
from starlette.websockets import WebSocketDisconnect

from rumizi.server.db import GameTable, Tournament
from tests.server.kit import Browser, Server, ServerFactory
from tests.server.test_postgres import any_backend, postgres_url  # noqa: F401 (fixtures)

FAST = {"tournament_tick": 0.05, "round_gap": 0.1}


def soon(seconds: float = 0.3) -> str:
    return (datetime.now(UTC) + timedelta(seconds=seconds)).isoformat()


def announce(organiser: Browser, **body: Any) -> dict[str, Any]:
    body.setdefault("game", "star-realms")
    body.setdefault("kind", "swiss")
    if body["kind"] == "swiss":
        body.setdefault("rounds", 3)
    else:
        body.setdefault("minutes", 30)
    body.setdefault("clock", {"kind": "realtime", "initial": 600, "increment": 5})
    body.setdefault("starts_at", soon(600))
    made = organiser.post("/api/tournaments", body)
    assert made.status_code == 200, made.text
    found: dict[str, Any] = made.json()
    return found


def announce_arena(organiser: Browser, minutes: int, clock_seconds: int) -> dict[str, Any]:
    """An arena of ``minutes`` on a real-time clock of ``clock_seconds`` without increment."""
    clock = {"kind": "realtime", "initial": clock_seconds, "increment": 0}
    return announce(organiser, kind="arena", minutes=minutes, clock=clock)


def begin(server: Server, tournament_id: str) -> None:
    """The event's start comes now (announced for later, so that everyone could join)."""
    with server.store.sessions.begin() as s:
        s.execute(
            update(Tournament)
            .where(Tournament.id == tournament_id)
            .values(starts_at=datetime.now(UTC))
        )


def event(browser: Browser, tournament_id: str) -> dict[str, Any]:
    answer = browser.get(f"/api/tournaments/{tournament_id}")
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def wait_until(
    browser: Browser, tournament_id: str, ok: Callable[[dict[str, Any]], bool], timeout: float = 20
) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        seen = event(browser, tournament_id)
        if ok(seen):
            return seen
        assert time.monotonic() < deadline, f"the event did not get there: {seen}"
        time.sleep(0.05)


def join(browser: Browser, tournament_id: str, **body: Any) -> dict[str, Any]:
    answer = browser.post(f"/api/tournaments/{tournament_id}/join", body)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def concede(browser: Browser, table_id: str) -> None:
    """``browser``'s player gives the game up over the table's socket."""
    with browser.socket(table_id) as sock:
        state = sock.next_state()
        assert state["seat"] is not None
        client_id = f"resign-{state['seat']}"
        sock.send({"type": "concede", "client_id": client_id})
        answer = sock.answer(client_id)
        assert answer["type"] == "ack", answer


def play_round(
    server: Server, people: dict[str, Browser], seen: dict[str, Any], loser: int = 1
) -> None:
    """Each table of the round being played: the seat ``loser`` concedes."""
    for pairing in seen["pairings"]:
        if pairing["status"] == "over":
            continue
        name = pairing["seats"][loser]
        concede(people[name], pairing["table"])


def named(server: Server, browsers: list[Browser]) -> dict[str, Browser]:
    return {
        b.get("/api/me").json()["user"]["name"].replace("guest-", "Guest "): b for b in browsers
    }


def test_a_swiss_of_seven_guests_is_played_to_the_end_with_one_bye_a_round(
    make_server: ServerFactory,
) -> None:
    server = make_server(**FAST)
    organiser = server.guest("en")
    made = announce(organiser, rounds=3)
    players = [server.guest("en") for _ in range(7)]
    for player in players:
        assert join(player, made["id"])["joined"] is True
    begin(server, made["id"])
    people = named(server, players)
    assert event(organiser, made["id"])["entrants"] == 7
    met: set[frozenset[str]] = set()
    byes: list[str] = []
    for round_ in (1, 2, 3):

        def paired(e: dict[str, Any], r: int = round_) -> bool:
            return e["round"] == r and all(p["status"] == "playing" for p in e["pairings"])

        seen = wait_until(organiser, made["id"], paired)
        assert seen["status"] == "running" and len(seen["pairings"]) == 3
        seated = [name for p in seen["pairings"] for name in p["seats"]]
        assert len(set(seated)) == 6  # one sits out
        for pairing in seen["pairings"]:
            pair = frozenset(pairing["seats"])
            assert pair not in met  # nobody meets twice
            met.add(pair)
        (bye,) = set(people) - set(seated)
        byes.append(bye)
        mine = event(people[seated[0]], made["id"])
        assert mine["your_table"] == seen["pairings"][0]["table"]
        play_round(server, people, seen)
    final = wait_until(organiser, made["id"], lambda e: e["status"] == "finished")
    assert len(set(byes)) == 3  # no bye twice
    standings = final["standings"]
    assert len(standings) == 7
    assert sum(s["points"] for s in standings) == 3 * 3 + 3  # a point a game, a point a bye
    for line in standings:
        assert len(line["results"]) == 3
        assert line["points"] == sum(r["points"] for r in line["results"])
        assert [r["bye"] for r in line["results"]].count(True) == (line["name"] in byes)
        assert set(line["tiebreaks"]) == {"buchholz", "sonneborn_berger"}
    ranks = [s["rank"] for s in standings]
    assert ranks == sorted(ranks) and ranks[0] == 1
    assert final["podium"] == [s["name"] for s in standings[:3]]
    assert final["tiebreaks"] == ["buchholz", "sonneborn_berger"]
    # The tables are ordinary tables: the winner's replay is there.
    any_table = (
        final["standings"][0]["results"][0]["table"] or final["standings"][0]["results"][1]["table"]
    )
    assert organiser.get(f"/api/tables/{any_table}/replay").status_code == 200
    table = organiser.get(f"/api/tables/{any_table}").json()
    assert table["tournament"]["id"] == made["id"] and table["tournament"]["round"] in (1, 2)
    assert table["tournament"]["url"] == f"/tournaments/{made['id']}"


def test_a_four_player_fantasy_realms_swiss_seats_tables_of_four(
    make_server: ServerFactory,
) -> None:
    server = make_server(**FAST)
    organiser = server.guest("en")
    made = announce(organiser, game="fantasy-realms", players=4, rounds=2)
    players = [server.guest("en") for _ in range(8)]
    for player in players:
        join(player, made["id"])
    begin(server, made["id"])
    people = named(server, players)
    seen = wait_until(organiser, made["id"], lambda e: e["round"] == 1 and len(e["pairings"]) == 2)
    assert [len(p["seats"]) for p in seen["pairings"]] == [4, 4]
    for pairing in seen["pairings"]:  # three concede: the fourth wins
        for name in pairing["seats"][1:]:
            concede(people[name], pairing["table"])
    seen = wait_until(
        organiser,
        made["id"],
        lambda e: e["round"] == 2 and all(p["status"] == "playing" for p in e["pairings"]),
    )
    points = {s["name"]: s["points"] for s in seen["standings"]}
    # Place points: 1 to the winner; the three who lost share places 2 to 4: (4 - 3) / 3 each.
    assert sorted(points.values()) == pytest.approx([1 / 3] * 6 + [1, 1])
    winners = {name for name, p in points.items() if p == 1}  # the score group of the leaders
    assert any(winners <= set(p["seats"]) for p in seen["pairings"])  # score groups: they meet


def test_an_arena_pairs_whoever_is_free_at_once_and_doubles_a_streak(
    make_server: ServerFactory,
) -> None:
    server = make_server(**FAST)
    organiser = server.guest("en")
    made = announce_arena(organiser, minutes=5, clock_seconds=10)
    players = [server.guest("en") for _ in range(4)]
    for player in players:
        join(player, made["id"])
    begin(server, made["id"])
    people = named(server, players)
    seen = wait_until(
        organiser,
        made["id"],
        lambda e: len([p for p in e["pairings"] if p["status"] == "playing"]) == 2,
    )
    assert seen["status"] == "running" and seen["ends_at"] is not None
    champion = seen["pairings"][0]["seats"][0]
    for _ in range(3):  # the champion wins three in a row: the third is on fire
        seen = wait_until(
            organiser,
            made["id"],
            lambda e: any(
                champion in p["seats"] and p["status"] == "playing" for p in e["pairings"]
            ),
        )
        table = next(
            p for p in seen["pairings"] if champion in p["seats"] and p["status"] == "playing"
        )
        other = next(n for n in table["seats"] if n != champion)
        concede(people[other], table["table"])

        def ended(e: dict[str, Any], t: str = table["table"]) -> bool:
            return any(p["table"] == t and p["status"] == "over" for p in e["pairings"])

        wait_until(organiser, made["id"], ended)
    seen = event(organiser, made["id"])
    line = next(s for s in seen["standings"] if s["name"] == champion)
    done = [r for r in line["results"] if r["points"] is not None]
    assert [r["points"] for r in done] == [2, 2, 4]
    assert [r["fire"] for r in done] == [False, False, True]
    assert line["fire"] is True
    # The arena ends: no new game starts, and the event finishes when the last one does.
    with server.store.sessions.begin() as s:
        s.execute(
            update(Tournament)
            .where(Tournament.id == made["id"])
            .values(starts_at=datetime.now(UTC) - timedelta(minutes=6))
        )
    for pairing in event(organiser, made["id"])["pairings"]:
        if pairing["status"] == "playing":
            concede(people[pairing["seats"][1]], pairing["table"])
    final = wait_until(organiser, made["id"], lambda e: e["status"] == "finished")
    assert final["standings"][0]["name"] == champion
    assert all(p["status"] == "over" for p in final["pairings"])


def test_a_player_who_does_not_show_loses_and_is_withdrawn(make_server: ServerFactory) -> None:
    server = make_server(**FAST, no_show=0.5)
    organiser = server.guest("en")
    made = announce(organiser, game="splendor-duel", rounds=2)
    players = [server.guest("en") for _ in range(2)]
    for player in players:
        join(player, made["id"])
    begin(server, made["id"])
    people = named(server, players)
    seen = wait_until(organiser, made["id"], lambda e: e["round"] == 1 and bool(e["pairings"]))
    (pairing,) = seen["pairings"]
    first = server.live(pairing["table"]).state.to_act  # who is to make the first move
    assert first is not None
    # Nobody moves: the seat to act first loses after the no-show time, and only that seat.
    absent, present = pairing["seats"][first], pairing["seats"][1 - first]
    over = wait_until(
        organiser,
        made["id"],
        lambda e: any(s["withdrawn"] for s in e["standings"]),
    )
    assert over["pairings"][0]["status"] == "over"
    assert over["pairings"][0]["points"] == [float(seat != first) for seat in (0, 1)]
    withdrawn = {s["name"]: s["withdrawn"] for s in over["standings"]}
    assert withdrawn == {absent: True, present: False}
    final = wait_until(organiser, made["id"], lambda e: e["status"] == "finished")
    assert final["podium"][0] == present  # one player left: no second round
    assert people[absent].post(f"/api/tournaments/{made['id']}/withdraw").status_code == 409


def test_a_restart_mid_round_carries_on_and_pairs_the_next_round_once(
    make_server: ServerFactory,
) -> None:
    first = make_server(**FAST)
    organiser = first.guest("en")
    made = announce(organiser, rounds=2)
    players = [first.guest("en") for _ in range(4)]
    for player in players:
        join(player, made["id"])
    begin(first, made["id"])
    seen = wait_until(organiser, made["id"], lambda e: e["round"] == 1 and len(e["pairings"]) == 2)
    people = named(first, players)
    concede(people[seen["pairings"][0]["seats"][1]], seen["pairings"][0]["table"])
    first.close()
    second = make_server(**FAST)
    again = {name: b.on(second) for name, b in people.items()}
    concede(again[seen["pairings"][1]["seats"][1]], seen["pairings"][1]["table"])
    boss = organiser.on(second)
    later = wait_until(boss, made["id"], lambda e: e["round"] == 2 and len(e["pairings"]) == 2)
    winners = {p["seats"][0] for p in seen["pairings"]}
    assert any(set(p["seats"]) == winners for p in later["pairings"])  # leaders meet
    with second.store.sessions() as s:
        count = s.scalar(
            select(func.count()).select_from(GameTable).where(GameTable.tournament_id == made["id"])
        )
    assert count == 4


def test_two_instances_ticking_together_pair_each_round_once_and_count_each_game_once(
    any_backend: str,  # noqa: F811
    make_server: ServerFactory,
) -> None:
    one = make_server(any_backend, **FAST)
    two = make_server(any_backend, **FAST)
    organiser = one.guest("en")
    made = announce(organiser, rounds=2)
    players = [one.guest("en") for _ in range(6)]
    for player in players:
        join(player, made["id"])
    people = named(one, players)
    begin(one, made["id"])
    seen = wait_until(organiser, made["id"], lambda e: e["round"] == 1 and len(e["pairings"]) == 3)
    # The round's last games end while both instances tick: each pairs round 2 if it can.
    play_round(one, people, seen)
    final = wait_until(organiser, made["id"], lambda e: e["round"] == 2 and len(e["pairings"]) == 3)
    time.sleep(0.3)  # both instances have ticked again meanwhile
    with two.store.sessions() as s:
        rounds = s.execute(
            select(GameTable.tournament_round, func.count())
            .where(GameTable.tournament_id == made["id"])
            .group_by(GameTable.tournament_round)
            .order_by(GameTable.tournament_round)
        ).all()
    assert [tuple(r) for r in rounds] == [(1, 3), (2, 3)]
    assert sum(s["points"] for s in final["standings"]) == 3  # three games, a point each


def test_the_lobby_announces_open_events_and_not_invite_only_ones(server: Server) -> None:
    organiser = server.guest("en")
    shown = announce(organiser, starts_at=soon(600), name="Friday night")
    hidden = announce(organiser, starts_at=soon(600), invite_only=True)
    lobby = server.browser("en").get("/api/lobby").json()
    ids = [t["id"] for t in lobby["tournaments"]]
    assert shown["id"] in ids and hidden["id"] not in ids
    line = next(t for t in lobby["tournaments"] if t["id"] == shown["id"])
    assert line["name"] == "Friday night" and line["status"] == "announced"
    listed = server.browser().get("/api/tournaments?game=star-realms").json()
    assert shown["id"] in [t["id"] for t in listed["upcoming"]]
    assert server.browser().get("/api/tournaments?game=nope").status_code == 404


def test_joining_an_invite_only_event_needs_its_code(server: Server) -> None:
    organiser = server.guest("en")
    made = announce(organiser, starts_at=soon(600), invite_only=True)
    assert made["invite"]
    stranger = server.guest("en")
    refused = stranger.post(f"/api/tournaments/{made['id']}/join", {})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "bad-invite"
    assert event(stranger, made["id"])["entrants"] == 0
    assert join(stranger, made["id"], invite=made["invite"])["joined"] is True
    assert event(stranger, made["id"]).get("invite") is None  # only the organiser sees it
    assert event(organiser, made["id"])["invite"] == made["invite"]


def test_withdrawing_and_cancelling_before_the_start(server: Server) -> None:
    organiser = server.guest("en")
    made = announce(organiser, starts_at=soon(600))
    player = server.guest("en")
    join(player, made["id"])
    join(player, made["id"])  # twice is once
    assert event(organiser, made["id"])["entrants"] == 1
    left = player.post(f"/api/tournaments/{made['id']}/withdraw")
    assert left.status_code == 200 and left.json()["joined"] is False
    again = player.post(f"/api/tournaments/{made['id']}/withdraw")
    assert again.json()["error"]["code"] == "not-in-tournament"
    refused = player.post(f"/api/tournaments/{made['id']}/cancel")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not-organiser"
    cancelled = organiser.post(f"/api/tournaments/{made['id']}/cancel")
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    late = player.post(f"/api/tournaments/{made['id']}/join", {})
    assert late.json()["error"]["code"] == "tournament-closed"


def test_an_event_nobody_joined_is_cancelled_at_its_start(make_server: ServerFactory) -> None:
    server = make_server(**FAST)
    organiser = server.guest("en")
    made = announce(organiser)
    join(server.guest("en"), made["id"])  # one player: no game to play
    begin(server, made["id"])
    assert (
        wait_until(organiser, made["id"], lambda e: e["status"] != "announced")["status"]
        == "cancelled"
    )


def test_a_swiss_that_has_started_takes_no_one_new(make_server: ServerFactory) -> None:
    server = make_server(**FAST)
    organiser = server.guest("en")
    made = announce(organiser)
    for _ in range(2):
        join(server.guest("en"), made["id"])
    begin(server, made["id"])
    wait_until(organiser, made["id"], lambda e: e["status"] == "running")
    late = server.guest("en").post(f"/api/tournaments/{made['id']}/join", {})
    assert late.status_code == 409 and late.json()["error"]["code"] == "tournament-started"


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"clock": {"kind": "none"}}, "invalid-tournament"),
        ({"kind": "swiss", "rounds": None}, "invalid-tournament"),
        ({"kind": "arena", "minutes": None}, "invalid-tournament"),
        ({"starts_at": "2020-01-01T00:00:00+00:00"}, "invalid-tournament"),
        ({"starts_at": "2030-01-01T00:00:00"}, "invalid-tournament"),
        ({"players": 3}, "invalid-tournament"),
        ({"game": "nope"}, "unknown-game"),
        ({"rated": True}, "sign-up"),
    ],
)
def test_a_tournament_that_does_not_fit_together_is_refused_and_nothing_is_made(
    server: Server, change: dict[str, Any], code: str
) -> None:
    organiser = server.guest("en")
    body = {
        "game": "splendor-duel",
        "kind": "swiss",
        "rounds": 3,
        "clock": {"kind": "realtime", "initial": 300, "increment": 2},
        "starts_at": soon(600),
        **change,
    }
    if body.get("kind") == "arena" and "minutes" not in change:
        body["minutes"] = 30
    body = {k: v for k, v in body.items() if v is not None}
    answer = organiser.post("/api/tournaments", body)
    assert answer.status_code in (403, 404, 422), answer.text
    assert answer.json()["error"]["code"] == code
    with server.store.sessions() as s:
        assert s.scalar(select(func.count()).select_from(Tournament)) == 0


def test_the_event_page_is_pushed_over_its_socket(make_server: ServerFactory) -> None:
    server = make_server(**FAST)
    organiser = server.guest("en")
    made = announce(organiser, starts_at=soon(600))
    with organiser.client.websocket_connect(f"/ws/tournaments/{made['id']}") as sock:
        first = sock.receive_json()
        assert first["type"] == "tournament" and first["entrants"] == 0
        join(server.guest("en"), made["id"])
        pushed = sock.receive_json()
        assert pushed["entrants"] == 1
    refused = organiser.client.websocket_connect("/ws/tournaments/nope")
    with pytest.raises(WebSocketDisconnect) as closed, refused as sock:
        sock.receive_json()
    assert closed.value.code == 4404


def test_unknown_tournaments_are_clear_refusals(server: Server) -> None:
    browser = server.guest("en")
    for answer in (
        browser.get("/api/tournaments/nope"),
        browser.post("/api/tournaments/nope/join", {}),
        browser.post("/api/tournaments/nope/withdraw"),
    ):
        assert answer.status_code == 404
        assert answer.json()["error"]["code"] == "unknown-tournament"


def test_a_rated_event_rates_its_games_and_takes_accounts_only(make_server: ServerFactory) -> None:
    server = make_server(**FAST)
    organiser, alice, bob = server.browser("en"), server.browser("en"), server.browser("en")
    organiser.signup("organiser")
    alice.signup("alice")
    bob.signup("bob")
    made = announce(organiser, rated=True, rounds=1)
    refused = server.guest("en").post(f"/api/tournaments/{made['id']}/join", {})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "sign-up"
    join(alice, made["id"])
    join(bob, made["id"])
    begin(server, made["id"])
    seen = wait_until(organiser, made["id"], lambda e: e["round"] == 1 and bool(e["pairings"]))
    (pairing,) = seen["pairings"]
    concede({"alice": alice, "bob": bob}[pairing["seats"][1]], pairing["table"])
    wait_until(organiser, made["id"], lambda e: e["status"] == "finished")
    board = {r["name"]: r for r in server.browser().get("/api/leaderboard/star-realms").json()}
    assert board[pairing["seats"][0]]["rating"] > board[pairing["seats"][1]]["rating"]
    assert organiser.get(f"/api/tables/{pairing['table']}").json()["rated"] is True


def test_an_arena_takes_players_while_it_runs_and_lets_them_leave_and_come_back(
    make_server: ServerFactory,
) -> None:
    server = make_server(**FAST)
    organiser = server.guest("en")
    made = announce_arena(organiser, minutes=30, clock_seconds=60)
    first, second = server.guest("en"), server.guest("en")
    for player in (first, second):
        join(player, made["id"])
    begin(server, made["id"])
    people = named(server, [first, second])
    seen = wait_until(organiser, made["id"], lambda e: len(e["pairings"]) == 1)
    assert seen["status"] == "running"

    # A latecomer joins the running arena: in the standings at once, paired when someone is free.
    late = server.guest("en")
    join(late, made["id"])
    late_name = late.get("/api/me").json()["user"]["name"].replace("guest-", "Guest ")
    people[late_name] = late
    seen = event(organiser, made["id"])
    assert late_name in [s["name"] for s in seen["standings"]]
    game = seen["pairings"][0]
    concede(people[game["seats"][1]], game["table"])
    seen = wait_until(
        organiser,
        made["id"],
        lambda e: any(late_name in p["seats"] and p["status"] == "playing" for p in e["pairings"]),
    )

    # The one left waiting withdraws: never paired while withdrawn, and back when rejoining.
    waiting = next(
        name
        for name in people
        if not any(name in p["seats"] and p["status"] == "playing" for p in seen["pairings"])
    )
    left = people[waiting].post(f"/api/tournaments/{made['id']}/withdraw", {})
    assert left.status_code == 200, left.text
    playing = next(p for p in seen["pairings"] if p["status"] == "playing")
    concede(people[playing["seats"][0]], playing["table"])
    # The two still in play again at once (two alone rather than wait); the withdrawn one not.
    seen = wait_until(
        organiser,
        made["id"],
        lambda e: any(
            p["status"] == "playing" and p["table"] != playing["table"] for p in e["pairings"]
        ),
    )
    time.sleep(0.5)  # many ticks
    seen = event(organiser, made["id"])
    assert not any(waiting in p["seats"] and p["status"] == "playing" for p in seen["pairings"])
    assert next(s for s in seen["standings"] if s["name"] == waiting)["withdrawn"] is True
    join(people[waiting], made["id"])
    playing = next(p for p in seen["pairings"] if p["status"] == "playing")
    concede(people[playing["seats"][0]], playing["table"])
    seen = wait_until(
        organiser,
        made["id"],
        lambda e: any(waiting in p["seats"] and p["status"] == "playing" for p in e["pairings"]),
    )
    assert next(s for s in seen["standings"] if s["name"] == waiting)["withdrawn"] is False
