"""Accounts against a hostile review (issue 32): lockouts others cause, look-alike names.

- Thirty wrong passwords from a handful of addresses used to pause an account for everyone,
  its owner included. Now a browser that signed in to the account before (its device cookie)
  meets only its own failures, and so does an address the account signed in from; the owner
  is told what failed from elsewhere.
- ``gɑmer702e`` (Latin alpha), ``mına622f`` (dotless i), ``gaᴍer702e`` (small capital M) or
  ``علـی`` (a tatweel) used to sign up beside ``gamer702e``, ``mina622f`` and ``علی``: names
  are now compared by their Unicode confusables' skeleton (UTS #39), and old accounts get
  their new keys from a migration that keeps both of two that now collide.
"""

from __future__ import annotations

import sys
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from argon2 import PasswordHasher
from sqlalchemy import inspect, text
from starlette.testclient import TestClient

from rumizi.server import db as server_db
from rumizi.server import skeleton
from rumizi.server.auth import (
    DEVICE_COOKIE,
    USERNAME_MAX,
    LoginLimiter,
    clean_username,
    username_key,
)
from rumizi.server.db import make_engine
from rumizi.server.store import Store
from tests.server.kit import Browser, Server, ServerFactory
from tests.server.test_postgres import postgres_url  # noqa: F401 (a fixture)

PASSWORD = "a long secret 42"
WRONG = "not the password"


def browser_at(server: Server, address: str) -> Browser:
    """A fresh browser whose requests come from ``address``."""
    found = server.browser()
    client = TestClient(server.app, client=(address, 50000))
    client.portal = server.portal
    client.cookies = found.client.cookies
    found.client = client
    return found


def login(browser: Browser, name: str, password: str = PASSWORD) -> httpx.Response:
    return browser.post("/api/auth/login", {"username": name, "password": password})


def lock_out(server: Server, name: str) -> None:
    """What anyone can do: 30 wrong passwords from 8 addresses (none of them the owner's)."""
    for i in range(30):
        response = login(browser_at(server, f"203.0.113.{i % 8}"), name, WRONG)
        assert response.status_code == 401, response.text
    response = login(browser_at(server, "198.51.100.1"), name)  # the right password, elsewhere
    assert response.status_code == 429, response.text


# ---------------------------------------------------------------------- lockouts


def test_a_locked_account_still_takes_its_owners_browser(server: Server) -> None:
    owner = browser_at(server, "192.0.2.10")
    owner.signup("mina", PASSWORD)
    assert owner.client.cookies.get(DEVICE_COOKIE)
    assert owner.post("/api/auth/logout").status_code == 200
    lock_out(server, "mina")
    # From another address, with the cookie it was given at sign-up: signed in.
    travelling = browser_at(server, "198.51.100.77")
    travelling.client.cookies.set(DEVICE_COOKIE, owner.client.cookies[DEVICE_COOKIE])
    response = login(travelling, "mina")
    assert response.status_code == 200, response.text
    assert travelling.get("/api/me").json()["user"]["name"] == "mina"


def test_a_locked_account_still_takes_an_address_it_signed_in_from(server: Server) -> None:
    browser_at(server, "192.0.2.10").signup("mina", PASSWORD)
    assert login(browser_at(server, "192.0.2.20"), "mina").status_code == 200
    lock_out(server, "mina")
    # A new browser (no device cookie) at home: the address has signed in to the account.
    assert login(browser_at(server, "192.0.2.20"), "mina").status_code == 200
    assert login(browser_at(server, "192.0.2.99"), "mina").status_code == 429


def test_a_trusted_browser_has_its_own_small_limit(server: Server) -> None:
    owner = browser_at(server, "192.0.2.10")
    owner.signup("mina", PASSWORD)
    other = browser_at(server, "192.0.2.11")  # the owner's second browser, same home
    assert login(other, "mina").status_code == 200
    for _ in range(5):
        assert login(owner, "mina", WRONG).status_code == 401
    refused = login(owner, "mina")
    assert refused.status_code == 429 and 1 <= int(refused.headers["retry-after"]) <= 60
    # Its failures are its own: the account's other browser, and a stranger, are not paused.
    assert login(other, "mina").status_code == 200
    assert login(browser_at(server, "198.51.100.3"), "mina").status_code == 200


@pytest.mark.parametrize("cookie", ["forged-token-that-was-never-issued", "", "a b", "x" * 500])
def test_only_a_cookie_the_account_issued_gets_past_its_lockout(
    server: Server, cookie: str
) -> None:
    browser_at(server, "192.0.2.10").signup("mina", PASSWORD)
    lock_out(server, "mina")
    stranger = browser_at(server, "198.51.100.9")
    stranger.client.cookies.set(DEVICE_COOKIE, cookie)
    assert login(stranger, "mina").status_code == 429


def test_another_accounts_device_cookie_does_not_open_this_one(server: Server) -> None:
    attacker = browser_at(server, "203.0.113.50")
    attacker.signup("mallory", PASSWORD)  # a trusted browser, for mallory
    browser_at(server, "192.0.2.10").signup("mina", PASSWORD)
    lock_out(server, "mina")
    for _ in range(10):  # its cookie does not make mina's lockout its own small limit
        assert login(attacker, "mina", WRONG).status_code == 429
    assert login(attacker, "mallory").status_code == 200


def test_the_device_cookie_is_httponly_strict_and_stored_hashed(server: Server) -> None:
    owner = browser_at(server, "192.0.2.10")
    response = owner.post("/api/auth/signup", {"username": "mina", "password": PASSWORD})
    headers = [h for h in response.headers.get_list("set-cookie") if h.startswith(DEVICE_COOKIE)]
    assert len(headers) == 1
    flags = headers[0].lower()
    assert "httponly" in flags and "samesite=strict" in flags and "path=/api/auth" in flags
    assert "max-age=31536000" in flags
    token = owner.client.cookies[DEVICE_COOKIE]
    with server.store.engine.connect() as connection:
        stored = connection.execute(text("SELECT token_hash FROM trusted_devices")).scalars()
        assert token not in list(stored)
    # Signing in again from it keeps one token for the account (not a new one each time).
    owner.post("/api/auth/logout")
    assert login(owner, "mina").status_code == 200
    assert owner.client.cookies[DEVICE_COOKIE] == token
    assert server.count("trusted_devices") == 1


def test_one_browser_is_trusted_by_each_account_signed_in_there(server: Server) -> None:
    shared = browser_at(server, "192.0.2.10")
    shared.signup("mina", PASSWORD)
    shared.post("/api/auth/logout")
    shared.signup("kaveh", PASSWORD)
    shared.post("/api/auth/logout")
    for name in ("mina", "kaveh"):
        lock_out(server, name)
        assert login(shared, name).status_code == 200, name
        shared.post("/api/auth/logout")


def test_the_owner_is_told_what_failed_from_elsewhere(server: Server) -> None:
    owner = browser_at(server, "192.0.2.10")
    owner.signup("mina", PASSWORD)
    assert owner.get("/api/auth/failures").json()["failures"] is None
    login(owner, "mina", WRONG)  # the owner's own typo: not an alarm
    lock_out(server, "mina")
    for _ in range(3):
        assert login(browser_at(server, "203.0.113.9"), "mina").status_code == 429
    answer = login(owner, "mina").json()
    failures = answer["failures"]
    assert failures["wrong"] == 30 and failures["refused"] == 4, failures
    assert failures["first"] <= failures["last"]
    assert owner.get("/api/auth/failures").json() == {"failures": failures}
    assert owner.post("/api/auth/failures/seen").json() == {}
    assert owner.get("/api/auth/failures").json()["failures"] is None
    assert login(owner, "mina").json()["failures"] is None
    # Someone else's session cannot read or clear them; a visitor without one neither.
    for _ in range(2):  # (still paused for strangers: refused, and counted)
        assert login(browser_at(server, "203.0.113.1"), "mina", WRONG).status_code == 429
    other = browser_at(server, "192.0.2.30")
    other.signup("kaveh", PASSWORD)
    assert other.get("/api/auth/failures").json()["failures"] is None
    other.post("/api/auth/failures/seen")
    assert owner.get("/api/auth/failures").json()["failures"]["refused"] == 2
    assert server.browser().get("/api/auth/failures").status_code == 401


def test_failures_are_counted_once_each_however_many_arrive_together(server: Server) -> None:
    owner = browser_at(server, "192.0.2.10")
    owner.signup("mina", PASSWORD)
    user_id = owner.user_id
    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(lambda _: server.store.note_failure(user_id, refused=False), range(40)))
    found = server.store.failures(user_id)
    assert found is not None and found.wrong == 40 and found.refused == 0


def test_known_addresses_and_devices_in_the_limiter() -> None:
    limiter = LoginLimiter(pair="3/minute", account="4/minute", device="2/minute")
    limiter.succeeded("10.0.0.1", "mina")
    for i in range(4):
        limiter.fail(f"6.6.6.{i}", "mina")
    assert limiter.retry_after("10.0.0.9", "mina") is not None  # paused for strangers
    assert limiter.retry_after("10.0.0.1", "mina") is None  # its address
    assert limiter.retry_after("10.0.0.9", "mina", device="d") is None  # its browser
    limiter.fail("10.0.0.9", "mina", device="d")
    limiter.fail("10.0.0.9", "mina", device="d")
    assert limiter.retry_after("10.0.0.9", "mina", device="d") is not None
    assert limiter.retry_after("10.0.0.9", "mina", device="e") is None
    # A known address keeps its own pause.
    for _ in range(3):
        limiter.fail("10.0.0.1", "mina")
    assert limiter.retry_after("10.0.0.1", "mina") is not None


# ---------------------------------------------------------------------- look-alike names


def signup(browser: Browser, name: str) -> httpx.Response:
    response: httpx.Response = browser.post(
        "/api/auth/signup", {"username": name, "password": PASSWORD}
    )
    return response


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("gamer702e", "gɑmer702e"),  # U+0251 Latin small alpha
        ("gamer702e", "ɡamer702e"),  # U+0261 Latin small script g
        ("gamer702e", "gaᴍer702e"),  # U+1D0D Latin small capital M
        ("gamer702e", "GAMER7O2E"),  # a capital O for the zero
        ("mina622f", "mına622f"),  # U+0131 dotless i
        ("mina622f", "mɪna622f"),  # U+026A Latin small capital I
        ("علی۱۲", "علـی۱۲"),  # a tatweel
        ("علیرضا", "علـــیرضا"),
        ("mina622f", "ｍｉｎａ622f"),  # full-width letters
    ],
)
def test_a_look_alike_cannot_sign_up_beside_a_name(server: Server, first: str, second: str) -> None:
    made = signup(server.browser(), first)
    assert made.status_code == 200, made.text
    again = signup(server.browser(), second)
    assert again.status_code == 409, (second, again.text)
    assert again.json()["error"]["code"] == "taken"
    assert server.count("users") == 1


def test_a_tatweel_is_not_kept_in_a_name(server: Server) -> None:
    made = signup(server.browser(), "علـــی_ک")
    assert made.json()["user"]["name"] == "علی_ک"
    assert clean_username("ـــ") == ""


def test_every_letters_key_is_a_fixed_point_and_a_names_key_fits_its_column() -> None:
    longest = 0
    for point in range(sys.maxunicode + 1):
        char = chr(point)
        if clean_username(char) != char:
            continue  # (a name is checked in its clean form)
        if not (char.isalpha() or unicodedata.category(char) == "Nd"):
            continue
        key = username_key(char)
        assert username_key(key) == key, f"U+{point:04X}"
        longest = max(longest, len(key))
    assert longest * USERNAME_MAX <= server_db.NAME_KEY_LENGTH, longest


def test_the_shipped_skeleton_data_is_unicodes() -> None:
    found = skeleton.data()
    assert found.version == "17.0.0" and len(found.map) > 6500
    # A few entries of confusables.txt 17.0.0, as Unicode wrote them.
    assert found.map["ɑ"] == "a" and found.map["ɡ"] == "g" and found.map["ı"] == "i"
    assert found.map["m"] == "rn" and found.map["\u06cc"] == "\u0649"
    assert found.map["\u067e"] == "\u0649\u06db"  # پ: dotless beh with three dots
    for char, letter in found.small_capitals.items():
        name = unicodedata.name(char, "")
        assert "SMALL CAPITAL" in name and unicodedata.category(letter) == "Ll", name
    assert found.small_capitals["ᴍ"] == "m" and found.small_capitals["ɪ"] == "i"
    # The generator reads the file's own format, and rebuilds the shipped map's entries.
    sample = "# Version: 17.0.0\n# Date: x\n0251 ;\t0061 ;\tMA\t# ( ɑ → a )\n"
    assert skeleton.parse(sample) == ({"ɑ": "a"}, {"Version": "17.0.0", "Date": "x"})
    with pytest.raises(ValueError, match="confusables"):
        skeleton.parse("not it")


# ---------------------------------------------------------------------- the migration


def old_database(url: str) -> Any:
    """A database at revision 0006 with accounts made under the old keys (and sessions)."""
    engine = make_engine(url)
    config = Config()
    config.set_main_option("script_location", str(Path(server_db.__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0006")
        for name, key in [("gamer702e", "gamer702e"), ("mina", "mina"), ("gɑmer702e", "gɑmer702e")]:
            connection.execute(
                text(
                    "INSERT INTO users (name, name_key, password_hash, guest, created) "
                    "VALUES (:n, :k, :p, false, '2026-01-01')"
                ),
                {"n": name, "k": key, "p": f"hash of {name}"},
            )
        for user_id in (1, 2, 3):
            connection.execute(
                text(
                    "INSERT INTO sessions (token_hash, user_id, created) "
                    "VALUES (:t, :u, '2026-01-01')"
                ),
                {"t": f"{user_id:064d}", "u": user_id},
            )
    return engine, config


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_migration_rekeys_old_accounts_and_keeps_both_of_two_that_now_collide(
    backend: str, db_url: str, request: pytest.FixtureRequest
) -> None:
    url = db_url if backend == "sqlite" else request.getfixturevalue("postgres_url")
    engine, config = old_database(url)
    server_db.migrate(engine)
    with engine.begin() as connection:
        keys = dict(connection.execute(text("SELECT name, name_key FROM users")).all())
        assert keys == {
            "gamer702e": username_key("gamer702e"),
            "mina": username_key("mina"),
            "gɑmer702e": username_key("gamer702e") + "#3",  # the later of the two
        }
        assert connection.execute(text("SELECT COUNT(*) FROM sessions")).scalar_one() == 3
        differences = compare_metadata(
            MigrationContext.configure(connection), server_db.Base.metadata
        )
        mine = [
            d
            for d in differences
            if any(t in repr(d) for t in ("'users'", "trusted_devices", "sign_in_failures"))
        ]
        if backend == "sqlite":  # (its name_key stays VARCHAR(40), which SQLite never enforces)
            mine = [d for d in mine if "name_key" not in repr(d)]
        assert mine == []
        tables = inspect(connection).get_table_names()
        assert {"trusted_devices", "sign_in_failures"} <= set(tables)
    store = Store(engine)
    # Each signs in by its own name; a new look-alike of either is taken.
    for name in ("gamer702e", "gɑmer702e", "mina"):
        found = store.password_hash(name)
        assert found is not None and found[0].name == name and found[1] == f"hash of {name}"
    assert store.signup("ɡamer702e", PASSWORD, None) is None
    assert store.signup("gamer702e", PASSWORD, None) is None
    # Down and up again.
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0006")
        keys = dict(connection.execute(text("SELECT name, name_key FROM users")).all())
        assert keys == {"gamer702e": "gamer702e", "mina": "mina", "gɑmer702e": "gɑmer702e"}
        assert "trusted_devices" not in inspect(connection).get_table_names()
        command.upgrade(config, "head")
    engine.dispose()


def test_a_server_on_an_old_database_serves_its_old_accounts(
    db_url: str, make_server: ServerFactory
) -> None:
    engine, _ = old_database(db_url)
    with engine.begin() as connection:
        connection.execute(
            text("UPDATE users SET password_hash = :p"),
            {"p": PasswordHasher().hash(PASSWORD)},
        )
    engine.dispose()
    server = make_server(db_url)
    for name in ("gamer702e", "gɑmer702e"):
        response = login(server.browser(), name)
        assert response.status_code == 200 and response.json()["user"]["name"] == name
    assert signup(server.browser(), "gaᴍer702e").status_code == 409


def test_the_address_an_account_signed_up_from_is_its_own(server: Server) -> None:
    browser_at(server, "192.0.2.10").signup("mina", PASSWORD)
    lock_out(server, "mina")
    assert login(browser_at(server, "192.0.2.10"), "mina").status_code == 200
