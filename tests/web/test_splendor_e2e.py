"""Splendor Duel end to end in headless Chromium: a guest plays a whole game against the easy
bot by clicks on the drawn board (tokens along a line, cards, decks, privileges, the open
choices), in Persian and English, on a desktop and on a phone; screenshots for people to see."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Server, new_context, screenshot
from tests.web.kit import (
    TABLE,
    legal,
    no_sideways_scroll,
    start_vs_bot,
    wait_turn,
    watch_errors,
)

GAME = "splendor-duel"


def space(s: list[int]) -> str:
    return f"{s[0]},{s[1]}"


def cell(page: Page, where: list[int]) -> Any:
    return page.locator(f"{TABLE} [data-testid=sd-cell][data-space='{space(where)}']")


def click_action(page: Page, testid: str, action: dict[str, Any]) -> None:
    """Click the board's button ``testid`` that plays exactly ``action``."""
    for button in page.locator(f"{TABLE} [data-testid={testid}]").all():
        if json.loads(button.get_attribute("data-action") or "{}") == action:
            button.click()
            return
    raise AssertionError(f"no {testid} button for {action}")


def reserve_with(page: Page, action: dict[str, Any]) -> None:
    """The card's or deck's choices are open: reserve, and name the gold on the board when
    there are several."""
    button = page.locator(f"{TABLE} [data-testid=sd-reserve]")
    several = button.get_attribute("data-golds") != "1"
    button.click()
    if several:
        cell(page, action["gold"]).click()


def card_points(page: Page) -> dict[str, int]:
    """Points of every card drawn on the board, by id."""
    found = page.eval_on_selector_all(
        "[data-testid=sd-board] [data-card]",
        "els => els.map(e => [e.dataset.card, e.dataset.points])",
    )
    return {card: int(points or 0) for card, points in found}


def play_by_board(page: Page, turn: int) -> str:
    """One move made by clicking the board (the move list only for what it does not show)."""
    actions = legal(page)
    by = {a["do"]: [x for x in actions if x["do"] == a["do"]] for a in actions}
    if "take-bonus" in by:
        cell(page, by["take-bonus"][0]["space"]).click()
        return "take-bonus"
    for kind, testid, key in (("steal", "sd-steal", "token"), ("discard", "sd-discard", "token")):
        if kind in by:
            page.locator(
                f"{TABLE} [data-testid={testid}][data-token='{by[kind][-1][key]}']"
            ).click()
            return kind
    if "royal" in by:
        page.locator(
            f"{TABLE} [data-testid=sd-royal][data-card='{by['royal'][0]['card']}']"
        ).click()
        return "royal"
    blind = [a for a in by.get("reserve", []) if "deck" in a]
    if turn == 1 and blind:  # one blind reserve early on: a hidden card in the opponent's view
        action = blind[0]
        page.locator(f"{TABLE} [data-testid=sd-deck][data-deck='{action['deck']}']").click()
        reserve_with(page, action)
        return "reserve-deck"
    if "buy" in by:
        points = card_points(page)
        action = max(by["buy"], key=lambda a: points.get(a["card"], 0))
        page.locator(f"{TABLE} [data-card='{action['card']}'].playable").first.click()
        click_action(page, "sd-buy", action)
        return "buy"
    if "privilege" in by and turn % 4 == 2:
        action = by["privilege"][0]
        cell(page, action["space"]).click()
        click_action(page, "sd-privilege", action)
        return "privilege"
    if "take" in by:
        action = max(by["take"], key=lambda a: (len(a["spaces"]), -turn % 7))
        for where in action["spaces"][::-1]:  # in any order: the page matches sets
            cell(page, where).click()
        click_action(page, "sd-take", action)
        return "take"
    if "reserve" in by:
        action = by["reserve"][0]
        if "card" in action:
            page.locator(f"{TABLE} [data-testid=sd-card][data-card='{action['card']}']").click()
        else:
            page.locator(f"{TABLE} [data-testid=sd-deck][data-deck='{action['deck']}']").click()
        reserve_with(page, action)
        return "reserve"
    if "replenish" in by:
        page.get_by_test_id("sd-replenish").click()
        return "replenish"
    for kind, testid in (("claim-stall", "sd-claim"), ("pass", "sd-pass")):
        if kind in by:
            page.get_by_test_id(testid).click()
            return kind
    raise AssertionError(f"no board target for {actions}")


def test_the_game_page_shows_the_rules_and_every_card(page: Page, server: Server) -> None:
    # (A whole game by the board, its result and its replay: test_splendor_board_e2e.py.)
    errors = watch_errors(page)
    page.goto(f"{server.url}/games/{GAME}")
    page.get_by_test_id("rules-section").first.wait_for()
    expect(page.get_by_test_id("gallery-card")).to_have_count(71)
    screenshot(page, "splendor-game-page-fa")
    assert not errors, errors


def test_english_desktop_selection_and_phone_layouts(browser: Browser, server: Server) -> None:
    for lang, phone in (("en", False), ("en", True), ("fa", True)):
        context = new_context(browser, lang, phone=phone)
        context.add_cookies([{"name": "rumizi_lang", "value": lang, "url": server.url}])
        try:
            page = context.new_page()
            errors = watch_errors(page)
            start_vs_bot(page, server, GAME)
            for turn in range(4):
                if not wait_turn(page):
                    break
                play_by_board(page, turn + 1)
            assert wait_turn(page)
            name = f"splendor-{lang}-{'phone' if phone else 'desktop'}"
            no_sideways_scroll(page, 400 if phone else 1280, name)
            # Build a selection on the board: only lines of the legal list light up.
            takes = [a for a in legal(page) if a["do"] == "take" and len(a["spaces"]) >= 2]
            if takes:
                first, second = takes[0]["spaces"][:2]
                cell(page, first).click()
                expect(cell(page, first)).to_have_attribute("aria-pressed", "true")
                cell(page, second).click()
                expect(page.get_by_test_id("sd-take")).to_be_visible()
            screenshot(page, name)
            if takes:
                page.get_by_test_id("sd-clear").click()
                expect(page.locator("[data-testid=sd-cell][aria-pressed=true]")).to_have_count(0)
            assert not errors, errors
        finally:
            context.close()
