"""Fantasy Realms is a game of reading cards: every card on the table says what it does, in
short and in the reader's language, whole (never cut) on a 390×844 phone and at 1366×768, in
the hand and in the discard area; its whole text is one tap away (its "i": a sheet that works
by touch and by keys, and never plays the card), in the hand, the discard area and the score
table. The score table centres each number under its column's head, and an empty hand (the
two-player draft's start) waits for no score. The renderer is fed the engine's own views
(tests/web/test_fantasy_realms_board_e2e.py's probe); screenshots for people to look at."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from rumizi.games.fantasy_realms import GAME, texts, web
from rumizi.games.fantasy_realms.cards import CARDS, REPRINTS
from rumizi.games.fantasy_realms.engine import FantasyRealmsState
from tests.web.conftest import Server, new_context, screenshot
from tests.web.kit import inside_screen, no_sideways_scroll
from tests.web.test_fantasy_realms_board_e2e import PROBE, message, touch_phone

PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1366, "height": 768}
CSS_READY = (
    "() => { const l = document.getElementById('fantasy-realms-css'); return !!(l && l.sheet); }"
)
SHEET = "[data-testid=frt-details]"

# The renderer fed one position in the page's main part (so a screenshot shows the board
# alone); what it asks the table to do is kept in window.__acted.
DRAW = """async ({msg}) => {
  const { loadRenderer } = await import("/static/renderers.js");
  const { getCards } = await import("/static/api.js");
  const renderer = await loadRenderer("fantasy-realms");
  const cards = await getCards("fantasy-realms", document.documentElement.lang);
  let root = document.getElementById("probe-fr");
  if (!root) {
    root = document.createElement("div");
    root.id = "probe-fr";
    document.querySelector("main").replaceChildren(root);
  }
  window.__acted = null;
  const act = (a) => { window.__acted = a; return true; };
  renderer.render(root, msg, { act, cards, busy: false });
}"""

# Each card's effect on the table: its card, its size, its words, and how much of them the
# card cuts off (a few pixels are the last line's descent, not a word).
EFFECTS = """() => [...document.querySelectorAll('#probe-fr .frt-card')].map((c) => {
  const e = c.querySelector('.frt-effect');
  const card = c.getBoundingClientRect();
  const box = e ? e.getBoundingClientRect() : null;
  return { id: c.dataset.card, small: c.classList.contains('size-s'), text: e ? e.textContent : '',
    cut: e ? e.scrollHeight - e.clientHeight : 0,
    inside: !!box && box.left >= card.left - 0.5 && box.right <= card.right + 0.5
      && box.bottom <= card.bottom + 0.5 };
})"""


def window(browser: Browser, server: Server, lang: str, phone: bool) -> BrowserContext:
    """A touch phone (390×844) or a 1366×768 desktop, in ``lang``."""
    if phone:
        return touch_phone(browser, server, lang)
    context = new_context(browser, lang)
    context.add_cookies([{"name": "rumizi_lang", "value": lang, "url": server.url}])
    return context


def draw(page: Page, server: Server, msg: dict[str, Any]) -> None:
    """The renderer on a page of its own, fed ``msg``, its stylesheet in place."""
    if not page.url.startswith(server.url):
        page.goto(f"{server.url}/")
        page.wait_for_selector("main")
    page.evaluate(DRAW, {"msg": msg})
    page.wait_for_function(CSS_READY)


def every_card(hoard: bool) -> dict[str, Any]:
    """A made-up view that holds every card in the hand and again in the discard area."""
    ids = list(CARDS)
    view = {
        "players": 2,
        "you": 0,
        "turn": 3,
        "phase": "take",
        "options": {"suits": hoard},
        "deck": 10,
        "hands": [ids, 7],
        "area": ids,
        "items": {},
        "pending": {},
    }
    return {"version": 1, "seat": 0, "view": view, "legal": [], "seats": [], "to_act": [1]}


def test_every_card_has_a_short_effect_in_both_languages() -> None:
    assert set(texts.SHORT_EFFECTS) == set(CARDS)
    assert set(texts.SHORT_REPRINTS) == set(REPRINTS)
    for table in (texts.SHORT_EFFECTS, texts.SHORT_REPRINTS):
        for card, (en, fa) in table.items():
            assert en and fa, card
            assert not re.search(r"[0-9]", fa), (card, fa)  # Persian digits in Persian
            assert not re.search(r"[۰-۹\u0600-\u06ff]", en), (card, en)
            assert "\u200c" not in en and "  " not in en + fa, card
    for lang in ("fa", "en"):
        for entry in web.cards(lang):
            if entry["kind"] == "card":
                assert entry["short"] == texts.short_effect(entry["id"], lang)
                assert len(entry["short"]) < len(entry["text"]) + 5, entry["id"]
                if "hoard" in entry:
                    hoard = entry["hoard"]["short"]
                    assert hoard == texts.short_effect(entry["id"], lang, reprint=True)


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_every_card_shows_its_short_effect_whole_in_the_hand_and_the_discard_area(
    browser: Browser, server: Server, lang: str
) -> None:
    shorts = {c["id"]: c for c in web.cards(lang) if c["kind"] == "card"}
    for phone in (True, False):
        context = window(browser, server, lang, phone)
        page = context.new_page()
        page.set_viewport_size(PHONE if phone else DESKTOP)
        for hoard in (False, True):
            draw(page, server, every_card(hoard))
            found = page.evaluate(EFFECTS)
            assert len(found) == 2 * len(CARDS)
            where = f"{lang} {'phone' if phone else 'desktop'}{' hoard' if hoard else ''}"
            for card in found:
                data = shorts[card["id"]]
                want = data["hoard"]["short"] if hoard and "hoard" in data else data["short"]
                assert card["text"] == want, (where, card)
                assert card["cut"] <= 4, (where, card["id"], card["small"], card["cut"])
                assert card["inside"], (where, card)
        page.set_viewport_size(PHONE if phone else DESKTOP)
        screenshot(page, f"fantasy-realms-card-texts-{lang}-{'phone' if phone else 'desktop'}")
        context.close()


def discard_position() -> FantasyRealmsState:
    """Seat 0 has drawn: every hand card is a discard; the discard area takes nothing now."""
    s = GAME.new(seed=3, players=3, first=1)
    while not (s.to_act == 0 and s.phase == "take"):  # the others' turns fill the area
        s.apply(next(a for a in s.legal_actions() if a["do"] in ("draw", "discard")))
    s.apply({"do": "draw"})
    assert s.phase == "discard" and len(s.area) == 2
    return s


def sheet_fits(page: Page, size: ViewportSize) -> None:
    """The card's sheet lies inside the screen, as the page is now."""
    inside_screen(page, [SHEET], size["width"], size["height"], top=False)


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_a_card_s_whole_text_is_one_tap_away_and_never_plays_it(
    browser: Browser, server: Server, lang: str
) -> None:
    s = discard_position()
    msg = message(s, 0, lang)
    data = {c["id"]: c for c in web.cards(lang)}
    for phone in (True, False):
        size = PHONE if phone else DESKTOP
        context = window(browser, server, lang, phone)
        page = context.new_page()
        page.set_viewport_size(size)
        draw(page, server, msg)
        card = sorted(s.hands[0])[0]
        discard = page.locator(f"{PROBE} [data-testid=frt-discard][data-card='{card}']")
        expect(discard).to_have_count(1)  # touching the card itself discards it …
        info = page.locator(
            f"{PROBE} [data-testid=frt-my-hand] [data-testid=frt-info][data-card='{card}']"
        )
        if phone:
            info.tap()
        else:
            info.click()
        sheet = page.locator(SHEET)
        expect(sheet).to_be_visible()  # … its "i" shows the whole text and plays nothing
        expect(sheet).to_have_attribute("data-card", card)
        expect(sheet.locator(".frt-sheet-name")).to_have_text(data[card]["name"])
        expect(sheet.locator(".frt-sheet-text")).to_have_text(data[card]["text"])
        assert page.evaluate("window.__acted") is None
        sheet_fits(page, size)
        screenshot(page, f"fantasy-realms-details-{lang}-{'phone' if phone else 'desktop'}")
        page.locator("[data-testid=frt-details-close]").click()
        expect(sheet).to_have_count(0)
        assert page.evaluate("document.activeElement.dataset.testid") == "frt-info"
        assert page.evaluate("window.__acted") is None
        expect(discard).to_have_count(1)

        # by keys: Enter on a discard-area card's "i", Escape closes, the focus comes back
        taken = s.area[-1]
        area_info = page.locator(f"{PROBE} [data-testid=frt-area] [data-testid=frt-info]").last
        area_info.focus()
        page.keyboard.press("Enter")
        expect(sheet).to_have_attribute("data-card", taken)
        expect(sheet.locator(".frt-sheet-text")).to_have_text(data[taken]["text"])
        page.keyboard.press("Escape")
        expect(sheet).to_have_count(0)
        assert page.evaluate("document.activeElement.dataset.card") == taken
        # a card that makes no move now opens its text when touched
        area_card = page.locator(f"{PROBE} [data-testid=frt-area-card][data-card='{taken}']")
        if phone:
            area_card.tap()
        else:
            area_card.click()
        expect(sheet).to_have_attribute("data-card", taken)
        page.keyboard.press("Escape")
        assert page.evaluate("window.__acted") is None
        context.close()


def finished(players: int = 3, seed: int = 3) -> FantasyRealmsState:
    s = GAME.new(seed=seed, players=players, jester=True)
    r = random.Random(seed)
    while not s.over:
        s.apply(r.choice(s.legal_actions()))
    return s


CENTRES = """(root) => {
  const mid = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const b = range.getBoundingClientRect();
    return b.width ? { mid: (b.left + b.right) / 2, left: b.left, right: b.right } : null;
  };
  const out = [];
  for (const table of root.querySelectorAll('.frt-table')) {
    const heads = [...table.querySelectorAll('thead th')].map(mid);
    for (const row of table.querySelectorAll('tbody tr')) {
      [...row.children].forEach((td, i) => {
        const box = td.classList.contains('num') ? mid(td) : null;
        if (box && heads[i]) out.push({ col: i, text: td.textContent, num: box, head: heads[i] });
      });
    }
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_score_table_puts_each_number_under_its_column_s_head(
    browser: Browser, server: Server, lang: str
) -> None:
    s = finished()
    data = {c["id"]: c for c in web.cards(lang)}
    for phone in (False, True):
        size = PHONE if phone else DESKTOP
        context = window(browser, server, lang, phone)
        page = context.new_page()
        page.set_viewport_size(size)
        draw(page, server, message(s, 0, lang))
        expect(page.locator(f"{PROBE} [data-testid=frt-results]")).to_be_visible()
        # Measured once laid out (a loaded machine once measured the tables before they had
        # a box: no cell at all).
        page.wait_for_function(
            f"() => ({CENTRES})(document.querySelector({json.dumps(PROBE)})).length > 20"
        )
        cells = page.eval_on_selector(PROBE, CENTRES)
        for cell in cells:
            num, head = cell["num"], cell["head"]
            # the number's middle is its head's middle, and it lies within the head's words
            assert abs(num["mid"] - head["mid"]) <= 3, (lang, phone, cell)
            assert num["left"] < head["right"] and num["right"] > head["left"], cell
        no_sideways_scroll(page, size["width"])
        # each line says what its card does, and its name opens the whole text
        line = page.locator(f"{PROBE} [data-testid=frt-result-line]").first
        card = line.get_attribute("data-card") or ""
        expect(line.locator(".frt-row-effect")).to_have_text(data[card]["short"])
        line.locator("[data-testid=frt-info]").click()
        expect(page.locator(SHEET)).to_have_attribute("data-card", card)
        expect(page.locator(f"{SHEET} .frt-sheet-text")).to_have_text(data[card]["text"])
        page.keyboard.press("Escape")
        screenshot(page, f"fantasy-realms-scores-{lang}-{'phone' if phone else 'desktop'}")
        context.close()


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_an_empty_hand_in_the_two_player_draft_waits_for_no_score(
    browser: Browser, server: Server, lang: str
) -> None:
    s = GAME.new(seed=1, players=2, first=0)
    assert s.hands[0] == []
    context = window(browser, server, lang, True)
    page = context.new_page()
    draw(page, server, message(s, 0, lang))
    empty = page.locator(f"{PROBE} [data-testid=frt-empty-hand]")
    words = {"fa": "هنوز کارتی در دستتان نیست.", "en": "No cards in your hand yet."}
    expect(empty).to_have_text(words[lang])
    expect(page.locator(f"{PROBE} [data-testid=frt-live-total]")).to_have_count(0)
    mine = page.locator(f"{PROBE} [data-testid=frt-my-hand]")
    expect(mine).not_to_contain_text("در حال شمردن")
    expect(mine).not_to_contain_text("scoring")
    screenshot(page, f"fantasy-realms-draft-empty-{lang}-phone")
    # two cards drawn: the hand's score comes, and the words about an empty hand go
    s.apply({"do": "draw-two"})
    draw(page, server, message(s, 0, lang))
    expect(empty).to_have_count(0)
    live = page.locator(f"{PROBE} [data-testid=frt-live-total][data-ready=true]")
    expect(live).to_have_count(1)
    context.close()


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_a_cursed_item_s_whole_text_is_one_tap_away(
    browser: Browser, server: Server, lang: str
) -> None:
    s = GAME.new(seed=8, players=3, items=True, first=1)
    data = {c["id"]: c for c in web.cards(lang)}
    context = window(browser, server, lang, True)
    page = context.new_page()
    draw(page, server, message(s, 0, lang))
    chip = page.locator(f"{PROBE} [data-testid=frt-other-item]").first
    item = chip.get_attribute("data-item") or ""
    chip.tap()
    sheet = page.locator(SHEET)
    expect(sheet).to_have_attribute("data-card", item)
    expect(sheet.locator(".frt-sheet-name")).to_have_text(data[item]["name"])
    expect(sheet.locator(".frt-sheet-when")).to_contain_text(data[item]["timing"])
    expect(sheet.locator(".frt-sheet-text")).to_have_text(data[item]["text"])
    sheet_fits(page, PHONE)
    page.locator(SHEET).click(position={"x": 5, "y": -40})  # the dimmed page above it
    expect(sheet).to_have_count(0)
    assert page.evaluate("window.__acted") is None
    context.close()
