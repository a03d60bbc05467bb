"""The page at the server's edges (issue 16): errors said once and in the page's language, a
not-found screen for any unknown address, the leaderboard's fields, and no script the
Content-Security-Policy has to block. Screenshots in both languages, on a desktop and a phone.
"""

from __future__ import annotations

import re
import sqlite3

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page

from rumizi.server.auth import username_key
from rumizi.server.ratings import display, provisional
from tests.web.conftest import Server, new_context, screenshot

LANGS = ("fa", "en")


def context_in(browser: Browser, server: Server, lang: str, phone: bool = False) -> BrowserContext:
    made = new_context(browser, lang=lang, phone=phone)
    made.add_cookies([{"name": "rumizi_lang", "value": lang, "url": server.url}])
    return made


def persian_only(text: str) -> None:
    assert re.search(r"[\u0600-\u06ff]", text), text
    assert not re.search(r"[A-Za-z]{3,}", text.replace("guest", "")), f"English in: {text}"
    assert not re.search("[يك]", text) and not re.search("[0-9]", text), text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("phone", [False, True])
def test_an_unknown_address_shows_the_page_s_not_found_screen(
    browser: Browser, server: Server, lang: str, phone: bool
) -> None:
    context = context_in(browser, server, lang, phone)
    page = context.new_page()
    for path in ("/gmaes", "/games", "/leaderboard/no-such-game", "/t/no-such-table"):
        page.goto(server.url + path)
        found = page.get_by_test_id("not-found")
        found.wait_for()
        text = found.inner_text()
        if lang == "fa":
            persian_only(text)
        else:
            assert "not found" in text.lower()
        assert page.get_by_test_id("toast").count() == 0  # said once, on the page
    screenshot(page, f"not-found-{lang}-{'phone' if phone else 'desktop'}")
    context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_sign_up_is_said_once_in_the_page_s_language(
    browser: Browser, server: Server, lang: str
) -> None:
    context = context_in(browser, server, lang)
    page = context.new_page()
    page.goto(server.url + "/signup")
    page.get_by_test_id("username").fill("\u200c\u200c\u200c")
    page.get_by_test_id("password").fill("a long secret 42")
    page.get_by_test_id("signup-submit").click()
    error = page.get_by_test_id("auth-error")
    error.wait_for()
    text = error.inner_text()
    if lang == "fa":
        persian_only(text)
    else:
        assert "3 to 24 characters" in text
    assert page.get_by_test_id("toast").count() == 0
    screenshot(page, f"signup-error-{lang}-desktop")
    context.close()


def test_failed_sign_ins_do_not_pile_up(page: Page, server: Server) -> None:
    page.goto(server.url + "/login")
    for _ in range(7):
        page.get_by_test_id("username").fill("nobody-here")
        page.get_by_test_id("password").fill("wrong password")
        page.get_by_test_id("login-submit").click()
        page.wait_for_function("!document.querySelector('[data-testid=login-submit]').disabled")
    error = page.get_by_test_id("auth-error")
    assert error.is_visible()
    persian_only(error.inner_text())
    assert page.get_by_test_id("toast").count() == 0
    assert page.locator("[data-testid=auth-error]").count() == 1
    screenshot(page, "login-error-fa-desktop")


def test_the_same_toast_shows_once(page: Page, server: Server) -> None:
    page.goto(server.url + "/")
    page.get_by_test_id("lang-switch").wait_for()
    page.evaluate(
        """async () => {
            const { toast } = await import('/static/dom.js');
            for (let i = 0; i < 7; i++) toast('یک خطا', 'error');
            toast('خطای دیگر', 'error');
        }"""
    )
    assert page.get_by_test_id("toast").count() == 2


def rate_two_players(server: Server) -> None:
    """Two accounts with ratings, written straight into the server's database."""
    ratings = {"mina": (27.6, 8.07), "علی": (22.4, 8.07)}
    with sqlite3.connect(server.data_dir / "rumizi.sqlite3") as db:
        for name, (mu, sigma) in ratings.items():
            if db.execute("SELECT 1 FROM users WHERE name = ?", (name,)).fetchone():
                continue
            cursor = db.execute(
                "INSERT INTO users (name, name_key, guest, created) VALUES (?, ?, 0, ?)",
                (name, username_key(name), "2026-01-01 00:00:00"),
            )
            db.execute(
                "INSERT INTO ratings (user_id, game, mu, sigma, games) VALUES (?, ?, ?, ?, 1)",
                (cursor.lastrowid, "star-realms", mu, sigma),
            )


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("phone", [False, True])
def test_the_leaderboard_shows_the_api_s_rating_and_its_provisional_mark(
    browser: Browser, server: Server, lang: str, phone: bool
) -> None:
    rate_two_players(server)
    rows = httpx.get(f"{server.url}/api/leaderboard/star-realms").json()
    assert [r["name"] for r in rows] == ["mina", "علی"]
    assert (rows[0]["rating"], rows[0]["provisional"]) == (display(27.6), provisional(1))
    context = context_in(browser, server, lang, phone)
    page = context.new_page()
    page.goto(f"{server.url}/leaderboard/star-realms")
    page.get_by_test_id("leaderboard").wait_for()
    lines = page.get_by_test_id("leaderboard-row")
    assert lines.count() == len(rows)
    # Persian digits and minus as ASCII; direction marks and isolates dropped.
    plain = str.maketrans("۰۱۲۳۴۵۶۷۸۹−", "0123456789-", "\u200e\u200f\u2066\u2067\u2068\u2069")
    for i, row in enumerate(rows):
        line = lines.nth(i)
        rating = line.get_by_test_id("rating").inner_text().translate(plain)
        assert rating == f"{row['rating']}{'؟' if lang == 'fa' else '?'}"  # one game: provisional
        if lang == "fa":
            assert not re.search("[0-9]", line.inner_text()), "Persian digits"
    screenshot(page, f"leaderboard-{lang}-{'phone' if phone else 'desktop'}")
    context.close()


def test_no_page_needs_what_the_policy_blocks(browser: Browser, server: Server) -> None:
    context = new_context(browser, bypass_csp=False)
    page = context.new_page()
    blocked: list[str] = []

    def keep(message: ConsoleMessage) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            blocked.append(message.text)

    page.on("console", keep)
    for path in ("/", "/login", "/leaderboard/star-realms", "/nowhere"):
        page.goto(server.url + path)
        page.wait_for_load_state("networkidle")
    # A game against the bot: the table's socket connects under the policy.
    page.goto(f"{server.url}/games/star-realms")
    page.get_by_test_id("play-now").click()
    page.wait_for_selector(
        "[data-testid=legal-move], [data-testid=result]", timeout=60_000, state="attached"
    )
    page.goto(server.url + "/api/docs")
    page.locator(".opblock").first.wait_for()  # Swagger UI's one inline script ran
    assert blocked == []
    context.close()
