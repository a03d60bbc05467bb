"""Issue 39 by keyboard and by screen reader, a table of each game against the bot: a whole
game played on its board with the keyboard alone (Tab from zone to zone, the arrows within a
zone, Enter), every card and token of the board named as a sighted player reads it, with the
move it makes as its description, what the others do read out once, and the position summed
up on the key S."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, ElementHandle, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.web import kit
from tests.web.conftest import Server, new_context, screenshot
from tests.web.kit import DESKTOP, RESULT, TABLE, violations

GAMES = ("star-realms", "splendor-duel", "fantasy-realms", "war-of-the-ring")
#: A control of the board (not the page around it) that the keyboard can reach.
BOARD_CONTROL = "[data-testid=board] button:not([disabled]), [data-testid=board] [tabindex='0']"
#: What the summary says in each game (in English), whatever the position.
SUMMED_UP = {
    "star-realms": r"You: Authority -?\d+, Hand \d+",
    "splendor-duel": r"You: points \d+, crowns \d+, privileges \d+, tokens: .*bonus: ",
    "fantasy-realms": r"Your hand: \d+ cards.*Discard area: \d+ / \d+.*cards in the deck",
    "war-of-the-ring": r"Left flank: .*Centre: .*Right flank: .*Your hand: \d+",
}


def focused(page: Page) -> dict[str, Any]:
    """Where the focus is: in the board or not, on what, and whether a dialog is open."""
    found: dict[str, Any] = page.evaluate(
        """() => { const e = document.activeElement;
        return { inBoard: Boolean(e && e.closest('[data-testid=board]')),
                 tag: e && e.tagName, key: e && e.dataset.focusKey || null,
                 dialog: Boolean(document.querySelector('dialog[open]')) }; }"""
    )
    return found


def my_moves(page: Page) -> int:
    return page.locator("[data-testid=log-line]", has_text=re.compile(r"^You ")).count()


#: Whether the focus is on the target (``done``), or in the target's zone (the arrows go on
#: from there) or elsewhere (Tab goes on: one stop per zone).
WHERE_FOCUS_IS = """(target) => {
  const board = document.querySelector('[data-testid=board]');
  const zone = (e) => {
    const z = e && e.parentElement && e.parentElement.closest(
      '[role=group], [role=dialog], section[aria-label], section[aria-labelledby]');
    return z && board.contains(z) ? z : null;
  };
  const now = document.activeElement;
  if (!target.isConnected) return 'gone';
  if (now === target) return 'done';
  const walks = now && now.matches('button, [data-roving]');  // what the arrows move from
  return walks && zone(target) && zone(now) === zone(target) ? 'zone' : 'elsewhere';
}"""
#: One of the board's buttons a player may choose now, drawn with ``draw``: a move, or a step
#: of one (a token to pick, a card to place), never a card's "i"; a pass only when nothing
#: else is left (passing at once would end a War of the Ring game in a move). Null when there
#: is none.
PICK = """(draw) => {
  const all = [...document.querySelectorAll('[data-testid=board] button:not([disabled])')]
    .filter((b) => b.getClientRects().length && b.dataset.testid !== 'frt-info');
  const passes = all.filter((b) => /pass/.test(b.dataset.testid || ''));
  const some = all.length > passes.length ? all.filter((b) => !passes.includes(b)) : all;
  // A button that makes a whole move (it carries it) seven times in ten, when there is one:
  // a take or a purchase being built gets finished rather than dropped for another.
  const whole = some.filter((b) => b.dataset.action);
  const pool = whole.length && draw % 10 < 7 ? whole : some;
  return pool.length ? pool[Math.floor(draw / 10) % pool.length] : null;
}"""


def choose(page: Page, rng: random.Random) -> ElementHandle | None:
    """A button of the board drawn by lot (:data:`PICK`), or None."""
    return page.evaluate_handle(PICK, rng.randrange(1 << 30)).as_element()


#: Marks (``data-probed-zone``) a zone of the board with two buttons or more of its own, as
#: static/boardkeys.js reckons zones; false when there is none now.
PROBE_ZONE = """() => {
  const ZONE = '[role=group], [role=dialog], section[aria-label], section[aria-labelledby]';
  const zone = [...document.querySelectorAll(`[data-testid=board] :is(${ZONE})`)].find((z) =>
    [...z.querySelectorAll('[data-roving]')]
      .filter((b) => !b.disabled && b.parentElement.closest(ZONE) === z).length >= 2);
  if (zone) zone.dataset.probedZone = '';
  return Boolean(zone);
}"""

UNPROBE = """() => document.querySelectorAll('[data-probed-zone]')
  .forEach((z) => z.removeAttribute('data-probed-zone'))"""


def walk_a_zone(page: Page) -> bool:
    """If a zone of several buttons is on the board: it is one tab stop, and the arrows walk
    it (Right goes on, Left comes back, End and Home reach its ends). Whether one was."""
    if not page.evaluate(PROBE_ZONE):
        return False
    zone = page.locator("[data-probed-zone]")
    expect(zone.locator("[data-roving][tabindex='0']")).to_have_count(1)
    first = zone.locator("[data-roving]:enabled").first
    try:
        first.focus(timeout=5000)
    except PlaywrightTimeoutError:  # the board was drawn anew under the mark: walk later
        page.evaluate(UNPROBE)
        return False
    at_first = first.evaluate("e => e.outerHTML")
    now = "() => document.activeElement.outerHTML"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(now) != at_first
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(now) == at_first
    page.keyboard.press("End")
    page.keyboard.press("Home")
    assert page.evaluate(now) == at_first
    page.evaluate(UNPROBE)
    return True


def play_by_keyboard(page: Page, moves: int | None, seed: int = 39) -> tuple[int, bool]:
    """Our moves by the keyboard alone, until ``moves`` of ours are in the log (``None``: the
    game's end): a button of the board drawn by lot, reached with Tab (zone by zone) and the
    arrows (within its zone), then Enter. Returns how many moves of ours the log gained, and
    whether a zone of several buttons was walked with the arrows on the way (once)."""
    rng = random.Random(seed)
    start = my_moves(page)
    walked = False
    for _ in range(2000):
        if moves is not None and my_moves(page) - start >= moves:
            break
        if not kit.wait_turn(page):
            break
        page.wait_for_selector(TABLE)
        if focused(page)["dialog"]:
            page.keyboard.press("Escape")
            continue
        walked = walked or walk_a_zone(page)
        target = choose(page, rng)
        if target is None:
            continue
        for _ in range(120):
            where = page.evaluate(WHERE_FOCUS_IS, target)
            if where == "gone":  # drawn again meanwhile (a score came): draw another
                break
            if where == "done":
                page.keyboard.press("Enter")
                break
            page.keyboard.press("ArrowDown" if where == "zone" else "Tab")
        else:
            raise AssertionError(
                f"the keyboard never reached {target.evaluate('e => e.outerHTML')[:200]}"
            )
    return my_moves(page) - start, walked


@pytest.mark.parametrize("game", GAMES)
def test_a_table_is_played_by_keyboard_and_named_for_a_screen_reader(
    browser: Browser, server: Server, game: str
) -> None:
    context = new_context(browser, "en")
    try:
        page = context.new_page()
        page.set_viewport_size(DESKTOP)
        kit.start_vs_bot(page, server, game, lang="en")
        assert kit.wait_turn(page, state="attached")
        page.wait_for_selector(TABLE)

        # Every control of the board has a name; a card's or token's face is read as one line
        # (the drawn numbers and icons hidden), and what touching it does is its description.
        controls = page.locator(BOARD_CONTROL)
        assert controls.count() > 0
        named = page.eval_on_selector_all(
            BOARD_CONTROL,
            """els => els.map(e => ({ label: e.getAttribute('aria-label'),
                 text: e.innerText, spoken: e.querySelector(':scope > .sr-only')?.textContent,
                 described: e.getAttribute('aria-description'), action: e.dataset.action }))""",
        )
        faces = [c for c in named if c["spoken"]]
        assert faces, "no card or token speaks for itself"
        for control in named:
            assert control["label"] or (control["text"] or "").strip(), control
        for face in (c for c in faces if c["action"]):
            assert face["described"], f"{face['spoken']!r} says nothing of its move"
        first = page.locator(f"{BOARD_CONTROL}").filter(has=page.locator(":scope > .sr-only")).first
        spoken = first.locator(":scope > .sr-only").inner_text()
        expect(first).to_have_accessible_name(spoken)

        # A whole game by keyboard alone (a zone walked with the arrows on the way); the
        # bot's answers are read out once.
        made, walked = play_by_keyboard(page, None)
        expect(page.locator(RESULT)).to_be_visible()
        assert made >= 1, "no move made by keyboard"
        assert walked, "no zone of the board ever held two buttons"
        announced = page.get_by_test_id("announcer")
        expect(announced).not_to_be_empty()

        # S sums the position up, in the page's words, in a polite status line.
        page.locator("body").focus()
        page.keyboard.press("s")
        summary = page.get_by_test_id("summary-text")
        expect(summary).to_have_attribute("role", "status")
        expect(summary).to_have_text(re.compile(SUMMED_UP[game]))
        screenshot(page, f"keyboard-{game}-en-desktop")
    finally:
        context.close()


def test_escape_drops_a_take_being_built_and_keeps_the_focus_on_the_board(
    browser: Browser, server: Server
) -> None:
    """Splendor Duel's take is built token by token: Enter picks one, Escape drops the lot
    (the board's cancel button, pressed for the player) and the focus stays on the board."""
    context = new_context(browser, "en")
    try:
        page = context.new_page()
        page.set_viewport_size(DESKTOP)
        kit.start_vs_bot(page, server, "splendor-duel", lang="en")
        assert kit.wait_turn(page, state="attached")
        page.wait_for_selector(TABLE)
        # A token that starts a take of several (its move asks for more: "…").
        cell = page.locator("[data-testid=sd-cell][aria-description$='…']:not(.is-selected)").first
        cell.focus()
        page.keyboard.press("Enter")
        expect(page.locator("[data-testid=sd-cell].is-selected")).to_have_count(1)
        expect(page.locator("[data-cancel]")).to_be_visible()
        # The selected state keeps its contrast (and the rest of WCAG 2.2 AA) too.
        assert not violations(page)
        page.keyboard.press("Escape")
        expect(page.locator("[data-testid=sd-cell].is-selected")).to_have_count(0)
        expect(page.locator("[data-cancel]")).to_have_count(0)
        assert focused(page)["inBoard"], "the focus left the board"
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_keyboard_page_lists_the_keys_and_says_what_the_clocks_allow(
    browser: Browser, server: Server, lang: str
) -> None:
    context = new_context(browser, lang)
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        if lang == "en":
            page.get_by_test_id("lang-switch").click()
            page.wait_for_function("document.documentElement.lang === 'en'")
        page.get_by_test_id("a11y-link").click()
        page.wait_for_url(re.compile(r"/accessibility$"))
        article = page.get_by_test_id("accessibility")
        heading = {"fa": "بازی با صفحه\u200cکلید و صفحه\u200cخوان", "en": "Playing with a keyboard"}
        expect(article.get_by_role("heading", level=1)).to_contain_text(heading[lang])
        keys = article.get_by_test_id("a11y-keys").locator("th kbd")
        assert {"Tab", "Enter", "Esc", "S", "M", "Ctrl+Z"} <= set(keys.all_inner_texts())
        clock = {"fa": "یک روز برای هر حرکت", "en": "one day a move"}
        expect(article).to_contain_text(clock[lang])
        screenshot(page, f"accessibility-{lang}-desktop")
    finally:
        context.close()
