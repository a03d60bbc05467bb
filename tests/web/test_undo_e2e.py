"""Undo in the browser: Star Realms against the easy bot, in Persian then in English.

One undo that is allowed (a card played, taken back with the button, then with Ctrl+Z: the
log strikes the move through, says who took it back, and the card is playable again) and
one that is refused (asked with the keyboard before any move of this turn: the server says
why, in the page's language, and the button stays off); then the replay, where both moves
taken back are struck through and their frames marked. Screenshots at 1366×768 and 390×844
in both languages.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from tests.web.conftest import Server, screenshot
from tests.web.kit import DESKTOP, MOVE, PHONE, start_vs_bot
from tests.web.test_star_realms_board_e2e import wait_turn

# A hand card on the board (the list of moves is a closed drawer).
PLAY = '[data-testid=table]:not(.is-busy) [data-testid=board] button[data-action*=\'"do":"play"\']'


def play_a_card(page: Page) -> str:
    """Click the first card to play; the action's JSON."""
    button = page.locator(PLAY).first
    action = button.get_attribute("data-action") or ""
    button.click()
    return action


def take_back(page: Page, action: str, lines: int, by_key: bool) -> None:
    """Undo (button or Ctrl+Z) and check the table came back with the move struck through."""
    undo = page.get_by_test_id("undo")
    expect(undo).to_be_enabled()
    if by_key:
        page.keyboard.press("Control+z")
    else:
        undo.click()
    expect(page.get_by_test_id("log-line")).to_have_count(lines + 1)
    expect(page.locator(".log-line.log-undone")).not_to_have_count(0)
    expect(undo).to_be_disabled()
    # The card played is in the hand again: the same move is offered.
    expect(page.locator(f"{MOVE}[data-action='{action}']")).to_have_count(1)


def test_an_undo_allowed_and_one_refused_in_both_languages(page: Page, server: Server) -> None:
    page.set_viewport_size(DESKTOP)
    table_id = start_vs_bot(page, server)
    assert wait_turn(page)
    # Refused: nothing of this turn to take back (the server answers; the page says why).
    undo = page.get_by_test_id("undo")
    expect(undo).to_be_visible()
    expect(undo).to_be_disabled()
    page.locator("body").press("Control+z")
    refusal = page.locator(".toast", has_text=re.compile("حرکتی برای پس گرفتن نیست|بازیکن دیگری"))
    expect(refusal).to_be_visible()
    screenshot(page, "undo-refused-fa-desktop")

    # Allowed: a card played, then taken back with the button.
    lines = page.get_by_test_id("log-line").count()
    action = play_a_card(page)
    expect(page.get_by_test_id("log-line")).to_have_count(lines + 1)
    expect(undo).to_be_enabled()
    take_back(page, action, lines + 1, by_key=False)
    assert page.get_by_test_id("log-line").last.inner_text() == "شما یک حرکت را پس گرفتید."
    screenshot(page, "undo-fa-desktop")
    page.set_viewport_size(PHONE)
    screenshot(page, "undo-fa-phone")

    # In English, on a phone: played again and taken back with the keyboard.
    page.get_by_test_id("lang-switch").click()
    page.wait_for_function("document.documentElement.dir === 'ltr'")
    page.reload()
    assert wait_turn(page)
    lines = page.get_by_test_id("log-line").count()
    action = play_a_card(page)
    expect(page.get_by_test_id("log-line")).to_have_count(lines + 1)
    take_back(page, action, lines + 1, by_key=True)
    assert page.get_by_test_id("log-line").last.inner_text() == "You took back a move."
    assert json.loads(action)["do"] == "play"
    screenshot(page, "undo-en-phone")
    page.set_viewport_size(DESKTOP)
    page.locator("body").press("Control+z")  # refused again: the last step is an undo
    expect(
        page.locator(".toast", has_text=re.compile("no move to take back|Another player"))
    ).to_be_visible()
    screenshot(page, "undo-refused-en-desktop")

    # The replay keeps the moves taken back, struck through, and marks their frames.
    page.goto(f"{server.url}/replay/{table_id}")
    page.get_by_test_id("replay-last").click()
    expect(page.locator(".log-line.log-undone")).to_have_count(2)
    expect(page.get_by_test_id("replay-undone")).to_have_count(0)  # the last frame: the undo
    page.get_by_test_id("replay-prev").click()
    expect(page.get_by_test_id("replay-undone")).to_have_text(re.compile("was taken back"))
    screenshot(page, "undo-replay-en-desktop")
