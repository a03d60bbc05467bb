"""The chat at the table (rumizi.server.chat): cleaned, limited, stored, kept apart, replayed.

Messages go on the table's socket; these tests read them as two players and a spectator do,
check the refusals change nothing, that the chat outlives a restart and reaches the replay in
place, that it crosses instances, and that the migration builds what the model describes on
SQLite and PostgreSQL.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text

from rumizi.server import chat
from rumizi.server import db as server_db
from rumizi.server.db import make_engine
from tests.server.kit import Server, ServerFactory, Socket, duel
from tests.server.test_cluster import pair, redis, wait_for  # noqa: F401 (redis: a fixture)
from tests.server.test_postgres import postgres_url  # noqa: F401 (a fixture)

ROOT = Path(__file__).resolve().parents[2]


def say(socket: Socket, **body: Any) -> str:
    client_id = socket.new_id()
    socket.send({"type": "chat", "client_id": client_id, **body})
    return client_id


def next_of(socket: Socket, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` (states and the rest in between are passed over)."""
    while True:
        message = socket.recv()
        if message["type"] == kind:
            return message


def stored(server: Server, table_id: str) -> list[tuple[str, str | None, str | None]]:
    with server.store.engine.connect() as c:
        rows = c.execute(
            text("SELECT channel, text, phrase FROM chat_messages WHERE table_id = :t ORDER BY id"),
            {"t": table_id},
        )
        return [(r[0], r[1], r[2]) for r in rows]


# ---------------------------------------------------------------------- the text itself


def test_text_is_normalised_and_cleared_of_controls_before_it_is_counted() -> None:
    # "é" typed as e + combining accent counts once: 200 of them fit.
    assert chat.check({"text": "e\u0301" * 200}) == ("\u00e9" * 200, None)
    assert chat.check({"text": "ab\u202ecd\u2066ef\u0007\x00"}) == ("abcdef", None)
    assert chat.check({"text": "  دو\n\n خط\t"}) == ("دو خط", None)
    assert chat.check({"text": "نمی\u200cخواهم 👩\u200d💻"})[0] == "نمی\u200cخواهم 👩\u200d💻"
    assert chat.check({"phrase": "good-game"}) == (None, "good-game")
    refusals = {
        "chat-too-long": {"text": "x" * 201},
        "chat-empty": {"text": " \u202e\u200f\n "},
        "chat-unknown-phrase": {"phrase": "gg-ez"},
        "malformed": {"text": "hi", "phrase": "hello"},
    }
    for code, body in refusals.items():
        with pytest.raises(chat.ActionError) as err:
            chat.check(body)
        assert err.value.code == code, body
    with pytest.raises(chat.ActionError, match="string"):
        chat.check({"text": ["a list"]})


def test_every_quick_phrase_has_words_in_both_languages_on_the_page() -> None:
    i18n = (ROOT / "rumizi" / "web" / "static" / "i18n.js").read_text(encoding="utf-8")
    fa, en = i18n.split("\n  en: {", 1)
    for phrase in chat.PHRASES:
        for part in (fa, en):
            found = re.search(rf'"chat\.phrase\.{phrase}": "([^"]+)"', part)
            assert found and found.group(1).strip(), phrase
    # «دارم فکر می‌کنم», with its ZWNJ (written \u200c in the source, as the file does)
    assert re.search(r'"chat\.phrase\.thinking": "[^"]*\\u200c', fa)


# ---------------------------------------------------------------------- at the table


def test_a_message_reaches_the_opponent_stored_with_the_table_version(server: Server) -> None:
    first, second, table_id = duel(server)
    with first.socket(table_id) as s0, second.socket(table_id) as s1:
        history = next_of(s0, "chat-history")
        assert history["messages"] == [] and history["can_write"] is True
        assert history["channel"] == "players"
        state = s0.next_state()
        s1.next_state()
        sent = say(s0, text="<img src=x onerror=alert(1)> سلام")
        heard = next_of(s1, "chat")
        echoed = next_of(s0, "chat")  # the sender's own copy is its acknowledgement
        assert echoed["client_id"] == sent and echoed["id"] == heard["id"]
        assert heard["text"] == "<img src=x onerror=alert(1)> سلام"  # text, kept as typed
        assert heard["seat"] == 0 and heard["from"] == "seat-0" and heard["phrase"] is None
        assert heard["version"] == state["version"] and heard["channel"] == "players"
        assert heard["name"] == first.user["name"]  # type: ignore[index]
        say(s1, phrase="good-luck")
        assert next_of(s0, "chat")["phrase"] == "good-luck"
    assert stored(server, table_id) == [
        ("players", "<img src=x onerror=alert(1)> سلام", None),
        ("players", None, "good-luck"),
    ]


def test_refusals_say_why_in_a_code_and_store_nothing(server: Server) -> None:
    first, _second, table_id = duel(server)
    with first.socket(table_id) as s0:
        s0.next_state()
        for body, code in (
            ({"text": "y" * 201}, "chat-too-long"),
            ({"text": "\u202e \n"}, "chat-empty"),
            ({"phrase": "nope"}, "chat-unknown-phrase"),
            ({}, "malformed"),
        ):
            client_id = say(s0, **body)
            answer = s0.answer(client_id)
            assert answer["type"] == "error" and answer["code"] == code, answer
            assert answer["client_id"] == client_id and answer["message"]
        s0.send({"type": "chat", "text": "no id"})
        assert s0.answer()["code"] == "malformed"
    assert stored(server, table_id) == []


def test_six_messages_in_a_row_are_too_fast_for_one_user_not_for_the_other(
    server: Server,
) -> None:
    first, second, table_id = duel(server)
    with first.socket(table_id) as s0, second.socket(table_id) as s1:
        s0.next_state()
        for n in range(5):
            say(s0, text=f"message {n}")
            assert next_of(s0, "chat")["text"] == f"message {n}"
        refused = say(s0, text="one more")
        assert s0.answer(refused)["code"] == "chat-too-fast"
        say(s1, text="my turn to talk")  # the limit is per user: the opponent may still write
        heard = [next_of(s1, "chat")["text"] for _ in range(6)]
        assert heard == [f"message {n}" for n in range(5)] + ["my turn to talk"]
    assert len(stored(server, table_id)) == 6


def test_spectators_have_their_own_channel_that_players_do_not_see(server: Server) -> None:
    first, second, table_id = duel(server)
    watcher = server.guest()
    with first.socket(table_id) as s0, watcher.socket(table_id) as w:
        assert next_of(w, "chat-history")["channel"] == "spectators"
        s0.next_state()
        w.next_state()
        say(w, text="what a move")
        from_watcher = next_of(w, "chat")
        assert from_watcher["channel"] == "spectators" and from_watcher["seat"] is None
        assert from_watcher["from"] == f"user-{watcher.user_id}"
        say(s0, text="thanks for watching")
        # The player's next chat line is their own: the spectator's never came.
        assert next_of(s0, "chat")["text"] == "thanks for watching"
        assert next_of(w, "chat")["text"] == "thanks for watching"  # spectators read both
    with second.socket(table_id) as s1, watcher.socket(table_id) as w:
        assert [m["text"] for m in next_of(s1, "chat-history")["messages"]] == [
            "thanks for watching"
        ]
        assert [m["text"] for m in next_of(w, "chat-history")["messages"]] == [
            "what a move",
            "thanks for watching",
        ]


def test_a_watcher_without_a_session_reads_but_cannot_write(server: Server) -> None:
    first, _second, table_id = duel(server)
    anonymous = server.browser()
    with first.socket(table_id) as s0:
        s0.next_state()
        say(s0, phrase="hello")
        next_of(s0, "chat")
    with anonymous.socket(table_id) as w:
        history = next_of(w, "chat-history")
        assert history["can_write"] is False and history["messages"][0]["phrase"] == "hello"
        w.next_state()
        client_id = say(w, text="hi")
        assert w.answer(client_id)["code"] == "signed-out"
    assert len(stored(server, table_id)) == 1


def test_a_new_connection_gets_the_newest_lines_and_the_replay_all(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chat, "HISTORY", 2)
    first, _second, table_id = duel(server)
    with first.socket(table_id) as s0:
        s0.next_state()
        for n in range(3):
            say(s0, text=f"line {n}")
            next_of(s0, "chat")
    with first.socket(table_id) as s0:
        history = next_of(s0, "chat-history")["messages"]
        assert [m["text"] for m in history] == ["line 1", "line 2"]
    replay = first.get(f"/api/tables/{table_id}/replay").json()
    assert [m["text"] for m in replay["chat"]] == ["line 0", "line 1", "line 2"]


def test_the_chat_outlives_a_restart_and_shows_in_the_replay_in_place(
    make_server: ServerFactory,
) -> None:
    server = make_server()
    first, second, table_id = duel(server)
    with first.socket(table_id) as s0, second.socket(table_id) as s1:
        state = s0.next_state()
        say(s0, phrase="good-luck")
        next_of(s0, "chat")
        (seat,) = state["to_act"]
        mover = s0 if seat == 0 else s1
        moved = mover.play(mover.wait_version(state["version"])["legal"][0]["action"])
        say(s1, text="hmm")
        while next_of(s1, "chat")["text"] != "hmm":  # its own line, stored (after good-luck)
            pass
    with server.guest().socket(table_id) as w:  # a spectator's line, for the replay below
        w.next_state()
        say(w, text="nice")
        next_of(w, "chat")
    during = first.get(f"/api/tables/{table_id}/replay").json()["chat"]
    assert [m["text"] or m["phrase"] for m in during] == ["good-luck", "hmm"]  # players' only

    server.close()
    again = make_server()
    with first.on(again).socket(table_id) as s0:
        history = next_of(s0, "chat-history")["messages"]
        assert [(m["phrase"], m["text"], m["version"]) for m in history] == [
            ("good-luck", None, state["version"]),
            (None, "hmm", moved),
        ]
        s0.next_state()
        s0.send({"type": "concede", "client_id": s0.new_id()})
        s0.wait(lambda m: m["result"] is not None)
        say(s0, phrase="good-game")  # after the end: still said, at the final version
        after = next_of(s0, "chat")
    replay = second.on(again).get(f"/api/tables/{table_id}/replay").json()
    lines = [(m["channel"], m["text"] or m["phrase"], m["version"]) for m in replay["chat"]]
    assert lines == [
        ("players", "good-luck", state["version"]),
        ("players", "hmm", moved),
        ("spectators", "nice", moved),  # once the game is over the spectators' too
        ("players", "good-game", after["version"]),
    ]
    assert after["version"] == replay["frames"][-1]["version"]


def test_a_message_said_on_one_instance_reaches_a_player_on_another(
    postgres_url: str,  # noqa: F811 (the fixture; first, so the servers stop before it goes)
    redis: Any,  # noqa: F811 (the fixture)
    make_server: ServerFactory,
) -> None:
    a, b = pair(make_server, postgres_url, redis, sync=600)
    first, second, table_id = duel(a)
    for server in (a, b):
        assert server.hub.cluster is not None
        wait_for(server.hub.cluster.fanout.connected.is_set)
    with first.socket(table_id) as s0, second.on(b).socket(table_id) as s1:
        s0.next_state()
        s1.next_state()
        say(s0, text="from a")
        assert next_of(s1, "chat")["text"] == "from a"
        assert next_of(s0, "chat")["text"] == "from a"  # its own copy, from its own instance
        say(s1, phrase="thanks")
        assert next_of(s0, "chat")["phrase"] == "thanks"


# ---------------------------------------------------------------------- the migration


def check_migration(url: str) -> None:
    engine = make_engine(url)
    config = Config()
    config.set_main_option("script_location", str(Path(server_db.__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0005")
        assert "chat_messages" not in inspect(connection).get_table_names()
    server_db.migrate(engine)
    with engine.begin() as connection:
        assert "chat_messages" in inspect(connection).get_table_names()
        # What the migration built is what the model describes.
        differences = compare_metadata(
            MigrationContext.configure(connection), server_db.Base.metadata
        )
        assert [d for d in differences if "chat_messages" in repr(d)] == []
        config.attributes["connection"] = connection
        command.downgrade(config, "0005")
        assert "chat_messages" not in inspect(connection).get_table_names()
        command.upgrade(config, "head")
        assert "chat_messages" in inspect(connection).get_table_names()
    engine.dispose()


def test_the_chat_migration_on_sqlite(tmp_path: Path) -> None:
    check_migration(f"sqlite:///{tmp_path / 'chat.sqlite3'}")


def test_the_chat_migration_on_postgresql(postgres_url: str) -> None:  # noqa: F811
    check_migration(postgres_url)


def test_a_crowd_of_watchers_cannot_flood_a_table_whatever_accounts_it_makes(
    server: Server,
) -> None:
    _, _, table_id = duel(server)
    crowd = [server.guest() for _ in range(chat.Limiter()._table_rates["spectators"].amount + 1)]
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(b.socket(table_id)) for b in crowd]
        *allowed, last = sockets
        for n, sock in enumerate(allowed):  # one line each: every one within its own limit
            sock.next_state()
            say(sock, text=f"line {n}")
            while next_of(sock, "chat")["text"] != f"line {n}":  # others' lines come first
                pass
        last.next_state()
        refused = last.answer(say(last, text="one too many"))
        assert refused["code"] == "chat-too-fast"
        assert "spectators chat" in refused["message"]
    assert len(stored(server, table_id)) == len(crowd) - 1


def test_a_line_said_to_many_is_serialised_once(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second, table_id = duel(server)
    watchers = [server.guest() for _ in range(5)]
    made: list[dict[str, Any]] = []
    real = chat.dumps

    def counted(message: dict[str, Any]) -> str:
        made.append(message)
        return real(message)

    monkeypatch.setattr(chat, "dumps", counted)
    with contextlib.ExitStack() as stack:
        s0 = stack.enter_context(first.socket(table_id))
        readers = [stack.enter_context(w.socket(table_id)) for w in (second, *watchers)]
        # A socket is sent the table's lines once it has joined, which its first state
        # shows: a line said before a slow connection joins would never reach it.
        for sock in (s0, *readers):
            sock.next_state()
        say(s0, text="hello everyone")
        for reader in readers:
            assert next_of(reader, "chat")["text"] == "hello everyone"
    assert [m["text"] for m in made] == ["hello everyone"]
