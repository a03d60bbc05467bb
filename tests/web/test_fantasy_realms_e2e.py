"""The Fantasy Realms scorer page in headless Chromium, on a phone-sized screen."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Route, expect

from tests.web.conftest import Server, screenshot


def test_pick_cards_see_the_best_total_and_change_a_choice(
    browser: Browser, server: Server
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fa-IR")
    page = context.new_page()
    page.goto(server.url)  # found from the home page
    page.get_by_test_id("fr-scorer-link").click()
    expect(page).to_have_url(re.compile(r"/games/fantasy-realms/score$"))
    for card in [
        "mountain",
        "great-flood",
        "smoke",
        "whirlwind",
        "air-elemental",
        "wildfire",
        "mirage",
    ]:
        page.get_by_test_id("fr-search").fill(card.split("-")[0])
        page.locator(f"[data-testid=fr-pick][data-card={card}]").click()
    expect(page.get_by_test_id("fr-total")).to_contain_text(re.compile("260|۲۶۰"), timeout=10_000)
    screenshot(page, "fantasy-realms-scorer-fa-phone")
    page.get_by_test_id("fr-choice-mirage-copies").select_option("blizzard")
    expect(page.get_by_test_id("fr-total")).to_contain_text(re.compile("220|۲۲۰"), timeout=10_000)
    page.get_by_test_id("fr-search").fill("سیل")
    expect(page.locator("[data-testid=fr-pick]")).to_have_count(0)  # Great Flood is in the hand
    context.close()


def test_each_line_tells_the_cards_effect_and_a_refused_choice_says_why_in_persian(
    browser: Browser, server: Server
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fa-IR")
    page = context.new_page()
    page.goto(f"{server.url}/games/fantasy-realms/score")
    for card in ["island", "king"]:
        page.get_by_test_id("fr-search").fill(card)
        page.locator(f"[data-testid=fr-pick][data-card={card}]").click()
    expect(page.locator("[data-testid=fr-effect][data-card=king]")).to_have_text(
        "به ازای هر ارتش +۵، یا به جای آن اگر ملکه در دست باشد به ازای هر ارتش +۲۰.",
        timeout=10_000,
    )
    # Island may clear only a Flood or a Flame: the scorer refuses, and the page says why.
    page.get_by_test_id("fr-choice-island-clears").select_option("king")
    expect(page.get_by_test_id("fr-error")).to_have_text(
        "جزیره فقط جریمهٔ یک کارت آب یا آتش را پاک می‌کند، نه «پادشاه»", timeout=10_000
    )
    screenshot(page, "fantasy-realms-scorer-refused-fa-phone")
    page.get_by_test_id("fr-best").click()
    expect(page.get_by_test_id("fr-total")).to_be_visible(timeout=10_000)
    context.close()


def test_an_answer_overtaken_by_a_newer_pick_is_not_drawn(browser: Browser, server: Server) -> None:
    # Two quick picks ask the scorer twice; the first answer is held back until the second has
    # been drawn, as a slow network would. Only the newer hand's result may stay on the page.
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    page = context.new_page()
    held: list[Route] = []

    def hold_the_first(route: Route) -> None:
        if not held:
            held.append(route)
        else:
            route.continue_()

    page.route("**/api/fantasy-realms/score", hold_the_first)
    page.goto(f"{server.url}/games/fantasy-realms/score")
    for card in ["island", "king"]:
        page.get_by_test_id("fr-search").fill(card)
        page.locator(f"[data-testid=fr-pick][data-card={card}]").click()
    expect(page.locator("[data-testid=fr-line]")).to_have_count(2, timeout=10_000)
    with page.expect_response("**/api/fantasy-realms/score"):
        held[0].continue_()
    # Let the page read the late answer: an old page drew it under the newer one by now.
    page.wait_for_timeout(500)
    expect(page.get_by_test_id("fr-total")).to_have_count(1)
    expect(page.get_by_test_id("fr-choice-island-clears")).to_have_count(1)
    expect(page.locator("[data-testid=fr-line]")).to_have_count(2)
    context.close()
