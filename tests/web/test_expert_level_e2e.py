"""The expert bot on the new-table form: offered where its network plays (Star Realms' duel),
not at the other formats, and seated at the table it makes; a screenshot of the form."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Server, new_context, screenshot

WAIT = 20_000  # ms: a table page loads its game, cards and renderer first


def offered(page: Page, seat: int) -> list[str]:
    """The levels the seat's select offers (its options' values)."""
    select = page.get_by_test_id("seat-kind").nth(seat)
    return [str(v) for v in select.locator("option").evaluate_all("(os) => os.map((o) => o.value)")]


def test_the_form_offers_expert_where_its_network_plays_and_seats_it(
    page: Page, server: Server
) -> None:
    page.goto(f"{server.url}/new/star-realms")
    expect(page.get_by_test_id("seat-kind").nth(1)).to_be_visible(timeout=WAIT)
    assert offered(page, 1) == ["human", "easy", "medium", "hard", "expert"]
    page.get_by_test_id("seat-kind").nth(1).select_option("expert")
    # Each level is named once ("Expert bot"), not "Bot — Expert bot".
    expect(page.get_by_test_id("seat-kind").nth(1).locator("option:checked")).to_have_text(
        "ربات خبره"
    )
    screenshot(page, "new-table-expert-fa")

    # Free-for-all has no network: the level leaves every seat, a chosen one falls back.
    page.get_by_test_id("option-format").select_option("free-for-all")
    expect(page.get_by_test_id("seat-kind")).to_have_count(3)
    assert all("expert" not in offered(page, seat) for seat in range(3))
    assert page.get_by_test_id("seat-kind").nth(1).input_value() == "easy"

    page.get_by_test_id("option-format").select_option("duel")
    expect(page.get_by_test_id("seat-kind")).to_have_count(2)
    assert offered(page, 1)[-1] == "expert"
    page.get_by_test_id("seat-kind").nth(1).select_option("expert")
    page.get_by_test_id("create-table").click()
    page.get_by_test_id("go-table").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+"))
    expect(page.locator("[data-testid=seat-level][data-level=expert]")).to_have_count(
        1, timeout=WAIT
    )
    expect(page.locator("[data-testid=seat][data-seat='1'] .seat-name")).to_have_text("ربات خبره")


def test_the_form_with_expert_on_a_phone_in_english(browser: Browser, server: Server) -> None:
    context = new_context(browser, lang="en", phone=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/")
        page.get_by_test_id("lang-switch").click()  # the visitor's choice, kept in a cookie
        page.wait_for_function("document.documentElement.lang === 'en'")
        page.goto(f"{server.url}/new/war-of-the-ring")
        seat = page.get_by_test_id("seat-kind").nth(1)
        expect(seat).to_be_visible(timeout=WAIT)
        seat.select_option("expert")
        expect(seat.locator("option:checked")).to_have_text("Expert bot")
        screenshot(page, "new-table-expert-en-phone")
    finally:
        context.close()
