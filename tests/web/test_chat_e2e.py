"""The chat at the table in Chromium: two players, one on a Persian page and one on an English
one. A message that looks like HTML reaches the opponent as text; a quick phrase reads in the
reader's language; a mute hides the opponent's lines (and is remembered); on a phone the chat
folds into a button with the unread count; the replay shows what was said."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Server, new_context, screenshot
from tests.web.kit import DESKTOP, PHONE, no_sideways_scroll

WAIT = 20_000  # ms: the machine running the tests may be busy (expect's default is 5 s)
TRAP = '<img src=x onerror="window.__chatXss=1">سلام <b>bold</b>'


def chat_lines(page: Page) -> list[str]:
    return page.locator("[data-testid=chat-list] [data-testid=chat-text]").all_inner_texts()


def wait_connected(page: Page) -> None:
    expect(page.get_by_test_id("seats").locator("[data-testid=seat]")).to_have_count(
        2, timeout=WAIT
    )
    expect(page.get_by_test_id("chat-input")).to_be_visible(timeout=WAIT)


def test_two_players_chat_escaped_in_both_languages_with_a_mute(
    browser: Browser, server: Server
) -> None:
    host_context, guest_context = new_context(browser, "fa"), new_context(browser, "en")
    try:
        # The page's language is the cookie's (the browser's locale is not asked).
        guest_context.add_cookies([{"name": "rumizi_lang", "value": "en", "url": server.url}])
        host, guest = host_context.new_page(), guest_context.new_page()
        host.set_viewport_size(DESKTOP)
        guest.set_viewport_size(DESKTOP)
        host.goto(f"{server.url}/new/star-realms")
        host.get_by_test_id("seat-kind").nth(1).select_option("human")
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
            wait_connected(page)

        # Words that look like markup arrive as the very same words, and run nothing.
        host.get_by_test_id("chat-input").fill(TRAP)
        host.get_by_test_id("chat-send").click()
        expect(guest.locator("[data-testid=chat-list] [data-testid=chat-text]")).to_have_text(
            [TRAP], timeout=WAIT
        )
        assert guest.locator("[data-testid=chat-list] img, [data-testid=chat-list] b").count() == 0
        assert guest.evaluate("window.__chatXss") is None
        assert guest.locator("[data-testid=chat-text]").first.get_attribute("dir") == "auto"
        expect(host.get_by_test_id("chat-input")).to_have_value("", timeout=WAIT)

        # A quick phrase from the English page reads in Persian on the Persian one.
        guest.locator("[data-testid=chat-phrase][data-phrase=good-game]").click()
        expect(host.locator("[data-testid=chat-text]").last).to_have_text(
            "بازی خوبی بود!", timeout=WAIT
        )
        expect(guest.locator("[data-testid=chat-text]").last).to_have_text(
            "Good game!", timeout=WAIT
        )
        # The time is in Persian digits on the Persian page.
        assert re.fullmatch(r"[۰-۹]{2}:[۰-۹]{2}", host.locator(".chat-time").last.inner_text())
        screenshot(host, "chat-fa-desktop")
        screenshot(guest, "chat-en-desktop")

        # The host mutes the guest: the guest's lines become notes, and stay so after a reload.
        host.locator("[data-testid=chat-line][data-from=seat-1] [data-testid=chat-mute]").click()
        expect(host.get_by_test_id("chat-muted")).to_have_count(1, timeout=WAIT)
        guest.locator("[data-testid=chat-phrase][data-phrase=thanks]").click()
        expect(guest.locator("[data-testid=chat-text]").last).to_have_text("Thanks!", timeout=WAIT)
        expect(host.get_by_test_id("chat-muted")).to_have_count(2, timeout=WAIT)
        assert chat_lines(host) == [TRAP]

        # On a phone the chat is a button; a muted line adds nothing to the unread count.
        host.set_viewport_size(PHONE)
        host.reload()
        expect(host.get_by_test_id("chat-toggle")).to_be_visible(timeout=WAIT)
        expect(host.get_by_test_id("chat-input")).to_be_hidden(timeout=WAIT)
        host.get_by_test_id("chat-toggle").click()
        expect(host.get_by_test_id("chat-muted")).to_have_count(2, timeout=WAIT)
        host.get_by_test_id("chat-unmute").first.click()
        expect(host.get_by_test_id("chat-muted")).to_have_count(0, timeout=WAIT)
        host.get_by_test_id("chat-toggle").click()
        guest.get_by_test_id("chat-input").fill("see you at the next table")
        guest.get_by_test_id("chat-send").click()
        expect(host.get_by_test_id("chat-unread")).to_have_text("۱", timeout=WAIT)
        no_sideways_scroll(host, 400, "the page on a phone")
        screenshot(host, "chat-fa-phone-closed")
        host.get_by_test_id("chat-toggle").click()
        expect(host.get_by_test_id("chat-unread")).to_be_hidden(timeout=WAIT)
        expect(host.locator("[data-testid=chat-text]").last).to_have_text(
            "see you at the next table", timeout=WAIT
        )
        screenshot(host, "chat-fa-phone")
        guest.set_viewport_size(PHONE)  # opened on a desktop, the chat stays open
        expect(guest.locator("[data-testid=chat-text]")).to_have_count(4, timeout=WAIT)
        screenshot(guest, "chat-en-phone")

        # The replay shows the chat (a game under way: the players' side of it).
        guest.goto(f"{server.url}/replay/{table_id}")
        lines = guest.locator("[data-testid=replay-chat] [data-testid=chat-text]")
        expect(lines).to_have_text(
            [TRAP, "Good game!", "Thanks!", "see you at the next table"], timeout=WAIT
        )
        screenshot(guest, "chat-en-replay-phone")
    finally:
        host_context.close()
        guest_context.close()
