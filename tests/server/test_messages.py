"""The WebSocket messages as models (rumizi.server.messages): the same JSON as before, read alike.

The state message is built from :class:`~rumizi.server.messages.StateMessage` now; what goes
on the wire must be exactly what the hub's dict said before, key for key and in the same
order. :func:`dict_state_message` is that dict-building code as it was, kept here as the
reference: both are run on real tables of every game (waiting, under way with a clock or a
timed phase, taken back, over), for every seat, a spectator, and both languages.
"""

from __future__ import annotations

import json
import random
import time
from datetime import UTC, datetime
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from rumizi.core import undo
from rumizi.core.registry import game
from rumizi.server import inbound, phases, takeback
from rumizi.server.hub import Client, LiveTable, rebuild
from rumizi.server.messages import (
    PHRASES,
    Ack,
    Act,
    Chat,
    ChatHistory,
    ChatMessage,
    Concede,
    ErrorMessage,
    Gone,
    LobbyMessage,
    Presence,
    StateMessage,
    wire,
)
from rumizi.server.outbox import dumps
from rumizi.server.plugins import plugin
from rumizi.server.states import state_message
from rumizi.server.store import SeatRow, TableRow
from tests.server.kit import Server, Socket, duel, play_random

NOW = 1_764_450_000.0
STARTED = datetime.fromtimestamp(NOW - 3600, UTC)


def dict_state_message(table: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
    """The state message as ``Hub.state_message`` built it before the models (the reference)."""
    state = table.state
    audience = table.audience(seat, lang)
    view = state.view(seat)
    acting = phases.actors(state)
    legal: list[dict[str, Any]] = []
    playing = table.row.status == "playing"
    if playing and seat is not None and seat in acting:
        legal = [
            {"action": action, "label": table.web.action_label(view, action, audience)}
            for action in phases.seat_legal(state, seat)
        ]
    connected = {client.seat for client in table.clients}
    result = None
    if table.row.status == "over" or state.over:
        result = dict(table.row.result or table.result() or {})
        result["text"] = table.web.result_text(view, audience)
    at = time.time()
    return {
        "type": "state",
        "table": table.id,
        "game": table.row.game,
        "version": table.version,
        "status": table.row.status,
        "seat": seat,
        "view": view,
        "legal": legal,
        "to_act": acting if playing else [],
        "log": table.log(seat, lang),
        "seats": [
            {
                "seat": s.seat,
                "name": audience.names[s.seat],
                "kind": s.kind,
                "level": s.level,
                "connected": s.kind == "bot" or s.seat in connected,
                "empty": s.kind == "human" and s.user_id is None,
            }
            for s in table.row.seats
        ],
        "clock": table.clock.message(at) if table.clock and playing else None,
        "timer": table.phase.message(state) if playing else None,
        "result": result,
        "undo": takeback.offered(table, seat),
        "undone": takeback.undone_lines(table, seat, lang),
    }


async def _ignore(message: dict[str, Any]) -> None:
    """A connection's send that drops what it is given (only who is connected matters)."""


def live_table(
    game_id: str,
    players: int,
    moves: int,
    seed: int,
    options: dict[str, Any] | None = None,
    clock: dict[str, Any] | None = None,
    undo_last: bool = False,
) -> LiveTable:
    """A live table of ``game_id`` after ``moves`` random moves (fewer if the game ends)."""
    options = {"players": players, "undo": True, **(options or {})}
    seats = [
        SeatRow(0, "human", None, 1, "ali"),
        *(SeatRow(i, "bot", "easy", None, None) for i in range(1, players - 1)),
        SeatRow(players - 1, "human", None, None, None),  # a free seat...
    ]
    seats[-1] = SeatRow(players - 1, "human", None, 2, "سارا")  # ...taken by a person
    row = TableRow(
        id=f"t-{game_id}",
        game=game_id,
        options=options,
        players=players,
        seed=seed,
        status="playing",
        version=0,
        clock=clock or {"kind": "none"},
        rated=False,
        invite="inv",
        created=STARTED,
        started=STARTED,
        finished=None,
        result=None,
        seats=seats,
    )
    state = game(game_id).new(seed=seed, players=players, **takeback.game_options(options))
    trail = undo.Trail()
    rng = random.Random(seed)
    at = NOW - 1800
    version = 0
    # With ``undo_last``, on until the last move may be taken back, which then is.
    while not state.over and (version < moves or (undo_last and version < moves + 300)):
        actor = state.actors[rng.randrange(len(state.actors))]
        action = dict(rng.choice(state.legal_actions_for(actor)))
        version += 1
        row.actions.append((actor, action, f"c-{version}", datetime.fromtimestamp(at, UTC)))
        state, _ = trail.play(state, version, action)
        at += 7
        if undo_last and version >= moves and trail.can_take_back(actor) == "ok":
            record = undo.undo_record(version)
            row.actions.append((actor, record, "undo-1", datetime.fromtimestamp(at, UTC)))
            break
    state, events, table_clock, trail = rebuild(row)
    row.version = len(row.actions)
    if state.over:
        row.status, row.finished = "over", datetime.fromtimestamp(at, UTC)
        row.result = {"winner": state.winner, "returns": state.returns()}
    client_ids = {client_id for _, _, client_id, _ in row.actions}
    row.actions = []
    table = LiveTable(row, plugin(game_id), state, events, client_ids, table_clock)
    table.trail = trail
    table.phase.observe(None, state, NOW - 20)
    table.clients.add(Client(_ignore, 0, "fa", 1))
    return table


TABLES = [
    ("star-realms", 2, 0, 1, None, None, False),
    ("star-realms", 2, 9, 2, None, {"kind": "realtime", "initial": 600, "increment": 5}, False),
    ("star-realms", 2, 7, 3, None, None, True),
    ("star-realms", 2, 3000, 4, None, {"kind": "turn", "per_move": 86400}, False),
    ("splendor-duel", 2, 12, 5, None, None, False),
    ("splendor-duel", 2, 3000, 6, None, None, False),
    ("fantasy-realms", 3, 5, 7, None, None, True),
    ("fantasy-realms", 4, 2, 8, {"variant": "chaos", "timer": 120}, None, False),
    ("fantasy-realms", 2, 3000, 9, None, None, False),
    (
        "war-of-the-ring",
        2,
        30,
        10,
        None,
        {"kind": "realtime", "initial": 900, "increment": 0},
        False,
    ),
    ("war-of-the-ring", 2, 3, 11, None, None, True),
    ("war-of-the-ring", 2, 5000, 13, None, None, False),
]


@pytest.fixture
def frozen_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock's and the timer's ``at`` are the same in both messages."""
    monkeypatch.setattr(time, "time", lambda: NOW)


@pytest.mark.parametrize("spec", TABLES, ids=lambda spec: f"{spec[0]}-{spec[2]}-{spec[3]}")
@pytest.mark.usefixtures("frozen_time")
def test_the_state_message_is_the_json_the_dict_made(spec: tuple[Any, ...]) -> None:
    table = live_table(*spec)
    seen = set()
    for lang in ("fa", "en"):
        for seat in (*range(table.row.players), None):
            before = dict_state_message(table, seat, lang)
            after = dict(state_message(table, seat, lang))
            # The hub adds each connection's log_start last, as it always did.
            before = {**before, "log_start": 0}
            assert dumps(after) == dumps(before)
            assert after == before
            seen.add((before["status"], bool(before["legal"]), before["clock"] is not None))
            seen.add(("timer", before["timer"] is not None, bool(before["undone"])))
    if spec[3] == 8:  # the chaos table's timer is running
        assert ("timer", True, False) in seen
    if spec[2] >= 3000:
        assert ("over", False, False) in seen


@pytest.mark.usefixtures("frozen_time")
def test_every_game_is_seen_playing_and_over() -> None:
    """The tables above cover what the state message can say (a guard on the test itself)."""
    statuses: dict[str, set[str]] = {}
    for spec in TABLES:
        table = live_table(*spec)
        statuses.setdefault(spec[0], set()).add(table.row.status)
        if spec[6]:
            assert table.trail.undone, spec
    assert all(found == {"playing", "over"} for found in statuses.values()), statuses


@pytest.mark.usefixtures("frozen_time")
def test_a_waiting_tables_state_has_its_free_seat_empty() -> None:
    table = live_table("splendor-duel", 2, 0, 12)
    table.row.status = "waiting"
    table.row.seats[1] = SeatRow(1, "human", None, None, None)
    table.log_cache.clear()
    before = {**dict_state_message(table, None, "en"), "log_start": 0}
    after = state_message(table, None, "en")
    assert dumps(wire(after)) == dumps(before)
    assert after["seats"][1]["empty"] is True and after["legal"] == [] == after["to_act"]


@pytest.mark.usefixtures("frozen_time")
def test_a_state_message_validates_against_its_own_model() -> None:
    """What is built unchecked is a valid StateMessage (the models say the truth)."""
    for spec in TABLES:
        table = live_table(*spec)
        for seat in (0, None):
            sent = json.loads(dumps(dict(state_message(table, seat, "en"))))
            assert TypeAdapter(StateMessage).validate_python(sent) == sent


# ---------------------------------------------------------------------- what a page sends

MISSING = object()  # a field left out of the message


def dict_refusal(message: dict[str, Any], seated: bool, signed_in: bool) -> tuple[str, str] | None:
    """The (code, sentence) the socket answered a message's shape with before the models
    (rumizi.server.ws, chat.check and the shape checks of Hub.submit and take_back), or None
    for a message that went on to the table. The reference."""
    kind, client_id = message.get("type"), message.get("client_id")
    if kind == "chat":
        problem = inbound.client_id_problem(client_id)
        if problem is not None:
            return "malformed", problem
        if not signed_in:
            return "signed-out", "sign in (or play as a guest) to chat"
        text, phrase = message.get("text"), message.get("phrase")
        if (text is None) == (phrase is None):
            return "malformed", "a chat message has either 'text' or 'phrase'"
        if phrase is not None:
            return (
                None
                if phrase in PHRASES
                else ("chat-unknown-phrase", f"no quick phrase {phrase!r}")
            )
        return None if isinstance(text, str) else ("malformed", "'text' must be a string")
    if kind not in ("act", "concede", "undo"):
        return "malformed", "'type' must be 'act', 'concede', 'undo' or 'chat'"
    problem = inbound.client_id_problem(client_id)
    if problem is not None:
        return "malformed", problem
    if not seated:
        return "spectator", "you are watching this table, not playing"
    version = message.get("version")
    if kind == "undo":
        if not isinstance(version, int) or isinstance(version, bool):
            return "malformed", "an undo message needs 'version' (an integer)"
        return None
    action = {"do": "concede"} if kind == "concede" else message.get("action")
    if not isinstance(action, dict) or (
        not (version is None and action.get("do") == "concede")
        and (not isinstance(version, int) or isinstance(version, bool))
    ):
        return (
            "malformed",
            "an action message needs 'action' (an object) and 'version' (an integer)",
        )
    return None


def model_refusal(message: dict[str, Any], seated: bool, signed_in: bool) -> tuple[str, str] | None:
    """The same through the models, in the socket's order (rumizi.server.ws, chat.handle)."""
    try:
        head = inbound.head(message)
        if head.type == "chat":
            if not signed_in:
                return "signed-out", "sign in (or play as a guest) to chat"
            inbound.chat(message)
            return None
        if not seated:
            return "spectator", "you are watching this table, not playing"
        inbound.move(message)
    except inbound.Refused as err:
        return err.code, str(err)
    return None


def page_messages() -> list[dict[str, Any]]:
    """Messages of every kind, their fields right, wrong and left out, in every combination."""
    found = []
    kinds = ["act", "concede", "undo", "chat", "dance", None, 7, MISSING]
    ids = ["c-1", "bot-3", "ring-1", "", "x" * 65, "a b", 7, None, MISSING]
    versions = [3, 0, -5, 10**30, "3", 3.0, True, None, [3], MISSING]
    actions = [{"do": "end"}, {"do": "concede"}, {}, "end", [{"do": "end"}], None, MISSING]
    for kind in kinds:
        for client_id in ids:
            for version in versions:
                for action in actions:
                    fields = {"type": kind, "client_id": client_id, "version": version}
                    fields["action"] = action
                    found.append({k: v for k, v in fields.items() if v is not MISSING})
    texts = ["hi", "", "  ", 5, ["hi"], None, MISSING]
    phrases = ["hello", "good-game", "hi", "", 5, ["hello"], None, MISSING]
    for client_id in ids:
        for text in texts:
            for phrase in phrases:
                fields = {"type": "chat", "client_id": client_id, "text": text, "phrase": phrase}
                found.append({k: v for k, v in fields.items() if v is not MISSING})
    return found


def test_the_models_refuse_each_page_message_as_the_socket_did() -> None:
    messages = page_messages()
    assert len(messages) > 5000
    taken = 0
    for message in messages:
        for seated in (True, False):
            for signed_in in (True, False):
                expected = dict_refusal(message, seated, signed_in)
                assert model_refusal(message, seated, signed_in) == expected, message
                taken += expected is None
    assert taken > 150  # and many went through


def test_a_chat_message_is_its_head_and_its_words() -> None:
    """The Chat model the protocol page lists takes what the socket takes in two steps."""
    for message in page_messages():
        if message.get("type") != "chat":
            continue
        try:
            Chat.model_validate(message)
        except ValidationError:
            whole = False
        else:
            whole = True
        assert whole == (model_refusal(message, True, True) is None), message


def test_a_move_reaches_the_hub_as_it_was_sent() -> None:
    act = inbound.move({"type": "act", "client_id": "c-1", "version": 3, "action": {"do": "end"}})
    assert isinstance(act, Act) and (act.version, act.action) == (3, {"do": "end"})
    concede = inbound.move({"type": "concede", "client_id": "c-2"})
    assert isinstance(concede, Concede) and concede.version is None
    # An act that concedes may leave the version out, like the concede message.
    late = inbound.move({"type": "act", "client_id": "c-3", "action": {"do": "concede"}})
    assert isinstance(late, Act) and late.version is None
    assert inbound.move({"type": "undo", "client_id": "c-4", "version": 10**30}).version == 10**30


def test_the_lobby_socket_takes_only_a_refresh() -> None:
    assert inbound.is_refresh('{"type": "refresh"}')
    assert inbound.is_refresh('{ "type" : "refresh" }')
    for text in (
        '{"type": "refresh", "x": 1}',
        '{"type": "lobby"}',
        "refresh",
        "",
        "[]",
        '{"type": "refresh"' + " " * 300 + "}",
    ):
        assert not inbound.is_refresh(text), text


def test_the_phrases_are_the_chats() -> None:
    from rumizi.server import chat

    assert (
        chat.PHRASES
        == PHRASES
        == ("hello", "good-luck", "thinking", "oops", "well-played", "good-game", "thanks")
    )
    assert inbound.SERVER_MOVES == ("bot", "clock", "ring")


# ---------------------------------------------------------------------- a real server's messages

SENT_TYPES: dict[str, Any] = {
    "state": StateMessage,
    "presence": Presence,
    "gone": Gone,
    "ack": Ack,
    "error": ErrorMessage,
    "chat-history": ChatHistory,
    "chat": ChatMessage,
    "lobby": LobbyMessage,
}


def fits(message: dict[str, Any]) -> None:
    """``message``, as a page received it, is exactly what its type says (no more, no less)."""
    adapter = TypeAdapter(SENT_TYPES[message["type"]])
    read = adapter.validate_python(message)  # (the lobby's parts are the JSON API's models)
    assert adapter.dump_python(read, by_alias=True, exclude_unset=True) == message, message
    fields = set(adapter.json_schema(mode="serialization")["properties"])
    assert set(message) == fields, message["type"]


def test_every_message_a_server_sends_fits_its_type(server: Server) -> None:
    first, second, table_id = duel(server)
    with (
        first.socket(table_id) as s0,
        server.browser().client.websocket_connect("/ws/lobby") as lobby_session,
    ):
        lobby = Socket(lobby_session)
        with second.socket(table_id) as s1:  # a presence for the first
            sockets = {0: s0, 1: s1}
            state = play_random(sockets, random.Random(5), 6, s0.next_state())
            mover = sockets[state["to_act"][0]]
            mover.send({"type": "chat", "client_id": "chat-1", "phrase": "good-luck"})
            mover.send({"type": "chat", "client_id": "chat-2", "text": "سلام"})
            assert mover.act({"do": "fly"}, version=state["version"])["code"] == "illegal"
            mover.send("not json")
            mover.recv()
            for sock in sockets.values():
                sock.wait(lambda m: True)
                while not any(m.get("client_id") == "chat-2" for m in sock.received):
                    sock.recv()
        s0.recv()  # the second's last connection went: a presence
        lobby.recv()
        received = [*s0.received, *s1.received, *lobby.received]
    # A waiting table its creator cancels: its pages are told it is gone.
    host = server.guest()
    made = host.create_table(seats=[{"kind": "human"}, {"kind": "human"}])
    with host.socket(made["id"]) as sock:
        sock.next_state()
        assert host.post(f"/api/tables/{made['id']}/cancel").status_code == 200
        while sock.recv()["type"] != "gone":
            pass
        received += sock.received
    kinds = {message["type"] for message in received}
    assert kinds == set(SENT_TYPES)
    for message in received:
        fits(message)
