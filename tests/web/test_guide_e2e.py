"""The first-game guide in headless Chromium: started from a game's page, it lights what to
click for each new kind of move and explains it, follows the real game, is skipped with Esc or
its button and opened again; another game's guide speaks English and fits a phone."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.conftest import SCREENSHOT_DIR, Server, box_of, from_move_list, new_context
from tests.web.kit import DESKTOP, MOVE, PHONE, wait_turn, watch_errors


def view_shot(page: Page, name: str) -> None:
    """What the screen shows now, scrolled where the guide put it (conftest's full-page
    picture scrolls to the top and stretches the window, which moves the callout)."""
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOT_DIR / f"{name}.png"))


def states(page: Page) -> int:
    return int(page.get_by_test_id("guide").get_attribute("data-states") or "0")


def after_move(page: Page, before: int) -> None:
    """Wait until the guide has seen a state after ``before``, then for this seat's turn."""
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=guide]').dataset.states) > n",
        arg=before,
    )
    wait_turn(page)


def click_until_moved(page: Page, target: Locator, before: int) -> None:
    """Click the lit element; once more if the first click only showed what it would do (a
    board may preview a move on the first tap)."""
    target.click()
    try:
        page.wait_for_function(
            "n => Number(document.querySelector('[data-testid=guide]').dataset.states) > n",
            arg=before,
            timeout=5_000,
        )
    except PlaywrightTimeout:
        if states(page) == before and page.locator("[data-testid=table].is-busy").count() == 0:
            page.locator(".guide-target").click()


def pick(page: Page) -> None:
    """A sensible move from the move list when the guide has nothing new to say."""
    buttons = page.locator(MOVE)
    actions: list[dict[str, Any]] = [
        json.loads(buttons.nth(i).get_attribute("data-action") or "{}")
        for i in range(buttons.count())
    ]
    for wanted in ("play", "attack", "buy", "choose"):
        for i, action in enumerate(actions):
            if action.get("do") == wanted:
                from_move_list(page, buttons.nth(i))
                return
    from_move_list(page, buttons.first)


def apart(page: Page, a: str, b: str) -> bool:
    """Whether the boxes of the first elements matching ``a`` and ``b`` do not overlap."""
    one, two = box_of(page.locator(a).first), box_of(page.locator(b).first)
    return (
        one["x"] + one["width"] <= two["x"]
        or two["x"] + two["width"] <= one["x"]
        or one["y"] + one["height"] <= two["y"]
        or two["y"] + two["height"] <= one["y"]
    )


def test_the_guide_leads_a_first_game_by_the_board_and_is_skipped_and_reopened(
    browser: Browser, server: Server
) -> None:
    context = new_context(browser)
    try:
        page = context.new_page()
        page.set_viewport_size(DESKTOP)
        errors = watch_errors(page)
        page.goto(f"{server.url}/games/star-realms")
        expect(page.get_by_test_id("learn-guided")).to_have_text("بازی آموزشی")
        view_shot(page, "guide-game-page-fa-desktop")
        page.get_by_test_id("learn-guided").click()
        page.wait_for_url(re.compile(r"/t/[\w-]+\?guide=1"))
        callout = page.get_by_test_id("guide-callout")
        expect(callout).to_have_attribute("data-step", "intro")
        expect(callout).to_contain_text("بازی آموزشی")
        page.get_by_test_id("guide-next").click()

        kinds: list[str] = []
        texts: list[str] = []
        for _ in range(60):
            assert wait_turn(page), "the game ended before three guided steps"
            step = callout.get_attribute("data-step") if callout.is_visible() else None
            kind = callout.get_attribute("data-kind") or ""
            before = states(page)
            if step == "kind" and kind not in kinds:
                kinds.append(kind)
                texts.append(page.get_by_test_id("guide-text").first.inner_text())
                target = page.locator(".guide-target")
                expect(target).to_have_count(1)
                # The callout never covers what it points at.
                assert apart(page, "[data-testid=guide-callout]", ".guide-target")
                if len(kinds) == 1:
                    view_shot(page, "guide-sr-fa-desktop")
                if len(kinds) == 3:
                    break
                if target.get_attribute("data-action"):
                    click_until_moved(page, target, before)
                else:
                    page.get_by_test_id("guide-next").click()
                    pick(page)
            elif step in ("wait", "kind"):
                page.get_by_test_id("guide-next").click()
                continue
            else:
                pick(page)
            after_move(page, before)
        assert len(kinds) == 3, kinds
        assert kinds[0] == "play"
        # Each kind of move has its own explanation.
        assert len(set(texts)) == 3, texts

        # On a phone the callout is docked and still leaves the lit element in sight.
        page.set_viewport_size(PHONE)
        page.wait_for_function(
            "() => document.querySelector('[data-testid=guide-callout]')"
            ".className.includes('guide-docked')"
        )
        page.locator(".guide-target").scroll_into_view_if_needed()
        page.evaluate("window.dispatchEvent(new Event('resize'))")
        assert apart(page, "[data-testid=guide-callout]", ".guide-target")
        view_shot(page, "guide-sr-fa-phone")

        # Esc skips; the guide can be opened again, and skipped by its button.
        page.keyboard.press("Escape")
        expect(callout).to_be_hidden()
        expect(page.locator(".guide-target")).to_have_count(0)
        page.get_by_test_id("guide-reopen").click()
        expect(callout).to_have_attribute("data-step", "intro")
        page.get_by_test_id("guide-skip").click()
        expect(callout).to_be_hidden()
        # A reload keeps it skipped (the progress is kept per table).
        page.reload()
        page.get_by_test_id("sr-board").wait_for()
        expect(page.get_by_test_id("guide-reopen")).to_be_visible()
        expect(callout).to_be_hidden()
        assert not errors, errors
    finally:
        context.close()

    # Another game, in English, on a phone: its own first step.
    context = new_context(browser, lang="en", phone=True)
    try:
        context.add_cookies([{"name": "rumizi_lang", "value": "en", "url": server.url}])
        page = context.new_page()
        errors = watch_errors(page)
        page.goto(f"{server.url}/games/splendor-duel")
        learn = page.get_by_test_id("learn-guided")
        expect(learn).to_have_text("Learn with a guided game")
        learn.click()
        page.wait_for_url(re.compile(r"/t/[\w-]+\?guide=1"))
        callout = page.get_by_test_id("guide-callout")
        expect(callout).to_have_attribute("data-step", "intro")
        expect(callout).to_contain_text("Goal: reach 20 points")
        page.get_by_test_id("guide-next").click()
        expect(callout).to_have_attribute("data-kind", "take", timeout=60_000)
        expect(page.get_by_test_id("guide-title")).to_have_text("Take tokens")
        expect(page.locator(".guide-target")).to_have_attribute("data-testid", "sd-grid")
        assert apart(page, "[data-testid=guide-callout]", ".guide-target")
        view_shot(page, "guide-sd-en-phone")
        page.set_viewport_size(DESKTOP)
        page.evaluate("window.dispatchEvent(new Event('resize'))")
        expect(callout).to_have_class(re.compile(r"guide-floating|guide-docked"))
        assert apart(page, "[data-testid=guide-callout]", ".guide-target")
        view_shot(page, "guide-sd-en-desktop")
        assert not errors, errors
    finally:
        context.close()
