"""An accessibility audit of the pages with axe-core (WCAG 2.0, 2.1 and 2.2, levels A and AA),
in Persian and English, at desktop and phone sizes (each page audited at both: its window is
narrowed in place).

axe-core is the npm package ``tests/web/tools/package-lock.json`` pins (``scripts/test``
installs it); its script is put into each page once the page has drawn, and every rule of
those levels must pass: the home page and its lobby, each game's page and new-table form, the
Fantasy Realms scorer, a leaderboard, the sign-in and sign-up forms, a player's games, the
keyboard and screen-reader page, the page for a missing address, the replay of a finished
game and its analysis, a first game with its guide, and each game's table against a bot, a
few moves in and at its end.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Browser, Page

from tests.web import kit
from tests.web.conftest import SCREENSHOT_DIR, Server, new_context
from tests.web.kit import AXE, DESKTOP, MOVE, PHONE, RESULT, violations

GAMES = ("star-realms", "splendor-duel", "fantasy-realms", "war-of-the-ring")
PAGES = (
    "/",
    *(f"/games/{game}" for game in GAMES),
    *(f"/new/{game}" for game in GAMES),
    "/games/fantasy-realms/score",
    "/leaderboard/star-realms",
    "/login",
    "/signup",
    "/me",
    "/accessibility",
    *(f"/puzzles/{game}" for game in GAMES),
    "/puzzles?streak=1",
    "/tournaments",
    "/tournaments?new=1",
    "/no-such-page",
)


def audited(page: Page) -> list[str]:
    """The page's violations at desktop size, then at phone size (the same page, its window
    narrowed: the layout is the stylesheets' media queries), then back at desktop."""
    found = [f"desktop: {line}" for line in violations(page)]
    page.set_viewport_size(PHONE)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done(null)))")
    found += [f"phone: {line}" for line in violations(page)]
    page.set_viewport_size(DESKTOP)
    return found


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_every_page_passes_the_audit(browser: Browser, server: Server, lang: str) -> None:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: scripts/test installs it (npm ci in tests/web/tools)")
    context = new_context(browser, lang)
    try:
        page = context.new_page()
        page.set_viewport_size(DESKTOP)
        # A game to replay, ended by a concession; the page's language chosen on the way.
        kit.start_vs_bot(page, server, lang=lang if lang == "en" else None)
        page.get_by_test_id("concede").click()
        page.get_by_test_id("concede-yes").click()
        page.get_by_test_id("result").wait_for()
        page.get_by_test_id("replay-link").click()
        page.wait_for_url(re.compile(r"/replay/"))
        page.get_by_test_id("replay-slider").wait_for()
        found = {"replay": audited(page)}
        page.get_by_test_id("tab-analysis").click()
        page.get_by_test_id("analysis-pane").wait_for()
        found["analysis"] = audited(page)
        # The first game's guide: its callout over a table in play.
        page.goto(f"{server.url}/games/star-realms")
        page.get_by_test_id("learn-guided").click()
        page.get_by_test_id("guide-callout").wait_for()
        found["guided table"] = audited(page)
        for path in PAGES:
            page.goto(server.url + path)
            page.wait_for_load_state("networkidle")
            assert page.evaluate("document.documentElement.lang") == lang
            found[path] = audited(page)
        failed = {where: lines for where, lines in found.items() if lines}
        assert not failed, "\n".join(f"{w}:\n  " + "\n  ".join(ls) for w, ls in failed.items())
    finally:
        context.close()


def switch_language(page: Page, lang: str, ready: str) -> None:
    """The header's switch, then the page drawn again in ``lang`` (``ready`` shows it is)."""
    page.get_by_test_id("lang-switch").click()
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
    page.locator(ready).first.wait_for()


#: The board's buttons that have no box, or lie outside an ancestor that cuts off what
#: overflows it (overflow hidden or clip; a scrolling zone loses nothing).
OUT_OF_SIGHT = """() => [...document.querySelectorAll('[data-testid=board] button')].filter((b) => {
  const r = b.getBoundingClientRect();
  if (!r.width || !r.height) return true;
  for (let p = b.parentElement; p; p = p.parentElement) {
    const s = getComputedStyle(p);
    const cuts = [s.overflowX, s.overflowY].some((o) => o === 'hidden' || o === 'clip');
    if (!cuts) continue;
    const q = p.getBoundingClientRect();
    const outside = r.right < q.left + 1 || r.left > q.right - 1;
    if (outside || r.bottom < q.top + 1 || r.top > q.bottom - 1) return true;
  }
  return false;
}).map((b) => `${b.dataset.testid} ${(b.textContent || '').slice(0, 30)}`)"""


def text_doubled(page: Page) -> None:
    """The page with the reader's text size doubled (the browser's own setting, 32 px for its
    16: the page sizes its type in rem and its layouts in em) loses nothing: no sideways
    scroll, every control of the board has a box and none is cut off by its zone. Then back
    to the usual size."""
    browser_settings = page.context.new_cdp_session(page)
    browser_settings.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    try:
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done(null)))")
        assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "32px"
        kit.no_sideways_scroll(page, DESKTOP["width"], "the table at 200% text")
        lost = page.evaluate(OUT_OF_SIGHT)
        assert not lost, f"at 200% text, out of sight: {lost}"
        # The window's view, not the whole page's: a full-page capture sets the text size back.
        game = page.get_by_test_id("table").get_attribute("data-game")
        lang = page.evaluate("document.documentElement.lang")
        page.evaluate("window.scrollTo(0, 0)")
        SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOT_DIR / f"text-200-{game}-{lang}.png"))
    finally:
        browser_settings.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
        browser_settings.detach()


@pytest.mark.parametrize("game", GAMES)
def test_every_table_passes_the_audit_in_play_and_at_its_end(
    browser: Browser, server: Server, game: str
) -> None:
    """A table against the bot, in Persian then English, a few moves in (the board's cards and
    tokens are the page's buttons then, the log has lit lines) and once the game is over; in
    play, its text doubled too."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: scripts/test installs it (npm ci in tests/web/tools)")
    context = new_context(browser, "fa")
    board = f"[data-testid={kit.BOARDS[game]}]"
    try:
        page = context.new_page()
        page.set_viewport_size(DESKTOP)
        kit.start_vs_bot(page, server, game)
        # A few moves of the move list (the fallback the board mirrors), chosen by a seed.
        rng = random.Random(39)
        for _ in range(6):
            if not kit.wait_turn(page):
                break
            moves = page.locator(MOVE)
            moves.nth(rng.randrange(moves.count())).evaluate("button => button.click()")
        in_play = kit.wait_turn(page)
        found = {"in play, fa": audited(page)}
        switch_language(page, "en", board)
        kit.wait_turn(page)
        found["in play, en"] = audited(page)
        text_doubled(page)
        if in_play:
            page.get_by_test_id("concede").evaluate("button => button.click()")
            page.get_by_test_id("concede-yes").click()
        page.locator(RESULT).wait_for()
        found["over, en"] = audited(page)
        switch_language(page, "fa", RESULT)
        found["over, fa"] = audited(page)
        failed = {where: lines for where, lines in found.items() if lines}
        assert not failed, "\n".join(f"{w}:\n  " + "\n  ".join(ls) for w, ls in failed.items())
    finally:
        context.close()
