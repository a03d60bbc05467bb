"""Guests' names in Chromium (issue 33): «مهمان ۵۶» on a Persian page, "Guest 56" on an
English one, never ``guest-…`` in Latin letters — in the header, the table's seats and the
chat (the page words a stored name with i18n.js personName, by the rule the server's
``shown_name`` follows for the seats and the log)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from rumizi.core.i18n import number
from rumizi.server.auth import guest_name, shown_name
from tests.web.conftest import Server, new_context, screenshot
from tests.web.kit import DESKTOP, PHONE

WAIT = 20_000


def user_id(page: Page) -> int:
    found: int = page.evaluate("fetch('/api/me').then((r) => r.json()).then((me) => me.user.id)")
    return found


def test_a_guest_is_named_in_each_readers_words(browser: Browser, server: Server) -> None:
    fa_context, en_context = new_context(browser, "fa"), new_context(browser, "en")
    try:
        en_context.add_cookies([{"name": "rumizi_lang", "value": "en", "url": server.url}])
        host, guest = fa_context.new_page(), en_context.new_page()
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
        host.get_by_test_id("go-table").click()
        guest.goto(link)
        for page in (host, guest):
            expect(page.get_by_test_id("seats").locator("[data-testid=seat]")).to_have_count(
                2, timeout=WAIT
            )
        first, second = user_id(host), user_id(guest)
        fa_first, fa_second = (f"مهمان {number(n, 'fa')}" for n in (first, second))
        en_first, en_second = f"Guest {first}", f"Guest {second}"

        # The header: the reader's own name, in their words (the name says "guest" already).
        expect(host.get_by_test_id("user-name")).to_have_text(fa_first, timeout=WAIT)
        expect(guest.get_by_test_id("user-name")).to_have_text(en_second, timeout=WAIT)
        # The seats, as the server names them for each reader.
        expect(host.get_by_test_id("seats")).to_contain_text(fa_second, timeout=WAIT)
        expect(guest.get_by_test_id("seats")).to_contain_text(en_first, timeout=WAIT)

        # The chat: the stored name, worded by the page.
        host.get_by_test_id("chat-input").fill("سلام")
        host.get_by_test_id("chat-send").click()
        guest.get_by_test_id("chat-input").fill("hello")
        guest.get_by_test_id("chat-send").click()
        names = "[data-testid=chat-list] .chat-name"
        expect(host.locator(names)).to_have_text([fa_first, fa_second], timeout=WAIT)
        expect(guest.locator(names)).to_have_text([en_first, en_second], timeout=WAIT)
        mute = host.locator("[data-testid=chat-line][data-from=seat-1] [data-testid=chat-mute]")
        assert fa_second in (mute.get_attribute("aria-label") or "")

        for page in (host, guest):
            text = page.locator("body").inner_text()
            assert not re.search(r"guest-\w", text), text
        persian = host.locator("body").inner_text()
        assert not re.search(r"\b(?:Guest|guest)\b", persian)
        screenshot(host, "guest-names-fa-desktop")
        screenshot(guest, "guest-names-en-desktop")
        host.set_viewport_size(PHONE)
        guest.set_viewport_size(PHONE)
        expect(host.get_by_test_id("user-name")).to_have_text(fa_first, timeout=WAIT)
        screenshot(host, "guest-names-fa-phone")
        screenshot(guest, "guest-names-en-phone")
    finally:
        fa_context.close()
        en_context.close()


def test_the_page_and_the_server_word_a_guest_alike(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/")
    stored = [guest_name(n) for n in (1, 56, 1207)] + ["mina", "guest-x1", "مینا"]
    for lang in ("fa", "en"):
        shown = page.evaluate(
            """async ([names, lang]) => {
              const { personName } = await import("/static/i18n.js");
              return names.map((n) => personName(n, lang));
            }""",
            [stored, lang],
        )
        assert shown == [shown_name(n, lang) for n in stored]
