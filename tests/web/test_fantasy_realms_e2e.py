"""The Fantasy Realms scorer page in headless Chromium, on a phone-sized screen."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

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
        "جزیره فقط جریمه‌ی یک کارت آب یا آتش را پاک می‌کند، نه «پادشاه»", timeout=10_000
    )
    screenshot(page, "fantasy-realms-scorer-refused-fa-phone")
    page.get_by_test_id("fr-best").click()
    expect(page.get_by_test_id("fr-total")).to_be_visible(timeout=10_000)
    context.close()
