"""War of the Ring end to end in headless Chromium: a guest plays a whole game against the easy
bot by clicks on the drawn board (a hand card then a zone, events and their payment, the
rewards and the choices events open), in Persian and English, on a desktop and on a phone;
screenshots for people to see."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.web.conftest import Server, box_of, new_context, screenshot
from tests.web.kit import (
    DESKTOP,
    PHONE,
    TABLE,
    inside_screen,
    legal,
    no_sideways_scroll,
    start_vs_bot,
    wait_turn,
    watch_errors,
)

GAME = "war-of-the-ring"
BOARD = f"{TABLE} [data-testid=wr-board]"
WINDOW: ViewportSize = {"width": 1280, "height": 860}  # the conftest's desktop window
PLACES = ("left", "centre", "right")  # the battle zones


def zone(page: Page, name: str) -> Any:
    return page.locator(f"{BOARD} [data-testid=wr-zone][data-zone={name}]")


def hand_card(page: Page, card: str) -> Any:
    return page.locator(f"{BOARD} [data-testid=wr-hand-card][data-card='{card}']").first


def play_by_board(page: Page, step: int) -> str:
    """One step made by clicking the board; the move list is never needed."""
    actions = legal(page)
    by: dict[str, list[dict[str, Any]]] = {}
    for a in actions:
        by.setdefault(a["do"], []).append(a)
    prompt = page.locator(f"{BOARD} [data-testid=wr-prompt]")
    choice = prompt.get_attribute("data-choice") if prompt.count() else ""
    if choice == "pay":
        card = by["pay"][0]["card"]
        page.locator(f"{BOARD} [data-testid=wr-pay][data-card='{card}']").first.click()
        return "pay"
    if choice == "recover":
        card = by["recover"][0]["card"]
        page.locator(f"{BOARD} [data-testid=wr-recover][data-card='{card}']").first.click()
        return "recover"
    if choice in ("boost", "peek"):
        zone(page, by[choice][0]["zone"]).click()
        return choice
    if choice == "move":
        move = by["move"][0]
        zone(page, move["from"]).click()
        expect(zone(page, move["from"])).to_have_class(re.compile("is-selected"))
        zone(page, move["to"]).click()
        return "move"
    if choice == "centre":
        if "event" in by:
            card = by["event"][0]["card"]
            page.locator(f"{BOARD} [data-testid=wr-free-event][data-card='{card}']").first.click()
            return "free-event"
        page.locator(f"{BOARD} [data-testid=wr-decline]").click()
        return "decline"
    if choice == "flank":
        page.locator(f"{BOARD} [data-testid=wr-activate]").click()
        return "activate"
    # Planning: now and then an event, else a card into a zone, else pass.
    if "event" in by and step % 4 == 1:
        card = by["event"][0]["card"]
        hand_card(page, card).click()
        page.locator(f"{BOARD} [data-testid=wr-event]").click()
        return "event"
    mine = page.locator(f"{BOARD} [data-testid=wr-stack][data-seat]").evaluate_all(
        "els => els.filter(e => e.classList.contains('is-mine'))"
        ".reduce((s, e) => s + Number(e.dataset.count), 0)"
    )
    if "place" in by and mine < 5:
        place = by["place"][step % len(by["place"])]
        hand_card(page, place["card"]).click()
        expect(hand_card(page, place["card"])).to_have_attribute("aria-pressed", "true")
        zone(page, place["zone"]).click()
        return "place"
    page.locator(f"{BOARD} [data-testid=wr-pass]").click()
    return "pass"


def fits_the_screen(page: Page, size: ViewportSize, name: str) -> None:
    """With the move list out of the way (a closed drawer), the prompt, both players, the
    zones and the hand lie inside the screen, the page at its top; a screenshot ``name``."""
    hide = page.add_style_tag(content=".moves-panel { display: none !important; }")
    parts = [f"{BOARD} [data-testid={p}]" for p in ("wr-prompt", "wr-field", "wr-hand")]
    parts += [f"{BOARD} section[data-player='{seat}']" for seat in (0, 1)]
    inside_screen(page, parts, size["width"], size["height"], shot=name)
    screenshot(page, name)
    hide.evaluate("e => e.remove()")


def test_a_guest_plays_a_whole_game_by_clicks_on_the_board(page: Page, server: Server) -> None:
    errors = watch_errors(page)
    page.goto(f"{server.url}/games/{GAME}")
    page.get_by_test_id("rules-section").first.wait_for()
    expect(page.get_by_test_id("gallery-card")).to_have_count(30)
    screenshot(page, "wotr-game-page-fa")
    start_vs_bot(page, server, GAME)
    kinds: list[str] = []
    step = 0
    reported = False
    rounds = 1
    while wait_turn(page):
        kinds.append(play_by_board(page, step))
        step += 1
        rounds = max(rounds, int(page.get_by_test_id("wr-board").get_attribute("data-round") or 1))
        report = page.locator(f"{BOARD} [data-testid=wr-battle-report]")
        if not reported and wait_turn(page) and report.count():
            # the round's battles, zone by zone, after the cleanup emptied the zones
            reported = True
            expect(report.locator("[data-testid=wr-report-zone]")).to_have_count(3)
            assert not re.search(r"[0-9]", report.inner_text()), "ASCII digits in the report"
            screenshot(page, "wotr-fa-desktop-battle")
        if step == 6 and wait_turn(page):
            screenshot(page, "wotr-fa-desktop")
            shown = page.get_by_test_id("wr-board").inner_text()
            assert not re.search(r"[0-9]", shown), "ASCII digits on the Persian board"
        assert step < 400, "the game did not end"
    expect(page.get_by_test_id("result")).to_be_visible()
    text = page.get_by_test_id("result-text").inner_text().strip()
    assert re.search("برد", text), text
    assert not re.search(r"[0-9]", text), text
    assert "place" in kinds and "pass" in kinds, kinds
    # a game that a sweep ended in its first battle never shows the board a report
    assert reported or rounds == 1, "no battle report was shown"
    assert page.get_by_test_id("log-line").count() > 10
    screenshot(page, "wotr-fa-desktop-result")
    # The replay draws every frame; at the end every card is shown face up.
    page.get_by_test_id("replay-link").click()
    page.wait_for_url(re.compile(r"/replay/"))
    page.get_by_test_id("replay-last").click()
    expect(page.get_by_test_id("wr-board")).to_be_visible()
    expect(page.locator("[data-testid=wr-board] [data-testid=wr-back]")).to_have_count(0)
    page.get_by_test_id("replay-prev").click()
    expect(page.get_by_test_id("wr-board")).to_be_visible()
    assert not errors, errors


def test_english_desktop_and_phone_layouts(browser: Browser, server: Server) -> None:
    for lang, phone in (("en", False), ("en", True), ("fa", True)):
        context = new_context(browser, lang, phone=phone)
        context.add_cookies([{"name": "rumizi_lang", "value": lang, "url": server.url}])
        try:
            page = context.new_page()
            errors = watch_errors(page)
            start_vs_bot(page, server, GAME)
            if wait_turn(page):
                screen = PHONE if phone else DESKTOP
                page.set_viewport_size(screen)
                where = "phone" if phone else "desktop"
                fits_the_screen(page, screen, f"wotr-{lang}-{where}-board")
                page.set_viewport_size(PHONE if phone else WINDOW)
            # Play until a round's battles are over and their report is on the board.
            report = page.locator(f"{BOARD} [data-testid=wr-battle-report]")
            for step in range(60):
                if not wait_turn(page) or (step >= 4 and report.count()):
                    break
                play_by_board(page, step * 2)
            playing = wait_turn(page)  # a sweep may end the game in its first battle
            name = f"wotr-{lang}-{'phone' if phone else 'desktop'}"
            no_sideways_scroll(page, 400 if phone else 1280, name)
            # A selected hand card lights up the zones it may go to; cancel clears it.
            places = [a for a in legal(page) if a["do"] == "place"] if playing else []
            if places:
                hand_card(page, places[0]["card"]).click()
                expect(page.locator(f"{BOARD} .wr-zone.is-target").first).to_be_visible()
            screenshot(page, name)
            if places:
                page.locator(f"{BOARD} [data-testid=wr-cancel]").click()
                expect(page.locator(f"{BOARD} .wr-zone.is-target")).to_have_count(0)
            assert not errors, errors
        finally:
            context.close()


def test_a_card_chosen_on_a_phone_leaves_the_zones_and_the_hand_on_screen(
    browser: Browser, server: Server
) -> None:
    """Tapping a hand card brings its event's words and buttons (play its event, cancel,
    pass) into the head; they wrap below the prompt instead of squeezing it into a column of
    single words, so the three zones and the hand stay on a 390×844 screen to place it."""
    screen = PHONE
    for lang in ("fa", "en"):
        context = browser.new_context(
            viewport=screen,
            has_touch=True,
            is_mobile=True,
            locale="fa-IR" if lang == "fa" else "en-US",
            bypass_csp=True,
        )
        context.add_init_script("try { localStorage.setItem('rumizi.pace', 'instant'); } catch {}")
        context.add_cookies([{"name": "rumizi_lang", "value": lang, "url": server.url}])
        try:
            page = context.new_page()
            errors = watch_errors(page)
            start_vs_bot(page, server, GAME)
            assert wait_turn(page)
            places = [a for a in legal(page) if a["do"] == "place"]
            assert places, legal(page)
            card = hand_card(page, places[0]["card"])
            card.tap()
            expect(card).to_have_attribute("aria-pressed", "true")
            expect(page.locator(f"{BOARD} .wr-zone.is-target").first).to_be_visible()
            prompt = box_of(page.locator(f"{BOARD} [data-testid=wr-prompt]"))
            assert prompt["width"] >= screen["width"] / 2, prompt  # a prompt, not a column
            parts = [f"{BOARD} [data-testid=wr-zone][data-zone={z}]" for z in PLACES]
            parts += [f"{BOARD} [data-testid=wr-hand]", f"{BOARD} [data-testid=wr-prompt]"]
            inside_screen(page, parts, screen["width"], screen["height"], top=False)
            screenshot(page, f"wotr-{lang}-phone-placing")
            # and the card goes where the zone is tapped, with no scrolling
            target = places[0]["zone"]
            zone(page, target).tap()
            mine = zone(page, target).locator("[data-testid=wr-stack].is-mine")
            expect(mine).to_have_attribute("data-count", re.compile(r"^[1-9]"))
            assert not errors, errors
        finally:
            context.close()
