"""Puzzles in the browser: a Fantasy Realms puzzle answered on the board, right in Persian on a
desktop (a click on the card to discard), wrong in English on a touch phone (a first tap only
shows the move, the second makes it), each with the proven answer and why; then the next one."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from rumizi import puzzles
from rumizi.core.i18n import to_persian_digits
from rumizi.core.registry import game_module
from rumizi.games.fantasy_realms import GAME
from rumizi.games.fantasy_realms import puzzles as fr
from rumizi.games.fantasy_realms.texts import card_name
from tests.web.conftest import Server, new_context, screenshot
from tests.web.kit import no_sideways_scroll, violations, watch_errors
from tests.web.test_fantasy_realms_board_e2e import touch_phone

BOARD = "[data-testid=puzzle-page] [data-testid=frt-board]"


def card(page: Page, card_id: str) -> str:
    return f"{BOARD} [data-testid=frt-discard][data-card='{card_id}']"


def taken(card_id: str) -> str:
    """A card of the discard area to take."""
    return f"{BOARD} [data-testid=frt-take][data-card='{card_id}']"


def test_a_puzzle_is_answered_on_the_board_right_then_wrong(
    browser: Browser, server: Server
) -> None:
    p = puzzles.shipped("fantasy-realms")[0]
    best = p.solution[0]["card"]
    second = fr.discard_values(GAME.load(p.position))[1][0]["card"]

    # Persian, a desktop: the home page links the puzzles; a click on the right card
    context = new_context(browser, "fa")
    context.add_cookies([{"name": "rumizi_lang", "value": "fa", "url": server.url}])
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server.url}/")
    expect(page.get_by_test_id("puzzles-link")).to_have_attribute("href", "/puzzles")
    expect(page.get_by_test_id("home-streak-link")).to_have_attribute("href", "/puzzles?streak=1")
    daily = page.get_by_test_id("daily-puzzle-link")  # the day's puzzle, from the home page
    expect(daily).to_have_attribute("href", re.compile(r"^/puzzles/([a-z-]+)\?id=\1-"))
    page.goto(f"{server.url}/games/fantasy-realms")  # the game's page says how many
    link = page.get_by_test_id("game-puzzles-link")
    expect(link).to_have_attribute("href", "/puzzles/fantasy-realms")
    expect(link).to_have_text(
        f"معماها ({to_persian_digits(str(len(puzzles.shipped('fantasy-realms'))))})"
    )
    page.goto(f"{server.url}/puzzles/fantasy-realms?id={p.id}")
    expect(page.get_by_test_id("puzzle-question")).to_have_text(fr.question(p, "fa"))
    expect(page.get_by_test_id("puzzle-page")).to_have_attribute("data-puzzle", p.id)
    # only discards are offered: the board's every discard, and no other move
    expect(page.locator(f"{BOARD} [data-testid=frt-discard]")).to_have_count(
        len(p.position["hands"][p.seat])
    )
    screenshot(page, "puzzle-fa-desktop")
    expect(page.get_by_test_id("puzzle-rating")).to_have_text(
        re.compile(r"^درجهٔ سختی معما: [۰-۹]+$")
    )
    page.locator(card(page, best)).click()
    result = page.get_by_test_id("puzzle-result")
    expect(result).to_have_attribute("data-correct", "true")
    expect(result).to_have_text("درست است!")
    # a visitor plays as a guest: the first try is rated, and a solve raises the rating
    mine = page.get_by_test_id("puzzle-player-rating")
    expect(mine).to_have_attribute("data-rated", "true")
    expect(mine).to_contain_text(re.compile(r"امتیاز معمای شما: [۰-۹]+ \(\u2066\+[۰-۹]+\u2069\)"))
    verdict = page.get_by_test_id("puzzle-verdict")
    for line in fr.explain(p, "fa"):
        expect(verdict).to_contain_text(line)
    expect(page.get_by_test_id("puzzle-solution")).to_contain_text(card_name(best, "fa"))
    expect(page.locator(f"{BOARD} [data-testid=frt-discard]").first).to_be_disabled()
    # the board marks the answer, and nothing as missed
    expect(page.locator(card(page, best))).to_have_class(re.compile(r"\bis-puzzle-answer\b"))
    expect(page.locator(f"{BOARD} .is-puzzle-answer")).to_have_count(1)
    expect(page.locator(f"{BOARD} .is-puzzle-miss")).to_have_count(0)
    screenshot(page, "puzzle-fa-desktop-right")
    assert not violations(page)  # the axe audit, answered
    page.get_by_test_id("puzzle-next").click()
    expect(page.get_by_test_id("puzzle-page")).not_to_have_attribute("data-puzzle", p.id)
    expect(page.get_by_test_id("puzzle-verdict")).to_be_hidden()
    # "My games" keeps the try: solved, with the rating it left, and a link back to it
    page.goto(f"{server.url}/me")
    tried = page.get_by_test_id("my-puzzle")
    expect(tried).to_have_count(1)
    expect(tried).to_have_attribute("data-correct", "true")
    expect(tried.get_by_role("link")).to_have_attribute(
        "href", f"/puzzles/fantasy-realms?id={p.id}"
    )
    expect(page.get_by_test_id("my-puzzle-rating")).to_contain_text("۱ معما امتحان کرده")
    screenshot(page, "puzzle-fa-me")
    assert not violations(page)
    assert not errors, errors
    context.close()

    # English, a touch phone: the wrong card, tapped twice
    phone = touch_phone(browser, server, "en")
    page = phone.new_page()
    errors = watch_errors(page)
    page.goto(f"{server.url}/puzzles/fantasy-realms?id={p.id}")
    expect(page.get_by_test_id("puzzle-question")).to_have_text(fr.question(p, "en"))
    target = page.locator(card(page, second))
    target.tap()
    expect(page.get_by_test_id("puzzle-verdict")).to_be_hidden()  # a first tap only shows
    target.tap()
    result = page.get_by_test_id("puzzle-result")
    expect(result).to_have_attribute("data-correct", "false")
    # a miss lowers the new guest's rating from a newcomer's 1500
    missed = page.get_by_test_id("puzzle-player-rating")
    expect(missed).to_have_attribute("data-rated", "true")
    expect(missed).to_contain_text(re.compile(r"Your puzzle rating: 1[0-4]\d\d \(\u2212\d+\)"))
    expect(result).to_have_text("That was not the answer.")
    expect(page.get_by_test_id("puzzle-solution")).to_contain_text(card_name(best, "en"))
    expect(page.locator(card(page, best))).to_have_class(re.compile(r"\bis-puzzle-answer\b"))
    expect(page.locator(card(page, second))).to_have_class(re.compile(r"\bis-puzzle-miss\b"))
    outline = "e => getComputedStyle(e).outlineStyle + ' ' + getComputedStyle(e).outlineWidth"
    assert page.locator(card(page, best)).evaluate(outline) == "solid 3px"  # seen, not only named
    assert page.locator(card(page, second)).evaluate(outline) == "dashed 3px"
    for line in fr.explain(p, "en"):
        expect(page.get_by_test_id("puzzle-verdict")).to_contain_text(line)
    no_sideways_scroll(page, 390)
    screenshot(page, "puzzle-en-phone-wrong")
    assert not errors, errors
    phone.close()


def test_a_puzzle_that_does_not_exist_is_said_so_and_any_game_s_are_offered(
    browser: Browser, server: Server
) -> None:
    context = new_context(browser, "en")
    context.add_cookies([{"name": "rumizi_lang", "value": "en", "url": server.url}])
    page = context.new_page()
    page.goto(f"{server.url}/puzzles/fantasy-realms?id=fantasy-realms-0000000000")
    expect(page.locator("main")).to_contain_text("not found", ignore_case=True)
    page.goto(f"{server.url}/puzzles")  # every game's
    every = {p.id: p for g in puzzles.games_with_puzzles() for p in puzzles.shipped(g)}
    shown = page.get_by_test_id("puzzle-page")
    expect(shown).to_have_attribute("data-puzzle", re.compile("-[0-9a-f]{10}$"))
    p = every[shown.get_attribute("data-puzzle") or ""]
    question = game_module(p.game, "puzzles").question(p, "en")
    expect(page.get_by_test_id("puzzle-question")).to_have_text(question)
    context.close()


def test_a_streak_goes_on_while_puzzles_are_solved_and_ends_at_the_first_miss(
    browser: Browser, server: Server
) -> None:
    by_id = {p.id: p for p in puzzles.shipped("fantasy-realms")}
    context = new_context(browser, "en")
    context.add_cookies([{"name": "rumizi_lang", "value": "en", "url": server.url}])
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server.url}/puzzles/fantasy-realms")
    page.get_by_test_id("puzzle-streak-link").click()
    expect(page.get_by_test_id("puzzle-page")).to_have_attribute("data-mode", "streak")
    streak = page.get_by_test_id("puzzle-streak")
    expect(streak).to_have_text("Streak: 0")
    # every game's streak a touch away, this one marked as the page's
    others = page.get_by_test_id("puzzle-games")
    expect(others.get_by_role("link", name="Star Realms")).to_have_attribute(
        "href", "/puzzles/star-realms?streak=1"
    )
    expect(others.locator("[aria-current=page]")).to_have_text("Fantasy Realms")

    def shown() -> puzzles.Puzzle:
        expect(page.get_by_test_id("puzzle-verdict")).to_be_hidden()
        found = page.get_by_test_id("puzzle-page").get_attribute("data-puzzle")
        assert found in by_id
        return by_id[found]

    for solved in (1, 2):
        p = shown()
        for move in p.solution:  # a discard; or a take from the discard area, then a discard
            target = card(page, move["card"]) if move["do"] == "discard" else taken(move["card"])
            page.locator(target).click()
        expect(page.get_by_test_id("puzzle-result")).to_have_attribute("data-correct", "true")
        expect(streak).to_have_text(f"Streak: {solved}")
        expect(page.get_by_test_id("puzzle-player-rating")).to_have_count(0)  # not rated
        expect(page.get_by_test_id("puzzle-verdict")).not_to_contain_text("null")
        page.get_by_test_id("puzzle-next").click()
    p = shown()
    if p.kind == "best-take":  # drawing from the deck is never the answer
        page.locator(f"{BOARD} [data-testid=frt-deck]").click()
    else:
        wrong = fr.discard_values(GAME.load(p.position))[1][0]["card"]
        page.locator(card(page, wrong)).click()
    expect(page.get_by_test_id("puzzle-result")).to_have_attribute("data-correct", "false")
    expect(page.get_by_test_id("puzzle-streak-over")).to_have_text(
        "Streak over: you solved 2 in a row."
    )
    expect(page.get_by_test_id("puzzle-streak-best")).to_have_text("Your best: 2")
    screenshot(page, "puzzle-en-desktop-streak-over")
    next_one = page.get_by_test_id("puzzle-next")
    expect(next_one).to_have_text("New streak")
    next_one.click()
    expect(streak).to_have_text("Streak: 0")
    shown()
    assert not errors, errors
    context.close()


def test_a_take_puzzle_is_a_take_then_a_discard_and_a_draw_is_never_it(
    browser: Browser, server: Server
) -> None:
    p = next(q for q in puzzles.shipped("fantasy-realms") if q.kind == "best-take")
    take, discard = (move["card"] for move in p.solution)
    context = new_context(browser, "en")
    context.add_cookies([{"name": "rumizi_lang", "value": "en", "url": server.url}])
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server.url}/puzzles/fantasy-realms?id={p.id}")
    expect(page.get_by_test_id("puzzle-page")).to_have_attribute("data-kind", "best-take")
    expect(page.get_by_test_id("puzzle-question")).to_have_text(fr.question(p, "en"))
    page.locator(taken(take)).click()
    expect(page.get_by_test_id("puzzle-progress")).to_contain_text("1")
    page.locator(card(page, discard)).click()
    expect(page.get_by_test_id("puzzle-result")).to_have_attribute("data-correct", "true")
    for line in fr.explain(p, "en"):
        expect(page.get_by_test_id("puzzle-verdict")).to_contain_text(line)
    screenshot(page, "puzzle-fr-take-en-desktop-right")
    assert not errors, errors
    context.close()

    phone = touch_phone(browser, server, "fa")
    page = phone.new_page()
    errors = watch_errors(page)
    page.goto(f"{server.url}/puzzles/fantasy-realms?id={p.id}")
    expect(page.get_by_test_id("puzzle-question")).to_have_text(fr.question(p, "fa"))
    deck = page.locator(f"{BOARD} [data-testid=frt-deck]")
    deck.tap()
    deck.tap()  # the first tap shows the move, the second makes it
    expect(page.get_by_test_id("puzzle-result")).to_have_attribute("data-correct", "false")
    no_sideways_scroll(page, 390)
    screenshot(page, "puzzle-fr-take-fa-phone-wrong")
    assert not errors, errors
    phone.close()
