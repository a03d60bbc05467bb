"""Splendor Duel played from the board alone: a whole game against the easy bot at 1366×768
made only by clicks on the drawn table (never the move list, which is hidden here as the
closed drawer it is), with every legal move of every turn given a target on the board; then
the table on a 390×844 phone, whose parts all lie inside the screen, and a touch that first
shows what it would do. Screenshots in both languages at both sizes."""

from __future__ import annotations

import re
from collections.abc import Sequence

from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.web.conftest import Server, screenshot, settled
from tests.web.kit import (
    DESKTOP,
    PHONE,
    RESULT,
    TABLE,
    inside_screen,
    no_sideways_scroll,
    watch_errors,
)

GAME = "splendor-duel"
BOARD = f"{TABLE} [data-testid=sd-board]"
# The move list plays no part: hidden, as the closed drawer the table page gives it.
NO_LIST = ".moves-panel { display: none !important; }"
# The parts of the table that must be on the screen without scrolling.
PARTS = ["sd-prompt", "opponent", "sd-grid", "sd-pyramid", "sd-royals", "my-area"]


def open_table(
    browser: Browser, server: Server, lang: str, size: ViewportSize, touch: bool = False
) -> tuple[Page, list[str]]:
    """A new window at ``size`` (a touch screen if ``touch``), at a new table against the easy
    bot; returns the page and the list its errors are written to."""
    context = browser.new_context(viewport=size, has_touch=touch, is_mobile=touch, bypass_csp=True)
    context.set_default_timeout(30_000)
    context.add_cookies([{"name": "rumizi_lang", "value": lang, "url": server.url}])
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server.url}/games/{GAME}")
    page.get_by_test_id("play-now").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+"))
    page.get_by_test_id("sd-board").wait_for()
    page.add_style_tag(content=NO_LIST)
    return page, errors


def my_turn(page: Page) -> bool:
    """Wait until this seat may move (True) or the game is over (False)."""
    mine = f"{BOARD}:not(.is-waiting)"
    page.wait_for_selector(f"{mine}, {RESULT}", timeout=30_000)
    settled(page)  # the bot's moves all shown: a click lands on what the test looked at
    return page.locator(RESULT).count() == 0


def click(page: Page, selector: str) -> None:
    page.locator(f"{BOARD} {selector}").first.click()


def has(page: Page, selector: str) -> bool:
    return page.locator(f"{BOARD} {selector}").count() > 0


def take_tokens(page: Page) -> bool:
    """Tokens along a line: a first token, then as many as the board says extend the line."""
    cells = page.locator(f"{BOARD} button[data-testid=sd-cell]:not(.is-gold-choice)")
    if not cells.count():
        return False
    cells.first.click()
    for _ in range(2):
        option = page.locator(f"{BOARD} [data-testid=sd-cell].is-option")
        if not option.count():
            break
        option.first.click()
    if not has(page, "[data-testid=sd-take]"):
        click(page, "[data-testid=sd-clear]")
        return False
    click(page, "[data-testid=sd-take]")
    return True


def free_privilege(page: Page, turn: int) -> bool:
    """Whether this seat may use a privilege on a free turn (no choice or claim asked first;
    from the third turn, once the opening moves are made)."""
    return (
        turn >= 2
        and has(page, "[data-testid=sd-use-privilege]")
        and not page.locator(f"{BOARD} [data-testid=sd-prompt]").get_attribute("data-choice")
        and not has(page, "[data-testid=sd-claim], [data-testid=sd-pass]")
    )


def play_from_board(page: Page, turn: int, done: Sequence[str] = ()) -> str:
    """One move by clicks on the board, chosen from what the board offers (``done``: the kinds
    of move made so far; a privilege and a blind reserve are made early, once each)."""
    unmapped = page.locator(BOARD).get_attribute("data-unmapped")
    assert unmapped == "0", f"turn {turn}: {unmapped} legal moves have no target on the board"
    choice = page.locator(f"{BOARD} [data-testid=sd-prompt]").get_attribute("data-choice")
    if choice:
        target = {
            "take-bonus": "[data-testid=sd-cell].is-target",
            "steal": "[data-testid=sd-steal]",
            "discard": "[data-testid=sd-discard]",
            "royal": "[data-testid=sd-royal]",
        }[choice]
        click(page, target)
        return choice
    for testid in ("sd-claim", "sd-pass"):
        if has(page, f"[data-testid={testid}]"):
            click(page, f"[data-testid={testid}]")
            return testid
    if "privilege" not in done and free_privilege(page, turn):
        click(page, "[data-testid=sd-use-privilege]")
        click(page, "[data-testid=sd-cell].is-target")
        return "privilege"
    if turn >= 1 and "reserve-deck" not in done and has(page, "[data-testid=sd-deck]"):
        return reserve(page, "[data-testid=sd-deck]", "reserve-deck")
    buyable = page.locator(f"{BOARD} .sd-card.playable.is-buyable")
    if buyable.count():
        # the card worth most, so the game ends sooner
        points = buyable.evaluate_all("els => els.map(e => Number(e.dataset.points || 0))")
        buyable.nth(points.index(max(points))).click()
        pop = f"{BOARD} [data-testid=sd-card-menu]"
        page.locator(f"{pop} [data-testid=sd-buy], {pop} [data-testid=sd-pay]").first.click()
        return "buy"
    if take_tokens(page):
        return "take"
    if has(page, "[data-testid=sd-card].playable, [data-testid=sd-deck]"):
        return reserve(page, "[data-testid=sd-card].playable, [data-testid=sd-deck]", "reserve")
    click(page, "[data-testid=sd-replenish]")
    return "replenish"


def reserve(page: Page, what: str, kind: str) -> str:
    click(page, what)
    golds = page.locator(f"{BOARD} [data-testid=sd-reserve]").get_attribute("data-golds")
    click(page, "[data-testid=sd-reserve]")
    if golds != "1":  # several golds: the board asks which, on the board
        click(page, "[data-testid=sd-cell].is-target")
    return kind


def boxes_inside(page: Page, size: ViewportSize) -> None:
    """Every part that matters lies inside the screen, the page at its top, and nothing
    scrolls sideways."""
    parts = [f"{BOARD} [data-testid={part}]" for part in PARTS]
    inside_screen(page, parts, size["width"], size["height"])
    no_sideways_scroll(page, size["width"])


def test_a_whole_game_against_the_easy_bot_by_clicks_on_the_board(
    browser: Browser, server: Server
) -> None:
    page, errors = open_table(browser, server, "fa", DESKTOP)
    kinds: list[str] = []
    turn = 0
    privileged = False  # a privilege was this seat's to use on a free turn (the deal decides)
    while my_turn(page):
        if turn == 4:
            screenshot(page, "splendor-board-fa-desktop")
            boxes_inside(page, DESKTOP)
            shown = page.locator(BOARD).inner_text()
            assert not re.search(r"[0-9]", shown), "ASCII digits on the Persian board"
        privileged = privileged or free_privilege(page, turn)
        kinds.append(play_from_board(page, turn, kinds))
        turn += 1
        assert turn < 200, "the game did not end"
    expect(page.get_by_test_id("result")).to_be_visible()
    assert not re.search(r"[0-9]", page.get_by_test_id("result-text").inner_text())
    assert {"take", "buy", "reserve-deck"} <= set(kinds), kinds
    assert "privilege" in kinds or not privileged, kinds
    assert page.get_by_test_id("log-line").count() > 10
    # The replay draws every frame; at the end every reserved card is shown.
    page.get_by_test_id("replay-link").click()
    page.wait_for_url(re.compile(r"/replay/"))
    page.get_by_test_id("replay-last").click()
    expect(page.get_by_test_id("sd-board")).to_be_visible()
    expect(page.get_by_test_id("sd-hidden-reserve")).to_have_count(0)
    page.get_by_test_id("replay-prev").click()
    expect(page.get_by_test_id("sd-board")).to_be_visible()
    assert not errors, errors
    page.context.close()


def test_the_table_fits_a_phone_and_a_touch_shows_before_it_acts(
    browser: Browser, server: Server
) -> None:
    for lang in ("en", "fa"):
        page, errors = open_table(browser, server, lang, PHONE, touch=True)
        for turn in range(3):
            assert my_turn(page)
            play_from_board(page, turn)
        assert my_turn(page)
        screenshot(page, f"splendor-board-{lang}-phone")
        boxes_inside(page, PHONE)
        # The first touch on the privilege shows it; the next on a token would play it.
        if has(page, "[data-testid=sd-use-privilege]"):
            page.locator(f"{BOARD} [data-testid=sd-use-privilege]").tap()
            cell = page.locator(f"{BOARD} [data-testid=sd-cell].is-target").first
            cell.tap()
            armed = page.locator(f"{BOARD} [data-testid=sd-cell].is-armed")
            expect(armed).to_have_count(1)
            expect(page.locator(f"{BOARD} [data-testid=sd-prompt-text]")).to_have_class(
                re.compile("is-armed")
            )
            screenshot(page, f"splendor-board-{lang}-phone-armed")
            page.locator(f"{BOARD} [data-testid=sd-clear]").tap()
        screenshot(page, f"splendor-board-{lang}-phone")
        assert not errors, errors
        page.context.close()
    page, errors = open_table(browser, server, "en", DESKTOP)
    assert my_turn(page)
    screenshot(page, "splendor-board-en-desktop")
    boxes_inside(page, DESKTOP)
    page.context.close()
