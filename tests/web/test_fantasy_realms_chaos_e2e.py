"""The chaos realms in headless Chromium: two people (two guests, Persian on a desktop and
English on a phone) and an easy bot at one table. One offers a card by touching it and then
the other's seat, the other gives a card back by touching the offer and a hand card, both
hands change and both remember the swap; then everybody is done (or the two-minute timer the
table set rings) and the score screen shows. Screenshots of both windows."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Server, box_of, new_context, screenshot
from tests.web.kit import RESULT, TABLE, no_sideways_scroll, watch_errors
from tests.web.test_fantasy_realms_table_e2e import no_ascii_digits

GAME = "fantasy-realms"


def hand(page: Page) -> list[str]:
    cards = page.locator("[data-testid=frt-my-hand] .frt-card")
    return sorted(cards.evaluate_all("els => els.map(e => e.dataset.card)"))


def seconds(text: str) -> int:
    latin = text.translate(str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789"))
    minutes, secs = latin.strip().split(":")
    return int(minutes) * 60 + int(secs)


def create_chaos_table(host: Page, server: Server) -> str:
    """The new-table form: chaos realms, two minutes, you, a second person and an easy bot;
    the Cursed Items cannot be chosen with the chaos realms."""
    host.goto(f"{server.url}/new/{GAME}")
    host.get_by_test_id("option-variant").select_option("chaos")
    items = host.get_by_test_id("option-items")
    assert items.locator("option[value=true]").is_disabled()
    players = host.get_by_test_id("players-select")
    values = players.locator("option").evaluate_all("els => els.map(e => e.value)")
    assert values == ["3", "4", "5", "6", "7"], values
    host.get_by_test_id("option-timer").select_option("120")
    players.select_option("3")
    host.get_by_test_id("seat-kind").nth(1).select_option("human")
    host.get_by_test_id("create-table").click()
    invite = host.get_by_test_id("invite-link")
    expect(invite).to_be_visible()
    link = (
        invite.input_value()
        if invite.evaluate("e => e.tagName") == "INPUT"
        else invite.inner_text()
    )
    host.get_by_test_id("go-table").click()
    host.wait_for_url(re.compile(r"/t/[\w-]+"))
    return link.strip()


def finish(page: Page) -> bool:
    """One step toward the end: refuse what is offered, withdraw what is open, say done,
    and the Necromancer's draw if it is ours. Whether the game is over."""
    if page.locator(RESULT).count():
        return True
    for testid in ("frt-refuse", "frt-withdraw", "frt-done", "frt-draw-three", "frt-keep"):
        found = page.locator(f"{TABLE} [data-testid={testid}]:enabled")
        if found.count():
            found.first.click()
            break
    return False


def test_two_people_swap_a_card_at_a_chaos_table(browser: Browser, server: Server) -> None:
    host_context = new_context(browser, "fa")
    guest_context = new_context(browser, "en", phone=True)
    guest_context.add_cookies([{"name": "rumizi_lang", "value": "en", "url": server.url}])
    try:
        host, guest = host_context.new_page(), guest_context.new_page()
        host.set_viewport_size({"width": 1366, "height": 768})
        errors = watch_errors(host) + watch_errors(guest)
        link = create_chaos_table(host, server)
        guest.goto(link)
        for page in (host, guest):
            page.get_by_test_id("frt-trade").wait_for()
        # the countdown: at most two minutes, in Persian digits for the host
        timer = host.get_by_test_id("frt-timer").locator("b")
        left = seconds(timer.inner_text())
        assert 0 < left <= 120 and no_ascii_digits(timer.inner_text()), timer.inner_text()
        assert 0 < seconds(guest.get_by_test_id("frt-timer").locator("b").inner_text()) <= 120

        # the host touches a hand card, then the guest's seat (seat 1)
        before_host, before_guest = hand(host), hand(guest)
        offered = before_host[0]
        withdraw = host.locator("[data-testid=frt-offer][data-to='1'] [data-testid=frt-withdraw]")
        for _ in range(5):
            host.locator(f"{TABLE} [data-testid=frt-offer-card][data-card='{offered}']").click()
            expect(host.locator("[data-testid=frt-my-hand] .frt-slot.is-picked")).to_have_count(1)
            host.locator(f"{TABLE} [data-testid=frt-offer-to][data-player='1']").click()
            try:
                expect(withdraw).to_be_visible(timeout=5_000)
                break
            except AssertionError:
                # The bot moved first: the page says the game had moved on; choose again.
                continue
        expect(withdraw).to_be_visible()
        screenshot(host, "fantasy-realms-chaos-fa-desktop-offer")

        # the guest sees the offer with its card, touches "give a card", then a hand card
        mine = guest.locator("[data-testid=frt-offer][data-by='0'][data-to='1']")
        expect(mine).to_have_count(1)
        expect(mine.locator(f".frt-card[data-card='{offered}']")).to_have_count(1)
        screenshot(guest, "fantasy-realms-chaos-en-phone-offer")
        no_sideways_scroll(guest, 400, "the phone page")
        mine.get_by_test_id("frt-answer").click()
        gives = guest.locator(f"{TABLE} [data-testid=frt-give]")
        expect(gives).to_have_count(len(before_guest))
        box = box_of(guest.get_by_test_id("frt-my-hand"))
        assert box["y"] < 844, box
        given = before_guest[-1]
        guest.locator(f"{TABLE} [data-testid=frt-give][data-card='{given}']").click()

        # both hands change, and each remembers the swap
        expect(host.get_by_test_id("frt-seen-swap")).to_have_count(1)
        expect(guest.get_by_test_id("frt-seen-swap")).to_have_count(1)
        after_host, after_guest = hand(host), hand(guest)
        assert given in after_host and offered not in after_host, after_host
        assert offered in after_guest and given not in after_guest, after_guest
        assert len(after_host) == len(before_host) and len(after_guest) == len(before_guest)
        # the swap is told with the cards' names, never their ids
        assert offered not in guest.get_by_test_id("frt-seen-swap").inner_text()
        expect(guest.get_by_test_id("frt-seen-swap")).to_contain_text("you gave")
        log = " ".join(host.locator("[data-testid=log] li, .log li").all_inner_texts())
        assert "معاوضه" in log, log
        screenshot(host, "fantasy-realms-chaos-fa-desktop-swap")
        screenshot(guest, "fantasy-realms-chaos-en-phone-swap")
        # the other sizes: Persian on a phone, English on a desktop
        host.set_viewport_size({"width": 390, "height": 844})
        guest.set_viewport_size({"width": 1366, "height": 768})
        for page, width in ((host, 400), (guest, 1366)):
            page.get_by_test_id("frt-trade").wait_for()
            no_sideways_scroll(page, width)
            box = box_of(page.get_by_test_id("frt-my-hand"))
            assert box["y"] < (844 if width == 400 else 768), box
        screenshot(host, "fantasy-realms-chaos-fa-phone-swap")
        screenshot(guest, "fantasy-realms-chaos-en-desktop-swap")

        # everybody says done (refusing the bot's offers), or the timer rings
        for _ in range(600):
            over = [finish(p) for p in (host, guest)]
            if all(over):
                break
            host.wait_for_timeout(250)
        for page in (host, guest):
            expect(page.locator(RESULT)).to_be_visible(timeout=150_000)
            expect(page.get_by_test_id("frt-result")).to_have_count(3)
        text = host.get_by_test_id("result-text").inner_text()
        assert "برنده" in text and no_ascii_digits(re.sub(r"guest-\w+", "", text)), text
        screenshot(host, "fantasy-realms-chaos-fa-desktop-result")
        screenshot(guest, "fantasy-realms-chaos-en-phone-result")
        assert not errors, errors
    finally:
        host_context.close()
        guest_context.close()
