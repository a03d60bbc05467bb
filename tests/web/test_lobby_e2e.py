"""The lobby in headless Chromium: a table made by one person appears live in another's lobby
and is joined in one click; the turn alert (the title's mark) follows the turn of a
day-per-move table; a quick match pairs two people; screenshots in both languages."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Server, new_context, screenshot
from tests.web.kit import DESKTOP, PHONE

MARKED = re.compile(r"^● ")
UNMARKED = re.compile(r"^(?!● )")
WAIT = 20_000  # ms: a table page loads its game, cards and renderer first


def table_id(page: Page) -> str:
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))
    return page.url.rsplit("/t/", 1)[1]


def lobby_shots(page: Page, server: Server, name: str) -> None:
    """The lobby at desktop size in Persian, then English (the language switch), for people."""
    page.set_viewport_size(DESKTOP)
    page.goto(f"{server.url}/")
    expect(page.get_by_test_id("lobby-online")).to_be_visible(timeout=WAIT)
    screenshot(page, f"lobby-fa-{name}")
    text = page.evaluate("document.body.innerText")
    assert "\u200c " not in text and " \u200c" not in text, "a ZWNJ beside a space"
    assert not re.search("[يك]", text), "Arabic yeh/kaf instead of Persian"
    page.get_by_test_id("lang-switch").click()
    expect(page.get_by_test_id("quick-start")).to_have_text("Find an opponent", timeout=WAIT)
    expect(page.get_by_test_id("lobby-online")).to_contain_text("online", timeout=WAIT)
    screenshot(page, f"lobby-en-{name}")


def test_join_from_the_lobby_turn_alerts_and_a_quick_match(
    browser: Browser, server: Server
) -> None:
    host_context, guest_context = new_context(browser), new_context(browser)
    try:
        host, guest = host_context.new_page(), guest_context.new_page()
        guest.goto(f"{server.url}/")
        expect(guest.get_by_test_id("lobby-online")).to_be_visible(timeout=WAIT)
        # The host makes a day-per-move table for two people; it is in the lobby by default.
        host.goto(f"{server.url}/new/star-realms")
        host.get_by_test_id("seat-kind").nth(1).select_option("human")
        host.get_by_test_id("clock-turn").check()
        expect(host.get_by_test_id("listed")).to_be_checked(timeout=WAIT)
        host.get_by_test_id("create-table").click()
        host.get_by_test_id("go-table").click()
        made = table_id(host)
        # It shows in the guest's lobby without a reload, and one click seats the guest.
        open_table = guest.locator(f"[data-testid=lobby-open][data-table='{made}']")
        expect(open_table).to_contain_text(
            "صندلی خالی", timeout=WAIT
        )  # the free seat, said in Persian
        screenshot(guest, "lobby-fa-open-table")
        open_table.get_by_test_id("lobby-join").click()
        assert table_id(guest) == made
        expect(guest.get_by_test_id("seat").nth(1)).to_have_class(
            re.compile("seat-mine"), timeout=WAIT
        )
        # The turn alert: the seat to move has the mark in its tab's title, the other not.
        expect(host.get_by_test_id("turn-status")).not_to_have_text("", timeout=WAIT)
        mover, waiter = (
            (host, guest)
            if "my-turn" in (host.get_by_test_id("turn-status").get_attribute("class") or "")
            else (guest, host)
        )
        expect(mover).to_have_title(MARKED, timeout=WAIT)
        expect(waiter).to_have_title(UNMARKED, timeout=WAIT)
        assert mover.locator("link[rel=icon]").get_attribute("data-turn") == "true"
        screenshot(mover, "table-fa-turn-alert")
        expect(mover.get_by_test_id("alerts-sound")).not_to_be_checked(
            timeout=WAIT
        )  # sound: off by default
        # The mover ends the turn: the mark moves to the other tab.
        mover.get_by_test_id("sr-end").click()  # the board's End turn
        expect(waiter).to_have_title(MARKED, timeout=WAIT)
        expect(mover).to_have_title(UNMARKED, timeout=WAIT)
        # In the waiter's lobby the game is listed first, marked "your turn".
        waiter.goto(f"{server.url}/")
        first_game = waiter.get_by_test_id("lobby-my-game").first
        expect(first_game).to_have_attribute("data-table", made, timeout=WAIT)
        expect(first_game.get_by_test_id("your-turn")).to_be_visible(timeout=WAIT)
        expect(waiter).to_have_title(MARKED, timeout=WAIT)
        lobby_shots(waiter, server, "desktop")
        # A quick match: both ask for Splendor Duel and meet at one table.
        for page in (host, guest):
            page.goto(f"{server.url}/")
            page.get_by_test_id("quick-game").select_option("splendor-duel")
            page.get_by_test_id("quick-wait").select_option("180")
        host.get_by_test_id("quick-start").click()
        expect(host.get_by_test_id("quick-waiting")).to_be_visible(timeout=WAIT)
        expect(guest.get_by_test_id("lobby-queued")).to_be_visible(
            timeout=WAIT
        )  # live: one in the queue
        screenshot(host, "lobby-fa-quick-waiting")
        guest.get_by_test_id("quick-start").click()
        assert table_id(guest) == table_id(host)
        for page in (host, guest):
            expect(page.get_by_test_id("seat")).to_have_count(2, timeout=WAIT)
        # The lobby on a phone, with both games in "your games", in English then Persian.
        guest.set_viewport_size(PHONE)
        guest_context.add_cookies([{"name": "rumizi_lang", "value": "en", "url": server.url}])
        guest.goto(f"{server.url}/")
        expect(guest.get_by_test_id("lobby-my-game")).to_have_count(2, timeout=WAIT)
        screenshot(guest, "lobby-en-phone")
        guest.get_by_test_id("lang-switch").click()
        expect(guest.get_by_test_id("quick-start")).to_have_text("پیدا کردن حریف", timeout=WAIT)
        expect(guest.get_by_test_id("lobby-my-game")).to_have_count(2, timeout=WAIT)
        screenshot(guest, "lobby-fa-phone")
    except Exception:
        for name, p in (("host", host), ("guest", guest)):
            screenshot(p, f"debug-lobby-{name}")
        raise
    finally:
        host_context.close()
        guest_context.close()


def test_the_creator_cancels_a_waiting_table_and_a_visitor_on_it_is_sent_home(
    browser: Browser, server: Server
) -> None:
    host_context, guest_context = new_context(browser), new_context(browser, phone=True)
    try:
        host, guest = host_context.new_page(), guest_context.new_page()
        host.goto(f"{server.url}/new/star-realms")
        host.get_by_test_id("seat-kind").nth(1).select_option("human")
        host.get_by_test_id("create-table").click()
        host.get_by_test_id("go-table").click()
        made = table_id(host)
        guest.goto(f"{server.url}/t/{made}")  # watching the table it may join
        expect(guest.get_by_test_id("seat")).to_have_count(2, timeout=WAIT)
        expect(guest.get_by_test_id("cancel-table")).to_have_count(0)  # not its table
        host.get_by_test_id("cancel-table").click()
        screenshot(host, "table-fa-cancel-confirm")
        host.get_by_test_id("cancel-yes").click()
        for page in (host, guest):
            page.wait_for_url(f"{server.url}/", timeout=WAIT)
        expect(guest.get_by_text("سازندهٔ میز آن را لغو کرد.")).to_be_visible(timeout=WAIT)
        screenshot(guest, "lobby-fa-phone-table-cancelled")
        expect(guest.locator(f"[data-table='{made}']")).to_have_count(0, timeout=WAIT)
    except Exception:
        for name, p in (("host", host), ("guest", guest)):
            screenshot(p, f"debug-cancel-{name}")
        raise
    finally:
        host_context.close()
        guest_context.close()
