"""Ratings people can read, in Chromium (issue 33): after one rated game the end screen says
each player's rating before and after on the chess scale, marked "?" while provisional
(«ریتینگ شما: ۱۵۰۰؟ ← ۱۴۲۲؟ (−۷۸)» on a Persian page), the player's games list the change,
and the leaderboard shows the same ratings."""

from __future__ import annotations

import re
import secrets

import httpx
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.conftest import Server, new_context, screenshot
from tests.web.kit import DESKTOP, PHONE

WAIT = 20_000
PASSWORD = "a long secret 42"
PLAIN = str.maketrans("۰۱۲۳۴۵۶۷۸۹−؟", "0123456789-?", "\u2066\u2067\u2068\u2069\u200e\u200f")


def person(browser: Browser, server: Server, lang: str, name: str) -> tuple[BrowserContext, Page]:
    context = new_context(browser, lang)
    context.add_cookies([{"name": "rumizi_lang", "value": lang, "url": server.url}])
    page = context.new_page()
    page.set_viewport_size(DESKTOP)
    page.goto(server.url + "/signup")
    page.get_by_test_id("username").fill(name)
    page.get_by_test_id("password").fill(PASSWORD)
    page.get_by_test_id("signup-submit").click()
    page.wait_for_url(re.compile(r"/me$"))
    return context, page


def test_a_rated_game_shows_each_rating_change_in_both_languages(
    browser: Browser, server: Server
) -> None:
    tag = secrets.token_hex(2)
    loser_name, winner_name = f"mina{tag}", f"omid{tag}"
    fa_context, host = person(browser, server, "fa", loser_name)
    en_context, guest = person(browser, server, "en", winner_name)
    try:
        host.goto(f"{server.url}/new/star-realms")
        host.get_by_test_id("seat-kind").nth(1).select_option("human")
        host.get_by_test_id("rated").check()
        host.get_by_test_id("create-table").click()
        invite = host.get_by_test_id("invite-link")
        expect(invite).to_be_visible(timeout=WAIT)
        link = (
            invite.input_value()
            if invite.evaluate("e => e.tagName") == "INPUT"
            else invite.inner_text()
        ).strip()
        table_id = re.search(r"/t/([\w-]+)", link).group(1)  # type: ignore[union-attr]
        host.get_by_test_id("go-table").click()
        guest.goto(link)
        for page in (host, guest):
            expect(page.get_by_test_id("seats").locator("[data-testid=seat]")).to_have_count(
                2, timeout=WAIT
            )
        host.get_by_test_id("concede").click()
        host.get_by_test_id("concede-yes").click()
        # The concession travels by socket: the API tells the result once the end screen shows it.
        mine = host.locator("[data-testid=rating-change][data-seat='0']")
        expect(mine).to_have_text(re.compile("ریتینگ شما"), timeout=WAIT)

        answer = httpx.get(f"{server.url}/api/tables/{table_id}").json()
        changes = {c["seat"]: c for c in answer["ratings"]}
        gain = changes[1]["change"]
        assert changes[0]["change"] == -gain and 60 < gain < 100
        lost, won = 1500 - gain, 1500 + gain

        # The end screen, in each reader's words: their own line first-person and bold.
        assert mine.inner_text().translate(PLAIN) == f"ریتینگ شما: 1500? ← {lost}? (-{gain})"
        assert not re.search(r"[0-9]", mine.inner_text()), "Persian digits"
        other = host.locator("[data-testid=rating-change][data-seat='1']")
        assert other.inner_text().startswith(f"\u2068{winner_name}\u2069: ۱۵۰۰؟ ← ")  # isolated
        theirs = guest.locator("[data-testid=rating-change][data-seat='1']")
        expect(theirs).to_have_text(f"Your rating: 1500? → {won}? (+{gain})", timeout=WAIT)
        line = guest.locator("[data-testid=rating-change][data-seat='0']").inner_text()
        assert line == f"\u2068{loser_name}\u2069: 1500? → {lost}? (\u2212{gain})"
        screenshot(host, "rating-end-fa-desktop")
        screenshot(guest, "rating-end-en-desktop")
        for page in (host, guest):
            page.set_viewport_size(PHONE)
        expect(mine).to_be_visible()
        screenshot(host, "rating-end-fa-phone")
        screenshot(guest, "rating-end-en-phone")

        # The player's games: the rating after the game and the change.
        guest.goto(f"{server.url}/me")
        cell = guest.locator(
            f"[data-testid=my-game][data-table='{table_id}'] [data-testid=my-rating]"
        )
        expect(cell).to_have_text(f"{won}? (+{gain})", timeout=WAIT)
        screenshot(guest, "rating-me-en-phone")
        host.set_viewport_size(DESKTOP)
        host.goto(f"{server.url}/me")
        cell = host.locator(
            f"[data-testid=my-game][data-table='{table_id}'] [data-testid=my-rating]"
        )
        expect(cell).to_be_visible(timeout=WAIT)
        assert cell.inner_text().translate(PLAIN) == f"{lost}? (-{gain})"
        screenshot(host, "rating-me-fa-desktop")

        # The leaderboard: the same numbers, provisional, with what the "?" means.
        host.goto(f"{server.url}/leaderboard/star-realms")
        rows = host.get_by_test_id("leaderboard-row")
        expect(rows.first).to_be_visible(timeout=WAIT)
        shown = {
            rows.nth(i).locator("bdi").inner_text(): rows.nth(i)
            .get_by_test_id("rating")
            .inner_text()
            .translate(PLAIN)
            for i in range(rows.count())
        }
        assert shown[winner_name] == f"{won}?" and shown[loser_name] == f"{lost}?"
        about = host.get_by_test_id("leaderboard-about").inner_text()
        assert "۱۵۰۰" in about and "۸" in about and "؟" in about
        screenshot(host, "rating-leaderboard-fa-desktop")
        guest.goto(f"{server.url}/leaderboard/star-realms")
        expect(guest.get_by_test_id("leaderboard-about")).to_contain_text("fewer than 8")
        screenshot(guest, "rating-leaderboard-en-phone")
        # A name on the leaderboard opens the player's profile, with the same rating.
        guest.get_by_test_id("leaderboard-name").filter(has_text=winner_name).click()
        expect(guest.get_by_test_id("profile-name")).to_have_text(winner_name)
        expect(guest.get_by_test_id("profile-rating")).to_have_text(f"{won}?")
        expect(guest.get_by_test_id("profile-recent")).to_have_attribute("data-outcome", "won")
        screenshot(guest, "profile-rated-en-phone")
    finally:
        fa_context.close()
        en_context.close()
