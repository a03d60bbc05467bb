"""Fantasy Realms at the table, end to end in headless Chromium: a guest and three bots play a
whole game by touching cards (the deck, the discard area, the hand), with the live score of the
hand shown as it changes, to the score screen and its replay; and the two-player draft, in
English on a phone. Screenshots (desktop and phone, Persian and English) for people to see."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from rumizi.games.fantasy_realms import web
from rumizi.games.fantasy_realms.rules import rules
from tests.web.conftest import (
    Server,
    box_of,
    close_drawer,
    from_move_list,
    new_context,
    screenshot,
)
from tests.web.kit import (
    MOVE,
    TABLE,
    legal,
    no_sideways_scroll,
    start_vs_bot,
    wait_turn,
    watch_errors,
)

GAME = "fantasy-realms"


def new_table(page: Page, server: Server, players: int, options: dict[str, str]) -> None:
    """The new-table form: ``players`` seats (you and easy bots) and the given options."""
    page.goto(f"{server.url}/new/{GAME}")
    for name, value in options.items():
        page.get_by_test_id(f"option-{name}").select_option(value)
    page.get_by_test_id("players-select").select_option(str(players))
    page.get_by_test_id("create-table").click()
    page.get_by_test_id("go-table").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+"))
    page.get_by_test_id("frt-board").wait_for()


def live_total(page: Page) -> int:
    """The hand's live score once the scorer has answered (Persian digits read back)."""
    box = page.locator("[data-testid=frt-live-total][data-ready=true]")
    box.wait_for(timeout=15_000)
    text = box.locator("b").inner_text().strip()
    latin = text.translate(str.maketrans("۰۱۲۳۴۵۶۷۸۹−", "0123456789-"))
    return int(latin)


def play_by_board(page: Page, turn: int = 0) -> str:
    """One move by touching the board; the move list only for what the board does not show."""
    close_drawer(page)  # left open when a move from it ended a turn
    actions = legal(page)
    kinds = {a["do"] for a in actions}
    if "end-turn" in kinds:  # the discard is made: the item still usable is left for later
        page.locator(f"{TABLE} [data-testid=frt-end-turn]").click()
        return "end-turn"
    if "discard" in kinds or "shed" in kinds:
        # the card whose line adds least to the hand (its live line), else the first
        lines = page.eval_on_selector_all(
            f"{TABLE} [data-testid=frt-my-hand] [data-testid=frt-line]",
            "els => els.map(e => [e.dataset.card, Number(e.dataset.total)])",
        )
        worth = dict(lines)
        targets = page.locator(f"{TABLE} [data-testid=frt-discard]")
        if targets.count():
            ids = targets.evaluate_all("els => els.map(e => e.dataset.card)")
            card = min(ids, key=lambda c: worth.get(c, 0))
            page.locator(f"{TABLE} [data-testid=frt-discard][data-card='{card}']").click()
            return "discard"
    takes = page.locator(f"{TABLE} [data-testid=frt-take]")
    deck = page.locator(f"{TABLE} [data-testid=frt-deck]")
    if takes.count() and turn % 4 == 3:  # now and then, the newest card of the discard area
        takes.last.click()
        return "take"
    if deck.count():
        deck.click()
        return "draw"
    if takes.count():
        takes.last.click()
        return "take"
    off_board = page.locator(f"{MOVE}:not(.move-on-board)")
    from_move_list(page, off_board.first if off_board.count() else page.locator(MOVE).first)
    return "list"


def no_ascii_digits(text: str) -> bool:
    return not re.search(r"[0-9]", text)


def test_four_players_play_to_the_score_screen_by_touching_cards(
    browser: Browser, server: Server
) -> None:
    context = new_context(browser, "fa")
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors = watch_errors(page)
    page.set_viewport_size({"width": 1366, "height": 768})
    new_table(page, server, 4, {"items": "true"})
    kinds: list[str] = []
    checked = False
    shot = False
    while wait_turn(page):
        if not checked and page.locator(f"{TABLE} [data-testid=frt-discard]").count():
            # after the draw: eight cards, each with its line, and a total that is their sum
            total = live_total(page)
            lines = page.locator("[data-testid=frt-my-hand] [data-testid=frt-line]")
            expect(lines).to_have_count(8)
            values = lines.evaluate_all("els => els.map(e => Number(e.dataset.total))")
            items = page.locator("[data-testid=frt-my-down]").count()
            assert items or total == sum(values), (total, values)
            # the hand is on screen without scrolling, at 1366×768
            box = box_of(page.get_by_test_id("frt-my-hand"))
            assert box["y"] + 120 < 768, box
            checked = True
        if not shot and len(kinds) >= 6:
            screenshot(page, "fantasy-realms-fa-desktop")
            assert no_ascii_digits(page.get_by_test_id("frt-board").inner_text())
            shot = True
        kinds.append(play_by_board(page, len(kinds)))
        assert len(kinds) < 400, "the game did not end"
    assert checked and "discard" in kinds and "draw" in kinds, kinds
    expect(page.get_by_test_id("frt-results")).to_be_visible()
    expect(page.get_by_test_id("frt-result")).to_have_count(4)
    assert page.get_by_test_id("frt-result-line").count() >= 28
    text = page.get_by_test_id("result-text").inner_text()
    assert "برنده" in text and no_ascii_digits(text), text
    screenshot(page, "fantasy-realms-fa-desktop-result")
    # the replay draws every frame; its last frame is the score screen
    page.get_by_test_id("replay-link").click()
    page.wait_for_url(re.compile(r"/replay/"))
    page.get_by_test_id("replay-last").click()
    expect(page.get_by_test_id("frt-results")).to_be_visible()
    page.get_by_test_id("replay-prev").click()
    expect(page.get_by_test_id("frt-board")).to_be_visible()
    assert not errors, errors
    context.close()


def test_two_players_draft_then_play_on_a_phone_in_english(
    browser: Browser, server: Server
) -> None:
    context = new_context(browser, "en", phone=True)
    context.set_default_timeout(60_000)
    context.add_cookies([{"name": "rumizi_lang", "value": "en", "url": server.url}])
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server.url}/games/{GAME}")
    page.get_by_test_id("rules-section").first.wait_for()
    screenshot(page, "fantasy-realms-game-page-en-phone")
    page.get_by_test_id("play-now").click()  # you and the easy bot: the two-player draft
    page.wait_for_url(re.compile(r"/t/[\w-]+"))
    page.get_by_test_id("frt-board").wait_for()
    assert wait_turn(page)
    first = legal(page)
    assert {"do": "draw-two"} in first, first
    page.get_by_test_id("frt-deck").click()  # draw two …
    assert wait_turn(page)
    drawn = page.locator(f"{TABLE} [data-testid=frt-discard]")
    expect(drawn).to_have_count(2)  # … and discard one of those two
    screenshot(page, "fantasy-realms-en-phone-draft")
    drawn.first.click()
    moves = 1
    shot = False
    while wait_turn(page):
        hand = page.locator("[data-testid=frt-my-hand] [data-testid=frt-line]").count()
        if not shot and hand >= 7 and page.locator(f"{TABLE} [data-testid=frt-discard]").count():
            live_total(page)
            no_sideways_scroll(page, 400)
            box = box_of(page.get_by_test_id("frt-my-hand"))
            assert box["y"] < 844, box
            screenshot(page, "fantasy-realms-en-phone")
            shot = True
        play_by_board(page, moves)
        moves += 1
        assert moves < 400, "the game did not end"
    assert shot
    expect(page.get_by_test_id("frt-result")).to_have_count(2)
    assert re.search(r"won|share", page.get_by_test_id("result-text").inner_text())
    screenshot(page, "fantasy-realms-en-phone-result")
    assert not errors, errors
    context.close()


def test_the_game_page_lists_every_card_and_item_with_the_rules(page: Page, server: Server) -> None:
    errors = watch_errors(page)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{server.url}/games/{GAME}")
    expect(page.get_by_test_id("rules-section")).to_have_count(len(rules("fa")))
    expect(page.get_by_test_id("gallery-card")).to_have_count(len(web.cards("fa")))
    assert no_ascii_digits(page.get_by_test_id("rules").inner_text())
    screenshot(page, "fantasy-realms-game-page-fa-desktop")
    assert not errors, errors


def test_persian_phone_and_english_desktop_layouts(browser: Browser, server: Server) -> None:
    for lang, phone in (("fa", True), ("en", False)):
        context = new_context(browser, lang, phone=phone)
        context.add_cookies([{"name": "rumizi_lang", "value": lang, "url": server.url}])
        try:
            page = context.new_page()
            if not phone:
                page.set_viewport_size({"width": 1366, "height": 768})
            errors = watch_errors(page)
            new_table(page, server, 3, {"items": "true", "suits": "true"})
            for _ in range(5):
                if not wait_turn(page):
                    break
                play_by_board(page)
            assert wait_turn(page)
            live_total(page)
            name = f"fantasy-realms-{lang}-{'phone' if phone else 'desktop'}-items"
            no_sideways_scroll(page, 400 if phone else 1366, name)
            box = box_of(page.get_by_test_id("frt-my-hand"))
            assert box["y"] < (844 if phone else 768), box
            expect(page.get_by_test_id("frt-my-item")).to_have_count(1)
            screenshot(page, name)
            assert not errors, errors
        finally:
            context.close()


def test_a_player_who_concedes_loses_and_is_ranked_last_with_the_word_said(
    browser: Browser, server: Server
) -> None:
    """The table's Concede works in Fantasy Realms too (it once answered with an error): the
    bot, the one player left in, wins at once, and the end screen ranks and marks the one who
    conceded."""
    context = new_context(browser, "en")
    try:
        page = context.new_page()
        errors = watch_errors(page)
        start_vs_bot(page, server, GAME, lang="en")
        wait_turn(page)
        page.get_by_test_id("concede").evaluate("button => button.click()")
        page.get_by_test_id("concede-yes").click()
        expect(page.get_by_test_id("result")).to_be_visible()
        results = page.locator("[data-testid=frt-result]")
        expect(results).to_have_count(2)
        expect(results.first).to_have_class(re.compile(r"\bis-winner\b"))
        expect(results.last).to_have_attribute("data-player", "0")
        expect(results.last.get_by_test_id("frt-conceded")).to_have_text("conceded")
        expect(page.get_by_test_id("log")).to_contain_text("You conceded.")
        assert not errors, errors
    finally:
        context.close()
