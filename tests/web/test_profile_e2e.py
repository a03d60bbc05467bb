"""A player's profile in the browser: from the header's name after a game lost to a bot, the
finished game counted per game and listed with its replay, in Persian on a desktop and in
English on a phone; an unknown name is the not-found screen."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.web import kit
from tests.web.conftest import Server, new_context, screenshot
from tests.web.kit import no_sideways_scroll, violations, watch_errors


def test_the_header_s_name_opens_the_profile_with_the_game_counted(
    browser: Browser, server: Server
) -> None:
    for lang, phone in (("fa", False), ("en", True)):
        context = new_context(browser, lang, phone=phone)
        page = context.new_page()
        errors = watch_errors(page)
        table_id = kit.start_vs_bot(page, server, lang=lang if lang == "en" else None)
        page.get_by_test_id("concede").click()
        page.get_by_test_id("concede-yes").click()
        page.get_by_test_id("result").wait_for()
        name = page.get_by_test_id("user-name")
        shown = name.inner_text()
        name.click()
        page.wait_for_url(re.compile(r"/u/guest-\d+$"))
        expect(page.get_by_test_id("profile-name")).to_have_text(shown)
        row = page.locator("[data-testid=profile-game][data-game=star-realms]")
        cells = row.locator("td")
        one, zero = ("۱", "۰") if lang == "fa" else ("1", "0")
        expect(cells.nth(1)).to_have_text(one)  # played
        expect(cells.nth(2)).to_have_text(zero)  # won
        expect(cells.nth(4)).to_have_text(one)  # lost
        expect(page.get_by_test_id("profile-rating")).to_have_text("—")  # an unrated game
        game = page.get_by_test_id("profile-recent")
        expect(game).to_have_attribute("data-outcome", "lost")
        expect(game.get_by_role("link")).to_have_attribute("href", f"/replay/{table_id}")
        expect(game).to_contain_text("باخت" if lang == "fa" else "Lost")
        if phone:
            no_sideways_scroll(page, 390)
        screenshot(page, f"profile-{lang}-{'phone' if phone else 'desktop'}")
        assert not violations(page)
        assert not errors, errors
        context.close()

    context = new_context(browser, "en")
    context.add_cookies([{"name": "rumizi_lang", "value": "en", "url": server.url}])
    page = context.new_page()
    page.goto(f"{server.url}/u/nobody-at-all")
    expect(page.locator("main")).to_contain_text("not found", ignore_case=True)
    context.close()


def test_a_player_followed_from_the_profile_is_listed_with_the_game_to_watch(
    browser: Browser, server: Server
) -> None:
    playing = new_context(browser, "en")
    player = playing.new_page()
    table_id = kit.start_vs_bot(player, server, lang="en")  # a game under way
    name = player.get_by_test_id("user-name").get_attribute("href")
    assert name and name.startswith("/u/guest-")

    context = new_context(browser, "fa")
    page = context.new_page()
    errors = watch_errors(page)
    kit.start_vs_bot(page, server)  # a guest of its own, at a game of its own
    page.goto(f"{server.url}{name}")
    follow = page.get_by_test_id("follow")
    expect(follow).to_have_text("دنبال کردن")
    follow.click()
    expect(follow).to_have_text("دیگر دنبال نکن")
    expect(follow).to_have_attribute("aria-pressed", "true")
    page.reload()
    expect(page.get_by_test_id("profile-followers")).to_have_text("۱ دنبال‌کننده")
    page.goto(f"{server.url}/me")
    followed = page.get_by_test_id("followed")
    expect(followed).to_have_count(1)
    expect(followed.get_by_test_id("followed-table")).to_have_attribute("href", f"/t/{table_id}")
    screenshot(page, "following-fa-desktop")
    assert not violations(page)
    assert not errors, errors
    context.close()
    playing.close()
