"""Fantasy Realms played from the board alone, in headless Chromium. First every shape of move
the engine makes, in every variant and module (random games: base, Cursed Items, the new
suits, the two-player draft, the chaos realms), drawn from the engine's own views: each legal
move has a target on the board (data-unmapped is 0) and touching targets makes a legal move
(the Staff of Transmutation's cards picked then confirmed, the Cauldron's top or bottom, the
Market Wagon's offers…). Then a whole game with two easy bots and the Cursed Items, made only
by clicks on the board, to the score screen; on a 390×844 touch phone the hand, the discard
area and the others fit the screen, and a first tap only shows what it would do."""

from __future__ import annotations

import random
import re
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

from rumizi.core.addons import Audience
from rumizi.games.fantasy_realms import GAME, web
from rumizi.games.fantasy_realms.engine import FantasyRealmsState
from tests.web.conftest import Server, box_of, new_context, screenshot
from tests.web.kit import inside_screen, no_sideways_scroll, wait_turn, watch_errors
from tests.web.test_fantasy_realms_table_e2e import new_table

BOARD = "[data-testid=table]:not(.is-busy) [data-testid=frt-board]"
PROBE = "#probe-fr [data-testid=frt-board]"

# The renderer fed one position; what it asks the table to do is kept in window.__acted.
DRAW = """async ({msg}) => {
  const { loadRenderer } = await import("/static/renderers.js");
  const { getCards } = await import("/static/api.js");
  window.__fr = window.__fr || { renderer: await loadRenderer("fantasy-realms"),
    cards: await getCards("fantasy-realms", document.documentElement.lang) };
  let root = document.getElementById("probe-fr");
  if (!root) {
    root = document.createElement("div");
    root.id = "probe-fr";
    document.body.append(root);
  }
  window.__acted = null;
  window.__fr.renderer.render(root, msg, { act: (a) => { window.__acted = a; return true; },
    cards: window.__fr.cards, busy: false });
  return root.querySelector("[data-testid=frt-board]").dataset.unmapped;
}"""

# One touch of the board: the move being built first (confirm, else a card to pick), else a
# target at random (an item's use more often, so that they happen; always, with ``wantUse``).
# Its testid and focus key come back (the key finds it again should the board be drawn anew
# before the click), and whether an item's use was among the targets.
CHOOSE = """([sel, rnd, wantUse]) => {
  const b = document.querySelector(sel);
  if (!b) return null;
  const all = (s) => [...b.querySelectorAll(s)].filter((e) => !e.disabled);
  let t = null;
  let offered = false;
  if (b.querySelector("[data-testid=frt-pickbar]")) {
    t = all("[data-testid=frt-confirm]")[0] || all("[data-testid=frt-pick][aria-pressed=false]")[0]
      || all("[data-testid=frt-cancel]")[0];
  } else {
    const steps = all("button[data-action], [data-testid=frt-use-pick], [data-testid=frt-use-more],"
      + " [data-testid=frt-offer-card], [data-testid=frt-answer]")
      .filter((e) => e.dataset.testid !== "frt-drop");
    const uses = steps.filter((e) => e.dataset.testid.startsWith("frt-use"));
    offered = uses.length > 0;
    const pool = uses.length && (wantUse || rnd < 0.6) ? uses : steps;
    t = pool[Math.floor(rnd * 7919) % pool.length];
  }
  return t ? [t.dataset.testid, t.dataset.focusKey, offered] : null;
}"""

CONFIGS: list[dict[str, Any]] = [
    {"players": 3, "items": True},
    {"players": 4, "items": True, "suits": True},
    {"players": 2, "variant": "two-player", "items": True},
    {"players": 2, "items": True, "suits": True, "jester": True},
    {"players": 3, "variant": "chaos", "timer": 60},
]


def shape(a: dict[str, Any]) -> tuple[Any, ...]:
    return (a["do"], a.get("item"), tuple(sorted(k for k in a if k not in ("do", "item"))))


def actors(s: FantasyRealmsState) -> list[int]:
    if s.phase == "trade":
        return [q for q in range(s.num_players) if s.legal_actions_for(q)]
    return [] if s.to_act is None else [s.to_act]


def positions(seeds: int) -> list[tuple[FantasyRealmsState, int]]:
    """Random games' positions, one for each (phase, shape of move) not seen before."""
    seen: set[tuple[str, tuple[Any, ...]]] = set()
    out = []
    for seed in range(seeds):
        for cfg in CONFIGS:
            s = GAME.new(seed=seed, **cfg)
            r = random.Random(seed)
            while not s.over:
                who = actors(s)
                if not who:
                    s.apply({"do": "ring"})  # the trading's time ran out
                    continue
                seat = r.choice(who)
                acts = s.legal_actions_for(seat)
                new = {(s.phase, shape(a)) for a in acts} - seen
                if new:
                    seen |= new
                    out.append((s.clone(), seat))
                s.apply(r.choice(acts))
    return out


def message(s: FantasyRealmsState, seat: int, lang: str) -> dict[str, Any]:
    view = s.view(seat)
    names = tuple("" for _ in range(s.num_players))
    audience = Audience(lang=lang, seat=seat, names=names, options={"players": s.num_players})
    legal = [
        {"action": a, "label": web.action_label(view, a, audience)}
        for a in s.legal_actions_for(seat)
    ]
    seats = [{"seat": q, "name": "ربات" if q != seat else "من"} for q in range(s.num_players)]
    return {
        "version": 1,
        "seat": seat,
        "view": view,
        "legal": legal,
        "seats": seats,
        "to_act": actors(s),
    }


def touch(
    page: Page, sel: str, r: random.Random, quick: bool = False, want_use: bool = False
) -> tuple[str, bool] | None:
    """One touch of the board, and whether an item's use was offered (``quick``: the
    element's own click, for the many positions; ``want_use``: an item's use whenever the
    board offers one)."""
    found: tuple[str, str, bool] | None = page.evaluate(CHOOSE, [sel, r.random(), want_use])
    if found is None:
        return None
    testid, key, offered = found
    target = page.locator(f'{sel} [data-testid="{testid}"][data-focus-key="{key}"]')
    if quick:
        target.evaluate("e => e.click()")
    else:
        target.click()
    return testid, offered


def check_positions(page: Page, server: Server) -> int:
    page.goto(f"{server.url}/")
    page.wait_for_selector("main")
    r = random.Random(5)
    done = 0
    for s, seat in positions(10):
        msg = message(s, seat, "fa")
        legal = [m["action"] for m in msg["legal"]]
        assert page.evaluate(DRAW, {"msg": msg}) == "0", (s.phase, legal)
        for _ in range(12):  # touches until one makes a move
            assert touch(page, PROBE, r, quick=True), (s.phase, legal)
            acted = page.evaluate("window.__acted")
            if acted is not None:
                break
        assert acted in legal, (s.phase, acted)
        done += 1
    return done


def fits(page: Page, width: int, height: int) -> None:
    """The hand, the discard area and the others inside the screen; no sideways scroll. On a
    phone the table's head at the top of the screen, as the page opens it there."""
    page.add_style_tag(content=".moves-panel { display: none !important; }")
    if width <= 600:
        page.get_by_test_id("table").evaluate("e => e.scrollIntoView({ block: 'start' })")
    parts = [f"{BOARD} [data-testid={t}]" for t in ("frt-my-hand", "frt-area", "frt-others")]
    for part in parts:
        expect(page.locator(part)).to_be_visible()
    inside_screen(page, parts, width, height, slack=1, top=False)
    no_sideways_scroll(page, width)


def touch_phone(browser: Browser, server: Server, lang: str) -> BrowserContext:
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
        locale="fa-IR" if lang == "fa" else "en-US",
        bypass_csp=True,
    )
    context.add_init_script("try { localStorage.setItem('rumizi.pace', 'instant'); } catch {}")
    context.add_cookies([{"name": "rumizi_lang", "value": lang, "url": server.url}])
    return context


def test_every_move_is_made_on_the_board_and_a_whole_game_is_played_there(
    browser: Browser, server: Server
) -> None:
    context = new_context(browser, "fa")
    context.set_default_timeout(30_000)
    page = context.new_page()
    errors = watch_errors(page)
    assert check_positions(page, server) > 40

    # a whole game, clicks on the board only, with Cursed Items
    page.set_viewport_size({"width": 1366, "height": 768})
    new_table(page, server, 3, {"items": "true"})
    r = random.Random(11)
    turns = 0
    touched: list[str] = []
    picked = False
    offered = used = False  # an item's use was on the board (the deal decides), and made
    sized = False
    while wait_turn(page):
        expect(page.locator(BOARD)).to_have_attribute("data-unmapped", "0")
        # A plain turn fits the screen (not one where an item's own choice is open, the
        # Cauldron's or the Market Wagon's: its cards and buttons come first, the rest below).
        if turns >= 2 and not sized and not page.locator(f"{BOARD} .frt-search").count():
            sized = True
            page.set_viewport_size({"width": 390, "height": 844})
            screenshot(page, "fantasy-realms-board-fa-phone")
            fits(page, 390, 844)
            page.set_viewport_size({"width": 1366, "height": 768})
            screenshot(page, "fantasy-realms-board-fa-desktop")
            fits(page, 1366, 768)
        if (
            not picked
            and page.locator(f"{BOARD} [data-testid=frt-pick][aria-pressed=true]").count()
        ):
            screenshot(page, "fantasy-realms-board-fa-desktop-pick")  # cards picked for an item
            picked = True
        found = touch(page, BOARD, r, want_use=not used)
        assert found, "no target on the board"
        testid, offers = found
        offered = offered or offers
        used = used or testid in ("frt-use", "frt-use-pick")  # "Use…" only unfolds the ways
        touched.append(testid)
        turns += 1
        assert turns < 600, "the game did not end"
    expect(page.get_by_test_id("frt-results")).to_be_visible()
    expect(page.get_by_test_id("frt-result")).to_have_count(3)
    assert sized, "no plain turn to measure"
    # The first use the board offered was made (a random deal may bring no usable item).
    assert used or not offered, touched
    screenshot(page, "fantasy-realms-board-fa-desktop-result")
    assert not errors, errors
    context.close()

    # a touch phone, in English: the board fits, a first tap shows, a second draws
    phone = touch_phone(browser, server, "en")
    page = phone.new_page()
    errors = watch_errors(page)
    new_table(page, server, 3, {"items": "true"})
    assert wait_turn(page)
    # the table opens at the top of the screen, the site's header a scroll up away
    assert page.evaluate("window.scrollY") > 0
    assert abs(box_of(page.get_by_test_id("table"))["y"]) <= 1
    deck = page.locator(f"{BOARD} [data-testid=frt-deck]")
    deck.tap()
    expect(deck).to_have_class(re.compile(r"\bis-armed\b"))
    expect(page.get_by_test_id("frt-prompt")).to_contain_text("tap again")
    expect(page.locator(BOARD)).to_have_attribute("data-phase", "take")
    page.locator(f"{BOARD} [data-testid=frt-deck]").tap()
    expect(page.locator(BOARD)).to_have_attribute("data-phase", "discard")
    fits(page, 390, 844)
    screenshot(page, "fantasy-realms-board-en-phone")
    page.set_viewport_size({"width": 1366, "height": 768})
    fits(page, 1366, 768)
    screenshot(page, "fantasy-realms-board-en-desktop")
    assert not errors, errors
    phone.close()


def lantern_position() -> FantasyRealmsState:
    """Seat 0's second turn with Lantern face up: ten ways to use it, one per suit it names."""
    doc = GAME.new(seed=3, players=3, items=True, first=0).export()
    items = doc["items"]
    items["deck"][items["deck"].index("lantern")] = items["up"][0]
    items["up"][0] = "lantern"
    s = GAME.load(doc)
    while s.to_act != 0 or not any(a["do"] == "use" for a in s.legal_actions()):
        s.apply(next(a for a in s.legal_actions() if a["do"] in ("draw", "discard", "end-turn")))
    return s


def test_an_item_with_many_ways_shows_them_once_touched(browser: Browser, server: Server) -> None:
    s = lantern_position()
    ways = [a for a in s.legal_actions() if a["do"] == "use"]
    assert len(ways) > 4
    for lang in ("fa", "en"):
        context = new_context(browser, lang, phone=True)
        context.add_cookies([{"name": "rumizi_lang", "value": lang, "url": server.url}])
        page = context.new_page()
        page.goto(f"{server.url}/")
        page.wait_for_selector("main")
        assert page.evaluate(DRAW, {"msg": message(s, 0, lang)}) == "0"  # every move mapped
        more = page.locator(f"{PROBE} [data-testid=frt-use-more]")
        expect(more).to_have_count(1)
        expect(more).to_have_text("Use…" if lang == "en" else "استفاده…")
        assert page.locator(f"{PROBE} [data-testid=frt-use]").count() == 0
        screenshot(page, f"fantasy-realms-lantern-{lang}-phone")
        more.click()
        buttons = page.locator(f"{PROBE} [data-testid=frt-use]")
        expect(buttons).to_have_count(len(ways))
        page.locator(f"{PROBE} [data-testid=frt-use-less]").click()  # and folded again
        expect(buttons).to_have_count(0)
        more.click()
        buttons.nth(3).click()
        assert page.evaluate("window.__acted") in ways
        context.close()


def after_discard_position() -> FantasyRealmsState:
    """Seat 0's first discard made with the Shovel face up: the Shovel may still send that card
    under the deck (the seed: an any-time item, after the discard too), or the turn ends."""
    doc = GAME.new(seed=3, players=3, items=True, first=0).export()
    items = doc["items"]
    items["deck"][items["deck"].index("shovel")] = items["up"][0]
    items["up"][0] = "shovel"
    s = GAME.load(doc)
    s.apply({"do": "draw"})
    s.apply({"do": "discard", "card": s.hands[0][0]})
    assert s.phase == "after"
    return s


def test_after_the_discard_the_item_waits_beside_end_turn(browser: Browser, server: Server) -> None:
    s = after_discard_position()
    prompts = {
        "fa": "کارت سوخت؛ هنوز می‌توانید از آیتمتان استفاده کنید، یا نوبت را تمام کنید.",
        "en": "Your discard is made; you may still use your item, or end your turn.",
    }
    for lang in ("fa", "en"):
        context = new_context(browser, lang)
        context.add_cookies([{"name": "rumizi_lang", "value": lang, "url": server.url}])
        page = context.new_page()
        page.goto(f"{server.url}/")
        page.wait_for_selector("main")
        assert page.evaluate(DRAW, {"msg": message(s, 0, lang)}) == "0"  # every move mapped
        expect(page.locator(f"{PROBE} [data-testid=frt-prompt]")).to_have_text(prompts[lang])
        expect(page.locator(f"{PROBE} [data-testid=frt-use-pick]")).to_have_count(1)
        expect(page.locator(f"{PROBE} [data-testid=frt-drop]")).to_have_count(1)
        end = page.locator(f"{PROBE} [data-testid=frt-end-turn]")
        expect(end).to_have_text("End turn" if lang == "en" else "پایان نوبت")
        screenshot(page, f"fantasy-realms-after-discard-{lang}-desktop")
        end.click()
        assert page.evaluate("window.__acted") == {"do": "end-turn"}
        context.close()
