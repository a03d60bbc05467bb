"""Guests' names (issue 33): stored once as ``guest-<number>``, read in each reader's words.

A guest on a Persian page is «مهمان ۵۶», on an English one "Guest 56" — never the Latin
``guest-d56dec`` inside Persian text. What the server writes (seats, the log, the lobby, a
replay) names the guest in the reader's language, isolated like every person's name; the
chat and the session carry the stored name, which the page words the same way (i18n.js
personName, checked in tests/web/test_guest_names_e2e.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import text

from rumizi.core.i18n import number
from rumizi.server import db as server_db
from rumizi.server.auth import check_username, guest_name, shown_name, username_key
from rumizi.server.db import make_engine
from tests.server.kit import Server
from tests.server.test_chat import next_of, say
from tests.server.test_postgres import postgres_url  # noqa: F401 (a fixture)

FSI, PDI = "\u2068", "\u2069"


def test_shown_name_words_a_guest_per_reader_and_leaves_people_alone() -> None:
    assert shown_name(guest_name(56), "fa") == "مهمان ۵۶"
    assert shown_name(guest_name(56), "en") == "Guest 56"
    assert shown_name("mina", "fa") == "mina" and shown_name("مینا", "en") == "مینا"
    assert shown_name("guest-5x", "fa") == "guest-5x"  # only the stored form is a guest's
    assert check_username("guest-56") is not None  # nobody can sign up as a guest


def test_a_guest_is_stored_by_its_number_and_named_in_each_readers_words(server: Server) -> None:
    guest = server.guest("fa")
    assert guest.user is not None
    n = guest.user_id
    assert guest.user["name"] == f"guest-{n}"  # stored once, in no language
    assert server.store.password_hash(f"guest-{n}") is None  # a guest has no password
    made = guest.create_table(
        seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}], listed=False
    )
    fa_name = f"{FSI}مهمان {number(n, 'fa')}{PDI}"
    en_name = f"{FSI}Guest {n}{PDI}"
    readers = {"fa": server.browser("fa"), "en": server.browser("en")}
    wanted = {"fa": fa_name, "en": en_name}
    for lang, reader in readers.items():
        seats = reader.get(f"/api/tables/{made['id']}").json()["seats"]
        assert seats[0]["name"] == wanted[lang], seats
    # The log, as a watcher reads it: the guest's moves under the guest's name.
    with guest.socket(made["id"]) as sock:
        state = sock.next_state()
        while state["result"] is None and (state["to_act"] != [0] or not state["legal"]):
            state = sock.wait_version(state["version"] + 1)
        sock.play(state["legal"][0]["action"])
        say(sock, text="سلام")
        line = next_of(sock, "chat")
        assert line["name"] == f"guest-{n}"  # the page words it (personName)
    for lang, reader in readers.items():
        with reader.socket(made["id"]) as watching:
            log = "\n".join(watching.next_state()["log"])
        assert wanted[lang] in log, log
        assert "guest-" not in log
        replay = reader.get(f"/api/tables/{made['id']}/replay").json()
        assert replay["seats"][0]["name"] == wanted[lang]
        assert all("guest-" not in line for frame in replay["frames"] for line in frame["log"])
        assert replay["chat"][0]["name"] == f"guest-{n}"


def test_the_lobby_names_a_guest_in_the_readers_words(server: Server) -> None:
    guest = server.guest()
    guest.create_table(seats=[{"kind": "human"}, {"kind": "human"}], listed=True)
    for lang, word in (("fa", "مهمان"), ("en", "Guest")):
        lobby = server.browser(lang).get("/api/lobby").json()
        (corner,) = [g for g in lobby["games"] if g["game"] == "star-realms"]
        (table,) = corner["open"]
        name = table["seats"][0]["name"]
        assert name == f"{FSI}{word} {number(guest.user_id, lang)}{PDI}", name


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_migration_names_old_guests_by_their_number(
    backend: str, db_url: str, request: pytest.FixtureRequest
) -> None:
    url = db_url if backend == "sqlite" else request.getfixturevalue("postgres_url")
    engine = make_engine(url)
    config = Config()
    config.set_main_option("script_location", str(Path(server_db.__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0008")
        # The third guest's old hex name is all digits, the first's new name: "guest-1".
        for name, guest in (("guest-d56dec", True), ("mina", False), ("guest-1", True)):
            connection.execute(
                text(
                    "INSERT INTO users (name, name_key, password_hash, guest, created) "
                    "VALUES (:n, :k, NULL, :g, '2026-01-01')"
                ),
                {"n": name, "k": username_key(name), "g": guest},
            )
        connection.execute(
            text(
                "INSERT INTO game_tables (id, game, options, players, seed, status, version, "
                "rated, invite, clock, created) VALUES ('t1', 'star-realms', '{}', 2, 1, "
                "'over', 0, false, 'x', '{}', '2026-01-01')"
            )
        )
        connection.execute(
            text(
                "INSERT INTO chat_messages (table_id, version, channel, seat, user_id, name, "
                "text, client_id, at) VALUES ('t1', 0, 'players', 0, 1, 'guest-d56dec', 'hi', "
                "'c1', '2026-01-01')"
            )
        )
    server_db.migrate(engine)
    with engine.begin() as connection:
        users = connection.execute(text("SELECT id, name, name_key FROM users ORDER BY id")).all()
        assert [(i, name) for i, name, _ in users] == [(1, "guest-1"), (2, "mina"), (3, "guest-3")]
        assert all(key == username_key(name) for _, name, key in users)
        chat = connection.execute(text("SELECT name FROM chat_messages")).scalar_one()
        assert chat == "guest-1"
    engine.dispose()
