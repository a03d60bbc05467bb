"""Challenges and blocks in headless Chromium: one player challenges another from the other's
profile (game, options, clock, rated), waits in the lobby, the other sees the challenge come
on the home page and accepts, and both land at the same table — in Persian on a desktop and in
English on a phone; a player blocked from a profile (asked once more first) is shown so to
the blocker alone, with no Challenge button."""

from __future__ import annotations

import re
import secrets

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.conftest import Server, new_context, screenshot
from tests.web.kit import BOARDS, no_sideways_scroll, violations, watch_errors
from tests.web.test_ratings_e2e import PASSWORD

WAIT = 20_000  # ms: a page that loads the catalogue, a game's options, a table's renderer


def person(browser: Browser, server: Server, lang: str, phone: bool, name: str) -> Page:
    """A signed-up player's window, in ``lang``, a phone's or a desktop's."""
    context = new_context(browser, lang, phone=phone)
    context.add_cookies([{"name": "rumizi_lang", "value": lang, "url": server.url}])
    page = context.new_page()
    page.goto(server.url + "/signup")
    page.get_by_test_id("username").fill(name)
    page.get_by_test_id("password").fill(PASSWORD)
    page.get_by_test_id("signup-submit").click()
    page.wait_for_url(re.compile(r"/me$"))
    return page


def context_of(page: Page) -> BrowserContext:
    return page.context


def tidy(page: Page, shot: str, phone: bool) -> None:
    """The screen as people see it, checked: a screenshot, nothing sideways, WCAG 2.2 AA."""
    if phone:
        no_sideways_scroll(page, 390, shot)
    screenshot(page, shot)
    found = violations(page)
    assert not found, (shot, found)


def test_a_challenge_from_a_profile_accepted_on_the_home_page_seats_both(
    browser: Browser, server: Server
) -> None:
    for lang, phone in (("fa", False), ("en", True)):
        size = "phone" if phone else "desktop"
        tag = secrets.token_hex(2)
        host = person(browser, server, lang, phone, f"ali{tag}")
        guest = person(browser, server, lang, phone, f"bita{tag}")
        errors = watch_errors(host) + watch_errors(guest)
        try:
            guest.goto(f"{server.url}/")
            expect(guest.get_by_test_id("lobby-online")).to_be_visible(timeout=WAIT)
            expect(guest.get_by_test_id("challenges")).to_be_hidden()

            host.goto(f"{server.url}/u/bita{tag}")
            host.get_by_test_id("challenge").click()
            dialog = host.get_by_test_id("challenge-dialog")
            expect(dialog).to_be_visible(timeout=WAIT)
            dialog.get_by_test_id("challenge-game").select_option("star-realms")
            expect(dialog.get_by_test_id("option-format")).to_have_value("duel", timeout=WAIT)
            # Only the formats two can play are offered: a challenge is between two.
            formats = dialog.get_by_test_id("option-format").locator("option")
            assert formats.evaluate_all("os => os.map(o => o.value)") == ["duel"]
            dialog.get_by_test_id("challenge-clock-realtime").check()
            dialog.get_by_test_id("challenge-minutes").fill("7" if lang == "en" else "۷")
            dialog.get_by_test_id("challenge-rated").check()
            tidy(host, f"challenge-{lang}-{size}-dialog", phone)
            dialog.get_by_test_id("challenge-send").click()

            # The challenger waits in the lobby; the challenged sees it come, live.
            host.wait_for_url(f"{server.url}/")
            waiting = host.get_by_test_id("challenge-waiting")
            expect(waiting).to_be_visible(timeout=WAIT)
            expect(waiting).to_contain_text(f"bita{tag}")
            incoming = guest.get_by_test_id("challenge-incoming")
            expect(incoming).to_be_visible(timeout=WAIT)
            expect(incoming).to_contain_text(f"ali{tag}")
            expect(incoming).to_contain_text("رتبه\u200cای" if lang == "fa" else "rated")
            expect(incoming).to_contain_text("۷ دقیقه" if lang == "fa" else "7 min")
            tidy(host, f"challenge-{lang}-{size}-waiting", phone)
            tidy(guest, f"challenge-{lang}-{size}-incoming", phone)

            incoming.get_by_test_id("challenge-accept").click()
            guest.wait_for_url(re.compile(r"/t/[\w-]+$"), timeout=WAIT)
            host.wait_for_url(re.compile(r"/t/[\w-]+$"), timeout=WAIT)  # sent there too
            assert host.url == guest.url
            for page in (host, guest):
                page.get_by_test_id(BOARDS["star-realms"]).wait_for(timeout=WAIT)
            table = host.url.rsplit("/t/", 1)[1]
            info = host.request.get(f"{server.url}/api/tables/{table}").json()
            names = [s["name"].strip("\u2068\u2069") for s in info["seats"]]
            assert names == [f"ali{tag}", f"bita{tag}"]  # (isolated, as names are shown)
            assert info["rated"] is True and info["clock"]["initial"] == 7 * 60
            assert info["you"] == 0
            screenshot(guest, f"challenge-{lang}-{size}-table")
            assert not errors, errors
        finally:
            context_of(host).close()
            context_of(guest).close()


def test_a_player_blocked_from_the_profile_is_shown_so_to_the_blocker_alone(
    browser: Browser, server: Server
) -> None:
    tag = secrets.token_hex(2)
    blocker = person(browser, server, "fa", False, f"sara{tag}")
    other = person(browser, server, "en", True, f"omid{tag}")
    errors = watch_errors(blocker) + watch_errors(other)
    try:
        blocker.goto(f"{server.url}/u/omid{tag}")
        block = blocker.get_by_test_id("block")
        expect(block).to_have_text("مسدود کردن", timeout=WAIT)
        expect(blocker.get_by_test_id("blocked")).to_be_hidden()
        block.click()
        expect(blocker.get_by_test_id("block-confirm-dialog")).to_be_visible()
        blocker.get_by_test_id("block-confirm-no").click()  # asked once more: not blocked
        expect(block).to_have_text("مسدود کردن")
        block.click()
        blocker.get_by_test_id("block-confirm-yes").click()
        expect(block).to_have_text("رفع مسدودیت")
        expect(blocker.get_by_test_id("blocked")).to_be_visible()
        expect(blocker.get_by_test_id("challenge")).to_be_hidden()
        blocker.reload()  # the state is the blocker's own list's, kept
        expect(blocker.get_by_test_id("blocked")).to_be_visible(timeout=WAIT)
        tidy(blocker, "block-fa-desktop-profile", False)

        # The blocked player's view of the blocker's profile says nothing of it.
        other.goto(f"{server.url}/u/sara{tag}")
        expect(other.get_by_test_id("challenge")).to_be_visible(timeout=WAIT)
        expect(other.get_by_test_id("blocked")).to_be_hidden()
        expect(other.get_by_test_id("block")).to_have_text("Block")
        tidy(other, "block-en-phone-blocked-one", True)

        blocker.get_by_test_id("block").click()  # unblocking is not asked twice
        expect(blocker.get_by_test_id("block")).to_have_text("مسدود کردن")
        expect(blocker.get_by_test_id("challenge")).to_be_visible()
        assert not errors, errors
    finally:
        blocker.context.close()
        other.context.close()
