"""The new-table form counts seats one way (issue 33): War of the Ring's seat pickers say
"Seat 1" and "Seat 2", and so do its "who starts" and "who plays the Shadow" choices, in
both languages, on a desktop and a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from tests.web.conftest import Server, new_context, screenshot

SIZES: dict[str, ViewportSize] = {
    "desktop": {"width": 1366, "height": 768},
    "phone": {"width": 390, "height": 844},
}
WORDS = {
    "fa": ("صندلی ۱", "صندلی ۲", "صندلی ۲ (مردمان آزاد: صندلی ۱)"),
    "en": ("Seat 1", "Seat 2", "Seat 2 (Free Peoples: Seat 1)"),
}


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_seat_pickers_and_the_seat_options_count_alike(
    browser: Browser, server: Server, lang: str, size: str
) -> None:
    context = new_context(browser, lang, phone=size == "phone")
    context.add_cookies([{"name": "rumizi_lang", "value": lang, "url": server.url}])
    try:
        page = context.new_page()
        page.set_viewport_size(SIZES[size])
        page.goto(f"{server.url}/new/war-of-the-ring")
        first, second, shadow = WORDS[lang]
        labels = page.locator(".seat-field label")
        expect(labels).to_have_text([first, second])
        starts = page.get_by_test_id("option-first").locator("option")
        expect(starts).to_contain_text([first, second])
        assert page.get_by_test_id("option-first").locator("option[value='0']").inner_text() == (
            first
        )
        chosen = page.get_by_test_id("option-shadow")
        assert chosen.locator("option:checked").inner_text() == shadow  # the default: seat 2
        assert chosen.input_value() == "1"  # the value on the wire stays the seat's index
        screenshot(page, f"seat-numbers-{lang}-{size}")
    finally:
        context.close()
