"""The lobby: open tables joined in one step, games to watch, who is online, your turn first,
the quick match (two people paired; nobody came, so a bot is offered) and its refusals."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import anyio
import pytest
from sqlalchemy import select

from rumizi.server import lobby as lobby_module
from rumizi.server.auth import shown_name
from rumizi.server.db import GameTable, PlayedAction
from rumizi.server.lobby import Lobby
from tests.server.kit import Browser, Server, Socket, duel

HUMANS = [{"kind": "human"}, {"kind": "human"}]
DAY = {"kind": "turn", "per_move": 86400}


def lobby(browser: Browser) -> dict[str, Any]:
    found = browser.get("/api/lobby")
    assert found.status_code == 200, found.text
    answer: dict[str, Any] = found.json()
    return answer


def corner(answer: dict[str, Any], game: str = "star-realms") -> dict[str, Any]:
    """The lobby's entry of ``game`` (empty lists when it has none)."""
    for entry in answer["games"]:
        if entry["game"] == game:
            found: dict[str, Any] = entry
            return found
    return {"game": game, "open": [], "playing": [], "queued": 0}


def refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code


@contextlib.contextmanager
def lobby_socket(browser: Browser) -> Iterator[Socket]:
    with browser.client.websocket_connect("/ws/lobby") as session:
        yield Socket(session)


def next_lobby(socket: Socket, test: Any = lambda m: True) -> dict[str, Any]:
    """The first lobby message (from now on) that passes ``test``."""
    while True:
        message = socket.recv()
        assert message["type"] == "lobby"
        if test(message):
            return message


def the_lobby(server: Server) -> Lobby:
    lobby(server.browser())  # made on first use
    found: Lobby = server.app.state.lobby
    return found


def test_a_listed_table_is_open_in_the_lobby_and_joined_there_without_its_invite(
    server: Server,
) -> None:
    host, guest, passer = server.guest(), server.guest(), server.browser()
    made = host.create_table(seats=HUMANS, listed=True, clock=DAY)
    private = host.create_table(seats=HUMANS)
    seen = passer.get("/api/lobby")
    (table,) = corner(seen.json())["open"]
    assert table["id"] == made["id"] and table["free"] == 1 and table["status"] == "waiting"
    assert [s["empty"] for s in table["seats"]] == [False, True]
    assert host.user is not None  # a guest, named in the reader's words (Persian by default)
    assert shown_name(host.user["name"], "fa") in table["seats"][0]["name"]
    assert table["clock"] == DAY
    # Nothing private: neither table's invite, nor the unlisted table itself.
    assert made["invite"] not in seen.text and private["id"] not in seen.text
    joined = guest.post(f"/api/lobby/tables/{made['id']}/join")
    assert joined.status_code == 200, joined.text
    assert joined.json() == {"seat": 1}
    after = corner(lobby(passer))
    assert after["open"] == [] and [t["id"] for t in after["playing"]] == [made["id"]]
    assert after["playing"][0]["free"] == 0
    # Watching it: the lobby counts the spectator.
    with passer.socket(made["id"]) as watcher:
        watcher.next_state()
        assert corner(lobby(passer))["playing"][0]["watching"] == 1


def test_joining_from_the_lobby_is_refused_for_private_full_and_unknown_tables(
    server: Server,
) -> None:
    host, guest, late = server.guest(), server.guest(), server.guest()
    private = host.create_table(seats=HUMANS)
    refused(guest.post(f"/api/lobby/tables/{private['id']}/join"), 403, "not-listed")
    assert server.live(private["id"]).row.seats[1].user_id is None  # nothing changed
    listed = host.create_table(seats=HUMANS, listed=True)
    assert guest.post(f"/api/lobby/tables/{listed['id']}/join").status_code == 200
    refused(late.post(f"/api/lobby/tables/{listed['id']}/join"), 409, "table-full")
    refused(late.post("/api/lobby/tables/nope/join"), 404, "unknown-table")
    refused(server.browser().post(f"/api/lobby/tables/{listed['id']}/join"), 401, "signed-out")
    no_token = late.client.post(f"/api/lobby/tables/{listed['id']}/join")
    refused(no_token, 403, "csrf")


CLOCKS = [
    {"kind": "none"},
    {"kind": "realtime", "initial": 600, "increment": 5},
    {"kind": "turn", "per_move": 86400},
]


def test_listed_tables_of_every_clock_kind_are_in_the_lobby_waiting_and_playing(
    server: Server,
) -> None:
    host, guest, passer = server.guest(), server.guest(), server.browser()
    waiting = [host.create_table(seats=HUMANS, listed=True, clock=c) for c in CLOCKS]
    with_bot = [
        host.create_table(seats=[HUMANS[0], {"kind": "bot", "level": "easy"}], listed=True, clock=c)
        for c in CLOCKS
    ]
    seen = corner(lobby(passer))  # the new-table form's default is a live table: no 500 here
    assert sorted(t["id"] for t in seen["open"]) == sorted(t["id"] for t in waiting)
    assert sorted(t["clock"]["kind"] for t in seen["open"]) == ["none", "realtime", "turn"]
    assert sorted(t["id"] for t in seen["playing"]) == sorted(t["id"] for t in with_bot)
    for table in seen["open"] + seen["playing"]:
        assert table["created"].endswith("+00:00")  # an aware UTC time, as ISO 8601
    # The socket says the same, and each waiting table is joined from there.
    with lobby_socket(passer) as socket:
        pushed = corner(next_lobby(socket))
        assert sorted(t["id"] for t in pushed["open"]) == sorted(t["id"] for t in waiting)
    for table in waiting:
        assert guest.post(f"/api/lobby/tables/{table['id']}/join").status_code == 200
    after = corner(lobby(passer))
    assert after["open"] == []
    assert len(after["playing"]) == 2 * len(CLOCKS)


def test_a_lobby_socket_that_fails_while_connecting_is_not_counted_online(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    watcher = server.browser()
    assert lobby(watcher)["online"] == 0
    real = Lobby.message
    failures = {"left": 1}

    async def first_one_fails(self: Lobby, *args: Any, **kwargs: Any) -> dict[str, Any]:
        if failures["left"]:
            failures["left"] -= 1
            raise ConnectionError("the socket went away before its first message")
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(Lobby, "message", first_one_fails)
    with contextlib.suppress(Exception), lobby_socket(server.guest()) as failing:
        failing.recv(timeout=2)
    assert failures["left"] == 0
    assert lobby(watcher)["online"] == 0  # the failed socket left no ghost behind


def test_your_games_are_listed_your_turn_first(server: Server) -> None:
    first, second = server.guest(), server.guest()
    older = first.create_table(seats=HUMANS, clock=DAY)
    second.join(older)
    newer = second.create_table(seats=HUMANS)
    first.join(newer)
    waiting = first.create_table(seats=HUMANS)
    acting = {t["id"]: server.live(t["id"]).state.to_act for t in (older, newer)}
    seat = {older["id"]: 0, newer["id"]: 1, waiting["id"]: 0}  # `first`'s seats
    turn = {older["id"]: acting[older["id"]] == 0, newer["id"]: acting[newer["id"]] == 1}
    turn[waiting["id"]] = False  # nobody moves before the game starts
    # Newest first, except that the games waiting for you come before all others, and the
    # games under way before those still waiting for players.
    newest = [waiting["id"], newer["id"], older["id"]]
    expected = sorted(newest, key=lambda t: (not turn[t], t == waiting["id"]))
    mine = lobby(first)["mine"]
    assert [(m["id"], m["your_turn"], m["you"]) for m in mine] == [
        (t, turn[t], seat[t]) for t in expected
    ]
    theirs = {m["id"]: m["your_turn"] for m in lobby(second)["mine"]}
    assert theirs == {t: not turn[t] for t in (older["id"], newer["id"])}
    assert sorted(theirs, key=lambda t: not theirs[t]) == list(theirs)  # their turn first
    assert lobby(server.browser())["mine"] == []  # nobody signed in: no games of one's own
    # A finished game leaves the list.
    with first.socket(older["id"]) as socket:
        socket.next_state()
        assert socket.act({"do": "concede", "player": 0})["type"] == "ack"
    assert older["id"] not in [m["id"] for m in lobby(first)["mine"]]


def test_online_counts_people_on_table_and_lobby_sockets_once_each(server: Server) -> None:
    first, second, anonymous = server.guest(), server.guest(), server.browser()
    made = first.create_table(seats=HUMANS)
    second.join(made)
    assert lobby(anonymous)["online"] == 0
    with lobby_socket(anonymous) as watching:
        assert next_lobby(watching)["online"] == 1
        with first.socket(made["id"]), first.socket(made["id"]), lobby_socket(first):
            # Two tabs at the table and the lobby: still one person. The push says so live.
            assert next_lobby(watching, lambda m: m["online"] == 2)["online"] == 2
            with second.socket(made["id"]):
                assert next_lobby(watching, lambda m: m["online"] == 3)["online"] == 3
        assert next_lobby(watching, lambda m: m["online"] == 1)["online"] == 1


def test_a_quick_match_pairs_two_people_asking_for_the_same_game(server: Server) -> None:
    first, other, second = server.guest(), server.guest(), server.guest()
    asked = {"game": "star-realms", "options": {"format": "duel"}, "wait": 60}
    with lobby_socket(first) as socket:
        next_lobby(socket)
        waiting = first.post("/api/lobby/quick", asked).json()
        assert waiting["status"] == "waiting" and 0 < waiting["left_ms"] <= 60_000
        assert corner(lobby(second))["queued"] == 1
        # Another clock is another match: no pairing.
        elsewhere = other.post("/api/lobby/quick", {**asked, "clock": DAY}).json()
        assert elsewhere["status"] == "waiting"
        matched = second.post("/api/lobby/quick", asked).json()
        assert matched["status"] == "matched" and matched["url"] == f"/t/{matched['table']}"
        # The one who waited hears of it on the lobby's socket, without asking.
        pushed = next_lobby(socket, lambda m: m["quick"]["status"] == "matched")
        assert pushed["quick"]["table"] == matched["table"]
    assert first.get("/api/lobby/quick").json()["table"] == matched["table"]
    assert other.get("/api/lobby/quick").json()["status"] == "waiting"
    info = first.get(f"/api/tables/{matched['table']}").json()
    assert info["status"] == "playing" and info["rated"] is False
    assert [s["user_id"] for s in info["seats"]] == [first.user_id, second.user_id]
    assert [m["id"] for m in lobby(second)["mine"]] == [matched["table"]]
    assert corner(lobby(second))["queued"] == 1  # only `other` is still waiting
    with second.socket(matched["table"]) as table:
        assert table.next_state()["seat"] == 1


def test_nobody_comes_in_time_so_a_bot_is_offered(server: Server) -> None:
    found = the_lobby(server)
    now = [1_000_000.0]
    found.clock = lambda: now[0]
    first, late = server.guest(), server.guest()
    asked = {"game": "splendor-duel", "wait": 30}
    assert first.post("/api/lobby/quick", asked).json()["status"] == "waiting"
    now[0] += 31
    expired = first.get("/api/lobby/quick").json()
    assert expired["status"] == "expired" and expired["game"] == "splendor-duel"
    assert lobby(first)["quick"]["status"] == "expired"
    # The wait is over: a newcomer is not paired with the one who gave up waiting.
    assert late.post("/api/lobby/quick", asked).json()["status"] == "waiting"
    made = first.post("/api/lobby/quick/bot", {"level": "easy"})
    assert made.status_code == 200, made.text
    table = first.get(made.json()["url"].replace("/t/", "/api/tables/")).json()
    assert table["game"] == "splendor-duel" and table["status"] == "playing"
    assert [s["kind"] for s in table["seats"]] == ["human", "bot"]
    assert first.get("/api/lobby/quick").json()["status"] == "none"
    # Cancelling leaves the queue; a second cancel is no error.
    assert late.post("/api/lobby/quick/cancel").json()["status"] == "none"
    assert late.post("/api/lobby/quick/cancel").json()["status"] == "none"
    assert corner(lobby(late), "splendor-duel")["queued"] == 0


def test_the_expert_bot_is_refused_for_a_quick_match_it_has_no_network_for(
    server: Server,
) -> None:
    found = the_lobby(server)
    now = [1_000_000.0]
    found.clock = lambda: now[0]
    guest = server.guest()
    assert guest.post("/api/lobby/quick", {"game": "fantasy-realms", "wait": 30}).status_code == 200
    now[0] += 31
    answer = guest.post("/api/lobby/quick/bot", {"level": "expert"})
    refused(answer, 400, "invalid-options")
    assert "expert bot has no network" in answer.json()["error"]["message"]
    # The refusal changed nothing: the expired match can still be played against hard.
    assert guest.get("/api/lobby/quick").json()["status"] == "expired"
    made = guest.post("/api/lobby/quick/bot", {"level": "hard"})
    assert made.status_code == 200, made.text


def test_quick_match_refusals_change_nothing(server: Server) -> None:
    guest = server.guest()
    cases: list[tuple[Any, int, str]] = [
        ({"game": "chess"}, 404, "unknown-game"),
        ({"game": "star-realms", "options": {"format": "hydra"}}, 400, "invalid-options"),
        ({"game": "star-realms", "wait": 45}, 422, "malformed"),
        ({"game": "star-realms", "clock": {"kind": "turn", "per_move": 5}}, 422, "malformed"),
    ]
    for body, status, code in cases:
        refused(guest.post("/api/lobby/quick", body), status, code)
    refused(guest.post("/api/lobby/quick/bot", {}), 409, "no-quick-match")
    refused(guest.post("/api/lobby/quick/bot", {"level": "godlike"}), 422, "malformed")
    refused(server.browser().post("/api/lobby/quick", {"game": "star-realms"}), 401, "signed-out")
    refused(server.browser().get("/api/lobby/quick"), 401, "signed-out")
    refused(guest.client.post("/api/lobby/quick", json={"game": "star-realms"}), 403, "csrf")
    assert guest.get("/api/lobby/quick").json()["status"] == "none"
    assert corner(lobby(guest))["queued"] == 0
    # The lobby's socket ignores what it does not understand and answers a refresh.
    with lobby_socket(guest) as socket:
        next_lobby(socket)
        socket.send("not json")
        socket.session.send_bytes(b"\x00")
        socket.send(json.dumps({"type": "refresh"}))
        assert next_lobby(socket)["quick"]["status"] == "none"


def test_leaving_the_lobby_while_waiting_leaves_the_queue(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lobby_module, "GONE_AFTER", 0.0)
    first, second = server.guest(), server.guest()
    asked = {"game": "star-realms", "wait": 180}
    with lobby_socket(first) as socket:
        next_lobby(socket)
        assert first.post("/api/lobby/quick", asked).json()["status"] == "waiting"
    for _ in range(200):  # the socket's end is seen on the server's loop, then the grace
        if first.get("/api/lobby/quick").json()["status"] == "none":
            break
        server.call(anyio.sleep, 0.01)
    assert first.get("/api/lobby/quick").json()["status"] == "none"
    # So the next person waits instead of being seated with someone who went away.
    assert second.post("/api/lobby/quick", asked).json()["status"] == "waiting"


def test_the_creator_cancels_a_waiting_table_and_its_pages_are_told_it_is_gone(
    server: Server,
) -> None:
    host, other, passer = server.guest(), server.guest(), server.browser()
    made = host.create_table(
        seats=[*HUMANS, {"kind": "human"}], options={"format": "free-for-all"}, listed=True
    )
    assert other.join(made) == 1  # one of two free seats taken: still waiting
    url = f"/api/tables/{made['id']}/cancel"
    assert host.get(f"/api/tables/{made['id']}").json()["creator"] is True
    assert other.get(f"/api/tables/{made['id']}").json()["creator"] is False
    with host.socket(made["id"]) as mine, other.socket(made["id"]) as theirs:
        mine.next_state()
        theirs.next_state()
        refused(other.post(url), 403, "not-creator")
        refused(passer.post(url), 401, "signed-out")
        refused(host.client.post(url), 403, "csrf")
        assert corner(lobby(passer))["open"][0]["id"] == made["id"]  # nothing changed
        answered = host.post(url)
        assert answered.status_code == 200, answered.text
        for socket in (mine, theirs):
            gone = socket.recv()
            while gone["type"] != "gone":
                gone = socket.recv()
            assert gone == {"type": "gone", "table": made["id"], "reason": "cancelled"}
    refused(host.get(f"/api/tables/{made['id']}"), 404, "unknown-table")
    assert corner(lobby(passer))["open"] == []
    assert made["id"] not in [m["id"] for m in lobby(other)["mine"]]
    assert server.count("seats", made["id"]) == 0
    refused(host.post(url), 404, "unknown-table")


def test_a_table_whose_game_has_started_cannot_be_cancelled(server: Server) -> None:
    host = server.guest()
    made = host.create_table(seats=[HUMANS[0], {"kind": "bot", "level": "easy"}], listed=True)
    refused(host.post(f"/api/tables/{made['id']}/cancel"), 409, "started")
    assert host.get(f"/api/tables/{made['id']}").json()["status"] == "playing"


def days_ago(server: Server, table_id: str, days: float) -> None:
    """Move the table's times (made, started, every move) ``days`` into the past."""
    back = timedelta(days=days)
    with server.store.sessions.begin() as s:
        table = s.get(GameTable, table_id)
        assert table is not None and table.started is not None
        table.created -= back
        table.started -= back
        for action in s.scalars(select(PlayedAction).where(PlayedAction.table_id == table_id)):
            action.at -= back


def test_a_game_without_moves_for_a_day_leaves_being_played_until_someone_moves(
    server: Server,
) -> None:
    passer = server.browser()
    first, second, idle = duel(server, listed=True)
    _, _, slow = duel(server, listed=True, clock={"kind": "turn", "per_move": 3 * 86400})
    starter = first if server.live(idle).state.to_act == 0 else second
    with starter.socket(idle) as socket:
        socket.play(socket.my_turn()["legal"][0]["action"])
    watched = {t["id"] for t in corner(lobby(passer))["playing"]}
    assert watched == {idle, slow}
    days_ago(server, idle, 1.5)
    days_ago(server, slow, 1.5)  # its players have three days a move: still being played
    assert [t["id"] for t in corner(lobby(passer))["playing"]] == [slow]
    # Its players still find it among their own games, and a move brings it back.
    assert idle in [m["id"] for m in lobby(first)["mine"]]
    mover = first if server.live(idle).state.to_act == 0 else second
    with mover.socket(idle) as socket:
        socket.play(socket.my_turn()["legal"][0]["action"])
    assert {t["id"] for t in corner(lobby(passer))["playing"]} == {idle, slow}
